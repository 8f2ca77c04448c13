package referee

import (
	"testing"

	"bfbot/referee/dice"
)

// Ensure the initiative roll of 000 line 564: the highest 1D6 moves first,
// ties among the highest roll again (ruling B15).
func TestRollInitiative(t *testing.T) {
	base := mustPosition(t, `map blank 8x8; turn 0 deploy a; side a name="A"; side b name="B"; side c name="C"`)
	for _, tc := range []struct {
		faces string
		want  []string
	}{
		{"2,5,3", []string{"b", "a", "c"}},
		{"6,1,1", []string{"a", "b", "c"}},
		{"4,4,1,2,5", []string{"b", "a", "c"}}, // a and b tie on 4; b wins the reroll
		{"3,6,6,6,6,1,2", []string{"c", "a", "b"}},
	} {
		src, err := dice.ParseFaces(tc.faces)
		if err != nil {
			t.Fatal(err)
		}
		d := dice.New(src)
		s, events, err := RollInitiative(base, d)
		if err != nil {
			t.Fatalf("%s: %v", tc.faces, err)
		}
		var got []string
		for _, sd := range s.Sides {
			got = append(got, sd.ID)
		}
		if len(got) != 3 || got[0] != tc.want[0] || got[1] != tc.want[1] || got[2] != tc.want[2] {
			t.Errorf("faces %s: order %v, want %v", tc.faces, got, tc.want)
		}
		if src.Remaining() != 0 {
			t.Errorf("faces %s: %d faces left unused", tc.faces, src.Remaining())
		}
		if last := events[len(events)-1]; last.Type != "initiative" || last.Side != tc.want[0] {
			t.Errorf("faces %s: last event %+v", tc.faces, last)
		}
	}
	if base.Sides[0].ID != "a" {
		t.Error("RollInitiative changed the state it was given")
	}
	started := coreBattle(t)
	if _, _, err := RollInitiative(started, dice.New(dice.NewSeeded(1))); err == nil {
		t.Error("initiative rolled after the battle started")
	}
}
