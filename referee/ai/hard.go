package ai

import (
	"cmp"
	"math"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Hard is Normal with a look one ply ahead at the fire exchange, made for
// the side as a whole rather than unit by unit. It weighs a plan — which
// of its units fire at which enemy this turn — by the dice: every attack
// of the plan on a target is rolled through the Combat Results Table in
// turn, with the chances of a Disruption Roll failing, of a critical hit
// (000 lines 942–1003) and of the +2 a disrupted target gives the next
// attacker; then each enemy that is neither destroyed nor disrupted
// fires back next turn once, at the one unit of the side in its reach it
// would hurt most (its reach measured over the ground, reach.go), with
// what the plan left of it. The worth of the plan is the steps and
// kills it is expected to make less that return fire.
//
// In the attack phase Hard fires the plan that is worth the most, unit
// by unit: first the attack of the unit with the least to gain elsewhere,
// so that the units with other targets wait and turn on one of them if
// the first target falls. In the movement phase each unit's hexes are
// scored by what the unit adds to that plan from there and the return
// fire it draws there: an enemy fires once, so a unit next to a friend
// the enemy would rather hit costs little, and an enemy the side is
// likely to destroy or disrupt first fires back for less. Everything
// else (the closing in, the aims, the retreat) is Normal's.
//
// What it works out is kept from one decision to the next
// (firetable.go): the columns of fire between each unit and the enemies
// near it that can reach it within a player turn, the attack phase's
// plan within the phase, and each enemy's reach over the ground while
// it stands where it stood (reach.go). Between two attacks one unit has
// fired: the units whose options are as they were keep their choices,
// the others choose again against them, where a plan made afresh would
// let every unit choose twice over. With a hundred units a side along a
// front, planning them all for every decision cost Hard several times
// Normal (BENCHMARKS.md); in a battle of a few lances a side the two
// plans are nearly always the same.
//
// It weighs no more than a dozen enemies and a dozen of its own units
// around a unit (hardNear, ruling AIL2): a moving unit's hexes in the
// plan of the units nearest it against the enemies nearest it, made
// afresh for each unit that moves; a unit's return fire from the
// enemies nearest it. A battle of a dozen units a side is weighed
// whole; in a larger one a decision costs what it costs in that one.
//
// It reads nothing Normal does not: the picture of the side's View.

// What a step of return fire costs against a step dealt this turn: in
// the attack phase (hardFireReturn), and in the movement phase
// (hardMoveReturn), where it outweighs the damage the unit could deal
// from a hex many times over. Both measured in the tournament
// (BENCHMARKS.md): Hard that moves to deny the enemy its fire, and fires
// to take it away, beats Hard that moves to deal the most. The steps
// dealt are weighted by the target's menace (hardMenace times Normal's),
// which made them worth about half as much again as when they were
// weighted by its attack value, and the movement phase's return fire
// rose with them (from 12). Once Normal counted the danger to a unit in
// its own steps' worth (ownWorth) and kept its units together (stray),
// Hard did both too (ownTarget, moveScorer.score), weighted the target's
// menace three times, counted the movement phase's return fire, now in
// those steps, nine times (from 18), and kept its units together twice
// as hard as Normal (hardStray): 55% of the mirror games against Normal
// with the weights of before, 58% with these but Normal's stray, 61%
// with twice it, 55% with half.
const (
	hardFireReturn = 3.0
	hardMoveReturn = 9.0
	hardMenace     = 3.0
	hardStray      = 2.0
)

// outcome is the chance of each kind of cell of the Combat Results Table
// on a column: a miss, a Disruption Roll, a critical hit, n steps.
type outcome struct {
	dis, crit float64
	steps     [5]float64
}

// outcomes is outcome per printing of the table and column.
var outcomes = func() (t [2][referee.MaxColumn - referee.MinColumn + 1]outcome) {
	for p := range t {
		for c := referee.MinColumn; c <= referee.MaxColumn; c++ {
			o := &t[p][c-referee.MinColumn]
			for roll := 2; roll <= 12; roll++ {
				r, err := referee.CRT(p).Lookup(c, roll)
				if err != nil {
					panic(err)
				}
				pr := twoD6[roll] / 36
				switch r.Kind {
				case referee.Disruption:
					o.dis += pr
				case referee.Critical:
					o.crit += pr
				case referee.Steps:
					o.steps[r.Steps] += pr
				}
			}
		}
	}
	return t
}()

// The Critical Hit Table (000 line 950) as chances: out of the fight at
// once (2 or 12 destroyed, 3 or 11 surrenders, 4 or 10 breaks), else 3
// steps (5, 9), 2 (6, 8) or 1 (7). A DropShip neither surrenders nor
// breaks (ruling DR14).
var (
	critOut     = 12.0 / 36
	critShipOut = 2.0 / 36
	critSteps   = [4]float64{0, 6.0 / 36, 10.0 / 36, 8.0 / 36}
)

// atMost is the chance that 2D6 roll k or less.
func atMost(k int) float64 {
	return atMostTable[max(min(k, 12), 1)]
}

// atMostTable is atMost by k, from 1 (never) to 12.
var atMostTable = func() (t [13]float64) {
	for k := 2; k <= 12; k++ {
		t[k] = t[k-1] + twoD6[k]/36
	}
	return t
}()

// failDisruption is the chance that a counter fails a Disruption Roll
// (000 line 988): its experience is not known, so a Regular's 7, less 1
// when it is damaged, disrupted, or at night.
func (pic *picture) failDisruption(damaged, disrupted bool) float64 {
	mod := 0
	for _, b := range [...]bool{damaged, disrupted, pic.v.Night} {
		if b {
			mod--
		}
	}
	return atMost(6 - mod)
}

// shot is one attack of a plan: its column, and the chance it is made
// (indirect fire that still needs an observer, 0.6).
type shot struct {
	col int
	f   float64
}

// strike is what a target is expected to suffer from the shots aimed at
// it, rolled in turn.
type strike struct {
	dealt float64 // steps, a unit put out of the fight counting all it had left
	out   float64 // chance it is destroyed, surrenders or breaks
	// fires is how much of its fire it keeps for next turn: 0 out of the
	// fight or disrupted, less for each step lost.
	fires float64
}

// rolled is where the shots at a target so far leave it: alive[n][d]
// is the chance that n steps have been dealt and it is disrupted (d 1)
// or not, out the chance it is out of the fight.
type rolled struct {
	alive [9][2]float64
	out   float64
}

// unrolled is target t before any shot.
func unrolled(t *enemy) rolled {
	var r rolled
	if t.disrupted {
		r.alive[0][1] = 1
	} else {
		r.alive[0][0] = 1
	}
	return r
}

// rollShots rolls the shots at t through the table in turn: the states
// are the steps dealt so far (up to the steps t has left) and whether t
// is disrupted; a unit put out of the fight leaves them.
func (pic *picture) rollShots(t *enemy, shots []shot) rolled {
	r := unrolled(t)
	for _, s := range shots {
		pic.roll(t, &r, s)
	}
	return r
}

// roll rolls one more shot s at t.
func (pic *picture) roll(t *enemy, r *rolled, s shot) {
	left := t.steps() - t.step
	crtP := min(int(pic.crt), 1)
	// The column's outcome when t is disrupted (d 1) or not: the same
	// for every state, looked up once a shot.
	var on [2]*outcome
	on[0] = &outcomes[crtP][referee.ClampColumn(s.col)-referee.MinColumn]
	on[1] = on[0]
	if !t.disrupted {
		on[1] = &outcomes[crtP][referee.ClampColumn(s.col+referee.DisruptedTargetShift)-referee.MinColumn]
	}
	co := critOut
	if t.ship {
		co = critShipOut
	}
	var next [9][2]float64
	for n := 0; n < left; n++ {
		for d := range 2 {
			p := r.alive[n][d]
			if p == 0 {
				continue
			}
			next[n][d] += p * (1 - s.f)
			p *= s.f
			o := on[d]
			// k more steps dealt with chance q: out of the fight once
			// none are left.
			for k := 1; k <= 4; k++ {
				if q := p * o.steps[k]; n+k >= left {
					r.out += q
				} else {
					next[n+k][d] += q
				}
			}
			r.out += p * o.crit * co
			for k := 1; k <= 3; k++ {
				if q := p * o.crit * critSteps[k]; n+k >= left {
					r.out += q
				} else {
					next[n+k][d] += q
				}
			}
			none := p * (1 - o.dis - o.crit - o.steps[1] - o.steps[2] - o.steps[3] - o.steps[4])
			if t.ship {
				// A DropShip ignores disruption (000 line 1269), and
				// keeps flying after a critical hit it shrugs off.
				none += p * o.dis
				none += p * o.crit * (1 - co - critSteps[1] - critSteps[2] - critSteps[3])
				next[n][d] += none
				continue
			}
			next[n][d] += none
			if pd := p * o.dis; pd > 0 {
				fail := pic.failDisruption(n > 0 || t.step > 0, d == 1)
				next[n][d] += pd * (1 - fail)
				if d == 1 {
					// A second failure costs a step (000 line 984).
					if q := pd * fail; n+1 >= left {
						r.out += q
					} else {
						next[n+1][d] += q
					}
				} else {
					next[n][1] += pd * fail
				}
			}
		}
	}
	r.alive = next
}

// strike is what t is expected to suffer, rolled as r.
func (r *rolled) strike(t *enemy) strike {
	left := t.steps() - t.step
	st := strike{out: r.out, dealt: r.out * float64(left)}
	loss := 0.15
	if t.ship {
		loss = 0.07
	}
	for n := 0; n < left; n++ {
		st.dealt += float64(n) * (r.alive[n][0] + r.alive[n][1])
		st.fires += r.alive[n][0] * max(1-loss*float64(n), 0)
	}
	return st
}

// worth is what a strike on t is worth to the side this turn: the steps
// it is expected to deal, weighted as Normal weighs them but with more
// of t's menace (hardMenace), and the chance of putting t out of the
// fight times what that is worth (a DropShip never gets the kill bonus).
func (s strike) worth(t *enemy) float64 {
	w := s.dealt * (t.stepWorth() + hardMenace*t.menace)
	if !t.ship {
		w += s.out * killWorth(t)
	}
	return w
}

// exchange is the fire exchange of one plan: the shots aimed at each
// enemy, what each is then expected to suffer, and the return fire each
// enemy may make next turn at its best target.
// Each is kept by the enemy's place (enemy.idx).
type exchange struct {
	pic   *picture
	ret   float64 // what a step of return fire costs against a step dealt
	shots [][]shot
	// struck is where those shots leave each enemy, once rolled (nil:
	// not yet).
	struck []*struck
	// back is the return fire each enemy could make next turn at the
	// unit of the side it would hurt most, before the side fires.
	back []float64
	// slab is the memory the struck are laid out in.
	slab []struck
}

// newExchange is a plan with no shots yet, made in the memory of x, an
// exchange no longer read (nil: new memory). A decision weighs thousands
// of plans over a battle, each with a list for every enemy: kept, they
// are not garbage.
func (pic *picture) newExchange(ret float64, x *exchange) *exchange {
	n := pic.counted
	if x == nil || cap(x.shots) < n {
		return &exchange{pic: pic, ret: ret, shots: make([][]shot, n), struck: make([]*struck, n), back: make([]float64, n)}
	}
	x.pic, x.ret = pic, ret
	x.shots, x.struck, x.back = x.shots[:n], x.struck[:n], x.back[:n]
	for i := range x.shots {
		x.shots[i] = x.shots[i][:0]
	}
	clear(x.struck)
	clear(x.back)
	x.slab = x.slab[:0] // none of it is pointed at any more
	return x
}

// struck is a target as the shots of a plan at it leave it: rolled, and
// what that is expected to do.
type struck struct {
	r rolled
	s strike
}

// rolled is the shots at t so far, rolled.
func (x *exchange) rolled(t *enemy) *struck {
	if r := x.struck[t.idx]; r != nil {
		return r
	}
	if len(x.slab) == cap(x.slab) {
		x.slab = make([]struck, 0, max(2*cap(x.slab), 8)) // those laid out stay where they are
	}
	x.slab = append(x.slab, struck{r: x.pic.rollShots(t, x.shots[t.idx])})
	r := &x.slab[len(x.slab)-1]
	r.s = r.r.strike(t)
	x.struck[t.idx] = r
	return r
}

// result is what the shots at t so far are expected to do.
func (x *exchange) result(t *enemy) strike { return x.rolled(t).s }

// gain is what one more shot at t adds to the plan: its worth, and the
// return fire it takes away (back: t's best return fire). The shot is
// rolled after the others, from where they leave t.
func (x *exchange) gain(t *enemy, s shot, back float64) float64 {
	b := x.rolled(t)
	r := b.r
	x.pic.roll(t, &r, s)
	before, after := b.s, r.strike(t)
	return after.worth(t) - before.worth(t) + x.ret*(before.fires-after.fires)*back
}

// aim adds the shot at t to the plan, rolled after the others.
func (x *exchange) aim(t *enemy, s shot) {
	x.shots[t.idx] = append(x.shots[t.idx], s)
	if b := x.struck[t.idx]; b != nil {
		x.pic.roll(t, &b.r, s)
		b.s = b.r.strike(t)
	}
}

// fireWorth is what fire on column col costs a unit with left steps
// left, a step worth step and the unit worth besides (a step of return
// fire at it, and the chance of losing it, next turn).
func (pic *picture) fireWorth(col, left int, step, worth float64) float64 {
	return pic.ev(col)*step + pic.killChance(col, left)*worth
}

// target is one of the side's units as the enemy sees it: where it
// stands and what it stands to lose.
type target struct {
	at    hex.Hex
	shift int // its hex's terrain shift
	d     int
	left  int
	// step is what a step of it is worth to the side (ownWorth), worth
	// what losing it costs besides.
	step, worth float64
}

// returnFires calls back with the return fire the enemies could make
// next turn at each unit u of the side where it stands, unit by unit in
// pic.own order: the enemies that could fire (at, by pic.enemies index,
// in order) and what each fire is worth (v); fire that cannot be made
// (worth nothing) is left out. The columns come from the fireTable, the
// worth of the units from this picture (kept in the table while the
// same).
func (pic *picture) returnFires(back func(u *referee.ViewUnit, at []colAt, v []float64)) {
	ft := pic.fireTable()
	for _, u := range pic.own {
		if !isTarget(u) {
			continue
		}
		at, v := ft.worthAt(pic, u, pic.ownTarget(u, *u.Hex, pic.cell(*u.Hex)))
		back(u, at, v)
	}
}

// isTarget: the enemy can see own unit u and fire at it on the ground.
func isTarget(u *referee.ViewUnit) bool {
	return u.Status == "active" && u.Hex != nil && u.Detail != nil && u.Values != nil && !u.Detail.Hidden && u.Kind != referee.KindAir.String()
}

// ownTarget is own unit u as a target in h (its terrain cell).
func (pic *picture) ownTarget(u *referee.ViewUnit, h hex.Hex, cell mapgen.Cell) target {
	t := target{at: h, shift: cell.Terrain.Info().Shift, d: u.Detail.Current.D, left: 4 - u.Values.Step, step: 1, worth: 1.5 + float64(u.Detail.Current.RA)/8}
	if u.Kind == referee.KindDropShip.String() {
		t.left, t.worth = 8-u.Values.Step, 0
	} else {
		t.step = pic.ownWorth(u, attackRA(u), u.Detail.Current.CA, t.left)
	}
	return t
}

// fireBack fills in each enemy's best return fire at the side's units
// (none: 0).
func (x *exchange) fireBack() {
	x.pic.returnFires(func(_ *referee.ViewUnit, at []colAt, v []float64) {
		for k, c := range at {
			e := x.pic.enemies[c.i]
			x.back[e.idx] = max(x.back[e.idx], v[k])
		}
	})
}

// option is an attack a unit may make, and the shot it is in the plan.
type option struct {
	// a is an attack (nil in the movement phase), in the list the
	// referee offers, which stands for the decision: an option is copied
	// many times over in a plan, and an action is many times its size.
	a    *referee.Action
	t    *enemy // nil: a strafe or bomb run, worth fixed
	s    shot
	same bool // in the attacker's hex: it goes first (ruling K10)
	// fixed is the worth of an attack the plan does not roll (a strafe
	// or bomb run, scored as Normal scores it) less what it costs the
	// attacker (an infantry close assault's steps).
	fixed float64
}

// gainOf is what o adds to the plan x.
func (x *exchange) gainOf(o option) float64 {
	if o.t == nil {
		return o.fixed
	}
	return x.gain(o.t, o.s, x.back[o.t.idx]) + o.fixed
}

// planned is one unit's part of a plan: its options and the one chosen
// (−1: none worth a roll); in the attack phase's plan the unit's ID, and
// whether its options are those it chose among in the last decision
// (planAttacks).
type planned struct {
	opts   []option
	chosen int
	id     string
	same   bool
}

// plan assigns each unit the option that adds most to the plan, units
// with the fewest options first, then lets each choose again once
// against the others' choices.
func (x *exchange) plan(units []*planned) {
	slices.SortStableFunc(units, fewerOptions)
	for range 2 {
		x.choose(units)
	}
}

// fewerOptions orders units by how many options they have, fewest first.
func fewerOptions(a, b *planned) int { return cmp.Compare(len(a.opts), len(b.opts)) }

// choose lets each unit in turn choose the option that adds most to the
// plan, its own choice, if any, taken out of it first.
func (x *exchange) choose(units []*planned) {
	for _, pu := range units {
		if pu.chosen >= 0 {
			x.unaim(pu.opts[pu.chosen])
		}
		pu.chosen = -1
		best := 0.0
		for i, o := range pu.opts {
			if g := x.gainOf(o); g > best {
				pu.chosen, best = i, g
			}
		}
		if pu.chosen >= 0 && pu.opts[pu.chosen].t != nil {
			x.aim(pu.opts[pu.chosen].t, pu.opts[pu.chosen].s)
		}
	}
}

// unaim takes option o's shot out of the plan.
func (x *exchange) unaim(o option) {
	if o.t == nil {
		return
	}
	l := x.shots[o.t.idx]
	for i := range l {
		if l[i] == o.s {
			x.shots[o.t.idx] = slices.Delete(l, i, i+1)
			x.struck[o.t.idx] = nil
			return
		}
	}
}

// hardAttack is Hard's attack phase: the next attack of the best plan,
// or ok false when no attack is worth a roll.
func (p *Player) hardAttack(g *game) (referee.Action, bool) {
	pic := g.pic
	ft := pic.fireTable()
	x := pic.newExchange(hardFireReturn, ft.attackX)
	ft.attackX = x
	x.fireBack()
	units := ft.plans()
	// The options are laid out one after another in memory kept from one
	// decision to the next (fireTable.opts).
	opts := ft.opts[:0]
	for _, u := range pic.own {
		ship := u.Kind == referee.KindDropShip.String()
		if u.Status != "active" || u.Detail == nil || u.Hex == nil || u.Detail.Hidden || (!ship && (u.Disrupted || u.Detail.Attacked)) || !pic.inReach(u) {
			continue
		}
		first := len(opts)
		acts := g.legal(u.ID)
		for j := range acts {
			switch a := &acts[j]; a.Kind {
			case referee.ActAttack:
				t := pic.enemy(a.Target)
				if t == nil || !t.fighting() {
					continue
				}
				col, penalty := pic.column(u, *a, t)
				opts = append(opts, option{a: a, t: t, s: shot{col: col, f: 1}, same: hex.Distance(*u.Hex, t.at) == 0, fixed: -penalty})
			case referee.ActStrafe, referee.ActBomb:
				opts = append(opts, option{a: a, fixed: pic.hexAttackScore(u, *a, p.Level)})
			}
		}
		if len(opts) > first {
			units = append(units, ft.planned(u.ID, opts[first:len(opts):len(opts)]))
		}
	}
	ft.opts, ft.units = opts, units
	ft.planAttacks(x, units)
	// Same-hex attacks first (they close once another hex is fired on),
	// then the unit with the least to gain elsewhere.
	var best *option
	bestKey := math.Inf(1)
	for _, pu := range units {
		if pu.chosen < 0 {
			continue
		}
		o := &pu.opts[pu.chosen]
		x.unaim(*o)
		mine, elsewhere := x.gainOf(*o), 0.0
		for _, alt := range pu.opts {
			if alt.t != o.t || alt.t == nil {
				elsewhere = max(elsewhere, x.gainOf(alt))
			}
		}
		if o.t != nil {
			x.aim(o.t, o.s)
		}
		key := elsewhere - 0.01*mine
		if o.same {
			key -= 1000
		}
		if key < bestKey {
			best, bestKey = o, key
		}
	}
	if best == nil {
		return referee.Action{}, false
	}
	return *best.a, true
}

// unitFire is own unit u's options of fire where it stands, and the
// pic.enemies index of each option's target (fireTable.fireOf).
type unitFire struct {
	u    *referee.ViewUnit
	opts []option
	at   []int
}

// fightAround is the fire exchange hardFight weighs a mover's hexes in
// (ruling AIL2): the hardNear enemies nearest its hex (in, by
// pic.enemies index), and the plan of the hardNear units of the side
// nearest it but the mover, firing where they stand at those enemies,
// with each of those enemies' best return fire at them. The plan is
// made when first needed (exchange): a mover no enemy weighed can reach
// or be fired at by in any hex scored needs none.
type fightAround struct {
	m      *moveScorer
	center hex.Hex
	in     []bool
	x      *exchange
	// base is each enemy's best return fire at the others (by
	// pic.enemies index); back is it with the mover in the hex scored,
	// base but for those that would rather hit it there, in memory kept
	// from one hex to the next.
	base, back []float64
	near, all  *fightLists
	// gains is what each shot the mover may take adds to the plan when it
	// draws no enemy's fire, by the enemy's pic.enemies index: the same in
	// every hex. A mover has a few shots at each enemy (a column, and how
	// surely), looked up for every hex: a list, not a map.
	gains [][]gainOf
}

// gainOf is what shot s adds to the plan.
type gainOf struct {
	s shot
	g float64
}

func (pic *picture) fightAround(m *moveScorer, center hex.Hex) *fightAround {
	// In the memory of the last mover's (fireTable.around): its hexes
	// are all scored.
	ft, n := pic.fireTable(), len(pic.enemies)
	mem := &ft.around
	if cap(mem.gains) < n {
		mem.gains = make([][]gainOf, n)
	}
	mem.gains = mem.gains[:n]
	for i := range mem.gains {
		mem.gains[i] = mem.gains[i][:0]
	}
	return &fightAround{m: m, center: center, in: pic.nearEnemies(center), gains: mem.gains}
}

// exchange is the plan around the mover, made the first time asked.
func (a *fightAround) exchange() *exchange {
	if a.x != nil {
		return a.x
	}
	pic := a.m.pic
	ft := pic.fireTable()
	// A mover's hexes are all scored before the next mover's: the plan
	// of the last is no longer read.
	a.x = pic.newExchange(pic.moveReturn(), ft.aroundX)
	ft.aroundX = a.x
	units := ft.plans()
	ft.opts = ft.opts[:0]
	for _, u := range pic.nearOwn(a.center, a.m.u) {
		at, v := ft.worthAt(pic, u, pic.ownTarget(u, *u.Hex, pic.cell(*u.Hex)))
		for k, c := range at {
			if a.in[c.i] {
				i := pic.enemies[c.i].idx
				a.x.back[i] = max(a.x.back[i], v[k])
			}
		}
		if u.Disrupted || u.Kind == referee.KindDropShip.String() {
			continue // it does not fire this turn, or not in the plan
		}
		// Its options on the enemies weighed: the row's own (read, never
		// written), or when it has some on others those in, copied out
		// into memory kept from one mover to the next.
		uf := ft.fireOf(pic, u)
		opts, first, copied := uf.opts, 0, false
		for j, o := range uf.opts {
			switch {
			case copied:
				if a.in[uf.at[j]] {
					ft.opts = append(ft.opts, o)
				}
			case !a.in[uf.at[j]]:
				first, copied = len(ft.opts), true
				ft.opts = append(ft.opts, uf.opts[:j]...)
			}
		}
		if copied {
			opts = ft.opts[first:len(ft.opts):len(ft.opts)]
		}
		if len(opts) > 0 {
			units = append(units, ft.planned("", opts))
		}
	}
	ft.units = units
	a.x.plan(units)
	mem := &ft.around
	a.base = append(mem.base[:0], make([]float64, len(pic.enemies))...)
	for i, e := range pic.enemies {
		a.base[i] = a.x.back[e.idx]
	}
	a.back = append(mem.back[:0], a.base...)
	mem.base, mem.back = a.base, a.back
	return a.x
}

// hardFight is Hard's worth of standing in h for mover m, in the fire
// exchange of the side's plan with the other units where they stand
// (moved or not yet): what m adds to the plan from h, less the return
// fire h draws beyond what the enemy would fire at the others anyway.
// The exchange is the one around m's hex (fightAround); around the hex
// scored for a unit not on the map (a drop).
func (pic *picture) hardFight(m *moveScorer) func(h hex.Hex, cell mapgen.Cell) float64 {
	var a *fightAround
	var me target // m as a target, its hex and shift set for each hex
	made := false
	// What fire on each column costs m (fireWorth) is the same in every
	// hex: each is worked out once.
	var worth [referee.MaxColumn - referee.MinColumn + 1]float64
	var worthKnown [len(worth)]bool
	ret := pic.moveReturn()
	return func(h hex.Hex, cell mapgen.Cell) float64 {
		if !made {
			me, made = pic.ownTarget(m.u, h, cell), true
		}
		if a == nil || m.u.Hex == nil {
			center := h
			if m.u.Hex != nil {
				center = *m.u.Hex
			}
			a = pic.fightAround(m, center)
		}
		me.at, me.shift = h, cell.Terrain.Info().Shift
		var l *fightLists
		if m.focused && hex.Distance(m.center, h) <= m.radius {
			if a.near == nil {
				a.near = m.fightLists(true, a.in)
			}
			l = a.near
		} else {
			if a.all == nil {
				a.all = m.fightLists(false, a.in)
			}
			l = a.all
		}
		// The return fire it draws: enemies that would rather hit it.
		drawn := 0.0
		for _, i := range l.firing {
			e := pic.enemies[i]
			col, ok := pic.fireOnGround(e, me.at, me.d, me.shift)
			if a.x != nil {
				a.back[i] = a.base[i]
			}
			if !ok {
				continue
			}
			x, back := a.exchange(), a.back
			c := referee.ClampColumn(col) - referee.MinColumn
			if !worthKnown[c] {
				worth[c], worthKnown[c] = pic.fireWorth(col, me.left, me.step, me.worth), true
			}
			if v := worth[c]; v > back[i] {
				drawn += x.result(e).fires * (v - back[i])
				back[i] = v
			}
		}
		// What it adds by firing from h.
		best := 0.0
		for _, i := range l.targets {
			e := pic.enemies[i]
			sh, ok := m.shotFrom(h, cell, e)
			if !ok {
				continue
			}
			x, back := a.exchange(), a.back
			if back[i] != a.base[i] {
				best = max(best, x.gain(e, sh, back[i]))
				continue
			}
			best = max(best, a.gainAt(i, sh))
		}
		return best - ret*drawn
	}
}

// gainAt is what shot s at enemy i (by pic.enemies index) adds to the
// plan when it draws no enemy's fire, worked out once.
func (a *fightAround) gainAt(i int, s shot) float64 {
	for _, k := range a.gains[i] {
		if k.s == s {
			return k.g
		}
	}
	g := a.x.gain(a.m.pic.enemies[i], s, a.back[i])
	a.gains[i] = append(a.gains[i], gainOf{s, g})
	return g
}

// fightLists are the enemies (by pic.enemies index, in order) among
// those weighed (in, all fighting) that can count in hardFight's worth
// of a hex: firing, those that may fire at m next turn (not disrupted),
// and targets, those m may fire at (none for a unit that does not
// fight). Within m's focus (near) only those that may reach a hex of
// it: within their reach, which their reach over the ground never
// exceeds, or within m's range (or next to it). The others add nothing,
// so the worth is the same to the last bit; only they are not looked at
// for every hex.
type fightLists struct {
	firing, targets []int
	// mem holds both lists for the dozen weighed (hardNear): one
	// allocation, not one each time a list grows.
	mem [2 * hardNear]int
}

func (m *moveScorer) fightLists(near bool, in []bool) *fightLists {
	l := &fightLists{}
	l.firing, l.targets = l.mem[:0:hardNear], l.mem[hardNear:hardNear]
	for i, e := range m.pic.enemies {
		if !in[i] {
			continue
		}
		d := 0
		if near {
			d = hex.Distance(m.center, e.at) - m.radius
		}
		if !e.disrupted && d <= e.reach() {
			l.firing = append(l.firing, i)
		}
		if !m.noCombat && d <= max(m.rng, 1) {
			l.targets = append(l.targets, i)
		}
	}
	return l
}

// shotFrom is shotAt, read from what score found from h when it looked
// at e: score works out a shot at every enemy in range of either
// (fireAt), which those fight looks at are.
func (m *moveScorer) shotFrom(h hex.Hex, cell mapgen.Cell, e *enemy) (shot, bool) {
	s := m.shots[e.idx]
	if !s.found || s.at != h {
		return m.shotAt(h, cell, e)
	}
	if hex.Distance(h, e.at) > max(m.rng, 1) || s.f == 0 {
		return shot{}, false
	}
	return shot{col: s.col, f: s.f}, true
}

// option is the shot mover m could take at e from h, if any, as an
// option of the plan.
func (m *moveScorer) option(h hex.Hex, cell mapgen.Cell, e *enemy) (option, bool) {
	s, ok := m.shotAt(h, cell, e)
	if !ok {
		return option{}, false
	}
	return option{t: e, s: s}, true
}

// shotAt is the shot mover m could take at e from h, if any. An option
// carries an action, many times a shot's size: the hexes a mover scores
// ask for the shot alone.
func (m *moveScorer) shotAt(h hex.Hex, cell mapgen.Cell, e *enemy) (shot, bool) {
	d := hex.Distance(h, e.at)
	if d > max(m.rng, 1) {
		return shot{}, false
	}
	col, f := m.fireAt(h, cell, e, d)
	if f == 0 {
		return shot{}, false
	}
	return shot{col: col, f: f}, true
}
