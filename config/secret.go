package config

import (
	"encoding/json"
	"fmt"
	"log/slog"
)

// Secret is a string that must not leak: the Discord bot token. Every way a
// value is usually printed or encoded — fmt verbs, encoding.TextMarshaler
// (TOML, YAML), json.Marshaler and slog.LogValuer — shows "[redacted]" (or
// "[not set]" when empty), so logging a whole Config is safe. Only Reveal
// gives the value, and only the Discord adapter should call it.
//
// IMPORTANT: a conversion such as string(s), reflection, and encoding/json
// map keys (which it writes as plain strings) bypass all of this; never use a
// Secret as a map key or convert it except through Reveal.
type Secret string

const (
	secretRedacted = "[redacted]"
	secretNotSet   = "[not set]"
)

// Reveal returns the secret itself, for the one call that needs it (opening
// the Discord session).
func (s Secret) Reveal() string { return string(s) }

// mask is what every printing path shows instead of the value; "[not set]"
// lets a log reader tell a missing token from a present one.
func (s Secret) mask() string {
	if s == "" {
		return secretNotSet
	}
	return secretRedacted
}

// String implements fmt.Stringer.
func (s Secret) String() string { return s.mask() }

// GoString implements fmt.GoStringer, for %#v reached outside fmt.Formatter.
func (s Secret) GoString() string { return s.mask() }

// Format implements fmt.Formatter so that every verb and flag (%v %+v %#v %s
// %q %x …) formats the mask, never the value: Stringer alone would not cover
// %x or %#v.
func (s Secret) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), s.mask())
}

// MarshalText implements encoding.TextMarshaler, which TOML and YAML encoders
// and encoding/json use.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.mask()), nil }

// MarshalJSON implements json.Marshaler.
func (s Secret) MarshalJSON() ([]byte, error) { return json.Marshal(s.mask()) }

// LogValue implements slog.LogValuer.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.mask()) }
