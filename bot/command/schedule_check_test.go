package command

import (
	"strings"
	"testing"
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
