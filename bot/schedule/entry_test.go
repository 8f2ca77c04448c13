package schedule

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// Ensure bad entries are refused with a message naming the value and a fix.
func TestEntryValidate(t *testing.T) {
	good := Entry{Campaign: 1, Kind: OrderDeadline, Spec: "0 20 * * *", TimeZone: "Europe/Berlin"}
	t.Run("OK", func(t *testing.T) {
		for _, spec := range []string{"0 20 * * *", "@daily", "@every 36h", "30 18 * * MON-FRI"} {
			e := good
			e.Spec = spec
			if err := e.Validate(); err != nil {
				t.Errorf("%q: %v", spec, err)
			}
		}
	})
	tests := []struct {
		name  string
		edit  func(*Entry)
		field string
		want  []string
	}{
		{"ErrHour", func(e *Entry) { e.Spec = "0 25 * * *" }, "spec", []string{`"0 25 * * *"`, "hours are 0 to 23"}},
		{"ErrTZPrefix", func(e *Entry) { e.Spec = "CRON_TZ=UTC 0 20 * * *" }, "spec", []string{"remove the TZ= prefix"}},
		{"ErrSixFields", func(e *Entry) { e.Spec = "0 0 20 * * *" }, "spec", []string{"want 5"}},
		{"ErrEmptySpec", func(e *Entry) { e.Spec = "" }, "spec", []string{"empty"}},
		{"ErrZone", func(e *Entry) { e.TimeZone = "Europe/Atlantis" }, "time zone", []string{`"Europe/Atlantis"`, "IANA"}},
		{"ErrEmptyZone", func(e *Entry) { e.TimeZone = "" }, "time zone", []string{"empty", "IANA"}},
		{"ErrLocalZone", func(e *Entry) { e.TimeZone = "Local" }, "time zone", []string{`"Local"`}},
		{"ErrKind", func(e *Entry) { e.Kind = 7 }, "kind", []string{"OrderDeadline"}},
		{"ErrCampaign", func(e *Entry) { e.Campaign = 0 }, "campaign", []string{"from 1"}},
		{"ErrRemind", func(e *Entry) { e.RemindBefore = -time.Hour }, "remind before", []string{"-1h0m0s", "negative"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := good
			tt.edit(&e)
			err := e.Validate()
			var ee *EntryError
			if !errors.As(err, &ee) {
				t.Fatalf("got %v, want an *EntryError", err)
			}
			if ee.Field != tt.field {
				t.Errorf("field %q, want %q", ee.Field, tt.field)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}
