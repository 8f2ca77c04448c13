package ai

import (
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Sweeps: a hunting unit searches the hexes it enters (hunt.go), and the
// referee takes a move to a hex by its cheapest path, which need not
// enter any hex not yet searched. So a walking unit that hunts names its
// path (referee.Action.Path): of the ways within its MP left, the one
// that enters the most hexes not yet searched on the way to each hex.

// sweepNodes bounds the search for a unit's sweep ways, a depth-first
// walk of its MP left: beyond it the best ways found so far stand.
const sweepNodes = 20000

// sweepWay is a path from a unit's hex (excluding it) and how many hexes
// not yet searched it enters.
type sweepWay struct {
	path []hex.Hex
	n    int
}

// sweepWays are, for own unit u that hunts by walking, the way to each
// hex it may reach with its MP left that enters the most hexes not yet
// searched (pic.hunted): paths the referee accepts as the unit's side
// knows the map (steps priced as stepCost prices them, no cliffs, no
// prohibited terrain, no hex holding a DropShip or an enemy it sees, and
// none holding its own mines, which would attack it). nil for a unit
// that jumps (it searches only where it lands) or does not hunt.
func (pic *picture) sweepWays(u *referee.ViewUnit) map[hex.Hex]sweepWay {
	if ways, ok := pic.sweeps[u.ID]; ok {
		return ways
	}
	var ways map[hex.Hex]sweepWay
	if len(pic.huntTo[u.ID]) > 0 && u.Hex != nil && u.Detail != nil && !u.Detail.Jump {
		ways = pic.sweepSearch(u)
	}
	if pic.sweeps == nil {
		pic.sweeps = map[string]map[hex.Hex]sweepWay{}
	}
	pic.sweeps[u.ID] = ways
	return ways
}

func (pic *picture) sweepSearch(u *referee.ViewUnit) map[hex.Hex]sweepWay {
	m := pic.v.Map
	k := routeKeyOf(u, 1)
	blocked := map[hex.Hex]bool{}
	for i := range pic.v.Units {
		v := &pic.v.Units[i]
		if v.Hex != nil && (v.Kind == referee.KindDropShip.String() || !v.Own && v.Status == "active" && v.Kind != referee.KindAir.String()) {
			blocked[*v.Hex] = true
		}
	}
	hunted := pic.huntedSet()
	ways := map[hex.Hex]sweepWay{}
	// best is the most hexes not yet searched a way has entered by each
	// hex for each MP spent: a way no better than one already found
	// for less is not walked on.
	type at struct {
		h     hex.Hex
		spent int
	}
	best := map[at]int{}
	var path []hex.Hex
	on := map[hex.Hex]bool{*u.Hex: true}
	nodes := 0
	var walk func(cur hex.Hex, spent, n int)
	walk = func(cur hex.Hex, spent, n int) {
		if nodes++; nodes > sweepNodes {
			return
		}
		for d, next := range cur.Neighbors() {
			if !m.Contains(next) || on[next] || blocked[next] || pic.mines[next] > 0 {
				continue
			}
			c, ok := pic.stepCost(k, cur, next, hex.Direction(d))
			if !ok || spent+c > u.Detail.MPLeft {
				continue
			}
			nn := n
			if hunted[next] {
				nn++
			}
			key := at{next, spent + c}
			if b, seen := best[key]; seen && b >= nn {
				continue
			}
			best[key] = nn
			path = append(path, next)
			if w, ok := ways[next]; !ok || nn > w.n {
				ways[next] = sweepWay{path: append([]hex.Hex(nil), path...), n: nn}
			}
			on[next] = true
			walk(next, spent+c, nn)
			on[next] = false
			path = path[:len(path)-1]
		}
	}
	walk(*u.Hex, 0, 0)
	return ways
}

// sweepPath is the path own unit u names for its move to h: the sweep
// way there when it enters a hex not yet searched, else nil (the
// referee's cheapest path).
func (pic *picture) sweepPath(u *referee.ViewUnit, h hex.Hex) []hex.Hex {
	if w, ok := pic.sweepWays(u)[h]; ok && w.n > 0 {
		return w.path
	}
	return nil
}
