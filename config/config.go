package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"bfbot/internal/editdist"
)

// Config is everything the bot reads at start. Its keys are flat (no TOML
// tables) so that each one maps to exactly one environment variable:
// key hex_size ↔ BFBOT_HEX_SIZE. Config is comparable with ==.
type Config struct {
	// Token is the Discord bot token. Prefer BFBOT_TOKEN to the file, so the
	// file can be shared and checked in.
	Token Secret `toml:"token" json:"token"`
	// ApplicationID is the Discord application ID, needed to register commands.
	ApplicationID string `toml:"application_id" json:"application_id"`
	// DevGuildID, when set, registers commands in that one guild, where they
	// appear at once; empty registers them globally, which Discord may take
	// up to an hour to show. Use it while developing.
	DevGuildID string `toml:"dev_guild_id" json:"dev_guild_id"`

	// DatabasePath is the bbolt file (store "bbolt").
	DatabasePath string `toml:"database_path" json:"database_path"`
	// Store is where the campaigns are kept: "bbolt", the file at
	// DatabasePath, for one process; or "etcd", an etcd cluster that
	// several processes share (docs/deploy.md).
	Store string `toml:"store" json:"store"`
	// EtcdEndpoints are the etcd members' client URLs, comma-separated.
	EtcdEndpoints string `toml:"etcd_endpoints" json:"etcd_endpoints"`
	// EtcdPrefix starts every key bfbot writes in etcd; it ends with "/".
	EtcdPrefix string `toml:"etcd_prefix" json:"etcd_prefix"`
	// EtcdCAFile, EtcdCertFile and EtcdKeyFile are PEM files for TLS to
	// etcd: the CA that signed the members' certificates, and the
	// client's certificate and key (both or neither).
	EtcdCAFile   string `toml:"etcd_ca_file" json:"etcd_ca_file"`
	EtcdCertFile string `toml:"etcd_cert_file" json:"etcd_cert_file"`
	EtcdKeyFile  string `toml:"etcd_key_file" json:"etcd_key_file"`
	// EtcdUsername and EtcdPassword authenticate to etcd when its
	// authentication is on; set them as BFBOT_ETCD_USERNAME and
	// BFBOT_ETCD_PASSWORD rather than in the file.
	EtcdUsername string `toml:"etcd_username" json:"etcd_username"`
	EtcdPassword Secret `toml:"etcd_password" json:"etcd_password"`
	// LeaseTTLSeconds is how long a dead process's campaigns wait before
	// another process takes them over (store "etcd").
	LeaseTTLSeconds int `toml:"lease_ttl_seconds" json:"lease_ttl_seconds"`
	// ShardID and ShardCount split the Discord gateway among processes:
	// this process connects as shard ShardID of ShardCount (Discord
	// requires shards beyond 2,500 servers). More than one shard needs
	// store "etcd".
	ShardID    int `toml:"shard_id" json:"shard_id"`
	ShardCount int `toml:"shard_count" json:"shard_count"`
	// UndoSnapshots is how many snapshots storage keeps per campaign for /undo.
	UndoSnapshots int `toml:"undo_snapshots" json:"undo_snapshots"`
	// MaxCampaignsPerServer caps the campaigns not yet over in one
	// Discord server: /campaign create and /scenario start refuse past it.
	MaxCampaignsPerServer int `toml:"max_campaigns_per_server" json:"max_campaigns_per_server"`

	// TimeZone is the IANA zone new campaigns schedule in.
	TimeZone string `toml:"time_zone" json:"time_zone"`
	// OrderDeadline is the cron spec of new campaigns' order deadline.
	OrderDeadline string `toml:"order_deadline" json:"order_deadline"`
	// BattleDeadline is the cron spec of new campaigns' battle-phase deadline;
	// empty means battles wait for the players.
	BattleDeadline string `toml:"battle_deadline" json:"battle_deadline"`

	// LogLevel is the least severe level logged.
	LogLevel LogLevel `toml:"log_level" json:"log_level"`

	// HexSize is the width of a rendered hex in pixels.
	HexSize int `toml:"hex_size" json:"hex_size"`
	// ShowHexNumbers prints each hex's XXYY number on rendered maps.
	ShowHexNumbers bool `toml:"show_hex_numbers" json:"show_hex_numbers"`
	// PNGCompression trades PNG size for encoding time.
	PNGCompression PNGCompression `toml:"png_compression" json:"png_compression"`
}

// EnvPrefix starts the name of every environment variable Load reads.
const EnvPrefix = "BFBOT_"

// EnvConfigFile is not a setting: it is reserved for the path of the config
// file, which the command may read from the environment itself, so Load does
// not call it unknown.
const EnvConfigFile = "BFBOT_CONFIG"

// Default returns the configuration used when neither file nor environment
// says otherwise. It passes Validate (not ValidateForDiscord: no token).
func Default() Config {
	return Config{
		DatabasePath:          "bfbot.db",
		Store:                 StoreBbolt,
		EtcdPrefix:            "bfbot/",
		LeaseTTLSeconds:       10,
		ShardCount:            1,
		UndoSnapshots:         20,
		MaxCampaignsPerServer: 20,
		TimeZone:              "UTC",
		OrderDeadline:         "0 20 * * *",
		BattleDeadline:        "",
		LogLevel:              LogInfo,
		HexSize:               20,
		ShowHexNumbers:        true,
		PNGCompression:        PNGSpeed,
	}
}

// Load returns Default(), overridden by the TOML file at path (skipped when
// path is ""), overridden by the BFBOT_* entries of env ("NAME=value" strings,
// as from os.Environ; a later duplicate wins, as in os/exec).
//
// Load reports what it cannot read: a missing or malformed file, unknown keys
// (with file and line), unknown BFBOT_* variables, and values that do not
// parse as the key's type. It does not call Validate, because only the caller
// knows whether Discord is needed (Validate or ValidateForDiscord).
func Load(path string, env []string) (Config, error) {
	c := Default()
	if path != "" {
		if err := c.loadFile(path); err != nil {
			return Config{}, err
		}
	}
	if err := c.loadEnv(env); err != nil {
		return Config{}, err
	}
	return c, nil
}

// setting is one key of Config, found through its toml tag so that the
// struct is the single list of keys.
type setting struct {
	key   string // TOML key
	env   string // environment variable
	index int    // field index in Config
}

var settings = func() []setting {
	t := reflect.TypeFor[Config]()
	s := make([]setting, 0, t.NumField())
	for i := range t.NumField() {
		key := t.Field(i).Tag.Get("toml")
		s = append(s, setting{key: key, env: EnvPrefix + strings.ToUpper(key), index: i})
	}
	return s
}()

// Keys returns every TOML key in Config order, for documentation and tools.
func Keys() []string {
	keys := make([]string, len(settings))
	for i, s := range settings {
		keys[i] = s.key
	}
	return keys
}

// EnvName returns the environment variable for a TOML key, "" if the key is
// unknown.
func EnvName(key string) string {
	for _, s := range settings {
		if s.key == key {
			return s.env
		}
	}
	return ""
}

func (c *Config) loadFile(path string) error {
	data, err := readLimited(path, MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("config file %q not found (%w): create it (`go doc bfbot/config` lists every key; "+
			"config/testdata/example.toml is a complete example), or leave out --config to run on "+
			"defaults and BFBOT_* environment variables", path, fs.ErrNotExist)
	}
	if err != nil {
		return fmt.Errorf("config file %q: %w", path, err)
	}
	text := string(data)
	context := fmt.Sprintf("config file %q", path)
	if p := limitProblem(len(data), text); p != nil {
		return &Error{Context: context, Problems: []Problem{*p}}
	}
	lines := scanKeys(text)

	md, err := toml.Decode(text, c)
	if err != nil {
		return &Error{Context: context, Problems: []Problem{tomlProblem(err, lines)}}
	}
	var problems []Problem
	reported := map[string]bool{}
	more := 0
	for _, k := range md.Undecoded() {
		// Every valid key is top-level and none is a table, so for a
		// nested key the mistake is its top-level table; report that once.
		// (A dotted key a.b = 1 leaves no separate entry for a.)
		top := k[0]
		if reported[top] {
			continue
		}
		reported[top] = true
		if len(problems) == maxUnknownKeys {
			more++ // counted, not listed: a list of thousands helps nobody
			continue
		}
		problems = append(problems, unknownKeyProblem(toml.Key{top}, len(k) > 1, lines, md))
	}
	if more > 0 {
		problems = append(problems, Problem{Message: fmt.Sprintf("and %d more unknown keys or tables", more)})
	}
	if len(problems) > 0 {
		return &Error{Context: context, Problems: problems}
	}
	return nil
}

// readLimited reads at most limit+1 bytes of a file, so that a huge file
// is refused by its size without being read whole.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}

func unknownKeyProblem(k toml.Key, nested bool, lines keyLines, md toml.MetaData) Problem {
	p := Problem{Key: k.String(), Line: lines.line(k)}
	if nested || md.Type(k...) == "Hash" {
		p.Message = fmt.Sprintf("unknown table [%s]: bfbot's keys are all top-level, "+
			"so write them above the first [table] line, without a table", k)
		return p
	}
	p.Message = fmt.Sprintf("unknown key %q", k.String())
	if s := suggest(k.String(), Keys()); s != "" {
		p.Message += fmt.Sprintf(": did you mean %q?", s)
	} else {
		p.Message += ": the keys are " + strings.Join(Keys(), ", ")
	}
	return p
}

// tomlProblem turns a decode error into a Problem. The token is the one value
// whose text must not reach an error: a lexer message quotes what it found
// (`expected value but found "abc" instead`), so any error that touches the
// token's line, or quotes its text, is replaced by a message without it.
func tomlProblem(err error, lines keyLines) Problem {
	var pe toml.ParseError
	p := Problem{Message: strings.TrimPrefix(err.Error(), "toml: ")}
	if errors.As(err, &pe) {
		p = Problem{Key: pe.LastKey, Line: pe.Position.Line, Message: pe.Message}
		if pe.LastKey != "" {
			p.Message = pe.LastKey + ": " + pe.Message
		}
	} else if m := tomlTypeError.FindStringSubmatch(err.Error()); m != nil {
		// Type mismatches are plain errors from the decoder, with the line
		// and key only in their text.
		p.Line, _ = strconv.Atoi(m[1])
		p.Key = m[2]
		p.Message = typeMessage(m[2], m[3])
	}
	touchesToken := strings.EqualFold(p.Key, "token") || lines.isTokenLine(p.Line)
	for _, v := range lines.tokenValues {
		if strings.Contains(err.Error(), v) {
			touchesToken = true
		}
	}
	if touchesToken {
		p.Key = "token"
		p.Message = `the token's value could not be read (the parser's message is not shown ` +
			`because it may contain the token): write it as token = "…" in double quotes, ` +
			`or better, remove it from the file and set BFBOT_TOKEN`
	}
	return p
}

// tomlTypeError matches the decoder's "toml: line 3 (last key "hex_size"):
// incompatible types: …" errors.
var tomlTypeError = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

// typeMessage says what a key's value must look like, in place of the
// decoder's Go type names, when the key is known.
func typeMessage(key, decoderMessage string) string {
	for _, s := range settings {
		if !strings.EqualFold(s.key, key) || !strings.Contains(decoderMessage, "incompatible types") {
			continue
		}
		switch f := reflect.ValueOf(Default()).Field(s.index); f.Kind() {
		case reflect.Int:
			return fmt.Sprintf("%s must be a whole number such as %d, without quotes", s.key, f.Int())
		case reflect.Bool:
			return fmt.Sprintf("%s must be true or false, without quotes", s.key)
		case reflect.String:
			return fmt.Sprintf(`%s must be text in double quotes: %s = "…"`, s.key, s.key)
		}
	}
	return key + ": " + decoderMessage
}

func (c *Config) loadEnv(env []string) error {
	// Later entries win, so collect first.
	values := map[string]string{}
	var order []string
	for _, kv := range env {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(name, EnvPrefix) {
			continue
		}
		if _, seen := values[name]; !seen {
			order = append(order, name)
		}
		values[name] = value
	}

	var problems []Problem
	known := map[string]bool{EnvConfigFile: true}
	v := reflect.ValueOf(c).Elem()
	for _, s := range settings {
		known[s.env] = true
		value, ok := values[s.env]
		if !ok {
			continue
		}
		if msg := setFromEnv(v.Field(s.index), s, value); msg != "" {
			problems = append(problems, Problem{Key: s.env, Message: msg})
		}
	}
	var names []string
	for _, s := range settings {
		names = append(names, s.env)
	}
	for _, name := range order {
		if known[name] {
			continue
		}
		// The value is never shown: it may be a token set under a misspelt name.
		msg := fmt.Sprintf("%s is not a bfbot setting", name)
		if s := suggest(name, names); s != "" {
			msg += fmt.Sprintf(": did you mean %s?", s)
		} else {
			msg += ": the settings are " + strings.Join(names, ", ")
		}
		problems = append(problems, Problem{Key: name, Message: msg})
	}
	if len(problems) > 0 {
		return &Error{Context: "environment", Problems: scrub(problems, c.Token)}
	}
	return nil
}

// setFromEnv sets one field from its environment text and returns a message
// when the text does not parse. Strings are taken as they are (Validate judges
// them); numbers and booleans tolerate surrounding spaces, which shells and
// .env files easily add.
func setFromEnv(f reflect.Value, s setting, value string) string {
	switch f.Kind() {
	case reflect.String:
		f.SetString(value)
	case reflect.Int:
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return fmt.Sprintf("%s=%s is not a whole number: set it to a number such as %d, or unset it",
				s.env, show(value), reflect.ValueOf(Default()).Field(s.index).Int())
		}
		f.SetInt(int64(n))
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.TrimSpace(value))
		if err != nil {
			return fmt.Sprintf("%s=%s is not a boolean: set it to true or false, or unset it", s.env, show(value))
		}
		f.SetBool(b)
	default:
		// Unreachable while Config holds only strings, ints and bools; a test
		// sets every field from the environment to keep it so.
		return fmt.Sprintf("%s: bfbot cannot read a %s from the environment", s.env, f.Kind())
	}
	return ""
}

// LogValue implements slog.LogValuer: a Config logs as a group of its keys,
// with the token masked.
func (c Config) LogValue() slog.Value {
	v := reflect.ValueOf(c)
	attrs := make([]slog.Attr, 0, len(settings))
	for _, s := range settings {
		attrs = append(attrs, slog.Any(s.key, v.Field(s.index).Interface()))
	}
	return slog.GroupValue(attrs...)
}

// show quotes a value for an error message, unless it is long: a value of
// more than 40 characters is likely a token pasted into the wrong setting,
// and no setting's legitimate value is that long (the longest IANA zone name
// has 32).
func show(v string) string {
	if len(v) > 40 {
		return fmt.Sprintf("(a %d-character value, not shown in case it is the token)", len(v))
	}
	return strconv.Quote(v)
}

// suggest returns the candidate closest to s, if it is close enough to be a
// typing mistake.
func suggest(s string, candidates []string) string {
	best, bestDist := "", 3
	for _, c := range candidates {
		if d := editdist.Distance(strings.ToLower(s), strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}
