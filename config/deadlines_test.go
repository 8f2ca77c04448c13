package config

import (
	"strings"
	"testing"
)

// Ensure a deadline being set is refused when two may come less than an
// hour apart, naming the minimum, and taken when they are an hour apart or
// more (ruling SCH5); ValidateDeadlines, for the deadlines a campaign
// already has, keeps the close ones.
func TestDeadlinesAnHourApart(t *testing.T) {
	for _, spec := range []string{"* * * * *", "*/15 * * * *", "0,30 20 * * 5", "0-1 20 * * *", "@every 1m", "@every 59m59s"} {
		err := ValidateNewDeadline("order_deadline", spec)
		if err == nil || !strings.Contains(err.Error(), "at least an hour apart") {
			t.Errorf("order_deadline %q: %v, want refused naming the minimum", spec, err)
		}
		if err := ValidateNewDeadline("battle_deadline", spec); err == nil || !strings.Contains(err.Error(), "battle_deadline") {
			t.Errorf("battle_deadline %q: %v, want refused naming the setting", spec, err)
		}
		if err := ValidateDeadlines(spec, spec, "Europe/Berlin"); err != nil {
			t.Errorf("stored deadlines %q: %v, want kept", spec, err)
		}
	}
	for _, spec := range []string{"0 * * * *", "30 8-18 * * *", "@hourly", "@every 1h", "@every 36h", "0 20 * * 5", "@daily"} {
		if err := ValidateNewDeadline("order_deadline", spec); err != nil {
			t.Errorf("%q: %v, want taken", spec, err)
		}
	}
}
