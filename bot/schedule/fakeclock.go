package schedule

import (
	"sync"
	"time"
)

// FakeClock is a Clock that moves only when told to. It is safe for
// concurrent use. Tests pair Advance with Scheduler.Settle to run exactly
// what is due at the new time, without sleeping.
type FakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

// NewFakeClock returns a clock that reads now until moved.
func NewFakeClock(now time.Time) *FakeClock { return &FakeClock{now: now} }

// Now returns the clock's current reading.
func (f *FakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// Advance moves the clock forward by d (a negative d is ignored: the
// scheduler's clock never runs backwards) and fires every timer now due.
func (f *FakeClock) Advance(d time.Duration) {
	if d < 0 {
		d = 0
	}
	f.mu.Lock()
	f.now = f.now.Add(d)
	f.fireLocked()
	f.mu.Unlock()
}

// Set moves the clock to t if t is later than its reading.
func (f *FakeClock) Set(t time.Time) {
	f.mu.Lock()
	if t.After(f.now) {
		f.now = t
	}
	f.fireLocked()
	f.mu.Unlock()
}

// Timers returns how many timers are waiting to fire.
func (f *FakeClock) Timers() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.timers)
}

// TimerAt returns a timer that fires when the clock reaches t.
func (f *FakeClock) TimerAt(t time.Time) Timer {
	ft := &fakeTimer{clock: f, at: t, c: make(chan time.Time, 1)}
	f.mu.Lock()
	f.timers = append(f.timers, ft)
	f.fireLocked()
	f.mu.Unlock()
	return ft
}

func (f *FakeClock) fireLocked() {
	kept := f.timers[:0]
	for _, t := range f.timers {
		if t.at.After(f.now) {
			kept = append(kept, t)
			continue
		}
		t.c <- f.now // buffered, and each timer fires once
	}
	clear(f.timers[len(kept):])
	f.timers = kept
}

type fakeTimer struct {
	clock *FakeClock
	at    time.Time
	c     chan time.Time
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Stop() bool {
	f := t.clock
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, other := range f.timers {
		if other == t {
			f.timers = append(f.timers[:i], f.timers[i+1:]...)
			return true
		}
	}
	return false
}
