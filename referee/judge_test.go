package referee

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// jdBattle: lancers A1 (heavy 'Mech) at 0505 and A2 in reserve, bandits
// B1 at 1005, in the given phase.
func jdBattle(tb testing.TB, phase Phase) *State {
	tb.Helper()
	a2 := cbUnit("A2", "lancers", MediumMech, "0101", Values{RA: 8, CA: 8, D: 8}, 3, Regular)
	a2.Status, a2.Hex = Reserve, hex.Hex{}
	return cbBattle(tb, mapgen.New(16, 10), phase,
		cbUnit("A1", "lancers", HeavyMech, "0505", Values{RA: 10, CA: 12, D: 8}, 3, Regular), a2,
		cbUnit("B1", "bandits", HeavyMech, "1005", Values{RA: 10, CA: 12, D: 8}, 3, Regular))
}

// Ensure the referee's damage judgement (ruling JD2) — gauntlet damage,
// hit and run, sniper support, light artillery (004 lines 56, 60, 76,
// 126, 132) — is combat damage to a unit on the map and damage before it
// comes to a unit in reserve, told to whom damage is told, and leaves the
// state given unchanged.
func TestJudgeDamage(t *testing.T) {
	s := jdBattle(t, PhaseMovement)
	ns, evs, err := JudgeDamage(s, "A1", 2, "gauntlet damage, 004 line 56")
	if err != nil {
		t.Fatal(err)
	}
	cbCheck(t, ns)
	if ns.Unit("A1").Step != 2 || s.Unit("A1").Step != 0 {
		t.Errorf("A1 step %d (was %d), want 2 and the old state untouched", ns.Unit("A1").Step, s.Unit("A1").Step)
	}
	if len(evs) != 2 || evs[0].Type != "judgement" || evs[1].Type != "damage" ||
		!slices.Equal(evs[0].Audience, []string{"lancers"}) || !strings.Contains(evs[0].Text, "gauntlet damage") {
		t.Errorf("events %+v, want the judgement and the damage, to the lancers", evs)
	}
	// The last step destroys it and leaves its salvage counter (000 line 512).
	ns, evs, err = JudgeDamage(ns, "A1", 2, "hit and run, 004 line 60")
	if err != nil {
		t.Fatal(err)
	}
	if ns.Unit("A1").Status != Destroyed || ns.Salvage[h("0505")] != 1 || evs[len(evs)-2].Type != "destroyed" {
		t.Errorf("A1 %v, salvage %v, events %+v: want destroyed with a salvage counter", ns.Unit("A1").Status, ns.Salvage, evs)
	}
	// A unit in reserve is destroyed before it comes: nothing on the map.
	ns, evs, err = JudgeDamage(jdBattle(t, PhaseDeploy), "A2", 4, "gauntlet damage, 004 line 126")
	if err != nil {
		t.Fatal(err)
	}
	cbCheck(t, ns)
	if ns.Unit("A2").Status != Destroyed || len(ns.Salvage) != 0 {
		t.Errorf("A2 %v salvage %v: want destroyed, no salvage", ns.Unit("A2").Status, ns.Salvage)
	}
	// The enemy never saw A2: it learns a counter is lost, never which.
	for _, e := range evs {
		public := len(e.Audience) == 0 || slices.Contains(e.Audience, "bandits")
		if public && (e.Unit == "A2" || strings.Contains(e.Text, "A2") || strings.Contains(e.Text, "gauntlet")) {
			t.Errorf("the enemy is told %+v: want only that a counter is lost", e)
		}
	}
	if last := evs[len(evs)-1]; last.Type != "destroyed" || !slices.Equal(last.Audience, []string{"lancers"}) {
		t.Errorf("last event %+v, want the loss told to its side", last)
	}
	// Once the battle is on, a counter in reserve is one still in orbit
	// (or aboard a DropShip), whose coming the enemy is not told (DR1):
	// its loss is told to its owner alone.
	orbit := jdBattle(t, PhaseMovement)
	orbit.Unit("A2").Drop = true
	ns, evs, err = JudgeDamage(orbit, "A2", 4, "destroyed in orbit")
	if err != nil {
		t.Fatal(err)
	}
	cbCheck(t, ns)
	for _, e := range evs {
		if len(e.Audience) == 0 || slices.Contains(e.Audience, "bandits") {
			t.Errorf("the enemy is told %+v of a counter it does not know is coming", e)
		}
	}
	if ns.Unit("A2").Status != Destroyed || len(evs) == 0 {
		t.Errorf("A2 %v, events %+v: want destroyed, told to the lancers", ns.Unit("A2").Status, evs)
	}
	for _, tc := range []struct {
		id, why string
		n       int
		want    string
	}{
		{"A1", "x", 0, "1 to 4 steps"},
		{"A1", "x", 5, "1 to 4 steps"},
		{"A1", " ", 1, "say why"},
		{"Z9", "x", 1, "no unit Z9"},
	} {
		if _, _, err := JudgeDamage(s, tc.id, tc.n, tc.why); !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("JudgeDamage(%s, %d, %q): %v, want %q", tc.id, tc.n, tc.why, err, tc.want)
		}
	}
	over := jdBattle(t, PhaseOver)
	if _, _, err := JudgeDamage(over, "A1", 1, "x"); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("battle over: %v", err)
	}
}

// Ensure the referee keeps a unit out only while the battle is set up, as
// the setup tables do (ST2): withdrawn, not lost; the enemy learns that a
// counter stays out, its owner which (ruling JD2).
func TestJudgeWithhold(t *testing.T) {
	ns, evs, err := JudgeWithhold(jdBattle(t, PhaseDeploy), "A2", "local reinforcements delayed, 004 line 147")
	if err != nil {
		t.Fatal(err)
	}
	cbCheck(t, ns)
	if ns.Unit("A2").Status != Withdrawn {
		t.Errorf("A2 %v, want withdrawn", ns.Unit("A2").Status)
	}
	if len(evs) != 2 || evs[0].Audience != nil || strings.Contains(evs[0].Text, "A2") ||
		!slices.Equal(evs[1].Audience, []string{"lancers"}) || !strings.Contains(evs[1].Text, "A2") {
		t.Errorf("events %+v, want a public one without the ID and the owner's with it", evs)
	}
	if _, _, err := JudgeWithhold(jdBattle(t, PhaseMovement), "A1", "x"); err == nil || !strings.Contains(err.Error(), "has started") {
		t.Errorf("started battle: %v", err)
	}
	if _, _, err := JudgeWithhold(ns, "A2", "x"); err == nil || !strings.Contains(err.Error(), "already out") {
		t.Errorf("twice: %v", err)
	}
}

// Ensure the referee's weather judgement (a local disaster, 004 line 13)
// sets the weather and night for everyone and keeps natural
// fortifications (ruling JD2).
func TestJudgeWeather(t *testing.T) {
	s := jdBattle(t, PhaseMovement)
	s.Rules.Weather.Fortified = "bandits"
	ns, evs, err := JudgeWeather(s, WeatherFog, true, "forest fire smoke, 004 line 13")
	if err != nil {
		t.Fatal(err)
	}
	if ns.Rules.Weather.Kind != WeatherFog || !ns.Rules.Night || ns.Rules.Weather.Fortified != "bandits" || s.Rules.Night {
		t.Errorf("rules %+v (old %+v), want fog at night, fortified kept", ns.Rules, s.Rules)
	}
	if len(evs) != 1 || evs[0].Audience != nil || !strings.Contains(evs[0].Text, "fog, at night") {
		t.Errorf("events %+v, want one public judgement", evs)
	}
	if _, _, err := JudgeWeather(s, WeatherFog, false, ""); err == nil {
		t.Error("a judgement without a reason was taken")
	}
}

// Ensure the referee's terrain judgement (a terrain selection or a
// flood, 004 lines 13, 149) changes the hexes named while the battle is
// set up, keeps roads, leaves the shared map alone and refuses ground
// a placed unit could not stand on (ruling JD2).
func TestJudgeTerrain(t *testing.T) {
	s := jdBattle(t, PhaseDeploy)
	s.Map.Set(h("0303"), mapgen.Cell{Road: true})
	ns, evs, err := JudgeTerrain(s, []hex.Hex{h("0303"), h("0304")}, mapgen.Water1, 0, "a flood, 004 line 13")
	if err != nil {
		t.Fatal(err)
	}
	cbCheck(t, ns)
	if c := ns.Map.At(h("0303")); c.Terrain != mapgen.Water1 || !c.Road || ns.Map.At(h("0304")).Terrain != mapgen.Water1 || s.Map.At(h("0304")).Terrain != mapgen.Open {
		t.Errorf("0303 %+v, 0304 %v (old map %v): want water, the road kept, the old map untouched", c, ns.Map.At(h("0304")).Terrain, s.Map.At(h("0304")).Terrain)
	}
	if len(evs) != 1 || evs[0].Audience != nil || !strings.Contains(evs[0].Text, "0303, 0304 water-1") {
		t.Errorf("events %+v, want one public judgement", evs)
	}
	for _, tc := range []struct {
		hexes []hex.Hex
		elev  int
		why   string
		want  string
	}{
		{[]hex.Hex{h("0606")}, 3, "x", "elevation 3"},
		{[]hex.Hex{h("2020")}, 0, "x", "not on the map"},
		{nil, 0, "x", "name the hexes"},
		{[]hex.Hex{h("0606")}, 0, "", "say why"},
	} {
		if _, _, err := JudgeTerrain(s, tc.hexes, mapgen.HeavyWoods, tc.elev, tc.why); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.hexes, err, tc.want)
		}
	}
	tank := cbUnit("B2", "bandits", Tracked, "0707", Values{RA: 5, CA: 5, D: 5}, 3, Regular)
	withTank := cbBattle(t, mapgen.New(16, 10), PhaseDeploy, tank)
	if _, _, err := JudgeTerrain(withTank, []hex.Hex{h("0707")}, mapgen.Water1, 0, "x"); err == nil || !strings.Contains(err.Error(), "B2 stands in 0707") {
		t.Errorf("water under a tank: %v", err)
	}
	if _, _, err := JudgeTerrain(jdBattle(t, PhaseMovement), []hex.Hex{h("0606")}, mapgen.Rough, 0, "x"); err == nil || !strings.Contains(err.Error(), "has started") {
		t.Errorf("started battle: %v", err)
	}
}

// Ensure the referee's damage that destroys hidden infantry is told to
// its side alone, while the battle is set up and once it is on: the
// enemy never saw the platoon (ruling K2), and a public "destroyed" with
// its hex would show it where it hid (ruling JD2).
func TestJudgeDamageHidden(t *testing.T) {
	for _, phase := range []Phase{PhaseDeploy, PhaseMovement} {
		s := jdBattle(t, phase)
		a3 := cbUnit("A3", "lancers", Infantry, "0707", Values{RA: 3, CA: 6, D: 5}, 1, Regular)
		a3.Hidden = true
		s.Units = slices.Insert(s.Units, 2, &a3) // in ID order, after A2
		ns, evs, err := JudgeDamage(s, "A3", 4, "sniper support, 004 line 76")
		if err != nil {
			t.Fatal(err)
		}
		if ns.Unit("A3").Status != Destroyed {
			t.Errorf("%v: A3 %v, want destroyed", phase, ns.Unit("A3").Status)
		}
		for _, e := range evs {
			if e.Visible("bandits") && (e.Unit == "A3" || strings.Contains(e.Text, "A3") || strings.Contains(e.Text, "0707") || e.Hex != nil) {
				t.Errorf("%v: the enemy is told %+v of a platoon it never saw", phase, e)
			}
		}
		if !slices.ContainsFunc(evs, func(e Event) bool { return e.Type == "destroyed" && e.Unit == "A3" && e.Visible("lancers") }) {
			t.Errorf("%v: events %+v, want A3's loss told to the lancers", phase, evs)
		}
	}
}
