package ai

import (
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure the retreat weighs more than strength: a red medium lance that
// has lost a unit (so it may break off, ruling V4) faces four heavy
// lances, over seven times its strength. With nothing else at stake and
// many turns left it retreats; it fights on for an objective hex, for
// salvage lying on the map, with a drop still to come, with few turns
// left; and a side of air lances alone never declares a retreat (its
// lances leave one by one once they have nothing to strike, 000 line
// 1099).
func TestRetreatWeighsTheStake(t *testing.T) {
	blue := []referee.Unit{
		aixUnit("B1", "blue", referee.HeavyMech, "1503", 15, 9, 3, 4),
		aixUnit("B2", "blue", referee.HeavyMech, "1505", 15, 9, 3, 4),
		aixUnit("B3", "blue", referee.HeavyMech, "1507", 15, 9, 3, 4),
		aixUnit("B4", "blue", referee.HeavyMech, "1509", 15, 9, 3, 4),
	}
	lost := aixUnit("R2", "red", referee.MediumMech, "", 9, 7, 3, 4)
	lost.Status, lost.Step = referee.Destroyed, 4
	lance := aixUnit("R1", "red", referee.MediumMech, "0505", 9, 7, 3, 4)
	air := aixUnit("R3", "red", referee.MediumAir, "0507", 11, 8, 15, 9)
	drop := aixUnit("R4", "red", referee.AssaultMech, "", 18, 11, 3, 3)
	drop.Drop = true
	for _, tc := range []struct {
		name      string
		rules     *referee.ScenarioRules
		units     []referee.Unit
		turnLimit int
		salvage   int
		retreats  bool
	}{
		{name: "NothingAtStake", units: []referee.Unit{lance}, retreats: true},
		{name: "TwentyTurnsLeft", units: []referee.Unit{lance}, turnLimit: 20, retreats: true},
		{name: "ThreeTurnsLeft", units: []referee.Unit{lance}, turnLimit: 3},
		{name: "Objective", units: []referee.Unit{lance}, rules: &referee.ScenarioRules{Objectives: []referee.Objective{{Side: "red", Hex: hex.MustParse("0305"), VP: 50}}}},
		{name: "Salvage", units: []referee.Unit{lance}, salvage: 3},
		{name: "DropToCome", units: []referee.Unit{lance, drop}},
		{name: "AirAlone", units: []referee.Unit{air}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			units := append(append([]referee.Unit{lost}, tc.units...), blue...)
			s := aixBattle(t, tc.rules, nil, units...)
			s.Rules.TurnLimit = tc.turnLimit
			if tc.salvage > 0 {
				s.Salvage = map[hex.Hex]int{hex.MustParse("1001"): tc.salvage}
			}
			acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
			retreated := false
			for _, a := range acts {
				retreated = retreated || a.Kind == referee.ActRetreat
			}
			if retreated != tc.retreats {
				t.Errorf("red retreats: %v, want %v (actions %v)", retreated, tc.retreats, acts)
			}
		})
	}
}

// Ensure an air lance whose side has no ground unit left strafes an
// enemy it can reach before it leaves, and flies up at once when no
// enemy is in its reach (000 lines 1099, 1134).
func TestAirStrikesBeforeItLeaves(t *testing.T) {
	lost := aixUnit("R2", "red", referee.MediumMech, "", 9, 7, 3, 4)
	lost.Status, lost.Step = referee.Destroyed, 4
	air := aixUnit("R3", "red", referee.MediumAir, "0105", 11, 8, 3, 9)
	air.Rows = [4]referee.Values{{RA: 11, CA: 12, D: 8}, {RA: 8, CA: 9, D: 6}}
	for _, tc := range []struct {
		name    string
		at      string
		strafes bool
		toCome  bool // another red air lance is still to come
	}{
		{"InReach", "0709", true, false},
		{"OutOfReach", "1905", false, false},
		{"OutOfReachMoreToCome", "1905", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := aixBattle(t, nil, nil, lost, air, aixUnit("B1", "blue", referee.LongTom, tc.at, 10, 4, 10, 2))
			if tc.toCome {
				// While a unit is to come the battle goes on (AIR13): the
				// lance stays and closes on B1 for a later strike.
				late := aixUnit("R4", "red", referee.LightAir, "", 9, 7, 3, 9)
				s.Scenario = &referee.ScenarioRules{Reinforcements: []referee.Reinforcement{{Side: "red", Edge: referee.West, Turn: 6, Units: []referee.Unit{late}}}}
			}
			d := dice.New(dice.NewSeeded(1))
			acts, _, s := aixPhase(t, s, d)
			if tc.toCome {
				a := aixFind(acts, referee.ActMove, "R3")
				if a == nil || aixFind(acts, referee.ActWithdraw, "R3") != nil {
					t.Fatalf("R3 leaves with a unit still to come: %v", acts)
				}
				if b1 := hex.MustParse(tc.at); hex.Distance(a.To, b1) >= hex.Distance(hex.MustParse("0105"), b1) {
					t.Errorf("R3 flies to %s, no nearer B1 at %s: %v", a.To, b1, acts)
				}
				return
			}
			if tc.strafes {
				if a := aixFind(acts, referee.ActMove, "R3"); a == nil || hex.Distance(a.To, hex.MustParse(tc.at)) > 1 {
					t.Fatalf("R3 does not fly in reach of B1: %v", acts)
				}
				acts, _, _ = aixPhase(t, s, d)
				if aixFind(acts, referee.ActStrafe, "R3") == nil {
					t.Errorf("R3 does not strafe B1: %v", acts)
				}
				return
			}
			if aixFind(acts, referee.ActWithdraw, "R3") == nil {
				t.Errorf("R3 with nothing in reach does not fly up: %v", acts)
			}
		})
	}
}
