package campaign

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Rolling 004's battle setup tables at a contact (ruling R11): weather,
// scouting for a side with recon nearby, the defensive advantage of a
// side in a prepared position, and the availability of each air lance.
// RollSetupTables only rolls and decides; SetupResult.Apply
// (setup_apply.go) carries the result into the battle.

// The dice source throws d6s only, and the tables want d10s, d20s and
// d12s (ruling ST1): a d10 is one d6 for the half (1–3 low, 4–6 high)
// and one d6 rerolled on a 6 for 1–5, so each of the ten faces has
// chance 1/10 exactly; d100 is a tens d10 and a units d10 (00 read as
// 100); a d20 is a d6 for the half and a d10; a d12 a d6 for the half and
// a d6. No face is favoured, and each roll is logged die by die.

// rollD10 throws a d10 (1–10).
func rollD10(d *dice.Dice, purpose string) (int, error) {
	half, err := d.D6(purpose + " (d10 half)")
	if err != nil {
		return 0, err
	}
	for {
		n, err := d.D6(purpose + " (d10 face)")
		if err != nil {
			return 0, err
		}
		if n == 6 {
			continue // rejected: five faces a half keeps the d10 fair
		}
		if half >= 4 {
			n += 5
		}
		return n, nil
	}
}

// rollD100 throws percentile dice (1–100).
func rollD100(d *dice.Dice, purpose string) (int, error) {
	tens, err := rollD10(d, purpose+": tens")
	if err != nil {
		return 0, err
	}
	units, err := rollD10(d, purpose+": units")
	if err != nil {
		return 0, err
	}
	return (tens-1)*10 + units, nil
}

// rollHalf throws a d6 for which half of a bigger die: 0 or 1.
func rollHalf(d *dice.Dice, purpose string) (int, error) {
	n, err := d.D6(purpose + " (half)")
	if err != nil {
		return 0, err
	}
	if n >= 4 {
		return 1, nil
	}
	return 0, nil
}

// rollD20 throws a d20 (1–20).
func rollD20(d *dice.Dice, purpose string) (int, error) {
	h, err := rollHalf(d, purpose)
	if err != nil {
		return 0, err
	}
	n, err := rollD10(d, purpose)
	return h*10 + n, err
}

// rollD12 throws a d12 (1–12).
func rollD12(d *dice.Dice, purpose string) (int, error) {
	h, err := rollHalf(d, purpose)
	if err != nil {
		return 0, err
	}
	n, err := d.D6(purpose)
	return h*6 + n, err
}

// rollND6 throws n d6 and adds them.
func rollND6(d *dice.Dice, purpose string, n int) (int, error) {
	r, err := d.Roll(purpose, n)
	if err != nil {
		return 0, err
	}
	t := 0
	for _, f := range r.Faces {
		t += f
	}
	return t, nil
}

// SetupUnit is what the setup tables need of one counter in the battle.
type SetupUnit struct {
	ID    string
	Class referee.Class
	MP    int
	// Cost (R8) orders the bot's choices of which counters a side loses.
	Cost int
	// Bombs: an air lance carrying a bomb load; Hidden: hidden infantry
	// placed in secret from a prepared position; Drop: a lance of a
	// battlegroup that dropped into the sector, coming down from orbit
	// (ruling DR21).
	Bombs, Hidden, Drop bool
}

// SetupSide is one side at the contact.
type SetupSide struct {
	ID string
	// Name is the regiment's name, for the text people read.
	Name string
	// Recon is the number of its recon battlegroups in or next to the
	// sector (0: it does not scout).
	Recon int
	// Prepared: it holds a prepared position there, and is the defender.
	Prepared bool
	Units    []SetupUnit
}

// SetupInput is a contact as the setup tables see it.
type SetupInput struct {
	Sector int
	Sides  [2]SetupSide
	// Mercenary sides take the lower morale base (004 line 183).
	Mercenary map[string]bool
}

// ScoutingReport is one side's scouting result.
type ScoutingReport struct {
	Roll, Total int
	Line        int
	Text        string
	// Advantages kept (after the enemy's negations), in the order gained.
	Advantages []Advantage
	// Negated: this side's advantages the enemy cancelled.
	Negated []Advantage
}

// SetupResult is what 004's tables gave a contact. The battle engineer
// applies it to the battle with Apply; the campaign posts the events.
type SetupResult struct {
	Sector  int
	Weather referee.Weather
	Night   bool
	// Modifier is each side's modifier on its other setup tables
	// (scouting, 004 lines 24–37, 58, 78).
	Modifier map[string]int
	// AirModifier: the aerospace availability advantage (line 42).
	AirModifier map[string]int
	Scouting    map[string]*ScoutingReport
	// Defense is the prepared side's defensive advantages.
	Defense []Defense
	// AirArrival: per air lance, the game turn it enters (1: at the
	// start, 0: not at all; 004 lines 87–100).
	AirArrival map[string]int
	// BombsSpent: air lances whose bomb load is already used (lines 90–91).
	BombsSpent map[string]bool
	// Arrival: ground counters that enter late, by game turn (delayed
	// arrival, line 124).
	Arrival map[string]int
	// Absent: counters kept out of the battle, with the reason (halved
	// infantry or air, diversion, wildlife, limiting terrain).
	Absent map[string]string
	// Refusal: sides that may decline the battle during game turn 1
	// (right of refusal line 70, the storm line 15, the average report's
	// withdrawal line 27).
	Refusal map[string]bool
	// KnowClasses: sides that learn every enemy counter's class at the
	// start (detailed count, line 50).
	KnowClasses map[string]bool
	// Revealed: hidden infantry the enemy's detailed survey found (line
	// 52); ClearMines: sides whose mines the enemy's survey found.
	Revealed   map[string]bool
	ClearMines map[string]bool
	// Mines: mines (5 attack points each) each side lays in secret.
	Mines map[string]int
	// Installations: hardened building hexes for the defender (line 130).
	Installations int
	// PriorSetup: the defender deploys anywhere, its infantry hidden
	// (line 145); Fortified: natural fortifications (line 143).
	PriorSetup, Fortified bool
	// Morale: each side's modifier to its morale checks (propaganda).
	Morale map[string]int
	// Defender is the side in the prepared position ("" for none).
	Defender string
	// Notes are the results only a referee can settle (R11).
	Notes []string
}

// setupRoller carries the rolling.
type setupRoller struct {
	in     SetupInput
	d      *dice.Dice
	r      SetupResult
	events []Event
	// wreck: the hardened buildings sabotage wrecks of each side's
	// installations, before the defensive advantage builds them.
	wreck map[string]int
}

func (sr *setupRoller) log(audience []string, side, format string, a ...any) {
	sr.events = append(sr.events, Event{Step: "contact", Type: "setup", Audience: audience, Side: side, Sector: sr.in.Sector,
		Text: fmt.Sprintf(format, a...)})
}

func (sr *setupRoller) note(format string, a ...any) {
	text := fmt.Sprintf(format, a...)
	sr.r.Notes = append(sr.r.Notes, text)
	sr.events = append(sr.events, Event{Step: "contact", Type: "referee-note", Audience: []string{RefereeAudience}, Sector: sr.in.Sector, Text: text})
}

// RefereeAudience is the pseudo side ID that addresses an event to the
// campaign's referee role; no side may take it (ruling SE3).
const RefereeAudience = referee.RefereeAudience

// RollSetupTables rolls 004's battle setup tables for a contact and
// returns the result and the events: every roll and result public, what
// a side's scouts learn secret to that side, and what needs a judge as a
// "referee-note" addressed to RefereeAudience.
func RollSetupTables(in SetupInput, d *dice.Dice) (SetupResult, []Event, error) {
	if in.Sides[0].ID == "" || in.Sides[1].ID == "" || in.Sides[0].ID == in.Sides[1].ID {
		return SetupResult{}, nil, fmt.Errorf("setup tables: two different sides needed, got %q and %q", in.Sides[0].ID, in.Sides[1].ID)
	}
	if in.Sides[0].Prepared && in.Sides[1].Prepared {
		return SetupResult{}, nil, fmt.Errorf("setup tables: both %s and %s hold prepared positions; at most one defends", in.Sides[0].ID, in.Sides[1].ID)
	}
	sr := &setupRoller{in: in, d: d, wreck: map[string]int{}, r: SetupResult{
		Sector: in.Sector, Modifier: map[string]int{}, AirModifier: map[string]int{}, Scouting: map[string]*ScoutingReport{},
		AirArrival: map[string]int{}, BombsSpent: map[string]bool{}, Arrival: map[string]int{},
		Absent: map[string]string{}, Refusal: map[string]bool{}, KnowClasses: map[string]bool{},
		Revealed: map[string]bool{}, ClearMines: map[string]bool{}, Mines: map[string]int{}, Morale: map[string]int{},
	}}
	for _, s := range in.Sides {
		if s.Prepared {
			sr.r.Defender = s.ID
		}
	}
	// Scouting and its negations come before the defensive advantage
	// roll, so that a defender's surviving headquarters raid or superior
	// information adds its +20 to that roll (004 lines 58, 78, 115; ruling
	// ST7); the defence's own negations then cancel attacker advantages
	// before any is carried out.
	steps := []func() error{sr.weather, sr.scouting, sr.negations, sr.defense, sr.scoutingEffects, sr.defenseEffects, sr.aerospace}
	for _, step := range steps {
		if err := step(); err != nil {
			return SetupResult{}, nil, err
		}
	}
	return sr.r, sr.events, nil
}

// name is the name people read for side id (SetupSide.Name).
func (sr *setupRoller) name(id string) string {
	for _, s := range sr.in.Sides {
		if s.ID == id && s.Name != "" {
			return s.Name
		}
	}
	return id
}

// side returns the input side and the enemy's.
func (sr *setupRoller) sides(id string) (*SetupSide, *SetupSide) {
	if sr.in.Sides[0].ID == id {
		return &sr.in.Sides[0], &sr.in.Sides[1]
	}
	return &sr.in.Sides[1], &sr.in.Sides[0]
}

// weather rolls the weather table (004 lines 7–15); night is rolled
// again, and a second night ignored.
func (sr *setupRoller) weather() error {
	for {
		n, err := rollD100(sr.d, fmt.Sprintf("weather in sector %d", sr.in.Sector))
		if err != nil {
			return err
		}
		row := weatherTable[bandOf(len(weatherTable), func(i int) (int, int) { return weatherTable[i].Lo, weatherTable[i].Hi }, n)]
		if row.Night {
			if sr.r.Night {
				sr.log(nil, "", "weather roll %d: night again, ignored; rolling again (%s)", n, cite.Setup(row.Line))
				continue
			}
			sr.r.Night = true
			sr.log(nil, "", "weather roll %d: night, infantry counters halved; rolling again for the weather (%s)", n, cite.Setup(row.Line))
			continue
		}
		sr.r.Weather.Kind = row.Kind
		sr.log(nil, "", "weather roll %d: %s (%s)", n, row.Name, cite.Setup(row.Line))
		if row.Disaster {
			sr.note("sector %d: a local disaster strikes (weather roll %d, %s); choose it and its effects, the battle is otherwise fought in normal weather (%s)", sr.in.Sector, n, cite.Setup(13), JudgeHint)
		}
		if row.HalveInfantry || sr.r.Night {
			for _, s := range sr.in.Sides {
				sr.halve(s, func(u SetupUnit) bool { return u.Class.Kind() == referee.KindInfantry }, "infantry halved by the weather")
			}
		}
		if row.HalveAir {
			for _, s := range sr.in.Sides {
				sr.halve(s, func(u SetupUnit) bool { return u.Class.Kind() == referee.KindAir }, "air lances halved by severe weather")
			}
		}
		if sr.r.Weather.AirBanned() {
			for _, s := range sr.in.Sides {
				var air []SetupUnit
				for _, u := range s.Units {
					if u.Class.Kind() == referee.KindAir {
						air = append(air, u)
					}
				}
				sr.keepOut(s, air, len(air), "air lances cannot fly in a massive storm")
			}
		}
		if row.AttackerMayRefuse {
			for _, s := range sr.in.Sides {
				if !s.Prepared {
					sr.r.Refusal[s.ID] = true
					sr.log(nil, s.ID, "%s attacks in a massive storm and may refuse the battle in turn 1 (%s)", sr.name(s.ID), cite.Setup(15))
				}
			}
		}
		return nil
	}
}

// halve keeps half the side's counters that match out of the battle,
// rounding the loss down (R11: halving the affected counters, the owner
// choosing): the bot keeps the costliest (ruling ST2).
func (sr *setupRoller) halve(s SetupSide, match func(SetupUnit) bool, reason string) {
	var hit []SetupUnit
	for _, u := range s.Units {
		if match(u) && sr.r.Absent[u.ID] == "" {
			hit = append(hit, u)
		}
	}
	sr.keepOut(s, hit, len(hit)/2, reason)
}

// keepOut keeps n of the units out of the battle, the cheapest first
// (ties: the last ID first); the owner keeps his best (ruling ST2).
func (sr *setupRoller) keepOut(s SetupSide, units []SetupUnit, n int, reason string) {
	units = slices.Clone(units)
	sort.SliceStable(units, func(i, j int) bool {
		if units[i].Cost != units[j].Cost {
			return units[i].Cost < units[j].Cost
		}
		return units[i].ID > units[j].ID
	})
	var ids []string
	for _, u := range units {
		if len(ids) == n {
			break
		}
		if sr.r.Absent[u.ID] != "" {
			continue
		}
		sr.r.Absent[u.ID] = reason
		ids = append(ids, u.ID)
	}
	if len(ids) > 0 {
		// Which counters stay out is the owner's secret (R10); the enemy
		// learns how many.
		sort.Strings(ids)
		sr.log(nil, s.ID, "%s: %s out of the battle (%s)", sr.name(s.ID), english.Counts(len(ids), "counter stays", "counters stay"), reason)
		sr.log([]string{s.ID}, s.ID, "%s stay out of the battle (%s; you keep your costliest, ruling ST2)", strings.Join(ids, ", "), reason)
	}
}

// bandOf returns the index of the band holding n (bands in order).
func bandOf(count int, band func(int) (int, int), n int) int {
	for i := range count {
		lo, hi := band(i)
		if n >= lo && n <= hi {
			return i
		}
	}
	return count - 1
}

// scouting rolls for each side with recon in or next to the sector (004
// lines 20–37): d100, +10 a recon battlegroup up to +30.
func (sr *setupRoller) scouting() error {
	for _, s := range sr.in.Sides {
		if s.Recon <= 0 {
			continue
		}
		mod := min(s.Recon*ScoutingPerRecon, ScoutingReconMax)
		n, err := rollD100(sr.d, fmt.Sprintf("scouting by %s", s.ID))
		if err != nil {
			return err
		}
		total := n + mod
		row := scoutingTable[bandOf(len(scoutingTable), func(i int) (int, int) { return scoutingTable[i].Lo, scoutingTable[i].Hi }, total)]
		rep := &ScoutingReport{Roll: n, Total: total, Line: row.Line, Text: row.Text}
		sr.r.Scouting[s.ID] = rep
		sr.r.Modifier[s.ID] += row.Modifier
		sr.log(nil, s.ID, "%s scouts: roll %d +%d recon = %d: %s (%s)", sr.name(s.ID), n, mod, total, row.Text, cite.Setup(row.Line))
		for i := 0; i < row.Advantages; i++ {
			a, err := rollD20(sr.d, fmt.Sprintf("scouting advantage for %s", s.ID))
			if err != nil {
				return err
			}
			rep.Advantages = append(rep.Advantages, Advantage(a))
			sr.log(nil, s.ID, "%s scouting advantage roll %d: %s (%s)", sr.name(s.ID), a, advantageTable[Advantage(a)].Name, cite.Setup(advantageTable[Advantage(a)].Line))
		}
		for i := 0; i < row.Choose; i++ {
			for _, a := range advantagePreference {
				if !slices.Contains(rep.Advantages, a) {
					rep.Advantages = append(rep.Advantages, a)
					sr.log(nil, s.ID, "%s chooses the scouting advantage %s (%s; ruling ST9)", sr.name(s.ID), advantageTable[a].Name, cite.Setup(advantageTable[a].Line))
					break
				}
			}
		}
		if row.Average {
			if err := sr.average(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// scoutCount is the average report's count of the enemy, secret to the
// side; the strategic AI reads it back (aiScouted).
const scoutCount = "your scouts count about %d enemy counters in sector %d"

// average is the average report: a rough count of the enemy, secret to
// the side, and a 2-in-6 chance to withdraw before the battle when the
// enemy is overwhelming (004 line 27; ruling ST8).
func (sr *setupRoller) average(s SetupSide) error {
	own, enemy := sr.sides(s.ID)
	sr.log([]string{s.ID}, s.ID, scoutCount+" (%s)", len(enemy.Units), sr.in.Sector, cite.Setup(27))
	if len(enemy.Units) < OverwhelmingRatio*max(1, len(own.Units)) {
		return nil
	}
	n, err := sr.d.D6(fmt.Sprintf("%s may withdraw before the battle (2 in 6)", s.ID))
	if err != nil {
		return err
	}
	if n <= 2 {
		sr.r.Refusal[s.ID] = true
		sr.log([]string{s.ID}, s.ID, "the enemy is overwhelming and you rolled %d: you may decline the battle in turn 1 (%s)", n, cite.Setup(27))
	} else {
		sr.log([]string{s.ID}, s.ID, "the enemy is overwhelming but you rolled %d: no way out before the battle (%s)", n, cite.Setup(27))
	}
	return nil
}

// defense rolls the defensive advantage table for the side in a prepared
// position (004 lines 115–120), with its setup modifier; rolls again
// are made without bonuses.
func (sr *setupRoller) defense() error {
	def := sr.r.Defender
	if def == "" {
		return nil
	}
	mod := sr.r.Modifier[def] + sr.informationBonus(def)
	for pending := 1; pending > 0; pending-- {
		n, err := rollD100(sr.d, fmt.Sprintf("defensive advantage of %s", def))
		if err != nil {
			return err
		}
		total := n + mod
		row := defenseTable[bandOf(len(defenseTable), func(i int) (int, int) { return defenseTable[i].Lo, defenseTable[i].Hi }, total)]
		sr.log(nil, def, "%s defensive advantage: roll %d%+d = %d: %s (%s)", sr.name(def), n, mod, total, row.Text, cite.Setup(row.Line))
		mod = 0
		for range row.Random {
			k, err := rollD12(sr.d, fmt.Sprintf("defensive advantage subtable for %s", def))
			if err != nil {
				return err
			}
			sr.r.Defense = append(sr.r.Defense, Defense(k))
			sr.log(nil, def, "%s defensive advantage %d: %s (%s)", sr.name(def), k, defenseAdvantageTable[Defense(k)].Name, cite.Setup(defenseAdvantageTable[Defense(k)].Line))
		}
		for range row.Select {
			for _, a := range defensePreference {
				if !slices.Contains(sr.r.Defense, a) {
					sr.r.Defense = append(sr.r.Defense, a)
					sr.log(nil, def, "%s chooses the defensive advantage %s (%s; ruling ST9)", sr.name(def), defenseAdvantageTable[a].Name, cite.Setup(defenseAdvantageTable[a].Line))
					break
				}
			}
		}
		if row.Negate > 0 {
			sr.negate(def, "defensive advantage")
		}
		pending += row.Again
	}
	return nil
}

// informationBonus is the +20 on the setup tables that each of side's
// headquarters raid and superior information advantages gives, once no
// enemy negation has cancelled it (004 lines 58, 78). scoutingEffects
// adds it to Modifier for the later tables.
func (sr *setupRoller) informationBonus(side string) int {
	rep := sr.r.Scouting[side]
	if rep == nil {
		return 0
	}
	n := 0
	for _, a := range rep.Advantages {
		if a == AdvHeadquartersRaid || a == AdvSuperiorInformation {
			n += SetupInformationBonus
		}
	}
	return n
}

// negate cancels the enemy's most telling scouting advantage (ruling
// ST9) on behalf of side by.
func (sr *setupRoller) negate(by, why string) {
	_, enemy := sr.sides(by)
	rep := sr.r.Scouting[enemy.ID]
	if rep == nil {
		sr.log(nil, by, "%s may negate an enemy scouting advantage (%s), but %s has none", sr.name(by), why, sr.name(enemy.ID))
		return
	}
	for _, a := range advantagePreference {
		if i := slices.Index(rep.Advantages, a); i >= 0 {
			rep.Advantages = slices.Delete(rep.Advantages, i, i+1)
			rep.Negated = append(rep.Negated, a)
			sr.log(nil, by, "%s negates %s scouting advantage %s (%s; ruling ST9)", sr.name(by), english.Possessive(sr.name(enemy.ID)), advantageTable[a].Name, why)
			return
		}
	}
	sr.log(nil, by, "%s may negate an enemy scouting advantage (%s), but %s has none left", sr.name(by), why, sr.name(enemy.ID))
}

// negations: countermeasures (004 line 44) and the overwhelming
// scouting result's negation (line 37) cancel enemy advantages. Both
// sides' are counted before either is applied, so they cross.
func (sr *setupRoller) negations() error {
	count := map[string]int{}
	for _, s := range sr.in.Sides {
		rep := sr.r.Scouting[s.ID]
		if rep == nil {
			continue
		}
		for _, a := range rep.Advantages {
			if a == AdvCountermeasures {
				count[s.ID]++
			}
		}
		if rep.Total >= 200 {
			count[s.ID]++
		}
	}
	for _, s := range sr.in.Sides {
		for range count[s.ID] {
			sr.negate(s.ID, "scouting")
		}
	}
	return nil
}

// scoutingEffects carries out each side's remaining advantages.
func (sr *setupRoller) scoutingEffects() error {
	for _, s := range sr.in.Sides {
		rep := sr.r.Scouting[s.ID]
		if rep == nil {
			continue
		}
		_, enemy := sr.sides(s.ID)
		for _, a := range rep.Advantages {
			if err := sr.advantage(s, *enemy, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// advantage carries out one scouting advantage of side s.
func (sr *setupRoller) advantage(s, enemy SetupSide, a Advantage) error {
	row := advantageTable[a]
	switch a {
	case AdvAerospace:
		sr.r.AirModifier[s.ID] += AerospaceAdvantageBonus
	case AdvCountermeasures:
		// counted in negations
	case AdvCrabmines:
		n, err := sr.d.D6(fmt.Sprintf("crabmines for %s", s.ID))
		if err != nil {
			return err
		}
		sr.r.Mines[s.ID] += n
		sr.log([]string{s.ID}, s.ID, "your scouts lay %d crabmines (%s)", n, cite.Setup(46))
	case AdvDetailedCount:
		sr.r.KnowClasses[s.ID] = true
		sr.log([]string{s.ID}, s.ID, "your scouts identify every enemy counter's class (%s)", cite.Setup(50))
	case AdvDetailedSurvey:
		return sr.survey(s, enemy)
	case AdvDiversion:
		n, err := sr.d.D6(fmt.Sprintf("diversion by %s", s.ID))
		if err != nil {
			return err
		}
		pct := (n - 1) * 5
		sr.log(nil, s.ID, "%s scouts draw away %d%% of %s forces (roll %d, %s)", english.Possessive(sr.name(s.ID)), pct, english.Possessive(sr.name(enemy.ID)), n, cite.Setup(54))
		sr.keepOut(enemy, enemy.Units, len(enemy.Units)*pct/100, "drawn away by a diversion")
	case AdvHeadquartersRaid, AdvSuperiorInformation:
		sr.r.Modifier[s.ID] += SetupInformationBonus
		if a == AdvHeadquartersRaid {
			sr.note("%s raided %s headquarters (%s): give %s an account of %s forces and where they are, if the campaign allows", sr.name(s.ID), english.Possessive(sr.name(enemy.ID)), cite.Setup(58), sr.name(s.ID), english.Possessive(sr.name(enemy.ID)))
		}
	case AdvMines:
		n, err := sr.d.D6(fmt.Sprintf("mines for %s", s.ID))
		if err != nil {
			return err
		}
		sr.r.Mines[s.ID] += n + 1
		sr.log([]string{s.ID}, s.ID, "your scouts lay %d mines (%s)", n+1, cite.Setup(64))
	case AdvPropaganda:
		sr.r.Morale[enemy.ID] += PropagandaMorale
		sr.log(nil, s.ID, "%s propaganda costs %s %d morale (%s)", english.Possessive(sr.name(s.ID)), sr.name(enemy.ID), -PropagandaMorale, cite.Setup(66))
	case AdvRightOfRefusal:
		sr.r.Refusal[s.ID] = true
		sr.log([]string{s.ID}, s.ID, "you may decline this battle at any time in turn 1 (%s)", cite.Setup(70))
	case AdvSabotage:
		return sr.sabotage(s, enemy)
	default:
		sr.note("%s gained the scouting advantage %s against %s (%s): judge its effect (%s)", sr.name(s.ID), row.Name, sr.name(enemy.ID), cite.Setup(row.Line), JudgeHint)
	}
	return nil
}

// sabotage rolls what the saboteurs did (004 line 72; ruling JD1): on
// 1–2 1D6−1 of the enemy's major units (every counter but infantry) stay
// out of the battle as a diversion keeps them (ST2); on 3–4 up to 300 CP
// of the enemy's installations are wrecked, six of ST12's 50-CP hardened
// buildings, taken off those a defensive advantage builds; on 5–6 a
// supply shipment is diverted, short of ammunition that BattleForce
// counters do not count: no effect.
func (sr *setupRoller) sabotage(s, enemy SetupSide) error {
	n, err := sr.d.D6(fmt.Sprintf("sabotage by %s", s.ID))
	if err != nil {
		return err
	}
	switch {
	case n <= 2:
		k, err := sr.d.D6(fmt.Sprintf("units sabotage keeps out of %s's force", enemy.ID))
		if err != nil {
			return err
		}
		var major []SetupUnit
		for _, u := range enemy.Units {
			if u.Class.Kind() != referee.KindInfantry {
				major = append(major, u)
			}
		}
		sr.log(nil, s.ID, "%s saboteurs keep %d of %s major units out of the battle (rolls %d and %d, %s)", english.Possessive(sr.name(s.ID)), k-1, english.Possessive(sr.name(enemy.ID)), n, k, cite.Setup(72))
		sr.keepOut(enemy, major, k-1, "held up by sabotage")
	case n <= 4:
		sr.wreck[enemy.ID] += SabotageWreckCP / InstallationCP
		sr.log(nil, s.ID, "%s saboteurs wreck up to %d CP of %s installations (roll %d, %s)", english.Possessive(sr.name(s.ID)), SabotageWreckCP, english.Possessive(sr.name(enemy.ID)), n, cite.Setup(72))
	default:
		sr.log(nil, s.ID, "%s saboteurs divert a supply shipment of %s ammunition, which BattleForce does not count: no effect (roll %d, %s; ruling JD1)", english.Possessive(sr.name(s.ID)), english.Possessive(sr.name(enemy.ID)), n, cite.Setup(72))
	}
	return nil
}

// SabotageWreckCP is the installations sabotage wrecks (004 line 72).
const SabotageWreckCP = 300

// survey rolls the detailed survey against the enemy's hidden infantry
// (2 in 6 each) and minefields (5 in 6; 004 line 52).
func (sr *setupRoller) survey(s, enemy SetupSide) error {
	for _, u := range enemy.Units {
		if !u.Hidden || u.Class.Kind() != referee.KindInfantry {
			continue
		}
		n, err := sr.d.D6(fmt.Sprintf("survey by %s for hidden %s", s.ID, u.ID))
		if err != nil {
			return err
		}
		if n <= SurveyInfantry {
			sr.r.Revealed[u.ID] = true
			sr.log(nil, s.ID, "%s survey finds hidden infantry %s (rolled %d, %s)", english.Possessive(sr.name(s.ID)), u.ID, n, cite.Setup(52))
		}
	}
	n, err := sr.d.D6(fmt.Sprintf("survey by %s for %s's mines", s.ID, enemy.ID))
	if err != nil {
		return err
	}
	if n <= SurveyMines {
		sr.r.ClearMines[enemy.ID] = true
		sr.log([]string{s.ID}, s.ID, "your survey finds the enemy's minefields, which you will avoid (rolled %d, %s)", n, cite.Setup(52))
	}
	return nil
}

// defenseEffects carries out the defender's advantages.
func (sr *setupRoller) defenseEffects() error {
	def := sr.r.Defender
	if def == "" {
		return nil
	}
	own, att := sr.sides(def)
	for _, a := range sr.r.Defense {
		row := defenseAdvantageTable[a]
		switch a {
		case DefDelayedArrival:
			for _, u := range att.Units {
				// 'Mechs coming down from orbit are not on the march
				// (ruling DR21).
				if !u.Class.Ground() || u.Drop || sr.r.Absent[u.ID] != "" {
					continue
				}
				if late := DelayBase - u.MP; late > 0 {
					sr.r.Arrival[u.ID] = max(sr.r.Arrival[u.ID], 1+late)
				}
			}
			sr.log(nil, def, "%s attackers are strung out: each arrives 9 − MP turns late (%s)", english.Possessive(sr.name(att.ID)), cite.Setup(124))
		case DefHostileWildlife:
			n, err := sr.d.D6(fmt.Sprintf("hostile wildlife against %s", att.ID))
			if err != nil {
				return err
			}
			pct := n * 5
			sr.log(nil, def, "hostile wildlife keeps %d%% of %s forces busy (roll %d, %s)", pct, english.Possessive(sr.name(att.ID)), n, cite.Setup(128))
			sr.keepOut(*att, att.Units, len(att.Units)*pct/100, "kept busy by hostile wildlife")
		case DefInstallations:
			n, err := rollND6(sr.d, fmt.Sprintf("installations for %s", def), 2)
			if err != nil {
				return err
			}
			cp := n*10 + 30
			sr.r.Installations += cp / InstallationCP
			sr.log(nil, def, "%s builds %d CP of installations: %d hardened building hexes (2D6 = %d, %s; ruling ST12)", sr.name(def), cp, cp/InstallationCP, n, cite.Setup(130))
			if w := min(sr.wreck[def], sr.r.Installations); w > 0 {
				sr.r.Installations -= w
				sr.wreck[def] -= w
				sr.log(nil, def, "sabotage wrecked %d of them: %d stand (%s; ruling JD1)", w, sr.r.Installations, cite.Setup(72))
			}
		case DefLimitingTerrain:
			sr.limitingTerrain(*own, *att)
		case DefMines:
			n, err := sr.d.D6(fmt.Sprintf("mines for %s", def))
			if err != nil {
				return err
			}
			sr.r.Mines[def] += n + 1
			sr.log([]string{def}, def, "you lay %d mines (%s)", n+1, cite.Setup(64, 141))
		case DefNaturalFortifications:
			sr.r.Fortified = true
			sr.log(nil, def, "%s holds natural fortifications: attacks on its units −1 column (%s)", sr.name(def), cite.Setup(143))
		case DefPriorSetup:
			sr.r.PriorSetup = true
			sr.log(nil, def, "%s had time to prepare: it deploys anywhere and its infantry is hidden (%s)", sr.name(def), cite.Setup(145))
		default:
			sr.note("%s gained the defensive advantage %s (%s): judge its effect (%s)", sr.name(def), row.Name, cite.Setup(row.Line), JudgeHint)
		}
	}
	return nil
}

// limitingTerrain: the defender picks the ground that hurts the attacker
// most (004 line 134; ruling ST9): soft ground halves wheeled and tracked
// counters, abrasives hover counters; the group with more counters.
func (sr *setupRoller) limitingTerrain(own, att SetupSide) {
	var treads, hover []SetupUnit
	for _, u := range att.Units {
		switch u.Class {
		case referee.Wheeled, referee.Tracked, referee.Truck, referee.MotorizedInfantry:
			treads = append(treads, u)
		case referee.Hover:
			hover = append(hover, u)
		}
	}
	switch {
	case len(treads) == 0 && len(hover) == 0:
		sr.note("%s may choose limiting terrain (%s), but %s has no wheeled, tracked or hover counters: judge whether broken ground applies (%s)", sr.name(own.ID), cite.Setup(134), sr.name(att.ID), JudgeHint)
	case len(treads) >= len(hover):
		sr.log(nil, own.ID, "%s chooses soft ground: %s wheeled and tracked counters are halved (%s)", sr.name(own.ID), english.Possessive(sr.name(att.ID)), cite.Setup(134))
		sr.keepOut(att, treads, len(treads)/2, "bogged down in soft ground")
	default:
		sr.log(nil, own.ID, "%s chooses abrasive ground: %s hover counters are halved (%s)", sr.name(own.ID), english.Possessive(sr.name(att.ID)), cite.Setup(134))
		sr.keepOut(att, hover, len(hover)/2, "stopped by abrasive ground")
	}
}

// aerospace rolls the availability of every air lance (004 lines
// 85–100): +20 as an aerospace unit, +50 attacking a prepared position,
// plus the side's setup modifier and its aerospace advantage.
func (sr *setupRoller) aerospace() error {
	for _, s := range sr.in.Sides {
		mod := AerospaceUnitBonus + sr.r.Modifier[s.ID] + sr.r.AirModifier[s.ID]
		if sr.r.Defender != "" && sr.r.Defender != s.ID {
			mod += FixedPositionAirBonus
		}
		for _, u := range s.Units {
			if u.Class.Kind() != referee.KindAir || sr.r.Absent[u.ID] != "" {
				continue
			}
			n, err := rollD100(sr.d, fmt.Sprintf("aerospace availability of %s", u.ID))
			if err != nil {
				return err
			}
			total := n + mod
			row := aerospaceTable[bandOf(len(aerospaceTable), func(i int) (int, int) { return aerospaceTable[i].Lo, aerospaceTable[i].Hi }, total)]
			turn := row.Turn
			switch {
			case row.Dice2D6:
				k, err := rollND6(sr.d, fmt.Sprintf("turns until %s arrives", u.ID), 2)
				if err != nil {
					return err
				}
				turn = 1 + k
			case row.Dice1D6:
				k, err := sr.d.D6(fmt.Sprintf("turns until %s arrives", u.ID))
				if err != nil {
					return err
				}
				turn = 1 + k
			}
			sr.r.AirArrival[u.ID] = turn
			when := "never comes"
			if turn > 0 {
				when = fmt.Sprintf("enters on game turn %d", turn)
			}
			sr.log([]string{s.ID}, s.ID, "%s availability: roll %d%+d = %d: %s; it %s (%s)", u.ID, n, mod, total, row.Text, when, cite.Setup(row.Line))
			if turn > 0 && u.Bombs && row.Spent > 0 {
				k, err := sr.d.D6(fmt.Sprintf("%s's bomb load already used (%d in 6)", u.ID, row.Spent))
				if err != nil {
					return err
				}
				if k <= row.Spent {
					sr.r.BombsSpent[u.ID] = true
					sr.log([]string{s.ID}, s.ID, "%s has already dropped its bombs (rolled %d, %s)", u.ID, k, cite.Setup(row.Line))
				}
			}
		}
	}
	return nil
}

// NewSetupInput describes a contact for the setup tables: the fighting
// battlegroups' counters, each side's recon battlegroups in or next to
// the sector (004 line 20; 000 line 2583), and whether it holds a
// prepared position there. sides are the battle's sides as setUpBattle
// has them (recon battlegroups already left out).
func NewSetupInput(c *Campaign, sector int, sides []BattleSide) (SetupInput, error) {
	in := SetupInput{Sector: sector, Mercenary: map[string]bool{}}
	if len(sides) != 2 {
		return in, fmt.Errorf("setup tables: a battle needs two sides, not %d", len(sides))
	}
	for i, bs := range sides {
		s := c.Side(bs.Side)
		if s == nil {
			return in, fmt.Errorf("setup tables: no side %q", bs.Side)
		}
		ss := SetupSide{ID: s.ID, Name: s.Name}
		for _, bg := range s.Battlegroups {
			if bg.Recon() && (bg.Sector == sector || (bg.Sector != 0 && c.Map != nil && c.Map.Adjacent(bg.Sector, sector))) {
				ss.Recon++
			}
		}
		for _, id := range bs.Battlegroups {
			bg := s.Battlegroup(id)
			if bg == nil {
				return in, fmt.Errorf("setup tables: %s has no battlegroup %d", s.ID, id)
			}
			ss.Prepared = ss.Prepared || bg.Prepared
			for _, uid := range bg.Units {
				cu := s.Unit(uid)
				if cu == nil {
					return in, fmt.Errorf("setup tables: %s battlegroup %d holds unknown unit %s", s.ID, id, uid)
				}
				u := cu.Lance.Unit(cu.ID, s.ID)
				ss.Units = append(ss.Units, SetupUnit{
					ID: cu.ID, Class: u.Class, MP: u.MP, Cost: u.Cost(),
					Bombs:  u.Chits.Bomb > 0,
					Hidden: cu.Hidden && bg.Prepared && u.Class.Kind() == referee.KindInfantry,
					Drop:   bg.Dropped,
				})
			}
		}
		in.Sides[i] = ss
	}
	if in.Sides[0].Prepared && in.Sides[1].Prepared {
		// Both held their ground: neither is the defender (ruling ST15).
		in.Sides[0].Prepared, in.Sides[1].Prepared = false, false
	}
	return in, nil
}
