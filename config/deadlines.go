package config

import (
	"fmt"
	"time"
)

// ValidateDeadlines checks a campaign's own deadline settings (order and
// battle cron specs, "" for none, and its time zone, "" for the bot's) as
// the scheduler will read them, so a bad one is named where it is set
// (/campaign schedule, bfbot import) rather than when the schedule is
// built. It returns the first problem, naming the setting.
func ValidateDeadlines(order, battle, zone string) error {
	for _, d := range []struct{ name, spec string }{{"order_deadline", order}, {"battle_deadline", battle}} {
		if d.spec == "" {
			continue
		}
		if err := ValidateCron(d.spec); err != nil {
			return fmt.Errorf("%s %q: %v", d.name, d.spec, err)
		}
	}
	if zone != "" {
		if msg := timeZoneProblem(zone); msg != "" {
			return fmt.Errorf("%s", msg)
		}
		if _, err := time.LoadLocation(zone); err != nil {
			return fmt.Errorf("time_zone %q: %v", zone, err)
		}
	}
	return nil
}
