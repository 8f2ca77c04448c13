package referee

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
)

// waterWall is deep water (water-2) filling columns from to to of the
// 32×17 test map: wheeled, tracked and foot units may not enter it (000
// line 636), hovercraft cross it.
func waterWall(from, to int) string {
	var b strings.Builder
	for x := from; x <= to; x++ {
		for y := 1; y <= 17; y++ {
			fmt.Fprintf(&b, "cell %02d%02d water-2; ", x, y)
		}
	}
	return b.String()
}

// island is deep water on every hex around at (a 3×3 block of the test
// map less its middle), so that no ground unit can reach at.
func island(at string) string {
	c := h(at)
	var b strings.Builder
	for x := c.X - 1; x <= c.X+1; x++ {
		for y := c.Y - 1; y <= c.Y+1; y++ {
			if x != c.X || y != c.Y {
				fmt.Fprintf(&b, "cell %s water-2; ", hex.Hex{X: x, Y: y})
			}
		}
	}
	return b.String()
}

// Ensure a battle in which no unit can ever harm an enemy ends in the
// first end phase (ruling V16): the book fights on until one side is
// gone or withdraws (000 lines 2653, 2661), which such a battle never
// reaches. Both sides hold the field, so nobody falls back and the
// salvage on the map is nobody's (V8); the victory points stand as they
// are.
func TestBattleEndHarmless(t *testing.T) {
	wheeled := func(id, side, at string) Unit { return scnUnit(id, side, Wheeled, at, 6, 4, 5) }
	truck := func(id, side, at string) Unit { return scnUnit(id, side, Truck, at, 0, 0, 3) }
	wide, narrow := waterWall(14, 18), waterWall(16, 16)
	toppled := func(id, side, at string) Unit {
		u := truck(id, side, at)
		u.Status = Surrendered
		return u
	}
	hidden := scnUnit("BH1", "bandits", Infantry, "0808", 4, 4, 3)
	hidden.Hidden = true
	for _, tc := range []struct {
		name, cells string
		campaign    bool
		units       []Unit
		ends        bool
	}{
		// Deep water five hexes wide between two wheeled lances of
		// range 3: neither can cross it or fire across it.
		{"penned in", wide, false, []Unit{wheeled("A1", "lancers", "0505"), wheeled("B1", "bandits", "2505")}, true},
		{"penned in, campaign", wide, true, []Unit{wheeled("A1", "lancers", "0505"), wheeled("B1", "bandits", "2505")}, true},
		// A surrendered truck on an island of deep water: nobody can
		// ever move into its hex to right or take it (000 line 970).
		{"a surrendered unit nobody can reach", wide + island("0808"), false, []Unit{wheeled("A1", "lancers", "0505"), toppled("A2", "lancers", "0808"), wheeled("B1", "bandits", "2505")}, true},
		// Trucks have no combat ability (000 line 847), even in one hex.
		{"trucks against trucks", "", false, []Unit{truck("A1", "lancers", "0505"), truck("B1", "bandits", "0505"), truck("B2", "bandits", "2505")}, true},
		// Harm is possible: the battle goes on.
		{"range across the water", narrow, false, []Unit{wheeled("A1", "lancers", "0505"), wheeled("B1", "bandits", "2505")}, false},
		{"hovercraft cross water", wide, false, []Unit{scnUnit("A1", "lancers", Hover, "0505", 6, 4, 5), wheeled("B1", "bandits", "2505")}, false},
		{"a jumper leaps it", wide, false, []Unit{scnUnit("A1", "lancers", JumpInfantry, "0505", 0, 0, 3), truck("B1", "bandits", "2505")}, false},
		{"a truck can be shot", "", false, []Unit{truck("A1", "lancers", "0505"), wheeled("B1", "bandits", "2505")}, false},
		// Infantry makes its close assault whatever its values (000
		// line 1013).
		{"infantry without values", "", false, []Unit{scnUnit("A1", "lancers", Infantry, "0505", 0, 0, 3), truck("B1", "bandits", "2505")}, false},
		// Hidden infantry counts: it may leave its ambush.
		{"hidden infantry", wide, false, []Unit{wheeled("A1", "lancers", "0505"), wheeled("B1", "bandits", "2505"), hidden}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := vcBattle(t, tc.cells, tc.units...)
			if tc.campaign {
				// The late units' rules a campaign battle carries, all
				// of them arrived.
				s.Campaign = &CampaignRules{WithdrawAfterSteps: 4}
				s.Scenario = &ScenarioRules{}
			}
			s.Salvage = map[hex.Hex]int{h("0505"): 1}
			s, events := vcEndTurns(t, s, 2) // the lancers' movement and attack phases
			e := vcLast(events, "battle_end")
			if !tc.ends {
				if s.Phase == PhaseOver {
					t.Fatalf("the battle ended: %+v", e)
				}
				return
			}
			if s.Phase != PhaseOver || e == nil || s.Turn != 1 {
				t.Fatalf("phase %v turn %d, want over in turn 1", s.Phase, s.Turn)
			}
			if !strings.Contains(e.Text, "ruling V16") || *e.Winner != "" || e.VP["lancers"] != 0 || e.VP["bandits"] != 0 {
				t.Errorf("battle_end %q winner %q VP %v, want the reason and a 0–0 draw (the salvage lost)", e.Text, *e.Winner, e.VP)
			}
			for _, sd := range s.Sides {
				if sd.Retreating {
					t.Errorf("%s counts as retreating: both sides hold the field", sd.ID)
				}
			}
		})
	}
}

// Ensure a road across the water is a way over it: along a road barred
// terrain may be crossed (000 line 653; ruling M2), so the wheeled lances
// penned in by the same water can meet, and the battle goes on.
func TestBattleEndHarmlessRoad(t *testing.T) {
	s := vcBattle(t, waterWall(14, 18),
		scnUnit("A1", "lancers", Wheeled, "0505", 6, 4, 5), scnUnit("B1", "bandits", Wheeled, "2505", 6, 4, 5))
	s.Map = s.Map.Clone()
	var road []string
	for x := 13; x <= 19; x++ {
		road = append(road, fmt.Sprintf("%02d05", x))
	}
	mvRoad(s.Map, road...)
	if s, _ = vcEndTurns(t, s, 2); s.Phase == PhaseOver {
		t.Error("a road crosses the water: the battle ended")
	}
}

// Ensure whatever may still come into the battle keeps it going (ruling
// V16): a broken unit that may rally, a surrendered unit an enemy may
// take, a lance still in orbit.
func TestBattleEndHarmlessWaits(t *testing.T) {
	truck := func(id, side, at string) Unit { return scnUnit(id, side, Truck, at, 0, 0, 3) }
	broken := scnUnit("A2", "lancers", HeavyMech, "", 12, 14, 9)
	broken.Status = Broken
	surrendered := truck("A2", "lancers", "0808")
	surrendered.Status = Surrendered
	orbit := scnUnit("A2", "lancers", HeavyMech, "", 12, 14, 9)
	orbit.Status, orbit.Drop = Reserve, true
	for name, u := range map[string]Unit{"broken": broken, "surrendered": surrendered, "in orbit": orbit} {
		s := vcBattle(t, "", truck("A1", "lancers", "0505"), truck("B1", "bandits", "2505"))
		u := u
		s.Units = slices.Insert(s.Units, 1, &u) // sorted by ID
		if s, _ = vcEndTurns(t, s, 2); s.Phase == PhaseOver {
			t.Errorf("%s: the battle ended", name)
		}
	}
	// A campaign battle's late arrival (an air lance the Aerospace
	// Availability roll delayed) still to come.
	s := vcBattle(t, "", truck("A1", "lancers", "0505"), truck("B1", "bandits", "2505"))
	s.Campaign = &CampaignRules{WithdrawAfterSteps: 4}
	late := airUnit("A2", "lancers", MediumAir, "0101", 10, 8, 8, 15, 15, Regular)
	s.Scenario = &ScenarioRules{Reinforcements: []Reinforcement{{Side: "lancers", Edge: West, Turn: 5, Units: []Unit{late}}}}
	if s, _ = vcEndTurns(t, s, 2); s.Phase == PhaseOver {
		t.Error("a late arrival to come: the battle ended")
	}
}
