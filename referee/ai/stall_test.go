package ai

import (
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure a Long Tom next to an enemy steps back to where it may fire: its
// minimum range bars every attack closer than two hexes, close attacks
// included (000 line 835; ruling K6), so counting its CA there it stood
// beside an enemy Long Tom, neither able to harm the other, to the turn
// limit. Played stalled (nobody has attacked for stallTurns turns) and
// not.
func TestLongTomStepsBack(t *testing.T) {
	for _, turn := range []int{2, 1 + stallTurns + 1} {
		red := aixUnit("R1", "red", referee.LongTom, "1005", 12, 7, 10, 4)
		blue := aixUnit("B1", "blue", referee.LongTom, "1105", 12, 7, 10, 4)
		red.MinRange, blue.MinRange = 2, 2
		s := aixBattle(t, nil, nil, red, blue)
		s.Turn = turn
		acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
		mv := aixFind(acts, referee.ActMove, "R1")
		if mv == nil || hex.Distance(mv.To, blue.Hex) < 2 {
			t.Errorf("turn %d: R1 stays within its minimum range of B1: %v", turn, acts)
		}
	}
}
