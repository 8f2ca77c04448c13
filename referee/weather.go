package referee

import (
	"fmt"
	"strings"
)

// Weather at a campaign contact (004 lines 3–15),
// converted to BattleForce by ruling R11: "+N to hit" is a −N column
// shift, "LOS limited to N hexes" caps the ESR and the range of fire.
// Night is not a weather kind here: the weather table's night result
// only halves infantry and is rolled again for the weather proper (004
// line 7); it does not turn on the scenario night rules of Rules.Night
// (000 lines 2379–2383, ruling ST2). Halving infantry (night, severe heat
// or cold) happens when the battle is set up (campaign/setup_roll.go).
//
// The hooks below are called where the referee computes sight range,
// fire range, attack columns, MP and deployment; each is a no-op in
// normal weather, so a battle without a Weather plays as before.

// WeatherKind is one result of the weather table.
type WeatherKind uint8

// The weather kinds with an effect on a BattleForce battle. Results that
// have none at this scale (the electromagnetic storm's drones and C3,
// line 14) are Normal; a local disaster (line 13) is a note to the
// campaign's referee, and the battle is fought in normal weather.
const (
	WeatherNormal    WeatherKind = iota
	WeatherHeatCold              // line 9: infantry halved (at set-up)
	WeatherHeavyRain             // line 10: −1 column beyond half range
	WeatherSevere                // line 11: air lances halved (at set-up)
	WeatherFog                   // line 12: sight and fire ≤ 6, −2 columns
	WeatherStorm                 // line 15: −1 MP, −2 columns at range ≥ 2, no air
	numWeatherKinds
)

var weatherNames = [...]string{"normal", "heat-cold", "heavy-rain", "severe", "fog", "storm"}

func (k WeatherKind) String() string {
	if k < numWeatherKinds {
		return weatherNames[k]
	}
	return fmt.Sprintf("WeatherKind(%d)", uint8(k))
}

// WeatherNames are the weather kinds' names, in order, for a choice.
func WeatherNames() []string { return weatherNames[:len(weatherNames):len(weatherNames)] }

// ParseWeatherKind reads a weather name as String writes it.
func ParseWeatherKind(s string) (WeatherKind, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	if n == "" {
		return WeatherNormal, nil
	}
	for i, name := range weatherNames {
		if name == n {
			return WeatherKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown weather %q: use one of %s", s, strings.Join(weatherNames[:], ", "))
}

// MarshalText implements encoding.TextMarshaler.
func (k WeatherKind) MarshalText() ([]byte, error) {
	if k >= numWeatherKinds {
		return nil, fmt.Errorf("weather kind %d does not exist", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *WeatherKind) UnmarshalText(b []byte) error {
	v, err := ParseWeatherKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Weather is the battle's weather (Rules.Weather); the zero value is
// normal weather.
type Weather struct {
	Kind WeatherKind `json:"kind,omitempty"`
	// Fortified is the side holding natural fortifications, a defensive
	// advantage of the ground rather than the sky (004 line 143): every
	// attack on its units is shifted FortifiedShift ("" for none).
	Fortified string `json:"fortified,omitempty"`
}

// Weather effects in BattleForce terms (ruling R11; rulings ST3–ST6).
const (
	// FogRange caps the ESR and the range of fire in fog (004 line 12).
	FogRange = 6
	// FogShift: +2 to targeting (line 12), every ranged and close attack.
	FogShift = -2
	// RainShift: +1 to hit at long range (line 10), read as ranged fire
	// at more than half the attacker's range.
	RainShift = -1
	// StormShift: +2 to hit at ranges of 2+ (line 15).
	StormShift = -2
	// StormMPLoss: ground units −1 MP (line 15).
	StormMPLoss = 1
	// FortifiedShift: +1 to target a defender in natural fortifications
	// (004 line 143).
	FortifiedShift = -1
)

// RangeCap is how far units may sense and fire (0: no cap).
func (w Weather) RangeCap() int {
	if w.Kind == WeatherFog {
		return FogRange
	}
	return 0
}

// AirBanned reports weather in which air lances cannot fly: a massive
// storm (line 15). Severe weather halves the air lances present instead
// (line 11; done at set-up, ruling ST5).
func (w Weather) AirBanned() bool { return w.Kind == WeatherStorm }

// Shift is the weather's column shift for an attack in mode at dist
// hexes by a unit whose range is rng.
func (w Weather) Shift(mode AttackMode, dist, rng int) int {
	switch w.Kind {
	case WeatherFog:
		if mode != CloseAssault {
			return FogShift
		}
	case WeatherHeavyRain:
		if mode == Ranged && 2*dist > rng {
			return RainShift
		}
	case WeatherStorm:
		if mode != CloseAssault && dist >= 2 {
			return StormShift
		}
	}
	return 0
}

// MP is a ground unit's movement allowance mp in this weather (a storm
// costs 1, never below 0); air lances and DropShips keep theirs.
func (w Weather) MP(c Class, mp int) int {
	if w.Kind == WeatherStorm && c.Ground() {
		return max(0, mp-StormMPLoss)
	}
	return mp
}

// weatherSight caps a sight range r (hook in sighting.go).
func weatherSight(s *State, r int) int {
	if c := s.Rules.Weather.RangeCap(); c > 0 {
		return min(r, c)
	}
	return r
}

// weatherRangeError refuses ranged fire beyond the weather's range cap
// (hook in combat.go).
func weatherRangeError(s *State, u *Unit, dist int, name string) error {
	if c := s.Rules.Weather.RangeCap(); c > 0 && dist > c {
		return illegal("%s is %d hexes from %s: in %v no one fires beyond %d hexes (%s; ruling R11)", name, dist, u.ID, s.Rules.Weather.Kind, c, setupCite{12})
	}
	return nil
}

// weatherShift is the weather's column shift for u's attack on target
// (nil for a building), with natural fortifications (hook in combat.go).
func weatherShift(s *State, u *Unit, target *Unit, mode AttackMode, dist int) int {
	w := s.Rules.Weather
	n := w.Shift(mode, dist, u.Range)
	if target != nil && w.Fortified != "" && target.Side == w.Fortified && mode != CloseAssault {
		n += FortifiedShift
	}
	return n
}

// weatherMP is u's movement allowance mp this turn in the weather (hook
// where MPLeft is set).
func weatherMP(s *State, u *Unit, mp int) int { return s.Rules.Weather.MP(u.Class, mp) }

// weatherDeployError refuses air lances in weather they cannot fly in
// (hook in deploy.go).
func weatherDeployError(s *State, u *Unit) error {
	if u.Class.Kind() == KindAir && s.Rules.Weather.AirBanned() {
		return illegal("%s is an air lance and cannot fly in %v weather (%s; ruling R11)", u.ID, s.Rules.Weather.Kind, setupCite{11, 15})
	}
	return nil
}

// weatherStrafeError refuses strafing and bombing in fog (004 line 12;
// hook in air.go). Air attacks on other air lances go on.
func weatherStrafeError(s *State, u *Unit, bomb bool) error {
	if s.Rules.Weather.Kind != WeatherFog {
		return nil
	}
	what := "strafe"
	if bomb {
		what = "bomb"
	}
	return illegal("%s cannot %s in thick fog: the ground cannot be seen from the air (%s)", u.ID, what, setupCite{12})
}
