package campaign

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"bfbot/internal/cite"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// 004's optional morale check in campaign battles (Settings.MoraleTable;
// 004 lines 167–237). At the end of every game turn each side checks
// once for every trigger point of line 181 it has newly reached
// (MoraleTriggers; ruling MR1): d100 + 50, 30 for a mercenary regiment
// (line 183), ± the battle's modifiers (MoraleModifiers) and those the
// campaign knows (BattleMorale.extra; ruling MR6). The results become
// BattleForce effects (applyMorale; rulings MR2–MR5); what only a judge
// can rule on goes to the referee role as a note.

// BattleMorale is what the morale checks need of a battle: facts of its
// start, fixed at set-up, and the trigger points already rolled.
type BattleMorale struct {
	// Propaganda is each side's morale modifier from the setup tables'
	// propaganda (SetupResult.Morale; 004 line 66).
	Propaganda map[string]int `json:"propaganda,omitempty"`
	// Prepared are the sides fighting from a prepared position (004 line
	// 185; ruling MR6).
	Prepared []string `json:"prepared,omitempty"`
	// First: one of the campaign's first battles (004 line 193; MR6).
	First bool `json:"first,omitempty"`
	// Mechs are the sides that began the battle with 'Mech lances in it,
	// for the trigger "its last major units are gone" (004 line 181).
	Mechs []string `json:"mechs,omitempty"`
	// Rolled are the trigger points each side has checked: each is
	// rolled once per side and battle (ruling MR1).
	Rolled map[string][]string `json:"rolled,omitempty"`
}

// clone copies m deeply (nil stays nil).
func (m *BattleMorale) clone() *BattleMorale {
	if m == nil {
		return nil
	}
	n := *m
	if m.Propaganda != nil {
		n.Propaganda = make(map[string]int, len(m.Propaganda))
		for k, v := range m.Propaganda {
			n.Propaganda[k] = v
		}
	}
	n.Prepared = slices.Clone(m.Prepared)
	n.Mechs = slices.Clone(m.Mechs)
	if m.Rolled != nil {
		n.Rolled = make(map[string][]string, len(m.Rolled))
		for k, v := range m.Rolled {
			n.Rolled[k] = slices.Clone(v)
		}
	}
	return &n
}

// extra are the modifiers the campaign knows for side (ruling MR6).
func (m *BattleMorale) extra(side string) []MoraleModifier {
	var out []MoraleModifier
	if v := m.Propaganda[side]; v != 0 {
		out = append(out, MoraleModifier{"enemy propaganda", v, 66})
	}
	if slices.Contains(m.Prepared, side) {
		out = append(out, MoraleModifier{"prepared position (light)", 15, 185})
	}
	if m.First {
		out = append(out, MoraleModifier{"first battle of the campaign", 20, 193})
	}
	return out
}

// startMorale keeps with a battle just set up (its setup tables rolled)
// what its morale checks will need; nothing with Settings.MoraleTable
// off. propaganda is SetupResult.Morale (nil without the tables).
func (c *Campaign) startMorale(bt *Battle, propaganda map[string]int) {
	if !c.Settings.MoraleTable {
		return
	}
	m := &BattleMorale{}
	for side, v := range propaganda {
		if v != 0 {
			if m.Propaganda == nil {
				m.Propaganda = map[string]int{}
			}
			m.Propaganda[side] = v
		}
	}
	// Every contact of the first turn that saw battle is fought at the
	// same time: each is a first battle; a battle that a withdrawal
	// started comes after one (ruling MR6).
	m.First = bt.RetreatFrom == 0
	for _, o := range c.Battles {
		if o.Turn < bt.Turn {
			m.First = false
		}
	}
	for _, bs := range bt.Sides {
		s := c.Side(bs.Side)
		for _, id := range bs.Battlegroups {
			if bg := s.Battlegroup(id); bg != nil && bg.Prepared {
				m.Prepared = append(m.Prepared, bs.Side)
				break
			}
		}
		if moraleMechs(bt.State, bs.Side) > 0 {
			m.Mechs = append(m.Mechs, bs.Side)
		}
	}
	bt.Morale = m
}

// moraleAfterTurn runs the morale checks when an action has ended game
// turn prev (the battle is in the next one and not over). It returns the
// referee's events when the checks ended the battle.
func (c *Campaign) moraleAfterTurn(b *Battle, prev int, d *dice.Dice) ([]referee.Event, error) {
	st := b.State
	if !c.Settings.MoraleTable || prev < 1 || st.Turn <= prev || st.Phase == referee.PhaseOver || st.Phase == referee.PhaseDeploy {
		return nil, nil
	}
	return c.moraleChecks(b, d)
}

// moraleChecks rolls each side's new trigger points (sides in initiative
// order, triggers in MoraleTriggers order), applies each result before
// the next check, and logs everything as battle events. A side left
// with no unit on the map ends the battle, as the referee would at the
// end of the next phase (ruling V5).
func (c *Campaign) moraleChecks(b *Battle, d *dice.Dice) ([]referee.Event, error) {
	if b.Morale == nil {
		// The setting was turned on during the battle: its start is
		// read from the battle as it stands.
		b.Morale = &BattleMorale{}
		for _, sd := range b.State.Sides {
			if moraleMechs(b.State, sd.ID) > 0 {
				b.Morale.Mechs = append(b.Morale.Mechs, sd.ID)
			}
		}
	}
	if b.Morale.Rolled == nil {
		b.Morale.Rolled = map[string][]string{}
	}
	var sides []string
	for _, sd := range b.State.Sides {
		sides = append(sides, sd.ID)
	}
	changed := false
	for _, side := range sides {
		for _, trigger := range MoraleTriggers(b.State, side, slices.Contains(b.Morale.Mechs, side)) {
			if slices.Contains(b.Morale.Rolled[side], trigger) || !moraleInField(b.State, side) {
				// Rolled already, or nobody on the map to check: the
				// trigger waits for counters that arrive later.
				continue
			}
			mercenary := false
			if s := c.Side(side); s != nil {
				mercenary = s.Mercenary
			}
			res, _, err := MoraleCheck(b.State, side, mercenary, b.Morale.extra(side), d)
			if err != nil {
				return nil, fmt.Errorf("battle %d: %w", b.ID, err)
			}
			b.Morale.Rolled[side] = append(b.Morale.Rolled[side], trigger)
			st, evs, moved := c.applyMorale(b, res, trigger)
			b.State, changed = st, changed || moved
			c.emit(evs...)
		}
	}
	if errs := b.State.Check(); len(errs) > 0 {
		return nil, fmt.Errorf("battle %d after the morale checks: %v", b.ID, errs[0])
	}
	if !changed {
		return nil, nil
	}
	// The battle ends as the referee would end it: a side with units
	// still to come has not left it (SC3), and the victory points and the
	// RBG box then agree on who holds the field (000 lines 2647, 2661).
	field := b.State.SidesInField()
	if len(field) >= 2 {
		return nil, nil
	}
	why := "morale: no side has a unit left on the map"
	if len(field) == 1 {
		why = fmt.Sprintf("morale: only %s has units left on the map", b.State.Side(field[0]).Name)
	}
	st, evs, err := referee.EndBattle(b.State, why)
	if err != nil {
		return nil, fmt.Errorf("battle %d: %w", b.ID, err)
	}
	b.State = st
	return evs, nil
}

// moraleInField reports whether side has an active unit on the map.
func moraleInField(s *referee.State, side string) bool {
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Status == referee.Active {
			return true
		}
	}
	return false
}

// applyMorale carries a morale result into the battle (rulings MR2–MR5)
// and returns the new state, the events to log, and whether a counter
// left the map. Only active counters are affected: a surrendered one
// already follows the surrender rules.
//   - stand fast: nothing;
//   - demoralized: a quarter (rounded down) of the side's demoralized
//     counters of each class leaves the battle, withdrawn and not lost;
//     the owner keeps the costliest (as ST2);
//   - fighting withdrawal, fallback positions: they fight on; a note asks
//     the referee to rule on their movement;
//   - full retreat (any kind): withdrawn; the surrender it would accept
//     if trapped goes to the referee as a note;
//   - rout: broken and fled (it may rally on 12, 000 line 968); air
//     lances and DropShips, which cannot rally, are withdrawn;
//   - collapse: captured when an enemy unit is active on the map, else
//     withdrawn.
func (c *Campaign) applyMorale(b *Battle, res MoraleResult, trigger string) (*referee.State, []Event, bool) {
	st := b.State.Clone()
	side := res.Side
	name := side
	if sd := st.Side(side); sd != nil {
		name = sd.Name
	}
	ids := make([]string, 0, len(res.Units))
	for id := range res.Units {
		ids = append(ids, id)
	}
	sort.Strings(ids)

	// The roll and the results the enemy can see are public; the
	// modifiers (which tell of experience and losses) and the results
	// of counters the enemy cannot identify are the owner's (ruling MR7).
	var shown, all []string
	for _, id := range ids {
		u := st.Unit(id)
		entry := fmt.Sprintf("%s %s", id, res.Units[id])
		all = append(all, entry)
		if moraleVisible(st, u) {
			shown = append(shown, entry)
		}
	}
	public := fmt.Sprintf("battle %d: morale check of %s (%s; %s): d100 %d, score %d", b.ID, name, trigger, cite.Setup(res.Line), res.Roll, res.Score)
	if len(shown) > 0 {
		public += ": " + strings.Join(shown, "; ")
	}
	evs := []Event{{Step: "battle", Type: "morale", Side: side, Sector: b.Sector, Battle: b.ID, Text: public}}
	detail := fmt.Sprintf("battle %d: your morale check (%s; %s): d100 %d + %d", b.ID, trigger, cite.Setup(res.Line), res.Roll, res.Base)
	for _, m := range res.Modifiers {
		detail += fmt.Sprintf(" %+d (%s)", m.Value, m.Name)
	}
	detail += fmt.Sprintf(" = %d", res.Score)
	if len(all) > 0 {
		detail += ": " + strings.Join(all, "; ")
	}
	evs = append(evs, Event{Step: "battle", Type: "morale", Audience: secret(side), Side: side, Sector: b.Sector, Battle: b.ID, Text: detail})

	enemyInField := false
	for _, sd := range st.Sides {
		if sd.ID != side && moraleInField(st, sd.ID) {
			enemyInField = true
		}
	}
	// seen are the effects told to everyone; unseen those told to the
	// owner only: a hidden counter that slips away, and why a counter the
	// enemy cannot identify left (its result would tell its class).
	var seen, unseen, notes []string
	leave := func(u *referee.Unit, to referee.Status, why string) {
		text := fmt.Sprintf("%s %s", u.ID, why)
		switch {
		case to == referee.Captured || moraleVisible(st, u):
			seen = append(seen, text)
		case u.Hidden:
			unseen = append(unseen, text)
		default:
			seen = append(seen, fmt.Sprintf("%s leaves the battle (morale)", u.ID))
			unseen = append(unseen, text)
		}
		u.Status, u.Disrupted, u.Righting, u.Hidden, u.Overburning, u.MPLeft = to, false, false, false, false, 0
		if u.Class.Kind() == referee.KindDropShip {
			// Its load goes with it, as on lift-off or capture.
			for i := range st.Units {
				if v := st.Units[i]; v.Aboard == u.ID && v.Status == referee.Reserve {
					v.Status = to
				}
			}
		}
	}
	demoralized := map[referee.Class][]*referee.Unit{}
	for _, id := range ids {
		u := st.Unit(id)
		if u == nil || u.Status != referee.Active {
			continue
		}
		switch lvl := res.Units[id]; lvl {
		case Demoralized:
			demoralized[u.Class] = append(demoralized[u.Class], u)
		case FightingWithdrawal:
			notes = append(notes, fmt.Sprintf("%s makes a fighting withdrawal toward a fortified or rear position at about half speed, still fighting (%s)", id, cite.Setup(203)))
		case FallbackPositions:
			notes = append(notes, fmt.Sprintf("%s heads for cover at full speed, still fighting (%s)", id, cite.Setup(205)))
		case FullRetreat, RetreatConditional, RetreatComplete, RetreatUncond:
			leave(u, referee.Withdrawn, fmt.Sprintf("leaves the battle in %s, withdrawn (%s; ruling MR4)", lvl, cite.Setup(207)))
			if lvl != FullRetreat {
				notes = append(notes, fmt.Sprintf("%s is in %s and would have accepted those terms had it been trapped (%s): it has left the battle; rule whether it was cornered", id, lvl, cite.Setup(207)))
			}
		case Rout:
			if u.Class.Ground() {
				leave(u, referee.Broken, "routs: broken and fled, it may rally on 12 ("+cite.Setup(209)+"; ruling MR4)")
			} else {
				leave(u, referee.Withdrawn, "routs and leaves the battle, withdrawn ("+cite.Setup(209)+"; ruling MR4)")
			}
		case Collapse:
			if enemyInField {
				leave(u, referee.Captured, "collapses and is captured ("+cite.Setup(211)+"; ruling MR5)")
			} else {
				leave(u, referee.Withdrawn, "collapses and leaves the battle, withdrawn ("+cite.Setup(211)+"; ruling MR5)")
			}
		}
	}
	classes := make([]referee.Class, 0, len(demoralized))
	for cl := range demoralized {
		classes = append(classes, cl)
	}
	slices.Sort(classes)
	for _, cl := range classes {
		us := demoralized[cl]
		// The cheapest go first, on a tie the higher ID (as ST2).
		sort.SliceStable(us, func(i, j int) bool {
			if us[i].Cost() != us[j].Cost() {
				return us[i].Cost() < us[j].Cost()
			}
			return us[i].ID > us[j].ID
		})
		for _, u := range us[:len(us)/4] {
			leave(u, referee.Withdrawn, "is demoralized and leaves the battle, withdrawn: a quarter of its class goes, the costliest stay ("+cite.Setup(201)+"; ruling MR2)")
		}
	}
	if len(seen) > 0 {
		evs = append(evs, Event{Step: "battle", Type: "morale_effect", Side: side, Sector: b.Sector, Battle: b.ID,
			Text: fmt.Sprintf("battle %d, morale of %s: %s", b.ID, name, strings.Join(seen, "; "))})
	}
	if len(unseen) > 0 {
		evs = append(evs, Event{Step: "battle", Type: "morale_effect", Audience: secret(side), Side: side, Sector: b.Sector, Battle: b.ID,
			Text: fmt.Sprintf("battle %d, morale of your counters: %s", b.ID, strings.Join(unseen, "; "))})
	}
	if len(notes) > 0 {
		evs = append(evs, Event{Step: "battle", Type: "referee-note", Audience: []string{RefereeAudience}, Side: side, Sector: b.Sector, Battle: b.ID,
			Text: fmt.Sprintf("battle %d, morale of %s (ruling MR3): %s", b.ID, name, strings.Join(notes, "; "))})
	}
	return st, evs, len(seen)+len(unseen) > 0
}

// moraleVisible reports whether every enemy of u's side may see u's
// morale result: it stands on the map unhidden and its class is known.
func moraleVisible(s *referee.State, u *referee.Unit) bool {
	if u == nil || u.Hidden {
		return false
	}
	for _, sd := range s.Sides {
		if sd.ID != u.Side && s.KnownTo(sd.ID, u)&referee.KnowClass == 0 {
			return false
		}
	}
	return true
}

// moraleHook is the ai.After that runs the morale checks of battle b at
// the end of each game turn of an auto-resolved battle.
func (c *Campaign) moraleHook(b *Battle, d *dice.Dice) ai.After {
	return func(prev, next *referee.State) (*referee.State, []referee.Event, error) {
		b.State = next
		evs, err := c.moraleAfterTurn(b, prev.Turn, d)
		return b.State, evs, err
	}
}
