package referee

import (
	"reflect"
	"slices"
	"testing"
)

// checkViewReusing checks, for TestLegalityMatchesBruteForce's random
// battles, that a view built in the memory of the one before for the
// same side (bufs[side]) keeps only what has not changed: the units of
// side's view brought up to date in place equal those of a view built
// afresh, and so does the whole view built reusing the buffer. It
// reports whether the units were brought up to date in place.
func checkViewReusing(t *testing.T, step int, s *State, side string, bufs map[string]*ViewBuffer) bool {
	t.Helper()
	b := bufs[side]
	if b == nil {
		b = &ViewBuffer{}
		bufs[side] = b
	}
	want := s.View(side)
	index := map[string]int{}
	for i := range s.Sides {
		index[s.Sides[i].ID] = i
	}
	kept := s.reuseViewUnits(s.newViewContext(side, false, index), b)
	if kept && !reflect.DeepEqual(b.units, want.Units) {
		t.Fatalf("step %d, %s: the units brought up to date differ from a new view's", step, side)
	}
	if got := s.ViewReusing(side, b); !reflect.DeepEqual(got, want) {
		t.Fatalf("step %d, %s: the view built in a reused buffer differs from a new one", step, side)
	}
	return kept
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
