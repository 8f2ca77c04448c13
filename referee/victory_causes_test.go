package referee

import (
	"math/rand/v2"
	"testing"

	"bfbot/referee/dice"
)

// The split by cause adds up to VictoryPoints for every side after every
// action of random battles (ruling V8's count, split).
func TestVictoryPointsByCauseAddsUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261127, 3))
	d := dice.New(dice.NewSeeded(20261127))
	scored := 0
	for battle := 0; battle < 6; battle++ {
		s := rpBattle(t, rng)
		for s.Phase != PhaseOver && s.Turn <= 12 {
			side := s.PhasingSide().ID
			var options []Action
			for i := range s.Units {
				if s.Units[i].Side == side {
					options = append(options, ValidActions(s, s.Units[i].ID)...)
				}
			}
			a := Action{Kind: ActEnd, Side: side}
			if len(options) > 0 && rng.IntN(6) > 0 {
				a = options[rng.IntN(len(options))]
			}
			next, _, err := Apply(s, a, d)
			if err != nil {
				t.Fatalf("battle %d: %v refused: %v", battle, a, err)
			}
			s = next
			vp := s.VictoryPoints()
			for _, sd := range s.Sides {
				c := s.VictoryPointsByCause(sd.ID)
				if c.Total() != vp[sd.ID] {
					t.Fatalf("battle %d turn %d: %s by cause %+v = %d, VictoryPoints %d", battle, s.Turn, sd.ID, c, c.Total(), vp[sd.ID])
				}
				if c.Destroyed+c.Captured > 0 {
					scored++
				}
			}
		}
	}
	if scored == 0 {
		t.Fatal("no unit was destroyed or captured in any battle: the test checked nothing")
	}
}
