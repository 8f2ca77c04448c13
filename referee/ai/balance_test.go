package ai_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

var balance = flag.Bool("balance", false, "play the shipped scenarios Greedy against Greedy (TestScenarioBalance)")
var balanceGames = flag.Int("balance.games", 200, "TestScenarioBalance: games per scenario")
var balanceKinds = flag.String("balance.scenarios", "", "TestScenarioBalance: comma-separated scenario names; empty: all")

// TestScenarioBalance plays every shipped scenario with the same simple
// player (Greedy) on every side and prints how often each side wins;
// SCENARIOS.md has the table and the command:
//
//	go test ./referee/ai -run 'ScenarioBalance$' -balance -v
func TestScenarioBalance(t *testing.T) {
	if !*balance {
		t.Skip("runs with -balance (SCENARIOS.md)")
	}
	names := scenario.BuiltIns()
	if *balanceKinds != "" {
		names = strings.Split(*balanceKinds, ",")
	}
	fmt.Fprintln(os.Stdout, "| scenario | games | first side wins | second side wins | draws | first side's share of games (95% CI) |\n|---|---|---|---|---|---|")
	for _, name := range names {
		data, err := scenario.BuiltIn(name)
		if err != nil {
			t.Fatal(err)
		}
		wins := map[string]int{}
		var ids []string
		for g := range *balanceGames {
			sc, err := scenario.Parse(data, nil)
			if err != nil {
				t.Fatal(err)
			}
			players := map[string]*ai.Player{}
			ids = ids[:0]
			for i, sd := range sc.Setup.Sides {
				players[sd.ID] = ai.New(sd.ID, ai.Greedy, uint64(g*7+i))
				ids = append(ids, sd.ID)
			}
			s, err := sc.RunAI(dice.New(dice.NewSeeded(uint64(g))), scenario.Output{}, players, 30)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, g, err)
			}
			if s.Phase != referee.PhaseOver {
				t.Fatalf("%s seed %d: not over", name, g)
			}
			wins[s.Winner]++
		}
		lo, hi := wilson(wins[ids[0]], *balanceGames)
		fmt.Fprintf(os.Stdout, "| %s | %d | %s %d | %s %d | %d | %.0f%% (%.0f–%.0f) |\n", name, *balanceGames, ids[0], wins[ids[0]], ids[1], wins[ids[1]], wins[""],
			100*float64(wins[ids[0]])/float64(*balanceGames), 100*lo, 100*hi)
	}
}
