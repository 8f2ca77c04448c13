package quickstart

import (
	"fmt"

	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Attack is a declared attack: an Element of a Unit, its target Element,
// and how far it overheats (002 line 189).
type Attack struct {
	Unit          string
	Element       int
	Target        string
	TargetElement int
	Overheat      int
}

func (a Attack) String() string {
	s := fmt.Sprintf("%s/%d at %s/%d", a.Unit, a.Element+1, a.Target, a.TargetElement+1)
	if a.Overheat > 0 {
		s += fmt.Sprintf(" overheat %d", a.Overheat)
	}
	return s
}

// HexsideChoice is the side picked for the line between Units A and B
// (A < B by ID), as seen from A (002 line 197).
type HexsideChoice struct {
	A, B string
	Side Side
}

// lineSide is the side the line from Unit ai to Unit ti runs along this
// turn, where it runs along hexsides, and whether the target's player is
// to be asked for it first (AskHexside, hexside.go). Ruling QS11: where
// he is not asked, the pick is the side that denies the attack (no line
// of sight, or out of the firing arc), else the other; a pick holds for
// every attack between the two Units this turn, both ways.
func (s *State) lineSide(ai, ti int) (Side, bool) {
	a, t := s.Units[ai], s.Units[ti]
	flip := a.ID > t.ID
	lo, hi := a.ID, t.ID
	if flip {
		lo, hi = hi, lo
	}
	for _, c := range s.Hexsides {
		if c.A == lo && c.B == hi {
			if flip {
				return 1 - c.Side, false
			}
			return c.Side, false
		}
	}
	side := Left
	if s.canSee(a, t, Left) {
		side = Right
	}
	tie := FiringArcOf(a.Hex, a.Facing, t.Hex) == ArcBoundary
	for _, lh := range hex.Line(a.Hex, t.Hex) {
		tie = tie || lh.Tie()
	}
	if tie && s.AskHexside {
		return side, true
	}
	if tie {
		stored := side
		if flip {
			stored = 1 - side
		}
		s.Hexsides = append(s.Hexsides, HexsideChoice{lo, hi, stored})
	}
	return side, false
}

func (s *State) canSee(a, t UnitState, side Side) bool {
	return LineOfSight(s.Map, a.Hex, t.Hex, side) && InFiringArc(a.Hex, a.Facing, t.Hex, side)
}

// declare checks and records an attack of the acting side, or asks the
// target's side first which hexes lie along the line (hexside.go).
func (s *State) declare(at Attack) ([]Event, error) {
	ae, ask, err := s.checkAttack(at)
	if err != nil {
		return nil, err
	}
	if ask {
		return s.ask(at), nil
	}
	s.Units[s.unit(at.Unit)].Elements[at.Element] = ae
	s.Declared = append(s.Declared, at)
	return nil, nil
}

// checkAttack checks an attack of the acting side (002 lines 176–193,
// 213–225) and returns the attacking Element with the attack marked, or
// ask when the target's player is first to choose the hexes along the
// line. It changes nothing of s but the hexside picks (QS11).
func (s *State) checkAttack(at Attack) (ElementState, bool, error) {
	ai, ti := s.unit(at.Unit), s.unit(at.Target)
	if ai < 0 || ti < 0 {
		return ElementState{}, false, illegal("attack %v: there is no unit %q or %q", at, at.Unit, at.Target)
	}
	a, t := s.Units[ai], s.Units[ti]
	if a.Side != s.Acting || t.Side == s.Acting {
		return ElementState{}, false, illegal("attack %v: %s attacks now, with its own units at the enemy's", at, s.name(s.Acting))
	}
	ae, ok := a.element(at.Element)
	if !ok {
		return ElementState{}, false, illegal("unit %s has no element %d in play", a.ID, at.Element+1)
	}
	te, ok := t.element(at.TargetElement)
	if !ok {
		return ElementState{}, false, illegal("unit %s has no element %d in play", t.ID, at.TargetElement+1)
	}
	side, ask := s.lineSide(ai, ti)
	if !ask && !s.canSee(a, t, side) {
		return ElementState{}, false, illegal("%s cannot attack %s: no line of sight, or outside its firing arc", a.ID, t.ID)
	}
	if _, err := ToHit(ae, te, hex.Distance(a.Hex, t.Hex), s.Map.At(t.Hex).Terrain); err != nil {
		return ElementState{}, false, illegal("%v", err)
	}
	ae, err := ae.DeclareAttack(at.Overheat)
	if err != nil {
		return ElementState{}, false, illegal("%v", err)
	}
	return ae, ask, nil
}

// resolveAttacks resolves the acting side's declared attacks in order
// (002 lines 176–193, 247–291): an attack on an Element already
// destroyed hits without a roll; an impossible one is aborted and is no
// weapon attack (ruling QS12); otherwise 2D6 against the to-hit number,
// and a hit's damage from the front or rear.
func (s *State) resolveAttacks(d *dice.Dice) ([]Event, error) {
	var ev []Event
	for _, at := range s.Declared {
		ai, ti := s.unit(at.Unit), s.unit(at.Target)
		a, t := s.Units[ai], s.Units[ti]
		ae, te := a.Elements[at.Element], t.Elements[at.TargetElement]
		rep := &AttackReport{Attack: at}
		out := Event{Type: "attack", Turn: s.Turn, Side: a.Side, Attack: rep}
		n, err := ToHit(ae, te, hex.Distance(a.Hex, t.Hex), s.Map.At(t.Hex).Terrain)
		if err != nil {
			return nil, err
		}
		rep.ToHit = n.Number
		switch {
		case te.Destroyed:
			rep.ToHit, rep.Hit = 0, true
			out.Text = fmt.Sprintf("%v: the target is already destroyed; the attack counts as a hit", at)
		case n.Impossible():
			s.Units[ai].Elements[at.Element].Fired = false
			s.Units[ai].Elements[at.Element].OverheatUsed = 0
			rep.Aborted = true
			out.Text = fmt.Sprintf("%v: to-hit %d is impossible; aborted", at, n.Number)
		default:
			roll, err := d.TwoD6("attack " + at.String())
			if err != nil {
				return nil, err
			}
			rep.Roll = roll
			if roll < n.Number {
				out.Text = fmt.Sprintf("%v: needs %d, rolls %d: miss", at, n.Number, roll)
				break
			}
			dir := AttackDirection(a.Hex, t.Hex, t.Facing)
			dmg := AttackDamage(ae, n.Bracket, dir == Rear)
			te, dr, err := te.TakeDamage(dmg, d, at.String())
			if err != nil {
				return nil, err
			}
			s.Units[ti].Elements[at.TargetElement] = te
			rep.Hit, rep.Direction, rep.Damage, rep.Destroyed = true, dir.String(), dmg, dr.Destroyed
			out.Text = fmt.Sprintf("%v: needs %d, rolls %d: hit from the %v for %d (armor %d, structure %d)", at, n.Number, roll, dir, dmg, dr.Armor, dr.Structure)
			for _, c := range dr.Criticals {
				out.Text += fmt.Sprintf("; critical roll %d: %v", c.Roll, c.Critical)
				rep.Criticals = append(rep.Criticals, c.Critical.String())
			}
			if dr.Destroyed {
				out.Text += "; destroyed"
			}
		}
		ev = append(ev, out)
	}
	s.Declared = nil
	return ev, nil
}

// AttackToHit is the Modified To-Hit Number of attack at as the Units
// stand in s, with each modifier (ToHit); line of sight and the firing
// arc are Apply's to check.
func AttackToHit(s State, at Attack) (ToHitNumber, error) {
	ai, ti := s.unit(at.Unit), s.unit(at.Target)
	if ai < 0 || ti < 0 {
		return ToHitNumber{}, fmt.Errorf("attack %v: there is no unit %q or %q", at, at.Unit, at.Target)
	}
	a, t := s.Units[ai], s.Units[ti]
	ae, ok := a.element(at.Element)
	te, ok2 := t.element(at.TargetElement)
	if !ok || !ok2 {
		return ToHitNumber{}, fmt.Errorf("attack %v: no such element in play", at)
	}
	return ToHit(ae, te, hex.Distance(a.Hex, t.Hex), s.Map.At(t.Hex).Terrain)
}
