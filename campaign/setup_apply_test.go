package campaign

import (
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// stbState is a campaign battle in its deployment phase on an open
// 32×17 sheet: crucis (A1 medium 'Mech MP 4, A3 infantry, A4 air lance
// with bombs) deploys by the west edge; the bandits (B1 heavy 'Mech, B3
// hidden infantry, B5 infantry) hold a prepared position (anywhere but
// the three edge hexes) and have a mine at 1608.
func stbState(tb testing.TB) *referee.State {
	tb.Helper()
	return stbPosition(tb, `map blank 32x17; turn 0 deploy crucis
		side crucis name="7th Crucis Lancers" retreat=west
		side bandits name="Moore's Bandits" retreat=east mines=1608:5
		unit A1 crucis medium-mech green 10/10/8 reserve name="A1" r=3 mp=4
		unit A3 crucis infantry green 4/6/4 reserve name="A3" r=3 mp=4
		unit A4 crucis medium-air green 8/0/5 reserve name="A4" r=3 mp=8 chits=bomb5
		unit B1 bandits heavy-mech green 14/14/10 reserve name="B1" r=3 mp=4
		unit B3 bandits infantry green 4/6/4 reserve name="B3" r=3 mp=4 hidden
		unit B5 bandits infantry green 4/6/4 reserve name="B5" r=3 mp=4
		campaign withdraw=4 zone=A1:west:3 zone=A3:west:3 zone=A4:west:3 zone=B1:none:3 zone=B3:none:3 zone=B5:none:3 start=A1:0 start=A3:0 start=A4:0 start=B1:0 start=B3:0 start=B5:0`)
}

// stbPosition is this package's fixture builder for battles: it reads a
// position in the battle-state notation (referee.Position, docs/notation.md)
// and fails the test on a bad text or a broken invariant.
func stbPosition(tb testing.TB, text string) *referee.State {
	tb.Helper()
	s, err := referee.ReadPosition(text, nil)
	if err != nil {
		tb.Fatalf("test position: %v", err)
	}
	if errs := s.Check(); len(errs) > 0 {
		tb.Fatalf("test position breaks the invariants: %v", errs)
	}
	return s
}

// stbApply applies r to a fresh stbState and checks both states.
func stbApply(tb testing.TB, r SetupResult) (before, after *referee.State) {
	tb.Helper()
	s := stbState(tb)
	ns := r.Apply(s)
	for _, err := range ns.Check() {
		tb.Error(err)
	}
	if ns == s {
		tb.Fatal("Apply returned its argument")
	}
	return s, ns
}

// Ensure the weather and natural fortifications go into the rules (lines
// 8–15, 143) and the state given is left alone. Night leaves major units
// alone (004 line 7): it halves infantry at set-up and does not switch on
// 000's night-fighting rules (ruling ST2).
func TestSetupApplyRules(t *testing.T) {
	s, ns := stbApply(t, SetupResult{Weather: referee.Weather{Kind: referee.WeatherFog}, Night: true, Fortified: true, Defender: "bandits"})
	if got := ns.Rules.Weather; got.Kind != referee.WeatherFog || got.Fortified != "bandits" || ns.Rules.Night {
		t.Errorf("rules %+v", ns.Rules)
	}
	if s.Rules.Night || s.Rules.Weather.Kind != referee.WeatherNormal {
		t.Errorf("Apply changed the state it was given: %+v", s.Rules)
	}
}

// Ensure counters kept out (halving, diversion, line 7, 54) and air
// lances that never come (line 87) start the battle withdrawn (ST2), and
// bombs already used are gone (line 90).
func TestSetupApplyAbsent(t *testing.T) {
	s, ns := stbApply(t, SetupResult{Absent: map[string]string{"A3": "night"}, AirArrival: map[string]int{"A4": 0}})
	for _, id := range []string{"A3", "A4"} {
		if got := ns.Unit(id).Status; got != referee.Withdrawn {
			t.Errorf("%s is %v, want withdrawn", id, got)
		}
		if got := s.Unit(id).Status; got != referee.Reserve {
			t.Errorf("the original %s is %v", id, got)
		}
	}
	if ns.Unit("A1").Status != referee.Reserve {
		t.Errorf("A1 is %v", ns.Unit("A1").Status)
	}
	_, ns = stbApply(t, SetupResult{AirArrival: map[string]int{"A4": 1}, BombsSpent: map[string]bool{"A4": true}})
	if u := ns.Unit("A4"); u.Status != referee.Reserve || !u.BombDropped {
		t.Errorf("A4 %v bombs dropped %v, want in reserve without its bombs", u.Status, u.BombDropped)
	}
}

// Ensure late counters (delayed arrival line 124, air lances lines
// 89–92) wait as reinforcements at their zone's edge for their turn.
func TestSetupApplyLate(t *testing.T) {
	s, ns := stbApply(t, SetupResult{Arrival: map[string]int{"A1": 6}, AirArrival: map[string]int{"A4": 3}})
	if ns.Unit("A1") != nil || ns.Unit("A4") != nil {
		t.Fatal("late units are still on the battle's roll")
	}
	if s.Unit("A1") == nil || s.Scenario != nil {
		t.Fatal("Apply changed the state it was given")
	}
	if ns.Scenario == nil || len(ns.Scenario.Reinforcements) != 2 {
		t.Fatalf("reinforcements %+v", ns.Scenario)
	}
	for i, want := range []struct {
		turn int
		id   string
	}{{3, "A4"}, {6, "A1"}} {
		g := ns.Scenario.Reinforcements[i]
		if g.Turn != want.turn || g.Side != "crucis" || g.Edge != referee.West || len(g.Units) != 1 || g.Units[0].ID != want.id {
			t.Errorf("group %d: %+v, want %s on turn %d by the west edge", i, g, want.id, want.turn)
		}
	}
}

// Ensure a detailed count (line 50) lets crucis know every bandit class,
// a detailed survey (line 52) unhides found infantry and clears found
// minefields, and prior setup (line 145) hides the defender's infantry and
// lets it deploy anywhere but the attacker's ground (ruling CB18).
func TestSetupApplyIntel(t *testing.T) {
	_, ns := stbApply(t, SetupResult{KnowClasses: map[string]bool{"crucis": true}})
	for _, id := range []string{"B1", "B3", "B5"} {
		if ns.Known["crucis"][id]&referee.KnowClass == 0 {
			t.Errorf("crucis does not know %s's class", id)
		}
	}
	if len(ns.Known["bandits"]) != 0 {
		t.Errorf("the bandits learnt %v", ns.Known["bandits"])
	}
	_, ns = stbApply(t, SetupResult{Revealed: map[string]bool{"B3": true}, ClearMines: map[string]bool{"bandits": true}})
	if ns.Unit("B3").Hidden || len(ns.Side("bandits").Mines) != 0 {
		t.Errorf("B3 hidden %v, bandit mines %v", ns.Unit("B3").Hidden, ns.Side("bandits").Mines)
	}
	s, ns := stbApply(t, SetupResult{PriorSetup: true, Defender: "bandits"})
	if !ns.Unit("B5").Hidden || ns.Unit("B1").Hidden || ns.Unit("A3").Hidden {
		t.Errorf("hidden: B5 %v B1 %v A3 %v, want B5 only", ns.Unit("B5").Hidden, ns.Unit("B1").Hidden, ns.Unit("A3").Hidden)
	}
	// Anywhere but the attacker's ground: the sides set up at once and
	// in secret, and a hex refused as full would tell where the enemy's
	// counters stand (ruling CB18).
	if z, want := ns.Campaign.Zones["B1"], (referee.Zone{Edge: referee.East, Depth: ns.Map.Width - 3}); z != want || ns.Campaign.Zones["A1"] != s.Campaign.Zones["A1"] {
		t.Errorf("zones B1 %+v A1 %+v, want B1 %+v and A1 as it was", z, ns.Campaign.Zones["A1"], want)
	}
	if s.Campaign.Zones["B1"] == (referee.Zone{}) || s.Unit("B5").Hidden {
		t.Error("Apply changed the state it was given")
	}
}

// Ensure mines (lines 46, 64, 141) are laid one to a hex, 5 points each,
// nearest the centre and never adjacent (ST12), and installations (line
// 130) become hardened buildings in the defender's zone, on a new map.
func TestSetupApplyPlacement(t *testing.T) {
	r := SetupResult{Mines: map[string]int{"crucis": 3}, Installations: 2, Defender: "bandits"}
	s, ns := stbApply(t, r)
	mines := ns.Side("crucis").Mines
	if len(mines) != 3 {
		t.Fatalf("crucis mines %v, want 3 hexes", mines)
	}
	centre := hex.Hex{X: ns.Map.Width / 2, Y: ns.Map.Height / 2}
	if mines[centre] != MineAttack {
		t.Errorf("no mine at the centre %s: %v", centre, mines)
	}
	var hs []hex.Hex
	for h, n := range mines {
		if n != MineAttack {
			t.Errorf("%s holds %d points, want %d", h, n, MineAttack)
		}
		for _, o := range hs {
			if hex.Distance(o, h) <= 1 {
				t.Errorf("mines at %s and %s are adjacent", o, h)
			}
		}
		hs = append(hs, h)
	}
	if len(s.Side("crucis").Mines) != 0 {
		t.Error("Apply laid mines in the state it was given")
	}
	inst := r.InstallationHexes(s)
	if len(inst) != 2 {
		t.Fatalf("installations %v", inst)
	}
	for _, h := range inst {
		if ns.Map.At(h).Terrain != mapgen.HardenedBuilding {
			t.Errorf("%s is %v, want a hardened building", h, ns.Map.At(h).Terrain)
		}
		if s.Map.At(h).Terrain != mapgen.Open {
			t.Errorf("the original map changed at %s", h)
		}
		if !(referee.Zone{Depth: referee.CampaignZoneDepth}).Contains(ns.Map, h) {
			t.Errorf("%s is outside the bandits' zone", h)
		}
	}
	if !slices.Equal(inst, r.InstallationHexes(s)) {
		t.Error("installation hexes are not deterministic")
	}
}
