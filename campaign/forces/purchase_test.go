package forces

import (
	"testing"

	"bfbot/referee"
)

// rgLance makes a counter of class c with step-0 RA ra (and the R5 red
// row for 'Mechs), for pricing tests.
func rgLance(name string, c referee.Class, ra int, exp referee.Experience) Lance {
	l := Lance{Name: name, Class: c, Rows: referee.DeriveSteps(referee.Values{RA: ra, CA: ra, D: 5}), Experience: exp, MP: 4}
	if c.Kind() == referee.KindMech {
		l.OverburnRA = ra + referee.StepDecrement(ra)
	}
	if c.Kind() == referee.KindAir {
		l.AirAttack = ra
	}
	return l
}

// Ensure counters cost what lines 2124–2139 and the Special Purchases
// Table (lines 2040–2062, 2177–2193) say.
func TestPurchaseCost(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    Lance
		want int
	}{
		// Line 2124: a Type 1 Heavy 'Mech with overburn 21 costs 21 (step-0 RA 17).
		{"heavy overburn", rgLance("A3", referee.HeavyMech, 17, referee.Regular), 21},
		// Line 2153: an Elite Heavy lance worth 18 + 10 = 28.
		{"elite heavy", rgLance("H", referee.HeavyMech, 15, referee.Elite), 28},
		// Line 2124: a Type 7 vehicle with RA 4 costs 4 (no red row).
		{"vehicle", rgLance("V", referee.Wheeled, 4, referee.Regular), 4},
		// Line 2126: minimum 1.
		{"green minimum", rgLance("V", referee.Wheeled, 1, referee.Green), 1},
		// Line 1936: air lances by their Air Attack Value.
		{"air", rgLance("Air", referee.HeavyAir, 11, referee.Elite), 21},
		// Line 2058: artillery 2 × RA; line 2062: DropShips 3 × RA.
		{"artillery", rgLance("Bty", referee.LongTom, 7, referee.Veteran), 19},
		{"dropship", rgLance("DS", referee.Union, 20, referee.Regular), 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PurchaseCost(tc.l); got != tc.want {
				t.Errorf("PurchaseCost = %d, want %d", got, tc.want)
			}
		})
	}
	// Chits (line 2070ff.): firepower 3 on top of the elite heavy's 28
	// gives the 31 of line 2696.
	l := rgLance("H", referee.HeavyMech, 15, referee.Elite)
	l.Chits.Firepower = 2
	if got := PurchaseCost(l); got != 31 {
		t.Errorf("elite heavy with firepower = %d, want 31 (line 2696)", got)
	}
	inf := rgLance("I", referee.Infantry, 3, referee.Regular)
	if got := HiddenInfantryCost(inf); got != 13 {
		t.Errorf("hidden infantry = %d, want 3 + 10 (line 2054)", got)
	}
	if got := DropCost(l); got != 40 {
		t.Errorf("drop = %d, want 10 per 'Mech (line 2042)", got)
	}
	l.Chits.ExtraMech = true
	if got := DropCost(l); got != 50 {
		t.Errorf("drop with an Extra 'Mech = %d, want 50 (F13)", got)
	}
}

// Ensure mines are bought in fives (line 2050, F13).
func TestMineCost(t *testing.T) {
	if c, err := MineCost(15); c != 3 || err != nil {
		t.Errorf("MineCost(15) = %d, %v", c, err)
	}
	for _, bad := range []int{7, -5} {
		if _, err := MineCost(bad); err == nil {
			t.Errorf("MineCost(%d) accepted", bad)
		}
	}
}

// Ensure the Elite-to-Green example (line 2020): lowering Elite to Green
// saves 10 + 5 + 2 = 17, raising Green to Elite costs 17 (F10).
func TestExperienceChangeCost(t *testing.T) {
	if got := ExperienceChangeCost(referee.Elite, referee.Green); got != -17 {
		t.Errorf("Elite to Green = %d, want -17", got)
	}
	if got := ExperienceChangeCost(referee.Green, referee.Elite); got != 17 {
		t.Errorf("Green to Elite = %d, want 17", got)
	}
	for _, tc := range []struct {
		from, to referee.Experience
		want     int
	}{
		{referee.Green, referee.Regular, 2}, {referee.Regular, referee.Veteran, 5}, {referee.Veteran, referee.Elite, 10},
		{referee.Regular, referee.Regular, 0}, {referee.Veteran, referee.Regular, -5},
	} {
		if got := ExperienceChangeCost(tc.from, tc.to); got != tc.want {
			t.Errorf("%v to %v = %d, want %d (lines 2026–2034)", tc.from, tc.to, got, tc.want)
		}
	}
}

// Ensure the budgets and typical breakdowns are kept as printed (lines
// 1951–1988): counts and experience counters add up to the Total rows;
// the printed points columns do not, and the Medium experience cost does
// not follow from its counters (F11) — the test pins both facts.
func TestBudgets(t *testing.T) {
	wantSums := map[string][2]int{ // sum of the Points column, R8 cost of the counters
		"Heavy regiment": {460, 130}, "Medium regiment": {370, 44}, "Light regiment": {290, 28},
	}
	for _, b := range Budgets() {
		var n, pts, g, r, v, e int
		for _, row := range b.Breakdown {
			n, pts, g, r, v, e = n+row.Units, pts+row.Points, g+row.G, r+row.R, v+row.V, e+row.E
			if row.G+row.R+row.V+row.E != row.Units {
				t.Errorf("%s %s: experience counters %d, units %d", b.Name, row.Type, row.G+row.R+row.V+row.E, row.Units)
			}
		}
		tot := b.BreakdownTotal
		if n != 32 || tot.Units != 32 || g != tot.G || r != tot.R || v != tot.V || e != tot.E {
			t.Errorf("%s: %d units, counters %d/%d/%d/%d; total row %+v", b.Name, n, g, r, v, e, tot)
		}
		exp := g*referee.ExperienceCost(referee.Green) + v*referee.ExperienceCost(referee.Veteran) + e*referee.ExperienceCost(referee.Elite)
		if got, want := [2]int{pts, exp}, wantSums[b.Name]; got != want {
			t.Errorf("%s: points column sums to %d, counters cost %d; want %v", b.Name, pts, exp, want)
		}
		// The budget is the Total row, the printed experience and the 50
		// special points (line 1961).
		if tot.Points+b.Experience+b.Special != b.Points {
			t.Errorf("%s: %d + %d + %d != %d", b.Name, tot.Points, b.Experience, b.Special, b.Points)
		}
	}
	if b, err := ParseBudget("Medium"); err != nil || b.Points != 524 {
		t.Errorf("ParseBudget(Medium) = %v, %v", b.Points, err)
	}
	if _, err := ParseBudget("huge"); err == nil {
		t.Error("ParseBudget(huge) accepted")
	}
}
