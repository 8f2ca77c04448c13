package campaign

import (
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
)

// mustNewCampaign makes the built-in regiments' campaign on a 4×3 map.
func mustNewCampaign(tb testing.TB) *Campaign {
	tb.Helper()
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		tb.Fatal(err)
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			tb.Fatal(err)
		}
		regs = append(regs, r)
	}
	c, err := New(1, "test", DefaultSettings(), m, regs)
	if err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, c)
	return c
}

// mustCheck fails the test on any broken campaign invariant.
func mustCheck(tb testing.TB, c *Campaign) {
	tb.Helper()
	for _, err := range c.Check() {
		tb.Error(err)
	}
}

// Ensure a new campaign places both regiments at opposite ends (000 line
// 2559) with every unit in a battlegroup and an RBG holding the trucks.
func TestNewCampaign(t *testing.T) {
	c := mustNewCampaign(t)
	if got, want := len(c.Sides), 2; got != want {
		t.Fatalf("sides = %d, want %d", got, want)
	}
	for i, s := range c.Sides {
		rbg := s.RBG()
		if rbg == nil {
			t.Fatalf("side %s has no RBG", s.ID)
		}
		trucks := 0
		for _, id := range rbg.Units {
			if s.Unit(id).Lance.Class.String() == "truck" {
				trucks++
			}
		}
		if trucks < forces.MinRBGTrucks {
			t.Errorf("side %s RBG has %d trucks, want at least %d", s.ID, trucks, forces.MinRBGTrucks)
		}
		wantCol := 0
		if i == 1 {
			wantCol = c.Map.Cols - 1
		}
		for _, b := range s.Battlegroups {
			if col := c.Map.ByID(b.Sector).Col; col != wantCol {
				t.Errorf("side %s battlegroup %q in column %d, want %d", s.ID, b.Name, col, wantCol)
			}
		}
	}
	t.Run("ErrSameRegiment", func(t *testing.T) {
		r, _ := forces.BuiltIn("crucis")
		if _, err := New(2, "x", DefaultSettings(), c.Map, []forces.Regiment{r, r}); err == nil {
			t.Fatal("two copies of one regiment accepted")
		}
	})
	t.Run("Clone", func(t *testing.T) {
		n := c.Clone()
		n.Sides[0].Battlegroups[0].Units[0] = "Z9"
		n.Sides[0].Units[0].Step = 2
		if c.Sides[0].Battlegroups[0].Units[0] == "Z9" || c.Sides[0].Units[0].Step == 2 {
			t.Fatal("Clone shares side data with the original")
		}
	})
	t.Run("CloneLogAppends", func(t *testing.T) {
		a, b := c.Clone(), c.Clone()
		a.emit(Event{Step: "setup", Type: "a", Text: "a"})
		b.emit(Event{Step: "setup", Type: "b", Text: "b"})
		if c.Log.Len() != a.Log.Len()-1 || a.Log.At(a.Log.Len()-1).Type != "a" || b.Log.At(b.Log.Len()-1).Type != "b" {
			t.Fatal("appending to a clone's log changed another campaign's log")
		}
	})
	t.Run("CheckFindsBrokenVP", func(t *testing.T) {
		n := c.Clone()
		n.Sides[1].VP = 7
		if len(n.Check()) == 0 {
			t.Fatal("Check missed VP that the log does not explain")
		}
	})
}

// Ensure an RBG starts with its regiment's repair points under the
// default settings, and with the referee's number when he sets one: the
// book's usual store is 25 to 100 repair points, fixed when the campaign
// begins (000 lines 2667–2669; ruling RF3).
func TestNewRepairPoints(t *testing.T) {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	crucis, _ := forces.BuiltIn("crucis")
	bandits, _ := forces.BuiltIn("bandits")
	crucis.RBG.RepairPoints, bandits.RBG.RepairPoints = 80, 0
	for _, tc := range []struct {
		name          string
		setting       int
		crucis, other int
	}{
		{"DefaultSettingsRegimentsOwn", 0, 80, forces.DefaultRepairPoints},
		{"RefereeSets", 30, 30, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := DefaultSettings()
			st.RepairPoints = tc.setting
			c, err := New(1, "repair", st, m, []forces.Regiment{crucis, bandits})
			if err != nil {
				t.Fatal(err)
			}
			if got, other := c.Side("crucis").RepairPoints, c.Side("bandits").RepairPoints; got != tc.crucis || other != tc.other {
				t.Errorf("repair points %d and %d, want %d and %d", got, other, tc.crucis, tc.other)
			}
		})
	}
}

// Ensure joining and starting refuse what the rules do not allow.
func TestJoinStart(t *testing.T) {
	c := mustNewCampaign(t)
	c, err := Join(c, "crucis", "alice")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, side, user string }{
		{"ErrTwice", "crucis", "alice"},
		{"ErrOtherSide", "bandits", "alice"},
		{"ErrNoSide", "kurita", "bob"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Join(c, tc.side, tc.user); err == nil {
				t.Fatalf("Join(%s, %s) accepted", tc.side, tc.user)
			}
		})
	}
	c, err = Start(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Turn != 1 || c.Phase != PhaseOrders {
		t.Fatalf("after Start: turn %d phase %s", c.Turn, c.Phase)
	}
	if _, err := Start(c, nil); err == nil {
		t.Fatal("Start twice accepted")
	}
	mustCheck(t, c)
}
