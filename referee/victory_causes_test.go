package referee

import (
	"math/rand/v2"
	"testing"
)

// Ensure the split by cause counts each cause as 000 line 2153 (a
// destroyed enemy: its cost), line 2698 (a captured one: twice its cost)
// and line 2157 (salvage: 10 a counter, the captured unit's load going
// to its captor) say, and adds up to VictoryPoints.
func TestVictoryPointsByCause(t *testing.T) {
	s := rpBattle(t, rand.New(rand.NewPCG(20261127, 3)))
	var red, blue []*Unit
	for i := range s.Units {
		if u := s.Units[i]; u.Side == "red" {
			red = append(red, u)
		} else {
			blue = append(blue, u)
		}
	}
	if len(red) < 2 || len(blue) < 3 {
		t.Fatalf("the battle has %d red and %d blue units: want 2 and 3", len(red), len(blue))
	}
	blue[0].Status = Destroyed
	blue[1].Status, blue[1].Salvage = Captured, 1
	red[0].Salvage = 2
	s.Sides[0].VP = 5 // a scenario award banked for red
	want := VPCauses{Awards: 5, Destroyed: blue[0].Cost(), Captured: 2 * blue[1].Cost(), Salvage: 10 * 3}
	got := s.VictoryPointsByCause("red")
	if got != want {
		t.Errorf("red by cause = %+v, want %+v", got, want)
	}
	if vp := s.VictoryPoints()["red"]; got.Total() != vp {
		t.Errorf("red by cause adds up to %d, VictoryPoints says %d", got.Total(), vp)
	}
	if got := s.VictoryPointsByCause("nobody"); got != (VPCauses{}) {
		t.Errorf("a side not in the battle: %+v, want nothing", got)
	}
}
