package referee

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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
//
// Units a test makes in Go (in a loop, from a table, with unitOf) join
// those the text names.
func mustPosition(tb testing.TB, text string, units ...Unit) *State {
	tb.Helper()
	return mustPositionOn(tb, nil, text, units...)
}

// mustPositionOn is mustPosition on a map the test built (terrain drawn
// hex by hex, a book example's sheet): the text has no map record.
func mustPositionOn(tb testing.TB, m *mapgen.Map, text string, units ...Unit) *State {
	tb.Helper()
	s, err := ReadPosition(text, m)
	if err != nil {
		tb.Fatalf("test position: %v", err)
	}
	s.Units = append(s.Units, unitPtrs(units)...)
	slices.SortStableFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
	if errs := s.Check(); len(errs) > 0 {
		tb.Fatalf("test position breaks the invariants: %v", errors.Join(errs...))
	}
	return s
}

// unitOf reads one unit record of the notation, the keyword "unit" left
// out: "A1 lancers heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17". A
// bad record is a mistake in the test itself, so it panics.
func unitOf(record string) Unit {
	records, err := splitNotation("unit " + record)
	if err == nil && len(records) != 1 {
		err = fmt.Errorf("%q is not one unit record", record)
	}
	var u Unit
	if err == nil {
		u, err = readUnitRecord(records[0])
	}
	if err != nil {
		panic(fmt.Sprintf("test unit: %v", err))
	}
	return u
}

// unitPtrs points at each of units, for a State's Units.
func unitPtrs(units []Unit) []*Unit {
	out := make([]*Unit, len(units))
	for i := range units {
		out[i] = &units[i]
	}
	return out
}
