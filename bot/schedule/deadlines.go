package schedule

import (
	"time"

	"github.com/robfig/cron/v3"
)

// deadlines is an entry's parsed spec. Its next differs from robfig/cron's
// Schedule.Next at daylight-saving changes, where robfig/cron would skip or
// repeat a deadline (see doc.go, "Daylight saving time").
type deadlines struct {
	s   cron.Schedule
	loc *time.Location
}

func newDeadlines(e Entry) (deadlines, error) {
	s, err := e.schedule()
	if err != nil {
		return deadlines{}, err
	}
	loc := time.UTC
	if spec, ok := s.(*cron.SpecSchedule); ok {
		loc = spec.Location
	}
	return deadlines{s: s, loc: loc}, nil
}

// next returns the first deadline after t, or the zero time if there is
// none within robfig/cron's five-year search.
func (d deadlines) next(t time.Time) time.Time {
	spec, ok := d.s.(*cron.SpecSchedule)
	if !ok {
		// @every: a fixed interval, no wall clock, so no DST question.
		return d.s.Next(t)
	}
	// A wall time that happens twice (clocks set back) fires the first
	// time only; bounded because each step moves forward by at least a
	// minute and a repeat lasts at most a few hours.
	n := spec.Next(t)
	for i := 0; i < 24*60 && !n.IsZero() && d.repeated(n); i++ {
		n = spec.Next(n)
	}
	if g := d.inGap(spec, t, n); !g.IsZero() {
		return g
	}
	return n
}

// repeated reports whether the wall time of n in the zone already happened
// earlier the same day (the second pass through an hour the clocks were set
// back over). Zone shifts are 30 minutes, 1 hour or 2 hours in the IANA data.
func (d deadlines) repeated(n time.Time) bool {
	w := n.In(d.loc)
	for _, back := range []time.Duration{30 * time.Minute, time.Hour, 2 * time.Hour} {
		if sameWall(n.Add(-back).In(d.loc), w) {
			return true
		}
	}
	return false
}

func sameWall(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd && a.Hour() == b.Hour() && a.Minute() == b.Minute() && a.Second() == b.Second()
}

// inGap returns the first clocks-forward change after t and before n (n zero:
// within five years) whose skipped wall times the spec matches: robfig/cron
// would skip that day's deadline, and here it fires at the change instead.
// Zero if there is none.
func (d deadlines) inGap(spec *cron.SpecSchedule, t, n time.Time) time.Time {
	limit := n
	if limit.IsZero() {
		limit = t.AddDate(5, 0, 0)
	}
	cur := t.In(d.loc)
	for {
		_, end := cur.ZoneBounds()
		if end.IsZero() || !end.Before(limit) {
			return time.Time{}
		}
		_, before := end.Add(-time.Second).In(d.loc).Zone()
		_, after := end.In(d.loc).Zone()
		if gap := after - before; gap > 0 && end.After(t) {
			// The wall clock jumps from end (read in the old offset) to
			// gap seconds later; every minute in between never happens.
			first := end.In(time.FixedZone("", before))
			for m := 0; m < gap/60; m++ {
				if specMatches(spec, first.Add(time.Duration(m)*time.Minute)) {
					return end
				}
			}
		}
		cur = end.In(d.loc)
	}
}

// starBit is robfig/cron's mark, in a field's bits, that the field was '*'.
const starBit = 1 << 63

// specMatches reports whether the spec selects wall time w (seconds are 0:
// the standard parser has no seconds field). The day rule is robfig/cron's:
// with a '*' in either day field both must match, else either.
func specMatches(s *cron.SpecSchedule, w time.Time) bool {
	has := func(bits uint64, v int) bool { return bits&(1<<uint(v)) != 0 }
	if !has(s.Second, w.Second()) || !has(s.Minute, w.Minute()) || !has(s.Hour, w.Hour()) ||
		!has(s.Month, int(w.Month())) {
		return false
	}
	dom, dow := has(s.Dom, w.Day()), has(s.Dow, int(w.Weekday()))
	if s.Dom&starBit != 0 || s.Dow&starBit != 0 {
		return dom && dow
	}
	return dom || dow
}

// latest returns the last deadline in (after, now], if any. It searches
// back from now in growing windows, so a bot down for years with an
// every-minute spec still costs at most a day's worth of steps per window.
func (d deadlines) latest(after, now time.Time) (time.Time, bool) {
	if !now.After(after) {
		return time.Time{}, false
	}
	for window := 24 * time.Hour; ; window *= 8 {
		from, final := now.Add(-window), false
		if !from.After(after) || window > 100*365*24*time.Hour {
			from, final = after, true
		}
		var last time.Time
		for t := d.next(from); !t.IsZero() && !t.After(now); t = d.next(t) {
			last = t
		}
		if !last.IsZero() {
			return last, true
		}
		if final {
			return time.Time{}, false
		}
	}
}
