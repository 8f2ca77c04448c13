package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// fakeToken has the shape of a Discord bot token (three dot-separated
// parts); it is not a real one. Its letters alternate case so that no piece
// of it occurs in an ordinary message by chance.
const fakeToken = "QzXjWvQkPbYh.KpRtYm.ZxLmNvBqWyHtSsDdFfGgJjKkPpRrTt"

// assertNoToken fails if text holds any four characters in a row of the
// token: a message quoting part of it (as the TOML lexer does: `expected
// value but found "QzXjWvQkPbYh"`) leaks it as surely as the whole.
func assertNoToken(tb testing.TB, what, text string) {
	tb.Helper()
	for i := 0; i+4 <= len(fakeToken); i++ {
		if part := fakeToken[i : i+4]; strings.Contains(text, part) {
			tb.Errorf("%s shows part of the token (%q):\n%s", what, part, text)
			return
		}
	}
}

func configWithToken() Config {
	c := Default()
	c.Token = fakeToken
	c.ApplicationID = "123456789012345678"
	return c
}

// Ensure fmt never prints the token, whatever the verb, alone or in a Config.
func TestSecret_Fmt(t *testing.T) {
	c := configWithToken()
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%20s", "%-8v"} {
		t.Run("OK/"+verb, func(t *testing.T) {
			assertNoToken(t, "Secret "+verb, fmt.Sprintf(verb, c.Token))
			assertNoToken(t, "Config "+verb, fmt.Sprintf(verb, c))
			assertNoToken(t, "*Config "+verb, fmt.Sprintf(verb, &c))
		})
	}

	t.Run("OK/Shown", func(t *testing.T) {
		tests := []struct{ format, want string }{
			{"%v", "[redacted]"},
			{"%s", "[redacted]"},
			{"%q", `"[redacted]"`},
			{"%#v", `"[redacted]"`},
		}
		for _, tt := range tests {
			if got := fmt.Sprintf(tt.format, c.Token); got != tt.want {
				t.Errorf("Sprintf(%q) = %q, want %q", tt.format, got, tt.want)
			}
		}
		if got, want := fmt.Sprint(Secret("")), "[not set]"; got != want {
			t.Errorf("empty Secret prints %q, want %q", got, want)
		}
		if got, want := c.Token.String(), "[redacted]"; got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
		if got, want := c.Token.GoString(), "[redacted]"; got != want {
			t.Errorf("GoString() = %q, want %q", got, want)
		}
		if got := fmt.Sprintf("%+v", c); !strings.Contains(got, "Token:[redacted]") {
			t.Errorf("%%+v of Config = %s, want Token:[redacted]", got)
		}
	})

	t.Run("OK/Reveal", func(t *testing.T) {
		if got := c.Token.Reveal(); got != fakeToken {
			t.Fatalf("Reveal() = %q, want the token", got)
		}
	})
}

// Ensure encoders never write the token.
func TestSecret_Encoders(t *testing.T) {
	c := configWithToken()

	t.Run("OK/JSON", func(t *testing.T) {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		assertNoToken(t, "json.Marshal(Config)", string(b))
		if !strings.Contains(string(b), `"token":"[redacted]"`) {
			t.Errorf("json = %s, want token [redacted]", b)
		}
	})

	t.Run("OK/TOML", func(t *testing.T) {
		var buf bytes.Buffer
		if err := toml.NewEncoder(&buf).Encode(c); err != nil {
			t.Fatal(err)
		}
		assertNoToken(t, "toml.Encode(Config)", buf.String())
		if !strings.Contains(buf.String(), `token = "[redacted]"`) {
			t.Errorf("toml = %s, want token [redacted]", buf.String())
		}
	})

	t.Run("OK/NotSet", func(t *testing.T) {
		b, err := json.Marshal(Default())
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"token":"[not set]"`) {
			t.Errorf("json = %s, want token [not set]", b)
		}
	})
}

// Ensure slog's text and JSON handlers never write the token, whether the
// Config, the Secret or a struct holding them is logged.
func TestSecret_Slog(t *testing.T) {
	c := configWithToken()
	type wrapper struct{ Cfg Config }
	handlers := map[string]func(*bytes.Buffer) slog.Handler{
		"Text": func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
		"JSON": func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
	}
	for name, newHandler := range handlers {
		t.Run("OK/"+name, func(t *testing.T) {
			var buf bytes.Buffer
			log := slog.New(newHandler(&buf))
			log.Info("start", "config", c)
			log.Info("token", "token", c.Token)
			log.Info("wrapped", "w", wrapper{c}, "ptr", &c)
			log.With("config", c).Info("with")
			assertNoToken(t, name+" handler", buf.String())
			if !strings.Contains(buf.String(), "[redacted]") {
				t.Errorf("log does not say [redacted]:\n%s", buf.String())
			}
			// The Config logs as a group of its keys.
			if !strings.Contains(buf.String(), "hex_size") {
				t.Errorf("log does not show the config's keys:\n%s", buf.String())
			}
		})
	}
}

// Ensure errors from the file and the environment do not echo the token.
func TestSecret_Errors(t *testing.T) {
	files := map[string]string{
		"Unquoted":            "token = " + fakeToken + "\n",
		"UnquotedUpperCase":   "TOKEN = " + fakeToken + "\n",
		"Unterminated":        "token = \"" + fakeToken + "\n",
		"UnterminatedSingle":  "token = '" + fakeToken + "\n",
		"UnterminatedTriple":  "token = \"\"\"" + fakeToken + "\nhex_size = 20\n",
		"TrailingJunk":        "token = \"" + fakeToken + "\" x\n",
		"SpaceInside":         "token = " + fakeToken[:30] + " " + fakeToken[30:] + "\n",
		"BadEscape":           "token = \"\\q" + fakeToken + "\"\n",
		"ControlCharacter":    "token = \"\x01" + fakeToken + "\"\n",
		"BadUTF8":             "token = \"\xff" + fakeToken + "\"\n",
		"DigitsFirst":         "token = 12" + fakeToken + "\n",
		"InArray":             "token = [" + fakeToken + "]\n",
		"InInlineTable":       "token = {" + fakeToken + "}\n",
		"SecondLine":          "hex_size = 20\ntoken = " + fakeToken + "\n",
		"MisspeltKey":         "tokn = \"" + fakeToken + "\"\n",
		"ArrayOfToken":        "token = [\"" + fakeToken + "\"]\n",
		"Table":               "[token]\nvalue = \"" + fakeToken + "\"\n",
		"WrongKeyForToken":    "hex_size = \"" + fakeToken + "\"\n",
		"UnknownKeyAfterward": "token = \"" + fakeToken + "\"\nhex_sise = 20\n",
	}
	for name, text := range files {
		t.Run("ErrFile/"+name, func(t *testing.T) {
			_, err := Load(MustWriteConfig(t, text), nil)
			if err == nil {
				t.Fatal("Load = nil error, want one")
			}
			assertNoToken(t, "error", err.Error())
			assertNoToken(t, "error %+v", fmt.Sprintf("%+v", err))
		})
	}

	envs := map[string][]string{
		"MisspeltVariable": {"BFBOT_TOKN=" + fakeToken},
		"WrongNumber":      {"BFBOT_HEX_SIZE=" + fakeToken},
		"WrongBool":        {"BFBOT_SHOW_HEX_NUMBERS=" + fakeToken},
	}
	for name, env := range envs {
		t.Run("ErrEnv/"+name, func(t *testing.T) {
			_, err := Load("", env)
			if err == nil {
				t.Fatal("Load = nil error, want one")
			}
			assertNoToken(t, "error", err.Error())
		})
	}

	t.Run("ErrValidate", func(t *testing.T) {
		// A token with a space, or pasted into another key.
		for _, env := range [][]string{
			{"BFBOT_TOKEN=" + fakeToken + " "},
			{"BFBOT_TOKEN=Bot " + fakeToken},
			{"BFBOT_TIME_ZONE=" + fakeToken},
			{"BFBOT_ORDER_DEADLINE=" + fakeToken},
			{"BFBOT_APPLICATION_ID=" + fakeToken},
			{"BFBOT_TOKEN=" + fakeToken, "BFBOT_DEV_GUILD_ID=" + fakeToken},
		} {
			c := MustLoad(t, "", env)
			err := c.ValidateForDiscord()
			if err == nil {
				t.Fatalf("%q: ValidateForDiscord = nil, want an error", env)
			}
			assertNoToken(t, "error", err.Error())
		}
	})

	t.Run("ErrEnvShortTokenElsewhere", func(t *testing.T) {
		_, err := Load("", []string{"BFBOT_TOKEN=s3cr3tz9", "BFBOT_HEX_SIZE=s3cr3tz9"})
		if err == nil {
			t.Fatal("Load = nil error, want one")
		}
		if strings.Contains(err.Error(), "s3cr3tz9") {
			t.Fatalf("error shows the token: %v", err)
		}
	})

	t.Run("ErrValidateShortTokenElsewhere", func(t *testing.T) {
		// show() lets short values through; the token is still scrubbed.
		c := Default()
		c.Token = "s3cr3tz9"
		c.TimeZone = "s3cr3tz9"
		err := c.Validate()
		if err == nil {
			t.Fatal("Validate = nil, want an error")
		}
		if strings.Contains(err.Error(), "s3cr3tz9") {
			t.Fatalf("error shows the token: %v", err)
		}
	})
}
