package quickstart

import (
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// placeUnit is the PlaceUnit of id in hex at, facing f.
func placeUnit(id, at string, f hex.Direction) Action {
	return Action{Kind: PlaceUnit, Unit: id, Path: []hex.Hex{hex.MustParse(at)}, Facing: f}
}

// botChoice is SetUpChoice(s), which must have one.
func botChoice(t *testing.T, s State) Action {
	t.Helper()
	a, err := SetUpChoice(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// setUpPlayer plays and refuses set-up actions on *s, checking that
// every action played is among the valid ones and keeps the invariants
// (mustApply), and every refusal says why and changes nothing.
type setUpPlayer struct {
	t *testing.T
	s *State
	d *dice.Dice
}

func (p setUpPlayer) play(a Action) []Event {
	p.t.Helper()
	if !slices.ContainsFunc(ValidActions(*p.s), func(v Action) bool { return v.String() == a.String() }) {
		p.t.Errorf("%v is not among the valid actions", a)
	}
	n, ev, err := Apply(*p.s, a, p.d)
	if err != nil {
		p.t.Fatalf("%v: %v", a, err)
	}
	if errs := n.Check(); len(errs) > 0 {
		p.t.Fatalf("after %v: %v", a, errs)
	}
	*p.s = n
	return ev
}

func (p setUpPlayer) refuse(a Action, want string) {
	p.t.Helper()
	before := p.s.Clone()
	n, _, err := Apply(*p.s, a, p.d)
	if err == nil || !strings.Contains(err.Error(), want) {
		p.t.Errorf("%v: %v, want %q", a, err, want)
	}
	if n.SetUp == nil || len(n.SetUp.Steps) != len(before.SetUp.Steps) || !slices.EqualFunc(n.Units, before.Units, func(a, b UnitState) bool {
		return a.Hex == b.Hex && a.Facing == b.Facing && a.OffBoard == b.OffBoard
	}) {
		p.t.Errorf("%v was refused but changed the set-up", a)
	}
	if slices.ContainsFunc(ValidActions(*p.s), func(v Action) bool { return v.String() == a.String() }) {
		p.t.Errorf("%v is refused but among the valid actions", a)
	}
}

// Ensure the Units placed on the map in the Veteran set-up go down as
// the book has it (002 lines 578–582, ruling QS23): the starting
// positions roll's winner (the bears, 12 to 2) chooses to set up first
// or second; he sets up second, so blake places a Unit, then the bears,
// in turn, and the bears, with none left, are skipped while blake
// places his last two; any facing; each placing refused, with its
// reason, outside the side's Deployment Zone, on a Unit, on the side's
// own counter, for a Unit already placed, another side's or none, at a
// facing that is none; Done places the side's next Unit by ID at the
// front of its zone, middle out, facing the enemy; the last placing
// rolls turn 1's Initiative.
func TestUnitPlacementOrder(t *testing.T) {
	const blake, bears = 0, 1
	d := scripted(t, 6, 6, 1, 1, 1, 1, 6, 6, 6, 6, 1, 1)
	var counters []Counter
	for owner := range 2 {
		counters = append(counters, Counter{Kind: Objective, Owner: owner}, Counter{Kind: Headquarters, Owner: owner})
	}
	s, _, err := NewVeteranBattle(mapgen.New(15, 17), [2]string{"blake", "bears"}, [2]string{}, []UnitState{
		Place("DF", blake, DivineFire(), hex.Hex{}, hex.N), Place("DF2", blake, DivineFire(), hex.Hex{}, hex.N),
		Place("PC", blake, PeacefulCleansing(), hex.Hex{}, hex.N), Place("AR", bears, AlphaRecon(), hex.Hex{}, hex.N),
	}, counters, true, d)
	if err != nil {
		t.Fatal(err)
	}
	p := setUpPlayer{t, &s, d}
	p.play(Action{Kind: ChooseHome, Edge: referee.North}) // blake's zone rows 1–5, the bears' 13–17
	for !s.SetUp.Steps[0].Order {
		p.play(Action{Kind: Done})
	}
	if s.Acting != bears || s.SetUp.Steps[0].Side != bears {
		t.Fatalf("the starting positions roll: %d chooses, want the bears", s.Acting)
	}
	p.refuse(placeUnit("AR", "0715", hex.N), "the set-up waits for this: bears chooses to set up first or second, with /battle place order:first or order:second")
	if n := len(ValidActions(s)); n != 3 {
		t.Errorf("%d valid actions for the order, want first, second and Done", n)
	}
	if ev := p.play(Action{Kind: ChooseOrder}); ev[0].Text != "starting positions: bears sets up second; blake places the first Unit" {
		t.Errorf("the order: %v", ev)
	}
	var sides []int
	for _, st := range s.SetUp.Steps {
		sides = append(sides, st.Side)
	}
	if !slices.Equal(sides, []int{blake, bears, blake, blake}) {
		t.Fatalf("placings by %v, want blake, bears, then blake twice: the bears have none left", sides)
	}
	var own hex.Hex
	for _, c := range s.Counters {
		if c.Owner == blake {
			own = c.Hex
		}
	}
	p.refuse(placeUnit("AR", "0715", hex.N), "unit AR is bears', and blake places a Unit now")
	p.refuse(placeUnit("XX", "0705", hex.N), `there is no unit "XX"`)
	p.refuse(placeUnit("DF", "0706", hex.N), "DF sets up in blake's Deployment Zone, within 5 hexes of the north edge, and 0706 is 6 hexes in (Quick-Start rules, Veteran Training Scenario, Starting Positions)")
	p.refuse(placeUnit("DF", own.String(), hex.N), own.String()+" holds blake's own")
	p.refuse(placeUnit("DF", "0705", 9), "facing 9: give one of N, NE, SE, S, SW, NW")
	p.refuse(Action{Kind: Move, Unit: "DF"}, "the set-up comes before the battle's moves and attacks")
	p.refuse(Action{Kind: ChooseOrder, First: true}, "the set-up waits for this: blake places one of its Units in its Deployment Zone, with /battle place unit: hex: facing:")
	if ev := p.play(placeUnit("DF", "0705", hex.SE)); ev[0].Text != "set-up: blake places DF in 0705 facing SE" {
		t.Errorf("DF's placing: %v", ev)
	}
	p.refuse(placeUnit("DF", "0713", hex.N), "unit DF is blake's, and bears places a Unit now")
	p.refuse(placeUnit("AR", "0705", hex.N), "0705 is 13 hexes in")
	p.play(placeUnit("AR", "1214", hex.NW))
	p.refuse(placeUnit("PC", "0705", hex.N), "0705 already holds unit DF: one Unit a hex")
	p.refuse(placeUnit("DF", "0704", hex.N), "unit DF is already placed, in 0705")
	want := botChoice(t, s)
	p.play(Action{Kind: Done})
	df2 := s.Units[s.unit("DF2")]
	if want.Unit != "DF2" || df2.OffBoard || df2.Hex != want.Path[0] || EdgeDepth(s.Map, df2.Hex, referee.North) != ZoneDepth || df2.Facing != hex.S {
		t.Errorf("the bot's placing of blake's next Unit: %v, DF2 %+v; want DF2 at the front of the zone facing S", want, df2)
	}
	ev := p.play(placeUnit("PC", "0101", hex.N))
	if s.Phase != MovementPhase || s.SetUp != nil || ev[len(ev)-1].Type != "initiative" {
		t.Fatalf("after the last placing: %v phase, events %v", s.Phase, ev)
	}
}

// Ensure the Green Training Scenario's deployment (002 lines 520, 528;
// ruling QS23): the defender places every Unit first, within 3 hexes of
// the south edge, then the attacker on the north edge; Done takes the
// file's position, or when the player has taken it, the front of the
// zone; the zones may not meet, and each must hold its side's Units.
func TestGreenDeployment(t *testing.T) {
	const blake, bears = 0, 1
	m := mapgen.New(15, 17)
	units := []UnitState{unitOn("DF", blake, DivineFire(), "0616", hex.N), unitOn("PC", blake, PeacefulCleansing(), "1016", hex.N),
		unitOn("AR", bears, AlphaRecon(), "0501", hex.S), unitOn("AF", bears, AlphaFire(), "1101", hex.S)}
	homes, zones := [2]referee.Edge{referee.South, referee.North}, [2]int{3, 1}
	s, ev, err := NewGreenBattle(m, [2]string{"blake", "bears"}, [2]string{}, units, homes, zones)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 1 || ev[0].Text != "set-up: blake, the defender, places its Units first, within 3 hexes of the south edge; then bears, within 1 hex of the north edge" {
		t.Errorf("the start: %v", ev)
	}
	var sides []int
	for _, st := range s.SetUp.Steps {
		sides = append(sides, st.Side)
	}
	if !slices.Equal(sides, []int{blake, blake, bears, bears}) || s.Acting != blake {
		t.Fatalf("placings by %v, %d acting; want blake's two, then the bears'", sides, s.Acting)
	}
	p := setUpPlayer{t, &s, scripted(t, 1, 1, 6, 6)}
	p.refuse(placeUnit("PC", "0614", hex.N), "PC sets up in blake's Deployment Zone, within 3 hexes of the south edge, and 0614 is 4 hexes in (Quick-Start rules, Green Training Scenario, Deployment)")
	p.refuse(placeUnit("AR", "0501", hex.S), "unit AR is bears', and blake places a Unit now")
	p.play(placeUnit("PC", "0616", hex.NE)) // DF's planned hex
	p.play(Action{Kind: Done})
	if df := s.Units[s.unit("DF")]; df.Hex != hex.MustParse("0715") || df.Facing != hex.N {
		t.Errorf("DF, its file's hex taken, placed by the bot in %s facing %v; want the front row's middle, 0715, facing N", df.Hex, df.Facing)
	}
	p.refuse(placeUnit("AR", "0502", hex.S), "0502 is 2 hexes in")
	p.play(Action{Kind: Done}) // AF, the bears' first by ID
	if af := s.Units[s.unit("AF")]; af.Hex != hex.MustParse("1101") || af.Facing != hex.S {
		t.Errorf("AF placed by the bot in %s facing %v; want its file's 1101 facing S", af.Hex, af.Facing)
	}
	p.play(placeUnit("AR", "0601", hex.SW))
	if s.Phase != MovementPhase || s.Acting != blake {
		t.Errorf("after the deployment: %v phase, %d acting; want blake's movement (initiative 2 to 12)", s.Phase, s.Acting)
	}

	if _, _, err := NewGreenBattle(m, [2]string{"blake", "bears"}, [2]string{}, units, homes, [2]int{9, 9}); err == nil || !strings.Contains(err.Error(), "the Deployment Zones meet in") {
		t.Errorf("zones of 9 on a map 17 high: %v", err)
	}
	narrow := mapgen.New(2, 17)
	three := []UnitState{unitOn("DF", blake, DivineFire(), "0117", hex.N), unitOn("AR", bears, AlphaRecon(), "0101", hex.S),
		unitOn("AF", bears, AlphaFire(), "0201", hex.S), unitOn("AF2", bears, AlphaFire(), "0101", hex.S)}
	if _, _, err := NewGreenBattle(narrow, [2]string{"blake", "bears"}, [2]string{}, three, homes, zones); err == nil || !strings.Contains(err.Error(), "bears has 3 Units and its Deployment Zone 2 free hexes") {
		t.Errorf("three Units for a zone of two hexes: %v", err)
	}
}

// Ensure Check catches a broken set-up: a Unit on the map outside its
// zone, or before the Units' placings began; placings that do not match
// the Units left; a Unit on its own side's counter.
func TestCheckSetUp(t *testing.T) {
	m := mapgen.New(15, 17)
	s, _, err := NewGreenBattle(m, [2]string{"blake", "bears"}, [2]string{}, []UnitState{unitOn("DF", 0, DivineFire(), "0616", hex.N),
		unitOn("AR", 1, AlphaRecon(), "0501", hex.S)}, [2]referee.Edge{referee.South, referee.North}, [2]int{3, 1})
	if err != nil {
		t.Fatal(err)
	}
	s = mustApply(t, s, Action{Kind: Done}, nil)
	for _, tc := range []struct {
		name  string
		spoil func(*State)
		want  string
	}{
		{"outside the zone", func(s *State) { s.Units[s.unit("DF")].Hex = hex.MustParse("0610") }, "unit DF in 0610, outside blake's Deployment Zone"},
		{"a placing too many", func(s *State) { s.SetUp.Steps = append(s.SetUp.Steps, SetUpStep{Side: 0, Unit: true}) }, "placings left for"},
		{"two kinds in a step", func(s *State) { s.SetUp.Steps[0].Order = true }, "one side, one choice"},
		{"on the map too soon", func(s *State) { s.SetUp.Steps = []SetUpStep{{Side: 1, Order: true}} }, "on the map in 0616 before the Units are placed"},
		{"on its own counter", func(s *State) {
			s.Counters = []Counter{{Kind: Headquarters, Owner: 0, Hex: hex.MustParse("0616")}}
		}, "unit DF stands on its own side's headquarters in 0616"},
	} {
		b := s.Clone()
		tc.spoil(&b)
		errs := b.Check()
		if !slices.ContainsFunc(errs, func(e error) bool { return strings.Contains(e.Error(), tc.want) }) {
			t.Errorf("%s: Check() = %v, want %q", tc.name, errs, tc.want)
		}
	}
}

// Ensure a set-up given bad input says what is wrong and never panics: a
// Unit of no side, no map, a home edge that is none (NewGreenBattle
// checks them before it builds the battle); Check reports a Unit of no
// side in a set-up; NewVeteranBattle refuses one.
func TestSetUpBadInput(t *testing.T) {
	m := mapgen.New(15, 17)
	homes, zones := [2]referee.Edge{referee.South, referee.North}, [2]int{3, 1}
	units := []UnitState{unitOn("DF", 0, DivineFire(), "0616", hex.N), unitOn("AR", 2, AlphaRecon(), "0501", hex.S)}
	for _, tc := range []struct {
		name string
		m    *mapgen.Map
		home [2]referee.Edge
		want string
	}{
		{"a Unit of side 2", m, homes, "unit AR is of side 2: a battle's two sides are 0 and 1"},
		{"no map", nil, homes, "the battle has no map"},
		{"no home edge", m, [2]referee.Edge{referee.South, referee.NoEdge}, "bears' home edge must be north, east, south or west"},
	} {
		if _, _, err := NewGreenBattle(tc.m, [2]string{"blake", "bears"}, [2]string{}, units, tc.home, zones); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	s, _, err := NewGreenBattle(m, [2]string{"blake", "bears"}, [2]string{}, units[:1], homes, zones)
	if err != nil {
		t.Fatal(err)
	}
	s.Units = append(s.Units, units[1])
	s.Units[1].OffBoard = true
	if errs := s.Check(); !slices.ContainsFunc(errs, func(e error) bool { return strings.Contains(e.Error(), "unit AR: side 2") }) {
		t.Errorf("Check of a set-up with a Unit of side 2: %v", errs)
	}
	if _, _, err := NewVeteranBattle(m, [2]string{"blake", "bears"}, [2]string{}, units, nil, true, scripted(t, 6, 6, 1, 1)); err == nil || !strings.Contains(err.Error(), "unit AR: side 2") {
		t.Errorf("NewVeteranBattle with a Unit of side 2: %v", err)
	}
}

// Ensure the bot's choice in a zone with no free hex left is an error
// that names the zone, for a Unit and for a counter, never a placing in
// a hex outside it; Done then refuses, changing nothing. Only a broken
// State has such a zone: the set-up's start checks the room (checkRoom).
func TestNoFreeHex(t *testing.T) {
	const bears = 1
	s, _, err := NewGreenBattle(mapgen.New(15, 17), [2]string{"blake", "bears"}, [2]string{}, []UnitState{unitOn("DF", 0, DivineFire(), "0616", hex.N),
		unitOn("AR", bears, AlphaRecon(), "0501", hex.S)}, [2]referee.Edge{referee.South, referee.North}, [2]int{3, 1})
	if err != nil {
		t.Fatal(err)
	}
	s = mustApply(t, s, Action{Kind: Done}, nil) // DF; the bears' AR is due
	for _, h := range ZoneHexes(s.Map, referee.North, 1) {
		s.Counters = append(s.Counters, Counter{Kind: Headquarters, Owner: bears, Hex: h})
	}
	want := "the bot finds no free hex for AR in bears' Deployment Zone"
	if a, err := SetUpChoice(s); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the bot's placing in a full zone: %v, %v; want %q", a, err, want)
	}
	if _, _, err := Apply(s, Action{Kind: Done}, scripted(t, 1, 1, 6, 6)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Done in a full zone: %v, want %q", err, want)
	}

	v := veteranSetUp(t, mapgen.New(15, 17), false, scripted(t, 6, 6, 1, 1))
	v = mustApply(t, v, Action{Kind: Done}, nil) // the home edge; a counter is due
	for _, h := range v.Map.Hexes() {
		v.Counters = append(v.Counters, Counter{Kind: Objective, Owner: 0, Hex: h})
	}
	if a, err := SetUpChoice(v); err == nil || !strings.Contains(err.Error(), "in its Deployment Zone: every hex holds a counter") {
		t.Errorf("the bot's counter in a full zone: %v, %v", a, err)
	}
}

// Ensure the players read the sides' names, not their IDs, in events and
// refusals, with the possessive a name ending in s takes ("Clan Ghost
// Bears'"); empty names are the IDs.
func TestSideNames(t *testing.T) {
	units := []UnitState{unitOn("DF", 0, DivineFire(), "0616", hex.N), unitOn("AR", 1, AlphaRecon(), "0501", hex.S)}
	s, ev, err := NewGreenBattle(mapgen.New(15, 17), [2]string{"blake", "bears"}, [2]string{"Word of Blake", "Clan Ghost Bears"}, units,
		[2]referee.Edge{referee.South, referee.North}, [2]int{3, 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := "set-up: Word of Blake, the defender, places its Units first, within 3 hexes of the south edge; then Clan Ghost Bears, within 1 hex of the north edge"; len(ev) != 1 || ev[0].Text != want {
		t.Errorf("the start: %v, want %q", ev, want)
	}
	p := setUpPlayer{t, &s, scripted(t, 1, 1, 6, 6)}
	p.refuse(placeUnit("AR", "0501", hex.S), "unit AR is Clan Ghost Bears', and Word of Blake places a Unit now")
	p.refuse(placeUnit("DF", "0610", hex.N), "DF sets up in Word of Blake's Deployment Zone")
	p.refuse(Action{Kind: Move, Unit: "DF"}, "Word of Blake places one of its Units in its Deployment Zone now")
	if ev := p.play(placeUnit("DF", "0716", hex.N)); ev[0].Text != "set-up: Word of Blake places DF in 0716 facing N" {
		t.Errorf("DF's placing: %v", ev)
	}
	if s.Sides != [2]string{"blake", "bears"} {
		t.Errorf("the sides' IDs: %v", s.Sides)
	}
}
