package schedule

import (
	"fmt"
	"time"
)

// Set adds or replaces an entry at run time. It never catches up: the first
// deadline is the first after both now and e.LastRun (or e.ExtendedUntil if
// that is later). A call already running for the key finishes first.
func (s *Scheduler) Set(e Entry) error {
	d, err := newDeadlines(e)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return ErrStopped
	}
	j, ok := s.jobs[e.Key()]
	if !ok {
		j = &job{}
		s.jobs[e.Key()] = j
	}
	if j.entry.LastRun.After(e.LastRun) {
		// The caller's copy predates a deadline this process ran.
		e.LastRun = j.entry.LastRun
	}
	j.entry, j.deadlines = e, d
	now := s.clock.Now()
	anchor := now
	if e.LastRun.After(anchor) {
		anchor = e.LastRun
	}
	j.next = j.firstAfter(anchor)
	s.jobChangedLocked(j)
	return nil
}

// Remove drops a schedule; a call already running finishes. Removing a key
// with no entry is not an error.
func (s *Scheduler) Remove(campaign int64, kind Kind) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Nothing becomes due by a removal: a timer the loop aimed at this
	// job wakes it for nothing, and it aims again.
	delete(s.jobs, Key{campaign, kind})
}

// Pause stops deadlines and reminders for the key until Resume, and returns
// the entry to store.
func (s *Scheduler) Pause(campaign int64, kind Kind) (Entry, error) {
	return s.update(campaign, kind, func(j *job, _ time.Time) error {
		j.entry.Paused = true
		return nil
	})
}

// Resume restarts a paused schedule. Deadlines that passed while it was
// paused are not run: the next is the first after now (a pending extension
// still in the future is kept).
func (s *Scheduler) Resume(campaign int64, kind Kind) (Entry, error) {
	return s.update(campaign, kind, func(j *job, now time.Time) error {
		if !j.entry.Paused {
			return nil
		}
		j.entry.Paused = false
		anchor := now
		if j.entry.LastRun.After(anchor) {
			anchor = j.entry.LastRun
		}
		j.next = j.firstAfter(anchor)
		return nil
	})
}

// Extend pushes the pending deadline back by d, for that deadline only
// (the ones after it keep the spec's times; an extension past them absorbs
// them). Extending again adds to the extension. It returns the entry to
// store, whose ExtendedUntil is the new deadline.
func (s *Scheduler) Extend(campaign int64, kind Kind, d time.Duration) (Entry, error) {
	if d <= 0 {
		return Entry{}, fmt.Errorf("extend %s by %s: the extension must be positive, e.g. 24h",
			Key{campaign, kind}, d)
	}
	return s.update(campaign, kind, func(j *job, _ time.Time) error {
		if j.next.IsZero() {
			return fmt.Errorf("%s has no pending deadline to extend", Key{campaign, kind})
		}
		j.next = j.next.Add(d)
		j.entry.ExtendedUntil = j.next
		return nil
	})
}

// Advance runs the deadline now (force-advance), paused or not, as soon as
// no other call for the key is running. The run's Due is the clock's
// reading when it starts; the next deadline is the spec's first after it,
// and a pending extension is dropped. A forced run lost to a crash before
// its commit is not caught up on start: the referee asks again.
func (s *Scheduler) Advance(campaign int64, kind Kind) error {
	_, err := s.update(campaign, kind, func(j *job, _ time.Time) error {
		j.forced = true
		return nil
	})
	return err
}

// Next returns the pending deadline of a key (even while paused: the
// deadline that would come), and false if the key has none.
func (s *Scheduler) Next(campaign int64, kind Kind) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := s.jobs[Key{campaign, kind}]
	if !ok || j.next.IsZero() {
		return time.Time{}, false
	}
	return j.next, true
}

// Entry returns the scheduler's current copy of a key's entry.
func (s *Scheduler) Entry(campaign int64, kind Kind) (Entry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := s.jobs[Key{campaign, kind}]
	if !ok {
		return Entry{}, false
	}
	return j.entry, true
}

func (s *Scheduler) update(campaign int64, kind Kind, f func(*job, time.Time) error) (Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return Entry{}, ErrStopped
	}
	j, ok := s.jobs[Key{campaign, kind}]
	if !ok {
		return Entry{}, fmt.Errorf("%s: %w", Key{campaign, kind}, ErrUnknown)
	}
	if err := f(j, s.clock.Now()); err != nil {
		return Entry{}, err
	}
	s.jobChangedLocked(j)
	return j.entry, nil
}

// changedLocked dispatches anything a change made due and wakes the loop to
// aim its timer anew.
func (s *Scheduler) changedLocked() {
	s.dispatchLocked(s.clock.Now())
	s.poke()
}

// jobChangedLocked dispatches j if a change made it due, and wakes the
// loop when j's next event comes before the loop's timer: going through
// every job after each change (the app sets a campaign's schedules after
// every turn) grew with the square of the campaigns due at once.
func (s *Scheduler) jobChangedLocked(j *job) {
	if t := s.dispatchJobLocked(j, s.clock.Now()); !t.IsZero() && (s.wakeAt.IsZero() || t.Before(s.wakeAt)) {
		s.poke()
	}
}
