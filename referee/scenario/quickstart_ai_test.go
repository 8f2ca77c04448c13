package scenario

import (
	"strings"
	"testing"

	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
)

// qsGame plays a shipped Quick-Start scenario AI against AI with seed,
// checking the state after every action (Run does), and returns the
// final state.
func qsGame(t *testing.T, name string, seed uint64, levels [2]qsai.Level, maxTurns int) quickstart.State {
	t.Helper()
	qs := shippedQuickStart(t, name)
	players := [2]*qsai.Player{{Side: 0, Level: levels[0]}, {Side: 1, Level: levels[1]}}
	s, err := qs.Run(dice.New(dice.NewSeeded(seed)), QuickStartOutput{}, players, maxTurns)
	if err != nil {
		t.Fatalf("%s seed %d: %v", name, seed, err)
	}
	return s
}

// Ensure both training scenarios play to a result AI against AI over 50
// seeds: the Green one by destruction within 40 turns, the Veteran one
// by destruction, capture or its turn limit.
func TestQuickStartAIPlaysToAResult(t *testing.T) {
	seeds := uint64(50)
	if testing.Short() {
		seeds = 10
	}
	for _, name := range QuickStartBuiltIns() {
		wins := [3]int{}
		turns := 0
		for seed := range seeds {
			s := qsGame(t, name, seed, [2]qsai.Level{qsai.Tactician, qsai.Tactician}, 40)
			if s.Phase != quickstart.Over {
				t.Errorf("%s seed %d: no result after turn %d", name, seed, s.Turn)
				continue
			}
			wins[s.Winner+1]++
			turns += s.Turn
		}
		t.Logf("%s: blake %d, bears %d, draws %d; %.1f turns a game", name, wins[1], wins[2], wins[0], float64(turns)/float64(seeds))
	}
}

// Ensure the Tactician beats the Greedy baseline: over 50 seeds of each
// training scenario, playing each side in turn, it wins more than it
// loses by a clear margin.
func TestQuickStartTacticianBeatsGreedy(t *testing.T) {
	seeds := uint64(50)
	if testing.Short() {
		seeds = 10
	}
	for _, name := range QuickStartBuiltIns() {
		won, lost := 0, 0
		for seed := range seeds {
			side := int(seed % 2)
			levels := [2]qsai.Level{qsai.Greedy, qsai.Greedy}
			levels[side] = qsai.Tactician
			s := qsGame(t, name, seed, levels, 40)
			switch s.Winner {
			case side:
				won++
			case 1 - side:
				lost++
			}
		}
		t.Logf("%s: the Tactician won %d, lost %d of %d", name, won, lost, seeds)
		if won < 2*lost || won < int(seeds)/2 {
			t.Errorf("%s: the Tactician won %d and lost %d of %d against Greedy", name, won, lost, seeds)
		}
	}
}

// Ensure the Veteran scenario with the book's usual start, the Units
// entering from their home edges in game turn 1 (002 line 578; ruling
// QS22), plays to a result AI against AI, and the Tactician still beats
// Greedy there.
func TestQuickStartAIEntersFromOffTheMap(t *testing.T) {
	seeds := uint64(20)
	if testing.Short() {
		seeds = 5
	}
	qs := shippedQuickStart(t, "veteran-training")
	qs.OnBoard = false
	won, lost := 0, 0
	for seed := range seeds {
		for _, levels := range [][2]qsai.Level{{qsai.Tactician, qsai.Tactician}, {qsai.Tactician, qsai.Greedy}, {qsai.Greedy, qsai.Tactician}} {
			players := [2]*qsai.Player{{Side: 0, Level: levels[0]}, {Side: 1, Level: levels[1]}}
			entered := false
			out := QuickStartOutput{Event: func(e quickstart.Event) {
				entered = entered || strings.Contains(e.Text, " edge to ")
			}}
			s, err := qs.Run(dice.New(dice.NewSeeded(seed)), out, players, 40)
			switch {
			case err != nil:
				t.Fatalf("seed %d %v: %v", seed, levels, err)
			case s.Phase != quickstart.Over || !entered:
				t.Errorf("seed %d %v: %v phase after turn %d, a Unit entered by a move: %v", seed, levels, s.Phase, s.Turn, entered)
			}
			if levels[0] != levels[1] {
				tactician := 0
				if levels[1] == qsai.Tactician {
					tactician = 1
				}
				switch s.Winner {
				case tactician:
					won++
				case 1 - tactician:
					lost++
				}
			}
		}
	}
	t.Logf("entering from off the map: the Tactician won %d, lost %d of %d against Greedy", won, lost, 2*seeds)
	if won < 2*lost {
		t.Errorf("the Tactician won %d and lost %d against Greedy", won, lost)
	}
}
