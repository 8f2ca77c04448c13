package ai_test

import (
	"testing"

	"bfbot/referee/ai"
)

// Ensure Hard still beats Normal: the short fixed tournament of
// TestNormalBeatsGreedy, Hard against Normal, in which Hard must win at
// least 55% of the decided games. The long tournament (TestTournament,
// BENCHMARKS.md) measures the budget.
func TestHardBeatsNormal(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 90 games")
	}
	shortTournament(t, ai.Hard, ai.Normal)
}
