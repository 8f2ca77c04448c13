package referee

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Dropping 'Mechs (000 lines 729–765; rulings DR1–DR10). A 'Mech lance the
// scenario keeps in orbit (Unit.Drop, in Reserve) drops during its side's
// movement phase: the player declares the target hex in secret (drop UNIT
// HEX, or the campaign sets DropAt and DropTurn before the battle), and
// every declared drop comes down when the movement phase ends, after the
// ground and air units have moved (000 lines 578–584): 'Mechs first, then
// DropShips (dropship.go). As each 'Mech lands the enemy's air units in
// range and ground units in the same or an adjacent hex fire at it, once
// each a segment; then it rolls to land.

// LandingBase is the 2D6 roll a drop must reach before modifiers (000
// line 751).
const LandingBase = 5

// LandingDamagedModifier is added when the unit took damage in the descent
// (Landing Modifiers Table, 000 line 756).
const LandingDamagedModifier = 5

// DropAdjacentShift is the column shift of ground fire from a hex adjacent
// to a dropping 'Mech (000 line 741).
const DropAdjacentShift = -4

// landingExperience is the Landing Modifiers Table's experience row (000
// lines 757–761).
func landingExperience(e Experience) int {
	return [...]int{Green: +1, Regular: 0, Veteran: -1, Elite: -2}[min(e, Elite)]
}

// LandingTarget is what a dropping 'Mech must roll on 2D6 to land gently:
// 5, +5 if damaged during the drop, plus its experience modifier. The
// modifiers raise the number needed (the example at 000 line 765 needs 8
// for a damaged Elite lance; ruling DR2).
func LandingTarget(e Experience, damaged bool) int {
	t := LandingBase + landingExperience(e)
	if damaged {
		t += LandingDamagedModifier
	}
	return t
}

// FailedLanding is a row of the Failed Landing Table (000 lines
// 1218–1231): a crash destroys the unit; otherwise it scatters Scatter
// hexes and takes Steps damage steps (DropShips only: a 'Mech reads the
// scatter alone, 000 line 737).
type FailedLanding struct {
	Crash          bool
	Scatter, Steps int
}

// failedLandingTable is indexed by the 2D6 roll.
var failedLandingTable = [13]FailedLanding{
	2: {Crash: true}, 3: {Scatter: 6, Steps: 4}, 4: {Scatter: 5, Steps: 3}, 5: {Scatter: 4, Steps: 2},
	6: {Scatter: 3, Steps: 1}, 7: {Scatter: 2}, 8: {Scatter: 2, Steps: 1}, 9: {Scatter: 3, Steps: 2},
	10: {Scatter: 4, Steps: 3}, 11: {Scatter: 5, Steps: 4}, 12: {Crash: true},
}

// FailedLandingRow reads the Failed Landing Table for a 2D6 roll.
func FailedLandingRow(roll int) (FailedLanding, error) {
	if roll < 2 || roll > 12 {
		return FailedLanding{}, fmt.Errorf("failed landing table: a 2D6 roll is 2 to 12, not %d", roll)
	}
	return failedLandingTable[roll], nil
}

// ScatterDirection is the direction a 1D6 scatter roll gives. The book's
// scatter diagram did not survive (000 line 1243): 1 is north and the
// faces run clockwise, as the hex directions do (ruling DR4).
func ScatterDirection(face int) hex.Direction { return hex.Directions[(face+5)%6] }

// scatterHex counts n hexes from h in direction d; a unit that would
// scatter off the map stops at its edge (ruling DR4).
func scatterHex(m *mapgen.Map, h hex.Hex, d hex.Direction, n int) hex.Hex {
	for range n {
		next := h.Neighbor(d)
		if !m.Contains(next) {
			break
		}
		h = next
	}
	return h
}

// dropDeclared reports a unit in orbit whose drop is declared. Such a
// unit keeps its side in the field (ruling DR10).
func dropDeclared(u *Unit) bool { return u.Status == Reserve && u.DropTurn > 0 && u.Aboard == "" }

// dropsPending reports declared drops of the phasing side that come down
// when its movement phase ends.
func dropsPending(s *State) bool {
	side := s.PhasingSide().ID
	for i := range s.Units {
		if u := s.Units[i]; u.Side == side && dropDeclared(u) && u.DropTurn <= s.Turn {
			return true
		}
	}
	return false
}

// hardLanded reports a unit that landed hard in this player turn: it may
// neither sight nor fire (000 line 763; ruling DR5).
func hardLanded(s *State, u *Unit) bool { return u.HardLanding && u.LandedAt == s.PlayerTurn }

// dropVisibleAt lists the units side knows stand in h: its own and enemy
// units on the map that are not hidden.
func dropVisibleAt(s *State, side string, h hex.Hex) []*Unit {
	var out []*Unit
	for _, v := range s.UnitsAt(h, true) {
		if v.Side == side || !v.Hidden {
			out = append(out, v)
		}
	}
	return out
}

// dropDeclareError says why u may not declare a drop on h now: in its
// movement phase, a 'Mech lance or DropShip kept in orbit for a drop.
func dropDeclareError(s *State, u *Unit, h hex.Hex) error {
	kind := u.Class.Kind()
	switch {
	case s.Phase != PhaseMovement:
		return illegal("drops are declared in your movement phase (%s)", bookSpan{582, 584})
	case kind != KindMech && kind != KindDropShip:
		return illegal("%s is not a 'Mech lance or a DropShip: only those drop (%s)", u.ID, bookCite{731, 1214})
	case u.Status != Reserve || u.Aboard != "":
		return illegal("%s is not in orbit", u.ID)
	case !u.Drop:
		return illegal("%s is not kept in orbit for a drop: units drop only when the scenario allows it (%s)", u.ID, bookCite{733})
	}
	return dropTargetError(s, u, h, dropVisibleAt(s, u.Side, h))
}

// dropTargetError says why u may not aim its drop at h, given the units
// its side knows stand there. A 'Mech may drop into a hex enemy units
// hold, within the stacking limit (000 lines 630, 719), never into a
// DropShip's hex (ruling DR8).
func dropTargetError(s *State, u *Unit, h hex.Hex, known []*Unit) error {
	if !s.Map.Contains(h) {
		return illegal("hex %s is not on the map", h)
	}
	if u.Class.Kind() == KindDropShip {
		return dropShipTargetError(s, h, known)
	}
	if s.Cell(h).Terrain.Info().Prohibited[u.Class.Info().Movement] {
		return illegal("%s units may not land in %v (hex %s)", u.Class, s.Cell(h).Terrain, h)
	}
	for _, v := range known {
		if v.Class.Kind() == KindDropShip {
			return illegal("no unit may enter hex %s: a DropShip stands there (%s)", h, bookCite{630})
		}
	}
	if len(known) >= StackLimit {
		return illegal("hex %s already holds %d units; no more than %d may stand in one hex (%s)", h, len(known), StackLimit, bookCite{630})
	}
	return nil
}

// declareDrop records a drop on a.To for the end of this movement phase.
// The target is secret: only the dropping side hears of it until the unit
// lands (ruling DR1). A new declaration replaces the old one.
func (b *battle) declareDrop(a Action) error {
	u := b.unit(a.Unit)
	if err := dropDeclareError(b.s, u, a.To); err != nil {
		return err
	}
	u.DropAt, u.DropTurn = a.To, b.s.Turn
	b.emit(Event{Type: "drop_declared", Unit: u.ID, Hex: hexp(a.To), Audience: []string{u.Side},
		Text: fmt.Sprintf("%s will drop onto %s when the movement phase ends", u.ID, a.To)})
	return nil
}

// resolveDrops brings down the phasing side's declared drops: 'Mechs
// first, then DropShips, each in unit ID order (000 lines 582–584; ruling
// DR9).
func (b *battle) resolveDrops() error {
	s := b.s
	side := s.PhasingSide().ID
	for _, ship := range []bool{false, true} {
		for i, u := range s.Units {
			if u.Side != side || !dropDeclared(u) || u.DropTurn > s.Turn || (u.Class.Kind() == KindDropShip) != ship {
				continue
			}
			if s.waiting() {
				return nil // the next drop waits for the choice (endMovement)
			}
			u = s.own(i)
			var err error
			if ship {
				err = b.landDropShip(u)
			} else {
				err = b.dropMech(u)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// dropPlace is h when u may come down there, else the nearest hex where
// it may, ring by ring clockwise from the north (ruling DR3); false when
// the map has no room at all. The enemy's hidden units filling a hex
// passed over are revealed (tryStand).
func (b *battle) dropPlace(u *Unit, h hex.Hex) (hex.Hex, bool) {
	m := b.s.Map
	for r := 0; r <= m.Width+m.Height; r++ {
		for _, c := range hex.Ring(h, r) {
			if m.Contains(c) && b.tryStand(u, c, true) {
				return c, true
			}
		}
	}
	return h, false
}

// dropMech brings down one 'Mech lance (000 lines 735–765): it is placed
// on its target, the enemy fires at it, and it rolls to land, entering
// the hex it comes down in (dropLand). A gentle landing ends its movement
// for the turn; a hard landing costs a step, scatters it by the Failed
// Landing Table (a 2 or 12 destroys it), blinds it for the turn and calls
// for a Disruption Roll.
func (b *battle) dropMech(u *Unit) error {
	s := b.s
	target := u.DropAt
	at, ok := b.dropPlace(u, target)
	if !ok {
		u.DropTurn = 0
		b.emit(Event{Type: "drop_aborted", Unit: u.ID, Audience: []string{u.Side}, Text: fmt.Sprintf("%s finds no room on the map and stays in orbit", u.ID)})
		return nil
	}
	u.Drop, u.DropTurn = false, 0
	u.Status, u.Hex, u.StartHex = Active, at, at
	u.Moved, u.MoveTurn, u.Halted, u.RoadBonus, u.MPLeft = true, s.PlayerTurn, true, false, 0
	u.LandedAt = s.PlayerTurn
	text := fmt.Sprintf("%s, a %v unit, drops onto %s", u.ID, u.Class.Kind(), at)
	if at != target {
		text += fmt.Sprintf(" (there is no room in %s)", target)
	}
	b.emit(Event{Type: "drop", Unit: u.ID, Hex: hexp(at), Text: text})
	if b.askDropFire(u) {
		return nil // the landing waits for the enemy's choice of fire
	}
	before := u.Step
	if err := b.dropFire(u, "", nil); err != nil {
		return err
	}
	return b.dropLand(u, before)
}

// dropLand is the rest of a 'Mech's drop once the enemy has fired at it
// (its step was before then): the landing roll and what a hard landing
// brings. The hex it comes down in, its target or where it scattered, is
// the hex it enters, as the jumping unit enters the hex it ends its move
// in: surrendered units there are captured or righted, the mines go off
// and the enemy's hiding infantry is revealed and may attack it
// (BattleForce, Dropping; Mine Attacks; Hidden Infantry; rulings DR8,
// M14). It overruns nobody there (000 line 719).
func (b *battle) dropLand(u *Unit, before int) error {
	if err := b.landingRoll(u, before); err != nil || u.Status != Active {
		return err
	}
	_, err := b.meet(u, u.Hex)
	return err
}

// landingRoll is the landing roll of a 'Mech the enemy has fired at, and
// what a hard landing brings.
func (b *battle) landingRoll(u *Unit, before int) error {
	if u.Status != Active {
		return nil // destroyed, broken or surrendered in the descent
	}
	damaged := u.Step > before
	need := LandingTarget(u.Experience, damaged)
	// The number needed tells the unit's experience, which is behind its
	// blind (000 line 207): only its owner hears it.
	why := fmt.Sprintf("5, %+d %v", landingExperience(u.Experience), u.Experience)
	if damaged {
		why += fmt.Sprintf(", %+d damaged in the drop", LandingDamagedModifier)
	}
	b.emit(Event{Type: "landing_target", Unit: u.ID, Audience: []string{u.Side}, Value: intp(need),
		Text: fmt.Sprintf("%s needs %d or better to land (%s; %s)", u.ID, need, why, cite.Span(751, 761))})
	roll, err := b.roll(fmt.Sprintf("landing roll for %s", u.ID), 2, nil)
	if err != nil {
		return err
	}
	if roll >= need {
		b.emit(Event{Type: "landing", Unit: u.ID, Hex: hexp(u.Hex), Roll: intp(roll), Result: strp("passed"),
			Text: fmt.Sprintf("%s lands safely at %s", u.ID, u.Hex)})
		return nil
	}
	u.HardLanding = true
	b.emit(Event{Type: "landing", Unit: u.ID, Hex: hexp(u.Hex), Roll: intp(roll), Result: strp("failed"),
		Text: fmt.Sprintf("%s lands hard", u.ID)})
	// The worked example's order (000 line 765): the step, the Failed
	// Landing Table, then the Disruption Roll.
	if err := b.takeSteps(u, 1, "a hard landing", true); err != nil || u.Status != Active {
		return err
	}
	fl, err := b.roll(fmt.Sprintf("failed landing table for %s", u.ID), 2, nil)
	if err != nil {
		return err
	}
	row, _ := FailedLandingRow(fl)
	if row.Crash {
		b.emit(Event{Type: "crash", Unit: u.ID, Hex: hexp(u.Hex), Roll: intp(fl), Text: fmt.Sprintf("%s crashes", u.ID)})
		b.destroy(u, "a crash landing", true)
		return nil
	}
	if err := b.scatter(u, row.Scatter, fl); err != nil {
		return err
	}
	return b.disruptionRoll(u, "a hard landing")
}

// scatter rolls the direction and moves u n hexes from where it came down
// (000 lines 737–739), to the nearest hex it may stand in (DR3, DR4).
func (b *battle) scatter(u *Unit, n, tableRoll int) error {
	face, err := b.roll(fmt.Sprintf("scatter direction for %s", u.ID), 1, nil)
	if err != nil {
		return err
	}
	d := ScatterDirection(face)
	from := u.Hex
	scattered := scatterHex(b.s.Map, from, d, n)
	to := scattered
	if at, ok := b.dropPlace(u, scattered); ok {
		to = at
	}
	u.Hex, u.StartHex = to, to
	text := fmt.Sprintf("%s scatters %d hexes %v from %s to %s", u.ID, n, d, from, to)
	if to != scattered {
		// Said, so that the landing hex does not read as a miscount.
		text = fmt.Sprintf("%s scatters %d hexes %v from %s to %s, which has no room, and comes down in %s", u.ID, n, d, from, scattered, to)
	}
	b.emit(Event{Type: "scatter", Unit: u.ID, From: hexp(from), Hex: hexp(to), Roll: intp(tableRoll), Text: text})
	return nil
}

// dropFire is the enemy's fire at a 'Mech the moment it is placed (000
// lines 741–743; ruling DR6): every air unit with u in range, then every
// ground unit in the same or an adjacent hex, in unit ID order, each of
// which has not yet fired in this segment. The fire is optional: side
// ("" for none) chose its firers, only (drop_fire_choice.go); of the
// other sides all fire.
func (b *battle) dropFire(u *Unit, side string, only map[string]bool) error {
	for _, air := range []bool{true, false} {
		for i := range b.s.Units {
			if u.Status != Active {
				return nil
			}
			v := b.s.Units[i]
			if (v.Class.Kind() == KindAir) != air {
				continue
			}
			e, ok := dropFirePlan(b.s, v, u)
			if !ok || (v.Side == side && !only[v.ID]) {
				continue
			}
			v = b.s.own(i)
			v.DropFireAt = b.s.PlayerTurn
			if err := b.attackRoll(e, u); err != nil {
				return err
			}
		}
	}
	return nil
}

// dropFirePlan works out v's fire at dropping u, or false when v may not
// fire: an enemy unit standing on the map, not hidden, not disrupted,
// able to fight, not a DropShip (ruling DR7), that has not fired this
// segment. Air units use AA within their range, shifted by experience
// only (000 lines 741, 1150); ground units use RA from the same or an
// adjacent hex, within range, with no terrain shifts, −4 from an adjacent
// hex, experience, a disrupted target and night as usual (000 line 741).
func dropFirePlan(s *State, v, u *Unit) (Event, bool) {
	if v.Side == u.Side || v.Status != Active || v.Hidden || v.Disrupted || v.DropFireAt == s.PlayerTurn ||
		v.Class.Info().NoCombat || v.Class.Kind() == KindDropShip || hardLanded(s, v) {
		return Event{}, false
	}
	dist := hex.Distance(v.Hex, u.Hex)
	d := u.Current().D
	e := Event{Attacker: v.ID, Mode: Ranged.String(), Defense: intp(d), Text: fmt.Sprintf("%s fires at dropping %s", v.ID, u.ID)}
	if v.Class.Kind() == KindAir {
		if dist > v.Range {
			return Event{}, false
		}
		value := v.Current().RA
		e.Value, e.Column = intp(value), intp(Column(value, d, ExperienceShift(v.Experience)))
		return e, true
	}
	if dist > 1 || dist > v.Range || (v.MinRange > 0 && dist < v.MinRange) {
		return Event{}, false
	}
	value := attackValues(v).RA
	shifts := []int{ExperienceShift(v.Experience)}
	if dist == 1 {
		shifts = append(shifts, DropAdjacentShift)
	}
	if s.Rules.Night {
		shifts = append(shifts, NightFireShift)
	}
	if u.Disrupted {
		shifts = append(shifts, DisruptedTargetShift)
	}
	e.Value, e.Column = intp(value), intp(Column(value, d, shifts...))
	return e, true
}

// validDrops lists u's drop, embark, debark and lift-off actions now.
func validDrops(s *State, u *Unit) []Action {
	if s.Phase != PhaseMovement || s.PhasingSide().ID != u.Side {
		return nil
	}
	var out []Action
	b := &battle{s: s, side: u.Side}
	switch {
	case u.Status == Reserve && u.Aboard == "" && u.Drop:
		for y := range s.Map.Height {
			for x := range s.Map.Width {
				h := hex.Hex{X: x, Y: y}
				if dropDeclareError(s, u, h) == nil {
					out = append(out, Action{Kind: ActDrop, Side: u.Side, Unit: u.ID, To: h})
				}
			}
		}
	case u.Status == Reserve && u.Aboard != "":
		if ds := s.Unit(u.Aboard); ds != nil && ds.Status.OnMap() {
			for _, h := range s.Map.Neighbors(ds.Hex) {
				if b.debarkError(u, h) == nil {
					out = append(out, Action{Kind: ActDebark, Side: u.Side, Unit: u.ID, To: h})
				}
			}
		}
	case u.Class.Kind() == KindDropShip:
		if liftoffError(s, u) == nil {
			out = append(out, Action{Kind: ActLiftoff, Side: u.Side, Unit: u.ID})
		}
	case u.Status == Active:
		// Most units have no DropShip of their side beside them: one
		// pass over the units says so, where looking up the units of
		// each neighbouring hex takes six.
		if !slices.ContainsFunc(s.Units, func(ds *Unit) bool {
			return ds.Side == u.Side && ds.Class.Kind() == KindDropShip && ds.Status.OnMap() && hex.Distance(ds.Hex, u.Hex) == 1
		}) {
			break
		}
		for _, h := range s.Map.Neighbors(u.Hex) {
			for _, ds := range s.UnitsAt(h, false) {
				if ds.Side == u.Side && ds.Class.Kind() == KindDropShip && embarkError(s, u, ds) == nil {
					out = append(out, Action{Kind: ActEmbark, Side: u.Side, Unit: u.ID, Target: ds.ID})
				}
			}
		}
	}
	return out
}

// dropCheck returns the broken invariants of drops and DropShips: declared
// drops only in orbit; a carried unit's carrier is a DropShip of its side
// that is in orbit or on the map while the unit is aboard; no DropShip
// carries more than its load; no other unit shares a DropShip's hex.
func (s *State) dropCheck() []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	load := map[string]int{}
	ships := map[hex.Hex]string{}
	for _, u := range s.Units {
		if u.DropTurn > 0 && (u.Status != Reserve || u.Aboard != "") {
			bad("unit %s has a drop declared but is %v (aboard %q)", u.ID, u.Status, u.Aboard)
		}
		if u.DropTurn > 0 && !s.Map.Contains(u.DropAt) {
			bad("unit %s is to drop on %s, off the map", u.ID, u.DropAt)
		}
		if u.Status.OnMap() && u.Class.Kind() == KindDropShip {
			ships[u.Hex] = u.ID
		}
		if u.Aboard == "" {
			continue
		}
		c := s.Unit(u.Aboard)
		switch {
		case c == nil || c.Class.Kind() != KindDropShip || c.Side != u.Side:
			bad("unit %s is aboard %s, which is not a DropShip of its side", u.ID, u.Aboard)
		case u.Status != Reserve && u.Status != Withdrawn && u.Status != Destroyed && u.Status != Captured:
			bad("unit %s is aboard %s but is %v", u.ID, u.Aboard, u.Status)
		case u.Status == Reserve && c.Status != Reserve && c.Status != Active:
			bad("unit %s is aboard %s, which is %v", u.ID, u.Aboard, c.Status)
		case u.Status == Reserve:
			load[u.Aboard]++
		}
	}
	for id, n := range load {
		if c := s.Unit(id); n > DropShipLoad(c.Class) {
			bad("DropShip %s carries %d units, more than its load of %d", id, n, DropShipLoad(c.Class))
		}
	}
	count := map[hex.Hex]int{} // units in the DropShips' hexes
	for i := range s.Units {
		if u := s.Units[i]; len(ships) > 0 && u.Status.OnMap() && ships[u.Hex] != "" {
			count[u.Hex]++
		}
	}
	for h, id := range ships {
		if count[h] > 1 {
			bad("DropShip %s shares hex %s with %s", id, h, english.Count(count[h]-1, "other unit"))
		}
	}
	// Map order is random; the list must not be.
	slices.SortFunc(errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return errs
}
