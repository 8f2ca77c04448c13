package referee

import "testing"

// Ensure derived step rows follow the step table, 000 line 1528: each
// value drops by 2 under 10, 3 from 10 to 15, 4 over 15.
func TestDeriveSteps(t *testing.T) {
	got := DeriveSteps(Values{RA: 16, CA: 20, D: 10})
	want := [4]Values{{16, 20, 10}, {12, 16, 7}, {8, 12, 4}, {4, 8, 1}}
	if got != want {
		t.Errorf("DeriveSteps(16/20/10) = %v, want %v", got, want)
	}
	// The Four Brothers lance, 000 line 1532: CA 12 drops by 3 a step as
	// the book prints (9, 6, 3). (Its RA and D rows do not follow the
	// book's own table; ruling B12.)
	fb := DeriveSteps(Values{RA: 8, CA: 12, D: 8})
	if fb[1].CA != 9 || fb[2].CA != 6 || fb[3].CA != 3 {
		t.Errorf("Four Brothers CA rows = %v", fb)
	}
	if z := DeriveSteps(Values{RA: 3, CA: 1, D: 5}); z[3] != (Values{0, 0, 0}) {
		t.Errorf("small values go below 0: %v", z[3])
	}
	for _, tc := range []struct{ full, want int }{{0, 2}, {9, 2}, {10, 3}, {15, 3}, {16, 4}, {40, 4}} {
		if got := StepDecrement(tc.full); got != tc.want {
			t.Errorf("StepDecrement(%d) = %d, want %d (R5)", tc.full, got, tc.want)
		}
	}
}

// Ensure overburn values: MP half again rounded up (R5), RA one row up and
// CA never above step 0 (000 line 1021).
func TestOverburnValues(t *testing.T) {
	for _, tc := range []struct{ mp, want int }{{4, 6}, {5, 8}, {3, 5}, {1, 2}, {6, 9}} {
		if got := OverburnMP(tc.mp); got != tc.want {
			t.Errorf("OverburnMP(%d) = %d, want %d", tc.mp, got, tc.want)
		}
	}
	// The counter of 000 lines 234–241: Assault lance, overburn RA 20.
	u := Unit{Class: AssaultMech, MP: 4, OverburnRA: 20,
		Rows: [4]Values{{16, 20, 10}, {13, 16, 8}, {10, 12, 6}, {7, 8, 4}}}
	u.Overburning = true
	if got := u.Current(); got != (Values{20, 20, 10}) {
		t.Errorf("overburn at step 0 = %v, want RA 20, CA 20 (not raised), D 10", got)
	}
	if got := u.CurrentMP(); got != 6 {
		t.Errorf("overburn MP at step 0 = %d, want 6 (the red row)", got)
	}
	// The overburn combat example, 000 line 1023: at step 1 the lance
	// fights with its full-strength values and gets no extra MP.
	u.Step = 1
	if got := u.Current(); got != (Values{16, 20, 8}) {
		t.Errorf("overburn at step 1 = %v, want the step 0 attack values and step 1 D", got)
	}
	if got := u.CurrentMP(); got != 4 {
		t.Errorf("overburn MP at step 1 = %d, want 4 (000 line 691)", got)
	}
	u.Overburning, u.Chits.Armor = false, 2
	if got := u.Current(); got != (Values{13, 16, 10}) {
		t.Errorf("step 1 with Armor +2 = %v", got)
	}
}

// Ensure unit costs and victory points follow R8 and the book's examples.
func TestUnitCost(t *testing.T) {
	// 000 line 2124: a Type 1 Heavy 'Mech's overburn value 21 is its price.
	heavy := Unit{Class: HeavyMech, OverburnRA: 21, Experience: Regular, Rows: [4]Values{{18, 17, 11}}}
	if got := heavy.Cost(); got != 21 {
		t.Errorf("Type 1 Heavy cost = %d, want 21", got)
	}
	// A Type 7 vehicle has no overburn value: its step 0 RA 4 is its price.
	vehicle := Unit{Class: Tracked, Experience: Regular, Rows: [4]Values{{4, 4, 6}}}
	if got := vehicle.Cost(); got != 4 {
		t.Errorf("vehicle cost = %d, want 4", got)
	}
	// 000 line 2153: an Elite Heavy lance of cost 18 is worth 28; a +2
	// Firepower chit adds 3 more.
	elite := Unit{Class: HeavyMech, OverburnRA: 18, Experience: Elite}
	if got := elite.Cost(); got != 28 {
		t.Errorf("Elite heavy = %d, want 28", got)
	}
	elite.Chits.Firepower = 2
	if got := elite.Cost(); got != 31 {
		t.Errorf("Elite heavy with firepower = %d, want 31", got)
	}
	// Minimum 1 (000 line 2126).
	weak := Unit{Class: Infantry, Rows: [4]Values{{1, 2, 2}}, Experience: Green}
	if got := weak.Cost(); got != 1 {
		t.Errorf("green weakling = %d, want 1", got)
	}
	all := Chits{Bomb: 10, Recon: true, ExtraMech: true, Jump: 2, Firepower: 2, Armor: 2, ECM: true, AEP: true}
	if got := all.Cost(); got != 2+3+10+10+3+3+3+10 {
		t.Errorf("every chit = %d", got)
	}
}

func TestCanJumpAndESR(t *testing.T) {
	for _, tc := range []struct {
		u    Unit
		want bool
	}{
		{Unit{Class: MediumMech}, false},
		{Unit{Class: MediumMech, Jump: true}, true},
		{Unit{Class: MediumMech, Chits: Chits{Jump: 1}}, true},
		{Unit{Class: AssaultMech, Chits: Chits{Jump: 1}}, false}, // 000 line 1310: two chits
		{Unit{Class: AssaultMech, Chits: Chits{Jump: 2}}, true},
		{Unit{Class: JumpInfantry}, true},
		{Unit{Class: Tracked, Chits: Chits{Jump: 1}}, false}, // 'Mech units only
	} {
		if got := tc.u.CanJump(); got != tc.want {
			t.Errorf("%v with %+v: CanJump = %v, want %v", tc.u.Class, tc.u.Chits, got, tc.want)
		}
	}
	if (&Unit{}).ESR() != 5 || (&Unit{Chits: Chits{Recon: true}}).ESR() != 7 {
		t.Error("ESR is 5, 7 with Recon (000 line 1297)")
	}
}

func TestParseClass(t *testing.T) {
	for _, c := range Classes {
		if got, err := ParseClass(c.String()); err != nil || got != c {
			t.Errorf("ParseClass(%q) = %v, %v", c, got, err)
		}
	}
	if got, err := ParseClass("Heavy 'Mech"); err != nil || got != HeavyMech {
		t.Errorf("ParseClass(Heavy 'Mech) = %v, %v", got, err)
	}
	if _, err := ParseClass("heavy-meck"); err == nil {
		t.Error("ParseClass(heavy-meck) succeeded")
	}
}

// Ensure UnmarshalText reads what MarshalText writes (its own fast path)
// and whatever else ParseClass and ParseExperience read, and refuses
// what they refuse.
func TestClassExperienceText(t *testing.T) {
	readClass := func(b []byte) (any, error) { var c Class; err := c.UnmarshalText(b); return c, err }
	readExperience := func(b []byte) (any, error) { var e Experience; err := e.UnmarshalText(b); return e, err }
	type textCase struct {
		read func([]byte) (any, error)
		text string
		want any // nil: refused
	}
	var cases []textCase
	for _, c := range Classes {
		text, _ := c.MarshalText()
		cases = append(cases, textCase{readClass, string(text), c})
	}
	for e := Green; e <= Elite; e++ {
		text, _ := e.MarshalText()
		cases = append(cases, textCase{readExperience, string(text), e})
	}
	cases = append(cases, textCase{readClass, "Heavy 'Mech", HeavyMech}, textCase{readClass, "heavy-meck", nil},
		textCase{readExperience, " Veteran", Veteran}, textCase{readExperience, "rookie", nil})
	for _, tc := range cases {
		got, err := tc.read([]byte(tc.text))
		if tc.want == nil && err == nil || tc.want != nil && (err != nil || got != tc.want) {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
		}
	}
}

// Ensure a vehicle that overburns at full strength keeps its RA: it has no
// red row (000 line 2124), only the extra MP.
func TestVehicleOverburn(t *testing.T) {
	u := Unit{Class: Hover, MP: 8, Rows: [4]Values{{7, 6, 5}}}
	u.Overburning = true
	if got := u.Current(); got.RA != 7 {
		t.Errorf("overburning hover RA = %d, want 7", got.RA)
	}
	if got := u.CurrentMP(); got != 12 {
		t.Errorf("overburning hover MP = %d, want 12", got)
	}
}
