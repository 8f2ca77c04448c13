package ai

import (
	"reflect"
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
	start := hex.MustParse("1805")
	mv := aixFind(acts, referee.ActMove, "R1")
	if mv == nil || mv.To.X >= start.X {
		t.Fatalf("R1 does not turn back from the enemy's edge: %v", acts)
	}
	// Every hex of the way counts as searched, not only its ends.
	p := New("red", Normal, 1)
	p.Observe(events)
	if !p.swept[start] || !p.swept[mv.To] || len(p.swept) < hex.Distance(start, mv.To)+1 {
		t.Errorf("searched %v after the move to %s", p.swept, mv.To)
	}
}

// Ensure the hunt reads nothing of the hidden unit it looks for: with the
// platoon in another hex the stalled side makes the same first move.
func TestHuntNoCheating(t *testing.T) {
	var first []referee.Action
	for _, at := range []string{"1205", "1508", "1102"} {
		hidden := aixUnit("BH", "blue", referee.Infantry, at, 3, 5, 1, 1)
		hidden.Hidden = true
		s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "1805", 9, 7, 3, 5),
			aixUnit("R2", "red", referee.LightMech, "1707", 6, 5, 3, 6), hidden)
		s.Turn = 1 + stallTurns + 1
		// The first move only: a later one may find the platoon on its
		// way, which is the point.
		acts := []referee.Action{New("red", Normal, 1).Next(s)}
		if first == nil {
			first = acts
		} else if !reflect.DeepEqual(acts, first) {
			t.Errorf("with the platoon at %s red plays %v, elsewhere %v", at, acts, first)
		}
	}
}
