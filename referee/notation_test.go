package referee

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// notationExample is the example of the grammar on Position.
const notationExample = `map blank 32x17
turn 1 movement lancers player=1
side lancers name="7th Crucis Lancers" retreat=west
side bandits name="Moore's Bandits" retreat=east
unit A1 lancers heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17
unit B1 bandits infantry veteran 3/6/5 @0908 r=1 mp=2 hidden
`

// Ensure the example of the grammar reads to the position it describes,
// holds the invariants, and is written back as it was.
func TestNotationExample(t *testing.T) {
	var p Position
	if err := p.UnmarshalText([]byte(notationExample)); err != nil {
		t.Fatal(err)
	}
	s := p.State
	for _, err := range s.Check() {
		t.Error(err)
	}
	want := &State{
		Map: mapgen.New(32, 17),
		Sides: []Side{{ID: "lancers", Name: "7th Crucis Lancers", RetreatEdge: West},
			{ID: "bandits", Name: "Moore's Bandits", RetreatEdge: East}},
		Units: []*Unit{
			{ID: "A1", Side: "lancers", Class: HeavyMech, Experience: Regular, Rows: DeriveSteps(Values{RA: 14, CA: 16, D: 12}),
				Status: Active, Hex: h("0505"), StartHex: h("0505"), Range: 3, MP: 4, OverburnRA: 17},
			{ID: "B1", Side: "bandits", Class: Infantry, Experience: Veteran, Rows: DeriveSteps(Values{RA: 3, CA: 6, D: 5}),
				Status: Active, Hex: h("0908"), StartHex: h("0908"), Range: 1, MP: 2, Hidden: true},
		},
		Turn: 1, Phase: PhaseMovement, PlayerTurn: 1,
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("read\n%+v\nwant\n%+v", s, want)
	}
	text, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != notationExample {
		t.Errorf("written as\n%s\nwant\n%s", text, notationExample)
	}
}

// Ensure every field of a State is carried: a unit with each field set
// survives the round trip, on a map with every kind of cell record and
// with every other part of a State set (but the scenario rules, which
// the notation does not carry). Reflection fails this test when a field
// is left zero here, so a field added to Unit, State, Side, Rules,
// Weather, CampaignRules or Zone must be added to the notation too.
func TestNotationEveryField(t *testing.T) {
	u := Unit{ID: "A1", Side: "lancers", Name: "Heavy 'Mech Lance, \"Type 5\"", Class: AssaultMech,
		Rows: [4]Values{{16, 18, 10}, {12, 14, 8}, {9, 9, 6}, {5, 4, 2}}, OverburnRA: 20, Range: 6, MinRange: 2, MP: 5,
		Jump: true, Indirect: true, Experience: Elite,
		Chits:  Chits{Bomb: 10, Recon: true, ExtraMech: true, Jump: 2, Firepower: 2, Armor: 2, ECM: true, AEP: true},
		Status: Surrendered, Hex: h("0606"), Step: 1, Disrupted: true, DisruptedAt: 3, MPLeft: 2, Overburning: true,
		Moved: true, Attacked: true, StartHex: h("0505"), Overrun: []string{"B1", "B2"}, FirepowerUsed: true,
		ExtraMechUsed: true, BombDropped: true, Salvage: 2, Hidden: true, Righting: true, RalliedAt: 4, MoveTurn: 5,
		RoadBonus: true, Halted: true, Drop: true, DropAt: h("0707"), DropTurn: 2, LandedAt: 3, HardLanding: true,
		DropFireAt: 4, Aboard: "D1", ArcsAt: 5, Arcs: 9}
	v := reflect.ValueOf(u)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Errorf("Unit.%s is zero in this test: set it, and carry it in the notation", v.Type().Field(i).Name)
		}
	}
	m := mapgen.New(20, 12)
	m.Name = "Test sector"
	m.Set(h("0303"), mapgen.Cell{Terrain: mapgen.HeavyWoods, Elevation: 2})
	m.Set(h("0304"), mapgen.Cell{Terrain: mapgen.Open, Road: true})
	m.Set(h("0305"), mapgen.Cell{Terrain: mapgen.Rough, Elevation: -1, Road: true, RoadExits: 1<<0 | 1<<3})
	s := &State{Map: m, Rules: Rules{CRT: ReferenceCRT, MoraleCheck: true, Night: true,
		Weather: Weather{Kind: WeatherFog, Fortified: "bandits"}, TurnLimit: 8},
		Sides: []Side{{ID: "lancers", Name: "Lancers", RetreatEdge: South, Retreating: true, OffersTruce: true, VP: 3,
			Mines: map[hex.Hex]int{h("0101"): 5, h("1010"): 15}}, {ID: "bandits"}},
		Units: []*Unit{&u}, Turn: 4, Phasing: 1, Phase: PhaseAttack, PlayerTurn: 8,
		Rubble: map[hex.Hex]bool{h("0909"): true}, Salvage: map[hex.Hex]int{h("0808"): 2},
		Known:  map[string]map[string]Knowledge{"bandits": {"A1": KnowClass | KnowValues, "A2": 0}, "lancers": {}},
		Winner: "bandits", SameHexClosed: 7,
		Campaign: &CampaignRules{Zones: map[string]Zone{"A1": {Edge: West, Depth: 3, Drop: true, Off: [4]int{3, 0, 2, 0}}, "B1": {Depth: 3}},
			WithdrawAfterSteps: 4, StartSteps: map[string]int{"A1": 1}, SetupFirst: "bandits"},
		Asked:     []string{"lancers", "bandits"},
		Ambushes:  []Ambush{{Infantry: "B2", Target: "A1"}},
		Probes:    []Probe{{Unit: "A1", Targets: []string{"B1", "B2"}}},
		DropFires: []DropFire{{Mech: "A1", Side: "bandits", Shooters: []string{"B1", "B3"}, Before: 1}},
	}
	// Every other part of a State the notation carries is set here too
	// (building is Apply's work in progress, never a position's).
	for name, part := range map[string]any{"State": *s, "Rules": s.Rules, "Weather": s.Rules.Weather,
		"Side": s.Sides[0], "CampaignRules": *s.Campaign, "Zone": s.Campaign.Zones["A1"]} {
		v := reflect.ValueOf(part)
		for i := range v.NumField() {
			if f := v.Type().Field(i).Name; v.Field(i).IsZero() && !(name == "State" && (f == "Scenario" || f == "building")) {
				t.Errorf("%s.%s is zero in this test: set it, and carry it in the notation", name, f)
			}
		}
	}
	notationRoundTrip(t, s)
}

// notationRoundTrip writes s, reads it back and wants the same position,
// and the same text when written again.
func notationRoundTrip(tb testing.TB, s *State) string {
	tb.Helper()
	text, err := Position{s}.MarshalText()
	if err != nil {
		tb.Fatalf("MarshalText: %v", err)
	}
	var p Position
	if err := p.UnmarshalText(text); err != nil {
		tb.Fatalf("UnmarshalText of\n%s\n: %v", text, err)
	}
	if got, want := notationNormal(p.State), notationNormal(s); !reflect.DeepEqual(got, want) {
		tb.Fatalf("round trip of\n%s\nread\n%+v\nwant\n%+v", text, got, want)
	}
	again, err := p.MarshalText()
	if err != nil || string(again) != string(text) {
		tb.Fatalf("written again as\n%s\n(%v), want\n%s", again, err, text)
	}
	return string(text)
}

// notationNormal is a copy of s in which the differences the notation
// does not keep, and no rule can tell apart, are made the same: a nil
// and an empty map or list, a hex marked as not rubble and one not
// marked.
func notationNormal(s *State) *State {
	c := s.Clone()
	for k, v := range c.Rubble {
		if !v {
			delete(c.Rubble, k)
		}
	}
	empty := func(m any) bool { return reflect.ValueOf(m).Len() == 0 }
	if empty(c.Rubble) {
		c.Rubble = nil
	}
	if empty(c.Salvage) {
		c.Salvage = nil
	}
	if empty(c.Known) {
		c.Known = nil
	}
	for i := range c.Sides {
		if empty(c.Sides[i].Mines) {
			c.Sides[i].Mines = nil
		}
	}
	for i := range c.Units {
		if len(c.Units[i].Overrun) == 0 {
			c.Units[i].Overrun = nil
		}
	}
	if r := c.Campaign; r != nil {
		if empty(r.Zones) {
			r.Zones = nil
		}
		if empty(r.StartSteps) {
			r.StartSteps = nil
		}
	}
	return c
}

// Ensure bad text is refused with an error that names the bad token and
// says how to write it, and never half reads.
func TestNotationErrors(t *testing.T) {
	const head = "map blank 32x17; turn 1 movement lancers; side lancers; side bandits; "
	for _, tc := range []struct{ text, want string }{
		{"", "no map record: begin it with map blank WxH"},
		{"map blank 32y17", `"32y17": a map size is WIDTHxHEIGHT`},
		{"map blank 5000x17", `"5000x17": a map size is WIDTHxHEIGHT in hexes, each 1 to 999`},
		{"map gen woods-x 32x17", `"woods-x 32x17": no generated map: give a theme (plains`},
		{"map gen woods-1 30x17", `no generated map`},
		{"map maze 3x3", `"maze": no such map: use blank or gen`},
		{"map blank 3x3; map blank 3x3", `a second map record (the first is record 1)`},
		{"map blank 3x3; side a; turn 1 movement a; cell 0909 open", `"0909": hex is off the 3×3 map`},
		{"map blank 3x3; side a; turn 1 movement a; cell 0101 lava", `"lava": unknown terrain "lava": use one of open`},
		{"map blank 3x3; side a; turn 1 movement a; cell 0101 open road=7", `road exits are hexside digits 0 to 5`},
		{"map blank 3x3; turn 1 movement a", "no side record: add one a side"},
		{"map blank 3x3; side a", "no turn record: add one, e.g. turn 1 movement a"},
		{"map blank 3x3; side a; turn 1 movement b", `"b": no side record for the phasing side: add side b`},
		{"map blank 3x3; side a; turn 1 moving a", `"moving": no such phase: use deploy, movement, attack, over`},
		{"map blank 3x3; side a; turn one movement a", `"one": the game turn: "one" is not a whole number`},
		{"map blank 3x3; side a; side a", `"a": side a appears twice`},
		{"map blank 3x3; side a retreat=up", `"retreat=up": an edge is north, east, south or west`},
		{`map blank 3x3; side a name="Lancers`, `a quoted name is not closed`},
		{"map blank 3x3; side a name=Lancers", `"name=Lancers": a name is in double quotes`},
		{"map blank 3x3; lance A1", `"lance": no such record: begin each record with map`},
		{head + "unit A1 lancers heavy-mech regular", `write unit ID SIDE CLASS EXPERIENCE`},
		{head + "unit A1 lancers battle-mech regular 1/2/3", `"battle-mech": unknown unit class "battle-mech": use one of light-mech`},
		{head + "unit A1 lancers heavy-mech rookie 1/2/3", `"rookie": experience is green, regular, veteran or elite`},
		{head + "unit A1 lancers heavy-mech regular 1/2", `"1/2": values are RA/CA/D, e.g. 14/16/12`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3,1/2/3", `values are RA/CA/D at full strength, or four rows`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 mp=x", `"mp=x": "x" is not a whole number 0 or more`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 mp=-1", `"mp=-1": "-1" is not a whole number`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 mp=4 mp=5", `"mp=5": mp is given twice`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 @5", `"@5": a hex is XXYY`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 speed=4", `"speed=4": no such unit attribute`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 hidden=yes", `"hidden=yes": hidden takes no value`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 reserve destroyed", `"destroyed": a second status`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 chits=recon,radar", `no such chit "radar": the chits are recon`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3 chits=jump", `chit jump needs how much, e.g. jump2`},
		{head + "unit A1 pirates heavy-mech regular 1/2/3", `unit A1 belongs to side "pirates", which has no side record`},
		{head + "unit A1 lancers heavy-mech regular 1/2/3; unit A1 lancers hover regular 1/2/3", `unit A1 appears twice`},
		{head + "known lancers B1:everything", `"B1:everything": knowledge is class, values, class+values or none`},
		{head + "campaign zone=A1:west", `"zone=A1:west": write zone=UNIT:EDGE:DEPTH`},
		{head + "campaign zone=A1:west:3:up-3", `"zone=A1:west:3:up-3": an edge is north, east, south or west`},
		{head + "campaign zone=A1:west:3:north-x", `"x" is not a whole number`},
		{head + "salvage 0505", `"0505": write HEX:N, e.g. 0505:10`},
		{head + "rules weather=hail", `"weather=hail": unknown weather "hail"`},
	} {
		var p Position
		err := p.UnmarshalText([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.text, err, tc.want)
		}
		if p.State != nil {
			t.Errorf("%q: the position was changed by a refused text", tc.text)
		}
	}
}

// Ensure what the notation cannot carry is refused by MarshalText with a
// reason, not written wrong.
func TestNotationMarshalRefuses(t *testing.T) {
	s := mustPosition(t, "map blank 8x8; turn 1 movement a; side a; side b")
	for _, tc := range []struct {
		change func(s *State)
		want   string
	}{
		{func(s *State) { s.Scenario = &ScenarioRules{} }, "scenario special rules"},
		{func(s *State) { s.Sides[0].ID = "Red Army" }, `ID "Red Army" cannot be written`},
		{func(s *State) { s.Phasing = 2 }, "phasing side 2 is not one of its 2 sides"},
		{func(s *State) { s.Known = map[string]map[string]Knowledge{"a": {"B1": 4}} }, "knowledge 4 has no name"},
		{func(s *State) { s.Winner = "the a side" }, `ID "the a side" cannot be written`},
		{func(s *State) { s.Rules.CRT = 7 }, "combat results table 7 does not exist"},
		{func(s *State) {
			s.Map = s.Map.Clone()
			s.Map.Set(h("0202"), mapgen.Cell{RoadExits: 1})
		}, "hex 0202 has road exits but no road"},
	} {
		c := s.Clone()
		tc.change(c)
		if _, err := (Position{c}).MarshalText(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want one containing %q", err, tc.want)
		}
	}
}

// FuzzNotation: every position reached by random legal play (the
// battles of TestRandomPlay, from their start to their end) reads back
// from its text as the same position; and any text at all is read
// without a panic, and when it is read, State.Check runs on it without a
// panic and its position written and read again is the same and written
// the same.
func FuzzNotation(f *testing.F) {
	f.Add(notationExample)
	f.Add("map gen woods-7 32x17; cell 0101 water-1 level=0 road=05; turn 2 over a winner=a; side a mines=0101:5; side b")
	f.Add(`map blank 4x4 name="a\"b"; rules crt=reference morale night weather=fog fortified=a turn-limit=3; turn 1 deploy b; side a; side b`)
	rng := rand.New(rand.NewPCG(20261127, 3))
	d := dice.New(dice.NewSeeded(5))
	games, every, states := 3, 20, 0
	if testing.Short() {
		games = 1
	}
	for range games {
		s := rpBattle(f, rng)
		drpRandomArrivals(rng, s)
		for n := 0; s.Phase != PhaseOver && s.Turn <= 12; n++ {
			if n%every == 0 {
				f.Add(notationRoundTrip(f, s))
			} else {
				notationRoundTrip(f, s)
			}
			states++
			side := s.PhasingSide().ID
			var options []Action
			for _, a := range ValidSideActions(s, side) {
				if a.Kind != ActSurrender {
					options = append(options, a)
				}
			}
			for i := range s.Units {
				if s.Units[i].Side == side {
					options = append(options, ValidActions(s, s.Units[i].ID)...)
				}
			}
			a := Action{Kind: ActEnd, Side: side}
			if len(options) > 0 && rng.IntN(5) > 0 {
				a = options[rng.IntN(len(options))]
			}
			next, _, err := Apply(s, a, d)
			if err != nil {
				f.Fatalf("%v offered but refused: %v", a, err)
			}
			s = next
		}
		notationRoundTrip(f, s)
		states++
	}
	f.Logf("%d positions of random play read back from their text", states)
	f.Fuzz(func(t *testing.T, text string) {
		var p Position
		if p.UnmarshalText([]byte(text)) != nil {
			return
		}
		p.State.Check() // whatever it finds, it must not panic
		notationRoundTrip(t, p.State)
	})
}

// Ensure maps survive the round trip: a generated sector is written as
// its reference plus the hexes that differ from it.
func TestNotationGeneratedMap(t *testing.T) {
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: 42, Theme: mapgen.Woods, Sheets: 2, Orientation: mapgen.Tall})
	if err != nil {
		t.Fatal(err)
	}
	s := mustPositionOn(t, m, "turn 1 movement a; side a; side b")
	text := notationRoundTrip(t, s)
	if !strings.HasPrefix(text, "map gen woods-42 32x34\nturn") {
		t.Errorf("generated map written as\n%s\nwant its reference alone", text)
	}
	changed := *m
	changed.Cells = append([]mapgen.Cell(nil), m.Cells...)
	changed.Set(h("0101"), mapgen.Cell{Terrain: mapgen.LightBuilding, Elevation: 1})
	s.Map = &changed
	text = notationRoundTrip(t, s)
	if !strings.Contains(text, "\ncell 0101 light-building level=1\n") {
		t.Errorf("changed hex not written as a cell:\n%s", text)
	}
}

// Ensure the example and the error quoted in docs/notation.md, and the
// test position of CONTRIBUTING.md, are what the reader does.
func TestNotationDoc(t *testing.T) {
	doc, err := os.ReadFile("../docs/notation.md")
	if err != nil {
		t.Fatal(err)
	}
	_, example, ok := strings.Cut(string(doc), "```text\n")
	example, _, ok2 := strings.Cut(example, "```")
	if !ok || !ok2 {
		t.Fatal("docs/notation.md has no ```text example")
	}
	notationRoundTrip(t, mustPosition(t, example))
	contributing, err := os.ReadFile("../CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	_, fixture, ok := strings.Cut(string(contributing), "mustPosition(t, `")
	fixture, _, ok2 = strings.Cut(fixture, "`)")
	if !ok || !ok2 {
		t.Fatal("CONTRIBUTING.md has no mustPosition example")
	}
	mustPosition(t, fixture)
	var p Position
	err = p.UnmarshalText([]byte("map blank 9x9; side lancers; turn 1 movement lancers\nside bandits\nunit A1 lancers heavy-mech rookie 1/2/3"))
	want := strings.Join(strings.Fields(`position record 5 "unit A1 lancers heavy-mech rookie 1/2/3": "rookie":
  experience is green, regular, veteran or elite`), " ")
	if err == nil || err.Error() != want || !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), want) {
		t.Errorf("error %v, want %s as docs/notation.md quotes it", err, want)
	}
}
