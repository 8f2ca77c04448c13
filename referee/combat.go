package referee

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// Combat (000 lines 809–936, 1005–1030): ranged, close, indirect fire and
// infantry close assault against units, and attacks on buildings
// (buildings.go). An attack is checked in full by planAttack, which
// changes nothing, so that validAttacks lists exactly what attack
// accepts; attack then rolls and applies the result (damage.go).

// CloseAssaultColumn is the column of an infantry close assault, whatever
// the target's Defensive Value and terrain (000 line 1013).
const CloseAssaultColumn = 5

// NightFireShift is the column shift of every ranged attack at night (000
// line 2383). Close combat is not affected.
const NightFireShift = -2

// DisruptedTargetShift is the column shift for attacking a disrupted unit
// (000 lines 916, 980).
const DisruptedTargetShift = 2

// attackPlan is an attack the rules allow, worked out to its column.
type attackPlan struct {
	attacker *Unit
	target   *Unit   // nil for an attack on a building
	at       hex.Hex // the target's hex
	mode     AttackMode
	// value is the declared (or full) attack value; defense the target's
	// Defensive Value, 0 for a building or a close assault: value −
	// defense is always the column before shifts (ruling K13).
	value, defense, column int
	// observer is the forward observer an indirect attack fires through,
	// "" for direct fire.
	observer string
	// firepower: the attack spends the unit's Firepower chit (ruling K7).
	firepower bool
}

// sameHex reports an attack within the attacker's own hex, which is
// resolved before all other combat (000 lines 602–606).
func (p *attackPlan) sameHex() bool { return p.at == p.attacker.Hex }

// declare lowers p.value to the value the player declared (000 line
// 849): 0 declares none and keeps the full value; a value under 1 or
// over the full one is refused. full names the value in the message:
// "Air Attack Value", or a modeValue ("ranged value").
func (p *attackPlan) declare(v int, full any) error {
	if v == 0 {
		return nil
	}
	if v < 1 || v > p.value {
		return illegal("declared value %d: a unit may declare a value lower than its full %s of %d, never higher (%s)", v, full, p.value, bookCite{849})
	}
	p.value = v
	return nil
}

// attack carries out an attack by the phasing side's unit (000 lines
// 845–936). The first attack of a player turn ends its movement, and
// sighting runs first (docs/architecture.md).
func (b *battle) attack(a Action) error {
	if b.s.Phase == PhaseDeploy {
		return illegal("attacks come after deployment, in the attack phase of a player turn")
	}
	u := b.unit(a.Unit)
	if now, err := b.attackEndsMovement(u); !now || err != nil {
		return err
	}
	p, err := planAttack(b.s, b.sightlines(), u, a)
	if err != nil {
		return err
	}
	if u.Class.Kind() == KindDropShip {
		b.dropShipUseArc(u, p.target)
	}
	u.Attacked = true
	if !p.sameHex() && u.Class.Ground() && b.s.SameHexClosed != b.s.PlayerTurn {
		b.s.SameHexClosed = b.s.PlayerTurn
	}
	if p.firepower {
		u.FirepowerUsed = true
		b.emit(Event{Type: "firepower", Unit: u.ID, Audience: b.ownerAndProbers(u),
			Text: fmt.Sprintf("%s fires with its Firepower +%d chit, which is now spent", u.ID, u.Chits.Firepower)})
	}
	switch {
	case p.target == nil:
		return b.attackBuilding(p)
	case p.mode == CloseAssault:
		return b.closeAssault(u, p.target)
	}
	e := Event{
		Attacker: u.ID, Mode: p.mode.String(),
		Value: intp(p.value), Defense: intp(p.defense), Column: intp(p.column),
	}
	if p.observer != "" {
		e.Text = fmt.Sprintf("%s fires indirectly through forward observer %s", u.ID, p.observer)
	}
	return b.attackRoll(e, p.target)
}

// closeAssault resolves infantry u's close assault on target in its hex
// (000 lines 1011–1015; ruling K9) and then takes the two steps the
// infantry pays. Hidden infantry attacks this way too (000 line 1052):
// the caller checks the rest.
func (b *battle) closeAssault(u, target *Unit) error {
	e := Event{
		Attacker: u.ID, Mode: CloseAssault.String(),
		Value: intp(CloseAssaultColumn), Defense: intp(0), Column: intp(closeAssaultColumn(u, target)),
	}
	if err := b.attackRoll(e, target); err != nil {
		return err
	}
	return b.takeSteps(u, 2, "its own close assault", true)
}

// closeAssaultColumn is the +5 column, shifted by the attacker's
// experience and by +2 against a disrupted target (000 lines 1011–1015,
// 980; ruling K9); the target's D and terrain do not count.
func closeAssaultColumn(u, target *Unit) int {
	shifts := []int{ExperienceShift(u.Experience)}
	if target.Disrupted {
		shifts = append(shifts, DisruptedTargetShift)
	}
	return Column(CloseAssaultColumn, 0, shifts...)
}

// planAttack checks an attack against the rules without changing
// anything and works out its column. Every refusal names the rule.
func planAttack(s *State, lines *sightlines, u *Unit, a Action) (attackPlan, error) {
	if u.Class.Kind() == KindAir {
		return airPlanAttack(s, u, a)
	}
	if u.Class.Kind() == KindDropShip {
		return dropShipPlanAttack(s, lines, u, a)
	}
	p := attackPlan{attacker: u, mode: a.Mode}
	if err := readyToAttack(s, u); err != nil {
		return p, err
	}
	if a.Mode > CloseAssault {
		return p, illegal("unknown attack mode: use ranged, close or assault")
	}
	target, at, err := findTarget(s, u.Side, a.Target)
	if err != nil {
		return p, err
	}
	if target != nil && target.Class.Kind() == KindAir {
		return airPlanGroundFire(s, u, target, a)
	}
	p.target, p.at = target, at
	if target == nil && a.Mode == CloseAssault {
		return p, illegal("close assault is an infantry attack on a unit in its hex (%s); attack a building ranged or close", bookCite{1013})
	}
	name := a.Target
	dist := hex.Distance(u.Hex, at)
	if u.MinRange > 0 && dist < u.MinRange {
		return p, illegal("%s is %s from %s, inside its minimum range of %d: Long Toms cannot fire that close (%s; ruling K6)", name, hexCount(dist), u.ID, u.MinRange, bookCite{835})
	}
	if a.Observer != "" && a.Mode != Ranged {
		return p, illegal("only ranged attacks fire through a forward observer (%s)", bookCite{827})
	}
	if a.Value != 0 && a.Mode == CloseAssault {
		return p, illegal("a close assault is resolved on the +5 column whatever the values (%s): declare no value", bookCite{1013})
	}
	if s.SameHexClosed == s.PlayerTurn && s.PlayerTurn > 0 && dist == 0 {
		return p, illegal("combat within a hex is resolved before all other combat (%s; ruling K10), and your units have already fired at other hexes this turn", bookSpan{604, 606})
	}
	cur := attackValues(u)
	var shiftMem [6]int // on the stack: an AI asks for thousands of plans a turn
	shifts := shiftMem[:0]
	switch a.Mode {
	case Ranged:
		if dist > u.Range {
			return p, illegal("%s is %d hexes from %s, beyond its range of %d (%s)", name, dist, u.ID, u.Range, bookCite{833})
		}
		if err := weatherRangeError(s, u, dist, name); err != nil {
			return p, err
		}
		los := lines.los(u.Hex, at)
		indirect := u.Indirect || u.Class.Info().Indirect
		if a.Observer != "" && !indirect {
			return p, illegal("%s cannot fire indirectly: only Fire 'Mech lances and artillery use forward observers (%s)", u.ID, bookCite{827})
		}
		switch {
		case a.Observer != "":
			o := s.Unit(a.Observer)
			if err := observerFor(s, lines, u, o, a.Observer, at, name); err != nil {
				return p, err
			}
			p.observer = o.ID
		case !los.Clear && indirect:
			p.observer = autoObserver(s, lines, u, at)
			if p.observer == "" {
				return p, illegal("%s has no clear line of sight to %s (%v) and no friendly unit can act as its forward observer: one on the map, not disrupted, with a clear line of sight to the target (%s; ruling K5)", u.ID, name, los, bookCite{827, 980})
			}
		case !los.Clear:
			return p, illegal("%s has no clear line of sight to %s: %v (%s%s)", u.ID, name, los, bookCite{823}, nightWoods(s.Rules.Night))
		}
		p.value = cur.RA
		if u.Chits.Firepower > 0 && !u.FirepowerUsed {
			p.value += u.Chits.Firepower
			p.firepower = a.Value == 0 || a.Value > cur.RA
		}
		// Indirect fire units ignore the terrain between (000 line 898;
		// ruling K5).
		if !indirect {
			shifts = append(shifts, los.Shift)
		}
		if s.Rules.Night {
			shifts = append(shifts, NightFireShift)
		}
	case Close:
		if dist > 1 {
			return p, illegal("%s is %d hexes from %s: close attacks reach only the same or an adjacent hex (%s)", name, dist, u.ID, bookCite{813})
		}
		if s.Cell(u.Hex).Elevation != s.Cell(at).Elevation {
			return p, illegal("%s stands on a different elevation from %s: units adjacent on different elevations attack with their Ranged Attack Value (%s)", name, u.ID, bookCite{837})
		}
		p.value = cur.CA
	case CloseAssault:
		if u.Class.Kind() != KindInfantry {
			return p, illegal("only infantry makes a close assault (%s)", bookCite{1013})
		}
		if dist != 0 {
			return p, illegal("a close assault is made on a unit in the infantry's own hex (%s); %s is %s away", bookCite{1013}, name, hexCount(dist))
		}
	}
	shifts = append(shifts, weatherShift(s, u, target, a.Mode, dist))
	if err := p.declare(a.Value, modeValue(a.Mode)); err != nil {
		return p, err
	}
	if target == nil {
		return planBuilding(s, p, shifts)
	}
	if a.Mode == CloseAssault {
		p.value, p.defense, p.column = CloseAssaultColumn, 0, closeAssaultColumn(u, target)
		return p, nil
	}
	p.defense = target.Current().D
	shifts = append(shifts, ExperienceShift(u.Experience), s.Cell(at).Terrain.Info().Shift)
	if target.Disrupted {
		shifts = append(shifts, DisruptedTargetShift)
	}
	p.column = Column(p.value, p.defense, shifts...)
	return p, nil
}

// attackValues are the values u attacks with: its current row (with
// overburn, 000 line 1021), and while its Extra 'Mech chit is unused the
// overburn Ranged Attack Value without declaring overburn and without the
// step it costs (000 line 1304; ruling K20). The chit is removed when it
// absorbs a step (damage.go).
func attackValues(u *Unit) Values {
	cur := u.Current()
	if u.Chits.ExtraMech && !u.ExtraMechUsed && !u.Overburning {
		v := *u
		v.Overburning = true
		cur.RA = v.Current().RA
	}
	return cur
}

// readyToAttack says why u cannot attack at all now.
func readyToAttack(s *State, u *Unit) error {
	switch {
	case u.Status != Active:
		return illegal("%s is %v and cannot attack", u.ID, u.Status)
	case u.Hidden:
		return illegal("%s is hidden: hidden infantry attacks only an enemy unit that enters its hex (%s; ruling K2)", u.ID, bookCite{1052})
	case u.Class.Kind() == KindDropShip:
		return dropShipReady(s, u) // three arcs, not one attack (dropship.go)
	case hardLanded(s, u):
		return illegal("%s landed hard this turn and may not fire (%s)", u.ID, bookCite{763})
	case u.Class.Info().NoCombat:
		return illegal("%s is a truck unit and has no combat ability (%s)", u.ID, bookCite{847})
	case u.Disrupted:
		return illegal("%s is disrupted and may not attack this turn (%s)", u.ID, bookCite{980})
	case u.Attacked:
		return illegal("%s has already attacked this turn: each unit attacks once a turn (%s; ruling K1)", u.ID, bookCite{600, 817, 1263})
	}
	return nil
}

// findTarget reads an attack's target: a unit ID, or a hex name for a
// building (buildings.go). A unit side cannot attack at all — hidden,
// off the map, unknown — gets the same answer as a unit that does not
// exist, so the refusal tells nothing (R10; ruling K2).
func findTarget(s *State, side, id string) (*Unit, hex.Hex, error) {
	if v := s.Unit(id); v != nil && (v.Side == side || (v.Status.OnMap() && !v.Hidden)) {
		switch {
		case v.Side == side:
			return nil, hex.Hex{}, illegal("%s is your own unit", id)
		case v.Status == Surrendered:
			return nil, hex.Hex{}, illegal("%s has surrendered: it may only be captured, by moving into its hex (%s; ruling K3)", id, bookCite{970})
		}
		return v, v.Hex, nil
	}
	if h, err := hex.Parse(id); err == nil {
		return nil, h, buildingTarget(s, h)
	}
	return nil, hex.Hex{}, illegal("you have no target %s in sight", id)
}

// An observerFault is why a unit cannot act as a forward observer: a
// reason code, so that autoObserver, which tries every friendly unit,
// builds no sentence for the ones that cannot; observerFor words it.
type observerFault int8

const (
	observerFits observerFault = iota
	observerNotYours
	observerSelf
	observerOffMap
	observerDisrupted
	observerLanded
	observerBlind
)

// observerCheck says whether o can act as u's forward observer against
// the target in hex at (000 lines 827–829; ruling K5), and the line of
// sight it checked. Observers need not be within weapon or sensor range.
func observerCheck(s *State, lines *sightlines, u, o *Unit, at hex.Hex) (observerFault, LOS) {
	switch {
	case o == nil || o.Side != u.Side:
		return observerNotYours, LOS{}
	case o.ID == u.ID:
		return observerSelf, LOS{}
	case o.Status != Active || o.Hidden || !o.Class.Ground():
		return observerOffMap, LOS{}
	case o.Disrupted:
		return observerDisrupted, LOS{}
	case hardLanded(s, o):
		return observerLanded, LOS{}
	}
	if l := lines.los(o.Hex, at); !l.Clear {
		return observerBlind, l
	}
	return observerFits, LOS{}
}

// observerFor says why o (named id by the player) cannot act as u's
// forward observer against target in hex at (observerCheck).
func observerFor(s *State, lines *sightlines, u, o *Unit, id string, at hex.Hex, target string) error {
	f, l := observerCheck(s, lines, u, o, at)
	switch f {
	case observerNotYours:
		return illegal("you have no unit %s to act as forward observer", id)
	case observerSelf:
		return illegal("%s cannot be its own forward observer: it needs another unit with a clear line of sight (%s)", u.ID, bookCite{827})
	case observerOffMap:
		return illegal("%s cannot act as forward observer: it must be a ground unit standing on the map (ruling K5)", id)
	case observerDisrupted:
		return illegal("%s is disrupted and may not act as forward observer (%s)", id, bookCite{980})
	case observerLanded:
		return illegal("%s landed hard this turn and may not sight (%s)", id, bookCite{763})
	case observerBlind:
		return illegal("forward observer %s has no clear line of sight to %s: %v (%s)", id, target, l, bookCite{827})
	}
	return nil
}

// autoObserver is the forward observer used when an indirect fire unit
// without a line of sight names none: the first friendly unit, by ID,
// that qualifies (ruling K5); "" if none does.
func autoObserver(s *State, lines *sightlines, u *Unit, at hex.Hex) string {
	for _, o := range s.Units {
		if o.Side == u.Side && o.ID != u.ID {
			if f, _ := observerCheck(s, lines, u, o, at); f == observerFits {
				return o.ID
			}
		}
	}
	return ""
}

// inReach reports whether an attack in mode m can reach a target dist
// hexes away at all: planAttack refuses every attack that cannot (ranged
// beyond the Range Value, 000 lines 833 and 1265; close beyond an
// adjacent hex, 813 and 1154; close assault by anything but infantry or
// outside its hex, 1013; a DropShip fires ranged only, 1265).
// validAttacks asks it first so that only attacks in reach are checked
// in full, and no refusal is built for the rest.
func inReach(u *Unit, m AttackMode, dist int) bool {
	switch m {
	case Ranged:
		return dist <= u.Range
	case Close:
		return dist <= 1 && u.Class.Kind() != KindDropShip
	case CloseAssault:
		return dist == 0 && u.Class.Kind() == KindInfantry
	}
	return false
}

// validAttacks lists every attack u may make now: one action per target
// and mode, at full value, with the forward observer an indirect attack
// needs. Apply accepts each of them. Only the units and buildings near
// enough to be in its reach are tried (inReach); they come in the order
// of s.Units, then row by row.
func validAttacks(q *Legality, u *Unit) []Action {
	s := q.s
	if (s.Phase != PhaseMovement && s.Phase != PhaseAttack) || u.Side != s.PhasingSide().ID || readyToAttack(s, u) != nil || airUnmoved(s) != nil || (s.Phase == PhaseMovement && dropsPending(s)) {
		return nil
	}
	if u.Class.Kind() == KindAir {
		return airValidAttacks(s, u)
	}
	var out []Action
	try := func(target string, at hex.Hex, modes ...AttackMode) {
		dist := hex.Distance(u.Hex, at)
		for _, m := range modes {
			if !inReach(u, m, dist) {
				continue
			}
			a := Action{Kind: ActAttack, Side: u.Side, Unit: u.ID, Target: target, Mode: m}
			if p, err := planAttack(s, q.sightlines(), u, a); err == nil {
				a.Observer = p.observer
				out = append(out, a)
			}
		}
	}
	reach := max(u.Range, 1)
	for _, i := range q.within(u.Hex, reach) {
		if v := s.Units[i]; v.Side != u.Side {
			try(v.ID, v.Hex, Ranged, Close, CloseAssault)
		}
	}
	for _, h := range q.buildings {
		if hex.Distance(u.Hex, h) <= reach {
			try(h.String(), h, Ranged, Close)
		}
	}
	return out
}
