package ai

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The hunt: a battle goes on while a side has a unit on the map, hidden
// infantry included (ruling V5), and hidden infantry is never seen: it is
// found only by entering its hex (000 lines 1050–1055; ruling M14). So
// once the side has fought or stalled (stallTurns without an attack),
// the hexes of the enemy's half of the map where infantry could stand
// and none of its units has been yet are searched: by all its units
// when it sees no enemy ground unit to fight, by those its last enemies
// in sight do not need once the battle has stalled while it does
// (spare), rather than wait at the enemy's edge for the turn limit with
// nothing happening.

// sweep notes the hexes the side's own units have entered, from the move
// events it is told of (Player.Observe): each names the hexes of the way
// ("R1 moves 0101 → 0102 → 0203"). Entering is the only thing that shows
// hidden infantry: it is never sighted, whatever the range or line of
// sight (ruling S9), and is revealed as the first enemy land unit
// enters its hex (000 line 1052; ruling M14). So a walking unit searches
// every hex of its way, a jumping one only the hex it lands in (000 line
// 1044; ruling M10), and an air unit none: it flies over everything (000
// line 1097; ruling AIR1).
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
func (p *Player) leap(v referee.View) {
	for i := range v.Units {
		if u := &v.Units[i]; u.Own && u.Detail != nil && u.Detail.Jump {
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

// huntNear is the near part of the enemy's half, in hundredths of its
// depth, where hidden infantry waiting for the side's advance is looked
// for first: the band keeps to it while any of its hexes is left. Held
// to a hundred hexes at least, the band went deeper as soon as the
// nearest were searched, and the hunters walked the deep open ground
// and left the near woods and buildings for last.
const huntNear = 40

// huntBandHexes is how many hexes the band holds at least, when there
// are as many left.
const huntBandHexes = 100

// huntHexes are the hexes a side searches once the battle is stalled or
// as soon as it has fought (fought) and sees no enemy still fighting,
// when some of its units are spare:
// every enemy counter on the map is in plain view (ruling K2), so with
// none left what keeps the battle going hides, and waiting for the
// stall to search for it only spends turns. They are those in the
// enemy's half of the map (nearer an enemy's retreat edge than its own),
// within huntBand of the shallowest or in its near part (huntNear),
// where infantry on foot may stand and some unit of the side may enter,
// that none of its units has entered (swept) or stands in; nil when the
// side does not hunt.
func (pic *picture) huntHexes(swept map[hex.Hex]bool, fought bool) []hex.Hex {
	if !pic.stalled && !fought {
		return nil
	}
	movers := make([]*referee.ViewUnit, 0, len(pic.own))
	for _, u := range pic.own {
		if groundMover(u) && !u.Disrupted {
			movers = append(movers, u)
		}
	}
	if len(pic.spare(movers)) == 0 {
		return nil
	}
	own := ""
	if me := pic.v.Side(pic.side); me != nil {
		own = me.RetreatEdge
	}
	m := pic.v.Map
	w := pic.scratch()
	here := append(w.here[:0], make([]bool, m.Width*m.Height)...) // by index, row by row
	w.here = here
	var modes []mapgen.Movement
	for _, u := range pic.own {
		if u.Hex != nil && m.Contains(*u.Hex) {
			here[u.Hex.Y*m.Width+u.Hex.X] = true
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
	out, depths := w.out[:0], w.depths[:0]
	shallowest, deepestOnMap := 1<<20, 0
	for i, d := range pic.enemyDepths(own) {
		if d < 0 {
			continue
		}
		deepestOnMap = max(deepestOnMap, d)
		h := hex.Hex{X: i % m.Width, Y: i / m.Width}
		if c := pic.cell(h); here[i] || c.Terrain.Info().Prohibited[mapgen.Foot] || !enters(c) || swept[h] { // the map looked up last
			continue
		}
		out, depths = append(out, h), append(depths, d)
		shallowest = min(shallowest, d)
	}
	w.out, w.depths = out, depths
	// The band reaches huntBand deeper than the shallowest hex, and
	// the near part of the enemy's half while any of it is left (huntNear);
	// past it, as deep as it takes to hold huntBandHexes: a few hexes the
	// side's units cannot get to must not hold the search back.
	near := deepestOnMap * huntNear / 100
	deepest := max(shallowest+huntBand, near)
	if len(out) > huntBandHexes && shallowest > near {
		sorted := slices.Clone(depths)
		slices.Sort(sorted)
		deepest = max(deepest, sorted[huntBandHexes-1])
	}
	n := 0
	for _, d := range depths {
		if d <= deepest {
			n++
		}
	}
	band := make([]hex.Hex, 0, n) // the picture's: out is scratch
	for i, h := range out {
		if depths[i] <= deepest {
			band = append(band, h)
		}
	}
	return band
}

// enemyDepths is enemyDepth of every hex of the map, row by row (−1:
// not in the enemy's half), kept from one decision to the next while the
// map and the edges are the same: the hunt reads every hex at every
// decision.
func (pic *picture) enemyDepths(own string) []int {
	w := pic.scratch()
	m := pic.v.Map
	if w.depthMap == m && w.depthOwn == own && slices.Equal(w.depthEdges, pic.enemyEdges) {
		return w.depth
	}
	w.depthMap, w.depthOwn, w.depthEdges = m, own, slices.Clone(pic.enemyEdges)
	w.depth = w.depth[:0]
	for y := range m.Height {
		for x := range m.Width {
			d, ok := pic.enemyDepth(hex.Hex{X: x, Y: y}, own)
			if !ok {
				d = -1
			}
			w.depth = append(w.depth, d)
		}
	}
	return w.depth
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
// units in lanes: the hexes, ordered along the enemy's edge, are cut
// into one lane for each unit, in the units' own order along it, each
// as many hexes as its share of the hunters' MP. A unit that went to
// the nearest hex nobody had searched left holes behind it, at the
// map's edges and between the ways of its neighbours, which were then
// the farthest of everybody's hexes, searched last or never, and
// hidden infantry that never moved sat there to the turn limit; a unit
// that sweeps its own lane leaves none. A hex the unit of its
// lane may not enter (a wheeled unit cannot search a wood) goes to the
// unit that could be there first, of those that may. Units whose aim is
// elsewhere (aims.go) do not hunt.
//
// While the same units hunt, a hex stays with the unit it went to
// before (kept, the side's last shares): the lanes, cut afresh each turn
// by where the hunters stood and how many hexes were left, handed a hex
// from one unit to the next as they moved, and each turned away from it
// towards its new hexes (a platoon in light woods a hex from the mirror
// battle's middle, passed by three hunters in turn for ten turns). Once
// a unit joins the hunt or leaves it the lanes are cut afresh. It
// returns the shares.
func (pic *picture) assignHunt(kept *huntShares) *huntShares {
	if len(pic.hunt) == 0 {
		return nil
	}
	free := make([]*referee.ViewUnit, 0, len(pic.own))
	for _, u := range pic.own {
		if groundMover(u) && !u.Disrupted && (pic.aims == nil || !pic.aims.elsewhere(pic, u)) && pic.chase[u.ID] == nil {
			free = append(free, u)
		}
	}
	hunters := pic.spare(free)
	if len(hunters) == 0 {
		return nil
	}
	reach := make([][]int, len(hunters))
	modes := make([]mapgen.Movement, len(hunters))
	for j, u := range hunters {
		reach[j] = pic.huntField(u, []hex.Hex{*u.Hex})
		modes[j] = routeKeyOf(u, 1).mode
	}
	// may reports whether hunter j may enter h (its cell c) and has a
	// way there.
	w := pic.v.Map.Width
	may := func(j int, h hex.Hex, c mapgen.Cell) bool {
		return reach[j][h.Y*w+h.X] >= 0 && (c.Road || !c.Terrain.Info().Prohibited[modes[j]])
	}
	// The lanes, in the hunters' order along the edge: lane k holds the
	// hexes from lo[k] to hi[k] of those ordered along it, its hunter's
	// share of the MP.
	along := pic.huntAlong()
	order := make([]int, len(hunters))
	total := 0
	for j, u := range hunters {
		order[j] = j
		total += max(u.Detail.MP, 1)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(along(*hunters[a].Hex), along(*hunters[b].Hex)) })
	hexes := slices.Clone(pic.hunt)
	slices.SortStableFunc(hexes, func(a, b hex.Hex) int { return cmp.Compare(along(a), along(b)) })
	lo, hi := make([]float64, len(order)), make([]float64, len(order))
	sum := 0
	for k, j := range order {
		lo[k] = float64(sum*len(hexes)) / float64(total)
		sum += max(hunters[j].Detail.MP, 1)
		hi[k] = float64(sum*len(hexes)) / float64(total)
	}
	shares := &huntShares{owner: make(map[hex.Hex]string, len(hexes))}
	for _, u := range hunters {
		shares.hunters = append(shares.hunters, u.ID)
	}
	if kept != nil && !slices.Equal(kept.hunters, shares.hunters) {
		kept = nil // the lanes are cut afresh
	}
	// Each hex goes to the hunter it went to before, while that one may
	// still enter it; else to the hunter of the nearest lane that may:
	// its own lane's, unless that one may not. A lane no nearer than the
	// nearest found is not asked.
	owner, count := make([]int, len(hexes)), make([]int, len(hunters))
	for i, h := range hexes {
		at := float64(i) + 0.5
		first, off := -1, 0.0
		c := pic.cell(h)
		if j := slices.Index(shares.hunters, kept.of(h)); j >= 0 && may(j, h, c) {
			first = j
		} else {
			for k, j := range order {
				d := max(lo[k]-at, at-hi[k], 0)
				if (first < 0 || d < off) && may(j, h, c) {
					first, off = j, d
				}
			}
		}
		owner[i] = first
		if first >= 0 {
			shares.owner[h] = hunters[first].ID
			count[first]++
		}
	}
	// Each hunter's hexes, in their order along the edge, cut from one
	// slice rather than each grown hex by hex.
	lists := make([][]hex.Hex, len(hunters))
	all := make([]hex.Hex, len(hexes))
	pic.huntTo = pic.scratch().huntTo()
	for j, n := range count {
		lists[j], all = all[:0:n], all[n:]
	}
	for i, j := range owner {
		if j >= 0 {
			lists[j] = append(lists[j], hexes[i])
		}
	}
	for j, l := range lists {
		if len(l) > 0 {
			pic.huntTo[hunters[j].ID] = l
		}
	}
	return shares
}

// huntShares are the hexes hunted through shared out among the units
// that hunt (assignHunt): the units' IDs, in the order of the side's
// units, and the unit each hex went to.
type huntShares struct {
	hunters []string
	owner   map[hex.Hex]string
}

// of is the unit h went to, "" for none (or no shares).
func (s *huntShares) of(h hex.Hex) string {
	if s == nil {
		return ""
	}
	return s.owner[h]
}

// huntAlong is where a hex lies along the enemy's retreat edge, the way
// the hunt's lanes are cut: its column along a north or south edge, its
// row along a west or east one (or the side's own edge, when the
// enemy's is not known).
func (pic *picture) huntAlong() func(hex.Hex) int {
	edge := ""
	if len(pic.enemyEdges) > 0 {
		edge = pic.enemyEdges[0]
	} else if me := pic.v.Side(pic.side); me != nil {
		edge = me.RetreatEdge
	}
	if edge == referee.North.String() || edge == referee.South.String() {
		return func(h hex.Hex) int { return h.X }
	}
	return func(h hex.Hex) int { return h.Y }
}

// huntKeep is how many of the side's units stay on each enemy it sees
// still fighting while the others hunt (spare), and huntOdds how many
// times the strength of those enemies the units that stay must have.
const (
	huntKeep = 2
	huntOdds = 2
)

// unitAt is a unit spare sorts: the turns it needs to fire at the
// nearest enemy, and whether it has no combat ability.
type unitAt struct {
	u        *referee.ViewUnit
	turns    float64
	noCombat bool
}

// spare are those of units that hunt: all of them when the side sees no
// enemy ground unit still fighting, else the slowest to fire at those
// it sees, beyond the quickest that keep huntKeep on each and huntOdds
// times their strength (steps left by attack value). The whole side
// chased the enemy's last unit in sight, often for many turns, and left
// the hunt for hidden infantry the few turns before the limit, too few
// to search the hundreds of hexes it may hide in. The side cannot know
// whether anything hides, so its last enemies in sight are chased by
// fewer; but kept by number alone, two weak units a 'Mech, the fights
// were lost (the 'Mechs versus non-'Mechs scenario, BENCHMARKS.md).
func (pic *picture) spare(units []*referee.ViewUnit) []*referee.ViewUnit {
	// Asked of the side's movers and then of those whose aim is not
	// elsewhere, most often the same units: worked out once for them.
	if pic.spared != nil && slices.Equal(pic.spared.units, units) {
		return pic.spared.spare
	}
	spare := pic.workSpare(units)
	pic.spared = &spared{slices.Clone(units), spare}
	return spare
}

// spared is what spare found for units.
type spared struct{ units, spare []*referee.ViewUnit }

// workSpare is spare, worked out.
func (pic *picture) workSpare(units []*referee.ViewUnit) []*referee.ViewUnit {
	foes := 0
	need := 0
	for _, e := range pic.enemies {
		if e.fighting() {
			foes++
			need += huntOdds * max(e.steps()-e.step, 0) * max(e.ra, e.ca, 1)
		}
	}
	if foes == 0 {
		return units
	}
	if len(units) <= huntKeep*foes {
		return nil // all of them stay
	}
	// turns is how many turns u needs to fire at the nearest of them:
	// the MP of its way to a hex in its range of one (route.go) over
	// its MP; past every other when it has no way there. Kept by hexes
	// alone, a unit penned behind woods or water stayed on an enemy it
	// could never reach while one that could hunted, and neither fought.
	// A unit with no combat ability (a truck, 000 line 847) comes last
	// and adds nothing to the strength kept: two trucks kept beside the
	// enemy's last unit, a truck, while the side's 'Mechs hunted, harmed
	// it no more than it harmed them. Each unit's turns are worked out
	// once, before the sort, which compares each unit many times.
	by := pic.scratch().by[:0]
	for i, u := range units {
		by = append(by, unitAt{u, math.Inf(1), noCombat(u.Class)})
		if u.Values != nil && !by[i].noCombat {
			k := routeKeyOf(u, max(u.Values.Range, 1))
			k.indirect = u.Detail.Indirect && pic.observed(u)
			if way := pic.approach(k)[u.Hex.Y*pic.v.Map.Width+u.Hex.X]; way >= 0 {
				by[i].turns = float64(way) / float64(max(u.Detail.MP, 1))
			}
		}
	}
	slices.SortStableFunc(by, func(a, b unitAt) int {
		if c := cmp.Compare(a.turns, b.turns); c != 0 {
			return c
		}
		switch {
		case a.noCombat && !b.noCombat:
			return 1
		case b.noCombat && !a.noCombat:
			return -1
		}
		return 0
	})
	pic.scratch().by = by
	kept := make([]*referee.ViewUnit, len(by))
	for i, b := range by {
		kept[i] = b.u
	}
	for i, u := range kept {
		if i >= huntKeep*foes && need <= 0 {
			spare := kept[i:]
			slices.Reverse(spare) // the slowest first
			return spare
		}
		if u.Values != nil && !noCombat(u.Class) {
			need -= max(4-u.Values.Step, 0) * max(attackRA(u), u.Detail.Current.CA, 1)
		}
	}
	return nil
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
	if m.hunt == nil {
		m.hunt = pic.huntField(m.u, mine) // the same for every hex it scores
	}
	if w := m.hunt[h.Y*pic.v.Map.Width+h.X]; w >= 0 {
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
// hexes (fieldFrom), kept for the player turn and the next (routeMemo).
func (pic *picture) huntField(u *referee.ViewUnit, hexes []hex.Hex) []int {
	k := routeKeyOf(u, 1)
	var key []byte
	if pic.routeMemo != nil {
		// Written in the work's memory (approach).
		w := pic.scratch()
		key = append(append(w.key[:0], "hunt "...), pic.stepsKey(k)...)
		for _, h := range hexes {
			key = binary.AppendVarint(key, int64(h.X))
			key = binary.AppendVarint(key, int64(h.Y))
		}
		w.key = key
	}
	f, ok := pic.routeMemo.hunt(key)
	if !ok {
		kept := string(key) // before the work's memory is written again
		f = pic.fieldFrom(k, hexes)
		if pic.routeMemo != nil {
			pic.routeMemo.hunts[kept] = huntKept{f, pic.routeMemo.age}
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
