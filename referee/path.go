package referee

import (
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Movement costs and routes (000 lines 616–679). A mover is one unit's
// view of the ground for one move: what each step costs it, which hexes
// hold units its side knows of, and the cheapest routes within its MP.
// Mines and hidden enemy units are not part of it: the player does not
// know them, so routes cannot avoid them (they act when entered, mines.go).

// mover holds what one unit's move needs to know.
type mover struct {
	s    *State
	u    *Unit
	mode mapgen.Movement
	jump bool
	// occ is the occupancy of each cell (index y*Width+x) as the mover's
	// side knows it.
	occ []cellUnits
	// scratch is the memory of occ and of the search's tables.
	scratch *moveScratch
	// mp is the MP left; bonus: the road bonus hex is still open to a
	// route that stays on the road (000 line 653; ruling M5).
	mp    int
	bonus bool
	// ruin: every building is priced as the rubble it may yet become,
	// for the modes that may enter rubble (ruling V17's reach: attacks
	// on buildings, 000 line 1009, only ever make a way cheaper for
	// them).
	ruin bool
	// fresh: the unit has not moved this turn, so it may move one hex
	// whatever the cost (000 line 624).
	fresh bool
	// origin, when set, is a state that holds what s holds in all a
	// search reads: the Legality's own state, for validMoves, and for
	// the Legality's Apply before the move changes anything. A search
	// of the same unit on the same origin within the same MP finds what
	// the tables hold (moveScratch.searched).
	origin *State
}

// cellUnits is what the mover's side knows stands in a hex. (Its
// fields are laid out widest first: 8 bytes a hex rather than 12, in a
// table as large as the map made for every move.)
type cellUnits struct {
	// enemies counts the active enemy ground units: entering their hex
	// ends a ground unit's movement (000 line 626); enemy air units over
	// the hex do not (ruling M6). enemy is one of them (index in
	// State.Units).
	enemy   int32
	enemies int8
	// stand counts the units that will still stand there when the mover
	// arrives: surrendered enemies are captured as it enters (ruling M11).
	stand int8
	// dropShip: no unit may enter the hex (000 line 630).
	dropShip bool
}

// stepFault says why a step may not be taken.
type stepFault uint8

const (
	stepOK stepFault = iota
	stepOffMap
	stepProhibited      // terrain barred to the movement mode, off the road
	stepLeaveProhibited // leaving barred terrain other than along its road
	stepCliff           // more than one level up or down
	stepDropShip        // a DropShip stands there
)

// step is one hex entered: its cost, whether it ran along a road, and
// whether the unit means to overrun the enemy in it.
type step struct {
	to      hex.Hex
	cost    int
	road    bool
	overrun bool
}

// roadBonusMode reports the movement modes that may take the road bonus:
// hover, tracked and wheeled (000 line 653), whatever the class (ruling M5).
func roadBonusMode(m mapgen.Movement) bool {
	return m == mapgen.Hover || m == mapgen.Tracked || m == mapgen.Wheeled
}

// moveScratch is memory the movers of one Legality reuse from one unit to
// the next: the occupancy and the search's tables, cleared for each.
type moveScratch struct {
	occ        []cellUnits
	dist, prev [2][]int32
	// written is the range of cells (first, last) the last search wrote
	// in dist and prev: all the next must clear (a search stays within
	// the unit's MP, a small part of the map).
	written [2]int
	// searched is the search dist and prev hold: a move the AI chose is
	// searched for again by Apply (Legality.Apply), in the same tables.
	searched searchKey
	// ends is validMoves' list of the hexes a unit may end in.
	ends []hex.Hex
}

// searchKey names a search: the unit, on the state it was searched on
// (mover.origin), within limit MP.
type searchKey struct {
	s     *State
	unit  string
	limit int
}

// cleared is buf made n long and all zero, in its own memory when that
// is large enough.
func cleared[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// newMover builds the mover for u in s. u must be a ground unit on the map.
// With scratch it works in that memory: one mover and one search at a
// time.
func newMover(s *State, u *Unit, scratch *moveScratch) *mover {
	if scratch == nil {
		scratch = &moveScratch{}
	}
	m := &mover{s: s, u: u, mode: u.Class.Info().Movement, jump: u.CanJump(), scratch: scratch}
	scratch.occ = cleared(scratch.occ, s.Map.Width*s.Map.Height)
	m.occ = scratch.occ
	for i, v := range s.Units {
		if v.ID == u.ID || !v.Status.OnMap() || !s.Map.Contains(v.Hex) {
			continue
		}
		enemy := v.Side != u.Side
		if enemy && v.Hidden {
			continue // unknown to the mover's side (R10)
		}
		c := &m.occ[v.Hex.Y*s.Map.Width+v.Hex.X]
		if v.Class.Kind() == KindDropShip {
			c.dropShip = true
		}
		if !(enemy && capturable(v)) {
			c.stand++
		}
		if enemy && v.Status == Active && v.Class.Ground() {
			c.enemies++
			c.enemy = int32(i)
		}
	}
	m.mp = u.MPLeft
	m.fresh = !u.Moved
	switch {
	case !u.Moved:
		m.bonus = !m.jump && roadBonusMode(m.mode) && s.Cell(u.StartHex).Road && u.Hex == u.StartHex
	case u.MoveTurn == s.PlayerTurn:
		m.bonus = u.RoadBonus
	}
	return m
}

// cell is State.Cell for a hex on the map, without the map lookup when
// nothing has been reduced to rubble; with ruin, a building the mode may
// enter as rubble is priced as rubble (V17's reach).
func (m *mover) cell(h hex.Hex) mapgen.Cell {
	c := m.s.Map.Cells[h.Y*m.s.Map.Width+h.X]
	if len(m.s.Rubble) > 0 {
		c = m.s.Cell(h)
	}
	if m.ruin && c.Terrain.IsBuilding() && !mapgen.Rubble.Info().Prohibited[m.mode] {
		c.Terrain = mapgen.Rubble
	}
	return c
}

// at returns the occupancy of h (which must be on the map).
func (m *mover) at(h hex.Hex) *cellUnits { return &m.occ[h.Y*m.s.Map.Width+h.X] }

// terrainMP is the terrain's additional cost for the movement mode:
// hovercraft cross rough and water without penalty (000 line 665;
// ruling M4).
func terrainMP(mode mapgen.Movement, t mapgen.Terrain) int {
	if mode == mapgen.Hover && (t == mapgen.Rough || t.IsWater()) {
		return 0
	}
	return t.Info().MP
}

// barred reports terrain the mode may not enter off a road.
func barred(mode mapgen.Movement, c mapgen.Cell) bool {
	return c.Terrain.Info().Prohibited[mode]
}

// step prices one step between adjacent hexes (000 lines 616–679).
// Jumping units pay 1 a hex and pass over anything (000 line 661; ruling
// M3). Others pay 1, plus the terrain modifier, plus 2 a level climbed or
// descended, and may change one level a hex; along a road (from a road hex
// into a road hex it connects to) every terrain modifier, elevation
// included, is ignored and barred terrain may be crossed, though the
// one-level limit still holds (000 line 653; rulings M1, M2).
func (m *mover) step(from, to hex.Hex) (cost int, road bool, f stepFault) {
	d, _ := from.DirectionTo(to)
	return m.stepFrom(from, m.cell(from), d, to)
}

// stepFrom is step with the direction and the starting cell known, for
// the search's inner loop.
func (m *mover) stepFrom(from hex.Hex, fc mapgen.Cell, d hex.Direction, to hex.Hex) (cost int, road bool, f stepFault) {
	s := m.s
	if !s.Map.Contains(to) {
		return 0, false, stepOffMap
	}
	if m.jump {
		return 1, false, stepOK
	}
	if m.at(to).dropShip {
		return 0, false, stepDropShip
	}
	tc := m.cell(to)
	dz := tc.Elevation - fc.Elevation
	if dz < 0 {
		dz = -dz
	}
	if dz > 1 {
		return 0, false, stepCliff
	}
	if fc.Road && tc.Road && s.Map.RoadConnects(from, d) {
		return 1, true, stepOK
	}
	if barred(m.mode, tc) {
		return 0, false, stepProhibited
	}
	if fc.Road && barred(m.mode, fc) {
		return 0, false, stepLeaveProhibited
	}
	return 1 + terrainMP(m.mode, tc.Terrain) + mapgen.ElevationMP*dz, false, stepOK
}

// stepError words a step fault for the player.
func (m *mover) stepError(from, to hex.Hex, f stepFault) error {
	u, s := m.u, m.s
	switch f {
	case stepOffMap:
		return illegal("hex %s is not on the map", to)
	case stepProhibited:
		return illegal("hex %s is %v: %v units may not enter it except along a road (%s)", to, s.Cell(to).Terrain, u.Class, bookCite{636})
	case stepLeaveProhibited:
		return illegal("%s is on the road through %v at %s and must stay on the road to leave it (%s)", u.ID, s.Cell(from).Terrain, from, bookCite{653})
	case stepCliff:
		return illegal("%s cannot go from level %d at %s to level %d at %s: units change only one level per hex (%s)",
			u.ID, s.Cell(from).Elevation, from, s.Cell(to).Elevation, to, bookCite{636})
	case stepDropShip:
		return illegal("no unit may enter hex %s: a DropShip stands there (%s)", to, bookCite{630})
	}
	return nil
}

// endBar is why a unit may not end its move in a hex (endCheck), a code
// that endFault words: the move search asks of every hex in reach.
type endBar uint8

const (
	endOK       endBar = iota
	endDropShip        // a DropShip stands there
	endLeapOnly        // terrain a jumping unit may leap over, not land on
	endBarred          // terrain barred to the movement mode, off the road
	endFull            // the stacking limit
)

// endCheck says why the unit may not end its move in h, as far as its
// side knows (hidden enemies and mines do not count, ruling M12): a
// DropShip, terrain its ground may not hold off a road, a full hex.
func (m *mover) endCheck(h hex.Hex) endBar {
	c := m.at(h)
	cell := m.cell(h)
	switch {
	case c.dropShip:
		return endDropShip
	case barred(m.mode, cell) && !cell.Road && m.jump:
		return endLeapOnly
	case barred(m.mode, cell) && !cell.Road:
		return endBarred
	case int(c.stand) >= StackLimit:
		return endFull
	}
	return endOK
}

// endFault words endCheck's answer for the player.
func (m *mover) endFault(h hex.Hex) error {
	c := m.at(h)
	cell := m.cell(h)
	switch m.endCheck(h) {
	case endDropShip:
		return illegal("no unit may enter hex %s: a DropShip stands there (%s)", h, bookCite{630})
	case endLeapOnly:
		return illegal("hex %s is %v: %v units may leap over it but not land there (%s; ruling M3)", h, cell.Terrain, m.u.Class, bookCite{636})
	case endBarred:
		return illegal("hex %s is %v: %v units may not enter it except along a road (%s)", h, cell.Terrain, m.u.Class, bookCite{636})
	case endFull:
		return illegal("hex %s already holds %d units: no more than %d may end their movement in one hex (%s)", h, c.stand, StackLimit, bookCite{630})
	}
	return nil
}

// route is the result of a search from the unit's hex: the cheapest cost
// of reaching each hex within the MP, in two layers — layer 1 for routes
// that have kept to the road with the road bonus still open, layer 0 for
// the rest.
type route struct {
	m     *mover
	start hex.Hex
	limit [2]int
	dist  [2][]int32 // cost + 1; 0: not reached
	prev  [2][]int32 // node (cell*2+layer) it came from, + 1; 0 at the start
}

// search runs Dijkstra's algorithm over MP from the unit's hex. limit is
// the MP it may spend (the bonus adds one on layer 1). Ground units do not
// go on from a hex holding a known enemy (000 line 626): they may only end
// there. Ties break on the lower cell index and then the layer, so the
// route found is always the same.
func (m *mover) search(limit int) *route {
	s := m.s
	n := s.Map.Width * s.Map.Height
	r := &route{m: m, start: m.u.Hex, limit: [2]int{limit, limit + 1}}
	sc := m.scratch
	key := searchKey{s: m.origin, unit: m.u.ID, limit: limit}
	again := m.origin != nil && sc.searched == key
	for l := range 2 {
		if l == 1 && !m.bonus && sc.dist[1] == nil {
			// Without the road bonus the search never enters layer 1
			// (best reads it as not reached): not made for Apply's
			// one search a move.
			break
		}
		switch {
		case again: // the tables hold it
		case len(sc.dist[l]) == n && len(sc.prev[l]) == n:
			clear(sc.dist[l][sc.written[0] : sc.written[1]+1])
			clear(sc.prev[l][sc.written[0] : sc.written[1]+1])
		default:
			sc.dist[l], sc.prev[l] = cleared(sc.dist[l], n), cleared(sc.prev[l], n)
		}
		r.dist[l], r.prev[l] = sc.dist[l], sc.prev[l]
	}
	if again {
		return r
	}
	sc.searched = key
	startLayer := 0
	if m.bonus {
		startLayer = 1
	}
	w := s.Map.Width
	si := m.u.Hex.Y*w + m.u.Hex.X
	sc.written = [2]int{si, si}
	r.dist[startLayer][si] = 1
	q := make(nodeHeap, 0, 64)
	q.push(0, si, startLayer)
	for len(q) > 0 {
		cost, ci, layer := q.pop()
		if int32(cost+1) != r.dist[layer][ci] {
			continue // a stale entry
		}
		if ci != si && !m.jump && m.occ[ci].enemies > 0 {
			continue
		}
		h := hex.Hex{X: ci % w, Y: ci / w}
		fc := m.cell(h)
		for di, nb := range h.Neighbors() {
			c, road, f := m.stepFrom(h, fc, hex.Direction(di), nb)
			if f != stepOK {
				continue
			}
			nl := 0
			if layer == 1 && road {
				nl = 1
			}
			nc := cost + c
			if nc > r.limit[nl] {
				continue
			}
			ni := nb.Y*w + nb.X
			if d := r.dist[nl][ni]; d > 0 && int(d) <= nc+1 {
				continue
			}
			r.dist[nl][ni] = int32(nc + 1)
			r.prev[nl][ni] = int32(ci*2+layer) + 1
			sc.written = [2]int{min(sc.written[0], ni), max(sc.written[1], ni)}
			q.push(nc, ni, nl)
		}
	}
	return r
}

// best returns the cheaper layer reaching cell i (the road layer on a tie:
// it keeps the bonus) and its cost, or -1.
func (r *route) best(i int) (layer, cost int) {
	d0, d1 := r.dist[0][i], int32(0)
	if r.dist[1] != nil {
		d1 = r.dist[1][i]
	}
	switch {
	case d1 > 0 && (d0 == 0 || d1 <= d0):
		return 1, int(d1) - 1
	case d0 > 0:
		return 0, int(d0) - 1
	}
	return -1, -1
}

// path returns the hexes from the start (excluded) to h, or nil.
func (r *route) path(h hex.Hex) []hex.Hex {
	w := r.m.s.Map.Width
	if !r.m.s.Map.Contains(h) || h == r.start {
		return nil
	}
	layer, _ := r.best(h.Y*w + h.X)
	if layer < 0 {
		return nil
	}
	var out []hex.Hex
	node := int32((h.Y*w+h.X)*2+layer) + 1
	for node > 0 {
		ci := int((node - 1) / 2)
		out = append(out, hex.Hex{X: ci % w, Y: ci / w})
		node = r.prev[(node-1)%2][ci]
	}
	out = out[:len(out)-1] // the start
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// plan finds the route to h: the cheapest within the MP left, else — for
// a unit that has not moved — the single step into an adjacent hex (000
// line 624). The error says why h cannot be reached.
func (m *mover) plan(h hex.Hex) ([]hex.Hex, error) {
	u := m.u
	if !m.s.Map.Contains(h) {
		return nil, illegal("hex %s is not on the map", h)
	}
	if err := m.endFault(h); err != nil {
		return nil, err
	}
	if p := m.search(m.mp).path(h); p != nil {
		return p, nil
	}
	if hex.Distance(u.Hex, h) == 1 {
		c, _, f := m.step(u.Hex, h)
		if f != stepOK {
			return nil, m.stepError(u.Hex, h, f)
		}
		if m.fresh {
			return []hex.Hex{h}, nil
		}
		return nil, illegal("hex %s costs %d MP; %s has %d left", h, c, u.ID, m.mp)
	}
	// Say how far it is, when it can be reached at all.
	far := m.search(1 << 20)
	if _, cost := far.best(h.Y*m.s.Map.Width + h.X); cost >= 0 {
		return nil, illegal("hex %s is %d MP away; %s has %d left", h, cost, u.ID, m.mp)
	}
	return nil, illegal("%s has no way into hex %s", u.ID, h)
}

// check walks a path and prices it, with the knowledge of the mover's
// side, before anything is carried out: adjacency, terrain, elevation,
// DropShips, enemy hexes (a ground unit goes on from one only by
// overrunning its single defender, overrun.go), the MP (with the road
// bonus and the one-hex rule) and the hex it ends in.
func (m *mover) check(path []hex.Hex) ([]step, error) {
	u := m.u
	steps := make([]step, 0, len(path))
	cur, spent, onRoad := u.Hex, 0, m.bonus
	for i, h := range path {
		last := i == len(path)-1
		if !m.s.Map.Contains(h) {
			return nil, illegal("hex %s is not on the map", h)
		}
		if hex.Distance(cur, h) != 1 {
			return nil, illegal("hex %s is not next to %s: a path goes hex by hex", h, cur)
		}
		c, road, f := m.step(cur, h)
		if f != stepOK {
			return nil, m.stepError(cur, h, f)
		}
		st := step{to: h, cost: c, road: road}
		if (!m.jump || last) && m.at(h).enemies > 0 {
			ovr := m.canOverrun(h, spent+c)
			switch {
			case ovr:
				st.overrun = true
				spent += overrunCost(u.Experience)
			case !last:
				return nil, illegal("%s must stop at %s: entering a hex held by an enemy unit ends a move (%s)", u.ID, h, bookCite{626})
			}
		}
		onRoad = onRoad && road
		spent += c
		steps = append(steps, st)
		cur = h
	}
	limit := m.mp
	if onRoad {
		limit++
	}
	if spent > limit && !(len(path) == 1 && m.fresh) {
		if len(path) == 1 {
			return nil, illegal("hex %s costs %d MP; %s has %d left", path[0], spent, u.ID, limit)
		}
		return nil, illegal("the path to %s costs %d MP; %s has %d left", cur, spent, u.ID, limit)
	}
	if err := m.endFault(cur); err != nil {
		return nil, err
	}
	return steps, nil
}

// nodeHeap is a binary min-heap of search nodes keyed by (cost, cell,
// layer), so equal costs pop in a fixed order.
type nodeHeap []uint64

func (q *nodeHeap) push(cost, cell, layer int) {
	*q = append(*q, uint64(cost)<<40|uint64(cell)<<1|uint64(layer))
	a := *q
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if a[p] <= a[i] {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (q *nodeHeap) pop() (cost, cell, layer int) {
	a := *q
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && a[l] < a[m] {
			m = l
		}
		if r < n && a[r] < a[m] {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*q = a
	return int(top >> 40), int(top>>1) & (1<<39 - 1), int(top & 1)
}

// String describes a path for events: "1111 → 1011 → 0912".
func pathText(from hex.Hex, path []hex.Hex) string {
	var b strings.Builder
	b.WriteString(from.String())
	for _, h := range path {
		b.WriteString(" → ")
		b.WriteString(h.String())
	}
	return b.String()
}
