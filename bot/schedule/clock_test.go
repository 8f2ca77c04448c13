package schedule

import (
	"testing"
	"time"
)

// Ensure the fake clock fires a timer when it reaches the timer's instant,
// never before, and not after Stop.
func TestFakeClock(t *testing.T) {
	start := schUTC(2026, 1, 1, 0, 0)
	c := NewFakeClock(start)
	a := c.TimerAt(start.Add(time.Hour))
	b := c.TimerAt(start.Add(2 * time.Hour))
	fired := func(tm Timer) bool {
		select {
		case <-tm.C():
			return true
		default:
			return false
		}
	}
	c.Advance(59 * time.Minute)
	if fired(a) || fired(b) {
		t.Fatal("a timer fired early")
	}
	c.Advance(time.Minute)
	if !fired(a) || fired(b) {
		t.Fatal("want only the one-hour timer fired")
	}
	if !b.Stop() {
		t.Error("Stop of a pending timer reported false")
	}
	c.Advance(2 * time.Hour)
	if fired(b) {
		t.Error("a stopped timer fired")
	}
	if a.Stop() {
		t.Error("Stop of a fired timer reported true")
	}
	c.Advance(-time.Hour)
	if got, want := c.Now(), start.Add(3*time.Hour); !got.Equal(want) {
		t.Errorf("Now = %v after a negative Advance, want %v", got, want)
	}
	if past := c.TimerAt(start); !fired(past) {
		t.Error("a timer for a past instant did not fire at once")
	}
	if c.Timers() != 0 {
		t.Errorf("%d timers left", c.Timers())
	}
}

// Ensure the real clock's timer for a past instant fires.
func TestRealClockPastTimer(t *testing.T) {
	var c Clock = RealClock{}
	tm := c.TimerAt(c.Now().Add(-time.Hour))
	<-tm.C()
	if tm.Stop() {
		t.Error("Stop after firing reported true")
	}
}
