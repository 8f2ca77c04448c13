package campaign

import (
	"fmt"
	"sort"

	"bfbot/internal/cite"
	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// The optional morale check of 004 lines 167–237 and the raid objectives
// of lines 240–292. Morale is checked at the trigger points of line 181
// (MoraleTriggers) with d100 + 50 (30 for mercenaries) ± modifiers
// (lines 183–195), read on the morale table (lines 214–237).

// MoraleModifier is one modifier to a morale score, with its source line.
type MoraleModifier struct {
	Name  string
	Value int
	Line  int
}

// MoraleResult is a morale check: the roll, the score and what each of
// the side's counters on the map does.
type MoraleResult struct {
	Side      string
	Roll      int
	Base      int
	Modifiers []MoraleModifier
	Score     int
	Line      int // the table row's line in 004
	// Units: each counter's result, by unit ID.
	Units map[string]MoraleLevel
}

// Opposing-force bands (004 line 187), by the enemy's strength over the
// side's (in units of 1/100; ruling ST13): below 25 trivial, below 50
// minor, below 80 lesser, up to 125 equal, up to 150 slightly stronger,
// up to 300 much stronger, beyond overwhelming.
var opposingBands = []struct {
	Below int
	Name  string
	Value int
}{
	{25, "trivial opposition", 40},
	{50, "minor opposition", 20},
	{80, "lesser opposition", 10},
	{126, "approximately equal opposition", 0},
	{151, "slightly stronger opposition", -5},
	{301, "much stronger opposition", -15},
	{maxRoll, "overwhelming opposition", -30},
}

// Casualty bands (004 line 187), by the share of damage steps lost since
// the battle began (in percent): none, light below 25, moderate below
// 50, serious below 75, heavy from 75 (ruling ST13).
var casualtyBands = []struct {
	Below int
	Name  string
	Value int
}{
	{1, "none", 20},
	{25, "light", 10},
	{50, "moderate", 0},
	{75, "serious", -10},
	{maxRoll, "heavy", -25},
}

// strength is a side's fighting strength in s: the damage steps its
// counters on the map (or still to come) have left, and those it started
// with.
func strength(s *referee.State, side string) (left, start int) {
	for _, u := range s.Units {
		if u.Side != side || u.Status == referee.Withdrawn {
			continue
		}
		steps := u.Class.Info().Steps
		begun := u.Step
		if s.Campaign != nil {
			if n, ok := s.Campaign.StartSteps[u.ID]; ok {
				begun = n
			}
		}
		start += steps - begun
		if u.Status == referee.Active || u.Status == referee.Reserve {
			left += steps - u.Step
		}
	}
	return left, start
}

// casualtyPercent is the share of its starting steps side has lost.
func casualtyPercent(s *referee.State, side string) int {
	left, start := strength(s, side)
	if start == 0 {
		return 0
	}
	return 100 * (start - left) / start
}

// MoraleModifiers computes the modifiers of 004 lines 185–193 that the
// battle shows: opposing forces, casualties taken and inflicted, elite
// forces, and clearly winning or losing on victory points. The caller
// adds what only the campaign knows (prepared positions, propaganda,
// first battle of the campaign) as extra modifiers to MoraleCheck.
func MoraleModifiers(s *referee.State, side string) []MoraleModifier {
	var out []MoraleModifier
	own, _ := strength(s, side)
	enemy := 0
	for _, sd := range s.Sides {
		if sd.ID != side {
			n, _ := strength(s, sd.ID)
			enemy += n
		}
	}
	ratio := maxRoll
	if own > 0 {
		ratio = 100 * enemy / own
	}
	for _, b := range opposingBands {
		if ratio < b.Below {
			if b.Value != 0 {
				out = append(out, MoraleModifier{b.Name, b.Value, 187})
			}
			break
		}
	}
	band := func(p int) (string, int) {
		for _, b := range casualtyBands {
			if p < b.Below {
				return b.Name, b.Value
			}
		}
		return "", 0
	}
	if name, v := band(casualtyPercent(s, side)); v != 0 {
		out = append(out, MoraleModifier{"casualties taken: " + name, v, 187})
	}
	worst := 0
	for _, sd := range s.Sides {
		if sd.ID != side {
			worst = max(worst, casualtyPercent(s, sd.ID))
		}
	}
	if name, v := band(worst); v != 0 {
		out = append(out, MoraleModifier{"casualties inflicted: " + name, -v, 189})
	}
	elite, n := true, 0
	for _, u := range s.Units {
		if u.Side == side && u.Status.OnMap() {
			n++
			elite = elite && (u.Experience == referee.Veteran || u.Experience == referee.Elite)
		}
	}
	if n > 0 && elite {
		out = append(out, MoraleModifier{"elite or highly experienced forces", 15, 193})
	}
	if o := s.Outcome(); o.Winner == side {
		out = append(out, MoraleModifier{"clearly winning", 30, 193})
	} else if o.Winner != "" {
		out = append(out, MoraleModifier{"clearly losing", -20, 193})
	}
	return out
}

// MoraleTriggers names the trigger points of 004 line 181 that battle
// now has reached for side; startMechs says whether the side began the
// battle with 'Mech lances (BattleMorale keeps it, so that no copy of
// the starting state is needed). The battle code checks at the end of
// each game turn and rolls once per trigger and side in a battle (ruling
// MR1), so a trigger is a condition that holds from then on: the first
// shock (some side has lost damage steps), the side's last 'Mech lance
// gone, and the side below half strength unless the enemy has lost a
// third.
func MoraleTriggers(now *referee.State, side string, startMechs bool) []string {
	var out []string
	for _, sd := range now.Sides {
		if casualtyPercent(now, sd.ID) > 0 {
			out = append(out, "the first shock of battle")
			break
		}
	}
	if startMechs && moraleMechs(now, side) == 0 {
		out = append(out, "its last major units are gone")
	}
	if casualtyPercent(now, side) > 50 {
		enemyThird := false
		for _, sd := range now.Sides {
			if sd.ID != side && 3*casualtyPercent(now, sd.ID) >= 100 {
				enemyThird = true
			}
		}
		if !enemyThird {
			out = append(out, "reduced below half strength")
		}
	}
	return out
}

// moraleMechs counts side's 'Mech lances still in the battle: on the map
// or still to come.
func moraleMechs(s *referee.State, side string) int {
	n := 0
	for _, u := range s.Units {
		if u.Side == side && u.Class.Kind() == referee.KindMech && (u.Status == referee.Active || u.Status == referee.Reserve) {
			n++
		}
	}
	return n
}

// MoraleCheck rolls side's morale in battle s (004 line 214): d100 + 50
// (30 for mercenaries) + the battle's modifiers + extra, read on the
// morale table for each of the side's counters on the map.
func MoraleCheck(s *referee.State, side string, mercenary bool, extra []MoraleModifier, d *dice.Dice) (MoraleResult, []Event, error) {
	if s.Side(side) == nil {
		return MoraleResult{}, nil, fmt.Errorf("morale check: the battle has no side %q", side)
	}
	res := MoraleResult{Side: side, Base: MoraleBase, Units: map[string]MoraleLevel{}}
	if mercenary {
		res.Base = MoraleBaseMercenary
	}
	roll, err := rollD100(d, "morale of "+side)
	if err != nil {
		return MoraleResult{}, nil, err
	}
	res.Roll = roll
	res.Modifiers = append(MoraleModifiers(s, side), extra...)
	res.Score = roll + res.Base
	for _, m := range res.Modifiers {
		res.Score += m.Value
	}
	row := moraleRowFor(res.Score)
	res.Line = row.Line
	var ids []string
	for _, u := range s.Units {
		if u.Side == side && u.Status.OnMap() {
			res.Units[u.ID] = row.Result[moraleClassOf(u.Class)]
			ids = append(ids, u.ID)
		}
	}
	sort.Strings(ids)
	text := fmt.Sprintf("morale of %s: roll %d + %d", side, roll, res.Base)
	for _, m := range res.Modifiers {
		text += fmt.Sprintf(" %+d (%s)", m.Value, m.Name)
	}
	text += fmt.Sprintf(" = %d (%s):", res.Score, cite.Setup(row.Line))
	for _, id := range ids {
		text += fmt.Sprintf(" %s %s;", id, res.Units[id])
	}
	return res, []Event{{Step: "battle", Type: "morale", Side: side, Text: text}}, nil
}

// moraleRowFor returns the morale table row for a score.
func moraleRowFor(score int) moraleRow {
	for _, r := range moraleTable {
		if score >= r.Lo {
			return r
		}
	}
	return moraleTable[len(moraleTable)-1]
}

// RaidObjective rolls a raid's objective on 2D6 (004 lines 244–256): the
// common list for raids on a side's worlds, the requested list for raids
// made for an ally; placed on the strategic map as an objective (ruling
// ST14).
func RaidObjective(d *dice.Dice, requested bool) (mapgen.Objective, error) {
	n, err := rollND6(d, "raid objective", 2)
	if err != nil {
		return mapgen.Objective{}, err
	}
	row := raidTable[n]
	name := row.Common
	if requested {
		name = row.Requested
	}
	kind, ok := raidKinds[name]
	if !ok {
		kind = mapgen.Installation
	}
	vp := RaidVP
	switch name {
	case "Acquisition, Major", "Retaliatory/Destruction", "Planetary Assault", "Preemptive Strike", "Supporting an Uprising", "Support an Uprising":
		vp = RaidMajorVP
	}
	return mapgen.Objective{Kind: kind, Name: name, VP: vp}, nil
}
