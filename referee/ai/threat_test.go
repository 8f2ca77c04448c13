package ai

import (
	"fmt"
	"math"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// A unit out of reach of an enemy's move and range is safe from it; one
// step nearer it is not, and a disrupted enemy threatens nobody (it stays
// down through its own turn, 000 line 980).
func TestThreatReach(t *testing.T) {
	m := mapgen.New(30, 5)
	e := &enemy{id: "E1", at: hex.Hex{X: 0, Y: 2}, ra: 12, ca: 12, d: 6, rng: 3, mp: 5}
	pic := &picture{v: referee.View{Map: m}, enemies: []*enemy{e}}
	if got := threatAt(pic, hex.Hex{X: 9, Y: 2}, 6, 0); got != 0 {
		t.Errorf("9 hexes from an enemy with 5 MP and range 3: threat %.2f, want 0", got)
	}
	if got := threatAt(pic, hex.Hex{X: 8, Y: 2}, 6, 0); got <= 0 {
		t.Errorf("8 hexes from an enemy with 5 MP and range 3: threat %.2f, want more than 0", got)
	}
	open, woods := threatAt(pic, hex.Hex{X: 8, Y: 2}, 6, 0), threatAt(pic, hex.Hex{X: 8, Y: 2}, 6, mapgen.HeavyWoods.Info().Shift)
	if woods >= open {
		t.Errorf("threat in heavy woods %.2f, in the open %.2f: cover should lower it", woods, open)
	}
	e.disrupted = true
	if got := threatAt(pic, hex.Hex{X: 4, Y: 2}, 6, 0); got != 0 {
		t.Errorf("a disrupted enemy: threat %.2f, want 0", got)
	}
}

// threatAt is the threat moveScorer.score weighs in h for a unit of D d
// (terrain shift shift): the expected damage of every enemy that may
// reach h next turn, each firing at it once.
func threatAt(pic *picture, h hex.Hex, d, shift int) float64 {
	sum := 0.0
	for _, e := range pic.enemies {
		if col, ok := e.fireOn(h, d, shift); ok {
			sum += pic.ev(col)
		}
	}
	return sum
}

// watch learns an enemy's MP from the hexes the side sees its counter
// cover between two of its turns; moves raises the guess by class to it.
func TestWatchRaisesMP(t *testing.T) {
	p := New("red", Normal, 1)
	view := func(x int) referee.View {
		h := hex.Hex{X: x, Y: 2}
		return referee.View{Units: []referee.ViewUnit{{ID: "B1", Side: "blue", Kind: "mech", Status: "active", Hex: &h}}}
	}
	p.watch(view(20))
	p.watch(view(12))
	p.watch(view(10))
	if p.moved["B1"] != 8 {
		t.Fatalf("moved = %d, want the 8 hexes of its longest move", p.moved["B1"])
	}
	pic := &picture{enemies: []*enemy{{id: "B1", mp: 5}}}
	pic.moves(p.moved)
	if pic.enemies[0].mp != 8 {
		t.Errorf("mp = %d, want 8", pic.enemies[0].mp)
	}
}

// A wheeled unit measures the way to the enemy round deep water it may
// not enter (000 line 669 and the terrain table); a jumping one flies
// over it at 1 MP a hex. Both go to a hex in range (1), beside the enemy.
func TestApproachGoesRound(t *testing.T) {
	m := mapgen.New(12, 7)
	for y := range 6 {
		m.Set(hex.Hex{X: 6, Y: y}, mapgen.Cell{Terrain: mapgen.Water2})
	}
	target := hex.Hex{X: 10, Y: 0}
	pic := &picture{v: referee.View{Map: m}, enemies: []*enemy{{id: "E1", at: target}}}
	from := hex.Hex{X: 2, Y: 0}
	i := from.Y*m.Width + from.X
	wheeled := pic.approach(routeKey{mode: mapgen.Wheeled, rng: 1})[i]
	jump := pic.approach(routeKey{mode: mapgen.Wheeled, jump: true, rng: 1})[i]
	if d := hex.Distance(from, target) - 1; jump != d {
		t.Errorf("jumping: %d MP, want the %d hexes to the hex beside the enemy", jump, d)
	}
	if wheeled <= jump+4 {
		t.Errorf("wheeled: %d MP, want the way round the water (more than %d)", wheeled, jump+4)
	}
}

// Every attack is rolled in the open with the attacker's value and the
// target's D (000 line 847): a player who sees an enemy counter fire
// or be fired on reads those off, probe or not. A probed counter keeps
// its probed values; an event addressed to another side teaches nothing.
func TestShownValues(t *testing.T) {
	p := New("red", Normal, 1)
	intp := func(v int) *int { return &v }
	p.Observe([]referee.Event{
		{Type: "attack", Attacker: "B1", Target: "R1", Mode: referee.Ranged.String(), Value: intp(17), Defense: intp(6)},
		{Type: "attack", Attacker: "R1", Target: "B1", Mode: referee.Close.String(), Value: intp(12), Defense: intp(3)},
		{Type: "attack", Attacker: "B1", Target: "R2", Mode: referee.Close.String(), Value: intp(20), Defense: intp(5), Audience: []string{"blue"}},
		{Type: "attack", Attacker: "B2", Target: "R1", Mode: referee.Ranged.String(), Value: intp(15), Defense: intp(6)},
	})
	h1, h2 := hex.Hex{X: 5, Y: 2}, hex.Hex{X: 6, Y: 2}
	v := referee.View{Units: []referee.ViewUnit{
		{ID: "B1", Side: "blue", Kind: "mech", Class: "medium-mech", Status: "active", Hex: &h1},
		{ID: "B2", Side: "blue", Kind: "mech", Class: "medium-mech", Status: "active", Hex: &h2,
			Values: &referee.UnitValues{RA: 9, D: 7, Range: 3}},
	}}
	pic := newPicture(v, referee.CRT(0), nil, nil)
	pic.reveal(p.shown)
	b1, b2 := pic.enemy("B1"), pic.enemy("B2")
	if b1.ra != 17 || b1.d != 3 {
		t.Errorf("B1 shown RA 17 and D 3: picture has RA %d, D %d", b1.ra, b1.d)
	}
	if est := classEstimates["medium-mech"]; b1.ca != est.ca {
		t.Errorf("B1's close attack seen only by blue: CA %d, want the estimate %d", b1.ca, est.ca)
	}
	if b2.ra != 9 {
		t.Errorf("B2 probed at RA 9: picture has %d", b2.ra)
	}
}

// An enemy closes in on one unit, the nearest (danger): what its close
// attack adds over its ranged fire falls on a unit alone in front in
// full, and is shared when a mate stands as near; its ranged fire reaches
// either. A unit with steps lost is likelier destroyed, which costs it
// more.
func TestDangerSharesTheCloseAttack(t *testing.T) {
	m := mapgen.New(20, 5)
	e := enemy{id: "E1", at: hex.Hex{X: 0, Y: 2}, ra: 6, ca: 20, d: 6, rng: 3, mp: 4}
	h := hex.Hex{X: 4, Y: 2}
	// The unit itself stands on the map among its side's units: it is
	// not its own mate.
	u := &referee.ViewUnit{ID: "R1", Status: "active", Kind: "mech", Hex: &hex.Hex{X: 2, Y: 2}, Values: &referee.UnitValues{}}
	with := func(mates ...hex.Hex) *moveScorer {
		fresh := e // each picture reads the enemy afresh (its mates)
		pic := &picture{v: referee.View{Map: m}, enemies: []*enemy{&fresh}, own: []*referee.ViewUnit{u}}
		for i, at := range mates {
			pic.own = append(pic.own, &referee.ViewUnit{ID: fmt.Sprint("M", i), Status: "active", Kind: "mech", Hex: &at})
		}
		// Neither an air lance nor a hidden unit draws the enemy's fire.
		pic.own = append(pic.own, &referee.ViewUnit{ID: "A1", Status: "active", Kind: "air", Hex: &hex.Hex{X: 1, Y: 2}},
			&referee.ViewUnit{ID: "I1", Status: "active", Kind: "infantry", Hex: &hex.Hex{X: 1, Y: 1}, Detail: &referee.UnitDetail{Hidden: true}})
		return &moveScorer{pic: pic, u: u, d: 6, need: 4, selfMate: true}
	}
	pic := with().pic
	alone, shared, behind := with(), with(hex.Hex{X: 3, Y: 2}), with(hex.Hex{X: 9, Y: 2})
	a, s, b := alone.danger(h, 0), shared.danger(h, 0), behind.danger(h, 0)
	if ranged := pic.ev(referee.Column(e.ra, 6)); !(s < a && s > ranged) {
		t.Errorf("danger with a mate nearer the enemy %.2f: want under %.2f alone and over the ranged fire's %.2f", s, a, ranged)
	}
	if b != a {
		t.Errorf("danger with a mate farther from the enemy %.2f, want %.2f as alone", b, a)
	}
	down := with()
	down.need = 4 - 2 // two steps lost (mover)
	if hurt := down.danger(h, 0); hurt <= a {
		t.Errorf("danger to a unit two steps down %.2f, want more than %.2f to a fresh one", hurt, a)
	}
}

// danger is the danger (dangerSum) to unit m.u in h (terrain shift
// shift) from every enemy of its picture, as moveScorer.score sums it.
func (m *moveScorer) danger(h hex.Hex, shift int) float64 {
	acc := newDangerSum()
	for _, e := range m.pic.enemies {
		d := hex.Distance(h, e.at)
		if col, ok := e.fireFrom(d, m.d, shift); ok {
			m.addDanger(&acc, e, d, col, shift)
		}
	}
	return acc.total(1)
}

// A step of a unit is worth to its side what a step of an enemy is worth
// to the enemy (ownWorth), set against the enemy's typical unit: more for
// a lance whose close assault kills than for a platoon that barely harms
// the enemy's D, more once damaged, a plain step for a unit no better
// than the enemy's; so the danger in a hex costs the strong lance more
// (moveScorer.score).
func TestOwnWorth(t *testing.T) {
	pic := &picture{enemies: []*enemy{{id: "E1", d: 7, ra: 9, ca: 8}, {id: "E2", d: 5, ra: 3, ca: 1}}}
	lance, platoon := &referee.ViewUnit{ID: "L1"}, &referee.ViewUnit{ID: "P1"}
	if w := pic.ownWorth(lance, 15, 16, 4); w != 1 {
		t.Errorf("with no enemy in sight a step is worth %.2f, want 1", w)
	}
	pic.menaces()
	if pic.enemyD != 6 {
		t.Fatalf("the enemy's mean D %d, want 6", pic.enemyD)
	}
	// The side has nobody on the map: the enemy's menace is reckoned
	// against a 'Mech's D (8).
	e1, e2 := 1+ownShare*pic.ev(referee.Column(9, 8)), 1+ownShare*pic.ev(referee.Column(3, 8))
	if want := (e1 + e2) / 2; math.Abs(pic.enemyWorth-want) > 1e-9 {
		t.Fatalf("the enemy's mean worth %.3f, want %.3f", pic.enemyWorth, want)
	}
	strong, weak := pic.ownWorth(lance, 15, 16, 4), pic.ownWorth(platoon, 3, 1, 4)
	if want := (1 + ownShare*pic.ev(referee.Column(16, 6))) / pic.enemyWorth; math.Abs(strong-want) > 1e-9 {
		t.Errorf("a fresh 15(16) lance's step is worth %.2f, want %.2f", strong, want)
	}
	if weak != 1 || strong < 1.5 {
		t.Errorf("a step of the lance is worth %.2f, of a 3(1) platoon %.2f: want the platoon's 1 and the lance's far more", strong, weak)
	}
	if hurt := pic.ownWorth(lance, 15, 16, 2); hurt <= strong {
		t.Errorf("a step of the lance two steps down is worth %.2f, want more than %.2f", hurt, strong)
	}
	acc := newDangerSum()
	acc.damage = 1
	if acc.total(strong) <= acc.total(weak) {
		t.Errorf("the same fire costs the lance %.2f, the platoon %.2f", acc.total(strong), acc.total(weak))
	}
}

// A unit pays for standing apart from its mates (moveScorer.stray):
// nothing within strayFree hexes of the nearest, strayCost a hex beyond;
// with focus the same as against every mate; and nothing for a unit that
// is no mate itself (hidden).
func TestStray(t *testing.T) {
	at := func(x, y int) *hex.Hex { return &hex.Hex{X: x, Y: y} }
	u := &referee.ViewUnit{ID: "L1", Status: "active", Kind: "mech", Hex: at(2, 2)}
	pic := &picture{v: referee.View{Map: mapgen.New(30, 5)}, own: []*referee.ViewUnit{
		u,
		{ID: "L2", Status: "active", Kind: "mech", Hex: at(0, 2)},
		{ID: "L3", Status: "active", Kind: "mech", Hex: at(1, 3)},
		{ID: "A1", Status: "active", Kind: "air", Hex: at(9, 2)}, // an air lance is no mate
	}}
	all := &moveScorer{pic: pic, u: u, selfMate: true}
	near := &moveScorer{pic: pic, u: u, selfMate: true}
	near.focus(*u.Hex, 8)
	for x := 0; x < 12; x++ {
		h := hex.Hex{X: x, Y: 2}
		want := strayCost * float64(max(min(hex.Distance(h, hex.Hex{X: 0, Y: 2}), hex.Distance(h, hex.Hex{X: 1, Y: 3}))-strayFree, 0))
		if got := all.stray(h); got != want {
			t.Errorf("%v: stray %.1f, want %.1f", h, got, want)
		}
		if got := near.stray(h); got != want {
			t.Errorf("%v: stray in focus %.1f, want %.1f", h, got, want)
		}
	}
	if got := all.stray(hex.Hex{X: 10, Y: 2}); got < 7*strayCost {
		t.Errorf("10 hexes from its mates: stray %.1f, want at least %.1f", got, 7*strayCost)
	}
	hidden := &moveScorer{pic: pic, u: u}
	if got := hidden.stray(hex.Hex{X: 10, Y: 2}); got != 0 {
		t.Errorf("a unit that is no mate: stray %.1f, want 0", got)
	}
}
