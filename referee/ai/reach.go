package ai

import (
	"maps"

	"bfbot/mapgen"
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
// unsighted class) or it does not move (a DropShip). Kept while the
// ground and the enemy stay as they were (reachMemo).
func (pic *picture) groundReach(e *enemy) []int16 {
	if !e.groundLooked {
		e.ground, e.groundLooked = pic.lookReach(e), true
	}
	return e.ground
}

func (pic *picture) lookReach(e *enemy) []int16 {
	if e.ship || e.class == "" {
		return nil
	}
	// A reach is kept only for a class that parses: looked up first.
	key := reachKey{e.id, e.class, e.at, e.mp}
	if f, ok := pic.reach.kept(key, e.rng); ok {
		return f
	}
	c, err := classOf(e.class)
	if err != nil {
		return nil
	}
	m := pic.v.Map
	// The steps of its way of moving, as the route fields read them
	// (route.go): into[6*x+d] is the step into hex x from its neighbour
	// in direction d (from, its index; mp, −1 where there is none), so a
	// step from h to its neighbour x in direction d is into[6*x+(d+3)%6].
	into := pic.steps(routeKey{mode: c.Info().Movement}).into
	// f is first the MP spent to each hex (−1: not reached), then its
	// distance from the nearest hex the enemy may end its move in.
	f := make([]int16, m.Width*m.Height) // small, to be read for every hex and enemy
	spent := f
	for i := range spent {
		spent[i] = -1
	}
	// The hexes it may end its move in: MP spent outward from its hex,
	// the cheapest first. A step costs 1 MP or more, so the hexes reached
	// are queued by the MP spent to them, one list for each (buckets).
	b := pic.reach.scratch()
	if n := max(e.mp, 0) + 1; cap(b.buckets) < n {
		b.buckets = append(b.buckets[:cap(b.buckets)], make([][]int32, n-cap(b.buckets))...)
	} else {
		b.buckets = b.buckets[:n]
	}
	for i := range b.buckets {
		b.buckets[i] = b.buckets[i][:0]
	}
	start := int32(e.at.Y*m.Width + e.at.X)
	spent[start] = 0
	b.buckets[0] = append(b.buckets[0], start)
	ends := b.ends[:0]
	for cost := range b.buckets {
		for j := 0; j < len(b.buckets[cost]); j++ {
			h := b.buckets[cost][j]
			if cost > int(spent[h]) {
				continue // reached more cheaply since
			}
			ends = append(ends, h)
			for d, st := range into[6*h : 6*h+6] {
				x := st.from // h's neighbour in direction d
				if x < 0 {
					continue
				}
				c := int(into[6*x+int32((d+3)%6)].mp)
				if c < 0 || cost+c > e.mp {
					continue
				}
				if spent[x] < 0 || cost+c < int(spent[x]) {
					spent[x] = int16(cost + c)
					b.buckets[cost+c] = append(b.buckets[cost+c], x)
				}
			}
		}
	}
	// Its fire: hexes within range of one of them.
	for i := range f {
		f[i] = farAway
	}
	for _, h := range ends {
		f[h] = 0
	}
	frontier, next := ends, b.next[:0] // each ring's memory the one before the last's
	for r := 1; r <= max(e.rng, 1) && len(frontier) > 0; r++ {
		next = next[:0]
		for _, h := range frontier {
			for _, st := range into[6*h : 6*h+6] {
				if x := st.from; x >= 0 && f[x] == farAway {
					f[x] = int16(r)
					next = append(next, x)
				}
			}
		}
		frontier, next = next, frontier
	}
	b.ends, b.next = frontier, next // both kept, whichever is which
	pic.reach.keep(key, e.rng, f)
	return f
}

// reachMemo keeps the enemy's reach over the ground from one decision to
// the next, within a player turn and into later ones, as long as the
// ground is the same (the map and its rubble) and the enemy counter
// stands where it stood with the same MP and no longer range: the one
// worked out afresh. The enemy moves between two of the side's turns,
// but a counter that stays need not be looked at again: with eighty
// units a side this was a tenth of Hard's cost.
type reachMemo struct {
	turn   int // the State.PlayerTurn
	m      *mapgen.Map
	rubble map[hex.Hex]bool
	fields map[reachKey]reachField
	// work is the memory lookReach works in, kept from reach to reach.
	work reachWork
}

// reachWork is lookReach's memory: the hexes reached (their indexes, row
// by row), by MP spent (buckets), those it may end its move in (ends),
// and a ring of its fire (next).
type reachWork struct {
	buckets    [][]int32
	ends, next []int32
}

// scratch is the memory to work a reach out in: the memo's, or new
// without one.
func (r *reachMemo) scratch() *reachWork {
	if r == nil {
		return &reachWork{}
	}
	return &r.work
}

// reachField is a reach kept: worked out for range rng, last looked up
// in player turn turn.
type reachField struct {
	f         []int16
	rng, turn int
}

// at is the memo for a decision on s: every reach is dropped once the
// rubble is not what it was (a reach kept of the ground as it was is not
// the one worked out afresh, even in the turn the ground changed), and
// at a new player turn those not looked up in the side's last turn (two
// player turns before), whose counters have moved or gone.
func (r *reachMemo) at(s *referee.State) *reachMemo {
	if r == nil || r.m != s.Map {
		return &reachMemo{turn: s.PlayerTurn, m: s.Map, rubble: maps.Clone(s.Rubble), fields: map[reachKey]reachField{}}
	}
	if !maps.Equal(r.rubble, s.Rubble) {
		r.rubble = maps.Clone(s.Rubble)
		clear(r.fields)
	}
	if r.turn != s.PlayerTurn {
		r.turn = s.PlayerTurn
		maps.DeleteFunc(r.fields, func(_ reachKey, f reachField) bool { return f.turn < r.turn-2 })
	}
	return r
}

// kept is the reach kept by key for an enemy of range rng: one worked
// out for rng or more, as it is out to rng hexes (further hexes are
// read as out of range). Not one worked out for less: the range an enemy
// is thought to have changes within a turn (its values probed), and a
// reach kept of the shorter range read the hexes between as out of it,
// where the one worked out afresh had the enemy fire.
func (r *reachMemo) kept(key reachKey, rng int) ([]int16, bool) {
	if r == nil {
		return nil, false
	}
	f, ok := r.fields[key]
	if !ok || f.rng < rng {
		return nil, false
	}
	f.turn = r.turn
	r.fields[key] = f
	return f.f, true
}

// keep keeps reach f, worked out for range rng, by key.
func (r *reachMemo) keep(key reachKey, rng int, f []int16) {
	if r != nil {
		r.fields[key] = reachField{f, rng, r.turn}
	}
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
	n := int(f[h.Y*pic.v.Map.Width+h.X])
	if n > max(e.rng, 1) {
		return 0, false
	}
	v := e.ra
	if n <= 1 {
		v = max(v, e.ca) // it may come next to the unit and close in
	}
	return referee.Column(v, d, shift), true
}
