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

// Ensure battle_turn_limit is bounded as turn_limit is (ruling CB20),
// with an error naming the setting, the value and the range: any
// number was taken.
func TestBattleTurnLimitBounded(t *testing.T) {
	f := cmdNewFixture(t, false)
	for _, v := range []string{"999999999999", "51", "-1"} {
		create := cmdRequest("ref", "campaign", "create", "name", "Long", "battle_turn_limit", v)
		create.Channel = "c2"
		for _, r := range []*Request{create, cmdRequest("ref", "campaign", "settings", "battle_turn_limit", v)} {
			got := cmdTexts(f.reg.Dispatch(t.Context(), r))
			if !strings.Contains(got, "battle_turn_limit:"+v+": use 0 for no limit or 1 to 50 game turns") {
				t.Errorf("/campaign %s battle_turn_limit:%s:\n%s", r.Sub, v, got)
			}
		}
	}
	if c, _ := f.store.Get(t.Context(), 1); c.Settings.BattleTurnLimit != 0 {
		t.Errorf("battle_turn_limit %d set by a refused value", c.Settings.BattleTurnLimit)
	}
	f.cmdMust("ref", "campaign", "settings", "battle_turn_limit", "50")
	if c, _ := f.store.Get(t.Context(), 1); c.Settings.BattleTurnLimit != campaign.MaxBattleTurnLimit {
		t.Errorf("battle_turn_limit %d, want the bound itself taken", c.Settings.BattleTurnLimit)
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
