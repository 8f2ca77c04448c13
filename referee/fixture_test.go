package referee

import (
	"errors"
	"testing"

	"bfbot/mapgen"
)

// mustPosition is the referee tests' one fixture builder: it reads a
// position in the battle-state notation (Position) and fails the test on
// a bad text or on any broken invariant (State.Check), so a test reads
// like the position it sets up:
//
//	s := mustPosition(t, `map blank 32x17; turn 1 movement lancers player=1
//		side lancers; side bandits
//		unit A1 lancers heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17`)
func mustPosition(tb testing.TB, text string) *State {
	tb.Helper()
	return mustPositionOn(tb, nil, text)
}

// mustPositionOn is mustPosition on a map the test built (terrain drawn
// hex by hex, a book example's sheet): the text has no map record.
func mustPositionOn(tb testing.TB, m *mapgen.Map, text string) *State {
	tb.Helper()
	s, err := ReadPosition(text, m)
	if err != nil {
		tb.Fatalf("test position: %v", err)
	}
	if errs := s.Check(); len(errs) > 0 {
		tb.Fatalf("test position breaks the invariants: %v", errors.Join(errs...))
	}
	return s
}
