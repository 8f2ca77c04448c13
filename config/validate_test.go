package config

import (
	"errors"
	"image/png"
	"log/slog"
	"reflect"
	"strings"
	"testing"
)

// Ensure each key's problem has the message documented here, word for word,
// so a change to what a person reads is a deliberate one.
func TestValidate_Messages(t *testing.T) {
	const portal = "(Applications → your application → Bot → Reset Token)"
	const iana = `use an IANA name such as "UTC", "Europe/Berlin" or "America/New_York"`
	tests := []struct {
		name   string
		change func(*Config)
		key    string
		want   string
	}{
		{"TokenBotPrefix", func(c *Config) { c.Token = "Bot abc.def" }, "token",
			`token starts with "Bot ": set only the token itself; bfbot adds the prefix`},
		{"TokenPlaceholder", func(c *Config) { c.Token = "[redacted]" }, "token",
			`token is the placeholder "[redacted]", not a token: it was copied from a log or a saved config; set BFBOT_TOKEN to the real token from the Discord developer portal`},
		{"TokenSpace", func(c *Config) { c.Token = "abc def" }, "token",
			"token contains spaces or line breaks: copy it again from the Discord developer portal " + portal},
		{"TokenNewline", func(c *Config) { c.Token = "abcdef\n" }, "token",
			"token contains spaces or line breaks: copy it again from the Discord developer portal " + portal},
		{"ApplicationIDNotNumber", func(c *Config) { c.ApplicationID = "my-bot" }, "application_id",
			`application_id "my-bot" is not a Discord ID: copy the Application ID (a number of about 18 digits) from your application's General Information page in the Discord developer portal`},
		{"ApplicationIDTooBig", func(c *Config) { c.ApplicationID = "99999999999999999999999" }, "application_id",
			`application_id "99999999999999999999999" is not a Discord ID: copy the Application ID (a number of about 18 digits) from your application's General Information page in the Discord developer portal`},
		{"DevGuildID", func(c *Config) { c.DevGuildID = "my server" }, "dev_guild_id",
			`dev_guild_id "my server" is not a Discord ID: in Discord, turn on Developer Mode, right-click your test server and choose Copy Server ID; or leave it empty to register commands globally`},
		{"DatabasePathEmpty", func(c *Config) { c.DatabasePath = "" }, "database_path",
			`database_path is empty: set it to the database file, e.g. "bfbot.db"`},
		{"DatabasePathBlank", func(c *Config) { c.DatabasePath = "  " }, "database_path",
			`database_path is empty: set it to the database file, e.g. "bfbot.db"`},
		{"StoreUnknown", func(c *Config) { c.Store = "redis" }, "store",
			`store "redis" is not a store: use "bbolt" (one process, the file at database_path) or "etcd" (several processes sharing an etcd cluster)`},
		{"EtcdWithoutEndpoints", func(c *Config) { c.Store = StoreEtcd }, "etcd_endpoints",
			`etcd_endpoints is empty, and store is "etcd": list the members' client URLs, e.g. "https://10.0.0.1:2379,https://10.0.0.2:2379"`},
		{"EtcdEndpointNotURL", func(c *Config) { c.EtcdEndpoints = "https://a:2379, 10.0.0.2:2379" }, "etcd_endpoints",
			`etcd_endpoints: "10.0.0.2:2379" is not an etcd client URL: write it as "https://HOST:2379" (or http:// without TLS)`},
		{"EtcdPrefixNoSlash", func(c *Config) { c.EtcdPrefix = "bfbot" }, "etcd_prefix",
			`etcd_prefix "bfbot" must end with "/" (the default is "bfbot/")`},
		{"EtcdCertWithoutKey", func(c *Config) { c.EtcdCertFile = "config.go" }, "etcd_key_file",
			"etcd_cert_file and etcd_key_file go together: give the client's certificate and its key, or neither"},
		{"EtcdUserWithoutPassword", func(c *Config) { c.EtcdUsername = "bfbot" }, "etcd_password",
			"etcd_username and etcd_password go together: set both BFBOT_ETCD_USERNAME and BFBOT_ETCD_PASSWORD, or neither"},
		{"LeaseTTLTooShort", func(c *Config) { c.LeaseTTLSeconds = 1 }, "lease_ttl_seconds",
			"lease_ttl_seconds 1: use 2 to 300 (a dead process's campaigns wait that long)"},
		{"ShardIDOutside", func(c *Config) { c.ShardID = 1 }, "shard_id",
			"shard_id 1: this process's shard, from 0 to shard_count-1 (0)"},
		{"ShardsWithoutEtcd", func(c *Config) { c.ShardCount, c.ShardID = 2, 1 }, "shard_count",
			`shard_count 2 needs store "etcd": the processes of a sharded bot share their campaigns there`},
		{"UndoSnapshotsTooSmall", func(c *Config) { c.UndoSnapshots = 0 }, "undo_snapshots",
			"undo_snapshots 0 is too small: keep 1 to 1000 snapshots per campaign (at least one, or /undo has nothing to restore)"},
		{"UndoSnapshotsTooLarge", func(c *Config) { c.UndoSnapshots = 1001 }, "undo_snapshots",
			"undo_snapshots 1001 is too large: keep 1 to 1000 snapshots per campaign"},
		{"TimeZoneEmpty", func(c *Config) { c.TimeZone = "" }, "time_zone",
			"time_zone is empty: " + iana},
		{"TimeZoneLocal", func(c *Config) { c.TimeZone = "Local" }, "time_zone",
			`time_zone "Local" depends on the machine the bot runs on: ` + iana},
		{"TimeZoneUnknown", func(c *Config) { c.TimeZone = "Mars/Olympus_Mons" }, "time_zone",
			`time_zone "Mars/Olympus_Mons" is not a known time zone: ` + iana},
		{"OrderDeadlineEmpty", func(c *Config) { c.OrderDeadline = "" }, "order_deadline",
			`order_deadline is empty: set a cron spec such as "0 20 * * *" (every day at 20:00 in time_zone)`},
		{"OrderDeadlineBad", func(c *Config) { c.OrderDeadline = "0 25 * * *" }, "order_deadline",
			`order_deadline "0 25 * * *" is not a valid cron spec: hour field "25": 25 is out of range: hours are 0 to 23`},
		{"BattleDeadlineBad", func(c *Config) { c.BattleDeadline = "@daly" }, "battle_deadline",
			`battle_deadline "@daly" is not a valid cron spec: unknown descriptor "@daly": use @yearly, @monthly, @weekly, @daily, @midnight, @hourly or "@every <duration>" (or leave it empty for no battle deadline)`},
		{"LogLevel", func(c *Config) { c.LogLevel = "verbose" }, "log_level",
			`log_level "verbose" is not a level: use debug, info, warn or error`},
		{"HexSizeTooSmall", func(c *Config) { c.HexSize = 4 }, "hex_size",
			"hex_size 4 is too small: use 8 to 64 pixels"},
		{"HexSizeTooLarge", func(c *Config) { c.HexSize = 200 }, "hex_size",
			"hex_size 200 is too large: use 8 to 64 pixels"},
		{"PNGCompression", func(c *Config) { c.PNGCompression = "fast" }, "png_compression",
			`png_compression "fast" is not a level: use speed, default or best`},
		{"LongValueNotShown", func(c *Config) { c.TimeZone = strings.Repeat("x", 41) }, "time_zone",
			"time_zone (a 41-character value, not shown in case it is the token) is not a known time zone: " + iana},
	}
	for _, tt := range tests {
		t.Run("Err"+tt.name, func(t *testing.T) {
			c := Default()
			tt.change(&c)
			err := c.Validate()
			if err == nil {
				t.Fatal("Validate = nil, want an error")
			}
			got := problems(t, err)
			want := []Problem{{Key: tt.key, Message: tt.want}}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("problems\n got %+v\nwant %+v", got, want)
			}
			if got, want := err.Error(), "invalid configuration: "+tt.want; got != want {
				t.Fatalf("Error()\n got %s\nwant %s", got, want)
			}
		})
	}
}

// Ensure the edges of each range and the accepted spellings pass.
func TestValidate_OK(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
	}{
		{"HexSizeMin", func(c *Config) { c.HexSize = 8 }},
		{"HexSizeMax", func(c *Config) { c.HexSize = 64 }},
		{"UndoMin", func(c *Config) { c.UndoSnapshots = 1 }},
		{"UndoMax", func(c *Config) { c.UndoSnapshots = 1000 }},
		{"LogLevelUpperCase", func(c *Config) { c.LogLevel = "WARN" }},
		{"PNGUpperCase", func(c *Config) { c.PNGCompression = "Best" }},
		{"TimeZoneIANA", func(c *Config) { c.TimeZone = "America/Argentina/Buenos_Aires" }},
		{"BattleDeadline", func(c *Config) { c.BattleDeadline = "*/30 * * * *" }},
		{"DiscordIDs", func(c *Config) { c.ApplicationID, c.DevGuildID = "123456789012345678", "1" }},
		{"Token", func(c *Config) { c.Token = "MTIz.abc-def_ghi" }},
	}
	for _, tt := range tests {
		t.Run("OK/"+tt.name, func(t *testing.T) {
			c := Default()
			tt.change(&c)
			if err := c.Validate(); err != nil {
				t.Fatalf("Validate = %v, want nil", err)
			}
		})
	}
}

// Ensure Validate reports every problem at once, in key order.
func TestValidate_AllProblems(t *testing.T) {
	c := Config{
		Token: "Bot x", ApplicationID: "x", DevGuildID: "x", DatabasePath: "",
		Store: "x", EtcdEndpoints: "ftp://x", EtcdPrefix: "x", EtcdCAFile: "/none/ca.pem",
		EtcdCertFile: "/none/c.pem", EtcdKeyFile: "/none/k.pem", EtcdUsername: "a b", LeaseTTLSeconds: 0,
		ShardID: -1, ShardCount: 0,
		UndoSnapshots: 0, TimeZone: "x", OrderDeadline: "x", BattleDeadline: "x",
		LogLevel: "x", HexSize: 0, ShowHexNumbers: false, PNGCompression: "x",
	}
	err := c.Validate()
	var got []string
	for _, p := range problems(t, err) {
		got = append(got, p.Key)
	}
	var want []string
	for _, k := range Keys() {
		if k != "show_hex_numbers" { // a bool cannot be wrong
			want = append(want, k)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("problem keys\n got %q\nwant %q", got, want)
	}
	if !strings.HasPrefix(err.Error(), "invalid configuration: 23 problems:\n  - token starts with") {
		t.Fatalf("Error() = %q, want a list of 23", err)
	}
	// Each problem is reachable with errors.As, for callers that answer
	// one key at a time.
	var p Problem
	if !errors.As(err, &p) || p.Key != "token" {
		t.Fatalf("errors.As(Problem) = %+v, want the token problem", p)
	}
}

// Ensure serve's extra requirements say where to get the credentials.
func TestValidateForDiscord(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		c := Default()
		c.Token, c.ApplicationID = "abc.def.ghi", "123456789012345678"
		if err := c.ValidateForDiscord(); err != nil {
			t.Fatalf("ValidateForDiscord = %v, want nil", err)
		}
	})

	t.Run("ErrMissingCredentials", func(t *testing.T) {
		err := Default().ValidateForDiscord()
		got := problems(t, err)
		want := []Problem{
			{Key: "token", Message: "token is not set: set BFBOT_TOKEN to your bot's token from the Discord developer portal (Applications → your application → Bot → Reset Token)"},
			{Key: "application_id", Message: "application_id is not set: set BFBOT_APPLICATION_ID (or application_id in the config file) to the Application ID on your application's General Information page in the Discord developer portal"},
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("problems\n got %+v\nwant %+v", got, want)
		}
	})

	t.Run("ErrAlsoChecksTheRest", func(t *testing.T) {
		c := Default()
		c.Token, c.ApplicationID, c.HexSize = "abc.def.ghi", "1", 200
		got := problems(t, c.ValidateForDiscord())
		if len(got) != 1 || got[0].Key != "hex_size" {
			t.Fatalf("problems = %+v, want only hex_size", got)
		}
	})
}

// Ensure Location loads the zone, and fails with Validate's message.
func TestConfig_Location(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		c := Default()
		c.TimeZone = "Asia/Kolkata"
		loc, err := c.Location()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := loc.String(), "Asia/Kolkata"; got != want {
			t.Fatalf("Location() = %q, want %q", got, want)
		}
	})

	t.Run("ErrUnknown", func(t *testing.T) {
		c := Default()
		c.TimeZone = "Nowhere/Land"
		_, err := c.Location()
		want := `invalid configuration: time_zone "Nowhere/Land" is not a known time zone: use an IANA name such as "UTC", "Europe/Berlin" or "America/New_York"`
		if err == nil || err.Error() != want {
			t.Fatalf("error\n got %v\nwant %s", err, want)
		}
	})
}

// Ensure the level names map to slog and png levels.
func TestLevels(t *testing.T) {
	logTests := []struct {
		in   LogLevel
		want slog.Level
	}{
		{"debug", slog.LevelDebug}, {"info", slog.LevelInfo}, {"warn", slog.LevelWarn},
		{"error", slog.LevelError}, {"ERROR", slog.LevelError}, {"bogus", slog.LevelInfo},
	}
	for _, tt := range logTests {
		if got := tt.in.Level(); got != tt.want {
			t.Errorf("LogLevel(%q).Level() = %v, want %v", tt.in, got, tt.want)
		}
	}
	// LogLevel is usable as slog.HandlerOptions.Level.
	var _ slog.Leveler = LogDebug

	pngTests := []struct {
		in   PNGCompression
		want png.CompressionLevel
	}{
		{"speed", png.BestSpeed}, {"default", png.DefaultCompression},
		{"best", png.BestCompression}, {"bogus", png.BestSpeed},
	}
	for _, tt := range pngTests {
		if got := tt.in.Level(); got != tt.want {
			t.Errorf("PNGCompression(%q).Level() = %v, want %v", tt.in, got, tt.want)
		}
	}
}
