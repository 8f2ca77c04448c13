package command

import (
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure turn_limit is bounded, at /campaign create and /campaign
// settings, with an error naming the range: 999999999999 was taken.
func TestTurnLimitBounded(t *testing.T) {
	f := cmdNewFixture(t, false)
	for _, v := range []string{"999999999999", "101", "-1"} {
		create := cmdRequest("ref", "campaign", "create", "name", "Long", "turn_limit", v)
		create.Channel = "c2"
		for _, r := range []*Request{create, cmdRequest("ref", "campaign", "settings", "turn_limit", v)} {
			got := cmdTexts(f.reg.Dispatch(t.Context(), r))
			if !strings.Contains(got, "use 0 for no limit or 1 to 100 campaign turns") {
				t.Errorf("/campaign %s turn_limit:%s:\n%s", r.Sub, v, got)
			}
		}
	}
	f.cmdMust("ref", "campaign", "settings", "turn_limit", "100")
	if c, _ := f.store.Get(t.Context(), 1); c.Settings.TurnLimit != campaign.MaxTurnLimit {
		t.Errorf("turn_limit %d, want the bound itself taken", c.Settings.TurnLimit)
	}
}

// Ensure a campaign stored with a turn_limit past the bound (set before
// it) keeps it, and /campaign settings still changes its other settings:
// only a turn_limit being set is held to the bound.
func TestStoredTurnLimitKept(t *testing.T) {
	f := cmdNewFixture(t, false)
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Settings.TurnLimit = 150
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.cmdMust("ref", "campaign", "settings", "seat_limit", "3")
	if c, _ := f.store.Get(t.Context(), 1); c.Settings.TurnLimit != 150 || c.Settings.SeatLimit != 3 {
		t.Errorf("turn_limit %d, seat_limit %d: want 150 kept and 3 set", c.Settings.TurnLimit, c.Settings.SeatLimit)
	}
}
