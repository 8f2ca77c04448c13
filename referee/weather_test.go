package referee

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Line numbers below are of book 004, the battle setup tables
// (docs/sources.md); R11 and ST ids are rulings.

// stbDuel is A1 (lancers, range rng) at 0605 and B1 (bandits) at the
// given hex, on open ground, in the lancers' attack phase, with the
// rules attributes given in the notation ("weather=fog").
func stbDuel(tb testing.TB, rules string, rng int, at string) *State {
	return mustPosition(tb, fmt.Sprintf(`map blank 32x17; rules %s; turn 1 attack lancers player=1
		side lancers name="7th Crucis Lancers"; side bandits name="Moore's Bandits"
		unit A1 lancers heavy-mech regular 12/10/9 @0605 name="A1" r=%d mp=4 ob=15
		unit B1 bandits medium-mech regular 8/8/8 @%s name="B1" r=3 mp=4 ob=10`, rules, rng, at))
}

// stbColumn plans the attack text in s and returns its column.
func stbColumn(tb testing.TB, s *State, text string) int {
	tb.Helper()
	p, err := planAttack(s, newSightlines(s), s.Unit("A1"), mustAction(tb, text))
	if err != nil {
		tb.Fatal(err)
	}
	return p.column
}

// Ensure each weather's column shift against the same attack in normal
// weather: fog −2 on every attack (line 12), heavy rain −1 only beyond
// half the attacker's range (line 10; ST4), a massive storm −2 at range
// 2 or more (line 15).
func TestWeatherColumnShifts(t *testing.T) {
	for _, tc := range []struct {
		name    string
		weather WeatherKind
		rng     int
		at      string
		action  string
		shift   int
	}{
		{"fog ranged", WeatherFog, 3, "0805", "attack A1 B1 ranged", -2},
		{"fog close", WeatherFog, 3, "0705", "attack A1 B1 close", -2},
		{"rain beyond half range", WeatherHeavyRain, 3, "0805", "attack A1 B1 ranged", -1},
		{"rain within half range", WeatherHeavyRain, 4, "0805", "attack A1 B1 ranged", 0},
		{"rain close", WeatherHeavyRain, 1, "0705", "attack A1 B1 close", 0},
		{"storm at range 2", WeatherStorm, 3, "0805", "attack A1 B1 ranged", -2},
		{"storm adjacent", WeatherStorm, 3, "0705", "attack A1 B1 ranged", 0},
		{"severe weather", WeatherSevere, 3, "0805", "attack A1 B1 ranged", 0},
		{"heat or cold", WeatherHeatCold, 3, "0805", "attack A1 B1 ranged", 0},
		{"natural fortifications (line 143)", 255, 3, "0805", "attack A1 B1 ranged", -1},
		{"fortifications and fog", 254, 3, "0705", "attack A1 B1 close", -3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			normal := stbColumn(t, stbDuel(t, "", tc.rng, tc.at), tc.action)
			rules := "weather=" + tc.weather.String()
			switch tc.weather { // 255, 254: the bandits hold natural fortifications
			case 255:
				rules = "fortified=bandits"
			case 254:
				rules = "weather=fog fortified=bandits"
			}
			s := stbDuel(t, rules, tc.rng, tc.at)
			got := stbColumn(t, s, tc.action)
			if got-normal != tc.shift {
				t.Errorf("column %d in %v, %d in normal weather: shift %d, want %d", got, tc.weather, normal, got-normal, tc.shift)
			}
		})
	}
}

// Ensure fog caps the range of fire at six hexes (line 12; R11).
func TestWeatherFogFireRange(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		stbColumn(t, stbDuel(t, "", 8, "1305"), "attack A1 B1 ranged")            // 7 hexes
		stbColumn(t, stbDuel(t, "weather=fog", 8, "1205"), "attack A1 B1 ranged") // 6 hexes
	})
	t.Run("ErrBeyondFog", func(t *testing.T) {
		s := stbDuel(t, "weather=fog", 8, "1305")
		_, err := planAttack(s, newSightlines(s), s.Unit("A1"), mustAction(t, "attack A1 B1 ranged"))
		if err == nil || !strings.Contains(err.Error(), "beyond 6 hexes") {
			t.Errorf("got %v, want a refusal beyond 6 hexes", err)
		}
	})
}

// Ensure fog caps sight at six hexes: a Recon unit (ESR 7) sights an
// enemy 7 hexes away in normal weather but not in fog (line 12; R11).
func TestWeatherFogSight(t *testing.T) {
	for _, tc := range []struct {
		weather WeatherKind
		want    bool
	}{{WeatherNormal, true}, {WeatherFog, false}, {WeatherStorm, true}} {
		t.Run(tc.weather.String(), func(t *testing.T) {
			s := stbDuel(t, "weather="+tc.weather.String(), 3, "1305")
			s.Unit("A1").Chits.Recon = true
			b := &battle{s: s.Clone(), side: "lancers"}
			b.sight()
			got := b.s.Known["lancers"]["B1"]&KnowClass != 0
			if got != tc.want {
				t.Errorf("B1 sighted %v, want %v", got, tc.want)
			}
		})
	}
	if got := weatherSight(stbDuel(t, "weather=fog", 3, "0705"), 2); got != 2 {
		t.Errorf("fog raised a night sight range of 2 to %d", got)
	}
}

// Ensure a massive storm costs ground units 1 MP when their turn begins
// and leaves air lances theirs (line 15).
func TestWeatherStormMP(t *testing.T) {
	for _, tc := range []struct {
		weather WeatherKind
		mech    int
		air     int
	}{{WeatherNormal, 4, 8}, {WeatherStorm, 3, 8}, {WeatherFog, 4, 8}} {
		t.Run(tc.weather.String(), func(t *testing.T) {
			s := stbDuel(t, "weather="+tc.weather.String(), 3, "1305")
			air := cbUnit("A2", "lancers", LightAir, "0201", Values{RA: 6, CA: 0, D: 4}, 1, Regular)
			air.MP = 8
			s.Units = append(s.Units, &air)
			slices.SortFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
			s.Phase, s.Turn, s.PlayerTurn = PhaseDeploy, 0, 0
			ns, _, err := Start(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := ns.Unit("A1").MPLeft; got != tc.mech {
				t.Errorf("A1 has %d MP, want %d", got, tc.mech)
			}
			if got := ns.Unit("A2").MPLeft; got != tc.air {
				t.Errorf("A2 (air) has %d MP, want %d", got, tc.air)
			}
			cbCheck(t, ns)
		})
	}
	if got := (Weather{Kind: WeatherStorm}).MP(Infantry, 0); got != 0 {
		t.Errorf("storm took a 0-MP unit to %d", got)
	}
}

// Ensure air lances cannot deploy in a massive storm (line 15) and can
// in severe weather (halved at set-up instead, line 11; ST5) and fog.
func TestWeatherAirBanned(t *testing.T) {
	for _, tc := range []struct {
		weather WeatherKind
		banned  bool
	}{{WeatherSevere, false}, {WeatherStorm, true}, {WeatherFog, false}, {WeatherNormal, false}} {
		t.Run(tc.weather.String(), func(t *testing.T) {
			s := stbDuel(t, "weather="+tc.weather.String(), 3, "1305")
			air := cbUnit("A2", "lancers", LightAir, "0201", Values{RA: 6, CA: 0, D: 4}, 1, Regular)
			air.Status = Reserve
			s.Units = append(s.Units, &air)
			slices.SortFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
			s.Phase, s.Turn, s.PlayerTurn = PhaseDeploy, 0, 0
			if tc.banned {
				cbRefuse(t, s, "lancers", "deploy A2 0903", "cannot fly")
				return
			}
			ns, _ := cbDo(t, s, "lancers", "deploy A2 0903")
			if ns.Unit("A2").Status != Active {
				t.Errorf("A2 is %v after deploying", ns.Unit("A2").Status)
			}
		})
	}
}

// Ensure weather names round-trip and a bad one is refused by name.
func TestWeatherKindText(t *testing.T) {
	for k := WeatherNormal; k < numWeatherKinds; k++ {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var got WeatherKind
		if err := got.UnmarshalText(b); err != nil || got != k {
			t.Errorf("%v: round trip gave %v, %v", k, got, err)
		}
	}
	if _, err := ParseWeatherKind("sunny"); err == nil || !strings.Contains(err.Error(), "fog") {
		t.Errorf("ParseWeatherKind(sunny) = %v, want an error listing the kinds", err)
	}
}

// Ensure strafing and bombing are impossible in thick fog (line 12) and
// allowed in other weather.
func TestWeatherFogStrafing(t *testing.T) {
	setup := func(w WeatherKind) *State {
		a2 := airUnit("A2", "lancers", LightAir, "1111", 8, 6, 6, 15, 12, Regular)
		a2.Chits.Bomb = 10
		s := cbBattle(t, terrain(nil), PhaseAttack,
			airUnit("A1", "lancers", HeavyAir, "0911", 15, 13, 10, 15, 10, Veteran), a2,
			cbUnit("B1", "bandits", FireMech, "0912", Values{RA: 10, CA: 6, D: 9}, 4, Regular),
			cbUnit("B3", "bandits", MediumMech, "1210", Values{RA: 8, CA: 8, D: 10}, 3, Regular),
		)
		s.Rules.Weather = Weather{Kind: w}
		return s
	}
	cbRefuse(t, setup(WeatherFog), "lancers", "strafe A1 0912", "cannot strafe in thick fog")
	cbRefuse(t, setup(WeatherFog), "lancers", "bomb A2 1210", "cannot bomb in thick fog")
	d, _ := cbDice(t, 7, 7, 7, 7)
	if _, _, err := Apply(setup(WeatherHeavyRain), stbAction(t, "strafe A1 0912"), d); err != nil {
		t.Errorf("strafing in heavy rain: %v", err)
	}
}

// stbAction parses an action of the lancers.
func stbAction(tb testing.TB, text string) Action {
	tb.Helper()
	a := mustAction(tb, text)
	a.Side = "lancers"
	return a
}
