package ai

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// chaseBattle is a battle on a blank map 40 hexes wide in game turn turn
// of a 20-turn limit: red's two 'Mechs (6 MP, range 3) beside blue's B1,
// and blue's B2 alone at the far end of the map, 30 hexes off.
func chaseBattle(t *testing.T, turn int) *referee.State {
	t.Helper()
	text := `map blank 40x10; rules turn-limit=20; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east`
	s := aixStart(t, text, nil,
		aixUnit("R1", "red", referee.MediumMech, "0405", 12, 7, 3, 6),
		aixUnit("R2", "red", referee.MediumMech, "0605", 12, 7, 3, 6),
		aixUnit("B1", "blue", referee.MediumMech, "0905", 12, 7, 3, 6),
		aixUnit("B2", "blue", referee.MediumMech, "3805", 12, 7, 3, 6))
	s.Turn = turn
	return s
}

// Ensure a unit sets out in time for an enemy far from the fight: units
// close on the nearest enemy, so an enemy penned in a corner, or one that
// never moves, was closed on only once every other had fallen, with
// fewer turns left than the walk to it takes, and the battle ran out
// with nothing happening (Normal–Normal large 161; 'Mechs versus
// non-'Mechs against Greedy). In turn 15 of 20 the way to fire at B2
// (30 hexes less a range of 3, at 6 MP) takes five of the six turns
// left: R2, the nearer, sets out for it while R1 stays on B1. In turn 5
// there is time to spare, and nobody goes yet.
func TestChaseSetsOut(t *testing.T) {
	for _, turn := range []int{5, 15} {
		s := chaseBattle(t, turn)
		pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
		pic.assignChase(nil)
		want := map[string]string{}
		if turn == 15 {
			want["R2"] = "B2"
		}
		got := map[string]string{}
		for id, e := range pic.chase {
			got[id] = e.id
		}
		if len(got) != len(want) || got["R2"] != want["R2"] {
			t.Errorf("turn %d: chasers %v, want %v", turn, got, want)
		}
		acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
		mv := aixFind(acts, referee.ActMove, "R2")
		east := mv != nil && mv.To.X > 9 // past B1, at 0905
		t.Logf("turn %d: %v", turn, acts)
		if east != (turn == 15) {
			t.Errorf("turn %d: R2 heads east for B2 %v: %v", turn, east, acts)
		}
	}
}

// Ensure Easy, too, notices a stalled battle (nobody has attacked for
// stallTurns game turns): its hidden infantry then leaves its ambush, its
// units close in harder, and its idle DropShips lift off. Not noticing,
// an Easy side's hidden platoon sat out the turn limit beside its last
// lance (Normal–Easy secrets 78).
func TestEasyNoticesStall(t *testing.T) {
	p := New("red", Easy, 1)
	if p.stalled(3, 0) {
		t.Error("turn 3 of a battle nobody has fought: stalled")
	}
	if !p.stalled(1+stallTurns+1, 0) {
		t.Errorf("turn %d of a battle nobody has fought: not stalled", 1+stallTurns+1)
	}
}

// Ensure Easy's idle DropShip lifts off as Normal's does (TestIdleShipLiftsOff):
// an empty landed Union its side's last unit, out of the enemy's way,
// waited for the turn limit (Normal–Easy dropships 86).
func TestEasyIdleShipLiftsOff(t *testing.T) {
	ship := aixUnit("R9", "red", referee.Union, "0505", 13, 7, 6, 0)
	mech := aixUnit("B1", "blue", referee.MediumMech, "1805", 12, 10, 5, 2)
	s := aixBattle(t, nil, nil, ship, mech)
	s.Turn = 1 + stallTurns + 1
	if a := aixPhaseEasy(t, s); aixFind(a, referee.ActLiftoff, "R9") == nil {
		t.Errorf("Easy's idle R9 does not lift off: %v", a)
	}
}

// Ensure Easy's air lance leaves once nothing is left for it to do (its
// side's last unit, no strike worth making), as Normal's does
// (airBreaksOff): flown about out of the enemy's reach, it kept the
// battle going to the turn limit (Normal–Easy air 116).
func TestEasyLoneLanceLeaves(t *testing.T) {
	lance := referee.Unit{ID: "RA1", Side: "red", Class: referee.LightAir, Experience: referee.Regular, Status: referee.Active,
		Rows: [4]referee.Values{{RA: 8, CA: 10, D: 6}, {RA: 6, CA: 7, D: 4}}, Range: 3, MP: 10}
	lance.Hex = aixUnit("x", "red", referee.LightAir, "0205", 0, 0, 0, 0).Hex
	lance.StartHex = lance.Hex
	mech := aixUnit("B1", "blue", referee.MediumMech, "1905", 12, 10, 5, 2)
	s := aixBattle(t, nil, nil, lance, mech)
	if a := aixPhaseEasy(t, s); aixFind(a, referee.ActWithdraw, "RA1") == nil {
		t.Errorf("Easy's lone lance RA1 stays: %v", a)
	}
}

// aixPhaseEasy is red's actions in its phase of s, played by Easy.
func aixPhaseEasy(t *testing.T, s *referee.State) []referee.Action {
	t.Helper()
	acts, _, _ := aixPhaseAs(t, s, dice.New(dice.NewSeeded(1)), Easy)
	return acts
}

// TestSoonestIsAStableSortsFirst: soonest keeps, of units added one by
// one, the first k a stable sort by turns gives, in that order.
func TestSoonestIsAStableSortsFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		n, k := rng.IntN(12), 1+rng.IntN(4)
		var all, near []unitTurns
		for i := range n {
			u := unitTurns{&referee.ViewUnit{ID: fmt.Sprint(i)}, rng.IntN(4)}
			all = append(all, u)
			near = soonest(near, u, k)
		}
		slices.SortStableFunc(all, func(a, b unitTurns) int { return cmp.Compare(a.turns, b.turns) })
		if want := all[:min(k, n)]; !slices.Equal(near, want) {
			t.Fatalf("%d units, k %d: soonest kept %v, a stable sort's first are %v", n, k, near, want)
		}
	}
}
