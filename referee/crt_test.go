package referee

import "testing"

func mustLookup(t *testing.T, crt CRT, column, roll int) Result {
	t.Helper()
	r, err := crt.Lookup(column, roll)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Ensure the three combat examples of 000 lines 926–936. The first
// matches the rulebook printing only, the third the reference printing
// only (ruling R1); each test names its printing.
func TestCombatExamples(t *testing.T) {
	// Line 928: CA 20 against D 12 is +8; Elite +2 → +10; a roll of 7 is
	// one step (rulebook table; the reference card prints 2 there).
	col := Column(20, 12, ExperienceShift(Elite))
	if col != 10 {
		t.Fatalf("example 1 column = %d, want 10", col)
	}
	if got := mustLookup(t, RulebookCRT, col, 7); got.String() != "1" {
		t.Errorf("example 1 (rulebook) = %q, want 1", got)
	}
	if got := mustLookup(t, ReferenceCRT, col, 7); got.String() != "2" {
		t.Errorf("example 1 on the reference card = %q, want 2 (the printings differ here)", got)
	}
	// Line 932: declared 9 against D 8 is +1; Veteran +1, heavy woods
	// target -2, intervening light woods -1 → -1; a 7 misses (both).
	col = Column(9, 8, ExperienceShift(Veteran), -2, -1)
	if col != -1 {
		t.Fatalf("example 2 column = %d, want -1", col)
	}
	for _, crt := range []CRT{RulebookCRT, ReferenceCRT} {
		if got := mustLookup(t, crt, col, 7); got.Kind != Miss {
			t.Errorf("example 2 (%v) = %q, want a miss", crt, got)
		}
	}
	// Line 934–936: Fire lance RA 15 at step 1 against D 10 is +5, Regular,
	// open ground; a 5 is a D (reference card; the rulebook prints 1).
	col = Column(15, 10, ExperienceShift(Regular))
	if got := mustLookup(t, ReferenceCRT, col, 5); got.String() != "D" {
		t.Errorf("example 3 (reference) = %q, want D", got)
	}
	if got := mustLookup(t, RulebookCRT, col, 5); got.String() != "1" {
		t.Errorf("example 3 on the rulebook table = %q, want 1 (the printings differ here)", got)
	}
}

// Ensure a few cells of each printing read as printed, with corners and
// clamping, and that the printings differ in exactly the cells counted.
func TestCRTCells(t *testing.T) {
	for _, tc := range []struct {
		crt          CRT
		column, roll int
		want         string
	}{
		{RulebookCRT, -10, 2, "C"}, {RulebookCRT, 4, 2, "C"}, {RulebookCRT, 5, 2, "2"},
		{RulebookCRT, 15, 12, "4"}, {RulebookCRT, -10, 12, ""}, {RulebookCRT, -8, 12, "D"},
		{RulebookCRT, 0, 7, ""}, {RulebookCRT, 5, 7, "D"}, {RulebookCRT, 8, 7, "1"},
		{ReferenceCRT, 5, 2, "C"}, {ReferenceCRT, 6, 2, "2"}, {ReferenceCRT, -9, 12, "D"},
		{ReferenceCRT, 15, 5, "4"}, {ReferenceCRT, -1, 3, "1"},
		// Off the table: clamped to the end columns.
		{RulebookCRT, 40, 7, "3"}, {RulebookCRT, -40, 2, "C"}, {ReferenceCRT, 16, 3, "4"},
	} {
		if got := mustLookup(t, tc.crt, tc.column, tc.roll); got.String() != tc.want {
			t.Errorf("%v column %d roll %d = %q, want %q", tc.crt, tc.column, tc.roll, got, tc.want)
		}
	}
	diff := 0
	for r := 2; r <= 12; r++ {
		for c := MinColumn; c <= MaxColumn; c++ {
			if mustLookup(t, RulebookCRT, c, r) != mustLookup(t, ReferenceCRT, c, r) {
				diff++
			}
		}
	}
	if diff != 34 {
		t.Errorf("printings differ in %d cells, want 34", diff)
	}
	for _, roll := range []int{1, 13, 0} {
		if _, err := RulebookCRT.Lookup(0, roll); err == nil {
			t.Errorf("Lookup roll %d succeeded", roll)
		}
	}
}

// Ensure the raw column is clamped before shifts and after (000 line 1167).
func TestColumnClamp(t *testing.T) {
	for _, tc := range []struct {
		a, d   int
		shifts []int
		want   int
	}{
		{30, 2, nil, 15},
		{30, 2, []int{-2}, 13}, // clamped to 15 first, then shifted
		{2, 30, []int{+3}, -7}, // clamped to -10 first
		{2, 30, []int{-3}, -10},
		{10, 8, []int{1, -1, 2}, 4},
		// The bomb example, 000 line 1167: 30 against D 10 is +20, read as
		// +15; Green -1 and the example's -3 for heavy woods give +11.
		{30, 10, []int{ExperienceShift(Green), -3}, 11},
	} {
		if got := Column(tc.a, tc.d, tc.shifts...); got != tc.want {
			t.Errorf("Column(%d, %d, %v) = %d, want %d", tc.a, tc.d, tc.shifts, got, tc.want)
		}
	}
}

func TestParseCRT(t *testing.T) {
	for s, want := range map[string]CRT{"rulebook": RulebookCRT, "": RulebookCRT, "reference": ReferenceCRT} {
		if got, err := ParseCRT(s); err != nil || got != want {
			t.Errorf("ParseCRT(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseCRT("card"); err == nil {
		t.Error("ParseCRT(card) succeeded")
	}
}
