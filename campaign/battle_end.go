package campaign

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/internal/english"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// After a battle (000 lines 2647–2661, 970, 2694–2698): its units go back
// to their battlegroups with the damage they took, or are lost; salvage
// goes to the RBG box; captured units change hands or are broken up; the
// battle's victory points (referee.State.VictoryPoints: R8 costs, captured
// ×2, salvage 10) go to the sides; emptied battlegroups are struck off the
// worksheet; the rubble stays in the sector; a side that withdrew falls
// back out of the sector.

// endBattle folds a battle that is over into the campaign (changed in
// place; the caller has cloned it). unlogged are the events of the step
// that ended it, not yet in its record.
func (c *Campaign) endBattle(b *Battle, d *dice.Dice, unlogged []referee.Event) error {
	st := b.State
	if st.Phase != referee.PhaseOver {
		return fmt.Errorf("battle %d is not over", b.ID)
	}
	o := st.Outcome()
	b.Over, b.Outcome = true, &o

	// The side holding the field gathers the salvage left lying there
	// (line 2647), as the battle's victory points counted it.
	holder := ""
	if inField := st.SidesInField(); len(inField) == 1 {
		holder = inField[0]
	}

	reports := map[string]*battleReport{}
	for _, sd := range st.Sides {
		reports[sd.ID] = &battleReport{}
	}
	for _, u := range st.Units {
		if err := c.foldUnit(b, u, reports); err != nil {
			return fmt.Errorf("battle %d: %w", b.ID, err)
		}
	}
	if holder != "" {
		n := 0
		for _, k := range st.Salvage {
			n += k
		}
		if n > 0 {
			c.Side(holder).Salvage += n
			reports[holder].salvage += n
		}
	}

	// Rubble stays for the next battle in the sector (ruling CB19).
	if len(st.Rubble) > 0 {
		if c.Sectors == nil {
			c.Sectors = map[int]SectorState{}
		}
		ss := c.Sectors[b.Sector]
		for h := range st.Rubble {
			if !slices.Contains(ss.Rubble, h) {
				ss.Rubble = append(ss.Rubble, h)
			}
		}
		slices.SortFunc(ss.Rubble, func(a, b hex.Hex) int {
			if a.Y != b.Y {
				return a.Y - b.Y
			}
			return a.X - b.X
		})
		c.Sectors[b.Sector] = ss
	}

	// Mines not set off stay in the sector, whoever won (line 2633).
	c.keepMines(b.Sector, st)

	// The outline is public; each side hears the details it saw.
	var score []string
	for _, sd := range st.Sides {
		score = append(score, fmt.Sprintf("%s %d", sd.Name, o.VP[sd.ID]))
	}
	text := fmt.Sprintf("battle %d in sector %s is over: ", b.ID, c.sectorName(b.Sector))
	if o.Winner == "" {
		text += "a draw"
	} else {
		text += fmt.Sprintf("%s wins a %s", c.Side(o.Winner).Name, o.Level)
	}
	c.emit(Event{Step: "battle", Type: "battle_end", Sector: b.Sector, Battle: b.ID, Side: o.Winner,
		Text: text + fmt.Sprintf(" (victory points: %s)", strings.Join(score, ", "))})
	for _, sd := range st.Sides {
		if v := o.VP[sd.ID]; v != 0 {
			c.emit(Event{Step: "battle", Type: "vp", Side: sd.ID, Battle: b.ID, VP: v,
				Text: fmt.Sprintf("%s scores %d victory points in battle %d", sd.Name, v, b.ID)})
		}
	}
	for _, sd := range st.Sides {
		enemy := c.Enemy(sd.ID).ID
		if t := reports[sd.ID].text(seenDestroyed(b, unlogged, sd.ID, reports[enemy].destroyed)); t != "" {
			c.emit(Event{Step: "battle", Type: "battle_report", Audience: secret(sd.ID), Side: sd.ID, Sector: b.Sector, Battle: b.ID,
				Text: fmt.Sprintf("battle %d: %s", b.ID, t)})
		}
	}

	for i := range b.Sides {
		bs := &b.Sides[i]
		side := st.Side(bs.Side)
		if side.Retreating && len(reports[bs.Side].withdrew) > 0 {
			bs.Withdrew = true
		}
	}
	c.pruneBattlegroups()
	// Questions of a battle that has ended lapse with it.
	c.Decisions = slices.DeleteFunc(c.Decisions, func(x Decision) bool { return x.Battle == b.ID })
	if err := c.fallBack(b, d); err != nil {
		return err
	}
	if c.Scenario != nil {
		c.endScenario(o) // its one battle is the whole campaign
		return nil
	}
	if len(Unfought(c)) == 0 {
		return c.askRepairs(d)
	}
	return nil
}

// battleReport gathers what happened to one side's units.
type battleReport struct {
	destroyed, captured, withdrew []string
	salvage                       int
	taken                         []string // enemy units it captured, with what became of them
}

// text is the report to r's side; enemyDestroyed are the enemy's units
// it saw destroyed (seenDestroyed).
func (r *battleReport) text(enemyDestroyed []string) string {
	var parts []string
	list := func(what string, ids []string) {
		if len(ids) > 0 {
			parts = append(parts, what+" "+strings.Join(ids, ", "))
		}
	}
	list("destroyed:", r.destroyed)
	list("captured by the enemy:", r.captured)
	list("withdrew:", r.withdrew)
	list("enemy units destroyed:", enemyDestroyed)
	list("enemy units captured:", r.taken)
	if r.salvage > 0 {
		parts = append(parts, fmt.Sprintf("%d salvage to the RBG box", r.salvage))
	}
	return strings.Join(parts, "; ")
}

// seenDestroyed are the units of ids whose destruction side may read in
// b's record or in unlogged: a counter lost where it never saw it (the
// referee's damage to a counter still to come, or to hidden infantry;
// ruling JD2) is its owner's secret, which the report at the battle's
// end keeps.
func seenDestroyed(b *Battle, unlogged []referee.Event, side string, ids []string) []string {
	seen := map[string]bool{}
	for _, l := range b.Log {
		if l.Event.Type == "destroyed" && l.Visible(side) {
			seen[l.Event.Unit] = true
		}
	}
	for _, e := range unlogged {
		if e.Type == "destroyed" && e.Visible(side) {
			seen[e.Unit] = true
		}
	}
	var out []string
	for _, id := range ids {
		if seen[id] {
			out = append(out, id)
		}
	}
	return out
}

// foldUnit writes one battle unit's fate into the campaign.
func (c *Campaign) foldUnit(b *Battle, u *referee.Unit, reports map[string]*battleReport) error {
	s := c.Side(u.Side)
	if s == nil {
		return fmt.Errorf("unit %s of unknown side %s", u.ID, u.Side)
	}
	cu := s.Unit(u.ID)
	if cu == nil {
		return fmt.Errorf("unit %s is not on %s's worksheet", u.ID, s.ID)
	}
	rep := reports[s.ID]
	spendChits(cu, u)
	steps := u.Class.Info().Steps
	switch u.Status {
	case referee.Destroyed:
		// The campaign keeps a lost unit's record at its last step.
		cu.Step = steps - 1
		c.loseUnit(s, cu, UnitDestroyed)
		rep.destroyed = append(rep.destroyed, cu.ID)
	case referee.Captured:
		cu.Step = min(u.Step, steps-1)
		c.loseUnit(s, cu, UnitCaptured)
		rep.captured = append(rep.captured, cu.ID)
		captor := c.Enemy(s.ID)
		var what string
		if c.asks(captor.ID, b) && c.replacement(captor, cu) != nil {
			// The captor may keep it or break it up (000 line 970).
			id := c.pose(Decision{Kind: DecideCaptured, Side: captor.ID, Subject: cu.ID, Options: []string{"keep", "scrap"}, Default: "keep",
				Question: fmt.Sprintf("You captured %s (%s, step %d) in battle %d: keep it in service in your RBG, or scrap it for %d salvage?",
					cu.ID, cu.Lance.Class, cu.Step, b.ID, cu.Lance.Class.Info().Steps-cu.Step)})
			what = fmt.Sprintf("yours to keep or scrap: decision %d", id)
		} else {
			what = c.takeCaptured(captor, s, cu)
		}
		// Salvage the prisoner carried goes with it (V8).
		captor.Salvage += u.Salvage
		reports[captor.ID].salvage += u.Salvage
		reports[captor.ID].taken = append(reports[captor.ID].taken, fmt.Sprintf("%s (%s)", cu.ID, what))
	case referee.Withdrawn:
		cu.Step = u.Step
		rep.withdrew = append(rep.withdrew, cu.ID)
		if u.Class.Kind() == referee.KindDropShip || u.Aboard != "" {
			// A DropShip leaves a battle only for space, where it stays
			// for the rest of the campaign (line 2547), with what it
			// carries (ruling DR23); gone from the RBG, it counts
			// towards the RBG's elimination (line 2703).
			c.loseUnit(s, cu, UnitLeft)
			return nil
		}
		if u.Salvage > 0 {
			// Unit and salvage go into the RBG box (line 2647).
			s.Salvage += u.Salvage
			rep.salvage += u.Salvage
			if rbg := s.RBG(); rbg != nil && rbg.ID != cu.Battlegroup {
				c.moveUnit(s, cu, rbg)
			}
		}
	default:
		// On the map, broken and fled, surrendered with friends still on
		// the field, or never deployed: back to its battlegroup (ruling
		// CB5), salvage carried to the RBG box (line 2661).
		cu.Step = u.Step
		s.Salvage += u.Salvage
		rep.salvage += u.Salvage
	}
	return nil
}

// loseUnit takes a unit off the worksheet with the given status.
func (c *Campaign) loseUnit(s *Side, cu *Unit, status UnitStatus) {
	if bg := s.Battlegroup(cu.Battlegroup); bg != nil {
		bg.Units = slices.DeleteFunc(bg.Units, func(id string) bool { return id == cu.ID })
	}
	cu.Status, cu.Battlegroup, cu.Attacked = status, 0, false
}

// moveUnit moves a unit from its battlegroup into another.
func (c *Campaign) moveUnit(s *Side, cu *Unit, to *Battlegroup) {
	if bg := s.Battlegroup(cu.Battlegroup); bg != nil {
		bg.Units = slices.DeleteFunc(bg.Units, func(id string) bool { return id == cu.ID })
	}
	to.Units = append(to.Units, cu.ID)
	cu.Battlegroup = to.ID
}

// takeCaptured hands a captured unit to its captor by the default
// (ruling CB6): it replaces a unit of the captor's of the same class that
// was destroyed and not yet replaced (000 line 970), or, without one or
// without an RBG to take it in, it is broken up. It returns what became
// of it.
func (c *Campaign) takeCaptured(captor, from *Side, cu *Unit) string {
	if crew := c.replacement(captor, cu); crew != nil {
		return c.keepCaptured(captor, from, cu, crew)
	}
	return scrapCaptured(captor, cu)
}

// replacement is the captor's destroyed unit of cu's class, not yet
// replaced, that a captured cu may replace; nil when there is none or
// the captor has no RBG to take it in.
func (c *Campaign) replacement(captor *Side, cu *Unit) *Unit {
	if captor.RBG() == nil {
		return nil
	}
	for i := range captor.Units {
		v := &captor.Units[i]
		if v.Status == UnitDestroyed && v.Replaced == "" && v.Lance.Class == cu.Lance.Class {
			return v
		}
	}
	return nil
}

// keepCaptured puts cu in the captor's service in its RBG as a new
// counter with the damage it has, replacing crew.
func (c *Campaign) keepCaptured(captor, from *Side, cu, crew *Unit) string {
	rbg := captor.RBG()
	id := c.newUnitID(captor)
	crew.Replaced = id // before the append below moves the units
	lance := cu.Lance
	lance.Members = slices.Clone(cu.Lance.Members)
	captor.Units = append(captor.Units, Unit{ID: id, Lance: lance, Step: cu.Step, Status: UnitActive, Battlegroup: rbg.ID, From: from.ID})
	rbg.Units = append(rbg.Units, id)
	return fmt.Sprintf("in service as %s, replacing %s", id, crew.ID)
}

// scrapCaptured breaks cu up: one salvage counter per step it had left.
func scrapCaptured(captor *Side, cu *Unit) string {
	n := cu.Lance.Class.Info().Steps - cu.Step
	captor.Salvage += n
	return fmt.Sprintf("broken up for %d salvage", n)
}

// keepOrScrap carries out a captor's answer: keep puts the unit in
// service if a destroyed unit of its class is still there to replace
// (another capture may have taken it since), else it is broken up.
func (c *Campaign) keepOrScrap(dec Decision, answer string) error {
	captor, from := c.Side(dec.Side), c.Enemy(dec.Side)
	var cu *Unit
	if from != nil {
		cu = from.Unit(dec.Subject)
	}
	if captor == nil || cu == nil || cu.Status != UnitCaptured {
		return fmt.Errorf("decision %d: no captured unit %s", dec.ID, dec.Subject)
	}
	what := ""
	switch crew := c.replacement(captor, cu); {
	case answer == "keep" && crew != nil:
		what = c.keepCaptured(captor, from, cu, crew)
	case answer == "keep":
		what = "no destroyed unit of its class is left to replace, so it is " + scrapCaptured(captor, cu)
	default:
		what = scrapCaptured(captor, cu)
	}
	c.emit(Event{Step: "battle", Type: "captured", Audience: secret(captor.ID), Side: captor.ID,
		Text: fmt.Sprintf("captured %s: %s", cu.ID, what)})
	return nil
}

// newUnitID is the next free counter label of a side: its letter and the
// lowest number above its units' count that no unit of the campaign uses.
func (c *Campaign) newUnitID(s *Side) string {
	for n := len(s.Units) + 1; ; n++ {
		id := fmt.Sprintf("%s%d", s.Letter, n)
		if _, u := c.unitOwner(id); u == nil {
			return id
		}
	}
}

// pruneBattlegroups strikes emptied battlegroups off the worksheets (an
// RBG with no unit left is destroyed, line 2547).
func (c *Campaign) pruneBattlegroups() {
	for i := range c.Sides {
		s := &c.Sides[i]
		s.Battlegroups = slices.DeleteFunc(s.Battlegroups, func(b Battlegroup) bool { return len(b.Units) == 0 })
	}
}

// fallBack moves the battlegroups of a side that withdrew into the sector
// beyond its retreat edge, when the strategic map has one there (ruling
// CB7; an RBG holding DropShips stays, line 2547). If enemy battlegroups
// stand there, the fight goes on there at once, without the four-step
// requirement (line 2659), unless this battle was already such a
// follow-on fight.
func (c *Campaign) fallBack(b *Battle, d *dice.Dice) error {
	for _, bs := range b.Sides {
		if !bs.Withdrew {
			continue
		}
		s := c.Side(bs.Side)
		to := sectorBeyond(c.Map, b.Sector, b.State.Side(bs.Side).RetreatEdge)
		if to == 0 {
			continue
		}
		var moved []int
		for _, id := range bs.Battlegroups {
			bg := s.Battlegroup(id)
			if bg == nil || bg.Sector != b.Sector || (bg.RBG && c.holdsDropShips(s, bg)) {
				continue
			}
			// It falls back on the ground, even if it dropped into the
			// battle: it deploys by the edge it came in by (ruling R7).
			bg.Sector, bg.Moved, bg.From, bg.Prepared, bg.Dropped = to, true, b.Sector, false, false
			moved = append(moved, id)
		}
		if len(moved) == 0 {
			continue
		}
		c.emit(Event{Step: "battle", Type: "fall_back", Audience: secret(s.ID), Side: s.ID, Sector: to, Battle: b.ID,
			Text: fmt.Sprintf("%s from sector %s into sector %s", fallBack(moved), c.sectorName(b.Sector), c.sectorName(to))})
		enemy := c.Enemy(s.ID)
		var there []int
		for _, bg := range enemy.BattlegroupsIn(to) {
			// A battlegroup fights one battle at a time: one already
			// engaged in a battle not yet fought is not met again (CI1).
			if !bg.Recon() && !c.engaged(enemy.ID, bg.ID) {
				there = append(there, bg.ID)
			}
		}
		// A battle that retreating units started does not start another
		// (rulings CB7, CI1): the fight would go back and forth for ever.
		if len(there) > 0 && b.RetreatFrom == 0 {
			sides := []BattleSide{{Side: s.ID, Battlegroups: moved}, {Side: enemy.ID, Battlegroups: there}}
			if err := setUpBattleRules(c, to, sides, d, b.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// engaged reports whether a battlegroup of side fights in a battle that
// is not over.
func (c *Campaign) engaged(side string, bg int) bool {
	for _, b := range c.Battles {
		if b.Over {
			continue
		}
		for _, bs := range b.Sides {
			if bs.Side == side && slices.Contains(bs.Battlegroups, bg) {
				return true
			}
		}
	}
	return false
}

// holdsDropShips reports whether a battlegroup holds an active DropShip.
func (c *Campaign) holdsDropShips(s *Side, bg *Battlegroup) bool {
	for _, id := range bg.Units {
		if u := s.Unit(id); u != nil && u.Lance.Class.Kind() == referee.KindDropShip {
			return true
		}
	}
	return false
}

// fallBack says which battlegroups fall back: "battlegroup 2 falls
// back", "battlegroups 2 and 3 fall back".
func fallBack(ids []int) string {
	var out []string
	for _, n := range ids {
		out = append(out, fmt.Sprint(n))
	}
	if len(ids) == 1 {
		return "battlegroup " + out[0] + " falls back"
	}
	return "battlegroups " + english.List(out) + " fall back"
}
