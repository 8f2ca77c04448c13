package referee

import (
	"fmt"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// DropShips (000 lines 1173–1269; rulings DR11–DR20): one ship to a
// counter, always known to every side (S7), eight damage steps, +4 ESR.
// A DropShip in orbit (Reserve, Drop) lands with drop UNIT HEX, declared
// like a 'Mech drop and brought down after the 'Mechs when the movement
// phase ends (drop.go); once down it never moves, fires once in each of
// its three firing arcs a turn, carries units that embark and debark, and
// may lift off to leave the battle.

// DropShipLandingTarget is the 2D6 roll a DropShip must reach to land
// where planned (000 line 1214).
const DropShipLandingTarget = 5

// DropShipSalvage is the salvage counters a destroyed DropShip leaves,
// plus one for each unit aboard (000 line 1259).
const DropShipSalvage = 3

// DropShipLoad is the DropShip Load Table (000 lines 1205–1210): how many
// units (lances, platoons, air lances) it carries; 0 for other classes.
func DropShipLoad(c Class) int {
	switch c {
	case Leopard:
		return 1
	case Union:
		return 3
	case Overlord:
		return 12
	}
	return 0
}

// dropShipValues are a DropShip's values at its step: the counter prints
// two steps a row, its RA one less each step while D stays (000 lines
// 1183–1191, the Union of the values table, line 1811; ruling DR12). Only
// the step-0 row of Rows is read.
func dropShipValues(u *Unit) Values {
	r := u.Rows[0]
	return Values{RA: max(0, r.RA-u.Step), CA: r.CA, D: r.D + u.Chits.Armor}
}

// The three firing arcs (ruling DR13): the book's drawing is lost, so the
// six hexside directions are paired into three 120° arcs — east (NE and
// SE), southwest (S and SW) and northwest (N and NW) — and every hex
// belongs to exactly one of them.
const (
	ArcEast = iota
	ArcSouthwest
	ArcNorthwest
	numArcs
)

var arcNames = [numArcs]string{"east", "southwest", "northwest"}

// ArcName names a firing arc.
func ArcName(a int) string {
	if a >= 0 && a < numArcs {
		return arcNames[a]
	}
	return fmt.Sprintf("arc %d", a)
}

// FiringArc is the arc of a DropShip in from that holds hex to; -1 for
// the DropShip's own hex. In cube coordinates the arcs are the three
// thirds q > 0 ≥ r, r > 0 ≥ s and s > 0 ≥ q of the offset to the target.
func FiringArc(from, to hex.Hex) int {
	d := to.Cube().Sub(from.Cube())
	switch {
	case d.Q > 0 && d.R <= 0:
		return ArcEast
	case d.R > 0 && d.S <= 0:
		return ArcSouthwest
	case d.S > 0 && d.Q <= 0:
		return ArcNorthwest
	}
	return -1
}

// dropShipArcsUsed are the arcs u has fired from this player turn.
func dropShipArcsUsed(s *State, u *Unit) uint8 {
	if u.ArcsAt == s.PlayerTurn {
		return u.Arcs
	}
	return 0
}

// dropShipReady says why DropShip u may make no attack now: all three
// arcs have fired (000 line 1265; ruling K1 does not hold for DropShips).
func dropShipReady(s *State, u *Unit) error {
	if dropShipArcsUsed(s, u) == 1<<numArcs-1 {
		return illegal("%s has fired in all three of its firing arcs this turn (%s)", u.ID, bookCite{1265})
	}
	return nil
}

// dropShipArcFor is the arc u fires in at target: the arc holding a ground
// target, which must not have fired yet; against an air unit any arc
// still free, the first in order (000 line 1267).
func dropShipArcFor(s *State, u, target *Unit) (int, error) {
	used := dropShipArcsUsed(s, u)
	if target.Class.Kind() == KindAir {
		for a := range numArcs {
			if used&(1<<a) == 0 {
				return a, nil
			}
		}
		return -1, dropShipReady(s, u)
	}
	a := FiringArc(u.Hex, target.Hex)
	if a < 0 {
		return -1, illegal("%s stands in %s's own hex", target.ID, u.ID)
	}
	if used&(1<<a) != 0 {
		return -1, illegal("%s is in %s's %s firing arc, which has already fired this turn (%s)", target.ID, u.ID, ArcName(a), bookCite{1265})
	}
	return a, nil
}

// dropShipPlanAttack checks an attack by DropShip u (000 lines 1263–1269):
// its full Ranged Attack Value (or a lower declared one) at one unit per
// arc within range. A ground target needs a clear line of sight and takes
// the usual shifts (experience, the line and the target's terrain, a
// disrupted target, night); an air target in range is attacked with no
// shifts at all (000 line 1267). DropShips do not fire at buildings or
// through observers (ruling DR15).
func dropShipPlanAttack(s *State, lines *sightlines, u *Unit, a Action) (attackPlan, error) {
	p := attackPlan{attacker: u, mode: Ranged}
	if err := readyToAttack(s, u); err != nil {
		return p, err
	}
	if a.Mode != Ranged || a.Observer != "" {
		return p, illegal("a DropShip fires its Ranged Attack Value, with no other mode and no forward observer (%s)", bookCite{1265})
	}
	target, at, err := findTarget(s, u.Side, a.Target)
	if err != nil {
		return p, err
	}
	if target == nil {
		return p, illegal("DropShips fire at units, not at buildings (ruling DR15)")
	}
	if _, err := dropShipArcFor(s, u, target); err != nil {
		return p, err
	}
	dist := hex.Distance(u.Hex, at)
	if dist > u.Range {
		return p, illegal("%s is %d hexes from %s, beyond its range of %d (%s)", a.Target, dist, u.ID, u.Range, bookCite{1265})
	}
	p.target, p.at = target, at
	p.value = u.Current().RA
	if err := p.declare(a.Value, "ranged value"); err != nil {
		return p, err
	}
	p.defense = target.Current().D
	if target.Class.Kind() == KindAir {
		p.column = Column(p.value, p.defense)
		return p, nil
	}
	los := lines.los(u.Hex, at)
	if !los.Clear {
		return p, illegal("%s has no clear line of sight to %s: %v (%s)", u.ID, a.Target, los, bookCite{1265})
	}
	shifts := []int{los.Shift, ExperienceShift(u.Experience), s.Cell(at).Terrain.Info().Shift}
	if target.Disrupted {
		shifts = append(shifts, DisruptedTargetShift)
	}
	if s.Rules.Night {
		shifts = append(shifts, NightFireShift)
	}
	p.column = Column(p.value, p.defense, shifts...)
	return p, nil
}

// dropShipUseArc marks the arc u fires in at target (planned already).
func (b *battle) dropShipUseArc(u, target *Unit) {
	a, err := dropShipArcFor(b.s, u, target)
	if err != nil || a < 0 {
		return
	}
	if u.ArcsAt != b.s.PlayerTurn {
		u.ArcsAt, u.Arcs = b.s.PlayerTurn, 0
	}
	u.Arcs |= 1 << a
	b.emit(Event{Type: "arc", Unit: u.ID, Target: target.ID, Text: fmt.Sprintf("%s fires in its %s arc", u.ID, ArcName(a))})
}

// dropShipTargetError says why a DropShip may not be declared to land on
// h: it must be open ground at level 0 with none of the units its side
// knows of there (000 lines 1214, 1237).
func dropShipTargetError(s *State, h hex.Hex, known []*Unit) error {
	if err := dropShipGroundError(s, h); err != nil {
		return err
	}
	if len(known) > 0 {
		return illegal("a DropShip may not land on other units (%s): %s stands in %s", bookCite{1237}, known[0].ID, h)
	}
	return nil
}

// dropShipGroundError says why a DropShip may not stand on h: it lands
// only on open ground at level 0 (000 line 1214), which is also where one
// stands at a contact (ruling DR22).
func dropShipGroundError(s *State, h hex.Hex) error {
	if c := s.Cell(h); c.Terrain != mapgen.Open || c.Elevation != 0 {
		return illegal("a DropShip lands on open ground at level 0 (%s); %s is %v at level %d", bookCite{1214}, h, c.Terrain, c.Elevation)
	}
	return nil
}

// dropShipAboard lists the units aboard u, in ID order.
func dropShipAboard(s *State, u *Unit) []*Unit {
	var out []*Unit
	for i, v := range s.Units {
		if v.Aboard == u.ID && v.Status == Reserve {
			out = append(out, s.own(i))
		}
	}
	return out
}

// landDropShip brings down DropShip u on its declared hex (000 lines
// 1214–1249). A hex that is not open ground at level 0 (a set-up may name
// one) or a visible unit standing there now stops the landing: the ship
// stays in orbit (ruling DR17). A roll of 5+ lands it; a failed roll
// reads the Failed Landing Table: a crash destroys it (and its load) on
// the target hex; otherwise it scatters, crushes what stands where it
// comes down, takes the table's steps, and its ground units aboard roll
// for damage.
func (b *battle) landDropShip(u *Unit) error {
	s := b.s
	h := u.DropAt
	u.DropTurn = 0
	if err := dropShipGroundError(s, h); err != nil {
		b.emit(Event{Type: "drop_aborted", Unit: u.ID, Hex: hexp(h), Audience: []string{u.Side},
			Text: fmt.Sprintf("%s cannot land on %s, which is not open ground at level 0 (%s), and stays in orbit", u.ID, h, cite.Book(1214))})
		return nil
	}
	for _, v := range s.UnitsAt(h, false) {
		if v.Class.Kind() != KindAir {
			b.emit(Event{Type: "drop_aborted", Unit: u.ID, Hex: hexp(h), Audience: []string{u.Side},
				Text: fmt.Sprintf("%s cannot land on %s, where %s stands (%s), and stays in orbit", u.ID, h, v.ID, cite.Book(1237))})
			return nil
		}
	}
	u.Drop = false
	u.Status, u.Hex, u.StartHex, u.LandedAt = Active, h, h, s.PlayerTurn
	b.emit(Event{Type: "drop", Unit: u.ID, Hex: hexp(h), Text: fmt.Sprintf("%s comes down on %s", aClass(u.Class), h)})
	roll, err := b.roll(fmt.Sprintf("landing roll for %s (needs %d)", u.ID, DropShipLandingTarget), 2, nil)
	if err != nil {
		return err
	}
	if roll >= DropShipLandingTarget {
		b.emit(Event{Type: "landing", Unit: u.ID, Hex: hexp(h), Roll: intp(roll), Result: strp("passed"), Text: fmt.Sprintf("%s lands at %s", u.ID, h)})
		return b.dropShipClear(u)
	}
	b.emit(Event{Type: "landing", Unit: u.ID, Hex: hexp(h), Roll: intp(roll), Result: strp("failed"),
		Text: fmt.Sprintf("%s is damaged in landing (rolled %d, needed %d)", u.ID, roll, DropShipLandingTarget)})
	fl, err := b.roll(fmt.Sprintf("failed landing table for %s", u.ID), 2, nil)
	if err != nil {
		return err
	}
	row, _ := FailedLandingRow(fl)
	if row.Crash {
		b.emit(Event{Type: "crash", Unit: u.ID, Hex: hexp(h), Roll: intp(fl), Text: fmt.Sprintf("%s crashes at %s", u.ID, h)})
		b.destroy(u, "a crash landing", true)
		return nil
	}
	face, err := b.roll(fmt.Sprintf("scatter direction for %s", u.ID), 1, nil)
	if err != nil {
		return err
	}
	d := ScatterDirection(face)
	to := scatterHex(s.Map, h, d, row.Scatter)
	u.Hex, u.StartHex = to, to
	b.emit(Event{Type: "scatter", Unit: u.ID, From: hexp(h), Hex: hexp(to), Roll: intp(fl),
		Text: fmt.Sprintf("%s scatters %d hexes %v from %s to %s", u.ID, row.Scatter, d, h, to)})
	if err := b.dropShipClear(u); err != nil {
		return err
	}
	if err := b.takeSteps(u, row.Steps, "a damaged landing", true); err != nil || u.Status != Active {
		return err
	}
	return b.dropShipLoadDamage(u)
}

// dropShipClear deals with every other unit in DropShip u's hex as it
// comes down (000 lines 1237–1239): air units move to the nearest hex
// they may stand in, clockwise from the north (the owner's choice,
// made by the referee: ruling DR18); every other unit — hidden ones too
// (ruling DR17) — is destroyed, leaving no salvage.
func (b *battle) dropShipClear(u *Unit) error {
	for _, v := range b.s.UnitsAt(u.Hex, true) {
		if v.ID == u.ID {
			continue
		}
		if v.Class.Kind() == KindAir {
			from := v.Hex
			to, ok := b.dropPlace(v, v.Hex)
			if !ok {
				b.destroy(v, fmt.Sprintf("%s coming down with nowhere to go", u.ID), false)
				continue
			}
			v.Hex = to
			b.emit(Event{Type: "move", Unit: v.ID, From: hexp(from), Hex: hexp(to), Text: fmt.Sprintf("%s moves aside from %s to %s as %s comes down", v.ID, from, to, u.ID)})
			continue
		}
		v.Hidden = false
		b.emit(Event{Type: "crushed", Unit: v.ID, Side: v.Side, Hex: hexp(v.Hex), Text: fmt.Sprintf("%s is crushed by %s", v.ID, u.ID)})
		b.destroy(v, fmt.Sprintf("%s coming down on it", u.ID), false)
	}
	return nil
}

// dropShipLoadDamage rolls for each ground unit aboard a DropShip damaged
// in landing (000 line 1247): 1D6 + 2 + the ship's damage steps is the
// column, 2D6 on the battle's CRT, and only step results count. What is
// aboard is the owner's secret, so the rolls and results are his alone
// (ruling DR19).
func (b *battle) dropShipLoadDamage(u *Unit) error {
	own := []string{u.Side}
	for _, v := range dropShipAboard(b.s, u) {
		if !v.Class.Ground() {
			continue
		}
		d6, err := b.roll(fmt.Sprintf("landing damage column for %s aboard %s", v.ID, u.ID), 1, own)
		if err != nil {
			return err
		}
		col := d6 + 2 + u.Step
		roll, err := b.roll(fmt.Sprintf("landing damage to %s aboard %s", v.ID, u.ID), 2, own)
		if err != nil {
			return err
		}
		r, err := b.s.Rules.CRT.Lookup(col, roll)
		if err != nil {
			return err
		}
		b.emit(Event{Type: "attack", Attacker: u.ID + " landing", Target: v.ID, Mode: "landing", Column: intp(ClampColumn(col)),
			Roll: intp(roll), Result: strp(r.String()), Audience: own, Text: fmt.Sprintf("%s is shaken in %s's damaged landing", v.ID, u.ID)})
		if r.Kind == Steps {
			b.aboardSteps(v, r.Steps, own)
		}
	}
	return nil
}

// aboardSteps applies n damage steps to a unit aboard a DropShip: an
// unused Extra 'Mech chit absorbs the first (000 line 1304); a unit out
// of steps is destroyed aboard and leaves no salvage of its own.
func (b *battle) aboardSteps(v *Unit, n int, audience []string) {
	if v.Chits.ExtraMech && !v.ExtraMechUsed {
		v.ExtraMechUsed = true
		n--
	}
	if n <= 0 {
		return
	}
	v.Step = min(v.Step+n, v.Class.Info().Steps)
	if v.Step >= v.Class.Info().Steps {
		v.Status = Destroyed
		b.emit(Event{Type: "destroyed", Unit: v.ID, Side: v.Side, Audience: audience, Text: fmt.Sprintf("%s is destroyed aboard %s", v.ID, v.Aboard)})
		return
	}
	b.emit(Event{Type: "damage", Unit: v.ID, Side: v.Side, Audience: audience, Text: fmt.Sprintf("%s takes %s aboard %s: now step %d", v.ID, english.Count(n, "step"), v.Aboard, v.Step)})
}

// dropShipDestroyed destroys DropShip u and every unit aboard (000 lines
// 1249, 1259). It leaves three salvage counters plus one per unit it
// carried, unless nothing is left to salvage (an explosion, being
// crushed; ruling DR20).
func (b *battle) dropShipDestroyed(u *Unit, cause string, salvage bool) {
	u.Step, u.Status, u.Disrupted = u.Class.Info().Steps, Destroyed, false
	b.emit(Event{Type: "destroyed", Unit: u.ID, Side: u.Side, Hex: hexp(u.Hex), Text: fmt.Sprintf("%s is destroyed by %s", u.ID, cause)})
	aboard := dropShipAboard(b.s, u)
	for _, v := range aboard {
		v.Step, v.Status = v.Class.Info().Steps, Destroyed
		b.emit(Event{Type: "destroyed", Unit: v.ID, Side: v.Side, Text: fmt.Sprintf("%s is destroyed aboard %s", v.ID, u.ID)})
	}
	if !salvage {
		return
	}
	n := DropShipSalvage + len(aboard)
	if b.s.Salvage == nil {
		b.s.Salvage = map[hex.Hex]int{}
	}
	b.s.Salvage[u.Hex] += n
	b.emit(Event{Type: "salvage", Hex: hexp(u.Hex), Text: fmt.Sprintf("%d salvage counters lie at %s", n, u.Hex)})
}

// dropShipCaptured hands the units aboard a captured DropShip to the
// enemy with it (ruling DR20).
func (b *battle) dropShipCaptured(u *Unit) {
	for _, v := range dropShipAboard(b.s, u) {
		v.Status = Captured
		b.emit(Event{Type: "captured", Unit: v.ID, Side: v.Side, Text: fmt.Sprintf("%s is captured aboard %s", v.ID, u.ID)})
	}
}

// embarkCost is the MP u spends to move from its hex into DropShip ds's
// hex: the step as if the ship were not there (000 line 1257).
func embarkCost(s *State, u, ds *Unit) (int, error) {
	m := newMover(s, u, nil)
	m.at(ds.Hex).dropShip = false
	cost, _, f := m.step(u.Hex, ds.Hex)
	if f != stepOK {
		return 0, m.stepError(u.Hex, ds.Hex, f)
	}
	return cost, nil
}

// embarkError says why u may not go inside DropShip ds now (000 lines
// 630, 1257): a ground unit free to move, beside a landed DropShip of its
// side that has room, with the MP to enter its hex.
func embarkError(s *State, u, ds *Unit) error {
	if err := canMove(s, u); err != nil {
		return err
	}
	switch {
	case !u.Class.Ground():
		return illegal("only ground units board a DropShip in battle (ruling DR16)")
	case u.Hidden:
		return illegal("%s is hidden and stays where it was written down (ruling DR16)", u.ID)
	case ds == nil || ds.Side != u.Side || ds.Class.Kind() != KindDropShip || !ds.Status.OnMap():
		return illegal("you have no DropShip of that name on the map")
	case hex.Distance(u.Hex, ds.Hex) != 1:
		return illegal("%s must stand next to %s to board it (%s)", u.ID, ds.ID, bookCite{1257})
	case len(dropShipAboard(s, ds)) >= DropShipLoad(ds.Class):
		return illegal("%s is full: a %v DropShip carries %s (%s)", ds.ID, ds.Class, unitCount(DropShipLoad(ds.Class)), bookSpan{1205, 1210})
	}
	cost, err := embarkCost(s, u, ds)
	if err != nil {
		return err
	}
	if cost > u.MPLeft {
		return illegal("entering %s's hex costs %d MP; %s has %d left (%s)", ds.ID, cost, u.ID, u.MPLeft, bookCite{1257})
	}
	return nil
}

// embark puts a unit inside its DropShip: off the map, its movement over
// for the turn. An overburning unit pays its step as it goes in.
func (b *battle) embark(a Action) error {
	u := b.unit(a.Unit)
	ds := b.s.Unit(a.Target)
	if err := embarkError(b.s, u, ds); err != nil {
		return err
	}
	cost, _ := embarkCost(b.s, u, ds)
	if u.Overburning {
		if err := b.overburnLoss(u); err != nil || u.Status != Active {
			return err
		}
	}
	from := u.Hex
	u.Moved, u.MoveTurn, u.Halted, u.RoadBonus = true, b.s.PlayerTurn, true, false
	u.MPLeft -= cost
	u.Status, u.Aboard, u.Disrupted = Reserve, ds.ID, false
	b.emit(Event{Type: "embark", Unit: u.ID, From: hexp(from), Hex: hexp(ds.Hex), Target: ds.ID, Text: fmt.Sprintf("%s boards %s at %s", u.ID, ds.ID, ds.Hex)})
	return nil
}

// debarkError says why unit u aboard a DropShip may not come out onto h
// (000 lines 1212, 1253): a ground unit, from a ship that landed before
// this movement phase, that did not board this turn, onto a hex beside
// the ship that it may stand in and that holds no enemy it can see
// (ruling DR16).
func (b *battle) debarkError(u *Unit, h hex.Hex) error {
	s := b.s
	if s.Phase != PhaseMovement {
		return illegal("units debark in the movement phase (%s)", bookCite{1253})
	}
	if u.Status != Reserve || u.Aboard == "" {
		return illegal("%s is not aboard a DropShip", u.ID)
	}
	ds := s.Unit(u.Aboard)
	switch {
	case !u.Class.Ground():
		return illegal("%s is an air unit: fighters carried by a DropShip cannot debark (%s)", u.ID, bookCite{1212})
	case ds == nil || !ds.Status.OnMap():
		return illegal("%s's DropShip %s has not landed", u.ID, u.Aboard)
	case ds.LandedAt == s.PlayerTurn:
		return illegal("units debark in the movement phase after the landing (%s)", bookCite{1253})
	case u.Moved && u.MoveTurn == s.PlayerTurn:
		return illegal("%s boarded %s, or tried to leave it, this turn", u.ID, ds.ID)
	case hex.Distance(h, ds.Hex) != 1:
		return illegal("units leaving a DropShip are placed on a hex next to it (%s); %s is not next to %s", bookCite{1253}, h, ds.ID)
	}
	for _, v := range dropVisibleAt(s, u.Side, h) {
		if v.Side != u.Side {
			return illegal("%s may not debark into %s, where enemy unit %s stands (ruling DR16)", u.ID, h, v.ID)
		}
	}
	return b.canStandKnown(u, h)
}

// DebarkMP is the MP unit u aboard a DropShip has to move with as it
// debarks: its whole movement allowance, as the weather leaves it (000
// line 1253; ruling R11).
func DebarkMP(s *State, u *Unit) int { return weatherMP(s, u, u.CurrentMP()) }

// debark places a unit beside its DropShip with its whole movement
// allowance still to use (000 line 1253).
func (b *battle) debark(a Action) error {
	u := b.unit(a.Unit)
	if err := b.debarkError(u, a.To); err != nil {
		return err
	}
	ship := u.Aboard
	if !b.tryStand(u, a.To, false) {
		// The enemy's hidden units fill the hex (debarkError counted only
		// what the side knows): they are revealed, naming no unit, as
		// what was aboard stays the owner's (DR16), and u stays aboard,
		// its move spent, as a mover stopped in a full hex falls back
		// (ruling M12).
		u.Moved, u.MoveTurn = true, b.s.PlayerTurn
		b.emit(Event{Type: "debark", Unit: u.ID, Target: ship, Audience: []string{u.Side},
			Text: fmt.Sprintf("%s cannot leave %s onto %s, which the revealed units fill; it stays aboard this turn (ruling M12)", u.ID, ship, a.To)})
		return nil
	}
	u.Status, u.Aboard, u.Hex, u.StartHex = Active, "", a.To, a.To
	u.Moved, u.Halted, u.RoadBonus, u.MPLeft = false, false, false, DebarkMP(b.s, u)
	b.emit(Event{Type: "debark", Unit: u.ID, Hex: hexp(a.To), Target: ship, Text: fmt.Sprintf("%s leaves %s at %s", u.ID, ship, a.To)})
	// Leaving the ship is entering the hex: mines there go off and the
	// enemy's hiding infantry is revealed and may attack, and either
	// stops u (rulings M13, M14).
	halt, err := b.meet(u, a.To)
	if halt {
		b.halt(u)
	}
	return err
}

// liftoffError says why u may not lift off now (ruling DR16): a DropShip
// standing on the map, in its side's movement phase, not in the player
// turn it landed.
func liftoffError(s *State, u *Unit) error {
	switch {
	case u.Class.Kind() != KindDropShip:
		return illegal("%s is not a DropShip: only DropShips lift off", u.ID)
	case s.Phase != PhaseMovement:
		return illegal("a DropShip lifts off in its side's movement phase (ruling DR16)")
	case !u.Status.OnMap():
		return illegal("%s is not on the map", u.ID)
	case u.LandedAt == s.PlayerTurn:
		return illegal("%s landed this turn and may lift off from its next movement phase (ruling DR16)", u.ID)
	}
	return nil
}

// liftoff takes a DropShip and everything aboard out of the battle: they
// are withdrawn, not lost (the scenario of 000 lines 2409–2493 scores
// what escapes). Only the owner hears what was aboard.
func (b *battle) liftoff(a Action) error {
	u := b.unit(a.Unit)
	if err := liftoffError(b.s, u); err != nil {
		return err
	}
	aboard := dropShipAboard(b.s, u)
	u.Status = Withdrawn
	b.emit(Event{Type: "liftoff", Unit: u.ID, Hex: hexp(u.Hex), Text: fmt.Sprintf("%s lifts off from %s and leaves the battle", u.ID, u.Hex)})
	var ids []string
	for _, v := range aboard {
		v.Status = Withdrawn
		ids = append(ids, v.ID)
	}
	if len(ids) > 0 {
		b.emit(Event{Type: "liftoff_load", Unit: u.ID, Audience: []string{u.Side}, Text: fmt.Sprintf("%s carries %s away", u.ID, strings.Join(ids, ", "))})
	}
	return nil
}
