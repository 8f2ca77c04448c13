package dice_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"bfbot/referee/dice"
)

// Ensure rolls take faces in order and the log keeps each roll with its
// purpose, in the order rolled.
func TestDice_Log(t *testing.T) {
	d := dice.New(MustScript(t, 3, 4, 6, 1, 2, 5))
	if got, err := d.TwoD6("close attack A1 on B1"); err != nil || got != 7 {
		t.Fatalf("TwoD6 = %d, %v; want 7", got, err)
	}
	if got, err := d.D6("scatter"); err != nil || got != 6 {
		t.Fatalf("D6 = %d, %v; want 6", got, err)
	}
	r, err := d.Roll("three dice", 3)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Faces, []int{1, 2, 5}; !slices.Equal(got, want) || r.Purpose != "three dice" {
		t.Fatalf("Roll = %+v, want faces %v", r, want)
	}

	want := []dice.Roll{
		{Purpose: "close attack A1 on B1", Faces: []int{3, 4}},
		{Purpose: "scatter", Faces: []int{6}},
		{Purpose: "three dice", Faces: []int{1, 2, 5}},
	}
	if got := d.Log(); !slices.EqualFunc(got, want, sameRoll) {
		t.Fatalf("Log() =\n %v\nwant\n %v", got, want)
	}

	t.Run("IsACopy", func(t *testing.T) {
		log := d.Log()
		log[0].Faces[0] = 6
		log[1].Purpose = "changed"
		r.Faces[0] = 6
		if got := d.Log(); !slices.EqualFunc(got, want, sameRoll) {
			t.Fatalf("changing a copy changed the log: %v", got)
		}
	})
}

// Ensure Mark and Since give the rolls one action made.
func TestDice_Since(t *testing.T) {
	d := dice.New(dice.NewSeeded(7))
	if _, err := d.D6("before"); err != nil {
		t.Fatal(err)
	}
	mark := d.Mark()
	if got := d.Since(mark); len(got) != 0 {
		t.Fatalf("Since(mark) before any roll = %v", got)
	}
	for _, p := range []string{"attack", "damage"} {
		if _, err := d.TwoD6(p); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, r := range d.Since(mark) {
		got = append(got, r.Purpose)
	}
	if want := []string{"attack", "damage"}; !slices.Equal(got, want) {
		t.Fatalf("Since(%d) purposes = %v, want %v", mark, got, want)
	}

	t.Run("BadMark", func(t *testing.T) {
		if got := len(d.Since(-5)); got != 3 {
			t.Fatalf("Since(-5) gave %d rolls, want all 3", got)
		}
		if got := d.Since(99); len(got) != 0 {
			t.Fatalf("Since(99) = %v, want none", got)
		}
	})
}

// badSource gives a face no die has.
type badSource struct{}

func (badSource) Face() (int, error) { return 7, nil }

// Ensure bad calls are errors, never panics, and never leave part of a roll
// in the log.
func TestDice_Errors(t *testing.T) {
	for _, tt := range []struct {
		name    string
		d       *dice.Dice
		purpose string
		n       int
		want    string
	}{
		{"ErrNoPurpose", dice.New(dice.NewSeeded(7)), " ", 2, "dice: a roll needs a purpose, so it can be audited"},
		{"ErrNoDice", dice.New(dice.NewSeeded(7)), "p", 0, `dice: cannot roll 0 dice for "p": 1 to 100 at a time`},
		{"ErrTooMany", dice.New(dice.NewSeeded(7)), "p", 1e9, `dice: cannot roll 1000000000 dice for "p": 1 to 100 at a time`},
		{"ErrNilSource", dice.New(nil), "p", 1, "dice: no source of dice"},
		{"ErrNilDice", nil, "p", 1, "dice: no source of dice"},
		{"ErrNilSeeded", dice.New((*dice.Seeded)(nil)), "p", 1, `dice: die 1 of 1D6 for "p": dice: no source of dice`},
		{"ErrNilScript", dice.New((*dice.Script)(nil)), "p", 1, `dice: die 1 of 1D6 for "p": dice: no source of dice`},
		{"ErrBadSource", dice.New(badSource{}), "p", 1, `dice: die 1 of 1D6 for "p": source gave 7, faces are 1 to 6`},
		{"ErrOutOfDice", dice.New(MustScript(t, 3)), "second", 2, `dice: die 2 of 2D6 for "second": out of scripted dice: 1 given, all used`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tt.d.Roll(tt.purpose, tt.n)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("Roll err = %v, want %s", err, tt.want)
			}
			if r.Purpose != "" || r.Faces != nil {
				t.Fatalf("Roll gave %+v with an error", r)
			}
			if got := tt.d.Log(); len(got) != 0 {
				t.Fatalf("failed roll logged: %v", got)
			}
		})
	}

	t.Run("ErrOutOfDiceKeepsEarlierRolls", func(t *testing.T) {
		d := dice.New(MustScript(t, 3, 4, 5))
		if _, err := d.TwoD6("first"); err != nil {
			t.Fatal(err)
		}
		if _, err := d.TwoD6("second"); !errors.Is(err, dice.ErrOutOfDice) || !strings.Contains(err.Error(), "3 given, all used") {
			t.Fatalf("err = %v, want ErrOutOfDice naming 3 faces", err)
		}
		if _, err := d.D6("third"); !errors.Is(err, dice.ErrOutOfDice) {
			t.Fatalf("D6 err = %v, want ErrOutOfDice", err)
		}
		want := []dice.Roll{{Purpose: "first", Faces: []int{3, 4}}}
		if got := d.Log(); !slices.EqualFunc(got, want, sameRoll) {
			t.Fatalf("Log() = %v, want %v", got, want)
		}
	})
}
