package ai

import (
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure an enemy's reach kept is the one worked out afresh: dropped once
// the ground changed (a building fell to rubble), even within the turn it
// was worked out in, and not taken for a longer range than it was worked
// out for (the enemy's range, as the side thinks it, grew when its values
// were probed).
func TestReachMemoRubble(t *testing.T) {
	s := &referee.State{Map: &mapgen.Map{}, PlayerTurn: 3, Rubble: map[hex.Hex]bool{}}
	key, field := reachKey{}, []int16{1, 2, 3}
	r := (*reachMemo)(nil).at(s)
	r.keep(key, 4, field)
	if _, ok := r.at(s).kept(key, 4); !ok {
		t.Fatal("a reach kept this turn on the same ground is not found")
	}
	if _, ok := r.at(s).kept(key, 2); !ok {
		t.Error("a reach kept for range 4 is not taken for range 2")
	}
	if _, ok := r.at(s).kept(key, 5); ok {
		t.Error("a reach kept for range 4 is taken for range 5")
	}
	s.Rubble = map[hex.Hex]bool{{X: 1, Y: 1}: true}
	if _, ok := r.at(s).kept(key, 4); ok {
		t.Error("a reach worked out before the ground changed is kept")
	}
	r.keep(key, 4, field)
	s.PlayerTurn = 5
	if _, ok := r.at(s).kept(key, 4); !ok {
		t.Error("a reach worked out on today's ground is not carried while the ground stays")
	}
}
