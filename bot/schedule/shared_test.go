package schedule

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// schElsewhere is the handler of a process that holds none of the
// campaigns: every call is ErrElsewhere.
type schElsewhere struct{ deadlines, reminders atomic.Int64 }

func (h *schElsewhere) Deadline(context.Context, Run) error {
	h.deadlines.Add(1)
	return ErrElsewhere
}

func (h *schElsewhere) Remind(context.Context, Entry, time.Time) error {
	h.reminders.Add(1)
	return ErrElsewhere
}

// Ensure a deadline another process runs (ErrElsewhere) leaves the job's
// LastRun where it was and logs nothing; that Sync takes the LastRun the
// other process stored, adds and removes keys, takes a pause made there,
// and, for a campaign taken over, runs the missed deadline once, as the
// latest passed, from the stored LastRun, and tries again a reminder it
// had left to the process it takes over from.
func TestSync(t *testing.T) {
	day1 := schUTC(2030, 1, 1, 20, 0)
	a := Entry{Campaign: 1, Kind: OrderDeadline, Spec: "0 20 * * *", TimeZone: "UTC", LastRun: day1, RemindBefore: time.Hour}
	clock := NewFakeClock(schUTC(2030, 1, 2, 18, 0))
	logs := &schLog{}
	h := &schElsewhere{}
	s := New(clock, h, Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err := s.Start(context.Background(), []Entry{a}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Stop(context.Background()) })
	clock.Set(schUTC(2030, 1, 2, 19, 30))
	schSettle(t, s)
	clock.Set(schUTC(2030, 1, 2, 20, 1))
	schSettle(t, s)
	if h.deadlines.Load() != 1 || h.reminders.Load() != 1 {
		t.Fatalf("%d deadline and %d reminder calls, want 1 and 1", h.deadlines.Load(), h.reminders.Load())
	}
	if e, _ := s.Entry(1, OrderDeadline); !e.LastRun.Equal(day1) {
		t.Errorf("LastRun %v after a deadline run elsewhere, want %v (not run here)", e.LastRun, day1)
	}
	if strings.Contains(logs.String(), "failed") {
		t.Errorf("a deadline run elsewhere was logged as failed: %s", logs)
	}
	t.Run("TakesLastRun", func(t *testing.T) {
		ran := a
		ran.LastRun = schUTC(2030, 1, 2, 20, 0)
		b := Entry{Campaign: 2, Kind: OrderDeadline, Spec: "0 21 * * *", TimeZone: "UTC"}
		if err := s.Sync([]Entry{ran, b}, func(Key) bool { return false }); err != nil {
			t.Fatal(err)
		}
		if e, _ := s.Entry(1, OrderDeadline); !e.LastRun.Equal(ran.LastRun) {
			t.Errorf("LastRun %v after Sync, want the stored %v", e.LastRun, ran.LastRun)
		}
		if next, _ := s.Next(2, OrderDeadline); !next.Equal(schUTC(2030, 1, 2, 21, 0)) {
			t.Errorf("a campaign made elsewhere is due %v, want 21:00 today", next)
		}
	})
	t.Run("TakesPauseAndRemoves", func(t *testing.T) {
		paused := a
		paused.LastRun, paused.Paused = schUTC(2030, 1, 2, 20, 0), true
		if err := s.Sync([]Entry{paused}, func(Key) bool { return false }); err != nil {
			t.Fatal(err)
		}
		if e, _ := s.Entry(1, OrderDeadline); !e.Paused {
			t.Error("a pause stored elsewhere was not taken")
		}
		if _, ok := s.Entry(2, OrderDeadline); ok {
			t.Error("an entry no longer stored is still scheduled")
		}
	})
	t.Run("CatchesUpTakenOver", func(t *testing.T) {
		// The process that held campaign 1 died before running two
		// deadlines: its stored LastRun is still day 1's.
		clock.Set(schUTC(2030, 1, 3, 20, 30))
		st := schNewStore(a)
		s2 := New(clock, h, Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
		if err := s2.Start(context.Background(), []Entry{a}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s2.Stop(context.Background()) })
		schSettle(t, s2)
		s2.handler = st // this process has just taken campaign 1 over
		if err := s2.Sync(st.entries(), func(k Key) bool { return k.Campaign == 1 }); err != nil {
			t.Fatal(err)
		}
		schSettle(t, s2)
		if len(st.work) != 1 || !st.work[0].Due.Equal(schUTC(2030, 1, 3, 20, 0)) || st.work[0].Skipped != 1 {
			t.Fatalf("caught up %+v, want one run of the latest deadline (Jan 3 20:00) with 1 skipped", st.work)
		}
	})
	t.Run("RemindsAgainTakenOver", func(t *testing.T) {
		// Inside the reminder window of Jan 4 20:00 this process left
		// the reminder to the holder, which died: taking the campaign
		// over, it tries the reminder itself (the Handler knows whether
		// it went out).
		ran := a
		ran.LastRun = schUTC(2030, 1, 3, 20, 0)
		clock.Set(schUTC(2030, 1, 4, 19, 10))
		h3 := &schElsewhere{}
		s3 := New(clock, h3, Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
		if err := s3.Start(context.Background(), []Entry{ran}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s3.Stop(context.Background()) })
		schSettle(t, s3)
		if h3.reminders.Load() != 1 {
			t.Fatalf("%d reminder calls before the takeover, want 1 (left elsewhere)", h3.reminders.Load())
		}
		st := schNewStore(ran)
		s3.handler = st
		if err := s3.Sync(st.entries(), func(Key) bool { return false }); err != nil {
			t.Fatal(err)
		}
		schSettle(t, s3)
		if len(st.reminders) != 0 {
			t.Fatalf("reminded %v without a takeover, want none", st.reminders)
		}
		if err := s3.Sync(st.entries(), func(k Key) bool { return k.Campaign == 1 }); err != nil {
			t.Fatal(err)
		}
		schSettle(t, s3)
		if len(st.reminders) != 1 || !st.reminders[0].Equal(schUTC(2030, 1, 4, 20, 0)) || len(st.work) != 0 {
			t.Fatalf("after the takeover: reminders %v, runs %+v; want the Jan 4 20:00 reminder and no run", st.reminders, st.work)
		}
	})
}
