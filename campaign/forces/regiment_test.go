package forces

import (
	"strings"
	"testing"

	"bfbot/referee"
)

// rgRegiment is a valid small regiment: 'Mech lances worth base points
// in all, three trucks and 50 repair points.
func rgRegiment(lances ...Lance) Regiment {
	r := Regiment{ID: "test", Name: "Test", RBG: RBG{RepairPoints: 50}}
	for _, l := range lances {
		r.Units = append(r.Units, RosterUnit{Lance: l, Company: "A Company"})
	}
	for range MinRBGTrucks {
		r.RBG.Trucks = append(r.RBG.Trucks, RosterUnit{Lance: rgLance("Truck", referee.Truck, 1, referee.Regular)})
	}
	return r
}

// rgErrText joins ValidateRegiment's messages.
func rgErrText(errs []error) string {
	var s []string
	for _, e := range errs {
		s = append(s, e.Error())
	}
	return strings.Join(s, "\n")
}

// A budget small enough to test by hand: 60 points, 50 of them special.
var rgSmall = Budget{Name: "test regiment", Points: 110, Special: SpecialPoints}

// Ensure each restriction of lines 2016, 2050, 2068, 2545 and 2669 is
// reported in words a player can act on (ruling F12).
func TestValidateRegiment(t *testing.T) {
	heavy := func(name string, exp referee.Experience) Lance { return rgLance(name, referee.HeavyMech, 17, exp) } // costs 21
	t.Run("OK", func(t *testing.T) {
		r := rgRegiment(heavy("A1", referee.Regular), heavy("A2", referee.Regular))
		if errs := ValidateRegiment(r, rgSmall); len(errs) != 0 {
			t.Errorf("errors: %v", rgErrText(errs))
		}
	})
	t.Run("ErrSpecialBuysMechLance", func(t *testing.T) {
		// 60 points for lances: two fit (42), the third (A3) does not,
		// though the total (63) is within the 110.
		r := rgRegiment(heavy("A1", referee.Regular), heavy("A2", referee.Regular), heavy("A3", referee.Regular))
		got := rgErrText(ValidateRegiment(r, rgSmall))
		if !strings.Contains(got, "the 50 special points may not buy 'Mech lances") || !strings.Contains(got, "Heavy 'Mech lance A Company A3 costs 21") ||
			strings.Contains(got, "A2 costs") {
			t.Errorf("got %q", got)
		}
	})
	t.Run("OKSpecialRaisesExperience", func(t *testing.T) {
		// Experience may be paid with the special points: 42 + 20 = 62.
		r := rgRegiment(heavy("A1", referee.Elite), heavy("A2", referee.Elite))
		if errs := ValidateRegiment(r, rgSmall); len(errs) != 0 {
			t.Errorf("errors: %v", rgErrText(errs))
		}
	})
	t.Run("ErrOverBudget", func(t *testing.T) {
		r := rgRegiment(heavy("A1", referee.Elite), heavy("A2", referee.Elite))
		r.Special.Salvage = 5 // 62 + 50 = 112
		got := rgErrText(ValidateRegiment(r, rgSmall))
		if !strings.Contains(got, "costs 112 points, 2 more than the 110 of a test regiment") {
			t.Errorf("got %q", got)
		}
	})
	t.Run("ErrCashInLances", func(t *testing.T) {
		// One lance leaves 39 of the lance points unspent; they may not buy
		// 55 points of special purchases (line 2016).
		r := rgRegiment(heavy("A1", referee.Regular))
		r.Special.Salvage = 5
		r.Special.MineAttack = 25
		got := rgErrText(ValidateRegiment(r, rgSmall))
		if !strings.Contains(got, "cost 55, more than the 50 special points") || !strings.Contains(got, "drop 5 points") {
			t.Errorf("got %q", got)
		}
	})
	t.Run("OKGreenSavingsAddToSpecial", func(t *testing.T) {
		// Line 2020: lowering experience adds to the 50: a Green lance saves 2.
		r := rgRegiment(heavy("A1", referee.Green))
		r.Special.Salvage = 5
		r.Special.MineAttack = 10
		if errs := ValidateRegiment(r, rgSmall); len(errs) != 0 {
			t.Errorf("errors: %v", rgErrText(errs))
		}
	})
	t.Run("ErrMinesAndBombs", func(t *testing.T) {
		r := rgRegiment(heavy("A1", referee.Regular), rgLance("Air", referee.LightAir, 3, referee.Regular))
		r.Special.MineAttack = 12
		r.Units[1].Lance.Chits.Bomb = 7
		r.Units[0].Lance.Chits.Bomb = 5
		got := rgErrText(ValidateRegiment(r, rgSmall))
		for _, want := range []string{"mine attack of 12", "7 bomb points; bombs are bought in groups of 5", "bombs are for air lances"} {
			if !strings.Contains(got, want) {
				t.Errorf("missing %q in %q", want, got)
			}
		}
	})
	t.Run("ErrDrops", func(t *testing.T) {
		r := rgRegiment(heavy("A1", referee.Regular), rgLance("V", referee.Tracked, 4, referee.Regular))
		r.Special.Drops = []string{"A1", "A1", "V", "Z9"}
		got := rgErrText(ValidateRegiment(r, rgSmall))
		for _, want := range []string{"A Company A1 is named twice", "only 'Mech lances are kept in space", "no lance \"Z9\""} {
			if !strings.Contains(got, want) {
				t.Errorf("missing %q in %q", want, got)
			}
		}
	})
	t.Run("ErrRBG", func(t *testing.T) {
		r := rgRegiment(heavy("A1", referee.Regular))
		r.RBG.Trucks = r.RBG.Trucks[:2]
		r.RBG.RepairPoints = 120
		got := rgErrText(ValidateRegiment(r, rgSmall))
		for _, want := range []string{"2 truck counters; it needs at least 3", "120 repair points; a campaign starts with 25 to 100"} {
			if !strings.Contains(got, want) {
				t.Errorf("missing %q in %q", want, got)
			}
		}
	})
	t.Run("ErrHiddenNotInfantry", func(t *testing.T) {
		r := rgRegiment(heavy("A1", referee.Regular))
		r.Units[0].Hidden = true
		if got := rgErrText(ValidateRegiment(r, rgSmall)); !strings.Contains(got, "only infantry may be bought hidden") {
			t.Errorf("got %q", got)
		}
	})
	t.Run("ErrAirLancesAreSpecial", func(t *testing.T) {
		// Air units are bought with the special points (lines 1961, 2038):
		// three Elite air lances of AA 13 cost 69, more than the 50,
		// though the regiment's 90 points fit the 110.
		air := func(name string) Lance { return rgLance(name, referee.HeavyAir, 13, referee.Elite) }
		r := rgRegiment(heavy("A1", referee.Regular), air("W1"), air("W2"), air("W3"))
		if c := r.Costs(); c.SpecialPurchases != 69 {
			t.Errorf("special purchases %d, want 69 (3 x (13 + 10))", c.SpecialPurchases)
		}
		got := rgErrText(ValidateRegiment(r, rgSmall))
		if !strings.Contains(got, "special purchases (chits, air lances,") || !strings.Contains(got, "cost 69, more than the 50 special points") {
			t.Errorf("got %q", got)
		}
	})
	t.Run("EveryProblemListed", func(t *testing.T) {
		r := rgRegiment(heavy("A1", referee.Elite), heavy("A2", referee.Elite), heavy("A3", referee.Elite))
		r.Special.MineAttack = 3
		r.Special.Salvage = 2 // 93 + 20 = 113 points
		r.RBG.RepairPoints = 0
		if errs := ValidateRegiment(r, rgSmall); len(errs) != 4 {
			t.Errorf("%d errors, want 4 (budget, 'Mech lances, mines, repair points): %v", len(errs), rgErrText(errs))
		}
	})
}

// Ensure the costs of the built-in regiments add up by R8 and the
// Special Purchases Table; the Bandits' batteries are special purchases
// (2 × RA + experience, line 2058). Logged for the record: the book gives
// neither roster a category.
func TestBuiltInCosts(t *testing.T) {
	for _, r := range BuiltIns() {
		c := r.Costs()
		sum := 0
		for _, u := range r.Units {
			sum += PurchaseCost(u.Lance)
		}
		if c.Counters != sum || c.Total != sum {
			t.Errorf("%s: counters %d, total %d, want %d", r.ID, c.Counters, c.Total, sum)
		}
		t.Logf("%s: %d points ('Mech lances %d before experience, experience %d, special purchases %d)", r.Name, c.Total, c.MechBase, c.Experience, c.SpecialPurchases)
		for _, b := range Budgets() {
			t.Logf("  as a %s: %d problems", b.Name, len(ValidateRegiment(r, b)))
		}
	}
	b := rgMustBuiltIn(t, "bandits")
	delaney := rgUnitAt(t, b, 3151)
	if got := PurchaseCost(delaney.Lance); got != 2*7+5 {
		t.Errorf("DeLaney Battery = %d, want 19", got)
	}
}
