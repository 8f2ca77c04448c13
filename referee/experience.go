package referee

import (
	"fmt"
	"strings"
)

// Experience is a unit's experience level (000 line 861). The zero value
// is Green: builders of units set the level they mean.
type Experience uint8

// The four experience levels.
const (
	Green Experience = iota
	Regular
	Veteran
	Elite
)

var experienceNames = [...]string{"green", "regular", "veteran", "elite"}

func (e Experience) String() string {
	if int(e) < len(experienceNames) {
		return experienceNames[e]
	}
	return fmt.Sprintf("Experience(%d)", uint8(e))
}

// ParseExperience reads an experience level name (case-insensitive).
func ParseExperience(s string) (Experience, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	for i, name := range experienceNames {
		if name == n {
			return Experience(i), nil
		}
	}
	return 0, fmt.Errorf("experience %q: use green, regular, veteran or elite", s)
}

// MarshalText implements encoding.TextMarshaler.
func (e Experience) MarshalText() ([]byte, error) {
	if int(e) >= len(experienceNames) {
		return nil, fmt.Errorf("experience %d does not exist", uint8(e))
	}
	return []byte(e.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (e *Experience) UnmarshalText(b []byte) error {
	for i, name := range experienceNames {
		if string(b) == name { // as MarshalText writes it, without copying b
			*e = Experience(i)
			return nil
		}
	}
	v, err := ParseExperience(string(b))
	if err != nil {
		return err
	}
	*e = v
	return nil
}

// ExperienceShift is the attacker's column shift for its experience (the
// Experience Level Modifiers Table, 000 line 863).
func ExperienceShift(e Experience) int {
	return [...]int{Green: -1, Regular: 0, Veteran: +1, Elite: +2}[min(e, Elite)]
}
