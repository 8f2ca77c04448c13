package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/storage"
)

// Names of a campaign's Schedule records, one per deadline kind.
var scheduleNames = map[schedule.Kind]string{
	schedule.OrderDeadline:  "order",
	schedule.BattleDeadline: "battle",
}

var kinds = []schedule.Kind{schedule.OrderDeadline, schedule.BattleDeadline}

// schedules keeps the scheduler's entries in the campaigns' Schedule
// records and implements the referee's deadline commands
// (command.Scheduler).
type schedules struct {
	db     storage.Campaigns
	sched  *schedule.Scheduler
	log    *slog.Logger
	zone   string        // time zone of a campaign that names none
	remind time.Duration // reminder ahead of an order deadline
	// since, set when processes share the store, dates a new entry's
	// LastRun at its making, so a process that takes the campaign over
	// catches up its first deadline even if it never saw it pass
	// (shared.go); nil leaves a new entry's LastRun zero.
	since func() time.Time

	mu    sync.Mutex
	locks map[int64]*sync.Mutex
}

var _ command.Scheduler = (*schedules)(nil)

// lock serialises the writes of one campaign's Schedule records (see the
// package doc's IMPORTANT) and returns the unlock.
func (s *schedules) lock(id int64) func() {
	s.mu.Lock()
	m, ok := s.locks[id]
	if !ok {
		m = &sync.Mutex{}
		s.locks[id] = m
	}
	s.mu.Unlock()
	m.Lock()
	return m.Unlock
}

func scheduleKey(id int64, k schedule.Kind) storage.RecordKey {
	return storage.RecordKey{Campaign: id, Kind: storage.Schedule, Name: scheduleNames[k]}
}

// load returns the stored entry of a campaign's deadline.
func (s *schedules) load(ctx context.Context, id int64, k schedule.Kind) (schedule.Entry, bool, error) {
	v, err := s.db.GetRecord(ctx, scheduleKey(id, k))
	if err != nil || v == nil {
		return schedule.Entry{}, false, err
	}
	e, err := decodeEntry(v)
	if err != nil {
		return schedule.Entry{}, false, fmt.Errorf("%s: %w", scheduleKey(id, k), err)
	}
	return e, true, nil
}

func decodeEntry(v []byte) (schedule.Entry, error) {
	var e schedule.Entry
	err := json.Unmarshal(v, &e)
	return e, err
}

func encodeEntry(e schedule.Entry) []byte {
	v, _ := json.Marshal(e) // a struct of plain values always encodes
	return v
}

// put stores an entry, never setting its LastRun back: a deadline the
// handler committed stays committed whatever copy the caller had.
// Called with the campaign's lock held.
func (s *schedules) put(ctx context.Context, e schedule.Entry) error {
	if stored, ok, err := s.load(ctx, e.Campaign, e.Kind); err == nil && ok && stored.LastRun.After(e.LastRun) {
		e.LastRun = stored.LastRun
	}
	return s.db.PutRecord(ctx, scheduleKey(e.Campaign, e.Kind), encodeEntry(e))
}

// stored reads every stored entry, for the scheduler's Start; a
// campaign with a damaged entry is added to damaged (everyRecord), and
// the entries of a campaign in damaged are left out: its players cannot
// give orders, so its turns must not run.
func (s *schedules) stored(ctx context.Context, damaged *damagedSet) ([]schedule.Entry, error) {
	recs, err := everyRecord(ctx, s.db, storage.Schedule, s.log, damaged)
	if err != nil {
		return nil, fmt.Errorf("reading the schedules: %w", err)
	}
	var out []schedule.Entry
	for _, r := range recs {
		e, err := decodeEntry(r.Value)
		if err != nil {
			s.log.Error("schedule record unreadable: left out", "record", r.RecordKey.String(), "err", err)
			continue
		}
		if damaged.err(r.Campaign) != nil {
			if damaged.first("left out " + r.RecordKey.String()) {
				s.log.Warn("deadline of a damaged campaign left out", "record", r.RecordKey.String())
			}
			continue
		}
		out = append(out, e)
	}
	return out, nil
}

// sync makes a campaign's entries follow its settings: an entry for each
// deadline spec set while the campaign is not over, none otherwise. A
// changed spec or zone keeps the entry's LastRun and pause.
func (s *schedules) sync(ctx context.Context, c *campaign.Campaign) error {
	var errs []error
	for _, k := range kinds {
		spec := c.Settings.OrderDeadline
		if k == schedule.BattleDeadline {
			spec = c.Settings.BattleDeadline
		}
		if err := s.syncKind(ctx, c, k, spec); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (s *schedules) syncKind(ctx context.Context, c *campaign.Campaign, k schedule.Kind, spec string) error {
	defer s.lock(c.ID)()
	stored, ok, err := s.load(ctx, c.ID, k)
	if err != nil {
		return err
	}
	if spec == "" || c.Phase == campaign.PhaseOver {
		s.sched.Remove(c.ID, k)
		if ok {
			return s.db.PutRecord(ctx, scheduleKey(c.ID, k), nil)
		}
		return nil
	}
	zone := c.Settings.TimeZone
	if zone == "" {
		zone = s.zone
	}
	remind := time.Duration(0)
	if k == schedule.OrderDeadline {
		remind = s.remind
	}
	if ok && stored.Spec == spec && stored.TimeZone == zone && stored.RemindBefore == remind {
		if _, running := s.sched.Entry(c.ID, k); running {
			return nil
		}
	}
	e := stored
	// Copies of the campaign's strings, which may be its stored
	// document's memory (storage's decodeKeptDoc): the scheduler keeps
	// the entry as long as the campaign runs.
	e.Campaign, e.Kind, e.Spec, e.TimeZone, e.RemindBefore = c.ID, k, strings.Clone(spec), strings.Clone(zone), remind
	if !ok && s.since != nil {
		e.LastRun = s.since()
	}
	if cur, running := s.sched.Entry(c.ID, k); running && cur.LastRun.After(e.LastRun) {
		e.LastRun = cur.LastRun
	}
	if err := s.sched.Set(e); err != nil {
		return err
	}
	return s.put(ctx, e)
}

// errNoDeadlines answers a deadline command for a campaign with none.
func errNoDeadlines(id int64) error {
	return userErrorf("campaign %d has no deadlines: set one with /campaign schedule order_deadline:\"0 20 * * *\"", id)
}

// each runs f on every deadline kind the campaign has in the scheduler,
// storing the entry f returns.
func (s *schedules) each(ctx context.Context, id int64, f func(schedule.Kind) (schedule.Entry, error)) error {
	defer s.lock(id)()
	n := 0
	for _, k := range kinds {
		if _, ok := s.sched.Entry(id, k); !ok {
			continue
		}
		n++
		e, err := f(k)
		if err != nil {
			return err
		}
		if err := s.put(ctx, e); err != nil {
			return err
		}
	}
	if n == 0 {
		return errNoDeadlines(id)
	}
	return nil
}

// Pause implements command.Scheduler: both deadlines stop until Resume.
func (s *schedules) Pause(ctx context.Context, id int64) error {
	return s.each(ctx, id, func(k schedule.Kind) (schedule.Entry, error) { return s.sched.Pause(id, k) })
}

// Resume implements command.Scheduler.
func (s *schedules) Resume(ctx context.Context, id int64) error {
	return s.each(ctx, id, func(k schedule.Kind) (schedule.Entry, error) { return s.sched.Resume(id, k) })
}

// Extend pushes a campaign's pending deadline of kind k back by d and
// stores the entry; it returns the new deadline.
func (s *schedules) Extend(ctx context.Context, id int64, k schedule.Kind, d time.Duration) (time.Time, error) {
	defer s.lock(id)()
	e, err := s.sched.Extend(id, k, d)
	if errors.Is(err, schedule.ErrUnknown) {
		return time.Time{}, errNoDeadlines(id)
	}
	if err != nil {
		return time.Time{}, userErrorf("%v", err)
	}
	return e.ExtendedUntil, s.put(ctx, e)
}

// ExtendOrderDeadline implements command.Scheduler (/campaign
// extend): the next order deadline moves back by d.
func (s *schedules) ExtendOrderDeadline(ctx context.Context, id int64, d time.Duration) (time.Time, error) {
	return s.Extend(ctx, id, schedule.OrderDeadline, d)
}

// NextOrderDeadline implements command.Scheduler: the deadline the
// scheduler will run next for the campaign's orders.
func (s *schedules) NextOrderDeadline(id int64) (time.Time, bool) {
	return s.sched.Next(id, schedule.OrderDeadline)
}

// Advance runs a campaign's deadline of kind k now (force-advance); the
// handler commits it as any other.
func (s *schedules) Advance(_ context.Context, id int64, k schedule.Kind) error {
	err := s.sched.Advance(id, k)
	if errors.Is(err, schedule.ErrUnknown) {
		return errNoDeadlines(id)
	}
	return err
}
