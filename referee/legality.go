package referee

import (
	"bytes"
	"maps"
	"slices"
	"unsafe"

	"bfbot/mapgen/hex"
)

// A Legality is the work ValidActions shares between the units of one
// state (NewLegality), each part made the first time it is asked for: the
// lines of sight traced so far, the building hexes, the units that may be
// attacked by the hex they stand in, so that a unit's attacks look only
// at what stands within its reach instead of at every unit and hex of the
// battle, the attacks listed so far, and the memory the move search
// works in.
type Legality struct {
	s     *State
	lines *sightlines
	// attacks are the lists Attacks gave, by unit ID.
	attacks map[string][]Action
	// moves is the memory validMoves works in, unit after unit.
	moves *moveScratch
	// indexed: buildings, first and standing are made.
	indexed bool
	// buildings are the hexes holding a building that is not rubble, row
	// by row; listed: they are (index, or Next on the same terrain).
	buildings []hex.Hex
	listed    bool
	// standing[first[c]:first[c+1]] are the indices in s.Units, in order,
	// of the units on the map and not hidden in map cell c (row-major).
	first    []int32
	standing []int32
	near     []int32 // within's answer
}

// Next is a Legality for next, a later state of the same battle: the
// memory validMoves works in carries over, the lines of sight traced so
// far and the building hexes while the terrain is the same (the map, its
// rubble and the night), and in the attack phase the attacks listed for
// the units nothing they depend on has changed for (carriedAttacks).
func (q *Legality) Next(next *State) *Legality {
	l := NewLegality(next)
	l.moves = q.moves
	if !sameTerrain(q.s, next) {
		return l
	}
	l.lines = q.lines
	l.buildings, l.listed = q.buildings, q.listed
	l.attacks = carriedAttacks(q.s, next, q.attacks)
	return l
}

// sameTerrain reports that lines of sight are the same in a and b: the
// map, its rubble and the night (sightlines).
func sameTerrain(a, b *State) bool {
	return a.Map == b.Map && a.Rules.Night == b.Rules.Night && maps.Equal(a.Rubble, b.Rubble)
}

// carriedAttacks are the attack lists of prev (Attacks) that hold in next,
// the state after one more action in the same attack phase on the same
// terrain. An attack list depends on the attacking unit, on the enemy
// units within its reach (its targets) as far as whether it may attack
// them goes (sameTarget), for a unit that may fire indirectly on the
// units of its side as far as whether they may observe for it goes
// (sameObserver: its forward observers, ruling K5), and on the rules,
// the phase and the choices the battle waits for; air units and
// DropShips, whose attacks follow rules of their own, are listed afresh.
// A list carries over when none of these changed.
func carriedAttacks(prev, next *State, lists map[string][]Action) map[string][]Action {
	if len(lists) == 0 || next.Phase != PhaseAttack || prev.Phase != next.Phase || prev.Phasing != next.Phasing ||
		prev.Turn != next.Turn || prev.PlayerTurn != next.PlayerTurn || prev.SameHexClosed != next.SameHexClosed ||
		prev.Rules != next.Rules || len(prev.Units) != len(next.Units) || prev.waiting() || next.waiting() {
		return nil
	}
	var changed []int
	for i := range next.Units {
		if prev.Units[i].ID != next.Units[i].ID {
			return nil
		}
		if !sameUnit(prev.Units[i], next.Units[i]) {
			changed = append(changed, i)
		}
	}
	out := make(map[string][]Action, len(lists))
	for id, acts := range lists {
		u := next.Unit(id)
		if u == nil || u.Class.Kind() == KindAir || u.Class.Kind() == KindDropShip {
			continue
		}
		reach, observed := max(u.Range, 1), u.Indirect || u.Class.Info().Indirect
		keep := true
		for _, i := range changed {
			was, is := prev.Units[i], next.Units[i]
			own := is.Side == u.Side
			if is.ID == id || (observed && own && !sameObserver(was, is)) ||
				(!own && !sameTarget(was, is) && (hex.Distance(u.Hex, was.Hex) <= reach || hex.Distance(u.Hex, is.Hex) <= reach)) {
				keep = false
				break
			}
		}
		if keep {
			out[id] = acts
		}
	}
	return out
}

// sameObserver reports that own unit was, changed into is, is the same
// forward observer: whether it may observe (observerCheck) reads its
// side, ID, class, status, hex, whether it is hidden or disrupted and
// its landing, not whether it has attacked, which is what an attack
// changes in the attacker.
func sameObserver(was, is *Unit) bool {
	return was.Side == is.Side && was.ID == is.ID && was.Class == is.Class && was.Status == is.Status && was.Hex == is.Hex &&
		was.Hidden == is.Hidden && was.Disrupted == is.Disrupted && was.HardLanding == is.HardLanding && was.LandedAt == is.LandedAt
}

// sameTarget reports that enemy ground unit was, changed into is, is
// the same target: whether an attack on it is legal (planAttack) reads
// its side, class, status, hex and whether it is hidden, not its steps
// or disruption, which only move the column (an attack hits it, and
// the next attacker's list of targets stays the same). An air lance,
// attacked by rules of its own, is never taken for the same.
func sameTarget(was, is *Unit) bool {
	return was.Side == is.Side && was.Class == is.Class && was.Status == is.Status && was.Hex == is.Hex &&
		was.Hidden == is.Hidden && is.Class.Kind() != KindAir
}

// sameUnit reports that a and b are equal in every field. A Unit is not
// comparable (its Overrun list), and comparing field by field would miss
// the next field added, so the two copies are compared byte for byte,
// Overrun apart: equal bytes are equal fields (a string compares by where
// its text lies, which a Clone keeps), and a difference only in padding
// or in where an equal text lies makes the unit count as changed, which
// costs a list made afresh, never a wrong one.
func sameUnit(a, b *Unit) bool {
	if a == b {
		return true // shared by the two states: Apply did not change it
	}
	x, y := *a, *b
	x.Overrun, y.Overrun = nil, nil
	n := unsafe.Sizeof(x)
	return bytes.Equal(unsafe.Slice((*byte)(unsafe.Pointer(&x)), n), unsafe.Slice((*byte)(unsafe.Pointer(&y)), n)) &&
		slices.Equal(a.Overrun, b.Overrun)
}

// waiting reports that the battle waits for a side's choice (waitError).
func (s *State) waiting() bool {
	return len(s.Ambushes) > 0 || len(s.Probes) > 0 || len(s.DropFires) > 0
}

func (q *Legality) sightlines() *sightlines {
	if q.lines == nil {
		q.lines = newSightlines(q.s)
	}
	return q.lines
}

func (q *Legality) index() {
	if q.indexed {
		return
	}
	q.indexed = true
	s, m := q.s, q.s.Map
	for y := 0; !q.listed && y < m.Height; y++ {
		for x := range m.Width {
			if h := (hex.Hex{X: x, Y: y}); s.Cell(h).Terrain.IsBuilding() {
				q.buildings = append(q.buildings, h)
			}
		}
	}
	q.listed = true
	cell := func(v *Unit) int {
		if !v.Status.OnMap() || v.Hidden || !m.Contains(v.Hex) {
			return -1
		}
		return v.Hex.Y*m.Width + v.Hex.X
	}
	// A counting sort: count the units of each cell, turn the counts into
	// where each cell starts, then place the units in order.
	q.first = make([]int32, len(m.Cells)+1)
	for i := range s.Units {
		if c := cell(s.Units[i]); c >= 0 {
			q.first[c+1]++
		}
	}
	for c := range len(m.Cells) {
		q.first[c+1] += q.first[c]
	}
	q.standing = make([]int32, q.first[len(m.Cells)])
	next := slices.Clone(q.first[:len(m.Cells)])
	for i := range s.Units {
		if c := cell(s.Units[i]); c >= 0 {
			q.standing[next[c]] = int32(i)
			next[c]++
		}
	}
}

// within returns the indices in s.Units, in order, of the units on the
// map and not hidden that stand in the rectangle of the map's rows and
// columns at most r from h: every unit at most r hexes from h is among
// them (a hex step moves one row or column at most), and a few farther.
// The slice is reused by the next call.
func (q *Legality) within(h hex.Hex, r int) []int32 {
	q.index()
	m := q.s.Map
	out := q.near[:0]
	for y := max(h.Y-r, 0); y <= min(h.Y+r, m.Height-1); y++ {
		row := y * m.Width
		lo, hi := row+max(h.X-r, 0), row+min(h.X+r, m.Width-1)
		out = append(out, q.standing[q.first[lo]:q.first[hi+1]]...)
	}
	slices.Sort(out)
	q.near = out
	return out
}
