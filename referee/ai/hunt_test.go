package ai

import (
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure a stalled side that sees no enemy hunts for the hidden infantry
// that keeps the battle going (ruling V5): a red lance by the enemy's
// edge, where it would wait for the turn limit, turns back to search the
// middle of the map, and the hexes its units go through count as
// searched.
func TestHuntHiddenInfantry(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1205", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "1805", 9, 7, 3, 5), hidden)
	s.Turn = 1 + stallTurns + 1 // nobody has attacked for longer than stallTurns
	acts, events, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	mv := aixFind(acts, referee.ActMove, "R1")
	if mv == nil || mv.To.X >= 18 {
		t.Fatalf("R1 stays by the enemy's edge: %v", acts)
	}
	// Every hex of the way counts as searched, not only its ends.
	p := New("red", Normal, 1)
	p.Observe(events)
	start := hex.MustParse("1805")
	if !p.swept[start] || !p.swept[mv.To] || len(p.swept) < hex.Distance(start, mv.To)+1 {
		t.Errorf("searched %v after the move to %s", p.swept, mv.To)
	}
}
