package referee

import (
	"maps"
	"slices"

	"bfbot/mapgen/hex"
)

// A Legality is the work ValidActions shares between the units of one
// state (NewLegality), each part made the first time it is asked for: the
// lines of sight traced so far, the building hexes, and the units that
// may be attacked by the hex they stand in, so that a unit's attacks look
// only at what stands within its reach instead of at every unit and hex
// of the battle.
type Legality struct {
	s     *State
	lines *sightlines
	// indexed: buildings, first and standing are made.
	indexed bool
	// buildings are the hexes holding a building that is not rubble, row
	// by row.
	buildings []hex.Hex
	// standing[first[c]:first[c+1]] are the indices in s.Units, in order,
	// of the units on the map and not hidden in map cell c (row-major).
	first    []int32
	standing []int32
	near     []int32 // within's answer
}

// Next is a Legality for next, a later state of the same battle: the
// lines of sight traced so far carry over while the terrain they cross is
// the same (the map, its rubble and the night).
func (q *Legality) Next(next *State) *Legality {
	l := NewLegality(next)
	if q.lines != nil && q.s.Map == next.Map && q.s.Rules.Night == next.Rules.Night && maps.Equal(q.s.Rubble, next.Rubble) {
		l.lines = q.lines
	}
	return l
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
	for y := range m.Height {
		for x := range m.Width {
			if h := (hex.Hex{X: x, Y: y}); s.Cell(h).Terrain.IsBuilding() {
				q.buildings = append(q.buildings, h)
			}
		}
	}
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
		if c := cell(&s.Units[i]); c >= 0 {
			q.first[c+1]++
		}
	}
	for c := range len(m.Cells) {
		q.first[c+1] += q.first[c]
	}
	q.standing = make([]int32, q.first[len(m.Cells)])
	next := slices.Clone(q.first[:len(m.Cells)])
	for i := range s.Units {
		if c := cell(&s.Units[i]); c >= 0 {
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
