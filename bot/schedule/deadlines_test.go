package schedule

import (
	"testing"
	"time"
)

func schDeadlines(t *testing.T, spec, zone string) deadlines {
	t.Helper()
	d, err := newDeadlines(Entry{Campaign: 1, Kind: OrderDeadline, Spec: spec, TimeZone: zone})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Ensure deadlines keep to the wall clock of their zone across daylight
// saving changes, firing once per wall time: a time the clocks skip fires at
// the change, a time they repeat fires the first time only.
func TestDeadlinesDST(t *testing.T) {
	tests := []struct {
		name, spec, zone string
		from             time.Time
		want             []time.Time
	}{
		// Europe/Berlin springs forward on 2026-03-29 at 02:00 CET = 01:00 UTC.
		{"BerlinEveningAcrossSpring", "0 20 * * *", "Europe/Berlin", schUTC(2026, 3, 28, 0, 0),
			[]time.Time{schUTC(2026, 3, 28, 19, 0), schUTC(2026, 3, 29, 18, 0)}},
		{"BerlinSkippedTime", "30 2 * * *", "Europe/Berlin", schUTC(2026, 3, 27, 12, 0),
			[]time.Time{schUTC(2026, 3, 28, 1, 30), schUTC(2026, 3, 29, 1, 0), schUTC(2026, 3, 30, 0, 30)}},
		// An hourly spec fires the skipped 02:30 (or 02:01) at the change,
		// closer than ruling SCH5's hour to the deadlines either side.
		{"BerlinHourlyAcrossSpring", "30 * * * *", "Europe/Berlin", schUTC(2026, 3, 29, 0, 0),
			[]time.Time{schUTC(2026, 3, 29, 0, 30), schUTC(2026, 3, 29, 1, 0), schUTC(2026, 3, 29, 1, 30)}},
		{"BerlinMinuteOneAcrossSpring", "1 * * * *", "Europe/Berlin", schUTC(2026, 3, 29, 0, 0),
			[]time.Time{schUTC(2026, 3, 29, 0, 1), schUTC(2026, 3, 29, 1, 0), schUTC(2026, 3, 29, 1, 1)}},
		// ... and falls back on 2026-10-25 at 03:00 CEST = 01:00 UTC.
		{"BerlinRepeatedTime", "30 2 * * *", "Europe/Berlin", schUTC(2026, 10, 23, 12, 0),
			[]time.Time{schUTC(2026, 10, 24, 0, 30), schUTC(2026, 10, 25, 0, 30), schUTC(2026, 10, 26, 1, 30)}},
		{"BerlinHourlyAcrossFall", "0 * * * *", "Europe/Berlin", schUTC(2026, 10, 24, 23, 30),
			[]time.Time{schUTC(2026, 10, 25, 0, 0), schUTC(2026, 10, 25, 2, 0), schUTC(2026, 10, 25, 3, 0)}},
		// America/New_York springs forward on 2026-03-08 at 02:00 EST = 07:00 UTC.
		{"NewYorkSkippedTime", "30 2 * * *", "America/New_York", schUTC(2026, 3, 7, 0, 0),
			[]time.Time{schUTC(2026, 3, 7, 7, 30), schUTC(2026, 3, 8, 7, 0), schUTC(2026, 3, 9, 6, 30)}},
		{"UTCHasNoChanges", "30 2 * * *", "UTC", schUTC(2026, 3, 28, 12, 0),
			[]time.Time{schUTC(2026, 3, 29, 2, 30), schUTC(2026, 3, 30, 2, 30)}},
		{"EveryIgnoresZone", "@every 25h", "Europe/Berlin", schUTC(2026, 3, 28, 12, 0),
			[]time.Time{schUTC(2026, 3, 29, 13, 0), schUTC(2026, 3, 30, 14, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := schDeadlines(t, tt.spec, tt.zone)
			var got []time.Time
			for at := tt.from; len(got) < len(tt.want); {
				at = d.next(at)
				got = append(got, at)
			}
			schTimes(t, tt.spec, got, tt.want)
		})
	}
}

// Ensure latest finds the last deadline in (after, now], near or far back.
func TestDeadlinesLatest(t *testing.T) {
	tests := []struct {
		name, spec string
		after, now time.Time
		want       time.Time // zero: none
	}{
		{"ThreeDaysDown", "0 20 * * *", schUTC(2026, 1, 1, 20, 0), schUTC(2026, 1, 4, 12, 0), schUTC(2026, 1, 3, 20, 0)},
		{"OnTheDot", "0 20 * * *", schUTC(2026, 1, 1, 20, 0), schUTC(2026, 1, 2, 20, 0), schUTC(2026, 1, 2, 20, 0)},
		{"NoneMissed", "0 20 * * *", schUTC(2026, 1, 1, 20, 0), schUTC(2026, 1, 2, 19, 59), time.Time{}},
		{"YearsDownEveryMinute", "* * * * *", schUTC(2020, 1, 1, 0, 0), schUTC(2026, 1, 1, 12, 0), schUTC(2026, 1, 1, 12, 0)},
		{"LeapDayFarBack", "0 0 29 2 *", schUTC(2023, 1, 1, 0, 0), schUTC(2026, 1, 1, 0, 0), schUTC(2024, 2, 29, 0, 0)},
		{"NowBeforeAfter", "0 20 * * *", schUTC(2026, 1, 5, 0, 0), schUTC(2026, 1, 4, 0, 0), time.Time{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := schDeadlines(t, tt.spec, "UTC").latest(tt.after, tt.now)
			if ok != !tt.want.IsZero() || !got.Equal(tt.want) {
				t.Errorf("got %v %v, want %v", got, ok, tt.want)
			}
		})
	}
}
