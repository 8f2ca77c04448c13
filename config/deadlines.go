package config

import (
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/robfig/cron/v3"
)

// ValidateDeadlines checks a campaign's own deadline settings (order and
// battle cron specs, "" for none, and its time zone, "" for the bot's) as
// the scheduler will read them, so a bad one is named where it is set
// (/campaign schedule) rather than when the schedule is built. A
// campaign's deadlines are at least MinDeadlineGap apart (hourApart). It
// returns the first problem, naming the setting.
func ValidateDeadlines(order, battle, zone string) error {
	return validateDeadlines(order, battle, zone, true)
}

// ValidateStoredDeadlines is ValidateDeadlines for settings a campaign
// already had (bfbot import of a backup): deadlines closer than
// MinDeadlineGap, set before it was the rule, are kept, as stored
// campaigns keep theirs, so that every backup can be restored.
func ValidateStoredDeadlines(order, battle, zone string) error {
	return validateDeadlines(order, battle, zone, false)
}

func validateDeadlines(order, battle, zone string, apart bool) error {
	for _, d := range []struct{ name, spec string }{{"order_deadline", order}, {"battle_deadline", battle}} {
		if d.spec == "" {
			continue
		}
		if err := ValidateCron(d.spec); err != nil {
			return fmt.Errorf("%s %q: %v", d.name, d.spec, err)
		}
		if err := hourApart(d.spec); apart && err != nil {
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

// MinDeadlineGap is the least time between two deadlines of a campaign.
// Every deadline closes a turn or a phase and messages every player: one a
// minute (`* * * * *`) would flood them and leave nobody time to give
// orders. The operator's own defaults (order_deadline, battle_deadline)
// are not bound by it, nor are stored schedules, which keep running.
const MinDeadlineGap = time.Hour

// hourApart refuses a spec valid for ValidateCron whose deadlines may come
// less than MinDeadlineGap apart. A five-field spec fires at every
// combination of its fields' values, so two of its minutes fall in one
// hour, less than an hour apart, and one minute keeps every two deadlines
// a whole number of hours apart: it must name exactly one minute.
func hourApart(spec string) error {
	sched, err := cron.ParseStandard(spec)
	if err != nil {
		return err // ValidateCron has refused it already
	}
	switch s := sched.(type) {
	case cron.ConstantDelaySchedule:
		if s.Delay < MinDeadlineGap {
			return fmt.Errorf("deadlines come every %s: a campaign's are at least an hour apart", s.Delay)
		}
	case *cron.SpecSchedule:
		if bits.OnesCount64(s.Minute&^starBit) > 1 {
			return errors.New("it fires more than once an hour: a campaign's deadlines are at least an hour apart, so give one minute, e.g. \"0 20 * * 5\" or \"30 * * * *\"")
		}
	}
	return nil
}
