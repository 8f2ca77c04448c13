package ai

import (
	"math/rand/v2"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// TestFocusScoresTheSame: a move scored against only the enemies
// moveScorer.focus keeps scores exactly what it scores against them all,
// and mayEnter answers the same, for every move of every unit in the
// movement phases of random battles (large and small, hidden units and
// mines, artillery, air), at Normal and Hard, stalled or not.
func TestFocusScoresTheSame(t *testing.T) {
	opts := []battleOptions{{perSide: 40}, {secrets: true}, {perSide: 12, artillery: true}, {perSide: 6, air: true}}
	compared := 0
	for seed, o := range opts {
		s := randomBattle(t, rand.New(rand.NewPCG(uint64(seed), 0x666f63)), o)
		step := 0
		check := func(_, next *referee.State) (*referee.State, []referee.Event, error) {
			if step++; step%5 == 0 && next.Phase == referee.PhaseMovement {
				compared += compareFocus(t, next, Level(1+step/5%2), step/10%2 == 1)
			}
			return next, nil, nil
		}
		players := map[string]*Player{"red": New("red", Normal, 1), "blue": New("blue", Normal, 2)}
		if _, _, err := AutoResolveWith(s, dice.New(dice.NewSeeded(uint64(seed))), players, 8, check); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d moves compared", compared)
	if compared < 1000 {
		t.Fatalf("only %d moves compared", compared)
	}
}

// compareFocus scores every move of the phasing side's units in s with
// and without the focus; it returns how many it compared.
func compareFocus(t *testing.T, s *referee.State, level Level, stalled bool) int {
	t.Helper()
	side := s.PhasingSide().ID
	v := s.View(side)
	pic := newPicture(v, v.CRT, nil, nil)
	pic.stalled = stalled
	pic.aims = newAims(pic, level)
	n := 0
	for _, u := range pic.own {
		if u.Status != "active" || u.Hex == nil || u.Detail == nil || u.Kind == referee.KindAir.String() {
			continue
		}
		var moves []referee.Action
		for _, a := range referee.ValidActions(s, u.ID) {
			if a.Kind == referee.ActMove {
				moves = append(moves, a)
			}
		}
		all, near := pic.mover(u, level), pic.mover(u, level)
		radius := 0
		for _, a := range moves {
			radius = max(radius, hex.Distance(*u.Hex, a.To))
		}
		near.focus(*u.Hex, radius)
		for _, h := range append([]hex.Hex{*u.Hex}, destinations(moves)...) {
			if a, b := all.score(h), near.score(h); a != b {
				t.Fatalf("turn %d, %s to %s: score %v against every enemy, %v against those in focus", s.Turn, u.ID, h, a, b)
			}
			if a, b := all.mayEnter(h), near.mayEnter(h); a != b {
				t.Fatalf("turn %d, %s to %s: mayEnter %v against every enemy, %v against those in focus", s.Turn, u.ID, h, a, b)
			}
			n++
		}
	}
	return n
}

func destinations(moves []referee.Action) []hex.Hex {
	out := make([]hex.Hex, len(moves))
	for i, a := range moves {
		out[i] = a.To
	}
	return out
}
