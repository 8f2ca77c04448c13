package ai

import (
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure an enemy's reach kept in a turn whose ground then changed (a
// building fell to rubble) is not carried into a later turn: it was
// worked out on the ground as it was.
func TestReachMemoRubble(t *testing.T) {
	s := &referee.State{Map: &mapgen.Map{}, PlayerTurn: 3, Rubble: map[hex.Hex]bool{}}
	key, field := reachKey{}, []int16{1, 2, 3}
	r := (*reachMemo)(nil).at(s)
	r.keep(key, 4, field)
	if _, ok := r.at(s).kept(key, 4); !ok {
		t.Fatal("a reach kept this turn on the same ground is not found")
	}
	s.Rubble = map[hex.Hex]bool{{X: 1, Y: 1}: true}
	if _, ok := r.at(s).kept(key, 4); !ok {
		t.Error("a reach of this turn is dropped once the ground changed: the enemy does not move this turn")
	}
	s.PlayerTurn = 5
	if _, ok := r.at(s).kept(key, 4); ok {
		t.Error("a reach worked out before the ground changed is carried into a later turn")
	}
	r.keep(key, 4, field)
	s.PlayerTurn = 7
	if _, ok := r.at(s).kept(key, 4); !ok {
		t.Error("a reach worked out on today's ground is not carried while the ground stays")
	}
}
