package ai

import (
	"encoding/binary"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Routes: a unit closing on the enemy measures the way by the MP it costs
// (000 lines 616–679), not by hexes, so it goes round a lake or a cliff
// instead of waiting behind it. It goes to where it can fire, a hex in
// its range of the enemy, not into the enemy's hex: an enemy standing in
// woods a wheeled unit may not enter is still within its reach from the
// open ground beside them. The field is an estimate for choosing where
// to go: it ignores stacking, lines of sight and the enemy's hexes on the
// way (the referee's path search settles the move itself).

// routeKey is a way of moving: the movement mode, whether the unit jumps
// (1 MP a hex over anything), the range it closes to (at least 1) and
// whether it fires indirectly.
type routeKey struct {
	mode     mapgen.Movement
	jump     bool
	rng      int
	indirect bool // it fires without a line of sight (firesFrom)
}

// approach is the MP units moving as k need from each hex of the map to
// a hex within k.rng of the nearest fighting ground enemy the side sees,
// or of the hex where it leaves for one that scores by leaving
// (fireSeeds); without one, of the nearest hex it hunts through
// (hunt.go), or else of the nearest enemy retreat edge; −1 where they
// cannot get there.
// Fields are worked out once a picture, and kept for the player turn
// (routeMemo) by what they depend on.
func (pic *picture) approach(k routeKey) []int {
	if f, ok := pic.routes[k]; ok {
		return f
	}
	var f []int
	if r := pic.routeMemo; r == nil {
		f = pic.routeField(k, "")
	} else {
		// The key is written in the work's memory and looked up
		// without a string of its own: one is made only for a field
		// worked out (a worker's decision asks for a few).
		w := pic.scratch()
		b := append(w.key[:0], pic.stepsKey(k)...)
		steps := len(b)
		b = pic.targetsKey(b, k)
		w.key = b
		var ok bool
		if f, ok = r.fields[string(b)]; !ok {
			key := string(b)
			f = pic.routeField(k, key[steps:])
			r.fields[key] = f
		}
	}
	if pic.routes == nil {
		// In the memory of the last decision's (work).
		w := pic.scratch()
		if w.routes == nil {
			w.routes = map[routeKey][]int{}
		}
		clear(w.routes)
		pic.routes = w.routes
	}
	pic.routes[k] = f
	return f
}

// A route field for k depends on nothing besides the map but the step
// costs (stepsKey) and the targets it is measured to (targetsKey).

// targetsKey appends to b all the targets of a route field for k depend
// on besides the map: the range it closes to, whether the battle is
// stalled, and the fighting ground enemies' hexes (and the edges they
// leave by, and for indirect fire in a stalled battle whether a friend
// sees them, spotted), or else the hunted hexes, or else the enemy
// retreat edges, as routeField seeds them.
func (pic *picture) targetsKey(b []byte, k routeKey) []byte {
	m := pic.v.Map
	num := func(n int) { b = binary.AppendVarint(b, int64(n)) }
	at := func(h hex.Hex) { num(h.X); num(h.Y) }
	num(k.rng)
	spots := pic.stalled && k.indirect // firesFrom
	switch {
	case spots:
		b = append(b, 'i')
	case pic.stalled:
		b = append(b, 's')
	}
	r := max(k.rng, 1)
	switch {
	case slices.ContainsFunc(pic.enemies, func(e *enemy) bool { return e.fighting() && nearMap(m, e.at, r) }):
		b = append(b, 'e')
		for _, e := range pic.enemies {
			if e.fighting() {
				at(e.at)
				b = append(b, e.leaves...) // cut off at that edge (fireSeeds)
				b = append(b, 0)
				if spots {
					seen := byte(0)
					if pic.spotted(e) {
						seen = 1
					}
					b = append(b, seen)
				}
			}
		}
	case slices.ContainsFunc(pic.hunt, m.Contains):
		b = append(b, 'h')
		for _, h := range pic.hunt {
			at(h)
		}
	default:
		b = append(b, 'g')
		for _, edge := range pic.enemyEdges {
			b = append(b, edge...)
			b = append(b, 0)
		}
	}
	return b
}

// stepsKey is all the step costs for k depend on besides the map: the
// way of moving and the rubble on the ground.
func (pic *picture) stepsKey(k routeKey) string {
	way := routeKey{mode: k.mode, jump: k.jump}
	if pic.stepsKeys == nil {
		pic.stepsKeys = pic.scratch().stepsKeysOver(pic.v.Rubble)
	}
	if key, ok := pic.stepsKeys[way]; ok {
		return key
	}
	key := pic.writeStepsKey(k)
	pic.stepsKeys[way] = key
	return key
}

// writeStepsKey is stepsKey, written out.
func (pic *picture) writeStepsKey(k routeKey) string {
	b := make([]byte, 0, 64)
	num := func(n int) { b = binary.AppendVarint(b, int64(n)) }
	jump := 0
	if k.jump {
		jump = 1
	}
	num(int(k.mode))
	num(jump)
	num(len(pic.v.Rubble))
	for _, h := range pic.v.Rubble {
		num(h.X)
		num(h.Y)
	}
	return string(b)
}

// routeStep is the step into a hex from its neighbour in one direction:
// the neighbour (its index, row by row) and the MP of the step, −1 where
// there is none (off the map, or not allowed).
type routeStep struct{ from, mp int32 }

// routeSteps are the steps into every hex of the map for a unit moving
// as k, six a hex in the order of hex.Neighbors, and the most MP one
// costs (at least 1).
type routeSteps struct {
	into []routeStep
	most int
}

// steps are the routeSteps for k, worked out once a player turn
// (routeMemo) for all the fields of that way of moving.
func (pic *picture) steps(k routeKey) routeSteps {
	var key string
	if pic.routeMemo != nil {
		key = pic.stepsKey(k)
		if t, ok := pic.routeMemo.steps[key]; ok {
			return t
		}
	}
	m := pic.v.Map
	t := routeSteps{into: make([]routeStep, 0, 6*m.Width*m.Height), most: 1}
	for y := range m.Height {
		for x := range m.Width {
			h := hex.Hex{X: x, Y: y}
			for d, n := range h.Neighbors() {
				s := routeStep{from: -1, mp: -1}
				if m.Contains(n) {
					s.from = int32(n.Y*m.Width + n.X)
					if c, ok := pic.stepCost(k, n, h, hex.Direction((d+3)%6)); ok {
						s.mp = int32(c)
						t.most = max(t.most, c)
					}
				}
				t.into = append(t.into, s)
			}
		}
	}
	if pic.routeMemo != nil {
		pic.routeMemo.steps[key] = t
	}
	return t
}

// nearMap: some hex of map m lies within r of h.
func nearMap(m *mapgen.Map, h hex.Hex, r int) bool {
	for y := max(h.Y-r, 0); y <= min(h.Y+r, m.Height-1); y++ {
		for x := max(h.X-r, 0); x <= min(h.X+r, m.Width-1); x++ {
			if hex.Distance(hex.Hex{X: x, Y: y}, h) <= r {
				return true
			}
		}
	}
	return false
}

// routeField works out the field approach returns; targets is
// targetsKey(k) when the picture has a routeMemo.
func (pic *picture) routeField(k routeKey, targets string) []int {
	m := pic.v.Map
	// The targets are marked in the field itself, as its hexes of cost
	// 0. The hexes to fire from are the same for every way of moving
	// that closes to the same range: they are kept for the player turn
	// (routeMemo) by targetsKey.
	dist := pic.newField()
	var seeds []int32
	ok := false
	if pic.routeMemo != nil {
		seeds, ok = pic.routeMemo.seeds[targets]
	}
	if !ok {
		seeds = pic.fireSeeds(k, dist)
		if pic.routeMemo != nil {
			pic.routeMemo.seeds[targets] = seeds
		}
	}
	for _, i := range seeds {
		dist[i] = 0
	}
	seeded := len(seeds) > 0
	if !seeded && len(pic.hunt) > 0 {
		// The hunt's field is made in dist's memory: fireSeeds only
		// marked it, and newField fills every hex afresh.
		if r := pic.routeMemo; r != nil && r.m == m {
			r.spare = append(r.spare, dist)
		}
		return pic.fieldFrom(k, pic.hunt)
	}
	if !seeded {
		for _, edge := range pic.enemyEdges {
			for _, h := range edgeHexes(m, edge) {
				dist[h.Y*m.Width+h.X] = 0
			}
		}
	}
	return pic.spread(k, dist)
}

// fireSeeds marks in dist, a field with no hex reached yet, the hexes
// within k.rng of a fighting enemy from which units moving as k could
// attack it (firesFrom), as its hexes of cost 0, and lists them (their
// cells, in order). The ranges of hundreds of enemies overlap: each hex
// is marked once rather than listed again for every enemy in reach.
func (pic *picture) fireSeeds(k routeKey, dist []int) []int32 {
	m := pic.v.Map
	r := max(k.rng, 1)
	for _, e := range pic.enemies {
		if !e.fighting() {
			continue
		}
		// An enemy that scores by leaving by its retreat edge is cut
		// off where it leaves, straight ahead of it on that edge, not
		// chased: measured in the tournament (BENCHMARKS.md), The
		// Pounce's raiders chasing the column won 3% of the decided
		// games with Normal on both sides, cutting it off 20%.
		to, gate := e.at, e.leaves != ""
		if gate {
			to = exitHex(m, e.at, e.leaves)
		}
		at := to.Cube()
		for y := max(to.Y-r, 0); y <= min(to.Y+r, m.Height-1); y++ {
			for x := max(to.X-r, 0); x <= min(to.X+r, m.Width-1); x++ {
				if h := (hex.Hex{X: x, Y: y}); dist[y*m.Width+x] != 0 && h.Cube().Sub(at).Len() <= r && (gate || pic.firesFrom(k, h, e)) { // hex.Distance(h, to)
					dist[y*m.Width+x] = 0
				}
			}
		}
	}
	var seeds []int32
	for i, d := range dist {
		if d == 0 {
			seeds = append(seeds, int32(i))
		}
	}
	return seeds
}

// exitHex is the hex of map m on edge straight ahead of h: where a unit
// in h leaving by that edge the shortest way goes off the map.
func exitHex(m *mapgen.Map, h hex.Hex, edge string) hex.Hex {
	switch edge {
	case referee.North.String():
		h.Y = 0
	case referee.South.String():
		h.Y = m.Height - 1
	case referee.West.String():
		h.X = 0
	case referee.East.String():
		h.X = m.Width - 1
	}
	return h
}

// newField is a field of the map with no hex reached yet (−1): in the
// memory of a field of the memo's last player turn (routeMemo.spare), or
// new.
func (pic *picture) newField() []int {
	m := pic.v.Map
	var dist []int
	if r := pic.routeMemo; r != nil && len(r.spare) > 0 && r.m == m {
		dist, r.spare = r.spare[len(r.spare)-1], r.spare[:len(r.spare)-1]
	} else {
		dist = make([]int, m.Width*m.Height)
	}
	for i := range dist {
		dist[i] = -1
	}
	return dist
}

// fieldFrom is the MP units moving as k need from each hex of the map
// to the nearest of targets; −1 where they cannot get there.
func (pic *picture) fieldFrom(k routeKey, targets []hex.Hex) []int {
	m := pic.v.Map
	dist := pic.newField()
	for _, h := range targets {
		if m.Contains(h) {
			dist[h.Y*m.Width+h.X] = 0
		}
	}
	return pic.spread(k, dist)
}

// spread fills in dist, a field whose targets are its hexes of cost 0
// (or more: a target's own cost, windows) and whose other hexes are not
// reached yet (−1): the MP units moving as k need from each hex to the
// nearest target, its cost added, −1 where they cannot get there.
func (pic *picture) spread(k routeKey, dist []int) []int {
	steps := pic.steps(k)
	// A bucket queue: bucket c%len(bucket) holds the hexes (their
	// indices) reached for c MP. Every step costs at least 1 MP and at
	// most steps.most, so the costs are settled in order, each hex's the
	// least there is, as with any priority queue, and a step never lands
	// in the bucket being emptied. The buckets are a power of two, at
	// least steps.most+1, so that c%len(bucket) is a mask rather than a
	// division at every step. Their memory is kept from field to field
	// (routeMemo), or for the picture without one.
	mem := &pic.buckets
	if pic.routeMemo != nil {
		mem = &pic.routeMemo.buckets
	}
	bucket := *mem
	n := 1
	for n < steps.most+1 {
		n *= 2
	}
	for len(bucket) < n {
		bucket = append(bucket, nil)
	}
	// All of them are kept, those past n too (every bucket is empty
	// once a field is done): kept cut to n, the next field with more
	// grew them again from nothing.
	*mem = bucket
	bucket = bucket[:n]
	mask := n - 1
	queued := 0
	push := func(i, c int) {
		b := &bucket[c&mask]
		*b = append(*b, int32(i))
		queued++
	}
	// Targets of a cost past 0 wait until the spread comes to it: the
	// buckets hold costs up to steps.most ahead only.
	type target struct{ i, cost int }
	var later []target
	for i, d := range dist {
		switch {
		case d == 0:
			push(i, 0)
		case d > 0:
			later = append(later, target{i, d})
		}
	}
	slices.SortFunc(later, func(x, y target) int { return x.cost - y.cost })
	// Outward from the targets: the cost of the step from x into y, y
	// nearer the target, is what y's terrain and the climb charge.
	for cost := 0; queued > 0 || len(later) > 0; cost++ {
		for ; len(later) > 0 && later[0].cost == cost; later = later[1:] {
			if dist[later[0].i] == cost { // not reached for less meanwhile
				push(later[0].i, cost)
			}
		}
		b := &bucket[cost&mask]
		for _, at := range *b {
			queued--
			if cost > dist[at] {
				continue // reached again for less
			}
			for _, st := range steps.into[6*at : 6*at+6] {
				if st.mp < 0 {
					continue
				}
				if nc := cost + int(st.mp); dist[st.from] < 0 || nc < dist[st.from] {
					dist[st.from] = nc
					push(int(st.from), nc)
				}
			}
		}
		*b = (*b)[:0]
	}
	return dist
}

// firesFrom reports that a unit moving as k could attack enemy e from h,
// within its range: once the battle is stalled, only from a hex with a
// clear line of sight to it (or beside it on its level, for a close
// attack), unless it fires indirectly at an enemy a friend sees now
// (spotted). A unit in range behind a wood it cannot see through, whose
// route ended there, would wait for ever.
// Before the stall any hex in range will do: the side closes in, and
// lines of sight change as units move.
func (pic *picture) firesFrom(k routeKey, h hex.Hex, e *enemy) bool {
	if !pic.stalled || k.indirect && pic.spotted(e) || h == e.at {
		return true
	}
	if hex.Distance(h, e.at) <= 1 && pic.cell(h).Elevation == pic.cell(e.at).Elevation {
		return true
	}
	return pic.los(h, e.at).clear
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

// routeKeyOf is how own unit u moves, closing to range rng.
func routeKeyOf(u *referee.ViewUnit, rng int) routeKey {
	k := routeKey{rng: max(rng, 1)}
	if c, err := classOf(u.Class); err == nil {
		k.mode = c.Info().Movement
	}
	k.jump = u.Detail != nil && u.Detail.Jump
	k.indirect = u.Detail != nil && u.Detail.Indirect
	return k
}

// home is the MP units moving as k need from each hex of the map to a
// hex on the side's retreat edge, from which they may leave (ruling
// V6); −1 where they cannot get there. Worked out once a picture.
func (pic *picture) home(k routeKey, edge string) []int {
	if f, ok := pic.homes[k]; ok {
		return f
	}
	// Kept for the player turn (routeMemo) like the fields towards the
	// enemy: the edge does not move.
	var key string
	if pic.routeMemo != nil {
		key = pic.stepsKey(k) + "home:" + edge
	}
	f := pic.routeMemo.kept(key, func() []int {
		return pic.fieldFrom(k, edgeHexes(pic.v.Map, edge))
	})
	if pic.homes == nil {
		pic.homes = map[routeKey][]int{}
	}
	pic.homes[k] = f
	return f
}

// homeWay is how far h is from the side's retreat edge for the unit
// going home: the MP of the way round woods, water and cliffs its mode
// may not cross (home), for a skilled player; the hexes, for Easy or
// where there is no way. Measured in hexes a unit penned in a pocket of
// rough ground stepped to and fro between its two hexes nearest the
// edge, to the turn limit, instead of going round the woods.
func (m *moveScorer) homeWay(h hex.Hex) int {
	hexes := max(edgeDistance(m.pic.v.Map, h, m.edge), 0)
	if !m.level.skilled() {
		return hexes
	}
	if m.home == nil {
		m.home = m.pic.homeOf(m.u, m.edge)
	}
	if w := m.home[h.Y*m.pic.v.Map.Width+h.X]; w >= 0 {
		return w
	}
	return hexes
}

// homeOf is the home field (home) for units moving as u does.
func (pic *picture) homeOf(u *referee.ViewUnit, edge string) []int {
	return pic.home(homeKey(u), edge)
}

// homeKey is the route key of the home field for units moving as u
// does: the field depends on the way of moving alone.
func homeKey(u *referee.ViewUnit) routeKey {
	k := routeKeyOf(u, 1)
	k.rng, k.indirect = 0, false
	return k
}

// leaveFrom is the hex of the side's retreat edge at the end of own
// unit u's cheapest way home (home), when u can get there this turn
// with a MP left to leave by (ruling V6); ok false otherwise, or when u
// stands on the edge already. Going where the move scorer likes best on
// the edge, a unit ended its move there with no MP left and left a turn
// later: No 'Mech's retreating units, their edge reached in the last
// turn, were still on the map at the end.
func (pic *picture) leaveFrom(u *referee.ViewUnit, edge string) (hex.Hex, bool) {
	k := homeKey(u)
	home := pic.home(k, edge)
	w := pic.v.Map.Width
	at := *u.Hex
	way := home[at.Y*w+at.X]
	if way <= 0 || way+1 > u.Detail.MPLeft {
		return at, false
	}
	into := pic.steps(k).into
	for home[at.Y*w+at.X] > 0 {
		from, next := int32(at.Y*w+at.X), at
		for _, n := range at.Neighbors() {
			if !pic.v.Map.Contains(n) {
				continue
			}
			ni := n.Y*w + n.X
			for _, st := range into[6*ni : 6*ni+6] {
				if st.from == from && st.mp >= 0 && home[ni] >= 0 && int(st.mp)+home[ni] == home[from] {
					next = n
				}
			}
		}
		if next == at {
			return at, false
		}
		at = next
	}
	return at, true
}

// way is how far h is from firing at the enemy for the moving unit: the
// MP its route to a hex in range costs, or, when no route gets there (or
// for Easy), the hexes from the nearest enemy (hexes) beyond its range.
// In a stalled battle a unit penned where no route gets there goes to
// a window of its pocket instead (windows).
// Easy too takes the route once the battle is stalled: closing by the
// hexes, a wheeled unit stood against the woods between it and the
// enemy's, as near as it could get in a straight line, to the turn
// limit (Normal–Easy small 83).
func (m *moveScorer) way(h hex.Hex, hexes int) int {
	r := max(m.rng, 1)
	if !m.level.skilled() && !m.pic.stalled {
		return max(hexes-r, 0)
	}
	if m.route == nil {
		k := routeKeyOf(m.u, r)
		k.indirect = m.indirect     // not without an observer (observed)
		m.route = m.pic.approach(k) // the same for every hex it scores
		if at := m.u.Hex; m.pic.stalled && at != nil && m.u.Detail != nil && m.pic.v.Map.Contains(*at) && m.route[at.Y*m.pic.v.Map.Width+at.X] < 0 {
			// Penned where it cannot fire at the enemy: to a window.
			if f := m.pic.windows(k, *at, m.u.Detail.MP); f != nil {
				m.route = f
			}
		}
	}
	if w := m.route[h.Y*m.pic.v.Map.Width+h.X]; w >= 0 {
		return w
	}
	return max(hexes-r, 0)
}
