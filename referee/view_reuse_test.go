package referee

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"bfbot/referee/dice"
)

// Ensure a view built in the memory of the one before for the same side
// keeps only what has not changed: at every step of random battles
// (drops, DropShips, hidden units, sighting and probes on the way), the
// units of each side's view brought up to date in place equal those of a
// view built afresh, and so does the whole view built reusing the
// buffer.
func TestViewReusingMatchesView(t *testing.T) {
	battles, steps := 5, 200
	if testing.Short() {
		battles, steps = 2, 100
	}
	rng := rand.New(rand.NewPCG(20261127, 9))
	d := dice.New(dice.NewSeeded(20261127))
	kept := 0
	for range battles {
		s := rpBattle(t, rng)
		drpRandomArrivals(rng, s)
		bufs := map[string]*ViewBuffer{}
		for step := 0; step < steps && s.Phase != PhaseOver; step++ {
			for _, sd := range s.Sides {
				b := bufs[sd.ID]
				if b == nil {
					b = &ViewBuffer{}
					bufs[sd.ID] = b
				}
				want := s.View(sd.ID)
				index := map[string]int{}
				for i := range s.Sides {
					index[s.Sides[i].ID] = i
				}
				if s.reuseViewUnits(s.newViewContext(sd.ID, false, index), b) {
					kept++
					if !reflect.DeepEqual(b.units, want.Units) {
						t.Fatalf("step %d, %s: the units brought up to date differ from a new view's", step, sd.ID)
					}
				}
				if got := s.ViewReusing(sd.ID, b); !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d, %s: the view built in a reused buffer differs from a new one", step, sd.ID)
				}
			}
			var options []Action
			side := s.PhasingSide().ID
			for _, u := range s.Units {
				if u.Side == side {
					options = append(options, ValidActions(s, u.ID)...)
				}
			}
			a := Action{Kind: ActEnd, Side: side}
			if len(options) > 0 && rng.IntN(6) > 0 {
				a = options[rng.IntN(len(options))]
			}
			next, _, err := Apply(s, a, d)
			if err != nil {
				t.Fatalf("step %d: %v refused: %v", step, a, err)
			}
			s = next
		}
	}
	if kept == 0 {
		t.Fatal("no view was brought up to date in place: the test does not reach the reuse")
	}
	t.Logf("%d views brought up to date in place", kept)
}

// Ensure the entry of a DropShip whose unit is unchanged is built again
// when a unit it carried leaves it: what a ship carries is in the units
// aboard, not in the ship.
func TestViewReusingFollowsTheLoad(t *testing.T) {
	s := drpLanding(t, "1010")
	var b ViewBuffer
	before := s.ViewReusing("lancers", &b)
	if ship := before.Unit("D1"); ship == nil || ship.Detail == nil || len(ship.Detail.Carrying) != 1 {
		t.Fatalf("the ship's entry before: %+v, want A1 aboard", ship)
	}
	next := *s
	next.Units = slices.Clone(s.Units)
	for i, u := range next.Units {
		if u.ID == "A1" {
			out := *u
			out.Aboard = ""
			next.Units[i] = &out
		}
	}
	got, want := next.ViewReusing("lancers", &b), next.View("lancers")
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after A1 left the ship: %+v, want %+v", got.Unit("D1").Detail, want.Unit("D1").Detail)
	}
}
