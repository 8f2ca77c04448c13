package quickstart

import (
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// veteran is a battle with the Veteran scenario's counters: Blake's one
// objective in 0812 (worth 57, both Blake Units) and its Headquarters in
// 0814 (57); Blake (side 0) loses the Initiative.
func veteran(t *testing.T) State {
	t.Helper()
	s, _, err := NewBattle(mapgen.New(16, 17), [2]string{"blake", "bears"}, [2]string{}, []UnitState{
		unitOn("DF", 0, DivineFire(), "0810", hex.N),
		unitOn("AR", 1, AlphaRecon(), "0912", hex.S),
	}, scripted(t, 1, 1, 6, 6))
	if err != nil {
		t.Fatal(err)
	}
	obj, _ := ObjectiveValue(DivineFire().PV()+PeacefulCleansing().PV(), 2)
	hq, _ := HeadquartersValue(DivineFire().PV() + PeacefulCleansing().PV())
	s.Counters = []Counter{
		{Kind: Objective, Owner: 0, Hex: hex.MustParse("0812"), Value: obj},
		{Kind: Headquarters, Owner: 0, Hex: hex.MustParse("0814"), Value: hq},
	}
	if errs := s.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

// endTurn plays Done through the rest of the turn and the next turn's
// Initiative (blake loses again).
func endTurn(t *testing.T, s State) State {
	t.Helper()
	d := scripted(t, 1, 1, 6, 6)
	for turn := s.Turn; s.Turn == turn && s.Phase != Over; {
		s = mustApply(t, s, Action{Kind: Done}, d)
	}
	return s
}

// Ensure the Veteran scenario's counters (002 lines 582, 604–632): a
// side never ends a move on its own counter; an enemy Unit moving in
// occupies it (scored once, a quarter of an objective's value, half a
// Headquarters'); alone there at two consecutive End Phases it captures
// it (the whole value, the occupation no longer counted); capturing them
// all wins (ruling QS14).
func TestVeteranCounters(t *testing.T) {
	s := veteran(t)
	d := scripted(t)
	if _, _, err := Apply(s, Action{Kind: Move, Unit: "DF", Path: path("0811", "0812")}, d); err == nil || !contains(err.Error(), "own side's objective") {
		t.Errorf("Blake ends on its own objective: %v", err)
	}
	if _, _, err := Apply(s, Action{Kind: Move, Unit: "DF", Path: path("0811", "0812", "0813")}, d); err != nil {
		t.Errorf("Blake passes through its own objective: %v", err)
	}
	s = mustApply(t, s, Action{Kind: Done}, d)
	s, ev, err := Apply(s, Action{Kind: Move, Unit: "AR", Path: path("0812")}, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 2 || ev[1].Type != "occupy" || !s.Counters[0].Occupied {
		t.Fatalf("occupation: %+v", ev)
	}
	if got := s.VictoryPoints(1); got != 14 { // 57 × 0.25 = 14.25
		t.Errorf("bears' points after occupying: %d, want 14", got)
	}
	s = endTurn(t, s) // first End Phase held
	if s.Counters[0].Held != 1 || s.Counters[0].Captured {
		t.Fatalf("after one End Phase: %+v", s.Counters[0])
	}
	s = endTurn(t, s) // second: captured
	if !s.Counters[0].Captured || s.VictoryPoints(1) != 57 {
		t.Fatalf("after two End Phases: %+v, %d points", s.Counters[0], s.VictoryPoints(1))
	}
	// Now the Headquarters: Blake may stand where its objective was.
	s = mustApply(t, s, Action{Kind: Done}, d)
	s = mustApply(t, s, Action{Kind: Jump, Unit: "AR", Path: path("0814"), Facing: hex.N}, d)
	if got := s.VictoryPoints(1); got != 57+29 { // 57 × 0.5 = 28.5
		t.Errorf("bears' points: %d, want 86", got)
	}
	s = endTurn(t, s)
	s = endTurn(t, s)
	if s.Phase != Over || s.Winner != 1 || s.VictoryPoints(1) != 114 {
		t.Errorf("all of Blake's counters captured: phase %v winner %d points %d", s.Phase, s.Winner, s.VictoryPoints(1))
	}
}

// Ensure a hex left empty starts the hold again, and destroyed Elements
// score double to the enemy and cost their own side (002 lines 606,
// 623–624).
func TestVeteranHoldAndDestruction(t *testing.T) {
	s := veteran(t)
	d := scripted(t)
	s = mustApply(t, s, Action{Kind: Done}, d)
	s = mustApply(t, s, Action{Kind: Move, Unit: "AR", Path: path("0812")}, d)
	s = endTurn(t, s)
	s = mustApply(t, s, Action{Kind: Done}, d)
	s = mustApply(t, s, Action{Kind: Move, Unit: "AR", Path: path("0913")}, d)
	s = endTurn(t, s)
	if c := s.Counters[0]; c.Held != 0 || c.Captured || !c.Occupied {
		t.Errorf("left after one End Phase: %+v", c)
	}
	s.Units[s.unit("DF")].Elements[0].Destroyed = true // Malak Infernus, 10 points
	if b, k := s.VictoryPoints(0), s.VictoryPoints(1); b != -10 || k != 14+20 {
		t.Errorf("points: blake %d bears %d, want -10 and 34", b, k)
	}
}

// Ensure the turn limit (ruling QS16): the battle goes on until the End
// Phase of the last turn, which ends it by victory points (002 line 590):
// here the bears hold Blake's objective at both End Phases, capture it
// (57) and win 57 to 0; without points it is a draw.
func TestTurnLimit(t *testing.T) {
	s := veteran(t)
	s.TurnLimit = 2
	d := scripted(t)
	s = mustApply(t, s, Action{Kind: Done}, d) // blake moves nothing
	s = mustApply(t, s, Action{Kind: Move, Unit: "AR", Path: path("0812"), Facing: hex.N}, d)
	s = endTurn(t, s)
	if s.Phase == Over || s.Turn != 2 {
		t.Fatalf("turn 1 of 2 ended the battle: %v turn %d", s.Phase, s.Turn)
	}
	for s.Phase != Over {
		s = mustApply(t, s, Action{Kind: Done}, scripted(t, 1, 1, 6, 6))
	}
	if s.Winner != 1 || s.VictoryPoints(1) != 57 || s.VictoryPoints(0) != 0 {
		t.Errorf("winner %d, points %d to %d; want the bears, 0 to 57", s.Winner, s.VictoryPoints(0), s.VictoryPoints(1))
	}
	s = veteran(t)
	s.TurnLimit = 1
	s = endTurn(t, s)
	if s.Phase != Over || s.Winner != -1 {
		t.Errorf("no points at the limit: %v winner %d; want a draw", s.Phase, s.Winner)
	}
}

// Ensure ruling QS20: no move leaves the map, so the Green scenario's
// "a Unit that exits the map is destroyed" (002 line 536) never arises:
// a move or jump off the edge is refused and changes nothing.
func TestNoExit(t *testing.T) {
	s := veteran(t)
	d := scripted(t)
	s.Units[s.unit("DF")].Hex = hex.MustParse("0801")
	if _, _, err := Apply(s, Action{Kind: Move, Unit: "DF", Path: []hex.Hex{{X: 7, Y: -1}}, Facing: hex.N}, d); err == nil || !contains(err.Error(), "off the map") {
		t.Errorf("a step off the north edge: %v", err)
	}
	s.Acting = 1 // the bears' Recon Star jumps 4
	s.Units[s.unit("AR")].Hex = hex.MustParse("0105")
	if _, _, err := Apply(s, Action{Kind: Jump, Unit: "AR", Path: []hex.Hex{{X: -2, Y: 4}}, Facing: hex.N}, d); err == nil || !contains(err.Error(), "off the map") {
		t.Errorf("a jump off the west edge: %v", err)
	}
}
