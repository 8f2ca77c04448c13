package referee

import (
	"slices"

	"bfbot/mapgen/hex"
)

// legality is the work ValidActions shares between the units of one state
// (ValidActionsFor), each part made the first time it is asked for: the
// lines of sight traced so far, the building hexes, and the units that
// may be attacked by the hex they stand in, so that a unit's attacks look
// only at what stands within its reach instead of at every unit and hex
// of the battle.
type legality struct {
	s     *State
	lines *sightlines
	// indexed: buildings and standing are made.
	indexed bool
	// buildings are the hexes holding a building that is not rubble, row
	// by row.
	buildings []hex.Hex
	// standing holds, per map cell (row-major), the indices in s.Units of
	// the units on the map there that are not hidden, in order.
	standing [][]int
}

func (q *legality) sightlines() *sightlines {
	if q.lines == nil {
		q.lines = newSightlines(q.s)
	}
	return q.lines
}

func (q *legality) index() {
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
	q.standing = make([][]int, len(m.Cells))
	for i := range s.Units {
		if v := &s.Units[i]; v.Status.OnMap() && !v.Hidden && m.Contains(v.Hex) {
			c := v.Hex.Y*m.Width + v.Hex.X
			q.standing[c] = append(q.standing[c], i)
		}
	}
}

// within returns the indices in s.Units, in order, of the units on the
// map and not hidden that stand at most r hexes from h.
func (q *legality) within(h hex.Hex, r int) []int {
	q.index()
	m := q.s.Map
	var out []int
	for y := max(h.Y-r, 0); y <= min(h.Y+r, m.Height-1); y++ {
		for x := max(h.X-r, 0); x <= min(h.X+r, m.Width-1); x++ {
			if at := (hex.Hex{X: x, Y: y}); hex.Distance(h, at) <= r {
				out = append(out, q.standing[y*m.Width+x]...)
			}
		}
	}
	slices.Sort(out)
	return out
}
