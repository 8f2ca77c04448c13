package referee

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Tests of the Sighting Phase. Sources are lines of book 000,
// BattleForce; S1–S14 are the sighting rulings of
// docs/rulings.md.

// stUnit is an active unit of the given class in hex at (regular, step 0,
// RA 10 CA 10 D 8, range 3, MP 4). Its side is the letter its ID starts
// with: A for lancers, B for bandits, C for a third side.
func stUnit(id, class, at string) Unit {
	side := map[byte]string{'A': "lancers", 'B': "bandits", 'C': "third"}[id[0]]
	return unitOf(fmt.Sprintf("%s %s %s regular 10/10/8 @%s name=%q r=3 mp=4 ob=13 mp-left=4", id, side, class, at, "test "+class))
}

// stBattle is a battle on m in the movement phase of turn 1, lancers
// phasing, with the sides the units belong to.
func stBattle(tb testing.TB, m *mapgen.Map, units ...Unit) *State {
	tb.Helper()
	sides := `side lancers name="7th Crucis Lancers"; side bandits name="Moore's Bandits"`
	if slices.ContainsFunc(units, func(u Unit) bool { return u.Side == "third" }) {
		sides += `; side third name="Third Party"`
	}
	return mustPositionOn(tb, m, "turn 1 movement lancers player=1; "+sides, units...)
}

// stSight runs one sighting phase on a copy of s and checks the result
// against the battle's invariants.
func stSight(tb testing.TB, s *State) (*State, []Event) {
	tb.Helper()
	b := &battle{s: s.Clone(), side: s.PhasingSide().ID}
	b.sight()
	for _, err := range b.s.Check() {
		tb.Errorf("after sighting: %v", err)
	}
	return b.s, b.events
}

// stMove puts a unit in another hex (movement is another engineer's file:
// tests place units directly).
func stMove(s *State, id, at string) *State {
	c := s.Clone()
	c.Unit(id).Hex = h(at)
	return c
}

// stKnown lists, sorted, the enemy units side knows the class of (and,
// with values set, whose values it has probed).
func stKnown(s *State, side string, values bool) []string {
	var out []string
	for id, k := range s.Known[side] {
		if k&KnowClass != 0 && (!values || k&KnowValues != 0) {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// stTypes lists the types and units of events, "sighted:B1".
func stTypes(events []Event) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.Type+":"+e.Unit)
	}
	return out
}

func stExpectKnown(t *testing.T, s *State, side string, want ...string) {
	t.Helper()
	if got := stKnown(s, side, false); !slices.Equal(got, want) {
		t.Errorf("%s knows the class of %v, want %v", side, got, want)
	}
}

// stDistance fails the test if the layout is not what the test assumes.
func stDistance(t *testing.T, a, b string, want int) {
	t.Helper()
	if got := hex.Distance(h(a), h(b)); got != want {
		t.Fatalf("layout: %s to %s is %d hexes, test assumes %d", a, b, got, want)
	}
}

// stSector builds a 32×34 sector of open ground with the given cells.
func stSector(cells map[string]mapgen.Cell) *mapgen.Map {
	m := mapgen.New(mapgen.SheetWidth, 2*mapgen.SheetHeight)
	for name, c := range cells {
		m.Set(h(name), c)
	}
	return m
}

// stExampleMap is the sheet of TestLineOfSightSightingExample with the
// light building of line 792 at 0503.
func stExampleMap() *mapgen.Map {
	return terrain(map[string]mapgen.Cell{
		"0403": lightWoods, "0402": lightWoods, "0401": lightWoods,
		"0203": heavyWoods, "0202": level(2), "0302": level(2),
		"0503": {Terrain: mapgen.LightBuilding},
	})
}

// Ensure the sighting example of lines 788–792 end to end: the medium
// lance moving from 0408 to 0404 learns that 0303 holds a tank platoon,
// not what stands in 0102, 0103 or 0401; the tracked unit in the light
// building at 0503 keeps its blind until a lancer stands beside it, but a
// 'Mech there would be seen (S3, S10).
func TestSightingExample(t *testing.T) {
	stDistance(t, "0408", "0303", 6)
	stDistance(t, "0404", "0503", 2)
	stDistance(t, "0504", "0503", 1)
	units := []Unit{
		stUnit("A1", "medium-mech", "0408"),
		stUnit("B1", "tracked", "0303"),
		stUnit("B2", "tracked", "0102"),
		stUnit("B3", "tracked", "0103"),
		stUnit("B4", "tracked", "0401"),
		stUnit("B5", "tracked", "0503"),
	}
	s := stBattle(t, stExampleMap(), units...)
	s.Phase = PhaseDeploy

	t.Run("Start", func(t *testing.T) {
		// From 0408 every bandit is six hexes or more away; in the book's
		// example the lance must come within five hexes to learn their
		// types (line 790).
		s, events, err := Start(s)
		if err != nil {
			t.Fatal(err)
		}
		stExpectKnown(t, s, "lancers")
		stExpectKnown(t, s, "bandits")
		for _, e := range events {
			if e.Type == "sighted" || e.Type == "probed" {
				t.Errorf("unexpected %s event at the start: %s", e.Type, e.Text)
			}
		}
	})

	s0404 := stMove(s, "A1", "0404")
	s1, events := stSight(t, s0404)
	t.Run("OK", func(t *testing.T) {
		stExpectKnown(t, s1, "lancers", "B1")
		var mine []Event
		for _, e := range EventsFor(events, "lancers") {
			if e.Side == "lancers" {
				mine = append(mine, e)
			}
		}
		if len(mine) != 1 || mine[0].Type != "sighted" || mine[0].Unit != "B1" || *mine[0].Hex != h("0303") {
			t.Fatalf("lancers' events %v, want one sighted:B1 at 0303", stTypes(mine))
		}
		if got, want := mine[0].Text, "B1 at 0303 is a Tracked platoon (sighted by A1)"; got != want {
			t.Errorf("text %q, want %q", got, want)
		}
		if !slices.Equal(mine[0].Audience, []string{"lancers"}) {
			t.Errorf("audience %v, want lancers only", mine[0].Audience)
		}
		// Sighting runs both ways: B1 sees the lance at range 2, and so do
		// B4 (its own light woods hex does not count, B7) and B5.
		stExpectKnown(t, s1, "bandits", "A1")
	})

	t.Run("LightBuildingHidesVehicles", func(t *testing.T) {
		s2, events := stSight(t, stMove(s1, "A1", "0504"))
		stExpectKnown(t, s2, "lancers", "B1", "B5")
		if got := stTypes(EventsFor(events, "lancers")); !slices.Equal(got, []string{"sighted:B5"}) {
			t.Errorf("events %v, want only sighted:B5 (B1 stays known, S4)", got)
		}
	})

	t.Run("LightBuildingShowsMechs", func(t *testing.T) {
		mech := slices.Clone(units)
		mech[5] = stUnit("B5", "heavy-mech", "0503")
		s := stBattle(t, stExampleMap(), mech...)
		s, _ = stSight(t, stMove(s, "A1", "0404"))
		stExpectKnown(t, s, "lancers", "B1", "B5")
	})
}

// Ensure the sensor range: 5 hexes (line 774), 7 with Recon (line 1297);
// at night 2, or 3 with the +2 ability (line 2379); S3.
func TestSightingRange(t *testing.T) {
	for d := 2; d <= 8; d++ {
		stDistance(t, "0110", fmt.Sprintf("01%02d", 10+d), d)
	}
	base := []Unit{stUnit("A1", "light-mech", "0110")}
	for d := 2; d <= 8; d++ {
		base = append(base, stUnit(fmt.Sprintf("B%d", d), "hover", fmt.Sprintf("01%02d", 10+d)))
	}
	for _, tc := range []struct {
		name         string
		recon, night bool
		want         []string
	}{
		{"ESR5", false, false, []string{"B2", "B3", "B4", "B5"}},
		{"Recon7", true, false, []string{"B2", "B3", "B4", "B5", "B6", "B7"}},
		{"Night2", false, true, []string{"B2"}},
		{"NightRecon3", true, true, []string{"B2", "B3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := stBattle(t, stSector(nil), base...)
			s.Unit("A1").Chits.Recon = tc.recon
			s.Rules.Night = tc.night
			s, _ = stSight(t, s)
			stExpectKnown(t, s, "lancers", tc.want...)
		})
	}
}

// Ensure ECM keeps the blind on within sensor range and line of sight,
// and only the same or an adjacent hex lifts it (line 1336; S2, S3).
func TestSightingECM(t *testing.T) {
	for _, tc := range []struct {
		at   string
		want []string
	}{{"0112", nil}, {"0111", []string{"B1"}}, {"0110", []string{"B1"}}} {
		t.Run(tc.at, func(t *testing.T) {
			b1 := stUnit("B1", "assault-mech", tc.at)
			b1.Chits.ECM = true
			s, _ := stSight(t, stBattle(t, terrain(nil), stUnit("A1", "light-mech", "0110"), b1))
			stExpectKnown(t, s, "lancers", tc.want...)
			stExpectKnown(t, s, "bandits", "A1")
		})
	}
}

// Ensure a unit in a hex that hides its kind keeps its blind beyond the
// adjacent hexes, though the line of sight is clear (line 784; R4, B4;
// light buildings, line 792; night, line 2381; rubble, S10).
func TestSightingHidingTerrain(t *testing.T) {
	stDistance(t, "0110", "0113", 3)
	for _, tc := range []struct {
		terrain mapgen.Terrain
		class   string
		rubble  bool
		night   bool
		hidden  bool
	}{
		{mapgen.Open, "heavy-mech", false, false, false},
		{mapgen.LightWoods, "tracked", false, false, false},
		{mapgen.HeavyWoods, "heavy-mech", false, false, true},
		{mapgen.HeavyWoods, "infantry", false, false, true},
		{mapgen.Water2, "heavy-mech", false, false, true},
		{mapgen.Water2, "hover", false, false, true},
		{mapgen.LightBuilding, "tracked", false, false, true},
		{mapgen.LightBuilding, "infantry", false, false, true},
		{mapgen.LightBuilding, "heavy-mech", false, false, false},
		{mapgen.LightBuilding, "heavy-mech", false, true, true},
		{mapgen.MediumBuilding, "light-mech", false, false, true},
		{mapgen.HardenedBuilding, "long-tom", false, false, true},
		{mapgen.Rubble, "hover", false, false, true},
		{mapgen.Rubble, "assault-mech", false, false, false},
		// A heavy building the battle turned to rubble: rubble's rule.
		{mapgen.HeavyBuilding, "hover", true, false, true},
		{mapgen.HeavyBuilding, "assault-mech", true, false, false},
		{mapgen.HeavyBuilding, "assault-mech", false, false, true},
	} {
		name := fmt.Sprintf("%v/%s/rubble=%v/night=%v", tc.terrain, tc.class, tc.rubble, tc.night)
		t.Run(name, func(t *testing.T) {
			s := stBattle(t, terrain(map[string]mapgen.Cell{"0113": {Terrain: tc.terrain}}),
				stUnit("A1", "light-mech", "0110"), stUnit("B1", tc.class, "0113"))
			if tc.rubble {
				s.Rubble = map[hex.Hex]bool{h("0113"): true}
			}
			if tc.night {
				s.Rules.Night = true
				s.Unit("A1").Hex = h("0111") // within the night range of 2
			}
			if l := LineOfSight(s.Map, s.Unit("A1").Hex, h("0113")); !l.Clear {
				t.Fatalf("layout: line of sight %v", l)
			}
			far, _ := stSight(t, s)
			if got := len(stKnown(far, "lancers", false)) == 0; got != tc.hidden {
				t.Errorf("hidden %v, want %v", got, tc.hidden)
			}
			// Beside it, every blind comes off (line 786).
			near, _ := stSight(t, stMove(s, "A1", "0112"))
			stExpectKnown(t, near, "lancers", "B1")
		})
	}
}

// Ensure lines of sight run over the battle's terrain: a building turned
// to rubble no longer counts toward the three thin hexes (S10), and at
// night a single light woods hex blocks (line 2381; S11).
func TestSightingTerrainChanges(t *testing.T) {
	t.Run("Rubble", func(t *testing.T) {
		m := terrain(map[string]mapgen.Cell{
			"0111": {Terrain: mapgen.HeavyBuilding}, "0112": {Terrain: mapgen.HeavyBuilding}, "0113": {Terrain: mapgen.HeavyBuilding},
		})
		s := stBattle(t, m, stUnit("A1", "light-mech", "0110"), stUnit("B1", "light-mech", "0114"))
		got, _ := stSight(t, s)
		stExpectKnown(t, got, "lancers") // three buildings block (line 780)
		s.Rubble = map[hex.Hex]bool{h("0112"): true}
		got, _ = stSight(t, s)
		stExpectKnown(t, got, "lancers", "B1")
	})
	t.Run("NightLightWoods", func(t *testing.T) {
		s := stBattle(t, terrain(map[string]mapgen.Cell{"0111": lightWoods}),
			stUnit("A1", "light-mech", "0110"), stUnit("B1", "light-mech", "0112"))
		got, _ := stSight(t, s)
		stExpectKnown(t, got, "lancers", "B1")
		s.Rules.Night = true
		got, _ = stSight(t, s)
		stExpectKnown(t, got, "lancers")
	})
}

// Ensure only units that may detect do (S1): not disrupted (line 980), not
// surrendered (line 970), not hidden (line 1050), not even beside the
// enemy; and that hidden units are never sighted (S9) while disrupted and
// surrendered targets are.
func TestSightingSensors(t *testing.T) {
	t.Run("ErrDisrupted", func(t *testing.T) {
		a1 := stUnit("A1", "light-mech", "0110")
		a1.Disrupted = true
		s, _ := stSight(t, stBattle(t, terrain(nil), a1, stUnit("B1", "light-mech", "0111")))
		stExpectKnown(t, s, "lancers")
		stExpectKnown(t, s, "bandits", "A1") // a toppled counter is still sighted
	})
	t.Run("ErrSurrendered", func(t *testing.T) {
		a1 := stUnit("A1", "light-mech", "0110")
		a1.Status, a1.Disrupted = Surrendered, true
		s, _ := stSight(t, stBattle(t, terrain(nil), a1, stUnit("B1", "light-mech", "0110")))
		stExpectKnown(t, s, "lancers")
		stExpectKnown(t, s, "bandits", "A1")
	})
	t.Run("ErrHidden", func(t *testing.T) {
		a1 := stUnit("A1", "infantry", "0110")
		a1.Hidden = true
		s, _ := stSight(t, stBattle(t, terrain(nil), a1, stUnit("B1", "light-mech", "0111")))
		stExpectKnown(t, s, "lancers")
		stExpectKnown(t, s, "bandits")
	})
	t.Run("ErrOffMap", func(t *testing.T) {
		a1 := stUnit("A1", "light-mech", "0110")
		a1.Status = Destroyed
		a1.Step = 4
		b1 := stUnit("B1", "light-mech", "0111")
		b1.Status = Broken
		s, _ := stSight(t, stBattle(t, terrain(nil), a1, b1, stUnit("A2", "light-mech", "0115")))
		stExpectKnown(t, s, "lancers")
		stExpectKnown(t, s, "bandits")
	})
	t.Run("OK", func(t *testing.T) {
		a1 := stUnit("A1", "light-mech", "0110")
		a1.Disrupted = true
		s, _ := stSight(t, stBattle(t, terrain(nil), a1, stUnit("A2", "light-mech", "0115"), stUnit("B1", "light-mech", "0111")))
		stExpectKnown(t, s, "lancers", "B1") // A2, four hexes off, sees it
	})
}

// Ensure the same or an adjacent hex always lifts the blind, through
// heavy woods and ECM together (lines 786, 792, 1336; S2).
func TestSightingAdjacent(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0110": heavyWoods, "0111": heavyWoods, "0210": level(2)})
	for _, at := range []string{"0110", "0111", "0210"} {
		t.Run(at, func(t *testing.T) {
			b1 := stUnit("B1", "light-mech", "0110")
			b1.Chits.ECM = true
			s, _ := stSight(t, stBattle(t, m, stUnit("A1", "infantry", at), b1))
			stExpectKnown(t, s, "lancers", "B1")
		})
	}
	// Two hexes away the heavy woods and ECM keep it.
	b1 := stUnit("B1", "light-mech", "0110")
	b1.Chits.ECM = true
	s, _ := stSight(t, stBattle(t, m, stUnit("A1", "infantry", "0112"), b1))
	stExpectKnown(t, s, "lancers")
}

// Ensure what a side has learnt stays learnt for the battle (S4): the
// sighted unit may withdraw into heavy woods, the sighting unit may be
// destroyed, and no event repeats.
func TestSightingPersists(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0112": heavyWoods})
	s := stBattle(t, m, stUnit("A1", "light-mech", "0110"), stUnit("A2", "light-mech", "0115"), stUnit("B1", "infantry", "0113"))
	s, events := stSight(t, s)
	if got := stTypes(events); !slices.Equal(got, []string{"sighted:B1", "sighted:A2"}) {
		t.Fatalf("first sighting: %v", got)
	}
	// A2 sighted B1 (the heavy woods at 0112 stand between A1 and B1).
	// Now A2 is destroyed and B1 goes to ground in those woods.
	s = stMove(s, "B1", "0112")
	a := s.Unit("A2")
	a.Status, a.Step = Destroyed, 4
	s, events = stSight(t, s)
	stExpectKnown(t, s, "lancers", "B1")
	// From inside the woods B1 sees A1 two hexes off (it is the target's
	// hex that hides, not the sighter's); nothing already known repeats.
	stExpectKnown(t, s, "bandits", "A1", "A2")
	if got := stTypes(events); !slices.Equal(got, []string{"sighted:A1"}) {
		t.Errorf("second sighting: %v, want only sighted:A1", got)
	}
	if v := s.View("lancers").Unit("B1"); v == nil || v.Class != "infantry" {
		t.Errorf("view of B1 %+v, want its class still known", v)
	}
}

// Ensure the Active Electronic Probe (lines 1342–1353; S5, S6): once per
// sighting phase each AEP unit reads the nearest enemy whose values its
// side does not know yet, ties by ID, within its range and line of sight,
// even through a hiding hex and ECM; its side learns class and values.
func TestSightingAEP(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0113": heavyWoods, "0310": heavyWoods})
	aep := stUnit("A1", "light-mech", "0110")
	aep.Chits.AEP = true
	b1 := stUnit("B1", "heavy-mech", "0113") // 3 hexes, heavy woods, ECM
	b1.Chits.ECM = true
	b1.Step, b1.Experience = 1, Veteran
	b1.Chits.Armor, b1.Chits.Firepower, b1.FirepowerUsed = 2, 2, true
	b1.Chits.ExtraMech = true
	b1.Overburning = true                  // not part of the reading
	b2 := stUnit("B2", "hover", "0106")    // 4 hexes, open
	b3 := stUnit("B3", "long-tom", "0410") // 3 hexes, behind the heavy woods at 0310
	b3.MinRange, b3.Range = 5, 40
	stDistance(t, "0110", "0113", 3)
	stDistance(t, "0110", "0410", 3)
	stDistance(t, "0110", "0106", 4)
	if l := LineOfSight(m, h("0110"), h("0410")); l.Clear {
		t.Fatalf("layout: 0110 -> 0410 clear")
	}
	s := stBattle(t, m, aep, b1, b2, b3)

	s, events := stSight(t, s)
	stExpectKnown(t, s, "lancers", "B1", "B2") // B2 by ESR, B1 by the probe
	if got := stKnown(s, "lancers", true); !slices.Equal(got, []string{"B1"}) {
		t.Errorf("probed %v, want B1 (the nearest in sight; B3 is as near but behind heavy woods)", got)
	}
	var probed []Event
	for _, e := range events {
		if e.Type == "probed" {
			probed = append(probed, e)
		}
	}
	if len(probed) != 1 {
		t.Fatalf("probed events %v", stTypes(events))
	}
	want := "A1 probes B1 at 0113, a Heavy 'Mech lance: step 1, veteran, RA 7, D 8, range 3, chits: extra 'Mech, armor +2, ECM"
	if probed[0].Text != want || !slices.Equal(probed[0].Audience, []string{"lancers"}) || probed[0].Side != "lancers" {
		t.Errorf("probed event %q to %v, want %q to lancers", probed[0].Text, probed[0].Audience, want)
	}
	if got := stTypes(EventsFor(events, "lancers")); !slices.Equal(got, []string{"sighted:B2", "sighted:B1", "probed:B1"}) {
		t.Errorf("lancers' events %v", got)
	}

	// The next phase reads the next nearest: B2; then nothing is left in
	// sight.
	s, _ = stSight(t, s)
	if got := stKnown(s, "lancers", true); !slices.Equal(got, []string{"B1", "B2"}) {
		t.Errorf("probed %v after two phases, want B1 B2", got)
	}
	_, events = stSight(t, s)
	if len(events) != 0 {
		t.Errorf("third phase: %v, want nothing", stTypes(events))
	}

	t.Run("TiesByID", func(t *testing.T) {
		s := stBattle(t, terrain(nil), aep, stUnit("B7", "hover", "0112"), stUnit("B3", "hover", "0108"))
		s, _ = stSight(t, s)
		if got := stKnown(s, "lancers", true); !slices.Equal(got, []string{"B3"}) {
			t.Errorf("probed %v, want B3", got)
		}
	})
	t.Run("OwnerChooses", func(t *testing.T) {
		// Lancers' players are asked (000 line 1342): the probe waits
		// with B3 (the nearest, the default) and B7 to choose from, the
		// battle with it; the owner reads B7.
		s := stBattle(t, terrain(nil), aep, stUnit("B7", "hover", "0112"), stUnit("B3", "hover", "0108"))
		s.Asked = []string{"lancers"}
		s, _ = stSight(t, s)
		if len(s.Probes) != 1 || s.Probes[0].Unit != "A1" || !slices.Equal(s.Probes[0].Targets, []string{"B3", "B7"}) || len(stKnown(s, "lancers", true)) != 0 {
			t.Fatalf("probes %+v, values known %v; want A1's choice of B3, B7 waiting, nothing read", s.Probes, stKnown(s, "lancers", true))
		}
		if err := s.waitError("lancers"); err == nil || !strings.Contains(err.Error(), "chooses first which enemy unit A1 probes") {
			t.Errorf("the battle goes on while the probe waits: %v", err)
		}
		// The probed side learns of no probe (ruling SE7): it waits.
		if err := s.waitError("bandits"); err == nil || strings.Contains(err.Error(), "A1") || strings.Contains(err.Error(), "prob") {
			t.Errorf("the bandits' refusal while lancers choose tells the probe: %v", err)
		}
		if _, _, err := ResolveProbe(s, "A1", "B9", nil); err == nil {
			t.Error("a target not offered was probed")
		}
		n, evs, err := ResolveProbe(s, "A1", "B7", nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := stKnown(n, "lancers", true); !slices.Equal(got, []string{"B7"}) || len(n.Probes) != 0 || !slices.Equal(stTypes(evs), []string{"probed:B7"}) {
			t.Errorf("after choosing B7: values known %v, events %v, probes %+v", got, stTypes(evs), n.Probes)
		}
	})
	t.Run("TwoProbes", func(t *testing.T) {
		a2 := aep
		a2.ID = "A2"
		s := stBattle(t, terrain(nil), aep, a2, stUnit("B7", "hover", "0112"), stUnit("B3", "hover", "0108"))
		s, _ = stSight(t, s)
		if got := stKnown(s, "lancers", true); !slices.Equal(got, []string{"B3", "B7"}) {
			t.Errorf("probed %v, want B3 and B7", got)
		}
	})
	t.Run("ErrDisrupted", func(t *testing.T) {
		d := aep
		d.Disrupted = true
		s, _ := stSight(t, stBattle(t, terrain(nil), d, stUnit("B3", "hover", "0112")))
		if got := stKnown(s, "lancers", false); len(got) != 0 {
			t.Errorf("a disrupted AEP unit learnt %v", got)
		}
	})
	t.Run("ErrOutOfRange", func(t *testing.T) {
		s, _ := stSight(t, stBattle(t, terrain(nil), aep, stUnit("B3", "hover", "0116")))
		if got := stKnown(s, "lancers", false); len(got) != 0 {
			t.Errorf("learnt %v six hexes away", got)
		}
	})
	t.Run("ErrAir", func(t *testing.T) {
		s, events := stSight(t, stBattle(t, terrain(nil), aep, stUnit("B3", "heavy-air", "0112")))
		if got := stTypes(EventsFor(events, "lancers")); len(got) != 0 || len(s.Known["lancers"]) != 0 {
			t.Errorf("probed an air lance: %v", got)
		}
	})
}

// Ensure air units and DropShips never hide behind blinds (lines 366,
// 1122, 1181; S7), and that air lances sight over all terrain but not into
// hiding hexes, one hex further (line 1122), DropShips four further (line
// 1193).
func TestSightingAir(t *testing.T) {
	s := stBattle(t, stSector(map[string]mapgen.Cell{"0112": heavyWoods, "0114": heavyWoods, "0111": level(2)}),
		stUnit("A1", "medium-air", "0110"),
		stUnit("B1", "tracked", "0116"),   // six hexes, behind heavy woods and a hill
		stUnit("B2", "infantry", "0114"),  // in heavy woods
		stUnit("B3", "tracked", "0117"),   // seven hexes
		stUnit("B4", "heavy-air", "0120"), // never needs sighting
		stUnit("B5", "union", "0130"),
	)
	s, events := stSight(t, s)
	stExpectKnown(t, s, "lancers", "B1")
	for _, e := range events {
		if e.Unit == "A1" || e.Unit == "B4" || e.Unit == "B5" {
			t.Errorf("event %s:%s about a unit without a blind", e.Type, e.Unit)
		}
	}
	for _, id := range []string{"B4", "B5"} {
		if k := s.KnownTo("lancers", s.Unit(id)); k != KnowClass {
			t.Errorf("lancers know %s as %b, want its class only", id, k)
		}
	}
	if k := s.KnownTo("bandits", s.Unit("A1")); k != KnowClass {
		t.Errorf("bandits know A1 as %b, want its class only", k)
	}
	// The DropShip at 0130 reaches nine hexes, with line of sight.
	s = stBattle(t, stSector(nil), stUnit("A1", "tracked", "0121"), stUnit("A2", "tracked", "0120"), stUnit("B5", "union", "0130"))
	s, _ = stSight(t, s)
	stExpectKnown(t, s, "bandits", "A1")
}

// Ensure events: one per unit newly known, addressed to the sighting side
// only, in initiative order of sides and ID order of units, stamped with
// the turn; a third side learns nothing from the others' sighting.
func TestSightingEvents(t *testing.T) {
	s := stBattle(t, stSector(nil),
		stUnit("A1", "light-mech", "0110"), stUnit("A2", "hover", "0112"),
		stUnit("B1", "wheeled", "0113"), stUnit("B2", "sniper", "0111"),
		stUnit("C1", "jump-infantry", "0130"))
	s.Turn = 3
	_, events := stSight(t, s)
	var got []string
	for _, e := range events {
		if e.Turn != 3 || len(e.Audience) != 1 || e.Audience[0] != e.Side {
			t.Errorf("event %+v: want turn 3 and audience its side", e)
		}
		got = append(got, e.Side+">"+e.Unit)
	}
	want := []string{"lancers>B1", "lancers>B2", "bandits>A1", "bandits>A2"}
	if !slices.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
	if n := len(EventsFor(events, "third")); n != 0 {
		t.Errorf("the third side sees %d events", n)
	}
	var phrases []string
	for _, c := range []Class{Sniper, JumpInfantry, HeavyAir, Overlord, AssaultMech, Union, Infantry, Truck} {
		phrases = append(phrases, aClass(c))
	}
	if got, want := strings.Join(phrases, "|"), "a Sniper battery|a Jump Infantry platoon|a Heavy AeroSpace Fighter lance|an Overlord DropShip|an Assault 'Mech lance|a Union DropShip|an Infantry platoon|a Truck platoon"; got != want {
		t.Errorf("class phrases\n got %q\nwant %q", got, want)
	}
}

// stBenchBattle is a sighting phase's worth of units: 20 a side with
// random classes and chits on a 32×34 sector (BENCHMARKS.md budget); with
// close set, all of them within a 12×12 corner where most pairs are in
// range.
func stBenchBattle(tb testing.TB, close bool) *State {
	tb.Helper()
	m := randomTerrain(9, 32, 34)
	rng := rand.New(rand.NewPCG(11, 12))
	var units []Unit
	w, ht := 32, 34
	if close {
		w, ht = 12, 12
	}
	for i := range 40 {
		id := fmt.Sprintf("A%02d", i)
		if i >= 20 {
			id = fmt.Sprintf("B%02d", i)
		}
		u := stUnit(id, Classes[rng.IntN(int(Overlord))].String(), "0101")
		for !u.Class.Ground() {
			u.Class = Classes[rng.IntN(int(Overlord))]
		}
		u.Hex = hex.Hex{X: rng.IntN(w), Y: rng.IntN(ht)}
		u.Chits.Recon = rng.IntN(4) == 0
		u.Chits.ECM = rng.IntN(5) == 0
		u.Chits.AEP = rng.IntN(5) == 0
		units = append(units, u)
	}
	// A load for the benchmark, not a position: units stand on terrain
	// they may not enter, so they join after the fixture's Check.
	s := stBattle(tb, m)
	s.Units = unitPtrs(units)
	slices.SortFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
	return s
}

// BenchmarkSighting is one sighting phase for 40 units (BENCHMARKS.md budget:
// 2 ms), with nothing known beforehand, so every blind is tried.
func BenchmarkSighting(b *testing.B) {
	for _, close := range []bool{false, true} {
		b.Run(map[bool]string{false: "Spread", true: "Close"}[close], func(b *testing.B) {
			s := stBenchBattle(b, close)
			stBenchSighting(b, s)
		})
	}
	// Near the worst case: 40 Recon lances within an 8×8 block of light
	// woods, so most of the 800 sensor-enemy pairs are in range and need a
	// line of sight, and every line of three hexes or more is blocked by
	// the third woods hex: only units two hexes apart or closer see.
	b.Run("Worst", func(b *testing.B) {
		s := stBenchBattle(b, true)
		for i := range s.Map.Cells {
			s.Map.Cells[i] = mapgen.Cell{Terrain: mapgen.LightWoods}
		}
		rng := rand.New(rand.NewPCG(13, 14))
		for i := range s.Units {
			u := s.Units[i]
			u.Class, u.Chits = LightMech, Chits{Recon: true}
			u.Hex = hex.Hex{X: 10 + rng.IntN(8), Y: 10 + rng.IntN(8)}
		}
		stBenchSighting(b, s)
	})
}

func stBenchSighting(b *testing.B, s *State) {
	bt := &battle{s: s.Clone(), side: "lancers"}
	b.ReportAllocs()
	for b.Loop() {
		bt.s.Known = map[string]map[string]Knowledge{}
		bt.events = bt.events[:0]
		bt.sight()
	}
}
