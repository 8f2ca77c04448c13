package command

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure turn_limit and battle_turn_limit are bounded, at /campaign
// create and /campaign settings, with an error naming the setting, the
// value and the range (rulings CB15, CB20): any number was taken. A
// refused value leaves the setting as it was; the bound itself is taken.
func TestTurnLimitsBounded(t *testing.T) {
	for _, tc := range []struct {
		setting, bound, want string
		got                  func(campaign.Settings) int
		max                  int
	}{
		{"turn_limit", "100", "use 0 for no limit or 1 to 100 campaign turns",
			func(s campaign.Settings) int { return s.TurnLimit }, campaign.MaxTurnLimit},
		{"battle_turn_limit", "50", "use 0 for no limit or 1 to 50 game turns",
			func(s campaign.Settings) int { return s.BattleTurnLimit }, campaign.MaxBattleTurnLimit},
	} {
		f := cmdNewFixture(t, false)
		c, _ := f.store.Get(t.Context(), 1)
		before := tc.got(c.Settings)
		for _, v := range []string{"999999999999", strconv.Itoa(tc.max + 1), "-1"} {
			create := cmdRequest("ref", "campaign", "create", "name", "Long", tc.setting, v)
			create.Channel = "c2"
			for _, r := range []*Request{create, cmdRequest("ref", "campaign", "settings", tc.setting, v)} {
				got := cmdTexts(f.reg.Dispatch(t.Context(), r))
				if !strings.Contains(got, tc.setting+":"+v+": "+tc.want) {
					t.Errorf("/campaign %s %s:%s:\n%s", r.Sub, tc.setting, v, got)
				}
			}
		}
		if c, _ := f.store.Get(t.Context(), 1); tc.got(c.Settings) != before {
			t.Errorf("%s %d set by a refused value", tc.setting, tc.got(c.Settings))
		}
		f.cmdMust("ref", "campaign", "settings", tc.setting, tc.bound)
		if c, _ := f.store.Get(t.Context(), 1); tc.got(c.Settings) != tc.max {
			t.Errorf("%s %d, want the bound itself taken", tc.setting, tc.got(c.Settings))
		}
	}
}

// Ensure a campaign stored with a turn_limit and a battle_turn_limit
// past their bounds (set before them) keeps them, and /campaign
// settings still changes its other settings: only a setting being set
// is held to its bound.
func TestStoredTurnLimitKept(t *testing.T) {
	f := cmdNewFixture(t, false)
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Settings.TurnLimit, n.Settings.BattleTurnLimit = 150, 80
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.cmdMust("ref", "campaign", "settings", "seat_limit", "3")
	c, _ := f.store.Get(t.Context(), 1)
	if st := c.Settings; st.TurnLimit != 150 || st.BattleTurnLimit != 80 || st.SeatLimit != 3 {
		t.Errorf("turn_limit %d, battle_turn_limit %d, seat_limit %d: want 150 and 80 kept and 3 set", st.TurnLimit, st.BattleTurnLimit, st.SeatLimit)
	}
}
