package ai

import (
	"cmp"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// fireTable is Hard's memory of the fire between the side's units and
// the enemies it sees, kept from one decision to the next (the attack
// phase's plan within the phase, the fire within a player turn): for
// each own unit, the columns each of the hardNear enemies nearest it
// could fire at it next turn where it stands (its return fire, ruling
// AIL2), and the shots it could take where it stands (in the movement
// phase); and each unit's choice in the attack phase's plan. Between
// two decisions one unit has moved, or one enemy has been fired on:
// only that unit's row, or that enemy's entries in each row, are worked
// out again. So the cost of a decision grows with the units near the
// ones that changed, not with every pair of units on the map. Of the
// fire only columns and shots are kept: what a step is worth
// (ownWorth, the enemy's menace) is read from the picture of each
// decision, so each unit's fire and return fire are the same to the
// last bit as worked out afresh. The plan kept is not the plan made
// afresh (planAttacks).
type fireTable struct {
	at tableAt
	// rubble is the rubble the table was made on (View.Rubble): the
	// columns are carried into the next phase only on the same ground.
	rubble  []hex.Hex
	enemies []enemyKey // pic.enemies as the rows were worked out
	rows    map[string]*fireRow
	changed []bool // scratch: the enemies whose key changed, by index
	which   []int  // scratch: their indexes, in order
	// aimed is each unit's choice in the attack phase's plan
	// (planAttacks), by unit ID.
	aimed map[string]aimed
	// opts is the memory the attack phase's options are laid out in
	// (hardAttack).
	opts []option
	// units and pool are the memory of a plan's units (plans).
	units []*planned
	pool  []planned
	// around is the memory of the last fightAround's lists.
	around struct {
		gains      [][]gainOf
		base, back []float64
	}
	// attackX and aroundX are the memory of the last exchange of
	// hardAttack and of fightAround, for the next (newExchange).
	attackX, aroundX *exchange
}

// tableAt is what every entry of a fireTable depends on besides the
// units: the phase, the map and its time of day, the table printing,
// and whether the battle is stalled (indirect fire needs a spotter).
type tableAt struct {
	turn           int
	phasing, phase string
	m              *mapgen.Map
	crt            referee.CRT
	night, stalled bool
}

// enemyKey is what the table reads of an enemy: where it stands, its
// values as the side knows them and its state.
type enemyKey struct {
	id, class                       string
	at                              hex.Hex
	ra, ca, d, rng, mp, step        int
	disrupted, surrendered, ship, a bool
}

func keyOf(e *enemy) enemyKey {
	return enemyKey{e.id, e.class, e.at, e.ra, e.ca, e.d, e.rng, e.mp, e.step, e.disrupted, e.surrendered, e.ship, e.air}
}

// fireRow is one own unit's row: the enemies that could fire at it
// where it stood as a target (back, by pic.enemies index, in order),
// among the hardNear nearest it there (near, by pic.enemies index:
// ruling AIL2), and the shots it could take where it stood as a firer
// (fire).
type fireRow struct {
	target  targetKey
	hasBack bool
	back    []colAt
	near    []bool
	// worth is what each of back's fire costs the unit (fireWorth) as
	// the target worthFor, when hasWorth: kept while neither changes.
	worth    []float64
	worthFor target
	hasWorth bool
	firer    firerKey
	hasFire  bool
	fire     unitFire
}

// targetKey is what an enemy's fire at a unit depends on: the unit's
// hex, its terrain shift and its D.
type targetKey struct {
	at       hex.Hex
	shift, d int
}

// firerKey is what a unit's shots depend on (moveScorer.option): its
// hex and attack values.
type firerKey struct {
	at                         hex.Hex
	ra, ca, exp, rng, minR     int
	indirect, noCombat, usable bool
}

type colAt struct{ i, col int }

// fireTable is the side's table brought up to date with the picture:
// made afresh in a new phase or on new ground (a building fell to
// rubble: every enemy's reach over the ground may be another), else with
// the entries of each enemy whose key changed worked out again (a shot at
// a unit disrupts it, takes its steps; its values probed change its
// range, and so its reach), of each enemy newly seen added, and of each
// no longer seen (destroyed) dropped. The attack phase after the movement phase of the
// same player turn, on the same ground (the map, its rubble, the table
// printing and the time of day), keeps the columns and shots, brought up
// to date the same way, and starts the plans afresh: with a hundred
// units a side, the thirty-odd decisions of a phase paid again for the
// columns between every pair of units in reach of each other. Not into
// the next player turn: by then both sides have moved.
func (pic *picture) fireTable() *fireTable {
	if pic.table == nil {
		pic.table = new(*fireTable) // kept for this picture only
	}
	ft := *pic.table
	if pic.tableUpToDate {
		return ft
	}
	pic.tableUpToDate = true
	at := tableAt{pic.v.Turn, pic.v.Phasing, pic.v.Phase, pic.v.Map, pic.crt, pic.v.Night, pic.stalled}
	if ft != nil && ft.at != at && ft.at.turn == at.turn && ft.at.phasing == at.phasing && ft.at.m == at.m && ft.at.crt == at.crt && ft.at.night == at.night && slices.Equal(ft.rubble, pic.v.Rubble) {
		ft.at, ft.aimed = at, map[string]aimed{}
	}
	if ft == nil || ft.at != at || !slices.Equal(ft.rubble, pic.v.Rubble) {
		ft = &fireTable{at: at, rubble: slices.Clone(pic.v.Rubble), rows: map[string]*fireRow{}, aimed: map[string]aimed{}}
		for _, e := range pic.enemies {
			ft.enemies = append(ft.enemies, keyOf(e))
		}
		*pic.table = ft
		return ft
	}
	// The same counters in the same order, or renumbered; renumber
	// compares the keys as they were.
	same := len(ft.enemies) == len(pic.enemies)
	for i := 0; same && i < len(pic.enemies); i++ {
		same = pic.enemies[i].id == ft.enemies[i].id
	}
	if !same {
		ft.renumber(pic)
		return ft
	}
	ft.changed, ft.which = ft.changed[:0], ft.which[:0]
	regroup := false
	for i, e := range pic.enemies {
		k := keyOf(e)
		ft.changed = append(ft.changed, k != ft.enemies[i])
		if ft.changed[i] {
			regroup = regroup || !k.near(ft.enemies[i])
			ft.enemies[i], ft.which = k, append(ft.which, i)
		}
	}
	if len(ft.which) > 0 {
		for _, r := range ft.rows {
			r.patch(pic, nil, ft.changed, ft.which, regroup)
		}
	}
	return ft
}

// near reports whether an enemy with key k is, to each row, as near as
// with key was (nearest): in the same hex, and fighting as it was.
func (k enemyKey) near(was enemyKey) bool {
	return k.at == was.at && k.surrendered == was.surrendered
}

// renumber brings the table up to date with enemies that are not the
// same counters as before, in the same order: each enemy's entries are
// moved to its new index, those no longer seen dropped, and those new
// or changed worked out again.
func (ft *fireTable) renumber(pic *picture) {
	was := make(map[string]int, len(ft.enemies))
	for i, k := range ft.enemies {
		was[k.id] = i
	}
	to := make([]int, len(ft.enemies)) // old index → new, −1 gone
	for i := range to {
		to[i] = -1
	}
	ft.changed, ft.which = ft.changed[:0], ft.which[:0]
	regroup := false // an enemy not seen before, or nearer or farther
	keys := make([]enemyKey, len(pic.enemies))
	for i, e := range pic.enemies {
		keys[i] = keyOf(e)
		j, ok := was[keys[i].id]
		if ok && to[j] < 0 {
			to[j] = i
		} else {
			ok = false // new, or seen twice
		}
		regroup = regroup || !ok || !keys[i].near(ft.enemies[j])
		ft.changed = append(ft.changed, !ok || keys[i] != ft.enemies[j])
		if ft.changed[i] {
			ft.which = append(ft.which, i)
		}
	}
	ft.enemies = keys
	for _, r := range ft.rows {
		r.patch(pic, to, ft.changed, ft.which, regroup)
	}
}

// patch moves the unit's entries to the enemies' new indexes (to, old
// index to new, −1 for gone; nil: the same) and works out again the
// return fire of the enemies changed (by new index; which, their
// indexes in order) at it; its shots are worked out again when next
// asked. A row that loses one of its nearest enemies (gone), or whose
// nearest may be others (regroup: an enemy seen anew, or in another hex,
// or no longer fighting), is worked out again when next asked.
func (r *fireRow) patch(pic *picture, to []int, changed []bool, which []int, regroup bool) {
	r.hasFire, r.hasWorth = false, false
	if regroup {
		r.hasBack = false
	}
	if !r.hasBack {
		return
	}
	if to != nil {
		near := make([]bool, len(pic.enemies))
		for j, i := range to {
			if i >= 0 {
				near[i] = r.near[j]
			} else if r.near[j] {
				r.hasBack = false
				return
			}
		}
		r.near = near
	}
	kept := r.back[:0]
	for _, c := range r.back {
		if to != nil {
			c.i = to[c.i]
		}
		if c.i >= 0 && !changed[c.i] {
			kept = append(kept, c)
		}
	}
	r.back = kept
	for _, i := range which {
		if r.near[i] {
			r.back = r.target.add(pic, r.back, i, pic.enemies[i])
		}
	}
	byEnemy := func(a, b colAt) int { return cmp.Compare(a.i, b.i) } // each enemy once
	if !slices.IsSortedFunc(r.back, byEnemy) {
		slices.SortFunc(r.back, byEnemy)
	}
}

// add appends enemy e's (index i) column of fire at the target, if it
// could fire at it: only an enemy within its reach can (reach, which
// its reach over the ground never exceeds: a hex costs at least a MP).
func (k targetKey) add(pic *picture, l []colAt, i int, e *enemy) []colAt {
	if hex.Distance(k.at, e.at) > e.reach() {
		return l
	}
	if col, ok := pic.fireOnGround(e, k.at, k.d, k.shift); ok {
		l = append(l, colAt{i, col})
	}
	return l
}

// row is own unit u's row, made if it has none.
func (ft *fireTable) row(u *referee.ViewUnit) *fireRow {
	r := ft.rows[u.ID]
	if r == nil {
		r = &fireRow{}
		ft.rows[u.ID] = r
	}
	return r
}

// backAt is the columns the enemies could fire at own unit u as target
// t next turn, in pic.enemies order.
func (ft *fireTable) backAt(pic *picture, u *referee.ViewUnit, t target) []colAt {
	return ft.row(u).backAt(pic, t)
}

// backAt is backAt for the row's unit.
func (r *fireRow) backAt(pic *picture, t target) []colAt {
	k := targetKey{t.at, t.shift, t.d}
	if !r.hasBack || r.target != k {
		r.target, r.hasBack, r.back, r.hasWorth = k, true, r.back[:0], false
		r.near = pic.nearEnemies(k.at)
		for i, e := range pic.enemies {
			if r.near[i] {
				r.back = k.add(pic, r.back, i, e)
			}
		}
	}
	return r.back
}

// worthAt is what the enemies' fire at own unit u as target t next
// turn costs it, by backAt's columns, in their order.
func (ft *fireTable) worthAt(pic *picture, u *referee.ViewUnit, t target) ([]colAt, []float64) {
	r := ft.row(u)
	back := r.backAt(pic, t)
	if !r.hasWorth || r.worthFor != t {
		r.worthFor, r.hasWorth, r.worth = t, true, r.worth[:0]
		for _, c := range back {
			r.worth = append(r.worth, pic.fireWorth(c.col, t.left, t.step, t.worth))
		}
	}
	return back, r.worth
}

// fireOf is the shots own ground unit u could take where it stands, in
// pic.enemies order. A unit whose indirect fire counts only on a
// spotted enemy (a stalled battle) is worked out afresh each time: who
// spots depends on where the others stand. The options are kept with
// their targets, the picture's enemies: a picture lays its enemies out
// in the memory of the last one's, so they are good while they are
// where they were.
func (ft *fireTable) fireOf(pic *picture, u *referee.ViewUnit) unitFire {
	r := ft.row(u)
	k := firerKey{at: *u.Hex, ra: attackRA(u), ca: u.Detail.Current.CA, exp: experienceShift(u), rng: u.Values.Range, minR: u.Values.MinRange,
		indirect: u.Detail.Indirect && pic.observed(u), noCombat: noCombat(u.Class), usable: !(pic.stalled && u.Detail.Indirect)}
	if r.hasFire && r.firer == k && k.usable && r.fire.u == u && r.fire.kept(pic) {
		return r.fire
	}
	r.firer, r.hasFire = k, true
	r.fire = unitFire{u: u, opts: r.fire.opts[:0], at: r.fire.at[:0]}
	if k.noCombat {
		return r.fire
	}
	// A shot (moveScorer.option) reads of its firer only what the key
	// holds: the rest of a mover is not worked out.
	m := &moveScorer{pic: pic, ra: k.ra, ca: k.ca, exp: k.exp, rng: k.rng, minR: k.minR, indirect: k.indirect}
	cell := pic.cell(k.at)
	for i, e := range pic.enemies {
		if e.fighting() {
			if o, ok := m.option(k.at, cell, e); ok {
				r.fire.opts, r.fire.at = append(r.fire.opts, o), append(r.fire.at, i)
			}
		}
	}
	return r.fire
}

// kept reports whether the options' targets are the picture's enemies.
func (f unitFire) kept(pic *picture) bool {
	for j, i := range f.at {
		if f.opts[j].t != pic.enemies[i] {
			return false
		}
	}
	return true
}

// aimed is a unit's option chosen in the attack phase's plan (−1: none)
// among the options it had, as they were.
type aimed struct {
	opts []optionKey
	i    int
}

// optionKey is what an option's worth in the plan depends on besides the
// other shots: its target as it was, the shot and the fixed worth.
type optionKey struct {
	target enemyKey
	s      shot
	fixed  float64
}

// planAttacks is the plan of the side's fire in the attack phase (units,
// each with its ID; sorted as exchange.plan sorts them), made in x: in full
// (exchange.plan) the first time, and then kept from one attack to the
// next. Between two attacks one unit
// has fired and one enemy has been fired on: a unit whose options are
// what they were, their targets as they were, keeps its choice; the
// others (those that might fire at the enemy just fired on, among them)
// choose against the others' choices, so a unit whose target fell turns
// on another.
func (ft *fireTable) planAttacks(x *exchange, units []*planned) {
	for _, pu := range units {
		c, ok := ft.aimed[pu.id]
		pu.same = ok && c.same(pu.opts)
	}
	x.replan(units, func(pu *planned) (int, bool) {
		return ft.aimed[pu.id].i, pu.same
	})
	for _, pu := range units {
		id := pu.id
		c := ft.aimed[id]
		if !pu.same {
			c.opts = c.opts[:0]
			for _, o := range pu.opts {
				c.opts = append(c.opts, o.key())
			}
		}
		c.i = pu.chosen
		ft.aimed[id] = c
	}
}

// key is what option o's worth in a plan depends on.
func (o option) key() optionKey {
	k := optionKey{s: o.s, fixed: o.fixed}
	if o.t != nil {
		k.target = keyOf(o.t)
	}
	return k
}

// same reports whether opts are the options the choice was made among.
func (c aimed) same(opts []option) bool {
	if len(c.opts) != len(opts) {
		return false
	}
	for k, o := range opts {
		if c.opts[k] != o.key() {
			return false
		}
	}
	return true
}

// replan is the plan of units (sorted as exchange.plan sorts them) made
// in x, each unit keeping the choice kept says it may keep: those that
// may not choose against the others' choices; when none may keep one,
// the plan is made in full (exchange.plan). The shots are then rolled in
// the order exchange.plan's last pass leaves them (reaim).
func (x *exchange) replan(units []*planned, kept func(*planned) (int, bool)) {
	slices.SortStableFunc(units, fewerOptions)
	var fresh []*planned
	for _, pu := range units {
		i, ok := kept(pu)
		if !ok {
			fresh = append(fresh, pu)
			continue
		}
		if pu.chosen = i; i >= 0 && pu.opts[i].t != nil {
			x.aim(pu.opts[i].t, pu.opts[i].s)
		}
	}
	if len(fresh) == len(units) {
		x.plan(units)
		return
	}
	x.choose(fresh)
	x.reaim(units)
}

// reaim aims the shots the units chose again, in their order: so the
// plan is rolled as exchange.plan's last pass leaves it, whichever units
// chose last.
func (x *exchange) reaim(units []*planned) {
	for i := range x.shots {
		x.shots[i] = x.shots[i][:0]
	}
	clear(x.struck)
	for _, pu := range units {
		if pu.chosen >= 0 && pu.opts[pu.chosen].t != nil {
			x.aim(pu.opts[pu.chosen].t, pu.opts[pu.chosen].s)
		}
	}
}

// plans is an empty list of a plan's units, in memory kept from one plan
// to the next: the last plan's are no longer read.
func (ft *fireTable) plans() []*planned {
	ft.pool = ft.pool[:0]
	return ft.units[:0]
}

// planned is the part in a plan of the unit with ID id (none: "") and
// options opts, none chosen yet, laid out in the memory of plans.
func (ft *fireTable) planned(id string, opts []option) *planned {
	if len(ft.pool) == cap(ft.pool) {
		ft.pool = make([]planned, 0, max(2*cap(ft.pool), 16)) // those laid out stay where they are
	}
	ft.pool = append(ft.pool, planned{opts: opts, chosen: -1, id: id})
	return &ft.pool[len(ft.pool)-1]
}
