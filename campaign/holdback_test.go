package campaign

import (
	"errors"
	"strings"
	"testing"
)

// Ensure a side may hold units back before the start (000 line 2559) and
// buy them later as "available unused units" (000 line 2712; ruling
// CB13): the unit leaves the worksheet, comes into play itself when
// bought, and joins the RBG.
func TestHoldBack(t *testing.T) {
	c := mustNewCampaign(t)
	c, _, err := GiveOrder(c, "crucis", Order{Kind: OrderHoldBack, Units: []string{"A6"}})
	c = btlMust(t, c, err)
	if u := c.Side("crucis").Unit("A6"); u.Status != UnitAvailable || u.Battlegroup != 0 {
		t.Fatalf("A6 is %s in battlegroup %d, want available in none", u.Status, u.Battlegroup)
	}
	var e *Error
	for _, tc := range []struct {
		name  string
		units []string
		msg   string
	}{
		{"ErrTruck", []string{"A1"}, "stays with the regimental battlegroup"},
		{"ErrHeldAlready", []string{"A6"}, "not on your worksheet"},
		{"ErrTwice", []string{"A7", "A7"}, "named twice"},
		{"ErrNothing", nil, "name the units"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := GiveOrder(c, "crucis", Order{Kind: OrderHoldBack, Units: tc.units}); !errors.As(err, &e) || !strings.Contains(e.Msg, tc.msg) {
				t.Fatalf("hold back %v = %v, want a refusal with %q", tc.units, err, tc.msg)
			}
		})
	}
	c, err = Start(c, nil)
	c = btlMust(t, c, err)
	t.Run("ErrAfterStart", func(t *testing.T) {
		if _, _, err := GiveOrder(c, "crucis", Order{Kind: OrderHoldBack, Units: []string{"A7"}}); !errors.As(err, &e) || !strings.Contains(e.Msg, "only before the campaign starts") {
			t.Fatalf("hold back after the start = %v", err)
		}
	})
	c.Phase = PhaseBattles
	c.emit(Event{Step: "battle", Type: "vp", Side: "crucis", VP: 100, Text: "test"})
	// Crucis 5+6 = 11: 75 VP of reinforcements; bandits 3+4: none.
	n, _ := btlUpkeep(t, c, "5,6,3,4")
	if ch := ReinforcementChoices(n, "crucis"); len(ch) != 1 || ch[0].ID != "A6" {
		t.Fatalf("choices %v, want the held-back A6", ch)
	}
	b, _, err := BuyReinforcements(n, "crucis", []string{"A6"})
	b = btlMust(t, b, err)
	s := b.Side("crucis")
	if u := s.Unit("A6"); u.Status != UnitActive || u.Battlegroup != s.RBG().ID {
		t.Errorf("A6 is %s in battlegroup %d, want active in the RBG %d", u.Status, u.Battlegroup, s.RBG().ID)
	}
}
