package schedule

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"
)

// schStore is the handler tests use: it keeps entries as storage would and
// follows the Handler contract (check Done, work, store, all under one lock
// standing for one transaction).
type schStore struct {
	mu         sync.Mutex
	stored     map[Key]Entry
	work       []Run // runs that did their work (not already Done)
	calls      int   // Deadline calls, including no-ops
	reminders  []time.Time
	fail       func(Run) error
	block      chan struct{} // Deadline waits on it when non-nil
	started    chan Run      // told of each Deadline call when non-nil
	running    int
	maxRunning int
	perKey     map[Key]int
	overlaps   int // calls for one key that ran at the same time
}

func schNewStore(entries ...Entry) *schStore {
	st := &schStore{stored: map[Key]Entry{}, perKey: map[Key]int{}}
	for _, e := range entries {
		st.stored[e.Key()] = e
	}
	return st
}

func (st *schStore) Deadline(ctx context.Context, r Run) error {
	st.mu.Lock()
	st.calls++
	st.running++
	st.maxRunning = max(st.maxRunning, st.running)
	if st.perKey[r.Entry.Key()]++; st.perKey[r.Entry.Key()] > 1 {
		st.overlaps++
	}
	block, started := st.block, st.started
	st.mu.Unlock()
	defer func() {
		st.mu.Lock()
		st.running--
		st.perKey[r.Entry.Key()]--
		st.mu.Unlock()
	}()
	if started != nil {
		started <- r
	}
	if block != nil {
		select {
		case <-block:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if r.Done(st.stored[r.Entry.Key()].LastRun) {
		return nil
	}
	if st.fail != nil {
		if err := st.fail(r); err != nil {
			return err
		}
	}
	st.work = append(st.work, r)
	st.stored[r.Entry.Key()] = r.Entry
	return nil
}

func (st *schStore) Remind(_ context.Context, e Entry, due time.Time) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.reminders = append(st.reminders, due)
	return nil
}

func (st *schStore) entries() []Entry {
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []Entry
	for _, e := range st.stored {
		out = append(out, e)
	}
	return out
}

func (st *schStore) dues() []time.Time {
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []time.Time
	for _, r := range st.work {
		out = append(out, r.Due)
	}
	return out
}

func (st *schStore) reminded() []time.Time {
	st.mu.Lock()
	defer st.mu.Unlock()
	return append([]time.Time(nil), st.reminders...)
}

// schLog is a goroutine-safe buffer for a test logger.
type schLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *schLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *schLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// schStart starts a scheduler on a fake clock at now with the store's
// entries, and stops it when the test ends.
func schStart(t *testing.T, now time.Time, st *schStore, workers int) (*Scheduler, *FakeClock, *schLog) {
	t.Helper()
	clock := NewFakeClock(now)
	logs := &schLog{}
	s := New(clock, st, Options{Workers: workers, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err := s.Start(context.Background(), st.entries()); err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if st.block != nil {
			select {
			case <-st.block:
			default:
				close(st.block)
			}
		}
		if err := s.Stop(context.Background()); err != nil {
			t.Errorf("Stop: %v", err)
		}
	})
	schSettle(t, s)
	return s, clock, logs
}

// schSettle runs what is due now and waits for it. The timeout only turns
// a hang into a failure; no result depends on it.
func schSettle(t *testing.T, s *Scheduler) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.Settle(ctx); err != nil {
		t.Fatalf("Settle: %v", err)
	}
}

func schUTC(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, time.UTC)
}

func schTimes(t *testing.T, what string, got, want []time.Time) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %v, want %v", what, got, want)
	}
	for i := range got {
		if !got[i].Equal(want[i]) {
			t.Fatalf("%s: got %v, want %v", what, got, want)
		}
	}
}

var errSchBoom = errors.New("boom")

var schDiscard = slog.New(slog.DiscardHandler)
