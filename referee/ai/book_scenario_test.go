package ai_test

import (
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// aixBook parses the shipped scenario name.
func aixBook(tb testing.TB, name string) *scenario.Scenario {
	tb.Helper()
	data, err := scenario.BuiltIn(name)
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := scenario.Parse(data, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// aixPlayBook plays the shipped scenario name AI against AI with the dice
// seeded by seed and returns the final state and every event.
func aixPlayBook(tb testing.TB, name string, seed uint64) (*referee.State, []referee.Event) {
	tb.Helper()
	sc := aixBook(tb, name)
	players := map[string]*ai.Player{}
	for i, sd := range sc.Setup.Sides {
		players[sd.ID] = ai.New(sd.ID, ai.Normal, seed*1000003+uint64(i))
	}
	var events []referee.Event
	out := scenario.Output{Event: func(e referee.Event) { events = append(events, e) }}
	s, err := sc.RunAI(dice.New(dice.NewSeeded(seed)), out, players, 30)
	if err != nil {
		tb.Fatalf("%s seed %d: %v", name, seed, err)
	}
	if s.Phase != referee.PhaseOver {
		tb.Fatalf("%s seed %d: the battle did not end", name, seed)
	}
	return s, events
}

// Ensure that in No Profit in Dying (000 lines 2405–2493) the Osaka
// Legion boards its DropShips and lifts off with units aboard, scoring
// the space award (10 VP a 'Mech), in some of 10 seeds, and that no
// DropShip lifts off empty in turns 1–2, leaving the units it came for
// to be captured.
func TestNoProfitInDyingLiftsOff(t *testing.T) {
	seeds := 10
	loaded, lifts := 0, 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		s, events := aixPlayBook(t, "no-profit-in-dying", seed)
		n := 0
		// early are the DropShips that lifted off in turns 1–2, until
		// their load is told (liftoff_load follows liftoff).
		early := map[string]int{}
		for _, e := range events {
			switch e.Type {
			case "liftoff":
				lifts++
				if e.Turn <= 2 {
					early[e.Unit] = e.Turn
				}
			case "liftoff_load":
				n++
				delete(early, e.Unit)
			}
		}
		for ship, turn := range early {
			t.Errorf("seed %d: %s lifted off empty in turn %d", seed, ship, turn)
		}
		if n > 0 {
			loaded++
		}
		vp := s.VictoryPoints()
		t.Logf("seed %d: turn %d, winner %q, %d loaded lift-offs, VP %v", seed, s.Turn, s.Winner, n, vp)
	}
	t.Logf("%d lift-offs; the Legion carried units off in %d of %d seeds", lifts, loaded, seeds)
	if loaded == 0 {
		t.Errorf("the Osaka Legion never lifted off with units aboard in %d seeds", seeds)
	}
}
