package ai

import (
	"slices"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The threat: in a player turn the phasing side moves, then fires (000
// lines 570–610), so an enemy counter can attack a unit next turn from
// anywhere its MP take it and its range reaches. A unit that cannot fire
// this turn keeps out of that reach; the enemy who comes on then ends its
// move in the side's reach, and the side fires first.

// watch notes, at the start of each of the side's player turns, how far
// every enemy counter it sees has gone since the last one: a counter that
// covered n hexes has at least n MP. Only what the View shows is used,
// and the maps are new each turn (a copy of the player keeps its own).
func (p *Player) watch(v referee.View) {
	seen := map[string]hex.Hex{}
	moved := make(map[string]int, len(p.moved))
	for id, n := range p.moved {
		moved[id] = n
	}
	for i := range v.Units {
		u := &v.Units[i]
		if u.Own || u.Hex == nil {
			continue
		}
		seen[u.ID] = *u.Hex
		if h, ok := p.seen[u.ID]; ok {
			moved[u.ID] = max(moved[u.ID], hex.Distance(h, *u.Hex))
		}
	}
	p.seen, p.moved = seen, moved
}

// moves raises the MP the picture guesses for each enemy to what the side
// has seen it cover.
func (pic *picture) moves(moved map[string]int) {
	for _, e := range pic.enemies {
		e.mp = max(e.mp, moved[e.id])
	}
}

// reach is how far from its hex enemy e may attack next turn: its MP and
// its range (a DropShip does not move).
func (e *enemy) reach() int {
	if e.ship {
		return e.rng
	}
	return e.mp + max(e.rng, 1)
}

// fireOn is the column enemy e could attack a unit of D d in h (terrain
// shift shift) on next turn; ok is false when it cannot reach h. A
// disrupted enemy stays down through its own turn. The threat to a unit
// in h (moveScorer.score) is the expected damage of every enemy that may
// reach it, each firing at it once.
func (e *enemy) fireOn(h hex.Hex, d, shift int) (col int, ok bool) {
	return e.fireFrom(hex.Distance(h, e.at), d, shift)
}

// fireFrom is fireOn for a hex n hexes from e.
func (e *enemy) fireFrom(n, d, shift int) (col int, ok bool) {
	if !e.fighting() || e.disrupted || n > e.reach() {
		return 0, false
	}
	v := e.ra
	if !e.ship && n <= e.mp+1 {
		v = max(v, e.ca) // it may come next to the unit and close in
	}
	return referee.Column(v, d, shift), true
}

// dangerSum is the danger to a unit standing in a hex as its side
// stands: the threat, and the chance of losing it there, summed enemy by
// enemy (addDanger) in moveScorer.score's pass over the enemies. An
// enemy's ranged fire reaches the unit wherever the enemy's MP and range
// do, but the enemy closes in on one unit only, most likely the nearest:
// what its close attack adds over its ranged fire counts in full on a
// unit nearest to it and is shared with the side's other units as near
// (mates). A unit behind the others' line draws less of it; one that
// stands out alone in front draws all of it. The chance that the fire
// destroys the unit (each enemy's taken as independent) costs it
// lostWorth more. damage is the expected damage so far, spared the
// chance that every enemy so far spares the unit.
type dangerSum struct{ damage, spared float64 }

func newDangerSum() dangerSum { return dangerSum{spared: 1} }

// total is the danger with a step of the unit worth step (ownWorth).
func (acc dangerSum) total(step float64) float64 {
	return acc.damage*step + (1-acc.spared)*lostWorth
}

// addDanger adds enemy e, d hexes from the unit's hex and able to attack
// it there on column col, to acc.
func (m *moveScorer) addDanger(acc *dangerSum, e *enemy, d, col, shift int) {
	pic := m.pic
	ranged := referee.Column(e.ra, m.d, shift)
	hit, kill := pic.ev(ranged), pic.killChance(ranged, m.need)
	spared := 1 - kill
	if col != ranged { // its close attack adds to its ranged fire: shared
		share := 1 + float64(m.matesWithin(e, d))
		hit += max(pic.ev(col)-hit, 0) / share
		spared -= max(pic.killChance(col, m.need)-kill, 0) / share
	}
	acc.damage += hit
	acc.spared *= spared
}

// matesWithin is how many of the unit's mates, the side's other units
// that share the enemy's fire, stand at most d hexes from enemy e.
func (m *moveScorer) matesWithin(e *enemy, d int) int {
	if e.mates == nil {
		// How many stand within each distance: distances are a few
		// dozen hexes, so a count for each is cheaper than a sort. They
		// are counted in the picture's scratch, as long as any distance
		// on the map, and the counts up to the farthest mate kept.
		pic, at, far := m.pic, e.at.Cube(), 0
		if pic.mateCounts == nil {
			pic.mateCounts = make([]int, pic.v.Map.Width+pic.v.Map.Height)
		}
		for _, c := range pic.mateHexes() {
			n := c.Sub(at).Len() // hex.Distance(mate, e.at)
			for len(pic.mateCounts) <= n {
				pic.mateCounts = append(pic.mateCounts, 0) // a hex off the map
			}
			pic.mateCounts[n]++
			far = max(far, n)
		}
		e.mates = slices.Clone(pic.mateCounts[:far+1])
		clear(pic.mateCounts[:far+1])
		for i := 1; i < len(e.mates); i++ {
			e.mates[i] += e.mates[i-1]
		}
	}
	n := e.mates[min(d, len(e.mates)-1)]
	if m.selfMate && hex.Distance(*m.u.Hex, e.at) <= d {
		n-- // the unit is not its own mate
	}
	return n
}

// mateHexes are where the side's units that share the enemy's fire
// (isMate) stand, listed once a picture for every enemy's count of
// mates (matesWithin).
func (pic *picture) mateHexes() []hex.Cube {
	if pic.mates == nil {
		pic.mates = make([]hex.Cube, 0, len(pic.own))
		for _, o := range pic.own {
			if pic.isMate(o) {
				pic.mates = append(pic.mates, o.Hex.Cube())
			}
		}
	}
	return pic.mates
}

// isMate reports whether own unit o shares the enemy's fire with the
// side's other units (dangerSum): a ground unit on the map, not hidden.
func (pic *picture) isMate(o *referee.ViewUnit) bool {
	return o.Status == "active" && o.Hex != nil && o.Kind != referee.KindAir.String() && (o.Detail == nil || !o.Detail.Hidden)
}

// lostWorth is what losing a unit costs beyond its steps, in steps
// (measured in the tournament, BENCHMARKS.md: valued as an enemy's kill
// is, killWorth, it kept the units back and cost The Steel Tip's Lancers
// a tenth of their wins).
const lostWorth = 1.0

// threatWeight is what a step of expected damage next turn costs a unit
// that cannot fire this turn (against a hex of closing in, 1), and
// fireThreatWeight what it costs one that fires this turn (against the
// worth of its attack). Measured in the tournament (BENCHMARKS.md).
const (
	threatWeight     = 1.0
	fireThreatWeight = 0.6
)

// A side that outnumbers the enemy it sees outnumberingMin to 1 or more
// multiplies threatWeight by how many times it does (picture.outnumbering,
// at most outnumberingMax): it has time on its side, and its units that
// cannot fire this turn wait out of the enemy's reach for the few to come
// to them rather than walk in by ones and twos. Measured in the tournament
// (BENCHMARKS.md): with Normal on both sides the sixteen platoons of
// 'Mechs versus non-'Mechs, fed into the reach of four strong lances,
// won 64% of the decided games (Greedy on both sides 50–57%), waiting so
// 48%; counted from any majority, Hot Assault (20 units against 16) went
// from even to 56–62% for its first side, from 2 to 1 it stayed even.
const (
	outnumberingMin = 2.0
	outnumberingMax = 4.0
)

// shownValues are a counter's values as the attacks the side has seen
// showed them (0: not shown): every attack is rolled in the open, with
// the attacker's value and the target's current D (000 line 847), so
// a player reads them off the table without a probe.
type shownValues struct{ ra, ca, d int }

// show keeps what attack e showed of its attacker and its target: the
// latest value, which follows the steps the counter has lost since.
func (p *Player) show(e referee.Event) {
	if e.Value == nil || e.Defense == nil || e.Attacker == "" || e.Target == "" {
		return
	}
	if p.shown == nil {
		p.shown = map[string]shownValues{}
	}
	switch e.Mode {
	case referee.Ranged.String(), referee.Close.String():
		t := p.shown[e.Target]
		t.d = *e.Defense
		p.shown[e.Target] = t
		a := p.shown[e.Attacker]
		if e.Mode == referee.Ranged.String() {
			a.ra = *e.Value
		} else {
			a.ca = *e.Value
		}
		p.shown[e.Attacker] = a
	}
}

// reveal puts the values the side has seen shown in place of the
// estimates of the enemy counters it has not probed.
func (pic *picture) reveal(shown map[string]shownValues) {
	for _, e := range pic.enemies {
		v, ok := shown[e.id]
		if !ok || e.known {
			continue
		}
		if v.ra > 0 {
			e.ra = v.ra
		}
		if v.ca > 0 {
			e.ca = v.ca
		}
		if v.d > 0 {
			e.d = v.d
		}
	}
}
