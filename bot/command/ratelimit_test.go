package command

import (
	"strings"
	"testing"
	"time"
)

var rlT0 = time.Date(3028, 1, 1, 20, 0, 0, 0, time.UTC)

// rlAt runs a command as user at t0+at.
func (f *cmdFixture) rlAt(at time.Duration, user, name, sub string, kv ...string) string {
	f.tb.Helper()
	r := cmdRequest(user, name, sub, kv...)
	r.Now = rlT0.Add(at)
	return cmdTexts(f.reg.Dispatch(f.tb.Context(), r))
}

// Ensure a bucket lets Burst takes through at once, then one per Every,
// each user and class on its own, and says how long to wait.
func TestLimiterTake(t *testing.T) {
	type step struct {
		user  string
		class RateClass
		at    time.Duration
		ok    bool
		wait  time.Duration
	}
	tests := []struct {
		name   string
		limits RateLimits
		steps  []step
	}{
		{"RenderDefaults", RateLimits{}, []step{
			{"a", Render, 0, true, 0}, {"a", Render, 0, true, 0}, {"a", Render, 0, true, 0},
			{"a", Render, 0, false, 3 * time.Second},
			{"a", Render, time.Second, false, 2 * time.Second},
			{"a", Render, 3 * time.Second, true, 0},
			{"a", Render, 3 * time.Second, false, 3 * time.Second},
			// Another user and another class have buckets of their own.
			{"b", Render, 3 * time.Second, true, 0},
			{"a", Export, 3 * time.Second, true, 0},
			// A long pause refills the bucket to Burst, no more.
			{"a", Render, time.Hour, true, 0}, {"a", Render, time.Hour, true, 0}, {"a", Render, time.Hour, true, 0},
			{"a", Render, time.Hour, false, 3 * time.Second},
		}},
		{"AutoResolveDefaults", RateLimits{}, []step{
			{"ref", AutoResolve, 0, true, 0},
			{"ref", AutoResolve, 29 * time.Second, false, time.Second},
			{"ref", AutoResolve, 30 * time.Second, true, 0},
		}},
		{"Configured", RateLimits{Advance: Rate{Every: time.Minute, Burst: 1}, Render: Rate{Burst: 1}}, []step{
			{"ref", Advance, 0, true, 0},
			{"ref", Advance, 10 * time.Second, false, 50 * time.Second},
			// Render's Every stays the default 3 s; its burst is 1.
			{"a", Render, 0, true, 0},
			{"a", Render, 0, false, 3 * time.Second},
		}},
		{"Off", RateLimits{Off: true}, []step{
			{"a", Render, 0, true, 0}, {"a", Render, 0, true, 0}, {"a", Render, 0, true, 0}, {"a", Render, 0, true, 0},
		}},
		{"Cheap", RateLimits{}, []step{
			{"a", Cheap, 0, true, 0}, {"a", Cheap, 0, true, 0}, {"a", Cheap, 0, true, 0}, {"a", Cheap, 0, true, 0},
		}},
		{"ClockBack", RateLimits{}, []step{
			// A request stamped earlier than the last does not refill.
			{"ref", AutoResolve, time.Minute, true, 0},
			{"ref", AutoResolve, 0, false, 90 * time.Second},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLimiter(tt.limits)
			for i, s := range tt.steps {
				wait, ok := l.take(s.user, s.class, rlT0.Add(s.at))
				if ok != s.ok || wait != s.wait {
					t.Errorf("step %d %+v: got ok %t wait %v", i, s, ok, wait)
				}
			}
		})
	}
}

// Ensure full buckets are swept, so the table does not grow with every
// user ever seen.
func TestLimiterPrune(t *testing.T) {
	l := newLimiter(RateLimits{})
	for i := range pruneEvery - 1 {
		l.take(string(rune('a'+i%26))+strings.Repeat("x", i/26), Render, rlT0)
	}
	if got := len(l.full); got == 0 {
		t.Fatalf("no buckets kept")
	}
	l.take("late", Render, rlT0.Add(time.Hour)) // the pruneEvery-th take
	if got, want := len(l.full), 1; got != want {
		t.Errorf("%d buckets after the sweep, want %d", got, want)
	}
}

// Ensure the registry applies the limits, after the permission check,
// with a private answer that names the command and the wait.
func TestRateLimitedCommands(t *testing.T) {
	t.Run("Render", func(t *testing.T) {
		f := rlFixture(t)
		for i := range 3 {
			if got := f.rlAt(0, "alice", "map", "strategic"); strings.Contains(got, "⚠") {
				t.Fatalf("map %d: %s", i, got)
			}
		}
		got := f.rlAt(time.Second, "alice", "map", "strategic")
		want := "private alice: ⚠ Slow down: /map strategic renders a map, which takes a while. Try again in 2 seconds.\n"
		if got != want {
			t.Errorf("4th map:\n got %q\nwant %q", got, want)
		}
		// /battle view draws a map too: same class, same bucket.
		if got := f.rlAt(time.Second, "alice", "battle", "view"); !strings.Contains(got, "Slow down: /battle view") {
			t.Errorf("battle view: %s", got)
		}
		// Bob's bucket is his own.
		if got := f.rlAt(time.Second, "bob", "map", "strategic"); strings.Contains(got, "⚠") {
			t.Errorf("bob: %s", got)
		}
		if got := f.rlAt(3*time.Second, "alice", "map", "strategic"); strings.Contains(got, "⚠") {
			t.Errorf("after 3 s: %s", got)
		}
	})
	t.Run("RefusedSpendsNothing", func(t *testing.T) {
		f := rlFixture(t)
		for range 5 {
			if got := f.rlAt(0, "mallory", "map", "strategic"); !strings.Contains(got, refusedWho) {
				t.Fatalf("stranger: %s", got)
			}
		}
		for range 5 {
			if got := f.rlAt(0, "alice", "campaign", "export"); !strings.Contains(got, refusedWho) {
				t.Fatalf("player export: %s", got)
			}
		}
		for range 3 {
			if got := f.rlAt(0, "mallory", "campaign", "join", "side", "nobody"); strings.Contains(got, "Slow down") {
				t.Fatalf("cheap command limited: %s", got)
			}
		}
	})
	t.Run("Export", func(t *testing.T) {
		f := rlFixture(t)
		for i := range 2 {
			if got := f.rlAt(0, "ref", "campaign", "export"); strings.Contains(got, "⚠") {
				t.Fatalf("export %d: %s", i, got)
			}
		}
		if got := f.rlAt(0, "ref", "campaign", "export"); !strings.Contains(got, "private ref: ⚠ Slow down: /campaign export exports a campaign, which takes a while. Try again in 60 seconds.") {
			t.Errorf("3rd export: %s", got)
		}
	})
	t.Run("AdvanceAndAuto", func(t *testing.T) {
		f := rlFixture(t)
		f.rlAt(0, "ref", "campaign", "advance")
		f.rlAt(0, "ref", "campaign", "advance")
		if got := f.rlAt(time.Second, "ref", "campaign", "advance"); !strings.Contains(got, "Slow down: /campaign advance runs a campaign turn, which takes a while. Try again in 9 seconds.") {
			t.Errorf("3rd advance: %s", got)
		}
		f.rlAt(0, "ref", "battle", "auto", "battle", "1")
		if got := f.rlAt(0, "ref", "battle", "auto", "battle", "1"); !strings.Contains(got, "Try again in 30 seconds") {
			t.Errorf("2nd auto: %s", got)
		}
	})
	t.Run("Configured", func(t *testing.T) {
		f := rlFixture(t)
		f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Render: Rate{Every: time.Minute, Burst: 1}}})
		f.rlAt(0, "alice", "map", "strategic")
		if got := f.rlAt(0, "alice", "map", "strategic"); !strings.Contains(got, "Try again in 60 seconds") {
			t.Errorf("2nd map: %s", got)
		}
	})
}

// rlFixture is the command fixture with the default rate limits on.
func rlFixture(t *testing.T) *cmdFixture {
	t.Helper()
	f := cmdNewFixture(t, true)
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }})
	return f
}
