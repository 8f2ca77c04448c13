package dice_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"bfbot/referee/dice"
)

// Ensure a roll's sum is the total of its faces.
func TestRoll_Sum(t *testing.T) {
	for _, tt := range []struct {
		faces []int
		want  int
	}{
		{nil, 0},
		{[]int{4}, 4},
		{[]int{3, 4}, 7},
		{[]int{6, 6, 6}, 18},
	} {
		if got := (dice.Roll{Purpose: "p", Faces: tt.faces}).Sum(); got != tt.want {
			t.Errorf("Sum(%v) = %d, want %d", tt.faces, got, tt.want)
		}
	}
}

// Ensure a roll's JSON is exactly the roll event docs/architecture.md shows.
func TestRoll_MarshalJSON(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		got, err := json.Marshal(dice.Roll{Purpose: "close attack A1 on B1", Faces: []int{3, 4}})
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"type":"roll","purpose":"close attack A1 on B1","faces":[3,4]}`; string(got) != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	})

	t.Run("NoFacesIsEmptyList", func(t *testing.T) {
		got, err := json.Marshal(dice.Roll{Purpose: "p"})
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"type":"roll","purpose":"p","faces":[]}`; string(got) != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	})

	t.Run("InALog", func(t *testing.T) {
		log := []dice.Roll{{Purpose: "a", Faces: []int{1}}, {Purpose: "b", Faces: []int{5, 6}}}
		got, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		want := `[{"type":"roll","purpose":"a","faces":[1]},{"type":"roll","purpose":"b","faces":[5,6]}]`
		if string(got) != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	})
}

// Ensure a logged roll reads back as it was written, and a damaged one is refused.
func TestRoll_UnmarshalJSON(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		var got dice.Roll
		if err := json.Unmarshal([]byte(`{"type":"roll","purpose":"scatter","faces":[2]}`), &got); err != nil {
			t.Fatal(err)
		}
		if want := (dice.Roll{Purpose: "scatter", Faces: []int{2}}); got.Purpose != want.Purpose || !slices.Equal(got.Faces, want.Faces) {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	})

	for _, tt := range []struct {
		name, in, want string
	}{
		{"ErrWrongType", `{"type":"attack","purpose":"p","faces":[2]}`, `event type is "attack"`},
		{"ErrNoType", `{"purpose":"p","faces":[2]}`, `event type is ""`},
		{"ErrBadFace", `{"type":"roll","purpose":"p","faces":[3,7]}`, `dice face 2 is 7: faces are 1 to 6`},
		{"ErrBadShape", `{"type":"roll","faces":"3,4"}`, `dice: reading roll: json`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := dice.Roll{Purpose: "unchanged"}
			err := json.Unmarshal([]byte(tt.in), &r)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
			if r.Purpose != "unchanged" {
				t.Fatalf("roll changed on error: %+v", r)
			}
		})
	}
}
