package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	// Validation and Location must work on machines without a zoneinfo
	// database (minimal containers); this embeds one (~450 KB).
	_ "time/tzdata"
)

// Hex size and undo bounds. Below 8 pixels a counter's text cannot be read;
// at 64 a 64-column tactical map is already over 3,000 pixels wide. Each
// snapshot is a copy of the campaign, so the bound keeps the database from
// growing without limit.
const (
	MinHexSize       = 8
	MaxHexSize       = 64
	MinUndoSnapshots = 1
	MaxUndoSnapshots = 1000
	// MaxCampaignsPerServer bounds max_campaigns_per_server.
	MaxCampaignsPerServer = 10000
)

// Validate checks every key except the Discord credentials (the console and
// the demo run without Discord) and returns an *Error listing all problems,
// or nil. A token that is set is still checked for common copy mistakes.
func (c Config) Validate() error { return c.validate(false) }

// ValidateForDiscord is Validate plus the credentials `bfbot serve` needs.
func (c Config) ValidateForDiscord() error { return c.validate(true) }

func (c Config) validate(discord bool) error {
	var ps []Problem
	add := func(key, format string, args ...any) {
		ps = append(ps, Problem{Key: key, Message: fmt.Sprintf(format, args...)})
	}

	switch {
	case c.Token == "" && discord:
		add("token", "token is not set: set BFBOT_TOKEN to your bot's token from the Discord developer portal "+
			"(Applications → your application → Bot → Reset Token)")
	case c.Token == "":
	case strings.HasPrefix(c.Token.Reveal(), "Bot "):
		add("token", `token starts with "Bot ": set only the token itself; bfbot adds the prefix`)
	case c.Token.Reveal() == secretRedacted || c.Token.Reveal() == secretNotSet:
		add("token", "token is the placeholder %q, not a token: it was copied from a log or a saved config; "+
			"set BFBOT_TOKEN to the real token from the Discord developer portal", c.Token.Reveal())
	case strings.ContainsFunc(c.Token.Reveal(), unicode.IsSpace):
		add("token", "token contains spaces or line breaks: copy it again from the Discord developer portal "+
			"(Applications → your application → Bot → Reset Token)")
	}

	switch {
	case c.ApplicationID == "" && discord:
		add("application_id", "application_id is not set: set BFBOT_APPLICATION_ID (or application_id in the "+
			"config file) to the Application ID on your application's General Information page in the "+
			"Discord developer portal")
	case c.ApplicationID == "":
	case !isSnowflake(c.ApplicationID):
		add("application_id", "application_id %s is not a Discord ID: copy the Application ID (a number "+
			"of about 18 digits) from your application's General Information page in the Discord developer portal",
			show(c.ApplicationID))
	}
	if c.DevGuildID != "" && !isSnowflake(c.DevGuildID) {
		add("dev_guild_id", "dev_guild_id %s is not a Discord ID: in Discord, turn on Developer Mode, "+
			"right-click your test server and choose Copy Server ID; or leave it empty to register "+
			"commands globally", show(c.DevGuildID))
	}

	if c.Store != StoreEtcd && strings.TrimSpace(c.DatabasePath) == "" {
		add("database_path", `database_path is empty: set it to the database file, e.g. "bfbot.db"`)
	}
	c.storeProblems(add)
	switch {
	case c.UndoSnapshots < MinUndoSnapshots:
		add("undo_snapshots", "undo_snapshots %d is too small: keep %d to %d snapshots per campaign "+
			"(at least one, or /undo has nothing to restore)", c.UndoSnapshots, MinUndoSnapshots, MaxUndoSnapshots)
	case c.UndoSnapshots > MaxUndoSnapshots:
		add("undo_snapshots", "undo_snapshots %d is too large: keep %d to %d snapshots per campaign",
			c.UndoSnapshots, MinUndoSnapshots, MaxUndoSnapshots)
	}

	if c.MaxCampaignsPerServer < 1 || c.MaxCampaignsPerServer > MaxCampaignsPerServer {
		add("max_campaigns_per_server", "max_campaigns_per_server %d: allow 1 to %d running campaigns per server",
			c.MaxCampaignsPerServer, MaxCampaignsPerServer)
	}

	if msg := timeZoneProblem(c.TimeZone); msg != "" {
		add("time_zone", "%s", msg)
	}
	if c.OrderDeadline == "" {
		add("order_deadline", `order_deadline is empty: set a cron spec such as "0 20 * * *" `+
			`(every day at 20:00 in time_zone)`)
	} else if err := ValidateCron(c.OrderDeadline); err != nil {
		add("order_deadline", "order_deadline %s is not a valid cron spec: %v", show(c.OrderDeadline), err)
	}
	if c.BattleDeadline != "" {
		if err := ValidateCron(c.BattleDeadline); err != nil {
			add("battle_deadline", "battle_deadline %s is not a valid cron spec: %v (or leave it empty "+
				"for no battle deadline)", show(c.BattleDeadline), err)
		}
	}

	if !c.LogLevel.valid() {
		add("log_level", "log_level %s is not a level: use debug, info, warn or error", show(string(c.LogLevel)))
	}

	switch {
	case c.HexSize < MinHexSize:
		add("hex_size", "hex_size %d is too small: use %d to %d pixels", c.HexSize, MinHexSize, MaxHexSize)
	case c.HexSize > MaxHexSize:
		add("hex_size", "hex_size %d is too large: use %d to %d pixels", c.HexSize, MinHexSize, MaxHexSize)
	}
	if !c.PNGCompression.valid() {
		add("png_compression", "png_compression %s is not a level: use speed, default or best",
			show(string(c.PNGCompression)))
	}

	if len(ps) == 0 {
		return nil
	}
	return &Error{Context: "invalid configuration", Problems: scrub(ps, c.Token)}
}

// scrub replaces the token wherever a message quotes it. Belt and braces:
// show() hides long values, but a short token pasted into a second key would
// still be quoted there. Below three characters a "token" would match
// innocent text, and is no real token anyway.
func scrub(ps []Problem, token Secret) []Problem {
	if t := token.Reveal(); len(t) >= 3 {
		for i := range ps {
			ps[i].Message = strings.ReplaceAll(ps[i].Message, t, secretRedacted)
		}
	}
	return ps
}

// isSnowflake reports whether s is a Discord ID: a decimal uint64.
func isSnowflake(s string) bool {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// timeZoneProblem returns what is wrong with an IANA zone name, "" if nothing.
func timeZoneProblem(name string) string {
	const use = `use an IANA name such as "UTC", "Europe/Berlin" or "America/New_York"`
	switch name {
	case "":
		return "time_zone is empty: " + use
	case "Local":
		// time.LoadLocation accepts it, but deadlines would then move
		// with whatever machine the bot runs on.
		return `time_zone "Local" depends on the machine the bot runs on: ` + use
	}
	if _, err := time.LoadLocation(name); err != nil {
		return fmt.Sprintf("time_zone %s is not a known time zone: %s", show(name), use)
	}
	return ""
}

// Location returns the default campaign time zone, with the same message as
// Validate when the name is not a zone.
func (c Config) Location() (*time.Location, error) {
	if msg := timeZoneProblem(c.TimeZone); msg != "" {
		return nil, &Error{Context: "invalid configuration", Problems: []Problem{{Key: "time_zone", Message: msg}}}
	}
	return time.LoadLocation(c.TimeZone)
}
