package ai_test

import (
	"testing"

	"bfbot/referee/ai"
)

// Ensure the classes of stall found in the tournament and put right stay
// put right: each of these games, Normal on both sides, once ran to the
// turn cap with no attack in its last four turns (BENCHMARKS.md, "Stalls
// in the AI tournament"). A game that stalls again is replayed turn by
// turn to tell whether its class is back or a new one has come.
func TestKnownStalls(t *testing.T) {
	for _, g := range []struct {
		kind   string
		battle uint64
		seat   int
		class  string
	}{
		// At night light woods block a line of sight (K15): units that
		// traced it by day waited where they could not fire. (Small
		// battle 80, seat 1, was one too; since units keep together it
		// ends in a retreat that runs out of turns, below.)
		{"small", 90, 1, "night"},
		{"air", 143, 1, "night"},
		{"dropships", 6, 1, "night"},
		{"dropships", 88, 0, "night"},
		// A side of trucks alone waited for a slow enemy to come.
		{"small", 110, 0, "trucks alone"},
		{"dropships", 164, 1, "trucks alone"},
		// A side left with an empty landed DropShip, out of the
		// enemy's way, waited for the turn limit.
		{"dropships", 105, 0, "idle DropShip"},
		{"dropships", 109, 1, "idle DropShip"},
		// Two lone Long Toms, in range behind woods, each counting
		// indirect fire it had no observer for.
		{"dropships", 180, 0, "lone Long Tom"},
		// A retreating sniper in a pocket of rough ground, scoring
		// hexes by their distance from its edge, stepped between the
		// two nearest it instead of going round the woods.
		{"small", 174, 0, "retreat by hexes"},
		{"small", 174, 1, "retreat by hexes"},
		// Two motorized platoons that closed in only while the battle
		// was stalled, missed and fell back.
		{"small", 141, 0, "dancers"},
		{"dropships", 57, 0, "dancers"},
		{"dropships", 57, 1, "dancers"},
		// No 'Mech played to 30 turns: a side that broke off in turn
		// 24–27, still walking home at the end.
		{"no-mech", 24, 1, "retreat past the limit"},
		{"no-mech", 58, 0, "retreat past the limit"},
		// Battles nothing could change before the turn limit, which
		// ruling V17 ends: slow units too far apart to meet in the
		// turns left, a retreat out of time, a hover and a wheeled
		// lance penned in out of sight either side of woods.
		{"small", 27, 0, "too far apart (V17)"},
		{"large", 49, 1, "too far apart (V17)"},
		{"small", 80, 1, "retreat out of time"},
		{"small", 83, 0, "penned in out of sight (V17)"},
		{"small", 83, 1, "penned in out of sight (V17)"},
		// The last attack in turn 17 of 20: stalled only after three
		// turns without one, the sides noticed in the last turn, too
		// late to close in (a tracked lance on a Long Tom; a side
		// penned behind terrain and a lone crippled unit that could
		// come to it).
		{"air", 80, 0, "stalled too late"},
		{"dropships", 80, 0, "stalled too late"},
		{"large", 194, 0, "stalled too late"},
		{"dropships", 194, 1, "stalled too late"},
		// A tracked sniper penned in a pocket behind heavy woods, with
		// no way to its edge, broke off alone (its hexes from the edge
		// counted as its way home) and stood there.
		{"small", 187, 0, "penned retreat"},
		// A truck alone broke off 27 hexes from its edge with seven
		// turns left and fled an assault 'Mech as fast as itself.
		{"large", 13, 1, "trucks' retreat past the limit"},
		// Air lances weighing the fire they draw against the strike
		// kept out of reach of each other and the infantry, stalled.
		{"air", 158, 0, "air lances apart"},
	} {
		r := playTournamentGame(t, g.kind, g.battle, 1000+g.battle, g.seat, ai.Normal, ai.Normal)
		if r.stalled > 0 {
			t.Errorf("%s battle %d, Normal in seat %d: stalled again (the class was %s)", g.kind, g.battle, g.seat, g.class)
		}
	}
	// Hard against Normal: a retreating unit that reached its edge
	// with MP left in the last turn, and stayed.
	for _, g := range []struct {
		kind   string
		battle uint64
		seat   int
	}{{"large", 41, 0}, {"large", 119, 0}, {"small", 138, 1}} {
		r := playTournamentGame(t, g.kind, g.battle, 1000+g.battle, g.seat, ai.Hard, ai.Normal)
		if r.stalled > 0 {
			t.Errorf("%s battle %d, Hard in seat %d against Normal: stalled again (the class was a retreat that stopped on its edge)", g.kind, g.battle, g.seat)
		}
	}
}
