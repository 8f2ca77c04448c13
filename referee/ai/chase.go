package ai

import (
	"encoding/binary"
	"math"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The chase: with a turn limit (the battle's own, or auto-resolve's,
// ruling CB4) an enemy far from the fight is reached only by a unit that
// sets out for it in time. Units close on the nearest enemy, so an enemy
// far off — penned in a corner, or one that never moves — was closed on
// only once every other enemy had fallen, often with fewer turns left
// than the walk to it takes, and the battle ran out with nothing
// happening (Normal–Normal large 161: a wheeled lance penned at its own
// edge all battle, 28 hexes off when the last of its mates fell in turn
// 17; 'Mechs versus non-'Mechs against Greedy, whose wheeled platoon
// stood at its edge all battle, reached a hex short in turn 30). Once
// the quickest of the side's units to fire at such an enemy needs
// nearly all the turns left to get there, it sets out for it alone.

// chaseSlack is how many turns beyond the quickest way to fire at an
// enemy a unit sets out for it before the turn limit: the way is
// measured over the ground, but the enemy may step back and the unit
// may be held up by the others on its way.
const chaseSlack = 2

// chaseHorizon is how many turns before the limit the side first looks
// for enemies to chase: a unit crosses a generated map of two sheets in
// about that many at 4 MP, and before it every enemy is in the fight or
// on the way to it.
const chaseHorizon = 10

// chaseNearest is how many of the side's units, the soonest to fire at
// an enemy by hexes, are measured over the ground to chase it.
const chaseNearest = 3

// chasePull is what a MP of the way to a hex from which it fires at its
// enemy costs a chasing unit's move: a hex nearer is worth more than any
// shot at another enemy on the way.
const chasePull = 2.0

// assignChase sends one unit after each fighting enemy ground unit in
// sight that the side's units would reach only just in time (chaseSlack)
// before the turn limit: the unit of the side that may fire at it
// soonest, by the MP of its way to a hex in its range (route.go) over
// its MP, when it needs at least one more turn and no more than the
// turns left. A unit already in reach of it needs no chaser; an enemy
// that scores by leaving is cut off where it leaves (fireSeeds), not
// chased. Units whose aim is elsewhere (aims.go) do not chase, nor do
// units that have moved this turn. A chase is a plan of several turns:
// the chasers of kept (unit ID to enemy ID), the side's last, chase on
// while they still can, or the side's units, each nearer the enemy in
// turn as they move, would hand the chase on from one to the next and
// none would go. It returns the chases, by unit ID and enemy ID.
func (pic *picture) assignChase(kept map[string]string) map[string]string {
	left := pic.turnsLeft()
	if left == 0 || left > chaseHorizon {
		return nil
	}
	var units []*referee.ViewUnit
	for _, u := range pic.own {
		if groundMover(u) && !u.Disrupted && u.Values != nil && !noCombat(u.Class) && (pic.aims == nil || !pic.aims.elsewhere(pic, u)) {
			units = append(units, u)
		}
	}
	// turns is how many turns u needs to fire at e, −1 for never.
	turns := func(u *referee.ViewUnit, e *enemy) int {
		way := pic.chaseField(u, e)[u.Hex.Y*pic.v.Map.Width+u.Hex.X]
		if way < 0 {
			return -1
		}
		return chaseTurns(way, u)
	}
	var nearest []unitTurns
	chased := map[*enemy]bool{}
	for _, u := range units {
		if e := pic.enemy(kept[u.ID]); e != nil && e.fighting() && e.leaves == "" {
			if t := turns(u, e); t > 0 && t <= left {
				pic.setChase(u, e)
				chased[e] = true
			}
		}
	}
	for _, e := range pic.enemies {
		if !e.fighting() || e.ship || e.leaves != "" || chased[e] {
			continue
		}
		// By hexes first, which the way over the ground is never
		// shorter than: an enemy some unit is in reach of, or none
		// could reach in the turns left, needs no field; of the others
		// only the chaseNearest units soonest by hexes are measured
		// over the ground, a field each (a battle of eighty a side
		// measured every unit against every enemy far off). They are
		// picked out as they come (soonest), not all sorted for every
		// enemy.
		near := nearest[:0]
		for _, u := range units {
			near = soonest(near, unitTurns{u, chaseTurns(max(hex.Distance(*u.Hex, e.at)-max(u.Values.Range, 1), 0), u)}, chaseNearest)
		}
		nearest = near
		if len(near) == 0 || near[0].turns == 0 || near[0].turns > left {
			continue
		}
		var best *referee.ViewUnit
		bestT := math.MaxInt
		for _, n := range near {
			u := n.u
			if pic.chase[u.ID] != nil {
				continue
			}
			t := turns(u, e)
			if t == 0 {
				best = nil // in reach already
				break
			}
			if t > 0 && t < bestT && !u.Detail.Moved {
				best, bestT = u, t
			}
		}
		if best != nil && bestT+chaseSlack >= left && bestT <= left {
			pic.setChase(best, e)
		}
	}
	out := map[string]string{}
	for id, e := range pic.chase {
		out[id] = e.id
	}
	return out
}

// unitTurns is a unit and the turns it needs to fire at an enemy.
type unitTurns struct {
	u     *referee.ViewUnit
	turns int
}

// soonest adds n to near, the k soonest of the units so far (by turns;
// of as soon, the first come), in that order: the first k of them a
// stable sort by turns would give.
func soonest(near []unitTurns, n unitTurns, k int) []unitTurns {
	i := len(near)
	for i > 0 && near[i-1].turns > n.turns {
		i--
	}
	if i >= k {
		return near
	}
	if len(near) < k {
		near = append(near, unitTurns{})
	}
	copy(near[i+1:], near[i:len(near)-1])
	near[i] = n
	return near
}

// setChase sends own unit u after enemy e.
func (pic *picture) setChase(u *referee.ViewUnit, e *enemy) {
	if pic.chase == nil {
		pic.chase = map[string]*enemy{}
	}
	pic.chase[u.ID] = e
}

// turnsLeft is how many game turns are still to play before the
// battle's turn limit, this one included; 0 when it has none.
func (pic *picture) turnsLeft() int {
	if pic.v.TurnLimit == 0 {
		return 0
	}
	return max(pic.v.TurnLimit-pic.v.Turn+1, 1)
}

// chaseTurns is how many turns own unit u needs to go way MP.
func chaseTurns(way int, u *referee.ViewUnit) int {
	mp := max(u.Detail.MP, 1)
	return (way + mp - 1) / mp
}

// chaseField is the MP own unit u needs from each hex to a hex within
// its range of enemy e from which it may fire at it (firesFrom), kept
// for the player turn with the route fields.
func (pic *picture) chaseField(u *referee.ViewUnit, e *enemy) []int {
	k := routeKeyOf(u, max(u.Values.Range, 1))
	k.indirect = u.Detail.Indirect && pic.observed(u)
	var key []byte
	if pic.routeMemo != nil {
		// Written in the work's memory (approach): the move's scoring
		// asks for it at every hex.
		w := pic.scratch()
		key = append(append(w.key[:0], "chase "...), pic.stepsKey(k)...)
		for _, n := range []int{k.rng, e.at.X, e.at.Y} {
			key = binary.AppendVarint(key, int64(n))
		}
		if k.indirect && pic.spotted(e) {
			key = append(key, 'i')
		}
		if pic.stalled {
			key = append(key, 's')
		}
		w.key = key
	}
	f, ok := pic.routeMemo.field(key)
	if !ok {
		kept := string(key) // before the work's memory is written again
		m := pic.v.Map
		var from []hex.Hex
		for y := max(e.at.Y-k.rng, 0); y <= min(e.at.Y+k.rng, m.Height-1); y++ {
			for x := max(e.at.X-k.rng, 0); x <= min(e.at.X+k.rng, m.Width-1); x++ {
				if h := (hex.Hex{X: x, Y: y}); hex.Distance(h, e.at) <= k.rng && pic.firesFrom(k, h, e) {
					from = append(from, h)
				}
			}
		}
		f = pic.fieldFrom(k, from)
		if pic.routeMemo != nil {
			pic.routeMemo.fields[kept] = f
		}
	}
	return f
}

// chaseScore is what the chase adds to the score of ending the move of
// unit m.u in h: nearer, by the MP of the way, to firing at the enemy it
// chases; 0 for a unit that chases none.
func (m *moveScorer) chaseScore(h hex.Hex) float64 {
	e := m.pic.chase[m.u.ID]
	if e == nil {
		return 0
	}
	way := m.pic.chaseField(m.u, e)[h.Y*m.pic.v.Map.Width+h.X]
	if way < 0 {
		way = hex.Distance(h, e.at) * 4 // no way from there: far worse than any
	}
	return -chasePull * float64(way)
}

// chases reports that the moving unit chases an enemy (assignChase).
func (m *moveScorer) chases() bool { return m.pic.chase[m.u.ID] != nil }
