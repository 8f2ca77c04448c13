package ai

import (
	"encoding/binary"

	"bfbot/mapgen/hex"
)

// Windows: a unit penned in a pocket of ground its way of moving cannot
// leave (a hover in a river through heavy woods, a wheeled lance in a
// clearing) has no route to any hex from which it could fire at the
// enemy where it stands (route.go); closing by the hexes instead, it
// went to the end of its pocket nearest the enemy, behind the woods, and
// the enemy, penned the other side of them, did the same: both sides
// stood to the turn limit (Normal on both sides, battle 1029 of the
// tournament's second set, five games). In a stalled battle such a unit
// goes to a window instead: a hex of its pocket from which it could fire
// into ground an enemy can reach. Standing there it is a target the
// enemy's own route may find; and an enemy penned too goes to its own
// window, a hex the unit's route may then find.

// windows is the way of units moving as k from hex from to a window of
// their pocket (the hexes they can reach from there, however many turns
// it takes): a hex from which they could fire within k.rng at a hex some
// fighting ground enemy the side sees could move to (a DropShip, or an
// enemy whose class is not known, only where it stands), with a line of
// sight to it or beside it on its level. The way is the MP to the window
// and the enemy's turns to the nearest hex it sees, at mp (the unit's
// MP) a turn: of two windows, the one the enemy comes to sooner. Nil
// when the pocket has none. Kept for the player turn (routeMemo) by the
// unit's hex, MP and range and the enemies.
func (pic *picture) windows(k routeKey, from hex.Hex, mp int) []int {
	m := pic.v.Map
	if !m.Contains(from) {
		return nil
	}
	num := func(b []byte, n int) []byte { return binary.AppendVarint(b, int64(n)) }
	key := []byte(pic.stepsKey(k) + "window:")
	key = num(num(num(num(key, k.rng), mp), from.X), from.Y)
	for _, e := range pic.enemies {
		if e.fighting() {
			key = append(num(num(num(key, e.at.X), e.at.Y), e.mp), e.class...)
			key = append(key, 0)
		}
	}
	f := pic.routeMemo.kept(string(key), func() []int {
		return pic.windowField(k, from, mp)
	})
	if f[from.Y*m.Width+from.X] < 0 {
		return nil
	}
	return f
}

// windowField works out the field windows returns, −1 everywhere when
// the pocket has no window.
func (pic *picture) windowField(k routeKey, from hex.Hex, mp int) []int {
	m := pic.v.Map
	pocket := pic.fieldFrom(routeKey{mode: k.mode, jump: k.jump}, []hex.Hex{from})
	// The turns the enemies need to each hex they could move to, each
	// as its class moves at the MP it is thought to have; −1: none. The
	// field is spread from the enemy's hex, so it prices the way back:
	// an estimate, off by the cost of the hexes at either end.
	turns := make([]int, len(pocket))
	for i := range turns {
		turns[i] = -1
	}
	for _, e := range pic.enemies {
		if !e.fighting() || !m.Contains(e.at) {
			continue
		}
		c, err := classOf(e.class)
		if e.ship || err != nil || e.mp <= 0 {
			turns[e.at.Y*m.Width+e.at.X] = 0
			continue
		}
		for i, w := range pic.fieldFrom(routeKey{mode: c.Info().Movement}, []hex.Hex{e.at}) {
			if t := (w + e.mp - 1) / e.mp; w >= 0 && (turns[i] < 0 || t < turns[i]) {
				turns[i] = t
			}
		}
	}
	r := max(k.rng, 1)
	dist := pic.newField()
	seeded := false
	for i, w := range pocket {
		if w < 0 {
			continue
		}
		if t := pic.seesInto(hex.Hex{X: i % m.Width, Y: i / m.Width}, r, turns); t >= 0 {
			dist[i] = t * max(mp, 1)
			seeded = true
		}
	}
	if !seeded {
		return dist // kept as it is: no hex reaches a window
	}
	return pic.spread(k, dist)
}

// seesInto is the fewest of turns (one number a hex, row by row, −1 for
// a hex no enemy reaches) over the hexes a unit in h could fire at
// within r: with a line of sight from h to it (traced from the firer, as
// the referee traces it), or beside it on its level; −1 when there is
// none.
func (pic *picture) seesInto(h hex.Hex, r int, turns []int) int {
	m := pic.v.Map
	at := h.Cube()
	best := -1
	for y := max(h.Y-r, 0); y <= min(h.Y+r, m.Height-1); y++ {
		for x := max(h.X-r, 0); x <= min(h.X+r, m.Width-1); x++ {
			g := hex.Hex{X: x, Y: y}
			t := turns[y*m.Width+x]
			if t < 0 || best >= 0 && t >= best {
				continue
			}
			d := g.Cube().Sub(at).Len() // hex.Distance(h, g)
			if d > r {
				continue
			}
			if d <= 1 && pic.cell(h).Elevation == pic.cell(g).Elevation || pic.los(h, g).clear {
				best = t
			}
		}
	}
	return best
}
