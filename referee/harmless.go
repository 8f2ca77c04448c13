package referee

import (
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// A battle in which no unit can ever harm an enemy ends at once (ruling
// V16): the book fights a battle until one side is gone or withdraws
// (000 lines 2653, 2661), which such a battle never reaches. The test is
// the rules', not a player's: every unit in the battle, hidden ones
// included, with everything the rules let it do —
// any row it may yet fire with (overburn, the Extra 'Mech and Firepower
// chits), its full range whatever the line of sight, every hex its
// movement mode could ever enter whatever the MP (000 lines 620–679),
// enemy units and DropShips no obstacle. Only when none of that brings
// any unit within reach of any enemy is harm impossible.

// harmRadius is how far from its hex u could ever attack a ground unit:
// its range with a Ranged Attack Value (any row it may still fire with),
// 1 with a Close Attack Value, 0 for infantry, which makes its close
// assault whatever its values (000 line 1013); -1 when it can never
// attack (a truck, 000 line 847; every value 0).
func harmRadius(u *Unit) int {
	if u.Class.Kind() == KindDropShip {
		if dropShipValues(u).RA > 0 {
			return u.Range
		}
		return -1
	}
	if u.Class.Info().NoCombat {
		return -1
	}
	ra, ca := 0, 0
	for k := max(min(u.Step, 3)-1, 0); k < len(u.Rows); k++ {
		// Overburn fires a row up (000 line 1021); damage only lowers it.
		ra, ca = max(ra, u.Rows[k].RA), max(ca, u.Rows[k].CA)
	}
	if u.Step == 0 {
		ra = max(ra, u.OverburnRA)
	}
	if u.Chits.Firepower > 0 && !u.FirepowerUsed {
		ra = max(ra, u.Chits.Firepower)
	}
	r := -1
	if u.Class.Kind() == KindInfantry {
		r = 0
	}
	if ca > 0 {
		r = 1
	}
	if ra > 0 {
		r = max(r, u.Range)
	}
	return r
}

// airHarm: an air lance may fly to any hex, so one that can attack at
// all can reach every enemy, and every enemy that can attack at all can
// fire at it once it comes next to it (000 lines 1154–1157).
func airHarm(u *Unit) bool {
	return u.Rows[0].RA > 0 || u.Rows[0].CA > 0 || (u.Chits.Bomb > 0 && !u.BombDropped)
}

// harmless reports whether no unit in the battle can ever harm an enemy
// (ruling V16). It answers false — harm possible — whenever a unit may
// still come in from off the map (a drop, a lance aboard a DropShip in
// orbit, units still to come, a broken unit that may rally) or a unit
// could still move into a surrendered unit's hex (righting or taking
// it), and in scenarios, which keep their own end rules (exits,
// objectives, salvage). A campaign battle carries scenario rules only
// for the units that arrive late (setup_apply in campaign): once they
// are in, it is judged like any other.
func (s *State) harmless() bool {
	pieces, toppled, ok := s.harmPieces()
	if !ok {
		return false
	}
	armed := false
	for _, p := range pieces {
		armed = armed || p.r >= 0
	}
	if !armed && len(toppled) == 0 {
		return true // nobody can attack at all: trucks against trucks
	}
	if airMeets(pieces) {
		return false
	}
	// Most battles are decided here, without a look at the map: an
	// attacker already within reach of an enemy, or one that jumps.
	for _, a := range pieces {
		for _, t := range pieces {
			if a.r >= 0 && t.side != a.side && (a.u.CanJump() || hex.Distance(a.at, t.at) <= a.r) {
				return false
			}
		}
	}
	rc := newReachCache(s)
	reach := make([]reachSet, len(pieces))
	for i, p := range pieces {
		if !p.air {
			reach[i] = rc.reach(p.u, p.at)
		}
	}
	for i, a := range pieces {
		for j, t := range pieces {
			if a.r >= 0 && t.side != a.side && !t.air && rc.within(reach[i], reach[j], a.r) {
				return false
			}
		}
	}
	// A surrendered unit changes the battle once any unit moves into its
	// hex: a friend rights it, an enemy takes it.
	for _, h := range toppled {
		for i, p := range pieces {
			if p.air || rc.within(reach[i], reachSet{at: h, alone: true}, 0) {
				return false
			}
		}
	}
	return true
}

// airMeets reports whether an air lance is on one side of an attack
// that could be made: air lances meet anything (airHarm).
func airMeets(pieces []harmPiece) bool {
	for _, a := range pieces {
		for _, t := range pieces {
			if a.side != t.side && (a.air || t.air) && a.r >= 0 {
				return true
			}
		}
	}
	return false
}

// harmPiece is a unit in the battle as V16 and V17 weigh it: where it
// stands (or comes off its DropShip) and how far it could ever attack
// (harmRadius; an armed air lance at least 0).
type harmPiece struct {
	u    *Unit
	at   hex.Hex
	r    int
	air  bool
	side string
}

// harmPieces lists the units that may still act in the battle and the
// hexes of surrendered units nobody has righted yet (000 line 970); ok
// is false when the battle may still change without them: a scenario
// (which keeps its own end rules), a unit that may still come in from
// off the map, a broken unit that may rally.
func (s *State) harmPieces() (pieces []harmPiece, toppled []hex.Hex, ok bool) {
	if len(s.Sides) < 2 || s.Scenario != nil && s.Campaign == nil {
		return nil, nil, false
	}
	for _, side := range s.Sides {
		if s.scenarioPending(side.ID) {
			return nil, nil, false
		}
	}
	for _, u := range s.Units {
		at := u.Hex
		switch u.Status {
		case Active:
		case Reserve:
			if u.Aboard == "" {
				if u.Drop {
					return nil, nil, false // it may still drop
				}
				continue // never deployed: out of the battle (V5)
			}
			i := s.unitIndex(u.Aboard)
			if i < 0 || s.Units[i].Status != Active {
				return nil, nil, false // its DropShip may still land
			}
			at = s.Units[i].Hex // it may come off beside it
		case Broken:
			if 12+RallyModifier(u.Experience) >= RallyRoll {
				return nil, nil, false // it may rally back onto the map (V1)
			}
			continue
		case Surrendered:
			if !u.Righting {
				toppled = append(toppled, at)
				continue
			}
			// Righted next turn, it acts again: a piece like any other.
		default:
			continue
		}
		if !s.Map.Contains(at) {
			return nil, nil, false
		}
		p := harmPiece{u: u, at: at, r: harmRadius(u), air: u.Class.Kind() == KindAir, side: u.Side}
		if p.air && airHarm(u) {
			p.r = max(p.r, 0)
		}
		pieces = append(pieces, p)
	}
	return pieces, toppled, true
}

// reachCache holds, for each movement mode, the map cut into the regions
// a unit of that mode can move between: a unit can go, given turns
// enough, from any hex of a region to any other and nowhere else
// (stepping is symmetric between hexes a mode may enter, mover.stepFrom).
type reachCache struct {
	s      *State
	m      *mover
	labels map[mapgen.Movement][]int32 // region + 1 of each cell; 0: not flooded, or the mode may not enter it
	count  map[mapgen.Movement]int32   // regions flooded
	border map[regionKey][]hex.Hex     // a region's hexes on its rim
	gaps   map[[2]regionKey]int
	// sight is the map V17 traces lines of sight on: every building
	// rubble, as attacks may yet leave it (000 line 1009), which only
	// ever clears a line.
	sight *mapgen.Map
}

type regionKey struct {
	mode   mapgen.Movement
	region int32
}

// reachSet is where a unit could ever stand: every hex (a jumper), or
// the regions of its mode it can step into, and the hex it stands on
// when that is in none of them (alone: a DropShip, a unit deployed where
// its mode may not go).
type reachSet struct {
	all     bool
	mode    mapgen.Movement
	regions []int32
	at      hex.Hex
	alone   bool
}

func newReachCache(s *State) *reachCache {
	n := s.Map.Width * s.Map.Height
	return &reachCache{
		s:      s,
		m:      &mover{s: s, occ: make([]cellUnits, n)}, // no units: none blocks the way
		labels: map[mapgen.Movement][]int32{},
		count:  map[mapgen.Movement]int32{},
		border: map[regionKey][]hex.Hex{},
		gaps:   map[[2]regionKey]int{},
	}
}

// reach is where u, standing at at, could ever stand.
func (rc *reachCache) reach(u *Unit, at hex.Hex) reachSet {
	if u.Class.Kind() == KindDropShip {
		return reachSet{at: at, alone: true} // it only lands and lifts off
	}
	if u.CanJump() {
		return reachSet{all: true}
	}
	mode := u.Class.Info().Movement
	rs := reachSet{mode: mode, at: at}
	if l := rc.label(mode, at); l > 0 {
		return reachSet{mode: mode, regions: []int32{l - 1}, at: at}
	}
	// Standing where its mode may not go, it may step out of it.
	rs.alone = true
	fc := rc.s.Cell(at)
	for d, nb := range at.Neighbors() {
		rc.m.mode = mode
		if _, _, f := rc.m.stepFrom(at, fc, hex.Direction(d), nb); f == stepOK {
			if l := rc.label(mode, nb); l > 0 && !slices.Contains(rs.regions, l-1) {
				rs.regions = append(rs.regions, l-1)
			}
		}
	}
	return rs
}

func (rc *reachCache) index(h hex.Hex) int { return h.Y*rc.s.Map.Width + h.X }

// enterable: a unit of the mode may stand in the cell (not barred, or on
// a road through it).
func enterable(mode mapgen.Movement, c mapgen.Cell) bool { return !barred(mode, c) || c.Road }

// label is the region + 1 of mode holding h, 0 when the mode may not
// stand there; each region is flooded the first time one of its hexes
// is asked for.
func (rc *reachCache) label(mode mapgen.Movement, h hex.Hex) int32 {
	s := rc.s
	lab := rc.labels[mode]
	if lab == nil {
		lab = make([]int32, s.Map.Width*s.Map.Height)
		rc.labels[mode] = lab
	}
	i := rc.index(h)
	if lab[i] != 0 || !enterable(mode, s.Cell(h)) {
		return lab[i]
	}
	rc.count[mode]++
	next := rc.count[mode]
	key := regionKey{mode, next - 1}
	rc.m.mode = mode
	lab[i] = next
	queue := []hex.Hex{h}
	for len(queue) > 0 {
		h := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		fc := s.Cell(h)
		rim := false
		for d, nb := range h.Neighbors() {
			if !s.Map.Contains(nb) {
				rim = true
				continue
			}
			ni := rc.index(nb)
			if lab[ni] == next {
				continue
			}
			if _, _, f := rc.m.stepFrom(h, fc, hex.Direction(d), nb); f != stepOK || !enterable(mode, s.Cell(nb)) {
				rim = true
				continue
			}
			lab[ni] = next
			queue = append(queue, nb)
		}
		if rim {
			rc.border[key] = append(rc.border[key], h)
		}
	}
	return next
}

// within reports whether some hex of a lies within r hexes of some hex
// of t.
func (rc *reachCache) within(a, t reachSet, r int) bool {
	if a.all || t.all {
		return true
	}
	for _, ra := range a.regions {
		for _, rt := range t.regions {
			if rc.gap(regionKey{a.mode, ra}, regionKey{t.mode, rt}) <= r {
				return true
			}
		}
	}
	if a.alone {
		if hex.Distance(a.at, t.at) <= r {
			return true
		}
		for _, rt := range t.regions {
			if rc.nearHex(regionKey{t.mode, rt}, a.at, r) {
				return true
			}
		}
	}
	if t.alone {
		for _, ra := range a.regions {
			if rc.nearHex(regionKey{a.mode, ra}, t.at, r) {
				return true
			}
		}
	}
	return false
}

// gap is the fewest hexes between two regions (of one mode or two), 0
// where they overlap. Regions apart are nearest at hexes on their rims:
// from any other hex of a region a neighbour in it is a hex nearer.
func (rc *reachCache) gap(a, t regionKey) int {
	if a == t {
		return 0
	}
	if g, ok := rc.gaps[[2]regionKey{a, t}]; ok {
		return g
	}
	g := rc.measureGap(a, t)
	rc.gaps[[2]regionKey{a, t}], rc.gaps[[2]regionKey{t, a}] = g, g
	return g
}

func (rc *reachCache) measureGap(a, t regionKey) int {
	if a.mode != t.mode {
		// A path inside a from a hex of t to a hex outside it crosses
		// t's rim; so regions overlap only where a rim hex of one lies
		// in the other.
		for _, k := range [2][2]regionKey{{a, t}, {t, a}} {
			lab := rc.labels[k[0].mode]
			for _, h := range rc.border[k[1]] {
				if lab[rc.index(h)] == k[0].region+1 {
					return 0
				}
			}
		}
	}
	g := rc.s.Map.Width + rc.s.Map.Height
	for _, x := range rc.border[a] {
		for _, y := range rc.border[t] {
			g = min(g, hex.Distance(x, y))
		}
	}
	return g
}

// nearHex: a hex of the region lies within r hexes of h.
func (rc *reachCache) nearHex(k regionKey, h hex.Hex, r int) bool {
	if rc.labels[k.mode][rc.index(h)] == k.region+1 {
		return true
	}
	for _, x := range rc.border[k] {
		if hex.Distance(x, h) <= r {
			return true
		}
	}
	return false
}
