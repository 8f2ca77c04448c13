package command

import (
	"context"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
)

// rlScheduler records the deadline commands it is given.
type rlScheduler struct {
	extended []time.Duration
	due      time.Time
}

func (s *rlScheduler) Pause(context.Context, int64) error        { return nil }
func (s *rlScheduler) Resume(context.Context, int64) error       { return nil }
func (s *rlScheduler) NextOrderDeadline(int64) (time.Time, bool) { return s.due, !s.due.IsZero() }
func (s *rlScheduler) ExtendOrderDeadline(_ context.Context, _ int64, d time.Duration) (time.Time, error) {
	s.extended = append(s.extended, d)
	s.due = s.due.Add(d)
	return s.due, nil
}

func TestParseExtension(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"24h", 24 * time.Hour, ""},
		{"2d", 48 * time.Hour, ""},
		{"1D12h", 36 * time.Hour, ""},
		{" 90m ", 90 * time.Minute, ""},
		{"1h30m", 90 * time.Minute, ""},
		{"28d", 28 * 24 * time.Hour, ""},
		{"30s", 0, "at least a minute"},
		{"29d", 0, "say how long"},
		{"27d25h", 0, "at most 28 days"},
		{"-5h", 0, "at least a minute"},
		{"tomorrow", 0, "say how long"},
		{"d", 0, "say how long"},
		{"3x", 0, "say how long"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseExtension(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("parseExtension(%q) = %v, %v; want an error with %q", tt.in, got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("parseExtension(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			if back, err := parseExtension(extensionText(got)); err != nil || back != got {
				t.Errorf("extensionText(%v) = %q reads back as %v, %v", got, extensionText(got), back, err)
			}
		})
	}
}

// Ensure /campaign extend hands the extension to the scheduler and
// announces the new deadline in the campaign's channel.
func TestCampaignExtend(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		f := cmdNewFixture(t, true)
		s := &rlScheduler{due: time.Date(3028, 1, 2, 20, 0, 0, 0, time.UTC)}
		f.reg = New(Deps{Store: f.store, Scheduler: s})
		got := cmdTexts(f.cmdMust("ref", "campaign", "extend", "by", "1d12h"))
		// Fri 4 Jan 3028 08:00 UTC, shown in each reader's time zone.
		want := "public : The referee extended the order deadline by 1d12h: orders are now due <t:33387494400:F> (<t:33387494400:R>).\n"
		if got != want {
			t.Errorf("got  %q\nwant %q", got, want)
		}
		if len(s.extended) != 1 || s.extended[0] != 36*time.Hour {
			t.Errorf("scheduler got %v", s.extended)
		}
	})
	t.Run("ErrNoScheduler", func(t *testing.T) {
		// The console: nothing keeps deadlines, and the deadline commands
		// say so and what to do instead.
		f := cmdNewFixture(t, true)
		f.reg = New(Deps{Store: f.store})
		for _, sub := range [][]string{{"extend", "by", "1h"}, {"pause"}, {"resume"}} {
			got := cmdTexts(f.cmdDo("ref", "campaign", sub[0], sub[1:]...))
			if !strings.Contains(got, "⚠ this session keeps no deadlines") || !strings.Contains(got, "/campaign advance") {
				t.Errorf("/campaign %s: %s", sub[0], got)
			}
		}
	})
	t.Run("ErrBadDuration", func(t *testing.T) {
		f := cmdNewFixture(t, true)
		s := &rlScheduler{}
		f.reg = New(Deps{Store: f.store, Scheduler: s})
		if got := cmdTexts(f.cmdDo("ref", "campaign", "extend", "by", "soon")); !strings.Contains(got, `⚠ by:soon: say how long`) || len(s.extended) > 0 {
			t.Errorf("got %s (scheduler got %v)", got, s.extended)
		}
	})
	t.Run("ErrOver", func(t *testing.T) {
		f := cmdNewFixture(t, true)
		s := &rlScheduler{}
		f.reg = New(Deps{Store: f.store, Scheduler: s})
		f.cmdMust("ref", "campaign", "end")
		c, _ := f.store.Get(t.Context(), 1)
		if c.Phase != campaign.PhaseOver {
			t.Skip("/campaign end is not wired")
		}
		if got := cmdTexts(f.cmdDo("ref", "campaign", "extend", "by", "1h", "campaign", "1")); !strings.Contains(got, "campaign 1 is over") || len(s.extended) > 0 {
			t.Errorf("got %s", got)
		}
	})
}

// Ensure any by: either fails with a message or gives an extension
// within the bounds, never a panic.
func FuzzParseExtension(f *testing.F) {
	for _, s := range []string{"24h", "2d", "1d12h", "-1d", "99999999999999999999d", "1d-30h", "d1h", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseExtension(s)
		if err == nil && (d < minExtension || d > maxExtension) {
			t.Fatalf("parseExtension(%q) = %v, outside the bounds", s, d)
		}
	})
}
