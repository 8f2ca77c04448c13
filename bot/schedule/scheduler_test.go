package schedule

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func schEntry(campaign int64, spec, zone string) Entry {
	return Entry{Campaign: campaign, Kind: OrderDeadline, Spec: spec, TimeZone: zone}
}

// Ensure a deadline fires at its instant in its zone, not before.
func TestSchedulerFiresInZone(t *testing.T) {
	tests := []struct {
		zone string
		want time.Time // 20:00 local after 2026-01-10 12:00 UTC
	}{
		{"America/New_York", schUTC(2026, 1, 11, 1, 0)},
		{"Europe/Berlin", schUTC(2026, 1, 10, 19, 0)},
		{"Asia/Tokyo", schUTC(2026, 1, 11, 11, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.zone, func(t *testing.T) {
			st := schNewStore(schEntry(1, "0 20 * * *", tt.zone))
			s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 2)
			if got, _ := s.Next(1, OrderDeadline); !got.Equal(tt.want) {
				t.Fatalf("Next = %v, want %v", got, tt.want)
			}
			clock.Set(tt.want.Add(-time.Second))
			schSettle(t, s)
			schTimes(t, "before", st.dues(), nil)
			clock.Advance(time.Second)
			schSettle(t, s)
			schTimes(t, "at", st.dues(), []time.Time{tt.want})
			if got, _ := s.Next(1, OrderDeadline); !got.Equal(tt.want.Add(24 * time.Hour)) {
				t.Errorf("then Next = %v, want a day later", got)
			}
		})
	}
}

// Ensure the loop itself (not Settle) wakes on the clock's timer.
func TestSchedulerLoopUsesTimer(t *testing.T) {
	st := schNewStore(schEntry(1, "0 20 * * *", "UTC"))
	st.started = make(chan Run, 1)
	_, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 1)
	clock.Set(schUTC(2026, 1, 10, 20, 0))
	select {
	case r := <-st.started:
		if !r.Due.Equal(schUTC(2026, 1, 10, 20, 0)) {
			t.Errorf("due %v", r.Due)
		}
	case <-time.After(30 * time.Second): // a hang guard only
		t.Fatal("the loop did not fire on the clock's timer")
	}
}

// Ensure a job set while the loop waits for a later one wakes it: its
// timer is moved to the new job's earlier event, with no Settle going
// through every job (jobChangedLocked).
func TestSchedulerLoopWakesForEarlierJob(t *testing.T) {
	st := schNewStore(schEntry(1, "0 20 * * *", "UTC"))
	st.started = make(chan Run, 2)
	s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 1)
	// The loop has aimed its timer at 20:00 (a poll: the loop runs on
	// its own goroutine; the guard below only bounds a hang).
	for start := time.Now(); clock.Timers() == 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("the loop never aimed its timer")
		}
	}
	if err := s.Set(schEntry(2, "0 15 * * *", "UTC")); err != nil {
		t.Fatal(err)
	}
	clock.Set(schUTC(2026, 1, 10, 15, 0))
	select {
	case r := <-st.started:
		if r.Entry.Campaign != 2 || !r.Due.Equal(schUTC(2026, 1, 10, 15, 0)) {
			t.Errorf("ran campaign %d due %v, want campaign 2 at 15:00", r.Entry.Campaign, r.Due)
		}
	case <-time.After(30 * time.Second): // a hang guard only
		t.Fatal("the loop slept through the job set for 15:00, waiting for 20:00")
	}
}

// Ensure a reminder goes out RemindBefore ahead, once, and again for an
// extended deadline.
func TestSchedulerReminds(t *testing.T) {
	e := schEntry(1, "0 20 * * *", "UTC")
	e.RemindBefore = 2 * time.Hour
	st := schNewStore(e)
	s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 2)
	due := schUTC(2026, 1, 10, 20, 0)

	clock.Set(due.Add(-2*time.Hour - time.Minute))
	schSettle(t, s)
	schTimes(t, "early", st.reminded(), nil)
	clock.Advance(time.Minute)
	schSettle(t, s)
	schTimes(t, "at 18:00", st.reminded(), []time.Time{due})
	clock.Advance(time.Hour)
	schSettle(t, s)
	schTimes(t, "once", st.reminded(), []time.Time{due})

	if _, err := s.Extend(1, OrderDeadline, 3*time.Hour); err != nil {
		t.Fatal(err)
	}
	clock.Set(due.Add(time.Hour)) // 21:00, two hours before 23:00
	schSettle(t, s)
	schTimes(t, "extended", st.reminded(), []time.Time{due, due.Add(3 * time.Hour)})
	schTimes(t, "no deadline yet", st.dues(), nil)
}

// Ensure a deadline missed while the bot was down runs once at start, and
// not again after a restart, even one before the scheduler learnt of the
// commit.
func TestSchedulerCatchUpExactlyOnce(t *testing.T) {
	e := schEntry(1, "0 20 * * *", "UTC")
	e.LastRun = schUTC(2026, 1, 1, 20, 0)
	st := schNewStore(e)
	now := schUTC(2026, 1, 4, 12, 0)

	s, _, _ := schStart(t, now, st, 2)
	schTimes(t, "first start", st.dues(), []time.Time{schUTC(2026, 1, 3, 20, 0)})
	if r := st.work[0]; r.Skipped != 1 || r.Forced {
		t.Errorf("run %+v, want Skipped 1 (2 January), not forced", r)
	}
	if got, _ := s.Next(1, OrderDeadline); !got.Equal(schUTC(2026, 1, 4, 20, 0)) {
		t.Errorf("Next = %v", got)
	}

	t.Run("RestartWithStoredEntry", func(t *testing.T) {
		calls := st.calls
		schStart(t, now, st, 2)
		schTimes(t, "second start", st.dues(), []time.Time{schUTC(2026, 1, 3, 20, 0)})
		if st.calls != calls {
			t.Errorf("Deadline called %d more times, want none", st.calls-calls)
		}
	})
	t.Run("RestartWithStaleEntry", func(t *testing.T) {
		// The process died after the commit but the shell started from an
		// older copy: the handler's Done check keeps the work single.
		calls := st.calls
		clock := NewFakeClock(now)
		s2 := New(clock, st, Options{Logger: schDiscard})
		if err := s2.Start(context.Background(), []Entry{e}); err != nil {
			t.Fatal(err)
		}
		schSettle(t, s2)
		if err := s2.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		if st.calls != calls+1 {
			t.Errorf("Deadline called %d times, want 1", st.calls-calls)
		}
		schTimes(t, "work", st.dues(), []time.Time{schUTC(2026, 1, 3, 20, 0)})
	})
	t.Run("NeverRunCatchesNothing", func(t *testing.T) {
		st := schNewStore(schEntry(2, "0 20 * * *", "UTC"))
		schStart(t, now, st, 2)
		schTimes(t, "zero LastRun", st.dues(), nil)
	})
	t.Run("PausedCatchesNothing", func(t *testing.T) {
		p := e
		p.Paused = true
		st := schNewStore(p)
		schStart(t, now, st, 2)
		schTimes(t, "paused", st.dues(), nil)
	})
	t.Run("PendingExtensionIsKept", func(t *testing.T) {
		x := e
		x.LastRun = schUTC(2026, 1, 3, 20, 0)
		x.ExtendedUntil = schUTC(2026, 1, 5, 8, 0) // extended past 4 Jan 20:00
		st := schNewStore(x)
		s, clock, _ := schStart(t, now, st, 2)
		if got, _ := s.Next(1, OrderDeadline); !got.Equal(x.ExtendedUntil) {
			t.Fatalf("Next = %v, want the extension", got)
		}
		clock.Set(schUTC(2026, 1, 5, 8, 0))
		schSettle(t, s)
		schTimes(t, "extended", st.dues(), []time.Time{x.ExtendedUntil})
		if got := st.entries()[0]; !got.ExtendedUntil.IsZero() {
			t.Errorf("stored ExtendedUntil %v, want cleared", got.ExtendedUntil)
		}
	})
}

// Ensure a paused schedule neither fires nor reminds, and Resume skips what
// passed meanwhile.
func TestSchedulerPauseResume(t *testing.T) {
	e := schEntry(1, "0 20 * * *", "UTC")
	e.RemindBefore = time.Hour
	st := schNewStore(e)
	s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 2)
	got, err := s.Pause(1, OrderDeadline)
	if err != nil || !got.Paused {
		t.Fatalf("Pause = %+v, %v", got, err)
	}
	clock.Set(schUTC(2026, 1, 11, 12, 0))
	schSettle(t, s)
	schTimes(t, "paused", st.dues(), nil)
	schTimes(t, "paused reminders", st.reminded(), nil)

	got, err = s.Resume(1, OrderDeadline)
	if err != nil || got.Paused {
		t.Fatalf("Resume = %+v, %v", got, err)
	}
	schSettle(t, s)
	schTimes(t, "resumed", st.dues(), nil)
	if next, _ := s.Next(1, OrderDeadline); !next.Equal(schUTC(2026, 1, 11, 20, 0)) {
		t.Errorf("Next = %v", next)
	}
	clock.Set(schUTC(2026, 1, 11, 20, 0))
	schSettle(t, s)
	schTimes(t, "after resume", st.dues(), []time.Time{schUTC(2026, 1, 11, 20, 0)})

	if _, err := s.Pause(9, OrderDeadline); !errors.Is(err, ErrUnknown) {
		t.Errorf("Pause(unknown) = %v, want ErrUnknown", err)
	}
}

// Ensure Extend moves one deadline only, adds up, and refuses nonsense.
func TestSchedulerExtend(t *testing.T) {
	st := schNewStore(schEntry(1, "0 20 * * *", "UTC"))
	s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 2)
	if _, err := s.Extend(1, OrderDeadline, 2*time.Hour); err != nil {
		t.Fatal(err)
	}
	got, err := s.Extend(1, OrderDeadline, time.Hour)
	if want := schUTC(2026, 1, 10, 23, 0); err != nil || !got.ExtendedUntil.Equal(want) {
		t.Fatalf("Extend = %v, %v; want ExtendedUntil %v", got.ExtendedUntil, err, want)
	}
	clock.Set(schUTC(2026, 1, 10, 22, 59))
	schSettle(t, s)
	schTimes(t, "before", st.dues(), nil)
	clock.Set(schUTC(2026, 1, 10, 23, 0))
	schSettle(t, s)
	schTimes(t, "extended", st.dues(), []time.Time{schUTC(2026, 1, 10, 23, 0)})
	if next, _ := s.Next(1, OrderDeadline); !next.Equal(schUTC(2026, 1, 11, 20, 0)) {
		t.Errorf("the following deadline %v, want the spec's", next)
	}

	for _, d := range []time.Duration{0, -time.Hour} {
		if _, err := s.Extend(1, OrderDeadline, d); err == nil || !strings.Contains(err.Error(), "positive") {
			t.Errorf("Extend(%v) = %v", d, err)
		}
	}
	if _, err := s.Extend(2, BattleDeadline, time.Hour); !errors.Is(err, ErrUnknown) {
		t.Errorf("Extend(unknown) = %v", err)
	}
}

// Ensure Advance runs the deadline now, paused or not, and drops a pending
// extension.
func TestSchedulerAdvance(t *testing.T) {
	st := schNewStore(schEntry(1, "0 20 * * *", "UTC"))
	now := schUTC(2026, 1, 10, 12, 0)
	s, _, _ := schStart(t, now, st, 2)
	if _, err := s.Extend(1, OrderDeadline, time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pause(1, OrderDeadline); err != nil {
		t.Fatal(err)
	}
	if err := s.Advance(1, OrderDeadline); err != nil {
		t.Fatal(err)
	}
	schSettle(t, s)
	schTimes(t, "forced", st.dues(), []time.Time{now})
	if !st.work[0].Forced {
		t.Error("run not marked Forced")
	}
	if next, _ := s.Next(1, OrderDeadline); !next.Equal(schUTC(2026, 1, 10, 20, 0)) {
		t.Errorf("Next = %v, want today's 20:00 without the extension", next)
	}
	if e, _ := s.Entry(1, OrderDeadline); !e.LastRun.Equal(now) || !e.ExtendedUntil.IsZero() || !e.Paused {
		t.Errorf("entry %+v", e)
	}
	if err := s.Advance(3, OrderDeadline); !errors.Is(err, ErrUnknown) {
		t.Errorf("Advance(unknown) = %v", err)
	}
}

// Ensure schedules can be added, changed and removed while running.
func TestSchedulerSetRemove(t *testing.T) {
	st := schNewStore()
	s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 2)
	battle := Entry{Campaign: 4, Kind: BattleDeadline, Spec: "0 */6 * * *", TimeZone: "UTC",
		LastRun: schUTC(2026, 1, 9, 0, 0)} // long past: Set does not catch up
	if err := s.Set(battle); err != nil {
		t.Fatal(err)
	}
	schSettle(t, s)
	schTimes(t, "no catch-up on Set", st.dues(), nil)
	if next, _ := s.Next(4, BattleDeadline); !next.Equal(schUTC(2026, 1, 10, 18, 0)) {
		t.Errorf("Next = %v", next)
	}
	battle.Spec = "0 13 * * *"
	if err := s.Set(battle); err != nil {
		t.Fatal(err)
	}
	if next, _ := s.Next(4, BattleDeadline); !next.Equal(schUTC(2026, 1, 10, 13, 0)) {
		t.Errorf("after update Next = %v", next)
	}
	bad := battle
	bad.Spec = "0 13 * *"
	if err := s.Set(bad); err == nil || !strings.Contains(err.Error(), `"0 13 * *"`) {
		t.Errorf("Set(bad) = %v", err)
	}
	s.Remove(4, BattleDeadline)
	if _, ok := s.Next(4, BattleDeadline); ok {
		t.Error("removed schedule still has a next deadline")
	}
	clock.Set(schUTC(2026, 1, 11, 0, 0))
	schSettle(t, s)
	schTimes(t, "removed", st.dues(), nil)
}

// Ensure Start schedules the good entries and names each bad one.
func TestSchedulerStartBadEntries(t *testing.T) {
	good := schEntry(1, "0 20 * * *", "UTC")
	bad := schEntry(2, "0 20 * *", "UTC")
	zone := schEntry(3, "0 20 * * *", "Mars/Olympus")
	s := New(NewFakeClock(schUTC(2026, 1, 1, 0, 0)), schNewStore(), Options{Logger: schDiscard})
	defer s.Stop(context.Background())
	err := s.Start(context.Background(), []Entry{good, bad, zone, good})
	for _, want := range []string{"campaign 2 order deadline", `"0 20 * *"`, "Mars/Olympus", "listed twice"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Start error %v does not name %q", err, want)
		}
	}
	if _, ok := s.Next(1, OrderDeadline); !ok {
		t.Error("the good entry was not scheduled")
	}
	if err := s.Start(context.Background(), nil); !errors.Is(err, ErrStarted) {
		t.Errorf("second Start = %v", err)
	}
}

// Ensure a failing (or panicking) handler is logged, its deadline is not
// retried in-process, and the next deadline runs as usual.
func TestSchedulerFailingHandler(t *testing.T) {
	for _, mode := range []string{"Error", "Panic"} {
		t.Run(mode, func(t *testing.T) {
			e := schEntry(1, "0 20 * * *", "UTC")
			st := schNewStore(e)
			first := schUTC(2026, 1, 10, 20, 0)
			st.fail = func(r Run) error {
				if r.Due.Equal(first) {
					if mode == "Panic" {
						panic("handler bug")
					}
					return errSchBoom
				}
				return nil
			}
			s, clock, logs := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 2)
			clock.Set(first)
			schSettle(t, s)
			schTimes(t, "failed", st.dues(), nil)
			if !strings.Contains(logs.String(), "deadline failed") {
				t.Errorf("log %q lacks the failure", logs.String())
			}
			if got, _ := s.Entry(1, OrderDeadline); !got.LastRun.IsZero() {
				t.Errorf("LastRun advanced to %v after a failure", got.LastRun)
			}
			clock.Set(schUTC(2026, 1, 11, 19, 59))
			schSettle(t, s)
			schTimes(t, "not retried early", st.dues(), nil)
			clock.Set(schUTC(2026, 1, 11, 20, 0))
			schSettle(t, s)
			schTimes(t, "next deadline", st.dues(), []time.Time{schUTC(2026, 1, 11, 20, 0)})
		})
	}
}

// Ensure Stop waits for a running handler, and gives up (cancelling it)
// when its context ends.
func TestSchedulerStop(t *testing.T) {
	t.Run("WaitsForInFlight", func(t *testing.T) {
		st := schNewStore(schEntry(1, "0 20 * * *", "UTC"))
		st.block, st.started = make(chan struct{}), make(chan Run, 1)
		clock := NewFakeClock(schUTC(2026, 1, 10, 12, 0))
		s := New(clock, st, Options{Logger: schDiscard})
		if err := s.Start(context.Background(), st.entries()); err != nil {
			t.Fatal(err)
		}
		if err := s.Advance(1, OrderDeadline); err != nil {
			t.Fatal(err)
		}
		<-st.started
		stopped := make(chan error)
		go func() { stopped <- s.Stop(context.Background()) }()
		select {
		case err := <-stopped:
			t.Fatalf("Stop returned %v with a handler running", err)
		default:
		}
		close(st.block)
		if err := <-stopped; err != nil {
			t.Fatal(err)
		}
		schTimes(t, "finished", st.dues(), []time.Time{schUTC(2026, 1, 10, 12, 0)})
		if err := s.Advance(1, OrderDeadline); !errors.Is(err, ErrStopped) {
			t.Errorf("Advance after Stop = %v", err)
		}
	})
	t.Run("ContextEnds", func(t *testing.T) {
		st := schNewStore(schEntry(1, "0 20 * * *", "UTC"))
		st.block, st.started = make(chan struct{}), make(chan Run, 1)
		s := New(NewFakeClock(schUTC(2026, 1, 10, 12, 0)), st, Options{Logger: schDiscard})
		if err := s.Start(context.Background(), st.entries()); err != nil {
			t.Fatal(err)
		}
		if err := s.Advance(1, OrderDeadline); err != nil {
			t.Fatal(err)
		}
		<-st.started
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := s.Stop(ctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("Stop = %v, want context.Canceled", err)
		}
		schSettle(t, s) // the handler sees its context cancelled and returns
		schTimes(t, "cancelled", st.dues(), nil)
	})
}

// Ensure 1,000 campaigns due in the same minute all run, never more at once
// than the worker bound.
func TestScheduler1000SameMinute(t *testing.T) {
	const n, workers = 1000, 8
	var entries []Entry
	for i := range n {
		// Spread over the minute's seconds? Cron has none: all share 20:00.
		entries = append(entries, schEntry(int64(i+1), "0 20 * * *", "UTC"))
	}
	st := schNewStore(entries...)
	s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, workers)
	clock.Set(schUTC(2026, 1, 10, 20, 0))
	schSettle(t, s)
	if got := len(st.dues()); got != n {
		t.Fatalf("%d campaigns processed, want %d", got, n)
	}
	if st.maxRunning > workers {
		t.Errorf("%d handlers ran at once, bound %d", st.maxRunning, workers)
	}
	seen := map[int64]bool{}
	for _, r := range st.work {
		seen[r.Entry.Campaign] = true
	}
	if len(seen) != n {
		t.Errorf("%d distinct campaigns, want %d", len(seen), n)
	}
}

// Ensure control calls from many goroutines while time runs are safe
// (run with -race) and never overlap two calls for one campaign.
func TestSchedulerConcurrentControl(t *testing.T) {
	var entries []Entry
	for i := range 20 {
		e := schEntry(int64(i+1), "*/5 * * * *", "Europe/Berlin")
		e.RemindBefore = 2 * time.Minute
		entries = append(entries, e)
	}
	st := schNewStore(entries...)
	s, clock, _ := schStart(t, schUTC(2026, 3, 29, 0, 0), st, 3)
	done := make(chan struct{})
	for g := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 200 {
				id := int64((g*7+i)%20 + 1)
				switch i % 6 {
				case 0:
					s.Pause(id, OrderDeadline)
				case 1:
					s.Resume(id, OrderDeadline)
				case 2:
					s.Extend(id, OrderDeadline, time.Minute)
				case 3:
					s.Advance(id, OrderDeadline)
				case 4:
					s.Set(entries[id-1])
				case 5:
					s.Next(id, OrderDeadline)
				}
			}
		}()
	}
	for range 300 {
		clock.Advance(time.Minute)
	}
	for range 4 {
		<-done
	}
	schSettle(t, s)
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.overlaps != 0 {
		t.Errorf("%d overlapping calls for one campaign", st.overlaps)
	}
	if st.calls == 0 {
		t.Error("no deadline ran")
	}
}

// Ensure a second Advance while the first run is in progress waits for it
// rather than running alongside, and then runs once.
func TestSchedulerAdvanceWhileRunning(t *testing.T) {
	st := schNewStore(schEntry(1, "0 20 * * *", "UTC"))
	st.block, st.started = make(chan struct{}), make(chan Run, 2)
	s, clock, _ := schStart(t, schUTC(2026, 1, 10, 12, 0), st, 4)
	if err := s.Advance(1, OrderDeadline); err != nil {
		t.Fatal(err)
	}
	<-st.started
	clock.Advance(time.Minute)
	if err := s.Advance(1, OrderDeadline); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	inflight := s.inflight
	s.mu.Unlock()
	if inflight != 1 {
		t.Fatalf("%d calls in flight for one campaign, want 1", inflight)
	}
	close(st.block)
	schSettle(t, s)
	schTimes(t, "two forced runs in turn", st.dues(),
		[]time.Time{schUTC(2026, 1, 10, 12, 0), schUTC(2026, 1, 10, 12, 1)})
}

// countHandler counts calls without storage, for the benchmark.
type schCounter struct{ n atomic.Int64 }

func (c *schCounter) Deadline(context.Context, Run) error            { c.n.Add(1); return nil }
func (c *schCounter) Remind(context.Context, Entry, time.Time) error { return nil }

// BenchmarkDispatch1000 measures dispatching 1,000 campaigns due at once
// (scheduler overhead only; the DESIGN budget of 60 s includes the turns).
func BenchmarkDispatch1000(b *testing.B) {
	var entries []Entry
	for i := range 1000 {
		entries = append(entries, schEntry(int64(i+1), "0 20 * * *", "UTC"))
	}
	for _, workers := range []int{1, 4, 16} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for b.Loop() {
				clock := NewFakeClock(schUTC(2026, 1, 10, 12, 0))
				h := &schCounter{}
				s := New(clock, h, Options{Workers: workers, Logger: schDiscard})
				if err := s.Start(context.Background(), entries); err != nil {
					b.Fatal(err)
				}
				clock.Set(schUTC(2026, 1, 10, 20, 0))
				if err := s.Settle(context.Background()); err != nil {
					b.Fatal(err)
				}
				if h.n.Load() != 1000 {
					b.Fatalf("%d dispatched", h.n.Load())
				}
				s.Stop(context.Background())
			}
		})
	}
}
