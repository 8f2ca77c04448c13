package referee

import (
	"fmt"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
)

// Ensure a battle with a turn limit ends as soon as nothing its units
// can still do before the limit would change its result (ruling V17),
// and goes on while something could. The wheeled lances have range 3
// and 4 MP: at most 7 hexes a turn (overburn 6, the road bonus hex 1).
// The limit is game turn 1 or 3, and the battle is in game turn 1: one
// movement phase a side is left, or three.
func TestBattleEndHarmlessBefore(t *testing.T) {
	wheeled := func(id, side, at string) Unit { return scnUnit(id, side, Wheeled, at, 6, 4, 5) }
	// Deep water down columns 14–18 but for the bottom row: the way
	// from one side of it to the other goes round by that row.
	var wall strings.Builder
	for x := 14; x <= 18; x++ {
		for y := 1; y <= 16; y++ {
			fmt.Fprintf(&wall, "cell %02d%02d water-2; ", x, y)
		}
	}
	// Woods down columns 10–11, which wheeled units may not enter (000
	// line 636): the lances either side are 3 hexes apart at the
	// nearest, in range, and by every line between heavy woods block
	// it, light woods do not (000 line 780).
	woods := func(kind string) string {
		var b strings.Builder
		for x := 10; x <= 11; x++ {
			for y := 1; y <= 17; y++ {
				fmt.Fprintf(&b, "cell %02d%02d %s; ", x, y, kind)
			}
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, cells string
		limit       int
		campaign    bool
		salvage     string
		a, b        string
		ends        bool
	}{
		// 30 hexes apart: 7 + 7 + 3 falls short in one turn.
		{"far apart, one turn left", "", 1, false, "", "0105", "3105", true},
		{"far apart, three turns left", "", 3, false, "", "0105", "3105", false},
		{"far apart, no limit", "", 0, false, "", "0105", "3105", false},
		// 8 hexes apart, but the way round the water is 30 MP and more.
		{"the way round is too long", wall.String(), 1, false, "", "1201", "2001", true},
		{"no water between", "", 1, false, "", "1201", "2001", false},
		{"penned in out of sight", woods("heavy-woods"), 3, false, "", "0905", "1205", true},
		{"penned in, in sight", woods("light-woods"), 3, false, "", "0905", "1205", false},
		// Salvage the lancers could pick up before the limit; out of
		// reach, with both lances four hexes or more from every edge
		// (they have 2 MP below, at most 4 hexes a turn): whoever
		// left the field would leave the salvage to the other (V5).
		{"salvage within reach", "", 1, false, "0305", "0105", "3105", false},
		{"salvage out of reach", "", 1, false, "1609", "0909", "2409", true},
		// In a campaign a side that withdraws falls back (CB7): both
		// stand on their edges, and could leave.
		{"a campaign side could leave", "", 1, true, "", "0105", "3205", false},
		{"a campaign battle, nobody near an edge", "", 1, true, "", "0909", "2409", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := wheeled("A1", "lancers", tc.a), wheeled("B1", "bandits", tc.b)
			if tc.a == "0909" {
				a.MP, b.MP = 2, 2
			}
			s := vcBattle(t, tc.cells, a, b)
			s.Rules.TurnLimit = tc.limit
			if tc.campaign {
				s.Campaign = &CampaignRules{WithdrawAfterSteps: 4}
				s.Scenario = &ScenarioRules{}
			}
			if tc.salvage != "" {
				s.Salvage = map[hex.Hex]int{h(tc.salvage): 1}
			}
			if s.harmless() {
				t.Fatal("V16 ends it: the test is of V17")
			}
			s, events := vcEndTurns(t, s, 2) // the lancers' movement and attack phases
			if tc.campaign && tc.ends {
				// The referee leaves a campaign's battle to the campaign,
				// which asks after its morale checks (Settle).
				if s.Phase == PhaseOver {
					t.Fatal("the referee ended a campaign's battle by V17")
				}
				var err error
				if s, events, _, err = Settle(s, tc.limit); err != nil {
					t.Fatal(err)
				}
			}
			e := vcLast(events, "battle_end")
			if !tc.ends {
				if s.Phase == PhaseOver {
					t.Fatalf("the battle ended: %s", e.Text)
				}
				return
			}
			if s.Phase != PhaseOver || e == nil || s.Turn != 1 {
				t.Fatalf("phase %v turn %d, want over in turn 1", s.Phase, s.Turn)
			}
			if !strings.Contains(e.Text, "ruling V17") || *e.Winner != "" || e.VP["lancers"] != 0 || e.VP["bandits"] != 0 {
				t.Errorf("battle_end %q winner %q VP %v, want the reason and a 0–0 draw", e.Text, *e.Winner, e.VP)
			}
		})
	}
}

// Ensure HarmlessBefore, which auto-resolve asks with a limit the
// battle's rules do not carry (CB4), answers as the end phase does, and
// never for a battle past its limit or over.
func TestHarmlessBefore(t *testing.T) {
	wheeled := func(id, side, at string) Unit { return scnUnit(id, side, Wheeled, at, 6, 4, 5) }
	s := vcBattle(t, "", wheeled("A1", "lancers", "0105"), wheeled("B1", "bandits", "3105"))
	for _, tc := range []struct {
		last int
		want bool
	}{{1, true}, {2, false}, {0, false}} {
		if got := HarmlessBefore(s, tc.last); got != tc.want {
			t.Errorf("game turn %d, limit %d: %v, want %v", s.Turn, tc.last, got, tc.want)
		}
	}
	s.Turn = 2
	if HarmlessBefore(s, 1) {
		t.Error("past the limit: true, want false (the limit ends it)")
	}
}

// Ensure V17's reach errs towards going on where the battle itself may
// still open a way: a step a unit may take alone whatever its cost (000
// line 624), buildings the battle has reduced to rubble (their lines
// clear, 000 line 1009), a DropShip that may lift off with the field's
// future in it (ruling DR16), and a limit so far off it bounds nothing.
func TestHarmlessBeforeErrsOn(t *testing.T) {
	column := func(x int, terrain string) string {
		var b strings.Builder
		for y := 1; y <= 17; y++ {
			fmt.Fprintf(&b, "cell %02d%02d %s; ", x, y, terrain)
		}
		return b.String()
	}
	t.Run("LoneStep", func(t *testing.T) {
		// Heavy woods cost a 'Mech 3 MP; one with 2 MP at most (1 MP,
		// overburning) may still step in alone and stand next to the
		// enemy beyond.
		a := scnUnit("A1", "lancers", MediumMech, "0505", 0, 4, 5)
		b := scnUnit("B1", "bandits", MediumMech, "0705", 0, 4, 5)
		a.MP, b.MP = 1, 1
		s := vcBattle(t, column(6, "heavy-woods"), a, b)
		if s.harmlessBefore(s.Turn) {
			t.Error("ends a battle in which either 'Mech may step into the woods and attack")
		}
	})
	t.Run("Rubble", func(t *testing.T) {
		// Wheeled units may not enter rubble, so they stay apart, but
		// they see each other over it: rubble does not block a line.
		a := scnUnit("A1", "lancers", Wheeled, "0905", 6, 4, 5)
		b := scnUnit("B1", "bandits", Wheeled, "1305", 6, 4, 5)
		a.Range, b.Range = 4, 4
		s := vcBattle(t, column(10, "medium-building")+column(11, "medium-building")+column(12, "medium-building"), a, b)
		s.Rubble = map[hex.Hex]bool{}
		for x := 10; x <= 12; x++ {
			for y := 1; y <= 17; y++ {
				s.Rubble[h(fmt.Sprintf("%02d%02d", x, y))] = true
			}
		}
		if s.harmlessBefore(s.Turn) {
			t.Error("ends a battle in which A1 may fire at B1 over the rubble")
		}
		// Heavy buildings cost a wheeled unit 4 MP a hex: A1 gets one
		// hex in (1005), B1 one (1405), and the three standing between
		// block the line; attacks may yet bring them down.
		a.Hex, b.Hex = h("0905"), h("1505")
		a.Range, b.Range = 5, 5
		var heavy string
		for x := 10; x <= 14; x++ {
			heavy += column(x, "heavy-building")
		}
		if s := vcBattle(t, heavy, a, b); s.harmlessBefore(s.Turn) {
			t.Error("ends a battle in which the buildings between may yet fall")
		}
	})
	t.Run("LiftOff", func(t *testing.T) {
		// Nobody can reach anybody or the salvage, but the bandits'
		// DropShip may lift off and leave the lancers the field and
		// the salvage on it.
		a := scnUnit("A1", "lancers", Wheeled, "0909", 6, 4, 5)
		a.MP = 2
		s := vcBattle(t, "", a, drpShip("B1", "bandits", Union, "2409"))
		s.Salvage = map[hex.Hex]int{h("1609"): 2}
		if s.harmlessBefore(s.Turn) {
			t.Error("ends a battle the bandits may leave by lifting off")
		}
		s.Salvage = nil
		if !s.harmlessBefore(s.Turn) {
			t.Error("goes on with nothing on the map a lift-off would change")
		}
	})
	t.Run("FarLimit", func(t *testing.T) {
		wheeled := func(id, side, at string) Unit { return scnUnit(id, side, Wheeled, at, 6, 4, 5) }
		s := vcBattle(t, "", wheeled("A1", "lancers", "0105"), wheeled("B1", "bandits", "3105"))
		for _, last := range []int{1 << 20, 1 << 50, 1<<62 + 1} {
			if s.harmlessBefore(last) {
				t.Errorf("limit %d: ends a battle in which the two may meet", last)
			}
		}
	})
}

// Ensure V17 asks of an indirect attack a forward observer that could
// see a hex the target could reach (000 lines 827–829; ruling K5), a
// direct one a line of sight (000 line 823): a
// lance that fires indirectly, penned in west of heavy woods that block
// every line to the enemy east of them, cannot fire at it alone, and
// can once a truck of its side stands east of the woods, too far from
// the enemy to be harmed in the one turn left (19 hexes against 7 + 3)
// but with a line of sight to it across open ground.
func TestHarmlessBeforeObserver(t *testing.T) {
	var woods strings.Builder
	for x := 10; x <= 11; x++ {
		for y := 1; y <= 17; y++ {
			fmt.Fprintf(&woods, "cell %02d%02d heavy-woods; ", x, y)
		}
	}
	fire := scnUnit("A1", "lancers", Wheeled, "0905", 6, 4, 5)
	fire.Indirect = true
	enemy := scnUnit("B1", "bandits", Wheeled, "1205", 6, 4, 5)
	truck := scnUnit("A2", "lancers", Truck, "3105", 0, 0, 5)
	for _, tc := range []struct {
		name  string
		units []Unit
		want  bool
	}{
		{"no observer", []Unit{fire, enemy}, true},
		{"a truck observes", []Unit{fire, truck, enemy}, false},
	} {
		s := vcBattle(t, woods.String(), tc.units...)
		if got := HarmlessBefore(s, 1); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Ensure V17 gives overburn MP only to the units that may overburn,
// 'Mechs and vehicles (000 line 689): two snipers (range 3, 4 MP, 5 with
// the road bonus hex, 000 line 653) 14 hexes apart cannot meet in the
// one turn left (5 + 5 + 3), wheeled lances with the same values,
// overburning to 6 MP, could (7 + 7 + 3).
func TestHarmlessBeforeOverburn(t *testing.T) {
	for _, tc := range []struct {
		class Class
		want  bool
	}{{Sniper, true}, {Wheeled, false}} {
		s := vcBattle(t, "", scnUnit("A1", "lancers", tc.class, "0105", 6, 4, 5), scnUnit("B1", "bandits", tc.class, "1505", 6, 4, 5))
		if got := HarmlessBefore(s, 1); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.class, got, tc.want)
		}
	}
}

// Ensure V17 goes on while a unit could still, before the limit, move
// into a surrendered unit's hex (righting or taking it, 000 line 970),
// or in a campaign carry salvage off the map to its RBG (CB5), and ends
// once neither is in reach. The wheeled lances have 2 MP (4 hexes a
// turn with overburn and the road bonus) and one turn left.
func TestHarmlessBeforeGoesOn(t *testing.T) {
	wheeled := func(id, side, at string) Unit {
		u := scnUnit(id, side, Wheeled, at, 6, 4, 5)
		u.MP = 2
		return u
	}
	t.Run("Surrendered", func(t *testing.T) {
		for _, tc := range []struct {
			at   string
			ends bool
		}{{"1109", false}, {"1609", true}} {
			s := vcBattle(t, "", wheeled("A1", "lancers", "0909"), wheeled("B1", "bandits", "2409"), wheeled("B2", "bandits", tc.at))
			s.Unit("B2").Status = Surrendered
			if got := s.harmlessBefore(s.Turn); got != tc.ends {
				t.Errorf("B2 surrendered at %s: ends %v, want %v", tc.at, got, tc.ends)
			}
		}
	})
	t.Run("SalvageToTheRBG", func(t *testing.T) {
		for _, carried := range []int{0, 1} {
			a1 := wheeled("A1", "lancers", "0309") // 3 hexes from its edge
			a1.Salvage = carried
			s := vcBattle(t, "", a1, wheeled("A2", "lancers", "1209"), wheeled("B1", "bandits", "2409"))
			s.Campaign, s.Scenario = &CampaignRules{WithdrawAfterSteps: 4}, &ScenarioRules{}
			if got, want := s.harmlessBefore(s.Turn), carried == 0; got != want {
				t.Errorf("A1 carrying %d salvage: ends %v, want %v", carried, got, want)
			}
		}
	})
}

// Ensure V17 counts a salvage counter a unit could reach only for a unit
// carrying none: a unit carries one counter (000 line 2647; ruling V3).
// A1 reaches the counter at 1109 in the one turn left; B1 is 15 hexes
// off, and both lances (2 MP here) are too far from every edge to leave
// the field, and the salvage with it, in that turn (V5): the battle goes
// on for A1 with empty hands and ends for A1 carrying a counter already.
func TestHarmlessBeforeCarrying(t *testing.T) {
	wheeled := func(id, side, at string) Unit {
		u := scnUnit(id, side, Wheeled, at, 6, 4, 5)
		u.MP = 2
		return u
	}
	for _, carries := range []int{0, 1} {
		a := wheeled("A1", "lancers", "0909")
		a.Salvage = carries
		s := vcBattle(t, "", a, wheeled("B1", "bandits", "2409"))
		s.Salvage = map[hex.Hex]int{h("1109"): 1}
		if got, want := HarmlessBefore(s, 1), carries > 0; got != want {
			t.Errorf("A1 carrying %d: %v, want %v", carries, got, want)
		}
	}
}
