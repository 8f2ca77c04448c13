package schedule

import "time"

// Clock is the scheduler's only source of time. The real one reads the wall
// clock; FakeClock lets tests move time by hand, so no test sleeps.
//
// Timers take an absolute instant rather than a duration: a loop that reads
// Now and then asks for a timer would otherwise aim late whenever the clock
// moves between the two calls (which a fake clock in a test does at will).
type Clock interface {
	Now() time.Time
	// TimerAt returns a timer whose channel receives once the clock reads
	// at or after t (at once if it already does).
	TimerAt(t time.Time) Timer
}

// Timer is the part of *time.Timer the scheduler uses.
type Timer interface {
	C() <-chan time.Time
	// Stop prevents the timer from firing; it reports whether it did so.
	Stop() bool
}

// RealClock reads the machine's clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// TimerAt wraps time.NewTimer. The scheduler re-reads Now when the timer
// fires and waits again if it woke early (the wall clock may have been set
// back), so a timer that drifts from the wall clock only delays, never
// advances, a deadline.
func (RealClock) TimerAt(t time.Time) Timer {
	return realTimer{time.NewTimer(time.Until(t))}
}

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time { return r.t.C }
func (r realTimer) Stop() bool          { return r.t.Stop() }
