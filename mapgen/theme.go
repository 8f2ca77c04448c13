package mapgen

import (
	"fmt"
	"strings"
)

// Theme is the character of a generated map: what kind of ground a sector
// is, and so how the generator spends its terrain.
type Theme uint8

// The themes, from open country to city.
const (
	Plains Theme = iota
	Woods
	Hills
	River
	Urban
	Mixed
	numThemes
)

var themeNames = [numThemes]string{"plains", "woods", "hills", "river", "urban", "mixed"}

// Themes lists every theme in order.
var Themes = []Theme{Plains, Woods, Hills, River, Urban, Mixed}

func (t Theme) String() string {
	if t < numThemes {
		return themeNames[t]
	}
	return fmt.Sprintf("Theme(%d)", uint8(t))
}

// ParseTheme reads a theme name (case-insensitive).
func ParseTheme(s string) (Theme, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	for i, name := range themeNames {
		if name == n {
			return Theme(i), nil
		}
	}
	return 0, fmt.Errorf("unknown theme %q: use one of %s", s, strings.Join(themeNames[:], ", "))
}

// MarshalText implements encoding.TextMarshaler.
func (t Theme) MarshalText() ([]byte, error) {
	if t >= numThemes {
		return nil, fmt.Errorf("theme %d does not exist", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (t *Theme) UnmarshalText(b []byte) error {
	v, err := ParseTheme(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
