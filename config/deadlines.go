package config

import (
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/robfig/cron/v3"
)

// ValidateDeadlines checks a campaign's deadline settings (order and
// battle cron specs, "" for none, and its time zone, "" for the bot's) as
// the scheduler will read them, so a bad one is named where it is set
// (/campaign schedule, bfbot import) rather than when the schedule is
// built. It returns the first problem, naming the setting. It does not
// hold them to MinDeadlineGap: a campaign keeps the deadlines it already
// has (the operator's defaults, copied into it, or a backup's, set before
// the gap was the rule); ValidateNewDeadline checks one being set.
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

// ValidateNewDeadline checks a deadline spec the referee is setting (name
// is its setting, order_deadline or battle_deadline): it is valid for
// ValidateCron and its deadlines are at least MinDeadlineGap apart
// (hourApart; ruling SCH5).
func ValidateNewDeadline(name, spec string) error {
	if err := ValidateCron(spec); err != nil {
		return fmt.Errorf("%s %q: %v", name, spec, err)
	}
	if err := hourApart(spec); err != nil {
		return fmt.Errorf("%s %q: %v", name, spec, err)
	}
	return nil
}

// MinDeadlineGap is the least time between two deadlines of one kind.
// Every deadline closes a turn or a phase and messages every player: one a
// minute (`* * * * *`) would flood them and leave nobody time to give
// orders. Only a deadline being set is held to it (ValidateNewDeadline):
// the operator's own defaults (order_deadline, battle_deadline), the
// deadlines a campaign already has and a backup's keep running.
const MinDeadlineGap = time.Hour

// hourApart refuses a spec valid for ValidateCron whose deadlines may come
// less than MinDeadlineGap apart. A five-field spec fires at every
// combination of its fields' values, so two of its minutes fall in one
// hour, less than an hour apart, and one minute keeps every two deadlines
// a whole number of hours apart: it must name exactly one minute. It
// looks at one spec alone: an order and a battle deadline may still come
// closer, and so may the deadlines around a spring clock change, where
// the scheduler fires a skipped time at the change (ruling SCH5).
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
