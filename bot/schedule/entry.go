package schedule

import (
	"errors"
	"fmt"
	"time"

	"github.com/robfig/cron/v3"

	"bfbot/config"

	// Campaign zones must load on machines without a zoneinfo database
	// (minimal containers).
	_ "time/tzdata"
)

// Kind says which of a campaign's deadlines an entry is.
type Kind int

// The deadlines a campaign has (docs/architecture.md, Scheduling).
const (
	// OrderDeadline closes the players' strategic orders for the turn.
	OrderDeadline Kind = iota + 1
	// BattleDeadline closes a tactical battle phase.
	BattleDeadline
)

func (k Kind) String() string {
	switch k {
	case OrderDeadline:
		return "order deadline"
	case BattleDeadline:
		return "battle deadline"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Key names one schedule: a campaign has at most one entry of each Kind.
type Key struct {
	Campaign int64
	Kind     Kind
}

func (k Key) String() string { return fmt.Sprintf("campaign %d %s", k.Campaign, k.Kind) }

// Entry is one deadline schedule as the caller stores it. The scheduler
// never writes storage: every method that changes an entry returns the new
// Entry for the caller to persist, and Handler.Deadline is handed the Entry
// to commit with its work.
type Entry struct {
	Campaign int64
	Kind     Kind
	// Spec is a five-field cron spec or descriptor in robfig/cron's
	// standard syntax, read in TimeZone (see config.ValidateCron). It has no
	// TZ= prefix: the zone is TimeZone.
	Spec string
	// TimeZone is an IANA name such as "Europe/Berlin".
	TimeZone string
	// RemindBefore > 0 asks for Handler.Remind that long before each
	// deadline; 0 sends no reminders.
	RemindBefore time.Duration
	// Paused entries neither fire nor remind (Advance still runs them).
	Paused bool
	// ExtendedUntil, when after LastRun, replaces the one pending deadline
	// (see Scheduler.Extend). At or before LastRun it means nothing.
	ExtendedUntil time.Time
	// LastRun is the due time of the last deadline processed, committed by
	// Handler.Deadline with its work. Zero: none yet, so nothing is caught
	// up on start.
	LastRun time.Time
}

// Key returns the entry's key.
func (e Entry) Key() Key { return Key{e.Campaign, e.Kind} }

// ErrUnknown is returned for a campaign and kind with no entry.
var ErrUnknown = errors.New("no such schedule")

// EntryError says what is wrong with an Entry.
type EntryError struct {
	Key   Key
	Field string // "spec", "time zone", "kind", "remind before", "campaign"
	Err   error
}

func (e *EntryError) Error() string {
	return fmt.Sprintf("%s: %s: %v", e.Key, e.Field, e.Err)
}

func (e *EntryError) Unwrap() error { return e.Err }

// Validate checks the entry and returns an *EntryError naming the bad value
// and how to fix it, or nil.
func (e Entry) Validate() error {
	_, err := e.schedule()
	return err
}

// schedule parses the spec in the entry's zone.
func (e Entry) schedule() (cron.Schedule, error) {
	bad := func(field string, err error) error { return &EntryError{Key: e.Key(), Field: field, Err: err} }
	switch {
	case e.Campaign < 1:
		return nil, bad("campaign", fmt.Errorf("id %d: campaign ids are numbers from 1", e.Campaign))
	case e.Kind != OrderDeadline && e.Kind != BattleDeadline:
		return nil, bad("kind", fmt.Errorf("%d is not a deadline kind: use OrderDeadline or BattleDeadline", int(e.Kind)))
	case e.RemindBefore < 0:
		return nil, bad("remind before", fmt.Errorf("%s is negative: use 0 for no reminder or e.g. 2h", e.RemindBefore))
	}
	loc, err := loadZone(e.TimeZone)
	if err != nil {
		return nil, bad("time zone", err)
	}
	if err := config.ValidateCron(e.Spec); err != nil {
		return nil, bad("spec", fmt.Errorf("%q: %w", e.Spec, err))
	}
	s, err := cron.ParseStandard(e.Spec)
	if err != nil {
		// ValidateCron accepts a subset of ParseStandard, so this is a
		// disagreement between the two, reported rather than hidden.
		return nil, bad("spec", fmt.Errorf("%q: %w", e.Spec, err))
	}
	if spec, ok := s.(*cron.SpecSchedule); ok {
		spec.Location = loc
	}
	return s, nil
}

func loadZone(name string) (*time.Location, error) {
	const use = `use an IANA name such as "UTC", "Europe/Berlin" or "America/New_York"`
	switch name {
	case "":
		return nil, errors.New("empty: " + use)
	case "Local":
		// Deadlines would move with whatever machine the bot runs on.
		return nil, errors.New(`"Local" depends on the machine the bot runs on: ` + use)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("%q is not a known time zone: %s", name, use)
	}
	return loc, nil
}
