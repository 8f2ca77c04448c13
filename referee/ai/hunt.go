package ai

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The hunt: a battle goes on while a side has a unit on the map, hidden
// infantry included (ruling V5), and hidden infantry is never seen: it is
// found only by entering its hex (000 lines 1045–1053; ruling M14). So a
// battle in which the side sees no enemy ground unit to fight, once it
// has fought or stalled (stallTurns without an attack), is searched: its units close on the hexes of
// the enemy's half of the map where infantry could stand and none of
// them has been yet, rather than wait at the enemy's edge for the turn
// limit with nothing happening.

// sweep notes the hexes the side's own units have entered, from the move
// events it is told of (Player.Observe): each names the hexes of the way
// ("R1 moves 0101 → 0102 → 0203"). Entering is the only thing that shows
// hidden infantry: it is never sighted, whatever the range or line of
// sight (ruling S9), and is revealed as the first enemy land unit
// enters its hex (000 line 1052; ruling M14). So a walking unit searches
// every hex of its way, a jumping one only the hex it lands in (000 line
// 1044; ruling M10), and an air unit none: it flies over everything (000
// line 1088; ruling AIR1).
func (p *Player) sweep(e referee.Event) {
	if e.Type != "move" || e.Side != p.Side || strings.Contains(e.Text, " flies ") {
		return
	}
	if p.swept == nil {
		p.swept = map[hex.Hex]bool{}
	}
	for _, h := range []*hex.Hex{e.From, e.Hex} {
		if h != nil {
			p.swept[*h] = true
		}
	}
	if p.leapers[e.Unit] {
		return
	}
	if _, way, ok := strings.Cut(e.Text, " moves "); ok {
		for _, f := range strings.Split(way, " → ") {
			if h, err := hex.Parse(f); err == nil {
				p.swept[h] = true
			}
		}
	}
}

// leavesAmbush reports that the side's hidden infantry comes out (a
// hidden unit that moves is revealed, ruling M15): once the battle is
// stalled, once the side retreats (its hidden units would keep the
// battle going to the turn limit, and a retreat is for leaving), and
// once they are all the side has left on the ground to fight with. A
// side reduced to hidden infantry could sit out the turn limit unfound
// and win on the points it holds; the AI does not: it comes out and
// fights, or retreats when its prospects are lost (prospects.go), so
// that no battle runs to its turn limit with nothing happening.
func (pic *picture) leavesAmbush() bool {
	if pic.stalled {
		return true
	}
	if me := pic.v.Side(pic.side); me != nil && me.Retreating {
		return true
	}
	for _, u := range pic.own {
		if groundMover(u) {
			return false
		}
	}
	return true
}

// leap notes which of the side's own units jump (its view shows their
// jump capability, hidden from the enemy): their moves search only the
// hexes they land in (sweep).
func (p *Player) leap(pic *picture) {
	for _, u := range pic.own {
		if u.Detail != nil && u.Detail.Jump {
			if p.leapers == nil {
				p.leapers = map[string]bool{}
			}
			p.leapers[u.ID] = true
		}
	}
}

// huntBand is how much deeper into the enemy's half than the shallowest
// hex not yet searched the hexes the side hunts through go (in hexes of
// distance to its own edge less that to the enemy's: two a column).
// Hidden infantry waits for the enemy's advance, so the search starts at
// the middle of the map and moves on into the enemy's half as the near
// hexes are searched.
const huntBand = 12

// huntBandHexes is how many hexes the band holds at least, when there
// are as many left.
const huntBandHexes = 100

// huntHexes are the hexes a side searches when it sees no enemy ground
// unit to fight, once the battle is stalled or as soon as it has fought
// (fought): every enemy counter on the map is in plain view (ruling K2),
// so with none left what keeps the battle going hides, and waiting for
// the stall to search for it only spends turns. They are those in the
// enemy's half of the map (nearer an enemy's retreat edge than its own),
// within huntBand of the shallowest, where infantry on foot may stand
// and some unit of the side may enter, that none of its units has
// entered (swept) or stands in; nil when the side does not hunt.
func (pic *picture) huntHexes(swept map[hex.Hex]bool, fought bool) []hex.Hex {
	if !pic.stalled && !fought {
		return nil
	}
	for _, e := range pic.enemies {
		if e.fighting() {
			return nil
		}
	}
	own := ""
	if me := pic.v.Side(pic.side); me != nil {
		own = me.RetreatEdge
	}
	here := map[hex.Hex]bool{}
	var modes []mapgen.Movement
	for _, u := range pic.own {
		if u.Hex != nil {
			here[*u.Hex] = true
		}
		if groundMover(u) {
			modes = append(modes, routeKeyOf(u, 1).mode)
		}
	}
	// enters: some unit of the side may enter a hex of the terrain; a
	// hex none may enter is never searched, and would hold the band back.
	enters := func(c mapgen.Cell) bool {
		for _, mode := range modes {
			if c.Road || !c.Terrain.Info().Prohibited[mode] {
				return true
			}
		}
		return len(modes) == 0
	}
	m := pic.v.Map
	var out []hex.Hex
	var depths []int
	shallowest := 1 << 20
	for y := range m.Height {
		for x := range m.Width {
			h := hex.Hex{X: x, Y: y}
			if c := pic.cell(h); swept[h] || here[h] || c.Terrain.Info().Prohibited[mapgen.Foot] || !enters(c) {
				continue
			}
			if d, ok := pic.enemyDepth(h, own); ok {
				out, depths = append(out, h), append(depths, d)
				shallowest = min(shallowest, d)
			}
		}
	}
	// The band reaches huntBand deeper than the shallowest hex, or as
	// deep as it takes to hold huntBandHexes: a few hexes the side's
	// units cannot get to must not hold the search back.
	deepest := shallowest + huntBand
	if len(out) > huntBandHexes {
		sorted := slices.Clone(depths)
		slices.Sort(sorted)
		deepest = max(deepest, sorted[huntBandHexes-1])
	}
	band := out[:0]
	for i, h := range out {
		if depths[i] <= deepest {
			band = append(band, h)
		}
	}
	return band
}

// enemyDepth is how deep h lies in the enemy's half of the map: its
// distance to the side's own edge own less that to the nearest enemy
// retreat edge, ok false when that is not more than 0 (every hex, at
// depth 0, when the edges are not known).
func (pic *picture) enemyDepth(h hex.Hex, own string) (int, bool) {
	mine := edgeDistance(pic.v.Map, h, own)
	best, found := 0, false
	for _, edge := range pic.enemyEdges {
		if d := edgeDistance(pic.v.Map, h, edge); d >= 0 && mine >= 0 && mine-d > 0 && (!found || mine-d < best) {
			best, found = mine-d, true
		}
	}
	if mine < 0 || len(pic.enemyEdges) == 0 {
		return 0, true
	}
	return best, found
}

// huntPull is what a MP of the way to the hex the unit hunts towards
// (its own, assignHunt) costs a move, huntFind what ending in a hex not
// yet searched is worth, and huntWay what each one on the way there is
// worth: the unit must enter a hex to find what hides there, so its
// range does not count, and a long walk through hexes not yet searched
// searches them all.
const (
	huntPull = 1.0
	huntFind = 1.0
	huntWay  = 0.6
)

// assignHunt shares the hexes the side hunts through out among its
// units, so that they spread over them rather than walk one behind the
// other to the nearest: each hex goes to the unit that could search it
// first (the MP of the way over its MP, after the hexes it already has),
// of those that may enter it — a wheeled unit cannot search a wood.
// Units whose aim is elsewhere (aims.go) do not hunt.
func (pic *picture) assignHunt() {
	if len(pic.hunt) == 0 {
		return
	}
	var hunters []*referee.ViewUnit
	var reach [][]int
	for _, u := range pic.own {
		if groundMover(u) && !u.Disrupted && (pic.aims == nil || !pic.aims.elsewhere(pic, u)) {
			hunters = append(hunters, u)
			reach = append(reach, pic.huntField(u, []hex.Hex{*u.Hex}))
		}
	}
	// turns is how many turns hunter j needs to enter h; ok false: it
	// cannot.
	w := pic.v.Map.Width
	turns := func(j int, h hex.Hex) (float64, bool) {
		u, mp := hunters[j], reach[j][h.Y*w+h.X]
		c := pic.cell(h)
		if mp < 0 || !c.Road && c.Terrain.Info().Prohibited[routeKeyOf(u, 1).mode] {
			return 0, false
		}
		return float64(mp) / float64(max(u.Detail.MP, 1)), true
	}
	// Each hex, nearest first, goes to the unit that would be there
	// first after searching the hexes it already has (a hex a turn for
	// each MP, roughly): so a fast unit takes the most, but not all.
	type near struct {
		h hex.Hex
		t float64
	}
	order := make([]near, 0, len(pic.hunt))
	for _, h := range pic.hunt {
		soonest := -1.0
		for j := range hunters {
			if t, ok := turns(j, h); ok && (soonest < 0 || t < soonest) {
				soonest = t
			}
		}
		if soonest >= 0 {
			order = append(order, near{h, soonest})
		}
	}
	slices.SortStableFunc(order, func(a, b near) int { return cmp.Compare(a.t, b.t) })
	pic.huntTo = map[string][]hex.Hex{}
	for _, n := range order {
		first, soonest := -1, 0.0
		for j, u := range hunters {
			t, ok := turns(j, n.h)
			t += float64(len(pic.huntTo[u.ID])) / float64(max(u.Detail.MP, 1))
			if ok && (first < 0 || t < soonest) {
				first, soonest = j, t
			}
		}
		id := hunters[first].ID
		pic.huntTo[id] = append(pic.huntTo[id], n.h)
	}
}

// hunts reports that the moving unit hunts: it goes through its own
// hexes (assignHunt) rather than close on the nearest not yet searched.
func (m *moveScorer) hunts() bool { return len(m.pic.huntTo[m.u.ID]) > 0 }

// huntScore is what the hunt adds to the score of ending the move of
// unit m.u in h: nearer the hexes it hunts through (by the MP of the
// way, route.go), better in a hex not yet searched, and better still
// through many of them (a walking unit names the way through the most,
// sweep.go).
func (m *moveScorer) huntScore(h hex.Hex) float64 {
	pic := m.pic
	mine := pic.huntTo[m.u.ID]
	if len(mine) == 0 || m.u.Hex == nil {
		return 0
	}
	hunted := pic.huntedSet()
	way := 1 << 20
	if w := pic.huntField(m.u, mine)[h.Y*pic.v.Map.Width+h.X]; w >= 0 {
		way = w
	} else {
		for _, x := range mine {
			way = min(way, hex.Distance(h, x))
		}
	}
	sc := -huntPull * float64(way)
	if hunted[h] {
		sc += huntFind
	}
	if m.u.Detail != nil && m.u.Detail.Jump {
		return sc // a jump searches only where it lands
	}
	return sc + huntWay*float64(pic.sweepWays(m.u)[h].n)
}

// huntedSet is pic.hunt as a set, made when first needed.
func (pic *picture) huntedSet() map[hex.Hex]bool {
	if pic.hunted == nil {
		pic.hunted = map[hex.Hex]bool{}
		for _, x := range pic.hunt {
			pic.hunted[x] = true
		}
	}
	return pic.hunted
}

// huntField is the MP own unit u needs from each hex to the nearest of
// hexes (fieldFrom), kept for the player turn with the route fields.
func (pic *picture) huntField(u *referee.ViewUnit, hexes []hex.Hex) []int {
	k := routeKeyOf(u, 1)
	var key string
	if pic.routeMemo != nil {
		b := []byte("hunt " + pic.stepsKey(k))
		for _, h := range hexes {
			b = binary.AppendVarint(b, int64(h.X))
			b = binary.AppendVarint(b, int64(h.Y))
		}
		key = string(b)
	}
	f, ok := pic.routeMemo.field(key)
	if !ok {
		f = pic.fieldFrom(k, hexes)
		if pic.routeMemo != nil {
			pic.routeMemo.fields[key] = f
		}
	}
	return f
}

// hop is the move of a jump-capable unit that hunts. A jump searches
// only the hex it lands in (000 line 1044; ruling M10), so one jump a
// turn searched one hex however many MP the unit had; but a move may be
// split while MP remains (ruling M19), so the unit jumps to the nearest
// of its own hexes not yet searched (assignHunt) and, with MP left,
// moves again from there: a hex searched for each MP or so, as a
// walking unit searches the hexes of its way. Of hexes as near, the one
// with the fewest of its own left around it goes first, so that the
// hops follow the edge of what is left rather than cut through it. ok
// false when none of its hexes is among its moves: it moves as another
// unit does (bestMove), once.
func (pic *picture) hop(u *referee.ViewUnit, moves []referee.Action) (referee.Action, bool) {
	mine := pic.huntTo[u.ID]
	if len(mine) == 0 || u.Hex == nil || u.Detail == nil || !u.Detail.Jump {
		return referee.Action{}, false
	}
	own := map[hex.Hex]bool{}
	for _, h := range mine {
		own[h] = true
	}
	around := func(h hex.Hex) int {
		n := 0
		for _, x := range h.Neighbors() {
			if own[x] {
				n++
			}
		}
		return n
	}
	best, bestD, bestN := -1, 0, 0
	for i, a := range moves {
		if a.Kind != referee.ActMove || !own[a.To] || pic.mines[a.To] > 0 {
			continue
		}
		d, n := hex.Distance(*u.Hex, a.To), around(a.To)
		if best < 0 || d < bestD || d == bestD && n < bestN {
			best, bestD, bestN = i, d, n
		}
	}
	if best < 0 {
		return referee.Action{}, false
	}
	return moves[best], true
}
