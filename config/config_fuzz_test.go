package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robfig/cron/v3"
)

// FuzzLoad: Load never panics on any TOML file and BFBOT_* entry; what it
// loads, Validate and Location judge without panicking; an error says
// something.
func FuzzLoad(f *testing.F) {
	example, err := os.ReadFile(filepath.Join("testdata", "example.toml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(example), "BFBOT_LOG_LEVEL=debug")
	for _, s := range [][2]string{
		{"", ""},
		{"token = \"abc\"\n", "BFBOT_TOKEN=x"},
		{"deadline = 5\n", ""},
		{"[discord]\ntoken = 1\n", "BFBOT_NOPE=1"},
		{"a.b.c = 1\nx = [1, 2\n", "BFBOT_="},
		{"time_zone = \"Mars/Olympus\"\n", "BFBOT_TIME_ZONE=Europe/Berlin"},
		{"\"quoted key\" = 1\n'lit' = 2\n", "="},
		{"deadline = \"0 25 * * *\"\n", "BFBOT_DEADLINE=@every 1s"},
		{"x = \"\"\"\nmulti\n\"\"\"\n", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, text, env string) {
		path := filepath.Join(t.TempDir(), "bfbot.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := Load(path, []string{env})
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("Load: empty error")
			}
			return
		}
		_ = c.Validate()
		_ = c.ValidateForDiscord()
		_, _ = c.Location()
		_ = c.LogValue()
	})
}

// FuzzValidateCron: ValidateCron never panics, and every spec it accepts
// robfig/cron's standard parser (what the scheduler uses) accepts too, as
// its documentation promises.
func FuzzValidateCron(f *testing.F) {
	for _, s := range []string{
		"0 20 * * *", "*/15 * * * *", "0 8-18/2 * * *", "5/10 * * * *", "0 20 * JAN-MAR,oct *", "0 20 * * MON-FRI",
		"@daily", "@every 1h30m", "@every 10s", " @daily", "TZ=UTC 0 20 * * *", "0 20 31 2 *", "0 20 31 2 MON",
		"", "* * * * * *", "60 * * * *", "*/0 * * * *", "1-0 * * * *", "0 20 ? * ?", "*-5 * * * *", ",5 * * * *",
		"0 0 1 1/99999999999999999999 *", "@every -1h", "@every 9999999999h",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		err := ValidateCron(spec)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ValidateCron(%q): empty error", spec)
			}
			return
		}
		if _, perr := cron.ParseStandard(spec); perr != nil {
			t.Fatalf("ValidateCron accepts %q, which cron.ParseStandard refuses: %v", spec, perr)
		}
	})
}
