package command

import (
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure /campaign schedule refuses a deadline the scheduler could not
// read, naming the setting, and keeps the old one; a valid one is set.
func TestScheduleRefusesBadDeadlines(t *testing.T) {
	f := cmdNewFixture(t, true)
	for _, tt := range []struct{ kv, says []string }{
		{[]string{"order_deadline", "61 25 * * *"}, []string{`⚠ order_deadline "61 25 * * *":`, "minute"}},
		{[]string{"battle_deadline", "every day"}, []string{`⚠ battle_deadline "every day":`}},
		{[]string{"time_zone", "Mars/Olympus"}, []string{"time_zone", "Mars/Olympus", "not a known time zone"}},
		{[]string{"time_zone", "Local"}, []string{`time_zone "Local" depends on the machine`}},
		// A deadline a minute would flood the players (ruling SCH5).
		{[]string{"order_deadline", "* * * * *"}, []string{`⚠ order_deadline "* * * * *":`, "at least an hour apart"}},
		{[]string{"battle_deadline", "@every 10m"}, []string{`⚠ battle_deadline "@every 10m":`, "at least an hour apart"}},
	} {
		got := cmdTexts(f.cmdDo("ref", "campaign", "schedule", tt.kv...))
		for _, want := range tt.says {
			if !strings.Contains(got, want) {
				t.Errorf("%v: %q does not say %q", tt.kv, got, want)
			}
		}
	}
	if got := cmdTexts(f.cmdDo("ref", "campaign", "schedule")); !strings.Contains(got, `orders "", battles "", time zone ""`) {
		t.Errorf("deadlines changed by refused commands: %s", got)
	}
	f.cmdMust("ref", "campaign", "schedule", "order_deadline", "0 20 * * 5", "time_zone", "Europe/Berlin")
	if got := cmdTexts(f.cmdDo("ref", "campaign", "schedule")); !strings.Contains(got, `orders "0 20 * * 5", battles "", time zone "Europe/Berlin"`) {
		t.Errorf("valid deadlines not set: %s", got)
	}
}

// Ensure /campaign schedule holds only the deadlines it sets to ruling
// SCH5's hour: a campaign keeps closer ones it already had (the operator's
// defaults, copied into every new campaign, or a backup's), and a referee
// changing the time zone or the other deadline is not refused over them.
func TestScheduleKeepsOtherDeadlines(t *testing.T) {
	f := cmdNewFixture(t, true)
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Settings.OrderDeadline, n.Settings.BattleDeadline = "*/15 * * * *", "* * * * *"
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.cmdMust("ref", "campaign", "schedule", "time_zone", "Europe/Berlin")
	f.cmdMust("ref", "campaign", "schedule", "order_deadline", "0 20 * * 5")
	if got := cmdTexts(f.cmdDo("ref", "campaign", "schedule")); !strings.Contains(got, `orders "0 20 * * 5", battles "* * * * *", time zone "Europe/Berlin"`) {
		t.Errorf("deadlines not set, or the stored battle deadline not kept: %s", got)
	}
	if got := cmdTexts(f.cmdDo("ref", "campaign", "schedule", "battle_deadline", "*/5 * * * *")); !strings.Contains(got, `⚠ battle_deadline "*/5 * * * *":`) {
		t.Errorf("a battle deadline set every 5 minutes: %s, want refused", got)
	}
}
