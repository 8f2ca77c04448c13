package ai_test

import (
	"testing"

	"bfbot/referee/ai"
)

// Ensure Hard still beats Normal: a short fixed tournament (30 games on
// each of three kinds of mirror battle, each battle from both seats) in
// which Hard must win more than 55% of the decided games. The long
// tournament (TestTournament, BENCHMARKS.md) measures the budget.
func TestHardBeatsNormal(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 90 games")
	}
	var all tally
	for _, kind := range []string{"small", "secrets", "air"} {
		r := playPairing(t, kind, 30, ai.Hard, ai.Normal)
		t.Log(r.row("hard", "normal", kind))
		all.add(r)
	}
	rate, lo, hi, n := all.decided(-1)
	t.Logf("Hard won %.0f%% of %d decided games (95%% CI %.0f–%.0f%%)", 100*rate, n, 100*lo, 100*hi)
	if rate <= 0.55 {
		t.Errorf("Hard won %.0f%% of decided games against Normal, not above 55%%", 100*rate)
	}
}
