package referee

import (
	"fmt"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// A battle with a turn limit ends as soon as nothing its units can still
// do before that limit would change its result (ruling V17): V16's test
// bounded by the turns left. Such a battle, fought on, reaches its limit
// with the victory points, the field and the salvage as they stand, so
// ending it at once gives the same result without the empty turns. The
// test is the rules', not a player's, and errs towards going on: every
// unit with V16's reach (any row, its full range, enemy units no
// obstacle), and with the most MP the rules could ever give it in each
// of the movement phases left ('Mechs' and vehicles' overburn, 000 lines
// 689–691; the road bonus hex, 000 line 653), no one step costing more
// than that (a unit may always move one hex alone, 000 line 624), each
// building priced and seen through as the rubble attacks may yet make of
// it (000 line 1009). Unlike V16 it asks for a line of sight for a
// ranged attack (000 line 823), traced by day, between the hexes the two
// units could reach: the way units penned in either side of woods stay
// apart. An indirect attack needs it from a forward observer instead, a
// friend that could reach a hex with a line to a hex the target could
// reach within the firer's range (000 lines 827–829).
//
// Besides harm, a unit could change the result by righting or taking a
// surrendered unit (000 line 970), picking up salvage (000 line 2647),
// or leaving the map: a side whose units all leave gives up the field,
// and with it the salvage on the map and its surrendered units (V5, V7);
// in a campaign a side that withdraws falls back (CB7), and a unit that
// leaves carrying salvage takes it to the RBG (CB5); a landed DropShip
// leaves from any hex (ruling DR16). Each of these, if a unit could
// still do it before the limit, keeps the battle going.

// HarmlessBefore reports whether the battle, which ends after game turn
// last, can no longer change its result before that (ruling V17).
func HarmlessBefore(s *State, last int) bool {
	if s.Phase == PhaseOver || last <= 0 || s.Turn > last {
		return false
	}
	return s.harmlessBefore(last)
}

// Settle ends the battle, which ends after game turn last, when nothing
// can change its result before that (ruling V17; ended reports whether
// it did). The referee asks V17 itself in each end phase of a battle
// whose rules carry the limit (checkBattleEnd), but not of a campaign's:
// the campaign calls Settle as a game turn ends, once its morale checks
// (004) have run, since they may still change the result. Auto-resolve
// calls it as each game turn starts, with the limit of ruling CB4 the
// battle's rules do not carry.
func Settle(s *State, last int) (next *State, events []Event, ended bool, err error) {
	if !HarmlessBefore(s, last) {
		return s, nil, false, nil
	}
	next, events, err = EndBattle(s, settledWhy(last))
	return next, events, err == nil, err
}

// settledWhy is the end's reason under V17.
func settledWhy(last int) string {
	return fmt.Sprintf("no unit left in the battle can harm an enemy or change the result before the turn limit (game turn %d) (ruling V17)", last)
}

// harmlessBefore is V17's test (HarmlessBefore).
func (s *State) harmlessBefore(last int) bool {
	pieces, toppled, ok := s.harmPieces()
	if !ok {
		return false
	}
	rc := newReachCache(s)
	rc.m.ruin, rc.sight = true, ruined(s)
	// Most battles are decided here: an attacker already within reach.
	for _, a := range pieces {
		for _, t := range pieces {
			if a.r >= 0 && t.side != a.side && hex.Distance(a.at, t.at) <= a.r && rc.mayFire(a.at, t.at) {
				return false
			}
		}
	}
	// A side moves at most once in each game turn left, this one
	// included.
	moves := last - s.Turn + 1
	if airMeets(pieces) {
		return false
	}
	salvage := 0
	for _, n := range s.Salvage {
		salvage += n
	}
	// No way across the map costs more than every hex of it at the
	// dearest step: a budget past that reaches no further.
	most := s.Map.Width * s.Map.Height * dearestStep
	budget := make([]int, len(pieces))
	for i, p := range pieces {
		budget[i] = moves * mostMP(p.u)
		if moves > most || budget[i] > most {
			budget[i] = most
		}
		if p.u.Status == Reserve {
			budget[i]++ // the hex it comes off its DropShip into
		}
	}
	reached := make([]*reachBound, len(pieces))
	reach := func(i int) *reachBound {
		if reached[i] == nil {
			reached[i] = rc.reachWithin(pieces[i].u, pieces[i].at, budget[i])
		}
		return reached[i]
	}
	type pair struct{ a, t, dist int }
	var pairs []pair
	for i, a := range pieces {
		for j, t := range pieces {
			if a.r < 0 || t.side == a.side || t.air {
				continue
			}
			// Each MP moves a unit one hex at most.
			if d := hex.Distance(a.at, t.at); d <= a.r+budget[i]+budget[j] {
				pairs = append(pairs, pair{i, j, d})
			}
		}
	}
	// The nearest pairs first, and the quick proof first: the attacker
	// reaching its range of the enemy where that one stands.
	slices.SortStableFunc(pairs, func(x, y pair) int { return x.dist - y.dist })
	for _, p := range pairs {
		if rc.reaches(pieces[p.a].u, pieces[p.a].at, budget[p.a], pieces[p.t].at, pieces[p.a].r) {
			return false
		}
	}
	for _, p := range pairs {
		a := pieces[p.a]
		if reach(p.a).near(reach(p.t), a.r) && (rc.inSight(reach(p.a), reach(p.t), a.r) || rc.observed(pieces, p.a, p.t, reach)) {
			return false
		}
	}
	for i, p := range pieces {
		if p.air {
			if salvage > 0 || len(toppled) > 0 {
				return false // it may leave at will (000 line 1099), and its side the field with it
			}
			continue
		}
		for _, h := range toppled {
			if reach(i).has(h) {
				return false
			}
		}
		for h, n := range s.Salvage {
			if n > 0 && p.u.Class.Ground() && p.u.Salvage == 0 && reach(i).has(h) {
				return false
			}
		}
		if s.Campaign != nil && p.u.Salvage > 0 && reach(i).edge {
			return false // it would take its salvage to the RBG (CB5)
		}
	}
	// A side that could leave the map with every unit it has there.
	if s.Campaign == nil && salvage == 0 && len(toppled) == 0 {
		return true
	}
	for _, side := range s.Sides {
		leaves, any := true, false
		for i, p := range pieces {
			if p.side != side.ID {
				continue
			}
			if p.u.Class.Kind() == KindDropShip {
				// A landed DropShip lifts off from any hex with what it
				// carries (ruling DR16), and the side's units may go
				// aboard: it could leave, and in a campaign its leaving
				// alone changes the result (the units withdrawn, CB5).
				return false
			}
			any = true
			leaves = leaves && (p.air || reach(i).edge)
		}
		if any && leaves {
			return false
		}
	}
	return true
}

// mostMP is the most MP u could have in one movement phase: its overburn
// MP at full strength if it may overburn ('Mechs and vehicles, 000 line
// 689; ruling R5), one hex more along a road for the modes with the road
// bonus.
func mostMP(u *Unit) int {
	mp := max(u.MP, 1) // one hex whatever the cost (000 line 624)
	if u.Step == 0 && u.Class.Info().Overburn {
		mp = OverburnMP(mp)
	}
	if roadBonusMode(u.Class.Info().Movement) {
		mp++
	}
	return mp
}

// reachBound is where a unit could stand within an MP budget: the hexes
// (in, by reachCache.index), those of them on the rim of the set (with a
// neighbour outside it or off the map), and whether any of them is on an
// edge of the map, from which it could leave.
type reachBound struct {
	in    []bool
	width int
	hexes []hex.Hex
	rim   []hex.Hex
	edge  bool
}

// reachWithin is where u, standing at at, could stand having spent at
// most budget MP: a DropShip only where it stands; a jumper any hex
// within budget hexes; any other unit wherever its mode may step, each
// step costing what it costs on an empty map.
func (rc *reachCache) reachWithin(u *Unit, at hex.Hex, budget int) *reachBound {
	s := rc.s
	b := &reachBound{in: make([]bool, s.Map.Width*s.Map.Height), width: s.Map.Width}
	var hexes []hex.Hex
	switch {
	case u.Class.Kind() == KindDropShip:
		hexes = []hex.Hex{at}
	case u.CanJump():
		for y := range s.Map.Height {
			for x := range s.Map.Width {
				if h := (hex.Hex{X: x, Y: y}); hex.Distance(at, h) <= budget {
					hexes = append(hexes, h)
				}
			}
		}
	default:
		hexes = rc.cheapest(u, at, budget)
	}
	b.hexes = hexes
	for _, h := range hexes {
		b.in[rc.index(h)] = true
	}
	for _, h := range hexes {
		b.edge = b.edge || onAnyEdge(s, h)
		for _, nb := range h.Neighbors() {
			if !s.Map.Contains(nb) || !b.in[rc.index(nb)] {
				b.rim = append(b.rim, h)
				break
			}
		}
	}
	return b
}

// cheapest lists the hexes u's mode can reach from at for at most budget
// MP (a search by cost, each step priced by mover.stepFrom on an empty
// map, every building rubble for the modes that may enter it, mover.ruin).
// A step costs at most the unit's mostMP: a unit may always move one hex
// whatever the cost, alone in its turn (000 line 624), so a phase spends
// at most mostMP of the budget either way. The hex it stands on counts
// even where its mode may not stand.
func (rc *reachCache) cheapest(u *Unit, at hex.Hex, budget int) []hex.Hex {
	s := rc.s
	mode, mp := u.Class.Info().Movement, mostMP(u)
	rc.m.mode = mode
	cost := make([]int32, s.Map.Width*s.Map.Height)
	for i := range cost {
		cost[i] = -1
	}
	cost[rc.index(at)] = 0
	buckets := make([][]hex.Hex, budget+1)
	buckets[0] = []hex.Hex{at}
	var out []hex.Hex
	for c := 0; c <= budget; c++ {
		for k := 0; k < len(buckets[c]); k++ {
			h := buckets[c][k]
			if int(cost[rc.index(h)]) != c {
				continue // reached more cheaply since
			}
			out = append(out, h)
			fc := rc.m.cell(h)
			for d, nb := range h.Neighbors() {
				step, _, f := rc.m.stepFrom(h, fc, hex.Direction(d), nb)
				step = min(step, mp) // a lone step whatever its cost (000 line 624)
				if f != stepOK || !enterable(mode, rc.m.cell(nb)) || c+step > budget {
					continue
				}
				if i := rc.index(nb); cost[i] < 0 || int(cost[i]) > c+step {
					cost[i] = int32(c + step)
					buckets[c+step] = append(buckets[c+step], nb)
				}
			}
		}
	}
	return out
}

func (b *reachBound) has(h hex.Hex) bool { return b.in[h.Y*b.width+h.X] }

// reaches reports whether u, standing at at, could come within r hexes
// of goal, where it may fire at it (mayFire), for at most budget MP: a
// search by cost, led towards goal (no step costs less than the hex it
// gains; each step priced as cheapest prices it), which the nearest pairs of a battle in movement answer after a
// few hexes.
func (rc *reachCache) reaches(u *Unit, at hex.Hex, budget int, goal hex.Hex, r int) bool {
	left := func(h hex.Hex) int { return max(hex.Distance(h, goal)-r, 0) }
	fires := func(h hex.Hex) bool { return left(h) == 0 && rc.mayFire(h, goal) }
	switch {
	case fires(at):
		return true
	case u.Class.Kind() == KindDropShip:
		return false
	case u.CanJump():
		return left(at) <= budget
	}
	mode, mp := u.Class.Info().Movement, mostMP(u)
	rc.m.mode = mode
	cost := map[hex.Hex]int{at: 0}
	buckets := make([][]hex.Hex, budget+1) // by cost spent + hexes still to go
	if left(at) > budget {
		return false
	}
	buckets[left(at)] = []hex.Hex{at}
	for f := range buckets {
		for k := 0; k < len(buckets[f]); k++ {
			h := buckets[f][k]
			c := cost[h]
			if c+left(h) != f {
				continue // reached more cheaply since
			}
			if fires(h) {
				return true
			}
			fc := rc.m.cell(h)
			for d, nb := range h.Neighbors() {
				step, _, fault := rc.m.stepFrom(h, fc, hex.Direction(d), nb)
				step = min(step, mp) // a lone step whatever its cost (000 line 624)
				if fault != stepOK || !enterable(mode, rc.m.cell(nb)) {
					continue
				}
				nc := c + step
				if old, seen := cost[nb]; seen && old <= nc || nc+left(nb) > budget {
					continue
				}
				cost[nb] = nc
				buckets[nc+left(nb)] = append(buckets[nc+left(nb)], nb)
			}
		}
	}
	return false
}

// near reports whether some hex of b lies within r hexes of some hex of
// t. Sets that do not overlap are nearest at hexes on their rims (from
// any other hex a neighbour in the set is a hex nearer); sets that do
// overlap hold a rim hex of one in the other.
func (b *reachBound) near(t *reachBound, r int) bool {
	for _, x := range b.rim {
		if t.has(x) {
			return true
		}
	}
	for _, y := range t.rim {
		if b.has(y) {
			return true
		}
	}
	for _, x := range b.rim {
		for _, y := range t.rim {
			if hex.Distance(x, y) <= r {
				return true
			}
		}
	}
	return false
}

// mayFire reports whether a unit at x could fire at one at y as far as the
// terrain between goes, on its own: a line of sight by day (night only
// blocks more, 000 line 2381), traced on reachCache.sight, every building
// rubble; or none needed next to it (a close attack, or infantry's
// assault in its hex, 000 line 1013). A unit that fires indirectly may
// fire without one through a forward observer (observed).
func (rc *reachCache) mayFire(x, y hex.Hex) bool {
	return hex.Distance(x, y) <= 1 || LineOfSight(rc.sight, x, y).Clear
}

// observed reports whether pieces[i], if it fires indirectly, could fire
// at pieces[j] through a forward observer before the limit (000 lines
// 827–829): a friend that may observe (ruling K5: a ground unit, not the
// firer; hidden, disrupted or landed hard it may be so no longer) able
// to stand where it has a line of sight, by day, to a hex the target
// could stand on within the firer's range of a hex the firer could
// stand on. The observer needs no range (829); the test does not ask
// that it stand there as the firer fires from that hex, nor that the
// target lie beyond a Long Tom's minimum range, and past sightWork
// lines takes one to be there: it errs towards going on.
func (rc *reachCache) observed(pieces []harmPiece, i, j int, reach func(int) *reachBound) bool {
	a := pieces[i]
	if !a.u.Indirect && !a.u.Class.Info().Indirect {
		return false
	}
	// The target's hexes within range: those in the firer's set, or
	// within range of its rim (near).
	fa := reach(i)
	var targets []hex.Hex
	for _, y := range reach(j).hexes {
		in := fa.has(y)
		for _, x := range fa.rim {
			in = in || hex.Distance(x, y) <= a.r
		}
		if in {
			targets = append(targets, y)
		}
	}
	if len(targets) == 0 {
		return false
	}
	work := 0
	for k, o := range pieces {
		if k == i || o.side != a.side || !o.u.Class.Ground() {
			continue
		}
		for _, x := range reach(k).hexes {
			for _, y := range targets {
				if work++; work > sightWork || LineOfSight(rc.sight, x, y).Clear {
					return true
				}
			}
		}
	}
	return false
}

// ruined is a copy of s's map, its rubble in, with every building hex
// rubble too: the map V17 traces its lines on (reachCache.sight).
func ruined(s *State) *mapgen.Map {
	m := s.Map.Clone()
	for i := range m.Cells {
		if c := &m.Cells[i]; c.Terrain.IsBuilding() {
			c.Terrain = mapgen.Rubble
		}
	}
	for h, ok := range s.Rubble {
		if c := m.Cell(h); ok && c != nil {
			c.Terrain = mapgen.Rubble
		}
	}
	return m
}

// dearestStep is the most MP any one step costs (path.go stepFrom): the
// dearest terrain and a level's climb.
var dearestStep = func() int {
	most := 0
	for _, t := range mapgen.Terrains {
		most = max(most, t.Info().MP)
	}
	return 1 + most + mapgen.ElevationMP
}()

// sightWork bounds the lines inSight traces: past it a pair is taken to
// have a line (harm possible), as the rules' test errs.
const sightWork = 200000

// inSight reports whether a unit standing somewhere in a could fire at
// one standing somewhere in t within r hexes (mayFire): every pair of
// hexes within r is looked at until one has a line.
func (rc *reachCache) inSight(a, t *reachBound, r int) bool {
	s, work := rc.s, 0
	for _, x := range a.hexes {
		for yy := max(x.Y-r, 0); yy <= min(x.Y+r, s.Map.Height-1); yy++ {
			for xx := max(x.X-r, 0); xx <= min(x.X+r, s.Map.Width-1); xx++ {
				y := hex.Hex{X: xx, Y: yy}
				if !t.has(y) || hex.Distance(x, y) > r {
					continue
				}
				if work++; work > sightWork || rc.mayFire(x, y) {
					return true
				}
			}
		}
	}
	return false
}
