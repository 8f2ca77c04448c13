package config

import "testing"

// Ensure ValidateCron accepts what robfig/cron's standard parser accepts
// (it asks the parser).
// Each spec here is one ParseStandard parses (robfig/cron v3 parser.go:
// fields split on spaces, lists on ',', steps on '/', ranges on '-', names
// case-insensitive, "N/step" meaning N to the field's end).
func TestValidateCron_OK(t *testing.T) {
	for _, spec := range []string{
		"0 20 * * *",
		"* * * * *",
		"  0\t20 * * *  ", // fields split on any white space
		"*/15 * * * *",
		"0 8-18/2 * * *",
		"5/10 * * * *", // 5,15,…,55
		"0,30 9,21 * * *",
		"0 20 1,15 * *",
		"0 20 * JAN-MAR,oct *",
		"0 20 * * MON-FRI",
		"0 20 * * sun,Sat",
		"0 20 ? * *",
		"0 20 * * ?",
		"0 0 31 * *",
		"0 0 29 2 *",   // leap years only, but it comes
		"0 0 30 2 MON", // day of month OR day of week
		"0 0 31 2 */2", // a stepped '*' is not a star: OR again
		"59 23 31 12 6",
		"0 0 1 1 0",
		"*/60 * * * *",
		"@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly",
		"@every 1m", "@every 24h", "@every 1h30m",
	} {
		t.Run("OK/"+spec, func(t *testing.T) {
			if err := ValidateCron(spec); err != nil {
				t.Fatalf("ValidateCron(%q) = %v, want nil", spec, err)
			}
		})
	}
}

// Ensure a bad spec is rejected with a message naming the field and the fault.
func TestValidateCron_Err(t *testing.T) {
	tests := []struct {
		spec string
		want string
	}{
		{"", `the spec is empty: use five fields such as "0 20 * * *" or a descriptor such as "@daily"`},
		{"   ", `the spec is empty: use five fields such as "0 20 * * *" or a descriptor such as "@daily"`},
		{"0 20 * *", `it has 4 fields, want 5: minute hour day-of-month month day-of-week, e.g. "0 20 * * *"`},
		{"0 0 20 * * *", `it has 6 fields, want 5: minute hour day-of-month month day-of-week, e.g. "0 20 * * *" (a seconds field is not supported)`},
		{"60 * * * *", `minute field "60": 60 is out of range: minutes are 0 to 59`},
		{"0 24 * * *", `hour field "24": 24 is out of range: hours are 0 to 23`},
		{"0 0 0 * *", `day-of-month field "0": 0 is out of range: days of the month are 1 to 31`},
		{"0 0 32 * *", `day-of-month field "32": 32 is out of range: days of the month are 1 to 31`},
		{"0 0 * 13 *", `month field "13": 13 is out of range: months are 1 to 12`},
		{"0 0 * * 7", `day-of-week field "7": 7 is out of range: days of the week are 0 to 6 (use 0 or SUN for Sunday)`},
		{"0 0 * FOO *", `month field "FOO": "FOO" is not a number or a name JAN to DEC`},
		{"0 0 * * MONDAY", `day-of-week field "MONDAY": "MONDAY" is not a number or a name SUN to SAT`},
		{"x * * * *", `minute field "x": "x" is not a number`},
		{"0 MON * * *", `hour field "MON": "MON" is not a number`},
		{"+5 * * * *", `minute field "+5": "+5" is not a number`},
		{"0 20 * * FRI-MON", `day-of-week field "FRI-MON": range "FRI-MON" runs backwards: write the smaller value first`},
		{"0 18-9 * * *", `hour field "18-9": range "18-9" runs backwards: write the smaller value first`},
		{"0 1-2-3 * * *", `hour field "1-2-3": "1-2-3" has more than one '-'`},
		{"0 -5 * * *", `hour field "-5": a value is missing around '-' or '/': write a number`},
		{"0 5- * * *", `hour field "5-": a value is missing around '-' or '/': write a number`},
		{"*/0 * * * *", `minute field "*/0": step "0" after '/' must be a whole number of at least 1`},
		{"*/x * * * *", `minute field "*/x": step "x" after '/' must be a whole number of at least 1`},
		{"*/ * * * *", `minute field "*/": step "" after '/' must be a whole number of at least 1`},
		{"*/-1 * * * *", `minute field "*/-1": step "-1" after '/' must be a whole number of at least 1`},
		{"0 0 1 1/99999999999999999999 *", `month field "1/99999999999999999999": step "99999999999999999999" after '/' must be a whole number of at least 1`},
		{"0 30/5 * * *", `hour field "30/5": 30 is out of range: hours are 0 to 23`},
		{"0 5-70 * * *", `hour field "5-70": 70 is out of range: hours are 0 to 23`},
		{"0 0 * * 1,+2", `day-of-week field "1,+2": "+2" is not a number or a name SUN to SAT`},
		{"*/5/2 * * * *", `minute field "*/5/2": "*/5/2" has more than one '/'`},
		{"/5 * * * *", `minute field "/5": a value is missing around '-' or '/': write a number`},
		{"1,,2 * * * *", `minute field "1,,2": a list has an empty item: write items between commas, e.g. 1,15`},
		{"0, * * * *", `minute field "0,": a list has an empty item: write items between commas, e.g. 1,15`},
		{"? * * * *", `minute field "?": '?' is only allowed in the day-of-month and day-of-week fields: use '*'`},
		{"*-5 * * * *", `minute field "*-5": "*" is not a number`},
		{"0 0 30 2 *", `day of month "30" never falls in month "2": the deadline would never come`},
		{"0 0 31 APR,JUN,SEP,NOV *", `day of month "31" never falls in month "APR,JUN,SEP,NOV": the deadline would never come`},
		{"@daly", `unknown descriptor "@daly": use @yearly, @monthly, @weekly, @daily, @midnight, @hourly or "@every <duration>"`},
		{"@DAILY", `unknown descriptor "@DAILY": use @yearly, @monthly, @weekly, @daily, @midnight, @hourly or "@every <duration>"`},
		{" @daily", `remove the spaces around "@daily"`},
		{"@every", `unknown descriptor "@every": use @yearly, @monthly, @weekly, @daily, @midnight, @hourly or "@every <duration>"`},
		{"@every 5x", `"5x" is not a duration: use e.g. "@every 24h" or "@every 1h30m"`},
		{"@every 30s", `@every 30s is shorter than a minute: deadlines are at least a minute apart`},
		{"@every -1h", `@every -1h is shorter than a minute: deadlines are at least a minute apart`},
		{"CRON_TZ=Europe/Berlin 0 20 * * *", `remove the TZ= prefix: the time zone is set by time_zone (or the campaign's own zone)`},
		{"TZ=UTC @daily", `remove the TZ= prefix: the time zone is set by time_zone (or the campaign's own zone)`},
	}
	for _, tt := range tests {
		t.Run("Err/"+tt.spec, func(t *testing.T) {
			err := ValidateCron(tt.spec)
			if err == nil {
				t.Fatalf("ValidateCron(%q) = nil, want %q", tt.spec, tt.want)
			}
			if got := err.Error(); got != tt.want {
				t.Fatalf("ValidateCron(%q)\n got %s\nwant %s", tt.spec, got, tt.want)
			}
		})
	}
}
