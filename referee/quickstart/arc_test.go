package quickstart

import (
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

func off(h hex.Hex, ds ...hex.Direction) hex.Hex {
	for _, d := range ds {
		h = h.Neighbor(d)
	}
	return h
}

// Ensure the firing arc (ruling QS1): the three front hexsides' half of
// the map; along its edge, a line on hexsides, the target's player's side
// decides, as for hexes C and F of the To-Hit Roll Diagram (002 line 271).
func TestFiringArc(t *testing.T) {
	a := hex.MustParse("1010")
	for _, tc := range []struct {
		to   hex.Hex
		want Arc
	}{
		{off(a, hex.N), InArc}, {off(a, hex.NE), InArc}, {off(a, hex.NW), InArc},
		{off(a, hex.SE), OutOfArc}, {off(a, hex.S), OutOfArc}, {off(a, hex.SW), OutOfArc},
		{off(a, hex.N, hex.N, hex.N, hex.N, hex.N, hex.N, hex.N, hex.N, hex.SE), InArc}, // far ahead, to the edge of the map
		{off(a, hex.NE, hex.SE), ArcBoundary},                                           // due east, along hexsides
		{off(a, hex.NW, hex.SW, hex.NW, hex.SW), ArcBoundary},                           // due west
		{off(a, hex.NE, hex.NE, hex.SE), InArc},
		{off(a, hex.SE, hex.SE, hex.NE), OutOfArc},
	} {
		if got := FiringArcOf(a, hex.N, tc.to); got != tc.want {
			t.Errorf("from %s facing N, %s: %v, want %v", a, tc.to, got, tc.want)
		}
	}
	east := off(a, hex.NE, hex.SE)
	west := off(a, hex.NW, hex.SW)
	// Looking east, north is on the left; looking west, on the right.
	if !InFiringArc(a, hex.N, east, Left) || InFiringArc(a, hex.N, east, Right) {
		t.Error("due east: the left (north) side is in the arc, the right is not")
	}
	if !InFiringArc(a, hex.N, west, Right) || InFiringArc(a, hex.N, west, Left) {
		t.Error("due west: the right (north) side is in the arc, the left is not")
	}
	// Every facing: the hex ahead is in, the one behind out.
	for _, f := range hex.Directions {
		if FiringArcOf(a, f, off(a, f)) != InArc || FiringArcOf(a, f, off(a, f.Opposite())) != OutOfArc {
			t.Errorf("facing %v: ahead or behind misjudged", f)
		}
	}
}

// Ensure the attack direction (002 lines 259–269): the one rear hexside,
// and at its corners the target's choice, the front (ruling QS2).
func TestAttackDirection(t *testing.T) {
	tgt := hex.MustParse("1010")
	for _, tc := range []struct {
		from hex.Hex
		want Direction
	}{
		{off(tgt, hex.S), Rear},
		{off(tgt, hex.S, hex.S, hex.S), Rear},
		{off(tgt, hex.S, hex.S, hex.SW), Rear},
		{off(tgt, hex.S, hex.SW), Front}, // through the corner of the rear hexside
		{off(tgt, hex.S, hex.SE), Front},
		{off(tgt, hex.SE), Front},
		{off(tgt, hex.SW), Front},
		{off(tgt, hex.N), Front},
	} {
		if got := AttackDirection(tc.from, tgt, hex.N); got != tc.want {
			t.Errorf("attack from %s on %s facing N: %v, want %v", tc.from, tgt, got, tc.want)
		}
	}
	for _, f := range hex.Directions {
		if AttackDirection(off(tgt, f.Opposite(), f.Opposite()), tgt, f) != Rear {
			t.Errorf("facing %v: an attack from straight behind is not from the rear", f)
		}
	}
}

// Ensure line of sight (002 lines 195–207): any woods hex between blocks,
// the two Units' own hexes never do, and along a hexside the side the
// target's player picks counts.
func TestLineOfSight(t *testing.T) {
	m := mapgen.New(20, 20)
	a := hex.MustParse("1010")
	set := func(h hex.Hex, tr mapgen.Terrain) { m.Cell(h).Terrain = tr }
	ahead := off(a, hex.N, hex.N, hex.N)
	set(off(a, hex.N), mapgen.LightWoods)
	if LineOfSight(m, a, ahead, Left) {
		t.Error("light woods between: LOS should be blocked")
	}
	set(off(a, hex.N), mapgen.Rough)
	set(a, mapgen.HeavyWoods)
	set(ahead, mapgen.HeavyWoods)
	if !LineOfSight(m, a, ahead, Left) {
		t.Error("woods in the attacker's and target's own hexes do not block")
	}
	east := off(a, hex.NE, hex.SE)
	set(off(a, hex.NE), mapgen.HeavyWoods)
	if LineOfSight(m, a, east, Left) || !LineOfSight(m, a, east, Right) {
		t.Error("along a hexside: the north (left) hex is woods, so left blocks and right is clear")
	}
}
