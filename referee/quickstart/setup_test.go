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

// veteranSetUp starts the Veteran set-up on a 15×17 map (the shipped
// training sheet's size) with each side's two objectives and
// Headquarters, the dice d rolling the set-up roll first.
func veteranSetUp(t *testing.T, m *mapgen.Map, onBoard bool, d *dice.Dice) State {
	t.Helper()
	var counters []Counter
	for owner := range 2 {
		counters = append(counters, Counter{Kind: Objective, Owner: owner, Value: 57 - owner},
			Counter{Kind: Objective, Owner: owner, Value: 57 - owner}, Counter{Kind: Headquarters, Owner: owner, Value: 57 - owner})
	}
	s, _, err := NewVeteranBattle(m, [2]string{"blake", "bears"}, [2]string{}, []UnitState{
		Place("DF", 0, DivineFire(), hex.Hex{}, hex.N), Place("PC", 0, PeacefulCleansing(), hex.Hex{}, hex.N),
		Place("AR", 1, AlphaRecon(), hex.Hex{}, hex.N), Place("AF", 1, AlphaFire(), hex.Hex{}, hex.N),
	}, counters, onBoard, d)
	if err != nil {
		t.Fatal(err)
	}
	if errs := s.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// Ensure the Veteran set-up goes in the book's order (002 lines
// 568–574): the set-up roll's winner (the bears, 12 to 2) chooses his
// home edge, the loser's is the opposite (570); beginning with the
// loser, each places one objective he attacks, then, beginning with the
// winner, one he defends; then, beginning with the loser, each his
// Headquarters (572–574), each in its owner's Deployment Zone of five
// hexes (572, 574). Every wrong action is refused with its reason and
// changes nothing; every action accepted is one of ValidActions.
func TestSetUpOrder(t *testing.T) {
	d := scripted(t, 1, 1, 6, 6, 2, 2, 1, 1, 1, 1, 6, 6)
	s := veteranSetUp(t, mapgen.New(15, 17), true, d)
	const blake, bears = 0, 1
	if s.Phase != SetUpPhase || s.Acting != bears || s.SetUp.Winner != bears {
		t.Fatalf("after the set-up roll: %v phase, %d acting, winner %d", s.Phase, s.Acting, s.SetUp.Winner)
	}
	refuse := func(a Action, want string) {
		t.Helper()
		n, _, err := Apply(s, a, d)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v, want %q", a, err, want)
		}
		if len(n.Counters) != len(s.Counters) || (n.SetUp == nil) != (s.SetUp == nil) || (n.SetUp != nil && len(n.SetUp.Steps) != len(s.SetUp.Steps)) {
			t.Errorf("%v was refused but changed the set-up", a)
		}
	}
	play := func(a Action) {
		t.Helper()
		if !slices.ContainsFunc(ValidActions(s), func(v Action) bool { return v.String() == a.String() }) {
			t.Errorf("%v is not among the valid actions", a)
		}
		s = mustApply(t, s, a, d)
	}
	place := func(kind CounterKind, at string) Action {
		return Action{Kind: PlaceCounter, Counter: kind, Path: []hex.Hex{hex.MustParse(at)}}
	}
	refuse(place(Objective, "0713"), "the set-up waits for this: bears chooses the home map edge, with /battle place edge:")
	refuse(Action{Kind: Move, Unit: "AR"}, "the set-up comes before the battle's moves and attacks")
	play(Action{Kind: ChooseHome, Edge: referee.South})
	if s.Home != [2]referee.Edge{referee.North, referee.South} {
		t.Fatalf("home edges %v, want blake north, bears south", s.Home)
	}
	// The map is 17 hexes high: the bears' zone is rows 13–17, blake's 1–5.
	refuse(Action{Kind: ChooseHome, Edge: referee.North}, "the set-up waits for this: blake places bears' objective in bears' Deployment Zone, with /battle place kind:objective hex:")
	refuse(place(Headquarters, "0715"), "not kind:headquarters")
	refuse(place(Objective, "0712"), "is 6 hexes in")
	refuse(place(Objective, "0718"), "off the map")
	if n := len(ValidActions(s)); n != 15*5+1 {
		t.Errorf("%d valid actions for the first objective, want the 75 hexes of the bears' zone and Done", n)
	}
	steps := []struct {
		side, owner int
		kind        CounterKind
		at          string
	}{
		{blake, bears, Objective, "0713"}, // the loser places one he attacks
		{bears, blake, Objective, "0705"},
		{bears, bears, Objective, "0317"}, // then the winner first, one he defends
		{blake, blake, Objective, "0101"},
		{blake, blake, Headquarters, "1503"}, // Headquarters, the loser first
		{bears, bears, Headquarters, "1417"},
	}
	for i, st := range steps {
		due := s.SetUp.Steps[0]
		if s.Acting != st.side || due.Side != st.side || due.Counter.Owner != st.owner || due.Counter.Kind != st.kind {
			t.Fatalf("step %d: %+v due, %d acting, want %+v", i, due, s.Acting, st)
		}
		if i == 4 {
			refuse(place(Headquarters, "0101"), "0101 already holds blake's objective")
		}
		play(place(st.kind, st.at))
	}
	// The last placing rolls the starting positions (blake 4, bears 2):
	// blake chooses to set up first or second (TestUnitPlacementOrder
	// goes on from here).
	if s.Phase != SetUpPhase || len(s.SetUp.Steps) != 1 || !s.SetUp.Steps[0].Order || s.Acting != blake || len(s.Counters) != 6 {
		t.Fatalf("after the counters: %v phase, set-up %+v, %d acting, %d counters", s.Phase, s.SetUp, s.Acting, len(s.Counters))
	}
	refuse(place(Objective, "0102"), "the set-up waits for this: blake chooses to set up first or second, with /battle place order:first or order:second")
	for s.Phase == SetUpPhase {
		play(botChoice(t, s))
	}
	if s.Phase != MovementPhase || s.Turn != 1 {
		t.Fatalf("after the set-up: %v phase, turn %d", s.Phase, s.Turn)
	}
	refuse(place(Objective, "0102"), "the set-up is over")
	for _, u := range s.Units {
		if u.OffBoard || EdgeDepth(s.Map, u.Hex, s.Home[u.Side]) > ZoneDepth || u.Facing != FacingAway(s.Home[u.Side]) {
			t.Errorf("%s in %s facing %v, off the map %v", u.ID, u.Hex, u.Facing, u.OffBoard)
		}
	}
}

// Ensure the home edge may be any edge whose Deployment Zone and the
// opposite one do not meet (002 line 570 names no edge), and Done leaves
// each choice to the bot (SetUpChoice): the woodier short edge, a
// counter at the front of the enemy's zone or the back of its owner's.
func TestSetUpChoices(t *testing.T) {
	s := veteranSetUp(t, mapgen.New(15, 17), false, scripted(t, 6, 6, 1, 1))
	east := mustApply(t, s, Action{Kind: ChooseHome, Edge: referee.East}, nil)
	if east.Home != [2]referee.Edge{referee.East, referee.West} || east.Acting != 1 {
		t.Errorf("blake chooses east: homes %v, %d to place", east.Home, east.Acting)
	}
	narrow := veteranSetUp(t, mapgen.New(15, 10), false, scripted(t, 6, 6, 1, 1))
	if _, _, err := Apply(narrow, Action{Kind: ChooseHome, Edge: referee.North}, nil); err == nil || !strings.Contains(err.Error(), "two Deployment Zones of 5 would meet") {
		t.Errorf("north on a map 10 high: %v", err)
	}
	if a := botChoice(t, narrow); a.Edge != referee.West {
		t.Errorf("the bot's edge on a map wider than high: %v", a)
	}
	m := mapgen.New(15, 17)
	m.Set(hex.MustParse("0716"), mapgen.Cell{Terrain: mapgen.HeavyWoods})
	s = veteranSetUp(t, m, false, scripted(t, 6, 6, 1, 1))
	for s.Phase == SetUpPhase {
		want := botChoice(t, s)
		n, ev, err := Apply(s, Action{Kind: Done}, scripted(t, 1, 1, 6, 6))
		if err != nil {
			t.Fatal(err)
		}
		again, _, _ := Apply(s, want, scripted(t, 1, 1, 6, 6))
		if n.Home != again.Home || !slices.Equal(n.Counters, again.Counters) {
			t.Errorf("Done gave %v, the bot's choice is %v", ev[0].Text, want)
		}
		s = n
	}
	if s.Home[0] != referee.South {
		t.Errorf("the bot chose %v for blake: the south zone holds the woods", s.Home[0])
	}
	// Blake (south) won the roll: the bears place one of his objectives
	// at the front of his zone, row 13, middle out, and he one of theirs
	// at the front of theirs, row 5; he defends his own at his back row.
	if c := s.Counters[0]; c.Owner != 0 || c.Hex != hex.MustParse("0713") {
		t.Errorf("the first objective: %+v, want blake's in 0713", c)
	}
	if c := s.Counters[1]; c.Owner != 1 || c.Hex != hex.MustParse("0805") {
		t.Errorf("the second objective: %+v, want the bears' in 0805", c)
	}
	if c := s.Counters[2]; c.Owner != 0 || EdgeDepth(s.Map, c.Hex, referee.South) != 1 {
		t.Errorf("blake's own objective: %+v, want on his back row", c)
	}
}

// Ensure the Units start off the map and enter from their home edges in
// game turn 1 (002 line 578; ruling QS22): the first hex of a move is on
// the home edge at that hex's cost, a jump counts the edge row as 1, a
// Unit off the map blocks no hex, and a Unit its side has not brought in
// when it ends its part of the phase enters by the bot.
func TestEntry(t *testing.T) {
	m := mapgen.New(15, 17)
	m.Set(hex.MustParse("0601"), mapgen.Cell{Terrain: mapgen.HeavyWoods})
	s := veteranSetUp(t, m, false, scripted(t, 6, 6, 1, 1))
	s = mustApply(t, s, Action{Kind: ChooseHome, Edge: referee.North}, nil)
	for s.Phase == SetUpPhase {
		s = mustApply(t, s, Action{Kind: Done}, scripted(t, 6, 6, 1, 1)) // blake wins turn 1's Initiative
	}
	if s.Acting != 1 || s.Phase != MovementPhase {
		t.Fatalf("turn 1: %d acting in the %v phase, want the bears moving first", s.Acting, s.Phase)
	}
	for _, u := range s.Units {
		if !u.OffBoard {
			t.Fatalf("%s is on the map before turn 1's movement", u.ID)
		}
	}
	// The bears enter from the south (row 17), AR (6 MP, jump 4) by
	// ground, AF by the bot.
	for _, tc := range []struct {
		a    Action
		want string
	}{
		{Action{Kind: Move, Unit: "AR", Facing: hex.N}, "off the map and enters it this turn"},
		{Action{Kind: Move, Unit: "AR", Path: path("0716"), Facing: hex.N}, "enters the map by a hex of its home edge, the south, and 0716 is 2 hexes in"},
		{Action{Kind: Move, Unit: "AR", Path: path("0717", "0716", "0715", "0714", "0713", "0712", "0711"), Facing: hex.N}, "has 6 MP and entering 0711 brings it to 7"},
		{Action{Kind: Jump, Unit: "AR", Path: path("0713"), Facing: hex.N}, "jumps 4 hexes at most, and 0713 is 5 away"},
	} {
		if _, _, err := Apply(s, tc.a, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.a, err, tc.want)
		}
	}
	entered := mustApply(t, s, Action{Kind: Move, Unit: "AR", Path: path("0717", "0716", "0715", "0714", "0713", "0712"), Facing: hex.N}, nil)
	if u := entered.Units[entered.unit("AR")]; u.OffBoard || u.Hex != hex.MustParse("0712") {
		t.Errorf("AR after its entry: %+v", u)
	}
	jumped := mustApply(t, s, Action{Kind: Jump, Unit: "AR", Path: path("0714"), Facing: hex.NW}, nil)
	if u := jumped.Units[jumped.unit("AR")]; u.Hex != hex.MustParse("0714") {
		t.Errorf("AR's jump in: %+v", u)
	}
	valid := ValidActions(s)
	if !slices.ContainsFunc(valid, func(a Action) bool { return a.Kind == Jump && a.Unit == "AR" && a.Path[0] == hex.MustParse("0714") }) ||
		slices.ContainsFunc(valid, func(a Action) bool { return a.Unit == "AR" && a.Kind == Move && len(a.Path) == 0 }) {
		t.Error("the valid actions miss AR's jump in, or let it stay off the map")
	}
	next, ev, err := Apply(entered, Action{Kind: Done}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 1 || !strings.HasPrefix(ev[0].Text, "AF had not entered: it enters in ") || next.Units[next.unit("AF")].OffBoard {
		t.Errorf("AF brought in by the bot: %v", ev)
	}
	// Blake enters from the north; its edge hex in heavy woods costs 3,
	// and no bears Unit, all now on the map, is in its way there.
	if p, ok := PathTo(next, "DF", hex.MustParse("0601")); !ok || len(p) != 1 {
		t.Errorf("DF's path into 0601: %v %v", p, ok)
	}
	if _, _, err := Apply(next, Action{Kind: Move, Unit: "DF", Path: path("0601", "0602", "0603", "0604", "0605", "0606"), Facing: hex.S}, nil); err == nil || !strings.Contains(err.Error(), "has 7 MP and entering 0606 brings it to 8") {
		t.Errorf("DF through heavy woods: %v", err)
	}
	next = mustApply(t, next, Action{Kind: Done}, nil)
	if next.Phase != CombatPhase {
		t.Fatalf("after both moved: %v phase", next.Phase)
	}
	for _, u := range next.Units {
		if u.OffBoard {
			t.Errorf("%s is still off the map in the Combat Phase", u.ID)
		}
	}
}
