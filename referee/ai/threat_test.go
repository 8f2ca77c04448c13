package ai

import (
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
	if got := pic.threat(hex.Hex{X: 9, Y: 2}, 6, 0); got != 0 {
		t.Errorf("9 hexes from an enemy with 5 MP and range 3: threat %.2f, want 0", got)
	}
	if got := pic.threat(hex.Hex{X: 8, Y: 2}, 6, 0); got <= 0 {
		t.Errorf("8 hexes from an enemy with 5 MP and range 3: threat %.2f, want more than 0", got)
	}
	open, woods := pic.threat(hex.Hex{X: 8, Y: 2}, 6, 0), pic.threat(hex.Hex{X: 8, Y: 2}, 6, mapgen.HeavyWoods.Info().Shift)
	if woods >= open {
		t.Errorf("threat in heavy woods %.2f, in the open %.2f: cover should lower it", woods, open)
	}
	e.disrupted = true
	if got := pic.threat(hex.Hex{X: 4, Y: 2}, 6, 0); got != 0 {
		t.Errorf("a disrupted enemy: threat %.2f, want 0", got)
	}
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
// not enter (000 line 667 and the terrain table); a jumping one flies
// over it at 1 MP a hex.
func TestApproachGoesRound(t *testing.T) {
	m := mapgen.New(12, 7)
	for y := range 6 {
		m.Set(hex.Hex{X: 6, Y: y}, mapgen.Cell{Terrain: mapgen.Water2})
	}
	target := hex.Hex{X: 10, Y: 0}
	pic := &picture{v: referee.View{Map: m}, enemies: []*enemy{{id: "E1", at: target}}}
	from := hex.Hex{X: 2, Y: 0}
	i := from.Y*m.Width + from.X
	wheeled := pic.approach(routeKey{mode: mapgen.Wheeled})[i]
	jump := pic.approach(routeKey{mode: mapgen.Wheeled, jump: true})[i]
	if d := hex.Distance(from, target); jump != d {
		t.Errorf("jumping: %d MP, want the %d hexes", jump, d)
	}
	if wheeled <= jump+4 {
		t.Errorf("wheeled: %d MP, want the way round the water (more than %d)", wheeled, jump+4)
	}
}
