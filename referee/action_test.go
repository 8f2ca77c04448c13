package referee

import (
	"strings"
	"testing"
)

// Ensure actions read and print in their text form.
func TestParseAction(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for _, s := range []string{
			"deploy A1 0314",
			"move A3 0807",
			"move A3 0806 0807 0907",
			"overburn A1",
			"attack A1 B1 close",
			"attack F1 B1 ranged value 9 observer A1",
			"attack I1 B2 assault",
			"rally A2 0505",
			"pickup A1",
			"withdraw A1",
			"retreat",
			"surrender",
			"end",
		} {
			a, err := ParseAction(s)
			if err != nil {
				t.Errorf("ParseAction(%q): %v", s, err)
				continue
			}
			if got := a.String(); got != s {
				t.Errorf("ParseAction(%q).String() = %q", s, got)
			}
		}
		a, _ := ParseAction("attack A1 B1")
		if a.Mode != Ranged || a.String() != "attack A1 B1 ranged" {
			t.Errorf("attack without a mode = %+v", a)
		}
		a, _ = ParseAction("move A3 0807")
		if a.Path != nil || a.To.String() != "0807" {
			t.Errorf("move to a hex = %+v, want a destination and no path", a)
		}
	})
	t.Run("Err", func(t *testing.T) {
		for in, want := range map[string]string{
			"":                        "empty action",
			"fly A1 0101":             `unknown action "fly"`,
			"move A1":                 "write it as move UNIT HEX",
			"move A1 12x4":            `hex "12x4"`,
			"attack A1":               "write it as attack UNIT TARGET",
			"attack A1 B1 punch":      `attack mode "punch"`,
			"attack A1 B1 value x":    `declared value "x"`,
			"attack A1 B1 value 0":    `declared value "0"`,
			"attack A1 B1 value":      "write it as attack",
			"end now":                 "write it as end",
			"attack A1 B1 close fast": "write it as attack",
		} {
			_, err := ParseAction(in)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("ParseAction(%q) error = %v, want %q", in, err, want)
			}
		}
	})
}
