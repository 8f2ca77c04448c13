package ai

import (
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// picture is the side's reading of its View: its own units, and the
// enemy units it can see with their values as known or estimated.
type picture struct {
	v       referee.View
	crt     referee.CRT
	side    string
	rubble  map[hex.Hex]bool
	salvage map[hex.Hex]int
	// mines are the side's own minefields: mines attack every unit that
	// enters, friend or foe (000 line 1042; ruling M13).
	mines   map[hex.Hex]int
	own     []*referee.ViewUnit
	enemies []*enemy
	// counted is how many enemies and air lances it sees (enemy.idx).
	counted int
	// buckets is spread's queue memory without a routeMemo.
	buckets [][]int32
	// work is the memory the picture works in (the Player's, or its own).
	work *work
	// spared is spare's last answer.
	spared *spared
	// stepsKeys are the stepsKey of each way of moving (its mode and
	// jump), once written.
	stepsKeys map[routeKey]string
	// odds are the side's prospects (mine, theirs), once worked out.
	odds *[2]float64
	// counters marks the hexes (by cell, y·Width+x) where an enemy
	// counter it can see stands (enemies and air), once made (inReach).
	counters []bool
	// byID are enemies and air by ID, once made (enemy).
	byID map[string]*enemy
	// mates are the hexes of its units that share the enemy's fire,
	// once listed (mateHexes), and mateCounts the scratch each enemy's
	// mates are counted in (matesWithin).
	mates      []hex.Cube
	mateCounts []int
	// air are the enemy air lances it can see: ground units fire at them
	// only from the same or an adjacent hex (000 line 1154), so they are
	// neither closed on nor feared like ground units.
	air []*enemy
	// enemyEdges are the retreat edges of the enemy sides: where their
	// units came from, so where to look for them when none is in sight.
	enemyEdges []string
	// aims are the scenario's rewards besides combat (aims.go).
	aims *aims
	// stalled: nobody has attacked for a while; units close in, and
	// with no enemy in sight search the hexes hunt (hunt.go).
	stalled bool
	// spots: whether some unit of the side that may observe sees each
	// enemy now (spotted), as first asked.
	spots  map[*enemy]bool
	hunt   []hex.Hex
	hunted map[hex.Hex]bool // hunt as a set, made when first needed (hunt.go)
	// huntTo are the hexes each unit that hunts goes through (assignHunt).
	huntTo map[string][]hex.Hex
	// chase is the enemy each unit that chases one sets out for
	// (chase.go, assignChase).
	chase map[string]*enemy
	// sweeps are the ways of each unit that hunts (sweep.go), once
	// worked out.
	sweeps map[string]map[hex.Hex]sweepWay
	// routes are the MP fields towards the enemy, by way of moving
	// (route.go).
	routes map[routeKey][]int
	// homes are the MP fields towards the side's retreat edge, by way
	// of moving (route.go, home).
	homes map[routeKey][]int
	// routeMemo keeps the route fields for the player turn (cache.go);
	// nil: none kept.
	routeMemo *routeMemo
	// table is where Hard keeps its fireTable from one decision to the
	// next (firetable.go); nil: none kept.
	table **fireTable
	// tableUpToDate: the table has been brought up to date with this
	// picture's enemies (fireTable), which do not change within it.
	tableUpToDate bool
	// sight remembers the lines traced on the map (cache.go); nil: none.
	sight *sightMemo
	// reach keeps the enemy's reach over the ground (Hard, reach.go);
	// nil: none kept.
	reach *reachMemo
	// enemyD is the mean D of the enemy ground units it can see, which
	// the menace of its own units is measured against (menaces); 0 until
	// worked out.
	enemyD int
	// enemyWorth is the mean worth of a step of those units, reckoned as
	// the side reckons its own (ownWorth); 0 until worked out.
	enemyWorth float64
	// outnumbering is how many of its own units on the map (of every
	// kind, as the side's mean D counts them) the side has for each
	// fighting enemy ground unit it sees, when that is at least
	// outnumberingMin (at most outnumberingMax); else, and until worked
	// out (menaces), 1.
	outnumbering float64
}

// enemy is an enemy counter the side can see.
type enemy struct {
	// idx is its place among the enemies and air lances the picture sees
	// (picture.counted), by which a fire exchange keeps its shots.
	idx                    int
	id                     string
	class                  string // "" until sighted
	at                     hex.Hex
	ra, ca, d, rng, step   int
	mp                     int  // the MP it is thought to have: its class's, or more as seen moving
	known                  bool // values probed
	disrupted, surrendered bool
	ship                   bool // a DropShip: eight steps, never moves
	air                    bool // an air lance: two steps
	// leaves is the edge it scores by leaving the map, its side's
	// retreat edge (leavesBy); "" for none.
	leaves string
	// ground is its reach over the ground (Hard, reach.go), once looked up.
	ground       []int16
	groundLooked bool
	// mates[n] is how many of the side's units that share its fire
	// (picture.isMate, dangerSum) stand at most n hexes from it; nil until
	// looked up, once a picture, not for each unit whose moves are scored.
	mates []int
	// menace is the expected steps its better attack deals a unit of the
	// side's typical D (picture.menaces).
	menace float64
}

// estimate is what a player assumes of a counter whose values he has not
// read: typical BattleForce values of its class, or of its kind while the
// information blind is on. Its MP are never read (an AEP probe does not
// show them, 000 lines 1344–1351), so they stay a guess, raised by what
// the side sees it move (Player.watch).
type estimate struct{ ra, ca, d, rng, mp int }

var classEstimates = map[string]estimate{
	"light-mech": {6, 6, 5, 3, 6}, "medium-mech": {9, 10, 7, 3, 5}, "heavy-mech": {12, 13, 9, 3, 4}, "assault-mech": {15, 16, 11, 3, 3},
	"fire-mech": {8, 6, 6, 5, 4}, "tracked": {8, 8, 7, 3, 4}, "hover": {5, 5, 4, 3, 8}, "wheeled": {5, 5, 4, 3, 6},
	"infantry": {3, 6, 5, 1, 1}, "motorized-infantry": {3, 6, 5, 1, 4}, "jump-infantry": {4, 7, 5, 1, 3}, "heavy-infantry": {6, 9, 7, 1, 1},
	"long-tom": {15, 0, 4, 10, 2}, "sniper": {10, 0, 4, 6, 3}, "truck": {0, 0, 3, 0, 5},
	// DropShips: the values table's rows (000 lines 1810–1812), range 6.
	"leopard": {8, 0, 6, 6, 0}, "union": {13, 0, 7, 6, 0}, "overlord": {16, 0, 9, 6, 0},
	// Air lances: AA in the RA place, ST in the CA place (Q3); the
	// counter's example rows (000 lines 1073–1076) and a guess between.
	"light-air": {8, 6, 6, 15, 10}, "medium-air": {11, 8, 8, 15, 9}, "heavy-air": {15, 10, 10, 15, 8},
}

var kindEstimates = map[string]estimate{
	"mech": {10, 11, 8, 3, 5}, "vehicle": {7, 7, 6, 3, 5}, "infantry": {4, 7, 5, 1, 2}, "artillery": {12, 0, 4, 7, 2},
	"air": {11, 8, 8, 15, 9},
}

// newPicture reads v. With slab, the enemies are laid out in its memory,
// which the picture before gave up (a Player keeps no picture past its
// decision); nil: in memory of their own.
func newPicture(v referee.View, crt referee.CRT, sight *sightMemo, slab *[]enemy) *picture {
	// The sets are made as large as they will be (or not at all, when
	// empty: read, a nil map is empty), not grown at every decision.
	pic := &picture{v: v, crt: crt, side: v.Viewer, sight: sight, outnumbering: 1}
	if len(v.Rubble) > 0 {
		pic.rubble = make(map[hex.Hex]bool, len(v.Rubble))
	}
	for _, h := range v.Rubble {
		pic.rubble[h] = true
	}
	if len(v.Salvage) > 0 {
		pic.salvage = make(map[hex.Hex]int, len(v.Salvage))
	}
	for _, c := range v.Salvage {
		pic.salvage[c.Hex] = c.Count
	}
	mines := 0
	pic.enemyEdges = make([]string, 0, len(v.Sides))
	for _, sd := range v.Sides {
		if sd.ID != v.Viewer {
			pic.enemyEdges = append(pic.enemyEdges, sd.RetreatEdge)
		}
		mines += len(sd.Mines)
	}
	if mines > 0 {
		pic.mines = make(map[hex.Hex]int, mines)
	}
	for _, sd := range v.Sides {
		for _, m := range sd.Mines {
			pic.mines[m.Hex] += m.Points
		}
	}
	// The enemies are laid out in one slice, counted first and never
	// grown (its pointers stay good): one allocation, not one an enemy,
	// or none when the slab holds enough.
	seen := func(u *referee.ViewUnit) bool {
		return !u.Own && u.Hex != nil && (u.Status == "active" || u.Status == "surrendered")
	}
	own, n := 0, 0
	for i := range v.Units {
		if v.Units[i].Own {
			own++
		} else if seen(&v.Units[i]) {
			n++
		}
	}
	pic.own = make([]*referee.ViewUnit, 0, own)
	pic.enemies = make([]*enemy, 0, n)
	pic.counted = n
	var all []enemy
	if slab != nil && cap(*slab) >= n {
		all = (*slab)[:0]
	} else {
		all = make([]enemy, 0, n)
	}
	if slab != nil {
		*slab = all
	}
	for i := range v.Units {
		u := &v.Units[i]
		if u.Own {
			pic.own = append(pic.own, u)
			continue
		}
		if !seen(u) {
			continue
		}
		all = append(all, enemy{idx: len(all), id: u.ID, class: u.Class, at: *u.Hex, disrupted: u.Disrupted, surrendered: u.Status == "surrendered", ship: u.Kind == "dropship", air: u.Kind == "air"})
		e := &all[len(all)-1]
		est, ok := classEstimates[u.Class]
		if !ok {
			est, ok = kindEstimates[u.Kind]
		}
		if !ok {
			est = estimate{10, 11, 7, 3, 5}
		}
		e.ra, e.ca, e.d, e.rng, e.mp = est.ra, est.ca, est.d, est.rng, est.mp
		if u.Values != nil {
			e.known, e.step = true, u.Values.Step
			e.ra, e.d, e.rng = u.Values.RA+u.Values.Chits.Firepower, u.Values.D, u.Values.Range
			e.ca = max(e.ca-2*e.step, e.ra)
			if noCombat(u.Class) {
				// A truck's counter carries values it never attacks
				// with (000 line 847).
				e.ra, e.ca = 0, 0
			}
		}
		if u.Kind == referee.KindAir.String() {
			pic.air = append(pic.air, e)
			continue
		}
		e.leaves = leavesBy(v, u)
		pic.enemies = append(pic.enemies, e)
	}
	return pic
}

// remember counts the steps the side has seen dealt to the enemy units
// whose values it has not read (Player.Observe): a damaged counter is
// closer to destruction and fires with a lower row.
func (pic *picture) remember(hits map[string]int) {
	for _, l := range [][]*enemy{pic.enemies, pic.air} {
		for _, e := range l {
			if e.known || hits[e.id] == 0 {
				continue
			}
			e.step = min(hits[e.id], e.steps()-1)
			f := 1 - 0.15*float64(e.step)
			if e.ship {
				f = 1 - 0.07*float64(e.step)
			}
			e.ra, e.ca = int(float64(e.ra)*f+0.5), int(float64(e.ca)*f+0.5)
		}
	}
}

// menaces works out each enemy's menace once its values are as the side
// reads them (estimated, seen moving and attacking, remembered hit): the
// expected steps of the better of its RA and CA on the Combat Results
// Table against the mean D of the side's units on the map; and the mean
// D of the enemy's ground units, which the side's own units menace, and
// the mean worth of their steps (ownWorth).
func (pic *picture) menaces() {
	en, esum := 0, 0
	for _, e := range pic.enemies {
		if e.fighting() {
			en++
			esum += e.d
		}
	}
	if en > 0 {
		pic.enemyD = (esum + en/2) / en
	}
	n, sum := 0, 0
	for _, u := range pic.own {
		if u.Status == "active" && u.Hex != nil && u.Detail != nil {
			n++
			sum += u.Detail.Current.D
		}
	}
	d := kindEstimates["mech"].d // a side with nobody on the map yet
	if n > 0 {
		d = (sum + n/2) / n
	}
	if r := float64(n) / float64(max(en, 1)); en > 0 && r >= outnumberingMin {
		pic.outnumbering = min(r, outnumberingMax)
	}
	for _, l := range [][]*enemy{pic.enemies, pic.air} {
		for _, e := range l {
			e.menace = pic.ev(referee.Column(max(e.ra, e.ca), d))
		}
	}
	if en > 0 {
		worth := 0.0
		for _, e := range pic.enemies {
			if e.fighting() {
				worth += 1 + ownShare*(e.stepWorth()-1+e.menace)
			}
		}
		pic.enemyWorth = worth / float64(en)
	}
}

// steps is how many damage steps destroy e (000 lines 276, 1163).
func (e *enemy) steps() int {
	switch {
	case e.ship:
		return 8
	case e.air:
		return 2
	}
	return 4
}

// enemy is the enemy counter with the given ID, or nil. The counters
// are looked up by ID in a table made when first asked (every attack
// scored asks), rather than each list searched.
func (pic *picture) enemy(id string) *enemy {
	if pic.byID == nil {
		pic.byID = make(map[string]*enemy, len(pic.enemies)+len(pic.air))
		for _, l := range [][]*enemy{pic.enemies, pic.air} {
			for _, e := range l {
				if pic.byID[e.id] == nil { // the first, as a search finds it
					pic.byID[e.id] = e
				}
			}
		}
	}
	return pic.byID[id]
}

// observed reports that own unit u has another unit of its side on the
// map that may observe its indirect fire (000 line 827): a ground unit,
// not hidden (observerCheck in the referee; a disrupted one recovers, so
// it counts). A lone Long Tom (or Sniper, or Fire 'Mech lance) fires
// only where it sees its target, so it goes where it does rather than
// wait in range behind woods for an observer that never comes.
func (pic *picture) observed(u *referee.ViewUnit) bool {
	for _, o := range pic.own {
		if o != u && pic.isMate(o) && o.Kind != referee.KindDropShip.String() {
			return true
		}
	}
	return false
}

// spotted reports that some unit of the side that may observe indirect
// fire (observed) has a clear line of sight to enemy e now. Once the
// battle is stalled an indirect attack counts only on such a target, or
// on one the firer sees itself (fireAt, firesFrom): a Sniper three
// hexes from a platoon behind heavy woods waited in range for four turns
// for an observer none of its friends could be, their ways round
// the woods longer than the turns left (Normal–Greedy dropships 132).
func (pic *picture) spotted(e *enemy) bool {
	if s, ok := pic.spots[e]; ok {
		return s
	}
	s := false
	for _, o := range pic.own {
		if pic.isMate(o) && o.Kind != referee.KindDropShip.String() && pic.los(*o.Hex, e.at).clear {
			s = true
			break
		}
	}
	if pic.spots == nil {
		pic.spots = map[*enemy]bool{}
	}
	pic.spots[e] = s
	return s
}

// noCombat reports a class without combat ability: a truck (000 line
// 847), whatever values its counter carries. Asked of every enemy of
// every picture, it looks the class up by the name a View gives it
// rather than parse it.
func noCombat(class string) bool { return noCombatClasses[class] }

// classOf is referee.ParseClass(name), looked up for the names a view
// writes (Class.String): the AI reads a unit's class at every move and
// every enemy's at every decision.
func classOf(name string) (referee.Class, error) {
	if c, ok := classesByName[name]; ok {
		return c, nil
	}
	return referee.ParseClass(name)
}

var classesByName = func() map[string]referee.Class {
	m := map[string]referee.Class{}
	for _, c := range referee.Classes {
		if p, err := referee.ParseClass(c.String()); err == nil {
			m[c.String()] = p
		}
	}
	return m
}()

var noCombatClasses = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range referee.Classes {
		if c.Info().NoCombat {
			m[c.String()] = true
		}
	}
	return m
}()

// fighting reports an enemy that can be attacked and fight back.
func (e *enemy) fighting() bool { return !e.surrendered }

// weight is how much a step taken from e is worth: more for a unit
// already damaged (closer to destruction), disrupted, or hitting hard:
// by its menace, the steps it may take from the side in a turn. A
// platoon whose attack barely moves the table against the side's D is
// worth little more than its step; a heavy lance that kills with a close
// assault is worth several (measured in the tournament, BENCHMARKS.md:
// against a force of strong lances and cheap platoons the fire went to
// the platoons, which hurt nobody).
func (e *enemy) weight() float64 { return e.stepWorth() + e.menace }

// stepWorth is what a step taken from e is worth before its menace: more
// for a unit closer to destruction or disrupted.
func (e *enemy) stepWorth() float64 {
	w := 1 + 0.25*float64(e.step)
	if e.disrupted {
		w += 0.2
	}
	return w
}

// ownWorth is what a step of own unit u (attack values ra and ca, need
// steps from destruction) is worth to the side against a plain step.
// Its worth is weighed as a step of an enemy is (weight), by ownShare of
// what that adds to a plain step: more once damaged or disrupted, and by
// its menace to the enemy, the steps its better attack is expected to
// deal a unit of the enemy's mean D; then set against the mean worth of
// the enemy's units reckoned alike. A unit worth more than the enemy's
// typical unit counts a step lost as that much more, one worth as much
// or less as a plain step. The danger to a unit is counted in these steps
// (moveScorer.score), as is Hard's return fire (hard.go): a lance that
// kills with a close assault keeps out of the fire of a crowd of
// platoons that a platoon may walk into, while a battle of like forces
// is fought much as before.
func (pic *picture) ownWorth(u *referee.ViewUnit, ra, ca, need int) float64 {
	if pic.enemyWorth == 0 {
		return 1 // no enemy in sight
	}
	w := 1 + 0.25*float64(4-need)
	if u.Disrupted {
		w += 0.2
	}
	own := 1 + ownShare*(w-1+pic.ev(referee.Column(max(ra, ca), pic.enemyD)))
	return max(own/pic.enemyWorth, 1)
}

// ownShare is how much of what an enemy's step is worth over a plain step
// a step of a unit is worth in ownWorth. Measured in the tournament
// (BENCHMARKS.md): with the danger counted in plain steps while the
// enemy's were weighted by their menace, the side of few strong 'Mechs
// walked them one by one into the reach of a force that waited, and lost
// most games it did not move first in (Surprise Encounter's Lancers 18%
// with Normal on both sides).
const ownShare = 0.75

// nearestEnemy is the distance from h to the nearest fighting enemy the
// side can see; without one, to the nearest hex it hunts through
// (hunt.go), or else to the nearest enemy retreat edge; else a large
// number.
func (pic *picture) nearestEnemy(h hex.Hex) int {
	best := 1 << 20
	for _, e := range pic.enemies {
		if e.fighting() {
			best = min(best, hex.Distance(h, e.at))
		}
	}
	if best == 1<<20 {
		for _, x := range pic.hunt {
			best = min(best, hex.Distance(h, x))
		}
	}
	if best == 1<<20 {
		for _, edge := range pic.enemyEdges {
			if d := edgeDistance(pic.v.Map, h, edge); d >= 0 {
				best = min(best, d)
			}
		}
	}
	return best
}

// edgeHexes lists the hexes of map m on the named edge.
func edgeHexes(m *mapgen.Map, edge string) []hex.Hex {
	var out []hex.Hex
	for y := range m.Height {
		for x := range m.Width {
			if h := (hex.Hex{X: x, Y: y}); edgeDistance(m, h, edge) == 0 {
				out = append(out, h)
			}
		}
	}
	return out
}

// edgeDistance is how many hexes h is from the named map edge, −1 for no
// edge.
func edgeDistance(m *mapgen.Map, h hex.Hex, edge string) int {
	switch edge {
	case referee.North.String():
		return h.Y
	case referee.South.String():
		return m.Height - 1 - h.Y
	case referee.West.String():
		return h.X
	case referee.East.String():
		return m.Width - 1 - h.X
	}
	return -1
}

// resultWorth is what a cell of the Combat Results Table is worth in
// damage steps: a Disruption Roll may topple the unit (and a toppled unit
// loses a step to the next one), a critical hit averages well over a step.
func resultWorth(r referee.Result) float64 {
	switch r.Kind {
	case referee.Steps:
		return float64(r.Steps)
	case referee.Disruption:
		return 0.35
	case referee.Critical:
		return 1.5
	}
	return 0
}

// twoD6 is the chance of each 2D6 sum, in 36ths.
var twoD6 = [13]float64{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}

// expected is the expected worth of an attack on each column, per
// printing of the table.
var expected = func() (t [2][referee.MaxColumn - referee.MinColumn + 1]float64) {
	for p := range t {
		for c := referee.MinColumn; c <= referee.MaxColumn; c++ {
			sum := 0.0
			for roll := 2; roll <= 12; roll++ {
				r, err := referee.CRT(p).Lookup(c, roll)
				if err != nil {
					panic(err)
				}
				sum += twoD6[roll] / 36 * resultWorth(r)
			}
			t[p][c-referee.MinColumn] = sum
		}
	}
	return t
}()

// killChances is, per printing of the table and column, the chance that
// an attack deals at least n steps (index n, up to 4; a critical hit
// counts as one).
var killChances = func() (t [2][referee.MaxColumn - referee.MinColumn + 1][5]float64) {
	for p := range t {
		for c := referee.MinColumn; c <= referee.MaxColumn; c++ {
			for roll := 2; roll <= 12; roll++ {
				r, err := referee.CRT(p).Lookup(c, roll)
				if err != nil {
					panic(err)
				}
				n := 0
				switch r.Kind {
				case referee.Steps:
					n = min(r.Steps, 4)
				case referee.Critical:
					n = 1
				}
				for k := 1; k <= n; k++ {
					t[p][c-referee.MinColumn][k] += twoD6[roll] / 36
				}
			}
		}
	}
	return t
}()

// killWorth is what destroying e is worth beside the steps: its cost in
// victory points (mostly its attack value) and the fire it takes away.
func killWorth(e *enemy) float64 { return 1.5 + float64(e.ra)/8 }

// killChance is the chance that an attack on column c deals the need
// steps that destroy its target.
func (pic *picture) killChance(c, need int) float64 {
	if need > 4 {
		return 0
	}
	p := min(int(pic.crt), 1)
	return killChances[p][referee.ClampColumn(c)-referee.MinColumn][max(need, 1)]
}

// ev is the expected worth of an attack on column c.
func (pic *picture) ev(c int) float64 {
	p := min(int(pic.crt), 1)
	return expected[p][referee.ClampColumn(c)-referee.MinColumn]
}

// attackRA is the Ranged Attack Value the unit fires with: its current
// row, the overburn row while an unspent Extra 'Mech chit lends it, and
// an unspent Firepower chit.
func attackRA(u *referee.ViewUnit) int {
	ra := u.Detail.Current.RA
	if u.Values != nil {
		if u.Values.Chits.ExtraMech && !u.Detail.Overburning && u.Values.Step == 0 {
			ra = max(ra, u.Detail.OverburnRA)
		}
		ra += u.Values.Chits.Firepower
	}
	return ra
}

func experienceShift(u *referee.ViewUnit) int {
	e, ok := experience(u)
	if !ok {
		return 0
	}
	return referee.ExperienceShift(e)
}

// experience is u's experience level, when the side reads its values.
func experience(u *referee.ViewUnit) (referee.Experience, bool) {
	if u.Values == nil {
		return 0, false
	}
	// A view names the level as Experience.String writes it: matched
	// so first, which spares parsing it for every unit at every decision.
	for e := referee.Green; e <= referee.Elite; e++ {
		if u.Values.Experience == e.String() {
			return e, true
		}
	}
	e, err := referee.ParseExperience(u.Values.Experience)
	return e, err == nil
}

// attackScore scores an attack the unit is offered; ok is false for
// attacks it does not consider (buildings).
func (pic *picture) attackScore(u *referee.ViewUnit, a referee.Action, fired map[string]int, level Level) (float64, bool) {
	t := pic.enemy(a.Target)
	if t == nil || u.Hex == nil {
		return 0, false
	}
	from := *u.Hex
	col, penalty := pic.column(u, a, t)
	ev := pic.ev(col)
	w, kill := 1.0, 0.0
	if level.skilled() {
		w = t.weight() + 0.3*float64(fired[t.id])
		if !t.ship {
			// A destroyed unit scores its cost in victory points and
			// fires no more.
			kill = pic.killChance(col, t.steps()-t.step) * killWorth(t)
		}
	}
	sc := ev*w + kill - penalty
	if sc > 0 && hex.Distance(from, t.at) == 0 {
		sc += 1 // same-hex combat comes first or not at all (ruling K10)
	}
	return sc, true
}

// moveScorer scores the hexes one unit may end its move in.
type moveScorer struct {
	pic        *picture
	u          *referee.ViewUnit
	level      Level
	ra, ca, d  int
	rng, minR  int
	exp        int
	indirect   bool
	mech       bool
	retreating bool
	edge       string
	waterBurn  bool // overburning from water: ending in water saves the step
	carrying   bool
	noCombat   bool // a truck: it only moves
	// selfMate is whether the unit is among the side's ground units that
	// share the enemy's fire (picture.isMate, dangerSum): its own distance
	// is then left out of the count of its mates.
	selfMate bool
	need     int // steps the unit has left: what a kill must take
	// worth is what a step of the unit is worth to the side (ownWorth):
	// the danger to it is counted in such steps.
	worth float64
	// fight, when set (Hard), is what standing in h is worth in the
	// fire exchange, in place of the unit's own offense and threat.
	fight func(h hex.Hex, cell mapgen.Cell) float64
	// givesGround: out of range of every enemy, the unit steps back
	// rather than close in (Hard, picture.givesGround).
	givesGround bool
	// near and farther, once focus is called, are the enemies that can
	// count in the score of a hex within radius of center (a hex
	// farther out is scored against them all): near those that can add
	// to its offense or threat (in pic.enemies' order), farther those
	// that can only be the nearest.
	near, farther []*enemy
	center        hex.Hex
	radius        int
	focused       bool
	// mates, once focus is called, are the hexes of the unit's mates
	// that can be the nearest to a hex within radius of center (apart).
	mates []mateAt
	// route is the unit's route field (way), once looked up; home its
	// field towards the retreat edge (homeWay); hunt its field to the
	// hexes it hunts through (huntScore).
	route, home, hunt []int
	// shots are the last shot score found the unit could take at each
	// enemy (by enemy.idx), and from where: fight reads them rather than
	// work each out again.
	shots []shotFrom
}

// shotFrom is a shot (fireAt) from hex at; found, once there is one.
type shotFrom struct {
	found bool
	at    hex.Hex
	col   int
	f     float64
}

// focus narrows the enemies score looks at, for the hexes within radius
// of center (a unit's moves), to those that can count there. Near are
// those that can add to a hex's offense or threat: within the unit's own
// reach (it fires from there: its range, or 1 for close combat; a
// surrendered one is captured in its hex) or within theirs (fireOn).
// Farther are the other fighting enemies that can be the nearest to a
// hex x within radius: the nearest to center, d0 away, is at most d0 +
// radius from x, and an enemy more than d0 + 2·radius from center is
// farther than that from x. The others add nothing to a score, and
// pic.enemies' order is kept, so the sums are the same to the last bit:
// this only saves looking at every enemy for every hex, which is most of
// the cost of a move in a large battle.
func (m *moveScorer) focus(center hex.Hex, radius int) {
	d0 := 1 << 20
	for _, e := range m.pic.enemies {
		if !e.surrendered {
			d0 = min(d0, hex.Distance(center, e.at))
		}
	}
	w := m.pic.scratch()
	m.near, m.farther = w.near[:0], w.farther[:0]
	for _, e := range m.pic.enemies {
		d := hex.Distance(center, e.at)
		switch {
		case d <= radius+max(m.rng, 1) || (!e.surrendered && d <= radius+e.reach()):
			m.near = append(m.near, e)
		case !e.surrendered && d <= d0+2*radius:
			m.farther = append(m.farther, e)
		}
	}
	w.near, w.farther = m.near, m.farther
	m.center, m.radius, m.focused = center, radius, true
	// The mates that can be the nearest to such a hex, by the same
	// reckoning as the farther enemies; first those that may stand
	// within strayFree of one (apart looks no further once one does).
	m.mates = w.mates[:0]
	d0 = 1 << 20
	for _, o := range m.pic.own {
		if m.isOtherMate(o) {
			d := hex.Distance(center, *o.Hex)
			d0 = min(d0, d)
			m.mates = append(m.mates, mateAt{*o.Hex, d})
		}
	}
	kept, near := m.mates[:0], 0
	for _, x := range m.mates {
		if x.d > d0+2*radius {
			continue
		}
		kept = append(kept, x)
		if x.d <= radius+strayFree {
			kept[near], kept[len(kept)-1] = kept[len(kept)-1], kept[near]
			near++
		}
	}
	m.mates, w.mates = kept, m.mates
}

// mateAt is a mate's hex and its distance from the center of focus.
type mateAt struct {
	at hex.Hex
	d  int
}

// stray is what standing in h costs the unit for being apart from its
// mates: strayCost a hex beyond strayFree from the nearest; nothing for
// a unit that is no mate (a DropShip landing, hidden infantry).
func (m *moveScorer) stray(h hex.Hex) float64 {
	if !m.selfMate {
		return 0
	}
	return strayCost * float64(max(m.apart(h)-strayFree, 0))
}

// isOtherMate reports whether own unit o is one of the unit's mates, the
// side's other ground units on the map (picture.isMate).
func (m *moveScorer) isOtherMate(o *referee.ViewUnit) bool {
	return o != m.u && m.pic.isMate(o)
}

// apart is how many hexes h is from the nearest of the unit's mates (at
// most strayFree: some mate within strayFree); a large number when it
// has none.
func (m *moveScorer) apart(h hex.Hex) int {
	best := 1 << 20
	if r := hex.Distance(m.center, h); m.focused && r <= m.radius {
		// Within strayFree the stray costs nothing however near; and a
		// mate d from center is at least d − r from h.
		for _, x := range m.mates {
			if best <= strayFree {
				break
			}
			if x.d-r < best {
				best = min(best, hex.Distance(h, x.at))
			}
		}
		return best
	}
	for _, o := range m.pic.own {
		if m.isOtherMate(o) {
			best = min(best, hex.Distance(h, *o.Hex))
		}
	}
	return best
}

// A unit more than strayFree hexes from the nearest of its mates loses
// strayCost for each hex more (moveScorer.score): it fights beside them,
// its fire with theirs, rather than ahead of them alone. Measured in the
// tournament (BENCHMARKS.md): with Normal on both sides the four lances
// of 'Mechs versus non-'Mechs went two and two into the reach of sixteen
// platoons that waited, and were shot down pair by pair (21% of the
// decided games; 35% kept together and worth their own steps, 15–16%
// worth their own steps alone).
const (
	strayFree = 2
	strayCost = 1.0
)

// enemiesFor are the enemies that can count in the score of h: those
// that can add to its offense or threat, and those that can only be the
// nearest (focus).
func (m *moveScorer) enemiesFor(h hex.Hex) (scored, others []*enemy) {
	if m.focused && hex.Distance(m.center, h) <= m.radius {
		return m.near, m.farther
	}
	return m.pic.enemies, nil
}

// fireAt is the best column the unit could attack enemy e on from h (d
// hexes away; cell is h's) this turn, ranged or close, and how surely:
// f is 1, 0.6 for indirect fire that needs an observer with a line of
// sight, 0 when it cannot attack e from there (col is then off the
// table).
func (m *moveScorer) fireAt(h hex.Hex, cell mapgen.Cell, e *enemy, d int) (col int, f float64) {
	pic := m.pic
	col = referee.MinColumn - 1
	// The shifts are summed here rather than passed as a list: Column
	// clamps only before and after all of them, so the sum is the same
	// column, and a list would be allocated for every hex and enemy.
	target := pic.cell(e.at)
	if d <= m.rng && d >= m.minR {
		los := pic.los(h, e.at)
		if los.clear || m.indirect && (!pic.stalled || pic.spotted(e)) {
			shift := m.exp + target.Terrain.Info().Shift
			if !m.indirect {
				shift += int(los.shift)
			}
			if e.disrupted {
				shift += referee.DisruptedTargetShift
			}
			if pic.v.Night {
				shift += referee.NightFireShift
			}
			col, f = referee.Column(m.ra, e.d, shift), 1
			if !los.clear {
				f = 0.6 // it needs an observer with a line of sight
			}
		}
	}
	// A Long Tom's minimum range bars its close attacks too (ruling K6):
	// counting one, it would stand next to an enemy it cannot harm.
	if d <= 1 && d >= m.minR && cell.Elevation == target.Elevation {
		if c := referee.Column(m.ca, e.d, m.exp+target.Terrain.Info().Shift); pic.ev(c) > pic.ev(col)*f {
			col, f = c, 1
		}
	}
	return col, f
}

func (pic *picture) mover(u *referee.ViewUnit, level Level) *moveScorer {
	m := &moveScorer{pic: pic, u: u, level: level, ra: attackRA(u), ca: u.Detail.Current.CA, d: u.Detail.Current.D,
		exp: experienceShift(u), indirect: u.Detail.Indirect && pic.observed(u), mech: u.Kind == "mech", carrying: u.Detail.Salvage > 0}
	m.need = 4
	if u.Values != nil {
		m.need -= u.Values.Step
		m.rng, m.minR = u.Values.Range, u.Values.MinRange
		m.waterBurn = u.Hex != nil && u.Detail.Overburning && !u.Values.Chits.ExtraMech && pic.inWater(u, *u.Hex)
	}
	m.noCombat = noCombat(u.Class)
	m.worth = pic.ownWorth(u, m.ra, m.ca, m.need)
	if sd := pic.v.Side(pic.side); sd != nil {
		m.retreating, m.edge = sd.Retreating, sd.RetreatEdge
	}
	m.selfMate = pic.isMate(u) && slices.Contains(pic.own, u)
	if level == Hard && u.Kind != referee.KindAir.String() && u.Kind != referee.KindDropShip.String() && u.Values != nil {
		w := pic.scratch()
		if cap(w.shots) < pic.counted {
			w.shots = make([]shotFrom, pic.counted)
		}
		m.fight, m.shots = pic.hardFight(m), w.shots[:pic.counted]
		clear(m.shots)
	}
	m.givesGround = level == Hard && pic.givesGround()
	return m
}

// score is how good h is as the end of the unit's move.
func (m *moveScorer) score(h hex.Hex) float64 {
	pic := m.pic
	cell := pic.cell(h)
	info := cell.Terrain.Info()
	// What the enemy may do to it there next turn (threat.go): a unit
	// that cannot fire this turn keeps out of the enemy's reach; one
	// that fires weighs the return fire against its own, and prefers
	// cover. A stalled battle closes in whatever the danger. Hard
	// weighs both for the side as a whole instead (hard.go). Whether
	// the threat counts is known before the enemies are looked at, so
	// one pass over them sums it (the plain threat when retreating,
	// the danger otherwise) with the offense, each distance worked out
	// once.
	// A unit chasing an enemy far off (chase.go) goes to it as a unit
	// with an aim does: the fire it may draw on the way and its mates
	// left behind would keep it from setting out.
	aimed := pic.aims != nil && pic.aims.elsewhere(pic, m.u) || m.chases()
	fight := m.fight != nil && !pic.stalled && !aimed
	weighThreat := m.level.skilled() && !pic.stalled && !fight
	offense, threat, danger := 0.0, 0.0, newDangerSum()
	nearest := 1 << 20
	at := h.Cube()
	scored, others := m.enemiesFor(h)
	for _, e := range others {
		nearest = min(nearest, at.Sub(e.at.Cube()).Len())
	}
	for _, e := range scored {
		d := at.Sub(e.at.Cube()).Len() // hex.Distance(h, e.at), h's half worked out once
		if m.retreating || weighThreat {
			if col, ok := e.fireFrom(d, m.d, info.Shift); ok {
				if m.retreating {
					threat += pic.ev(col)
				} else {
					m.addDanger(&danger, e, d, col, info.Shift)
				}
			}
		}
		if e.surrendered {
			if d == 0 {
				offense += 2 // captured, it is worth twice its cost
			}
			continue
		}
		nearest = min(nearest, d)
		if d > max(m.rng, e.rng, 1) {
			continue
		}
		if fight && offense > 0 {
			// Hard's fight scores the hex in place of the offense, of
			// which only whether there is any counts (the pull below),
			// and works out the shots it weighs that are not here
			// (shotFrom): the rest of the enemies' lines of sight are
			// not traced.
			continue
		}
		col, f := m.fireAt(h, cell, e, d)
		if m.shots != nil {
			m.shots[e.idx] = shotFrom{true, h, col, f}
		}
		ev := pic.ev(col) * f
		if m.level.skilled() {
			ev *= e.weight()
			if ev > 0 && !e.ship {
				ev += pic.killChance(col, e.steps()-e.step) * killWorth(e)
			}
		}
		offense = max(offense, ev)
	}
	if m.retreating {
		return -float64(m.homeWay(h)) - 0.3*threat
	}
	sc := offense
	switch {
	case fight:
		sc = m.fight(h, cell) - hardStray*m.stray(h)
	case weighThreat:
		w := fireThreatWeight
		if offense == 0 {
			w = threatWeight * pic.outnumbering
		}
		if aimed && !pic.aims.smallBreakthrough(pic, m.u) {
			// A unit whose aim is not the enemy (a truck, an exit,
			// an objective, a DropShip) goes there: keeping out of the
			// enemy's reach would keep it from its aim.
			w = 0
		}
		sc -= w * danger.total(m.worth)
		if w > 0 && !m.hunts() {
			// A hunting unit searches its own hexes (hunt.go): kept
			// near its mates, the hunters searched one patch together.
			sc -= m.stray(h)
		}
	}
	if nearest == 1<<20 {
		nearest = pic.nearestEnemy(h)
	}
	if nearest < 1<<20 {
		if offense == 0 && !m.chases() { // a chasing unit's chase leads it (chaseScore)
			// Out of range of everything it knows: close in, and hard,
			// or the enemy picks the fight (a hex nearer is worth about
			// a step of expected damage); harder still when stalled,
			// gently when the unit has a scenario aim.
			pull := 1.0
			switch {
			case m.u.Kind == referee.KindDropShip.String() || aimed:
				// A DropShip lands where its load joins the others; its
				// aim is elsewhere: an exit, an objective, a DropShip.
				pull = 0.15
			case m.hunts():
				pull = 0 // its hunt leads it (huntScore)
			case pic.stalled:
				pull = stalledPull
			}
			if m.givesGround {
				// Hard moving first lets the enemy come on in the
				// first turns (hard_first.go).
				pull *= -hardGiveGround
			}
			sc -= pull * float64(m.way(h, nearest))
		}
		sc -= 0.01 * float64(nearest)
	}
	if m.level.skilled() {
		if n := pic.mines[h]; n > 0 {
			sc -= 1.5 * pic.ev(referee.Column(n, m.d))
		}
		sc -= 0.03 * float64(info.Shift)
		if (m.mech && info.HidesMechs) || (!m.mech && info.HidesOthers) {
			sc += 0.05
		}
		if m.waterBurn && m.pic.inWater(m.u, h) {
			sc += 1
		}
	}
	sc += m.huntScore(h) + m.chaseScore(h)
	bonus := 1.0
	if pic.aims != nil {
		bonus = pic.aims.salvageBonus
		sc += m.aimScore(h)
	}
	if !m.carrying && pic.salvage[h] > 0 {
		if pic.stalled {
			// Salvage a unit carries scores for its side (ruling V8),
			// and a stalled battle is one whose field both
			// sides may still hold at its end, when what lies on the
			// map scores for nobody: the counter's worth is raised by a
			// turn of closing in's weight (a turn's worth where it is
			// worth 1, its worth without scenario aims). Left lying
			// beside units walking past it,
			// it kept battles of two units too far apart to meet going
			// to the turn limit (ruling V17 ends a battle only once no
			// unit can reach a counter).
			bonus *= 1 + stalledPull*float64(m.u.Detail.MP)
		}
		sc += bonus
	}
	return sc
}

// stalledPull is what a MP of the way to firing at the enemy costs a
// move in a stalled battle (moveScorer.way): the side closes in harder
// than before (1 a MP), whatever the danger.
const stalledPull = 2.0

// hexAttackScore scores a strafe or a bomb run (000 lines 1134–1146;
// AIR9, AIR10): every ground unit in the hex is attacked, friend or foe,
// so the expected steps dealt to the enemies there count for it and those
// dealt to its own side's units against it.
func (pic *picture) hexAttackScore(u *referee.ViewUnit, a referee.Action, level Level) float64 {
	if u.Detail == nil {
		return 0
	}
	value := u.Detail.Current.CA // the strafing value stands in the CA place (Q3)
	if a.Kind == referee.ActBomb {
		if u.Values == nil {
			return 0
		}
		value = u.Values.Chits.Bomb
	}
	shifts := func(at hex.Hex, disrupted bool) []int {
		s := []int{experienceShift(u), pic.cell(at).Terrain.Info().Shift}
		if disrupted {
			s = append(s, referee.DisruptedTargetShift)
		}
		return s
	}
	sc := 0.0
	for _, e := range pic.enemies {
		if e.at == a.To && !e.surrendered {
			w := 1.0
			if level.skilled() {
				w = e.weight()
			}
			sc += pic.ev(referee.Column(value, e.d, shifts(e.at, e.disrupted)...)) * w
		}
	}
	for _, f := range pic.own {
		if f.Hex != nil && *f.Hex == a.To && f.Kind != referee.KindAir.String() && f.Status == "active" && f.Detail != nil {
			sc -= 1.5 * pic.ev(referee.Column(value, f.Detail.Current.D, shifts(a.To, f.Disrupted)...))
		}
	}
	return sc
}

// column is the column of own unit u's attack a on enemy t, and what the
// attack costs u itself (an infantry close assault's two steps).
func (pic *picture) column(u *referee.ViewUnit, a referee.Action, t *enemy) (col int, penalty float64) {
	from := *u.Hex
	// Room for every shift an attack may add (five at most), so that the
	// list stays on the stack: this is asked for every attack offered.
	shifts := append(make([]int, 0, 6), experienceShift(u))
	if t.disrupted {
		shifts = append(shifts, referee.DisruptedTargetShift)
	}
	switch {
	case u.Kind == referee.KindAir.String():
		// An air attack: AA against D, experience only (000 line 1150).
		col = referee.Column(u.Detail.Current.RA, t.d, experienceShift(u))
	case t.air:
		// Ground fire at an air lance: no terrain, no line of sight, −4
		// from an adjacent hex (000 lines 1154–1157).
		if hex.Distance(from, t.at) == 1 {
			shifts = append(shifts, referee.AirAdjacentShift)
		}
		value := u.Detail.Current.CA
		if a.Mode == referee.Ranged {
			value = attackRA(u)
			if pic.v.Night {
				shifts = append(shifts, referee.NightFireShift)
			}
		}
		col = referee.Column(value, t.d, shifts...)
	default:
		col, penalty = pic.groundColumn(u, a, t, shifts)
	}
	return col, penalty
}

// groundColumn is the column of ground unit u's attack a on ground enemy
// t, with shifts (experience, a disrupted target) already counted, and
// what the attack costs u itself.
func (pic *picture) groundColumn(u *referee.ViewUnit, a referee.Action, t *enemy, shifts []int) (col int, penalty float64) {
	switch a.Mode {
	case referee.CloseAssault:
		// The infantry pays two steps for it (000 line 1013).
		return referee.Column(referee.CloseAssaultColumn, 0, shifts...), 2 * (1 + float64(attackRA(u))/20)
	case referee.Close:
		shifts = append(shifts, pic.cell(t.at).Terrain.Info().Shift)
		return referee.Column(u.Detail.Current.CA, t.d, shifts...), 0
	}
	shifts = append(shifts, pic.cell(t.at).Terrain.Info().Shift)
	if a.Observer == "" && !u.Detail.Indirect {
		shifts = append(shifts, int(pic.los(*u.Hex, t.at).shift))
	}
	if pic.v.Night {
		shifts = append(shifts, referee.NightFireShift)
	}
	return referee.Column(attackRA(u), t.d, shifts...), 0
}

// mayEnter reports whether own unit u should end its move in h as far as
// the enemies there go: a hex holding an enemy is an overrun attempt,
// which fails (and costs a Disruption Roll) unless the unit's RA tops the
// defender's D by 6 (000 lines 697–701), so it goes only into a hex
// with a lone enemy whose D it beats by that (estimated D: by 2 more),
// or to capture surrendered units. An enemy in h is one of those that
// can count in h's score (enemiesFor).
func (m *moveScorer) mayEnter(h hex.Hex) bool {
	u := m.u
	enemies, _ := m.enemiesFor(h)
	var there []*enemy
	for _, e := range enemies {
		if e.at == h && !e.surrendered {
			there = append(there, e)
		}
	}
	switch len(there) {
	case 0:
		return true
	case 1:
		e := there[0]
		margin := referee.OverrunMargin
		if !e.known {
			margin += 2
		}
		return !e.ship && u.Detail.Current.RA >= e.d+margin
	}
	return false
}

// scratch is the memory the picture works in: the Player's, kept from one
// decision to the next, or its own.
func (pic *picture) scratch() *work {
	if pic.work == nil {
		pic.work = new(work)
	}
	return pic.work
}
