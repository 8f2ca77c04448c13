package ai

import (
	"container/heap"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Hard's reach of the enemy: where an enemy counter may fire next turn,
// measured over the ground. Normal takes its guessed MP plus its range in
// hexes; Hard spends those MP as its class moves (route.go's step costs:
// terrain, climbing, roads), so a unit behind woods, water or a cliff
// knows it is out of reach. Like route.go it ignores stacking and the
// side's own units on the way.

// reachKey is what an enemy's reach depends on: the counter, its class
// (as sighted), where it stands and the MP it is thought to have.
type reachKey struct {
	id, class string
	at        hex.Hex
	mp        int
}

// farAway marks a hex out of every enemy's fire.
const farAway = 1 << 10

// groundReach is, for each hex of the map (row by row), how many hexes it
// lies from the nearest hex enemy e may end its move in next turn, up to
// e's range (farAway beyond); nil when the way e moves is not known (an
// unsighted class) or it does not move (a DropShip). Kept for the player
// turn: the enemy does not move in it.
func (pic *picture) groundReach(e *enemy) []int {
	if !e.groundLooked {
		e.ground, e.groundLooked = pic.lookReach(e), true
	}
	return e.ground
}

func (pic *picture) lookReach(e *enemy) []int {
	if e.ship || e.class == "" {
		return nil
	}
	c, err := referee.ParseClass(e.class)
	if err != nil {
		return nil
	}
	key := reachKey{e.id, e.class, e.at, e.mp}
	if f, ok := pic.reach[key]; ok {
		return f
	}
	m := pic.v.Map
	k := routeKey{mode: c.Info().Movement}
	spent := make([]int, m.Width*m.Height)
	for i := range spent {
		spent[i] = -1
	}
	at := func(h hex.Hex) int { return h.Y*m.Width + h.X }
	// The hexes it may end its move in: MP spent outward from its hex.
	q := &routeQueue{{e.at, 0}}
	spent[at(e.at)] = 0
	var ends []hex.Hex
	for q.Len() > 0 {
		n := heap.Pop(q).(routeNode)
		if n.cost > spent[at(n.h)] {
			continue
		}
		ends = append(ends, n.h)
		for d, x := range n.h.Neighbors() {
			if !m.Contains(x) {
				continue
			}
			c, ok := pic.stepCost(k, n.h, x, hex.Direction(d))
			if !ok || n.cost+c > e.mp {
				continue
			}
			if i := at(x); spent[i] < 0 || n.cost+c < spent[i] {
				spent[i] = n.cost + c
				heap.Push(q, routeNode{x, n.cost + c})
			}
		}
	}
	// Its fire: hexes within range of one of them.
	f := make([]int, m.Width*m.Height)
	for i := range f {
		f[i] = farAway
	}
	for _, h := range ends {
		f[at(h)] = 0
	}
	frontier := ends
	for r := 1; r <= max(e.rng, 1) && len(frontier) > 0; r++ {
		var next []hex.Hex
		for _, h := range frontier {
			for _, x := range h.Neighbors() {
				if m.Contains(x) && f[at(x)] == farAway {
					f[at(x)] = r
					next = append(next, x)
				}
			}
		}
		frontier = next
	}
	if pic.reach != nil {
		pic.reach[key] = f
	}
	return f
}

// fireOnGround is enemy.fireOn with the enemy's reach measured over the
// ground (groundReach) where its way of moving is known.
func (pic *picture) fireOnGround(e *enemy, h hex.Hex, d, shift int) (col int, ok bool) {
	f := pic.groundReach(e)
	if f == nil {
		return e.fireOn(h, d, shift)
	}
	if !e.fighting() || e.disrupted {
		return 0, false
	}
	n := f[h.Y*pic.v.Map.Width+h.X]
	if n > max(e.rng, 1) {
		return 0, false
	}
	v := e.ra
	if n <= 1 {
		v = max(v, e.ca) // it may come next to the unit and close in
	}
	return referee.Column(v, d, shift), true
}
