package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// MustWriteConfig writes text to a config file in a temporary directory and
// returns its path.
func MustWriteConfig(tb testing.TB, text string) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "bfbot.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}

// MustLoad loads a config and fails the test on error.
func MustLoad(tb testing.TB, path string, env []string) Config {
	tb.Helper()
	c, err := Load(path, env)
	if err != nil {
		tb.Fatalf("Load: %v", err)
	}
	return c
}

// problems returns the Problems inside err, failing if it is not an *Error.
func problems(tb testing.TB, err error) []Problem {
	tb.Helper()
	var e *Error
	if !errors.As(err, &e) {
		tb.Fatalf("error %v (%T) is not a *config.Error", err, err)
	}
	return e.Problems
}

// Ensure the defaults are the documented ones and pass Validate.
func TestDefault(t *testing.T) {
	got := Default()
	want := Config{
		DatabasePath:          "bfbot.db",
		Store:                 "bbolt",
		EtcdPrefix:            "bfbot/",
		LeaseTTLSeconds:       10,
		ShardCount:            1,
		UndoSnapshots:         20,
		MaxCampaignsPerServer: 20,
		TimeZone:              "UTC",
		OrderDeadline:         "0 20 * * *",
		LogLevel:              "info",
		HexSize:               20,
		ShowHexNumbers:        true,
		PNGCompression:        "speed",
	}
	if got != want {
		t.Fatalf("Default() = %+v, want %+v", got, want)
	}
	if err := got.Validate(); err != nil {
		t.Fatalf("Default().Validate() = %v", err)
	}
	if err := got.ValidateForDiscord(); err == nil {
		t.Fatal("Default().ValidateForDiscord() = nil, want an error: there is no token")
	}
}

// Ensure defaults < file < environment, key by key.
func TestLoad_Precedence(t *testing.T) {
	path := MustWriteConfig(t, `
hex_size = 30
show_hex_numbers = false
time_zone = "Europe/Berlin"
log_level = "debug"
`)

	t.Run("OK/Defaults", func(t *testing.T) {
		got := MustLoad(t, "", nil)
		if want := Default(); got != want {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	})

	t.Run("OK/FileOverridesDefault", func(t *testing.T) {
		got := MustLoad(t, path, nil)
		want := Default()
		want.HexSize = 30
		want.ShowHexNumbers = false
		want.TimeZone = "Europe/Berlin"
		want.LogLevel = LogDebug
		if got != want {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	})

	t.Run("OK/EnvOverridesFile", func(t *testing.T) {
		got := MustLoad(t, path, []string{
			"HOME=/root",
			"BFBOT_HEX_SIZE=40",
			"BFBOT_SHOW_HEX_NUMBERS=true",
			"BFBOT_ORDER_DEADLINE=@daily",
			"BFBOT_TOKEN=tok-123",
		})
		want := Default()
		want.HexSize = 40               // env over file
		want.ShowHexNumbers = true      // env over file
		want.TimeZone = "Europe/Berlin" // file only
		want.LogLevel = LogDebug        // file only
		want.OrderDeadline = "@daily"   // env over default
		want.Token = "tok-123"
		if got != want {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	})

	t.Run("OK/EnvEmptyStringOverrides", func(t *testing.T) {
		// An empty string is a value: it turns an optional setting off.
		path := MustWriteConfig(t, `battle_deadline = "0 */6 * * *"`)
		got := MustLoad(t, path, []string{"BFBOT_BATTLE_DEADLINE="}).BattleDeadline
		if want := ""; got != want {
			t.Fatalf("BattleDeadline = %q, want %q", got, want)
		}
	})

	t.Run("OK/LastDuplicateWins", func(t *testing.T) {
		got := MustLoad(t, "", []string{"BFBOT_HEX_SIZE=10", "BFBOT_HEX_SIZE=12"}).HexSize
		if want := 12; got != want {
			t.Fatalf("HexSize = %d, want %d", got, want)
		}
	})

	t.Run("OK/ConfigPathVariableIgnored", func(t *testing.T) {
		got := MustLoad(t, "", []string{"BFBOT_CONFIG=/etc/bfbot.toml"})
		if want := Default(); got != want {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	})
}

// Ensure every key can be set from its environment variable, so adding a
// field of a type setFromEnv cannot read fails here.
func TestLoad_EveryEnvVariable(t *testing.T) {
	env := []string{
		"BFBOT_TOKEN=t0ken",
		"BFBOT_APPLICATION_ID=11",
		"BFBOT_DEV_GUILD_ID=22",
		"BFBOT_DATABASE_PATH=x.db",
		"BFBOT_STORE=etcd",
		"BFBOT_ETCD_ENDPOINTS=http://a:2379,http://b:2379",
		"BFBOT_ETCD_PREFIX=p/",
		"BFBOT_ETCD_CA_FILE=ca.pem",
		"BFBOT_ETCD_CERT_FILE=c.pem",
		"BFBOT_ETCD_KEY_FILE=k.pem",
		"BFBOT_ETCD_USERNAME=u",
		"BFBOT_ETCD_PASSWORD=pw",
		"BFBOT_LEASE_TTL_SECONDS=7",
		"BFBOT_SHARD_ID=1",
		"BFBOT_SHARD_COUNT=2",
		"BFBOT_UNDO_SNAPSHOTS=5",
		"BFBOT_MAX_CAMPAIGNS_PER_SERVER=3",
		"BFBOT_TIME_ZONE=Asia/Tokyo",
		"BFBOT_ORDER_DEADLINE=@weekly",
		"BFBOT_BATTLE_DEADLINE=@hourly",
		"BFBOT_LOG_LEVEL=warn",
		"BFBOT_HEX_SIZE= 9 ",
		"BFBOT_SHOW_HEX_NUMBERS=0",
		"BFBOT_PNG_COMPRESSION=best",
	}
	if got, want := len(env), len(Keys()); got != want {
		t.Fatalf("test sets %d variables, Config has %d keys", got, want)
	}
	got := MustLoad(t, "", env)
	want := Config{
		Token: "t0ken", ApplicationID: "11", DevGuildID: "22",
		DatabasePath: "x.db", Store: "etcd", EtcdEndpoints: "http://a:2379,http://b:2379", EtcdPrefix: "p/",
		EtcdCAFile: "ca.pem", EtcdCertFile: "c.pem", EtcdKeyFile: "k.pem", EtcdUsername: "u", EtcdPassword: "pw",
		LeaseTTLSeconds: 7, ShardID: 1, ShardCount: 2,
		UndoSnapshots: 5, MaxCampaignsPerServer: 3,
		TimeZone: "Asia/Tokyo", OrderDeadline: "@weekly", BattleDeadline: "@hourly",
		LogLevel: LogWarn, HexSize: 9, ShowHexNumbers: false, PNGCompression: PNGBest,
	}
	if got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	// Each variable really is BFBOT_ + the upper-case key.
	for _, key := range Keys() {
		if got, want := EnvName(key), "BFBOT_"+strings.ToUpper(key); got != want {
			t.Errorf("EnvName(%q) = %q, want %q", key, got, want)
		}
	}
	if got := EnvName("nope"); got != "" {
		t.Errorf(`EnvName("nope") = %q, want ""`, got)
	}
}

// Ensure environment values that do not parse are errors naming the
// variable, all of them at once.
func TestLoad_BadEnv(t *testing.T) {
	t.Run("ErrNotANumber", func(t *testing.T) {
		_, err := Load("", []string{"BFBOT_HEX_SIZE=abc"})
		if err == nil {
			t.Fatal("Load = nil error, want one")
		}
		got := err.Error()
		want := `environment: BFBOT_HEX_SIZE="abc" is not a whole number: set it to a number such as 20, or unset it`
		if got != want {
			t.Fatalf("error\n got %s\nwant %s", got, want)
		}
	})

	t.Run("ErrNotABoolean", func(t *testing.T) {
		_, err := Load("", []string{"BFBOT_SHOW_HEX_NUMBERS=yes"})
		got := problems(t, err)
		want := []Problem{{Key: "BFBOT_SHOW_HEX_NUMBERS",
			Message: `BFBOT_SHOW_HEX_NUMBERS="yes" is not a boolean: set it to true or false, or unset it`}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("problems\n got %+v\nwant %+v", got, want)
		}
	})

	t.Run("ErrEmptyNumber", func(t *testing.T) {
		_, err := Load("", []string{"BFBOT_UNDO_SNAPSHOTS="})
		if err == nil || !strings.Contains(err.Error(), "BFBOT_UNDO_SNAPSHOTS") {
			t.Fatalf("error = %v, want one naming BFBOT_UNDO_SNAPSHOTS", err)
		}
	})

	t.Run("ErrAllListed", func(t *testing.T) {
		_, err := Load("", []string{"BFBOT_HEX_SIZE=abc", "BFBOT_UNDO_SNAPSHOTS=1.5", "BFBOT_HEXSIZE=20"})
		var got []string
		for _, p := range problems(t, err) {
			got = append(got, p.Key)
		}
		want := []string{"BFBOT_UNDO_SNAPSHOTS", "BFBOT_HEX_SIZE", "BFBOT_HEXSIZE"}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("problem keys = %q, want %q", got, want)
		}
	})

	t.Run("ErrUnknownVariable", func(t *testing.T) {
		_, err := Load("", []string{"BFBOT_HEXSIZE=20"})
		got := err.Error()
		want := "environment: BFBOT_HEXSIZE is not a bfbot setting: did you mean BFBOT_HEX_SIZE?"
		if got != want {
			t.Fatalf("error\n got %s\nwant %s", got, want)
		}
	})

	t.Run("ErrUnknownVariableFarFromAny", func(t *testing.T) {
		_, err := Load("", []string{"BFBOT_SOMETHING_ELSE=1"})
		if err == nil || !strings.Contains(err.Error(), "BFBOT_SOMETHING_ELSE is not a bfbot setting: the settings are BFBOT_TOKEN,") {
			t.Fatalf("error = %v, want one listing the settings", err)
		}
	})
}

// Ensure a missing file is an error naming the path and saying what to do.
func TestLoad_MissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nope.toml")
	_, err := Load(path, nil)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("error = %v, want fs.ErrNotExist", err)
	}
	for _, want := range []string{path, "create it", "leave out --config"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
}

// Ensure unknown keys are errors naming the key, the file and the line.
func TestLoad_UnknownKey(t *testing.T) {
	t.Run("ErrMisspelt", func(t *testing.T) {
		path := MustWriteConfig(t, "# comment\nhex_size = 20\nhex_sise = 22\n")
		_, err := Load(path, nil)
		if err == nil {
			t.Fatal("Load = nil error, want one")
		}
		got := err.Error()
		want := `config file "` + path + `": line 3: unknown key "hex_sise": did you mean "hex_size"?`
		if got != want {
			t.Fatalf("error\n got %s\nwant %s", got, want)
		}
	})

	t.Run("ErrSeveral", func(t *testing.T) {
		path := MustWriteConfig(t, "color = \"red\"\n\nhex_size = 20\nsize = 3\n")
		_, err := Load(path, nil)
		got := problems(t, err)
		if len(got) != 2 {
			t.Fatalf("problems = %+v, want 2", got)
		}
		if got[0].Key != "color" || got[0].Line != 1 || got[1].Key != "size" || got[1].Line != 4 {
			t.Fatalf("problems = %+v, want color at line 1 and size at line 4", got)
		}
		if !strings.Contains(got[0].Message, "the keys are token, application_id,") {
			t.Errorf("message %q does not list the keys", got[0].Message)
		}
	})

	t.Run("ErrTable", func(t *testing.T) {
		path := MustWriteConfig(t, "log_level = \"info\"\n\n[render]\nhex_size = 20\n")
		_, err := Load(path, nil)
		got := problems(t, err)
		want := []Problem{{Key: "render", Line: 3,
			Message: "unknown table [render]: bfbot's keys are all top-level, so write them above the first [table] line, without a table"}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("problems\n got %+v\nwant %+v", got, want)
		}
	})

	t.Run("ErrDottedKey", func(t *testing.T) {
		path := MustWriteConfig(t, "\nrender.hex_size = 20\n")
		_, err := Load(path, nil)
		got := problems(t, err)
		if len(got) != 1 || got[0].Key != "render" || got[0].Line != 2 {
			t.Fatalf("problems = %+v, want render at line 2", got)
		}
	})
}

// Ensure malformed TOML and values of the wrong type name file, line and key.
func TestLoad_BadFile(t *testing.T) {
	t.Run("ErrSyntax", func(t *testing.T) {
		path := MustWriteConfig(t, "hex_size = 20\nlog_level = \"info\n")
		_, err := Load(path, nil)
		got := problems(t, err)
		if len(got) != 1 || got[0].Line != 2 {
			t.Fatalf("problems = %+v, want one at line 2", got)
		}
		if !strings.HasPrefix(err.Error(), `config file "`+path+`": line 2: `) {
			t.Fatalf("error %q does not start with the file and line", err)
		}
	})

	t.Run("ErrWrongType", func(t *testing.T) {
		tests := []struct{ text, key, want string }{
			{"\n\nhex_size = \"big\"\n", "hex_size", "hex_size must be a whole number such as 20, without quotes"},
			{"show_hex_numbers = \"yes\"\n", "show_hex_numbers", "show_hex_numbers must be true or false, without quotes"},
			{"time_zone = 1\n", "time_zone", `time_zone must be text in double quotes: time_zone = "…"`},
		}
		for _, tt := range tests {
			path := MustWriteConfig(t, tt.text)
			_, err := Load(path, nil)
			got := problems(t, err)
			want := []Problem{{Key: tt.key, Line: strings.Count(tt.text, "\n"), Message: tt.want}}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q: problems\n got %+v\nwant %+v", tt.text, got, want)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
		}
	})
}

// Ensure the example file loads, validates, and shows every key.
func TestLoad_Example(t *testing.T) {
	const path = "testdata/example.toml"
	c := MustLoad(t, path, nil)
	if err := c.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if got, want := c.TimeZone, "Europe/Berlin"; got != want {
		t.Errorf("TimeZone = %q, want %q (the file was not read?)", got, want)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range Keys() {
		if !strings.Contains(string(text), key+" =") {
			t.Errorf("%s does not show key %s", path, key)
		}
	}
}

// Ensure doc.go lists every key with its variable and default, so the
// documentation cannot fall behind the struct.
func TestDocListsEveryKey(t *testing.T) {
	text, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	d := reflect.ValueOf(Default())
	for _, s := range settings {
		var row string
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 2 && f[0] == s.key && f[1] == s.env {
				row = l
			}
		}
		if row == "" {
			t.Errorf("doc.go has no table row for %s", s.key)
			continue
		}
		for _, want := range []string{s.env, formatDefault(d.Field(s.index))} {
			if !strings.Contains(row, want) {
				t.Errorf("doc.go row %q does not contain %q", row, want)
			}
		}
	}
}

// formatDefault writes a default as doc.go's table does: strings quoted.
func formatDefault(v reflect.Value) string {
	if v.Kind() == reflect.String {
		return strconv.Quote(v.String())
	}
	return fmt.Sprint(v.Interface())
}
