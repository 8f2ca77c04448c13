package schedule

import (
	"errors"
	"time"
)

// Several bfbot processes can share one store's campaigns (bot/lease):
// each runs a Scheduler with every campaign's entries, and its Handler
// runs only the deadlines of the campaigns its process holds, returning
// ErrElsewhere for the others. Sync brings in what the other processes
// stored: campaigns created or ended there, pauses, extensions, the
// LastRun of the deadlines they ran, and the campaigns this process has
// just taken over, whose missed deadlines it catches up.

// ErrElsewhere is what a Handler returns for a deadline or reminder that
// another process runs: the scheduler moves on without counting it as
// run here (the job's LastRun stays) and logs nothing.
var ErrElsewhere = errors.New("schedule: runs in another process")

// Sync makes the scheduler's jobs the stored entries. Keys not listed are
// removed. A key new to the scheduler, or one catchUp reports (a
// campaign this process has just taken over), is scheduled as Start does,
// from its stored LastRun: a deadline passed since runs once, now; for an
// entry never run, so does a deadline this process saw pass and left to
// another (ErrElsewhere). For
// the other keys, a newer stored LastRun is taken (another process ran
// the deadline), and an entry changed otherwise (paused, resumed,
// extended, another spec) is taken as Set takes it. Invalid entries are
// left out, their errors joined into the result.
func (s *Scheduler) Sync(entries []Entry, catchUp func(Key) bool) error {
	type parsed struct {
		e Entry
		d deadlines
	}
	var errs []error
	var list []parsed
	for _, e := range entries {
		d, err := newDeadlines(e)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		list = append(list, parsed{e, d})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return ErrStopped
	}
	now := s.clock.Now()
	listed := map[Key]bool{}
	for _, p := range list {
		e, key := p.e, p.e.Key()
		listed[key] = true
		j, ok := s.jobs[key]
		switch {
		case !ok || catchUp(key):
			if !ok {
				j = &job{}
				s.jobs[key] = j
			}
			j.entry, j.deadlines = e, p.d
			// A reminder this process left to the other may not have
			// gone out: try it again (the Handler knows if it did).
			j.remindedFor = time.Time{}
			switch {
			case !e.LastRun.IsZero():
				j.next = j.firstAfter(e.LastRun)
			case !j.elsewhere.IsZero():
				// Never run, but this process saw a deadline pass and
				// left it to the process it has now taken over from,
				// which did not run it: it runs now, once.
				j.next = j.elsewhere
			default:
				j.next = j.firstAfter(now)
			}
		case sameButLastRun(j.entry, e):
			if e.LastRun.After(j.entry.LastRun) {
				j.entry.LastRun = e.LastRun
				if !j.next.After(e.LastRun) {
					j.next = j.firstAfter(e.LastRun)
				}
			}
		default:
			if j.entry.LastRun.After(e.LastRun) {
				e.LastRun = j.entry.LastRun
			}
			j.entry, j.deadlines = e, p.d
			j.next = j.firstAfter(maxTime(now, e.LastRun))
		}
	}
	for key := range s.jobs {
		if !listed[key] {
			delete(s.jobs, key)
		}
	}
	s.changedLocked()
	return errors.Join(errs...)
}

// sameButLastRun reports whether two entries differ at most in LastRun.
func sameButLastRun(a, b Entry) bool {
	return a.Campaign == b.Campaign && a.Kind == b.Kind && a.Spec == b.Spec && a.TimeZone == b.TimeZone &&
		a.RemindBefore == b.RemindBefore && a.Paused == b.Paused && a.ExtendedUntil.Equal(b.ExtendedUntil)
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
