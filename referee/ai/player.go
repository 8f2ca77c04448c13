package ai

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Level is how well a Player plays.
type Level uint8

// The levels.
const (
	Easy Level = iota
	Normal
	Hard
	// Greedy and Random are the baselines the levels are measured
	// against (baseline.go), not levels to play with.
	Greedy
	Random
)

var levelNames = [...]string{"easy", "normal", "hard", "greedy", "random"}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// skilled: Normal and Hard weigh danger, cover, concentration and the
// scenario's aims; Easy does not.
func (l Level) skilled() bool { return l == Normal || l == Hard }

// ParseLevel reads a level by its name.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown AI level %q: use easy, normal, hard, greedy or random", s)
}

// playerTurn is a game turn and the side whose player turn it is.
type playerTurn struct {
	turn int
	side string
}

// Player chooses the actions of one side.
type Player struct {
	Side  string
	Level Level

	src *rand.PCG
	rng *rand.Rand
	// turn is the player turn the memory below belongs to.
	turn playerTurn
	// done: units whose movement has been decided this player turn.
	done map[string]bool
	// fired: enemy units attacked this player turn (concentration).
	fired map[string]int
	// hits: the steps the side has seen dealt to each unit, from the
	// results of attacks rolled in the open (Observe).
	hits map[string]int
	// lastFight is the game turn of the last attack the side saw
	// (Observe), lastHarm of the last that took a step.
	lastFight, lastHarm int
	// stalledSince is set once the battle has stalled, until an
	// attack takes a step: a stall broken by attacks that harm nobody
	// is still one (stalled).
	stalledSince bool
	// seen is where each enemy counter stood at the start of the side's
	// last player turn, and moved the most hexes the side has seen each
	// one cover between two of its turns (watch).
	seen  map[string]hex.Hex
	moved map[string]int
	// swept: the hexes the side's units have entered (hunt.go), and
	// leapers its units that jump, which enter only where they land.
	swept   map[hex.Hex]bool
	leapers map[string]bool
	// chasing is the enemy each unit chases (chase.go), by their IDs;
	// hunting how the hexes hunted through were shared out (assignHunt).
	chasing map[string]string
	hunting *huntShares
	// shown are the values the side has seen each counter attack or be
	// attacked with (Observe).
	shown map[string]shownValues

	// truceLooked is the game turn the side last asked itself whether
	// it wants a truce; fireNeed how soon it could then fire, in game
	// turn fireNeedTurn (truce.go).
	truceLooked, fireNeedTurn int
	fireNeed                  fireNeed
	noTruce                   bool // tests only: never offer (NoTruce)

	// cache is work kept from one decision to the next (cache.go).
	cache cache

	// limit is the game turn after which auto-resolve ends a battle
	// whose rules carry no turn limit (ruling CB4; 0: none): a public
	// rule, which the player plays to as to the battle's own.
	limit int
}

// stallTurns is how many game turns without an attack make a battle
// stalled.
const stallTurns = 3

// stalled reports whether the battle is stalled in game turn turn:
// nobody has attacked for stallTurns turns, or, once it has stalled,
// nobody has taken a step since. Two units that each closed in only
// while stalled, traded a shot that missed and fell back out of the
// other's reach, stepped to and fro to the turn limit. In the last
// stallTurns turns before a turn limit (0: none) one game turn
// without an attack is enough: waiting stallTurns there, a side stalled
// only in the last turn, too late to close in, and the battle ran out.
func (p *Player) stalled(turn, limit int) bool {
	wait := stallTurns
	if limit > 0 && limit-turn < stallTurns {
		wait = 1
	}
	if turn-max(p.lastFight, 1) >= wait {
		p.stalledSince = true
	}
	return p.stalledSince && turn-max(p.lastHarm, 1) >= wait
}

// Observe tells the player what happened since its last action, as its
// side saw it (events not Visible to it are passed over): it keeps the
// steps each attack dealt, which every side sees rolled, less the steps
// it sees an Extra 'Mech chit absorb (000 line 1304). A player that is
// never told plays on without this memory, and takes a battle for stalled
// from its fourth game turn: so a player for a battle under way is made
// by Resume, told the battle's past, never by New (no caller makes one
// that is not told, so no level guards against it).
func (p *Player) Observe(events []referee.Event) {
	for _, e := range events {
		if !e.Visible(p.Side) {
			continue
		}
		p.sweep(e)
		switch e.Type {
		case "attack":
			p.lastFight = max(p.lastFight, e.Turn)
			p.show(e)
			if e.Result == nil || e.Target == "" {
				continue
			}
			if n, err := strconv.Atoi(*e.Result); err == nil && n > 0 {
				p.lastHarm, p.stalledSince = max(p.lastHarm, e.Turn), false
				if p.hits == nil {
					p.hits = map[string]int{}
				}
				p.hits[e.Target] += n
			}
		case "extra_mech":
			if p.hits[e.Unit] > 0 {
				p.hits[e.Unit]--
			}
		}
	}
}

// New returns a player for side at the given level; seed fixes its
// choices.
func New(side string, level Level, seed uint64) *Player {
	src := rand.NewPCG(seed, 0x6169)
	return &Player{Side: side, Level: level, src: src, rng: rand.New(src)}
}

// Next chooses the side's next action in s. It always returns an action
// Apply accepts: one ValidActions or ValidSideActions offers, or end.
// It learns of the enemy only from its side's View, s.View(p.Side) (built
// in the memory of the last, State.ViewReusing; see the package doc).
func (p *Player) Next(s *referee.State) referee.Action {
	if p.rng == nil {
		limit := p.limit
		*p = *New(p.Side, p.Level, 0)
		p.limit = limit
	}
	v := s.ViewReusing(p.Side, &p.cache.view)
	if v.TurnLimit == 0 {
		v.TurnLimit = p.limit
	}
	g := &game{
		v:    v,
		crt:  v.CRT,
		side: referee.ValidSideActions(s, p.Side),
	}
	// The levels but Random look at attacks only in the attack phase and
	// at nothing else there: they are not asked for in the other phase.
	l := p.cache.legality(s)
	switch {
	case p.Level == Random:
		g.legal = l.Actions
	case v.Phase == "movement":
		g.legal = l.NonAttacks
	default:
		g.legal = l.Attacks
	}
	g.sight = p.cache.sight
	return p.decide(g)
}

// game is everything decide may look at: the side's View (public rules
// included), and the legal actions of its own units (of the kinds the
// phase's decisions use, Next) and of the side.
type game struct {
	v     referee.View
	crt   referee.CRT
	legal func(unitID string) []referee.Action
	side  []referee.Action
	sight *sightMemo

	pic *picture
}

func (p *Player) end() referee.Action { return referee.Action{Kind: referee.ActEnd, Side: p.Side} }

func (p *Player) decide(g *game) referee.Action {
	v := g.v
	if v.Phase != "movement" && v.Phase != "attack" {
		return p.end()
	}
	if v.Phasing != p.Side {
		return p.end() // not ours to act: Apply refuses it, as it should
	}
	if key := (playerTurn{v.Turn, v.Phasing}); key != p.turn {
		p.turn, p.done, p.fired = key, map[string]bool{}, map[string]int{}
		p.watch(v)
	}
	switch p.Level {
	case Random:
		return p.random(g)
	case Greedy:
		g.pic = newPicture(v, g.crt, g.sight, &p.cache.enemies)
		return p.greedy(g)
	}
	g.pic = newPicture(v, g.crt, g.sight, &p.cache.enemies)
	g.pic.moves(p.moved)
	g.pic.reveal(p.shown)
	g.pic.routeMemo = p.cache.routes
	g.pic.work = &p.cache.work
	if p.Level == Hard {
		g.pic.remember(p.hits)
		g.pic.reach = p.cache.reach
		g.pic.table = &p.cache.fire
	}
	g.pic.menaces()
	// Nothing has been fired for stallTurns game turns: the side closes
	// in rather than let the battle run out with nothing happening.
	g.pic.stalled = p.stalled(v.Turn, v.TurnLimit)
	p.leap(v)
	if v.Phase == "movement" {
		// The aims and the hunt lead moves only: the attack phase reads
		// neither, and with eighty units a side the hunt was a fifth of
		// an attack's cost.
		g.pic.aims = newAims(g.pic, p.Level)
		g.pic.hunt = g.pic.huntHexes(p.swept, p.lastFight > 0)
		if p.Level.skilled() {
			p.chasing = g.pic.assignChase(p.chasing)
		}
		p.hunting = g.pic.assignHunt(p.hunting)
		if a, ok := p.truce(g); ok {
			return a
		}
		if a, ok := p.movement(g); ok {
			return a
		}
		return p.end()
	}
	attack := p.bestAttack
	if p.Level == Hard {
		attack = p.hardAttack
	}
	if a, ok := attack(g); ok {
		return a
	}
	return p.end()
}

// movement picks the next movement-phase action, or ok false to end the
// phase.
func (p *Player) movement(g *game) (referee.Action, bool) {
	pic := g.pic
	aims := pic.aims
	me := g.v.Side(p.Side)
	// A lost battle is a retreat, unless the side leaves by DropShip.
	if !me.Retreating && p.Level.skilled() && pic.lost() && len(aims.ships) == 0 {
		for _, a := range g.side {
			if a.Kind == referee.ActRetreat {
				return a, true
			}
		}
	}
	for _, u := range pic.own {
		if u.Status != "reserve" || u.Detail == nil || p.done[u.ID] {
			continue
		}
		switch {
		case u.Detail.Drop && u.Detail.DropAt == nil:
			p.done[u.ID] = true
			if a, ok := p.declareDrop(g, u); ok {
				return a, true
			}
		case u.Detail.Aboard != "" && !aims.evacuate:
			p.done[u.ID] = true
			if a, ok := p.debark(g, u); ok {
				p.done[u.ID] = false // out: now it moves
				return a, true
			}
		}
	}
	if aims.evacuate {
		for _, u := range pic.own {
			if groundMover(u) && !u.Disrupted {
				if a, ok := p.embark(g, u); ok {
					return a, true
				}
			}
		}
	}
	for _, u := range pic.own {
		if u.Status != "broken" || p.done[u.ID] {
			continue
		}
		p.done[u.ID] = true
		var rallies []referee.Action
		for _, a := range g.legal(u.ID) {
			if a.Kind == referee.ActRally {
				rallies = append(rallies, a)
			}
		}
		if len(rallies) > 0 {
			return p.pickRally(pic, rallies), true
		}
	}
	// In a stalled battle a unit that has moved onto a salvage counter
	// picks it up at once, which costs no MP (ruling V3): left to its
	// next movement phase, a turn later, the counter kept a battle going
	// to its turn limit (ruling V17 goes on while a unit could reach
	// one). Only there: picked up at once in every battle, it played
	// every battle with salvage differently (the one battle of the demo
	// campaign of seed 9 went the other way) for no gain measured.
	for _, u := range pic.own {
		if pic.stalled && p.done[u.ID] && u.Detail != nil && u.Detail.Moved && u.Detail.Salvage == 0 && u.Hex != nil && pic.salvage[*u.Hex] > 0 {
			for _, a := range g.legal(u.ID) {
				if a.Kind == referee.ActPickup {
					return a, true
				}
			}
		}
	}
	// Ground units move before air units (000 lines 578–580; ruling
	// AIR3): once an air lance flies the side's ground units are done.
	order := p.cache.order[:0] // in the memory of the last decision's
	for _, air := range []bool{false, true} {
		for _, u := range pic.own {
			if (u.Kind == referee.KindAir.String()) == air {
				order = append(order, u)
			}
		}
	}
	p.cache.order = order
	for _, u := range order {
		// A disrupted air lance still flies, and must (000 line 1163).
		air := u.Kind == referee.KindAir.String()
		// Hidden infantry waits in ambush, until it leaves it (hunt.go).
		if u.Status != "active" || (u.Disrupted && !air) || p.done[u.ID] || u.Hex == nil || u.Detail == nil || (u.Detail.Hidden && !pic.leavesAmbush()) {
			continue
		}
		acts := g.legal(u.ID)
		// The moves are gathered in the memory of the last decision's:
		// a large battle offers a unit a hundred, and the one chosen is
		// returned by value.
		moves := p.cache.moves[:0]
		var overburn, pickup, withdraw *referee.Action
		for i, a := range acts {
			switch a.Kind {
			case referee.ActMove:
				moves = append(moves, a)
			case referee.ActOverburn:
				overburn = &acts[i]
			case referee.ActPickup:
				pickup = &acts[i]
			case referee.ActWithdraw:
				withdraw = &acts[i]
			}
		}
		p.cache.moves = moves
		if pickup != nil {
			return *pickup, true
		}
		// An air lance leaves by flying up, not by the retreat edge
		// (000 line 1099): it strikes on the way out (airBreaksOff).
		if me.Retreating && !air && withdraw != nil && pic.onEdge(*u.Hex, me.RetreatEdge) {
			p.done[u.ID] = true
			return *withdraw, true
		}
		// A retreating unit that can stand on its edge this turn with
		// a MP left goes there by its cheapest way and leaves at once.
		if me.Retreating && !air && p.Level.skilled() {
			if to, ok := pic.leaveFrom(u, me.RetreatEdge); ok {
				for _, a := range moves {
					if a.To == to {
						return a, true // not done: it leaves from there
					}
				}
			}
		}
		if withdraw != nil && !me.Retreating && aims.leaves(pic, u) {
			p.done[u.ID] = true
			return *withdraw, true
		}
		if overburn != nil && !u.Detail.Moved && p.wantsOverburn(pic, u) {
			return *overburn, true
		}
		if p.Level.skilled() {
			if a, ok := pic.hop(u, moves); ok {
				return a, true // not done: it hops on with the MP it has left
			}
		}
		p.done[u.ID] = true
		// An air lance may not stay where it is: it flies at least two
		// hexes every turn, or leaves the battle (000 line 1097; AIR4).
		if air && len(moves) == 0 && withdraw != nil {
			return *withdraw, true
		}
		if len(moves) == 0 {
			continue
		}
		// Easy's lance too leaves once nothing is left for it to do: its
		// side's last unit, flown about out of the enemy's reach, kept
		// the battle going to the turn limit (Normal–Easy air 116).
		if air && withdraw != nil && pic.airBreaksOff(u, moves, p.Level) {
			return *withdraw, true
		}
		if air && p.Level.skilled() {
			return p.airMove(pic, u, moves), true
		}
		if a, ok := p.bestMove(pic, u, moves, air); ok {
			return a, true
		}
	}
	return p.liftoff(g)
}

// pickRally returns to the rally hex nearest the enemy it knows, off its
// side's own mines where it can: a rally into a hex sets them off (ruling
// M14).
func (p *Player) pickRally(pic *picture, rallies []referee.Action) referee.Action {
	best, bestD, bestMined := rallies[0], 1<<30, true
	for _, a := range rallies {
		mined := pic.mines[a.To] > 0
		if d := pic.nearestEnemy(a.To); bestMined && !mined || mined == bestMined && d < bestD {
			best, bestD, bestMined = a, d, mined
		}
	}
	return best
}

// wantsOverburn: overburning costs the unit a step at the end of its turn
// (000 line 693) unless it stands in water at both ends of its move or an
// unspent Extra 'Mech chit pays for it (ruling M17), so it is declared
// only when free (the chit; water is free only if the move ends in water
// too, which the unit cannot promise), or when the extra MP buys something this turn that is
// worth more than a step: the reach to attack a damaged enemy it may
// destroy, or to reach the scenario's exit or objective in time.
func (p *Player) wantsOverburn(pic *picture, u *referee.ViewUnit) bool {
	if p.Level == Easy || u.Values == nil || u.Values.Step > 0 {
		return false
	}
	if u.Values.Chits.ExtraMech {
		return true
	}

	if g := pic.v.Side(p.Side); g != nil && g.Retreating {
		return false
	}
	mp, burn := u.Detail.MP, referee.OverburnMP(u.Detail.MP)
	r := max(u.Values.Range, 1)
	for _, e := range pic.enemies {
		d := hex.Distance(*u.Hex, e.at)
		// A kill: the enemy is one step from destruction and only the
		// extra MP brings it into reach.
		if e.fighting() && e.known && !e.ship && e.step >= 3 && d > mp+r && d <= burn+r {
			return true
		}
	}
	return pic.aims.needsBurn(pic, u, mp, burn)
}

// bestMove scores every hex the unit may end in, and staying put; ok is
// false when staying is best. Easy has whims: one move in five at
// random, and a random fraction of a point added to each hex's score.
// It drops them once a fight has died down (the battle stalled after an
// attack) and closes in as the skilled levels do: its whims stepped its
// Long Tom, the one unit that could still come within range of the
// enemy's last units penned out of the way, to and fro short of that
// range, and the battle ran out with nothing happening (Normal–Easy
// artillery 71 and secrets 125). Before the first attack it keeps them,
// stalled or not: without them its units penned where no route leads
// within their range of the enemy stood still from the fourth game turn,
// when a battle with no attack yet is first stalled, and nobody fired
// all battle (Normal–Easy small 343).
func (p *Player) bestMove(pic *picture, u *referee.ViewUnit, moves []referee.Action, mustMove bool) (referee.Action, bool) {
	whims := p.Level == Easy && !(pic.stalled && p.lastFight > 0)
	if whims && p.rng.IntN(5) == 0 {
		return moves[p.rng.IntN(len(moves))], true
	}
	ctx := pic.mover(u, p.Level)
	radius := 0
	for _, a := range moves {
		radius = max(radius, hex.Distance(*u.Hex, a.To))
	}
	ctx.focus(*u.Hex, radius)
	stay := ctx.score(*u.Hex)
	if mustMove {
		stay = math.Inf(-1)
	}
	if whims {
		stay += p.rng.Float64()
	}
	best, bestScore := -1, stay
	for i, a := range moves {
		if a.To == *u.Hex {
			continue // an overrun in place: left to the attack logic of the engine
		}
		if p.Level.skilled() && !ctx.mayEnter(a.To) {
			continue
		}
		sc := ctx.score(a.To)
		if whims {
			sc += p.rng.Float64()
		} else {
			sc += p.rng.Float64() * 1e-3 // break ties without a bias to the map's corner
		}
		if sc > bestScore {
			best, bestScore = i, sc
		}
	}
	if best < 0 {
		return referee.Action{}, false
	}
	a := moves[best]
	a.Path = pic.sweepPath(u, a.To) // a hunting unit's way (sweep.go)
	return a, true
}

// bestAttack scores every attack the side's units are offered and returns
// the best one worth a roll.
func (p *Player) bestAttack(g *game) (referee.Action, bool) {
	pic := g.pic
	var best referee.Action
	bestScore, found := 0.0, false
	for _, u := range pic.own {
		// A DropShip fires once in each of its three arcs (000 line 1265)
		// and shrugs off disruption: ValidActions says what is left.
		ship := u.Kind == referee.KindDropShip.String()
		if u.Status != "active" || u.Detail == nil || u.Detail.Hidden || (!ship && (u.Disrupted || u.Detail.Attacked)) || !pic.inReach(u) {
			continue
		}
		for _, a := range g.legal(u.ID) {
			var sc float64
			switch a.Kind {
			case referee.ActAttack:
				var ok bool
				if sc, ok = pic.attackScore(u, a, p.fired, p.Level); !ok {
					continue
				}
			case referee.ActStrafe, referee.ActBomb:
				sc = pic.hexAttackScore(u, a, p.Level)
			default:
				continue
			}
			if p.Level == Easy {
				sc *= 0.5 + p.rng.Float64()
			}
			if sc > bestScore {
				best, bestScore, found = a, sc, true
			}
		}
	}
	if found {
		p.fired[best.Target]++
	}
	return best, found
}

// inReach reports whether some enemy counter the side sees stands
// within the reach of own unit u's attacks: its Range Value, or the
// adjacent hex of a close attack (the referee's reach, which no attack
// it offers exceeds). Only an attack on such a counter is scored, so a
// ground unit with none is not asked for its attacks; air lances and
// DropShips, whose attacks follow rules of their own, always are.
func (pic *picture) inReach(u *referee.ViewUnit) bool {
	if u.Kind == referee.KindAir.String() || u.Kind == referee.KindDropShip.String() || u.Hex == nil || u.Values == nil {
		return true
	}
	// The hexes within r of u lie within r columns and rows of it: they
	// are looked up in a table of where the counters stand, made once a
	// picture, rather than every counter measured for every unit.
	m := pic.v.Map
	if pic.counters == nil {
		pic.counters = make([]bool, m.Width*m.Height)
		for _, l := range [][]*enemy{pic.enemies, pic.air} {
			for _, e := range l {
				if m.Contains(e.at) {
					pic.counters[e.at.Y*m.Width+e.at.X] = true
				}
			}
		}
	}
	at, r := *u.Hex, max(u.Values.Range, 1)
	for y := max(at.Y-r, 0); y <= min(at.Y+r, m.Height-1); y++ {
		for x := max(at.X-r, 0); x <= min(at.X+r, m.Width-1); x++ {
			if h := (hex.Hex{X: x, Y: y}); pic.counters[y*m.Width+x] && hex.Distance(at, h) <= r {
				return true
			}
		}
	}
	return false
}

// inWater reports whether u would stand in water in h (a bridge over it
// does not count for units that may not enter water).
func (pic *picture) inWater(u *referee.ViewUnit, h hex.Hex) bool {
	c := pic.cell(h)
	if !c.Terrain.IsWater() {
		return false
	}
	cl, err := classOf(u.Class)
	if err != nil {
		return false
	}
	return !c.Terrain.Info().Prohibited[cl.Info().Movement]
}

func (pic *picture) onEdge(h hex.Hex, edge string) bool {
	for _, e := range []referee.Edge{referee.North, referee.East, referee.South, referee.West} {
		if e.String() == edge {
			return referee.OnEdge(pic.v.Map, h, e)
		}
	}
	return false
}

// cell is the terrain of h as it stands (rubble included).
func (pic *picture) cell(h hex.Hex) mapgen.Cell {
	c := pic.v.Map.At(h)
	if pic.rubble[h] {
		c.Terrain = mapgen.Rubble
	}
	return c
}
