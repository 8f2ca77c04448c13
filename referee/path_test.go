package referee

import (
	"fmt"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure the Terrain Modifiers Table (000 line 636) and the movement modes
// (000 lines 657–673) for every terrain and every movement mode: the cost
// of entering from open ground at the same level, or the prohibition.
// The expectations are written out from the book, not read from mapgen.
// Hovercraft cross rough and water without penalty (000 line 665, ruling
// M4); infantry on foot may not enter water (000 line 161, ruling B3);
// motorized infantry moves as wheeled vehicles.
func TestMoveTerrainCosts(t *testing.T) {
	const no = -1 // prohibited
	type costs struct{ walk, tracked, wheeled, hover, foot int }
	table := map[mapgen.Terrain]costs{
		mapgen.Open:             {1, 1, 1, 1, 1},
		mapgen.Water1:           {3, no, no, 1, no},
		mapgen.Water2:           {5, no, no, 1, no},
		mapgen.LightWoods:       {2, 2, no, no, 2},
		mapgen.HeavyWoods:       {3, no, no, no, 3},
		mapgen.Rough:            {2, 2, no, 1, 2},
		mapgen.Rubble:           {2, 2, no, 2, 2},
		mapgen.LightBuilding:    {2, 2, 2, 2, 2},
		mapgen.MediumBuilding:   {3, 3, 3, 3, 3},
		mapgen.HeavyBuilding:    {4, 4, 4, 4, 4},
		mapgen.HardenedBuilding: {4, 4, 4, 4, 4},
	}
	if len(table) != len(mapgen.Terrains) {
		t.Fatalf("the test covers %d terrains of %d", len(table), len(mapgen.Terrains))
	}
	classes := []struct {
		class Class
		cost  func(costs) int
	}{
		{MediumMech, func(c costs) int { return c.walk }},
		{Tracked, func(c costs) int { return c.tracked }},
		{LongTom, func(c costs) int { return c.tracked }},
		{Wheeled, func(c costs) int { return c.wheeled }},
		{Truck, func(c costs) int { return c.wheeled }},
		{MotorizedInfantry, func(c costs) int { return c.wheeled }},
		{Hover, func(c costs) int { return c.hover }},
		{Infantry, func(c costs) int { return c.foot }},
		{HeavyInfantry, func(c costs) int { return c.foot }},
	}
	for ter, want := range table {
		for _, tc := range classes {
			t.Run(fmt.Sprintf("%v/%v", tc.class, ter), func(t *testing.T) {
				s := mvBattle(t, terrain(map[string]mapgen.Cell{"0506": {Terrain: ter}}), mvUnit("A1", "lancers", tc.class, "0505", Values{8, 8, 6}, 6))
				wantCost := tc.cost(want)
				if wantCost == no {
					mvRefuse(t, s, "lancers", "move A1 0506", fmt.Sprintf("hex 0506 is %v: %v units may not enter it except along a road (BattleForce p. 12, Terrain Modifiers)", ter, tc.class))
					// Not even as its only move (000 line 624).
					s.Unit("A1").MPLeft = 0
					mvRefuse(t, s, "lancers", "move A1 0506", "may not enter it")
					return
				}
				next, _ := mvDo(t, s, "lancers", "move A1 0506", mvDice(t))
				if got := 6 - next.Unit("A1").MPLeft; got != wantCost {
					t.Errorf("entering %v costs %d MP, want %d", ter, got, wantCost)
				}
			})
		}
	}
	// Rubble made in the battle counts as rubble (State.Cell).
	s := mvBattle(t, terrain(map[string]mapgen.Cell{"0506": {Terrain: mapgen.LightBuilding}}), mvUnit("A1", "lancers", Wheeled, "0505", Values{8, 8, 6}, 6))
	s.Rubble = map[hex.Hex]bool{h("0506"): true}
	mvRefuse(t, s, "lancers", "move A1 0506", "hex 0506 is rubble")
}

// Ensure elevation: 2 MP a level, one level a hex at most (000 line 636),
// for climbing and descending, on top of the terrain; jumping units ignore
// it (000 line 661).
func TestMoveElevation(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"0506": {Elevation: 1}, "0507": {Elevation: 2}, "0508": {Elevation: 1, Terrain: mapgen.Rough},
		"0606": {Elevation: 2},
	})
	s := mvBattle(t, m, mvUnit("A1", "lancers", HeavyMech, "0505", Values{16, 16, 12}, 10))
	next, _ := mvDo(t, s, "lancers", "move A1 0506 0507 0508", mvDice(t))
	// 3 up to level 1, 3 up to level 2, 1+1+2 down to rough level 1.
	if got := next.Unit("A1").MPLeft; got != 10-3-3-4 {
		t.Errorf("MP left %d, want %d", got, 10-3-3-4)
	}
	mvRefuse(t, s, "lancers", "move A1 0506 0606 0605", "A1 cannot go from level 2 at 0606 to level 0 at 0605: units change only one level per hex (BattleForce p. 12, Terrain Modifiers)")
	// Straight up two levels: not even as its only move.
	s2 := mvBattle(t, m, mvUnit("A1", "lancers", HeavyMech, "0607", Values{16, 16, 12}, 10))
	mvRefusePath(t, s2, "A1", "units change only one level per hex", "0606")
	s2.Unit("A1").MPLeft = 1
	mvRefuse(t, s2, "lancers", "move A1 0606", "A1 cannot go from level 0 at 0607 to level 2 at 0606")
	jumper := mvUnit("A1", "lancers", HeavyMech, "0607", Values{16, 16, 12}, 10)
	jumper.Jump = true
	next, _ = mvDo(t, mvBattle(t, m, jumper), "lancers", "move A1 0606", mvDice(t))
	if got := next.Unit("A1").MPLeft; got != 9 {
		t.Errorf("jumper paid %d MP for a two-level hex, want 1", 10-got)
	}
}

// Ensure roads (000 line 653): along a road every terrain modifier is
// ignored, elevation too (ruling M1), and barred terrain may be crossed,
// entering and leaving it by the road (ruling M2); the one-level limit
// still holds (ruling M1).
func TestMoveRoads(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"1005": {Terrain: mapgen.HeavyWoods},
		"1006": {Terrain: mapgen.HeavyWoods, Elevation: 1},
		"1007": {Terrain: mapgen.Water1, Elevation: 1}, // a bridge
		"1008": {Elevation: 1},
		"1009": {Elevation: 0},
		"1010": {Elevation: 2},
		"1106": {Terrain: mapgen.HeavyWoods},
	})
	mvRoad(m, "1004", "1005", "1006", "1007", "1008", "1009", "1010")
	car := mvUnit("W1", "lancers", Wheeled, "1004", Values{4, 4, 4}, 7)
	s := mvBattle(t, m, car)

	next, _ := mvDo(t, s, "lancers", "move W1 1009", mvDice(t))
	if u := next.Unit("W1"); u.Hex != h("1009") || u.MPLeft != 2 || !u.RoadBonus {
		t.Errorf("W1 at %s with %d MP and bonus %v; want 1009, 2 MP (1 a road hex through woods, water and hills), the bonus", u.Hex, u.MPLeft, u.RoadBonus)
	}
	// It may stop on the road inside the woods, but not step off it there.
	next, _ = mvDo(t, s, "lancers", "move W1 1005", mvDice(t))
	mvRefusePath(t, next, "W1", "W1 is on the road through heavy-woods at 1005 and must stay on the road to leave it", "1105")
	mvRefuse(t, next, "lancers", "move W1 1106", "hex 1106 is heavy-woods: wheeled units may not enter it except along a road")
	// Into the woods' road hex from off the road: refused.
	off := car
	off.Hex = h("0905")
	mvRefusePath(t, mvBattle(t, m, off), "W1", "hex 1005 is heavy-woods: wheeled units may not enter it except along a road", "1005")
	// A road climbing two levels in a hex is still a cliff.
	mvRefuse(t, next, "lancers", "move W1 1006 1007 1008 1009 1010", "W1 cannot go from level 0 at 1009 to level 2 at 1010")
	// Walkers too ignore terrain along the road.
	walker := mvUnit("A1", "lancers", AssaultMech, "1004", Values{16, 16, 12}, 3)
	next, _ = mvDo(t, mvBattle(t, m, walker), "lancers", "move A1 1007", mvDice(t))
	if got := next.Unit("A1").MPLeft; got != 0 {
		t.Errorf("'Mech along the road has %d MP left, want 0", got)
	}
	// Only hover, tracked and wheeled units get the bonus hex (000 line 653).
	mvRefuse(t, mvBattle(t, m, walker), "lancers", "move A1 1005 1006 1007 1008", "the path to 1008 costs 4 MP; A1 has 3 left")
}

// Ensure stacking (000 line 630): two units at most end in a hex, friend
// or foe, while passing through a full hex is allowed; no unit enters a
// DropShip's hex, though a jumping unit may leap over it (ruling M3).
func TestMoveStacking(t *testing.T) {
	units := []Unit{
		mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 4),
		mvUnit("A2", "lancers", MediumMech, "0506", Values{12, 12, 8}, 4),
		mvUnit("A3", "lancers", MediumMech, "0506", Values{12, 12, 8}, 4),
		mvUnit("A4", "lancers", MediumMech, "0507", Values{12, 12, 8}, 4),
		mvUnit("D1", "lancers", Union, "0705", Values{20, 0, 20}, 0),
	}
	s := mvBattle(t, nil, units...)
	mvRefuse(t, s, "lancers", "move A1 0506", "hex 0506 already holds 2 units: no more than 2 may end their movement in one hex (BattleForce p. 12, Stacking)")
	next, _ := mvDo(t, s, "lancers", "move A1 0506 0507", mvDice(t))
	if u := next.Unit("A1"); u.Hex != h("0507") || u.MPLeft != 2 {
		t.Errorf("A1 at %s with %d MP, want 0507 with 2, through the full hex", u.Hex, u.MPLeft)
	}
	mvRefuse(t, s, "lancers", "move A1 0605 0705 0805", "no unit may enter hex 0705: a DropShip stands there (BattleForce p. 12, Stacking)")
	mvRefuse(t, s, "lancers", "move A1 0705", "no unit may enter hex 0705: a DropShip stands there")
	jumper := mvUnit("J1", "lancers", MediumMech, "0605", Values{12, 12, 8}, 4)
	jumper.Jump = true
	s = mvBattle(t, nil, append(units, jumper)...)
	mvDo(t, s, "lancers", "move J1 0705 0805", mvDice(t))
	mvRefuse(t, s, "lancers", "move J1 0705", "no unit may enter hex 0705: a DropShip stands there")
}

// Ensure entering a hex held by an enemy ends a ground unit's move (000
// line 626): a route may not pass through, a unit that cannot afford an
// overrun just stops there and moves no more this turn (ruling M19), two
// enemies cannot be joined; a jumping unit
// leaps over enemy hexes (ruling M10). A surrendered enemy does not stop
// anyone (ruling M11).
func TestMoveEnemyHexes(t *testing.T) {
	a1 := mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 3)
	b1 := mvUnit("B1", "bandits", HeavyMech, "0507", Values{16, 16, 12}, 4)
	s := mvBattle(t, nil, a1, b1)
	mvRefuse(t, s, "lancers", "move A1 0506 0507 0508", "A1 must stop at 0507: entering a hex held by an enemy unit ends a move (BattleForce p. 12, Movement points)")
	// Into it with MP 3: 2 to get there, 2 more to overrun (Regular) is
	// too much, so it just stops.
	next, events := mvDo(t, s, "lancers", "move A1 0507", mvDice(t))
	if u := next.Unit("A1"); u.Hex != h("0507") || !u.Halted || u.MPLeft != 0 {
		t.Errorf("A1 at %s, halted %v, %d MP; want stopped at 0507", u.Hex, u.Halted, u.MPLeft)
	}
	if mvEvent(events, "stop") == nil || mvEvent(events, "overrun") != nil {
		t.Errorf("events %v: want a stop and no overrun", events)
	}
	mvRefuse(t, next, "lancers", "move A1 0508", "A1 has ended its movement for this turn")
	// The planner goes round the enemy, never through it.
	mvRefuse(t, s, "lancers", "move A1 0508", "hex 0508 is 4 MP away; A1 has 3 left")
	a1.MP = 4
	next, _ = mvDo(t, mvBattle(t, nil, a1, b1), "lancers", "move A1 0508", mvDice(t))
	if u := next.Unit("A1"); u.Hex != h("0508") || u.MPLeft != 0 {
		t.Errorf("A1 at %s with %d MP, want round to 0508 with 0", u.Hex, u.MPLeft)
	}
	a1.MP = 3
	// Two enemies: no room.
	b2 := mvUnit("B2", "bandits", HeavyMech, "0507", Values{16, 16, 12}, 4)
	mvRefuse(t, mvBattle(t, nil, a1, b1, b2), "lancers", "move A1 0507", "hex 0507 already holds 2 units")
	// A jumper leaps over the enemy.
	j1 := a1
	j1.Jump = true
	next, _ = mvDo(t, mvBattle(t, nil, j1, b1), "lancers", "move A1 0506 0507 0508", mvDice(t))
	if u := next.Unit("A1"); u.Hex != h("0508") {
		t.Errorf("jumper at %s, want 0508", u.Hex)
	}
	// A surrendered enemy is captured on the way and does not stop it.
	b1.Status, b1.Disrupted = Surrendered, true
	next, events = mvDo(t, mvBattle(t, nil, a1, b1), "lancers", "move A1 0506 0507 0508", mvDice(t))
	if u := next.Unit("A1"); u.Hex != h("0508") || next.Unit("B1").Status != Captured || mvEvent(events, "captured") == nil {
		t.Errorf("A1 at %s, B1 %v: want A1 through to 0508 and B1 captured", u.Hex, next.Unit("B1").Status)
	}
}

// Ensure the one-hex rule (000 line 624): a unit may always move one hex
// as its only move, but never into barred terrain or up a cliff, and not
// after it has moved.
func TestMoveOneHex(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"0506": {Terrain: mapgen.HardenedBuilding, Elevation: 1}, // 1+3+2 = 6
		"0604": {Terrain: mapgen.Water1},
		"0605": {Elevation: 2},
	})
	inf := mvUnit("I1", "lancers", Infantry, "0505", Values{4, 4, 4}, 1)
	s := mvBattle(t, m, inf)
	next, _ := mvDo(t, s, "lancers", "move I1 0506", mvDice(t))
	if u := next.Unit("I1"); u.Hex != h("0506") || u.MPLeft != 0 || !u.Halted {
		t.Errorf("I1 at %s with %d MP, halted %v", u.Hex, u.MPLeft, u.Halted)
	}
	mvRefuse(t, s, "lancers", "move I1 0604", "hex 0604 is water-1: infantry units may not enter it")
	mvRefuse(t, s, "lancers", "move I1 0605", "I1 cannot go from level 0 at 0505 to level 2 at 0605")
	mvRefuse(t, s, "lancers", "move I1 0506 0507", "the path to 0507 costs 9 MP; I1 has 1 left")
}

// mvRefusePath gives unit a move along exactly the path given (the text
// form reads a single hex as a destination) and wants it refused with a
// message holding want.
func mvRefusePath(t *testing.T, s *State, unit, want string, path ...string) {
	t.Helper()
	a := Action{Kind: ActMove, Side: s.Unit(unit).Side, Unit: unit}
	for _, p := range path {
		a.Path = append(a.Path, h(p))
	}
	a.To = a.Path[len(a.Path)-1]
	if _, _, err := Apply(s, a, mvDice(t)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %v, want refused with %q", a, err, want)
	}
}
