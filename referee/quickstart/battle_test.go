package quickstart

import (
	"errors"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

func unitOn(id string, side int, u Unit, at string, f hex.Direction) UnitState {
	return Place(id, side, u, hex.MustParse(at), f)
}

// battle starts a battle on a 16×17 map with the faces given for the
// first Initiative: Word of Blake (side 0) against the Ghost Bears.
func battle(t *testing.T, m *mapgen.Map, faces ...int) State {
	t.Helper()
	s, _, err := NewBattle(m, [2]string{"blake", "bears"}, [2]string{}, []UnitState{
		unitOn("DF", 0, DivineFire(), "0810", hex.N),
		unitOn("PC", 0, PeacefulCleansing(), "0610", hex.N),
		unitOn("AR", 1, AlphaRecon(), "0805", hex.S),
		unitOn("AF", 1, AlphaFire(), "1005", hex.S),
	}, scripted(t, faces...))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustApply(t *testing.T, s State, a Action, d *dice.Dice) State {
	t.Helper()
	n, _, err := Apply(s, a, d)
	if err != nil {
		t.Fatalf("%v: %v", a, err)
	}
	if errs := n.Check(); len(errs) > 0 {
		t.Fatalf("after %v: %v", a, errs)
	}
	return n
}

func path(hs ...string) []hex.Hex {
	var out []hex.Hex
	for _, h := range hs {
		out = append(out, hex.MustParse(h))
	}
	return out
}

// Ensure the sequence (002 lines 63–94): Initiative 2D6 a side with ties
// rolled again, the loser moves first, then the winner; combat likewise;
// then the End Phase and the next turn's Initiative.
func TestSequence(t *testing.T) {
	m := mapgen.New(16, 17)
	// Blake 3+3, bears 2+4: a tie, rolled again; then 2+2 against 5+5.
	s := battle(t, m, 3, 3, 2, 4, 2, 2, 5, 5)
	if s.Loser != 0 || s.Acting != 0 || s.Phase != MovementPhase || s.Turn != 1 {
		t.Fatalf("after initiative: %+v", s)
	}
	d := scripted(t, 6, 6, 1, 1)
	s = mustApply(t, s, Action{Kind: Done}, d)
	if s.Acting != 1 || s.Phase != MovementPhase {
		t.Fatalf("after the loser's movement: acting %d phase %v", s.Acting, s.Phase)
	}
	if _, _, err := Apply(s, Action{Kind: Move, Unit: "DF", Facing: hex.S}, d); !errors.Is(err, ErrIllegal) {
		t.Errorf("moving out of turn: %v", err)
	}
	s = mustApply(t, s, Action{Kind: Done}, d)
	if s.Phase != CombatPhase || s.Acting != 0 {
		t.Fatalf("combat: %v, acting %d", s.Phase, s.Acting)
	}
	s = mustApply(t, s, Action{Kind: Done}, d)
	s = mustApply(t, s, Action{Kind: Done}, d)
	if s.Turn != 2 || s.Phase != MovementPhase || s.Loser != 1 || s.Acting != 1 {
		t.Errorf("turn 2: %+v", s)
	}
}

// Ensure movement (002 lines 104–168): 1 MP a hex plus terrain, facing
// free, through friends but not enemies, never ending in an occupied
// hex; jumping any direction up to the jumping MP, over anything (ruling
// QS10), only when every Element can jump.
func TestMovement(t *testing.T) {
	m := mapgen.New(16, 17)
	m.Cell(hex.MustParse("0809")).Terrain = mapgen.HeavyWoods
	m.Cell(hex.MustParse("0808")).Terrain = mapgen.Rough
	s := battle(t, m, 1, 1, 6, 6) // blake loses and moves first
	d := scripted(t)
	// Divine Fire, 7 MP: heavy woods 3 (line 110), rough 2, clear 1, 1 = 7.
	n := mustApply(t, s, Action{Kind: Move, Unit: "DF", Path: path("0809", "0808", "0807", "0806"), Facing: hex.NE}, d)
	if u := n.Units[n.unit("DF")]; u.Hex != hex.MustParse("0806") || u.Facing != hex.NE || !u.Moved {
		t.Errorf("DF after its move: %+v", u)
	}
	for _, tc := range []struct {
		a    Action
		want string
	}{
		{Action{Kind: Move, Unit: "DF", Path: path("0809", "0808", "0807", "0806", "0706")}, "has 7 MP"},
		{Action{Kind: Move, Unit: "DF", Path: path("0809", "0807")}, "not next to"},
		{Action{Kind: Move, Unit: "DF", Path: path("0710", "0609")}, ""},            // around: fine
		{Action{Kind: Move, Unit: "DF", Path: path("0710", "0610")}, "PC is there"}, // ends on a friend
		{Action{Kind: Move, Unit: "DF", Path: path("0710", "0610", "0510")}, ""},    // through a friend
		{Action{Kind: Move, Unit: "DF", Path: path("0809", "0808", "0807", "0806", "0805")}, "enemy unit AR"},
		{Action{Kind: Jump, Unit: "DF", Path: path("0808")}, "cannot jump"},
		{Action{Kind: Move, Unit: "AR", Path: path("0806")}, "bears'"},
		{Action{Kind: Move, Unit: "XX"}, "no unit"},
		{Action{Kind: Move, Unit: "DF", Facing: 7}, "facing 7"},
	} {
		_, _, err := Apply(s, tc.a, d)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v", tc.a, err)
		case tc.want != "" && (err == nil || !errors.Is(err, ErrIllegal) || !contains(err.Error(), tc.want)):
			t.Errorf("%v: %v, want %q", tc.a, err, tc.want)
		}
	}
	if _, _, err := Apply(n, Action{Kind: Move, Unit: "DF"}, d); err == nil || !contains(err.Error(), "already moved") {
		t.Errorf("second move: %v", err)
	}
	// The bears: Alpha Recon jumps 4 (its Mist Lynx), over Blake's units.
	n = mustApply(t, n, Action{Kind: Done}, d)
	if _, _, err := Apply(n, Action{Kind: Jump, Unit: "AR", Path: path("0810")}, d); err == nil || !contains(err.Error(), "jumps 4 hexes at most") {
		t.Errorf("jump of 5: %v", err)
	}
	j := mustApply(t, n, Action{Kind: Jump, Unit: "AR", Path: path("0807"), Facing: hex.S}, d) // over DF in 0806
	if u := j.Units[j.unit("AR")]; u.Hex != hex.MustParse("0807") {
		t.Errorf("AR after its jump: %+v", u)
	}
	if _, _, err := Apply(n, Action{Kind: Jump, Unit: "AR", Path: path("0806")}, d); err == nil || !contains(err.Error(), "DF is there") {
		t.Errorf("jump onto a unit: %v", err)
	}
}

// Ensure every action ValidActions offers is accepted, and Check holds
// after each, over random games from the first placing of a set-up
// (the Green's or the Veteran's) or from Units placed as given; some
// must reach the end.
func TestRandomPlay(t *testing.T) {
	seeds := 20
	if testing.Short() {
		seeds = 5
	}
	ended := 0
	for seed := range seeds {
		src := dice.NewSeeded(uint64(seed))
		d := dice.New(src)
		m := mapgen.New(16, 17)
		for i, h := range m.Hexes() {
			m.Cell(h).Terrain = []mapgen.Terrain{mapgen.Open, mapgen.Open, mapgen.Rough, mapgen.LightWoods, mapgen.HeavyWoods}[(i*7+seed)%5]
		}
		sides, units := [2]string{"blake", "bears"}, []UnitState{
			unitOn("DF", 0, DivineFire(), "0810", hex.N), unitOn("PC", 0, PeacefulCleansing(), "0610", hex.N),
			unitOn("AR", 1, AlphaRecon(), "0805", hex.S), unitOn("AF", 1, AlphaFire(), "1005", hex.S),
		}
		counters := []Counter{
			{Kind: Objective, Owner: 0, Hex: hex.MustParse("0814"), Value: 57},
			{Kind: Headquarters, Owner: 1, Hex: hex.MustParse("0802"), Value: 56},
		}
		var s State
		var err error
		switch seed % 3 {
		case 0: // placed as given
			s, _, err = NewBattle(m, sides, [2]string{}, units, d)
			s.Counters = counters
		case 1: // the Green deployment, the players placing the Units
			s, _, err = NewGreenBattle(m, sides, [2]string{}, units, [2]referee.Edge{referee.South, referee.North}, [2]int{3, 1})
		case 2: // the Veteran set-up, the Units starting on the map
			s, _, err = NewVeteranBattle(m, sides, [2]string{}, units, counters, true, d)
		}
		if err != nil {
			t.Fatal(err)
		}
		s.TurnLimit = 40 // ruling QS16: every game ends
		for step := 0; step < 3000 && s.Phase != Over; step++ {
			acts := ValidActions(s)
			f, _ := d.D6("pick")
			g, _ := d.D6("pick")
			a := acts[(f*6+g)%len(acts)]
			n, _, err := Apply(s, a, d)
			if err != nil {
				t.Fatalf("seed %d step %d: ValidActions offered %v, Apply refused: %v", seed, step, a, err)
			}
			if errs := n.Check(); len(errs) > 0 {
				t.Fatalf("seed %d step %d after %v: %v", seed, step, a, errs)
			}
			s = n
		}
		if s.Phase == Over {
			ended++
		}
	}
	if ended == 0 {
		t.Error("no random game reached its end")
	}
}

// Ensure ruling QS15: a Unit with a shut-down Element neither moves nor
// turns, and ValidActions offers it only to stay as it is.
func TestShutdownUnitStays(t *testing.T) {
	s := battle(t, mapgen.New(16, 17), 1, 1, 6, 6)
	df := s.unit("DF")
	s.Units[df].Elements[2].Heat, s.Units[df].Elements[2].Shutdown = 4, true
	d := scripted(t)
	for _, a := range []Action{
		{Kind: Move, Unit: "DF", Facing: hex.NE},
		{Kind: Move, Unit: "DF", Path: path("0809"), Facing: hex.N},
	} {
		if _, _, err := Apply(s, a, d); !errors.Is(err, ErrIllegal) {
			t.Errorf("%v: %v, want refused", a, err)
		}
	}
	for _, a := range ValidActions(s) {
		if a.Unit == "DF" && (len(a.Path) > 0 || a.Facing != hex.N) {
			t.Errorf("ValidActions offers %v", a)
		}
	}
	mustApply(t, s, Action{Kind: Move, Unit: "DF", Facing: hex.N}, d)
}
