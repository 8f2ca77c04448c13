package ai

import (
	"math"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// strike reads the Combat Results Table as the referee does: one shot at
// a unit with a step left puts it out of the fight on every step result
// and every critical hit (each Critical Hit Table result destroys,
// surrenders, breaks or deals a step or more, 000 line 950), and not on
// a blank or a Disruption Roll (000 lines 942–948).
func TestStrikeOneShot(t *testing.T) {
	pic := &picture{v: referee.View{}, crt: referee.RulebookCRT}
	e := &enemy{id: "B1", ra: 10, d: 6, step: 3}
	for col := referee.MinColumn; col <= referee.MaxColumn; col++ {
		want := 0.0
		for roll := 2; roll <= 12; roll++ {
			r, err := referee.RulebookCRT.Lookup(col, roll)
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind == referee.Steps || r.Kind == referee.Critical {
				want += twoD6[roll] / 36
			}
		}
		if got := pic.rollShots(e, []shot{{col: col, f: 1}}).out; math.Abs(got-want) > 1e-9 {
			t.Errorf("column %+d: out %.4f, want %.4f", col, got, want)
		}
	}
}

// A Regular fails its Disruption Roll on 6 or less (7 needed, 000 line
// 988): 15 in 36. On a column whose only results are a Disruption Roll
// and the critical hit of a 2 (column −6 of the rulebook table: a
// Disruption Roll on 3 and 12, 000 lines 874–884), a fresh enemy keeps
// its fire unless it fails.
func TestStrikeDisruption(t *testing.T) {
	pic := &picture{v: referee.View{}, crt: referee.RulebookCRT}
	e := &enemy{id: "B1", ra: 10, d: 6}
	const col = -6
	rs := pic.rollShots(e, []shot{{col: col, f: 1}})
	r := rs.strike(e)
	pDis := (twoD6[3] + twoD6[12]) / 36
	pCrit := twoD6[2] / 36
	// Kept: no result, a passed roll, and the critical hits that deal
	// steps but do not put it out (it then fires with fewer).
	want := 1 - pDis*15/36 - pCrit
	crit := pCrit * (critSteps[1]*(1-0.15) + critSteps[2]*(1-0.30) + critSteps[3]*(1-0.45))
	if got := r.fires; math.Abs(got-(want+crit)) > 1e-9 {
		t.Errorf("fires %.5f, want %.5f", got, want+crit)
	}
}

// An enemy's reach over the ground goes round water its class may not
// enter (the terrain table; 000 line 669), where Normal's counts hexes.
func TestGroundReachGoesRound(t *testing.T) {
	m := mapgen.New(14, 7)
	for y := range 6 {
		m.Set(hex.Hex{X: 5, Y: y}, mapgen.Cell{Terrain: mapgen.Water2})
	}
	e := &enemy{id: "B1", class: "wheeled", at: hex.Hex{X: 2, Y: 0}, ra: 10, ca: 10, d: 6, rng: 3, mp: 6}
	pic := &picture{v: referee.View{Map: m}, enemies: []*enemy{e}}
	beyond := hex.Hex{X: 10, Y: 0}
	if _, ok := e.fireOn(beyond, 6, 0); !ok {
		t.Fatalf("by hexes %v is in reach: the test needs it to be", beyond)
	}
	if _, ok := pic.fireOnGround(e, beyond, 6, 0); ok {
		t.Errorf("over the ground %v is in reach of a wheeled unit behind deep water", beyond)
	}
	near := hex.Hex{X: 4, Y: 2}
	if _, ok := pic.fireOnGround(e, near, 6, 0); !ok {
		t.Errorf("%v, on its side of the water, is out of reach", near)
	}
	unsighted := *e
	unsighted.class, unsighted.ground, unsighted.groundLooked = "", nil, false
	if _, ok := pic.fireOnGround(&unsighted, beyond, 6, 0); !ok {
		t.Errorf("an unsighted class: reach by hexes, as Normal's")
	}
}

// Hard fires first the unit with nothing else to fire at, so that the
// one that could turn on another enemy waits to see the result; Normal
// fires its best attack first.
func TestHardFiresTheCommittedFirst(t *testing.T) {
	s, err := referee.ReadPosition(`map blank 20x10; turn 1 attack red player=1
		side red name="Red" retreat=west; side blue name="Blue" retreat=east
		unit A1 red medium-mech regular 8/8/8 @0505 r=3 mp=4 ob=10
		unit C1 red heavy-mech regular 14/14/9 @0707 r=6 mp=4 ob=15
		unit B1 blue medium-mech regular 8/8/8 @0805 r=3 mp=4 ob=10
		unit B2 blue medium-mech regular 8/8/8 @0810 r=3 mp=4 ob=10`, nil)
	if err != nil {
		t.Fatal(err)
	}
	targets := func(id string) map[string]bool {
		m := map[string]bool{}
		for _, a := range referee.ValidActions(s, id) {
			if a.Kind == referee.ActAttack {
				m[a.Target] = true
			}
		}
		return m
	}
	if a, c := targets("A1"), targets("C1"); len(a) != 1 || !a["B1"] || !c["B1"] || !c["B2"] {
		t.Fatalf("the position needs A1 to reach B1 alone and C1 both: A1 %v, C1 %v", a, c)
	}
	if a := New("red", Normal, 1).Next(s); a.Unit != "C1" {
		t.Fatalf("Normal fires %v first, want its best attack, C1's: the test would not tell them apart", a)
	}
	if a := New("red", Hard, 1).Next(s); a.Kind != referee.ActAttack || a.Unit != "A1" || a.Target != "B1" {
		t.Errorf("Hard fires %v first, want A1 at B1", a)
	}
}
