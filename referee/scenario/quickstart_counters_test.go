package scenario

import (
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/quickstart"
)

// TestCounterPlacement: the sides place their own objectives and
// Headquarters in the order of 002 lines 572–574 (the set-up's loser
// first, then the winner first, then the loser's Headquarters first),
// each in its owner's Deployment Zone of five hexes (572, 574), and every
// wrong placing is refused with its reason, changing nothing.
func TestCounterPlacement(t *testing.T) {
	qs := shippedQuickStart(t, "veteran-training")
	qs.Sides[0].Home, qs.Sides[1].Home = referee.North, referee.South // blake 0 north, bears 1 south
	const blake, bears = 0, 1
	p := newCounterPlacement(qs, bears) // bears won the set-up roll
	obj, hq := quickstart.Objective, quickstart.Headquarters
	refuse := func(side int, kind quickstart.CounterKind, at, want string) {
		t.Helper()
		before := p.next
		err := p.Place(side, kind, hex.MustParse(at))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("place %v by %d in %s: %v, want %q", kind, side, at, err, want)
		}
		if p.next != before {
			t.Errorf("a refused placing moved the set-up on")
		}
	}
	// The map is 17 hexes high: bears' zone is rows 13–17, blake's 1–5.
	refuse(bears, obj, "0715", "blake places bears's objective now")
	refuse(blake, hq, "0715", "not a headquarters")
	refuse(blake, obj, "0712", "is 6 hexes in")
	refuse(blake, obj, "0718", "off the map")
	steps := []struct {
		side, owner int
		kind        quickstart.CounterKind
		at          string
	}{
		{blake, bears, obj, "0713"}, // the loser places one he attacks
		{bears, blake, obj, "0705"},
		{bears, bears, obj, "0317"}, // then the winner first, one he defends
		{blake, blake, obj, "0101"},
		{blake, blake, hq, "1503"}, // Headquarters, the loser first
		{bears, bears, hq, "1417"},
	}
	for i, st := range steps {
		next, ok := p.Next()
		if !ok || next != (CounterStep{Side: st.side, Owner: st.owner, Kind: st.kind}) {
			t.Fatalf("step %d: next %+v %v, want %+v", i, next, ok, st)
		}
		if i == 4 {
			refuse(blake, hq, "0101", "already holds blake's objective")
		}
		if err := p.Place(st.side, st.kind, hex.MustParse(st.at)); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if _, ok := p.Next(); ok {
		t.Error("a placing is left after the six")
	}
	refuse(blake, obj, "0101", "every objective and Headquarters is placed")
	got := map[string]bool{}
	for _, c := range qs.Counters {
		got[qs.Sides[c.Owner].ID+" "+c.Kind.String()+" "+c.Hex.String()] = true
	}
	for _, w := range []string{"bears objective 0713", "bears objective 0317", "bears headquarters 1417",
		"blake objective 0705", "blake objective 0101", "blake headquarters 1503"} {
		if !got[w] {
			t.Errorf("no %s among %v", w, got)
		}
	}
}
