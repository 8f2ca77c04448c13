package ai

import (
	"container/heap"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Routes: a unit closing on the enemy measures the way by the MP it costs
// (000 lines 616–681), not by hexes, so it goes round a lake or a cliff
// instead of waiting behind it. The field is an estimate for choosing
// where to go: it ignores stacking and the enemy's hexes on the way (the
// referee's path search settles the move itself).

// routeKey is a way of moving: the movement mode, and whether the unit
// jumps (1 MP a hex over anything).
type routeKey struct {
	mode mapgen.Movement
	jump bool
}

// approach is the MP units moving as k need from each hex of the map to
// reach the nearest fighting ground enemy the side sees (without one, the
// nearest hex it hunts through, hunt.go, or else the nearest enemy
// retreat edge); −1 where they cannot get there. Fields are
// worked out once a picture.
func (pic *picture) approach(k routeKey) []int {
	if f, ok := pic.routes[k]; ok {
		return f
	}
	m := pic.v.Map
	dist := make([]int, m.Width*m.Height)
	for i := range dist {
		dist[i] = -1
	}
	q := &routeQueue{}
	seed := func(h hex.Hex) {
		if m.Contains(h) && dist[h.Y*m.Width+h.X] != 0 {
			dist[h.Y*m.Width+h.X] = 0
			heap.Push(q, routeNode{h, 0})
		}
	}
	for _, e := range pic.enemies {
		if e.fighting() {
			seed(e.at)
		}
	}
	if q.Len() == 0 {
		for _, h := range pic.hunt {
			seed(h)
		}
	}
	if q.Len() == 0 {
		for _, edge := range pic.enemyEdges {
			for y := range m.Height {
				for x := range m.Width {
					if h := (hex.Hex{X: x, Y: y}); edgeDistance(m, h, edge) == 0 {
						seed(h)
					}
				}
			}
		}
	}
	// Outward from the targets: the cost of the step from x into y, y
	// nearer the target, is what y's terrain and the climb charge.
	for q.Len() > 0 {
		n := heap.Pop(q).(routeNode)
		if n.cost > dist[n.h.Y*m.Width+n.h.X] {
			continue
		}
		for d, x := range n.h.Neighbors() {
			if !m.Contains(x) {
				continue
			}
			c, ok := pic.stepCost(k, x, n.h, hex.Direction((d+3)%6))
			if !ok {
				continue
			}
			i := x.Y*m.Width + x.X
			if nc := n.cost + c; dist[i] < 0 || nc < dist[i] {
				dist[i] = nc
				heap.Push(q, routeNode{x, nc})
			}
		}
	}
	if pic.routes == nil {
		pic.routes = map[routeKey][]int{}
	}
	pic.routes[k] = dist
	return dist
}

// stepCost is the MP of the step from x to its neighbour y (direction d
// from x), as referee's path search prices it: 1, the terrain's cost, 2
// a level, one level a hex at most; 1 along a connected road; a jump 1
// over anything. ok false: the step is not allowed.
func (pic *picture) stepCost(k routeKey, x, y hex.Hex, d hex.Direction) (int, bool) {
	if k.jump {
		return 1, true
	}
	xc, yc := pic.cell(x), pic.cell(y)
	dz := max(yc.Elevation-xc.Elevation, xc.Elevation-yc.Elevation)
	if dz > 1 {
		return 0, false
	}
	if xc.Road && yc.Road && pic.v.Map.RoadConnects(x, d) {
		return 1, true
	}
	info := yc.Terrain.Info()
	if info.Prohibited[k.mode] || xc.Terrain.Info().Prohibited[k.mode] && xc.Road {
		return 0, false
	}
	mp := info.MP
	if k.mode == mapgen.Hover && (yc.Terrain == mapgen.Rough || yc.Terrain.IsWater()) {
		mp = 0
	}
	return 1 + mp + mapgen.ElevationMP*dz, true
}

// routeKeyOf is how own unit u moves.
func routeKeyOf(u *referee.ViewUnit) routeKey {
	k := routeKey{}
	if c, err := referee.ParseClass(u.Class); err == nil {
		k.mode = c.Info().Movement
	}
	k.jump = u.Detail != nil && u.Detail.Jump
	return k
}

type routeNode struct {
	h    hex.Hex
	cost int
}

type routeQueue []routeNode

func (q routeQueue) Len() int           { return len(q) }
func (q routeQueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q routeQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *routeQueue) Push(x any)        { *q = append(*q, x.(routeNode)) }
func (q *routeQueue) Pop() any {
	old := *q
	n := old[len(old)-1]
	*q = old[:len(old)-1]
	return n
}

// way is how far h is from the enemy for the moving unit: the MP its
// route costs, or the hexes when no route gets there.
func (m *moveScorer) way(h hex.Hex, hexes int) int {
	if !m.level.skilled() {
		return hexes
	}
	f := m.pic.approach(routeKeyOf(m.u))
	if r := f[h.Y*m.pic.v.Map.Width+h.X]; r >= 0 {
		return r
	}
	return hexes
}
