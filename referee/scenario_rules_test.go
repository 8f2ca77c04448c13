package referee

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Scenario special rules (scenario_rules.go). Lines are of book 000,
// BattleForce; SC1–SC12 are the rulings of the report that
// added them.

// scnUnit is a regular unit with step-0 values ra/ca/d, range 3, MP 4,
// active at hex (or off the map when at is ""); a 'Mech lance's overburn
// RA is derived by R5 (vehicles print none, ruling V14).
func scnUnit(id, side string, class Class, at string, ra, ca, d int) Unit {
	ob := 0
	if class.Info().Overburn && class.Kind() == KindMech {
		ob = ra + StepDecrement(ra)
	}
	if at != "" {
		at = "@" + at
	}
	return unitOf(fmt.Sprintf("%s %s %v regular %d/%d/%d %s r=3 mp=4 ob=%d", id, side, class, ra, ca, d, at, ob))
}

// scnBattle is a 32×17 sheet of open ground, lancers (retreat west) then
// bandits (retreat east), with the scenario rules r, started with the
// dice d (nil: none).
func scnBattle(t *testing.T, r *ScenarioRules, d *dice.Dice, units ...Unit) (*State, []Event) {
	t.Helper()
	s := mustPosition(t, `map blank 32x17; turn 0 deploy lancers
		side lancers name="Lancers" retreat=west; side bandits name="Bandits" retreat=east`, units...)
	s.Scenario = r
	if d == nil {
		d = scnDice(t)
	}
	s, events, err := StartWithDice(s, d)
	if err != nil {
		t.Fatalf("StartWithDice: %v", err)
	}
	scnCheck(t, s)
	return s, events
}

func scnDice(t *testing.T, faces ...int) *dice.Dice {
	t.Helper()
	sc, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	return dice.New(sc)
}

func scnCheck(t *testing.T, s *State) {
	t.Helper()
	for _, err := range s.Check() {
		t.Errorf("invariant: %v", err)
	}
}

// scnDo applies an action in text form for the phasing side (or side,
// when given as "side: action").
func scnDo(t *testing.T, s *State, text string, d *dice.Dice) (*State, []Event) {
	t.Helper()
	side := s.PhasingSide().ID
	if i := strings.Index(text, ": "); i > 0 {
		side, text = text[:i], text[i+2:]
	}
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	a.Side = side
	if d == nil {
		d = scnDice(t)
	}
	next, events, err := Apply(s, a, d)
	if err != nil {
		t.Fatalf("%s %s: %v", side, text, err)
	}
	scnCheck(t, next)
	return next, events
}

// scnEnd ends n phases (each player turn is two: movement and attack).
func scnEnd(t *testing.T, s *State, n int, d *dice.Dice) (*State, []Event) {
	t.Helper()
	var all []Event
	for range n {
		var ev []Event
		s, ev = scnDo(t, s, "end", d)
		all = append(all, ev...)
	}
	return s, all
}

func scnHas(events []Event, typ, text string) bool {
	return slices.ContainsFunc(events, func(e Event) bool { return e.Type == typ && strings.Contains(e.Text, text) })
}

// Ensure a reinforcement that needs 11+ on 2D6 (The Steel Tip, line 2235)
// waits while its side rolls lower, enters on the roll, at its entry hex
// or — blocked — the nearest hex of its edge (SC2), ready to move; it is
// hidden from the enemy until then, and its side stays in the battle
// (SC3).
func TestScenarioReinforcementRoll(t *testing.T) {
	r1 := scnUnit("R1", "bandits", HeavyMech, "0105", 10, 12, 8)
	r2 := scnUnit("R2", "bandits", HeavyMech, "0105", 10, 12, 8)
	r3 := scnUnit("R3", "bandits", HeavyMech, "0105", 10, 12, 8)
	rules := &ScenarioRules{Reinforcements: []Reinforcement{{Side: "bandits", Edge: West, Turn: 1, Roll: 11, Units: []Unit{r1, r2, r3}}}}
	s, _ := scnBattle(t, rules, nil,
		scnUnit("A1", "lancers", MediumMech, "1005", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7))
	if s.Unit("R1") != nil {
		t.Fatal("R1 is on the battle's roll before it arrives")
	}
	if v := s.View("lancers"); slices.ContainsFunc(v.Units, func(u ViewUnit) bool { return u.ID == "R1" }) || v.ToCome != 0 {
		t.Errorf("the lancers' view shows R1 off the board, or counts %d of the enemy's units to come", v.ToCome)
	}
	if v := s.View("bandits"); v.ToCome != 3 {
		t.Errorf("the bandits' view counts %d of their own units to come, want 3", v.ToCome)
	}
	t.Run("NotYet", func(t *testing.T) {
		d := scnDice(t, 5, 5) // 10 < 11
		next, ev := scnEnd(t, s, 2, d)
		if !scnHas(ev, "reinforcements", "do not come") || next.Unit("R1") != nil {
			t.Fatalf("R1 arrived on a 10: %v", ev)
		}
		if before := s.Scenario.Reinforcements[0]; before.Released || len(before.Units) != 3 {
			t.Error("Apply changed the earlier state's scenario rules")
		}
	})
	t.Run("Arrive", func(t *testing.T) {
		d := scnDice(t, 6, 5)
		next, ev := scnEnd(t, s, 2, d)
		if !scnHas(ev, "reinforcements", "arrive") {
			t.Fatalf("no arrival on 11: %v", ev)
		}
		got := map[string]string{}
		for _, id := range []string{"R1", "R2", "R3"} {
			u := next.Unit(id)
			if u == nil || u.Status != Active {
				t.Fatalf("%s did not arrive", id)
			}
			got[id] = u.Hex.String()
			if u.MPLeft != u.CurrentMP() {
				t.Errorf("%s has %d MP left, want %d", id, u.MPLeft, u.CurrentMP())
			}
		}
		// Two fit the entry hex (stacking, 000 line 630); the third takes
		// the nearest hex of the west edge.
		if got["R1"] != "0105" || got["R2"] != "0105" || (got["R3"] != "0104" && got["R3"] != "0106") {
			t.Errorf("hexes %v", got)
		}
		if len(next.Scenario.Reinforcements[0].Units) != 0 {
			t.Error("the group still holds units")
		}
		next, _ = scnDo(t, next, "move R3 0306", nil)
		if next.Unit("R3").Hex.String() != "0306" {
			t.Error("R3 could not move on arrival")
		}
	})
	// The entry hex holds a lancer in sight and a hidden lancers platoon
	// besides: the bandits' units, which enter elsewhere, have found the
	// platoon, so it is revealed (ruling M12).
	t.Run("HiddenFill", func(t *testing.T) {
		s2 := s.Clone()
		s2.Units = append(s2.Units, unitPtrs([]Unit{scnUnit("A2", "lancers", MediumMech, "0105", 8, 10, 7), unitOf("A3 lancers infantry veteran 3/6/5 @0105 r=1 mp=2 hidden")})...)
		sort.Slice(s2.Units, func(i, j int) bool { return s2.Units[i].ID < s2.Units[j].ID })
		next, ev := scnEnd(t, s2, 2, scnDice(t, 6, 5))
		if next.Unit("A3").Hidden || !scnHas(ev, "revealed", "A3") || next.Unit("R1").Hex.String() == "0105" {
			t.Errorf("A3 hidden %t, R1 at %s", next.Unit("A3").Hidden, next.Unit("R1").Hex)
		}
	})
	// R1 and R2 fill the entry hex; the nearest hex of the edge, 0104,
	// holds a lancer in sight and a hidden platoon: R3 passing it for 0106
	// has found the platoon, so it is revealed (ruling M12).
	t.Run("EdgeHiddenFill", func(t *testing.T) {
		s2 := s.Clone()
		s2.Units = append(s2.Units, unitPtrs([]Unit{scnUnit("A2", "lancers", MediumMech, "0104", 8, 10, 7), unitOf("A3 lancers infantry veteran 3/6/5 @0104 r=1 mp=2 hidden")})...)
		sort.Slice(s2.Units, func(i, j int) bool { return s2.Units[i].ID < s2.Units[j].ID })
		next, ev := scnEnd(t, s2, 2, scnDice(t, 6, 5))
		if next.Unit("A3").Hidden || !scnHas(ev, "revealed", "A3") || next.Unit("R3").Hex.String() != "0106" {
			t.Errorf("A3 hidden %t, R3 at %s", next.Unit("A3").Hidden, next.Unit("R3").Hex)
		}
	})
	// A hidden lancers platoon alone on the entry hex: R1 enters it, so
	// the platoon is revealed and attacks it (a 7; R1 stays steady on a
	// 12), and R1's move ends, as a unit's that moves into the hex would
	// (ruling M14). The hex is then full: R2 and R3 enter beside it.
	t.Run("IntoHiddenPlatoon", func(t *testing.T) {
		s2 := s.Clone()
		s2.Units = append(s2.Units, unitPtrs([]Unit{unitOf("A3 lancers infantry veteran 3/6/5 @0105 r=1 mp=2 hidden")})...)
		sort.Slice(s2.Units, func(i, j int) bool { return s2.Units[i].ID < s2.Units[j].ID })
		next, ev := scnEnd(t, s2, 2, scnDice(t, 6, 5, 3, 4, 6, 6))
		r1 := next.Unit("R1")
		if next.Unit("A3").Hidden || !scnHas(ev, "revealed", "A3") || !scnHas(ev, "attack", "") || r1.Hex.String() != "0105" || r1.MPLeft != 0 {
			t.Errorf("A3 hidden %t, R1 at %s with %d MP; events %v", next.Unit("A3").Hidden, r1.Hex, r1.MPLeft, ev)
		}
		if next.Unit("R2").Hex.String() == "0105" {
			t.Error("R2 entered the full hex")
		}
	})
	// The lancers mined the entry hex: R1, the first to enter it, sets
	// the mines off (a 3 on the +2 column, one step) and moves no more
	// this turn; R2 enters after it, the mines spent, free to move
	// (rulings SC2, M13).
	t.Run("IntoMines", func(t *testing.T) {
		s2 := s.Clone()
		s2.Side("lancers").Mines = map[hex.Hex]int{hex.MustParse("0105"): 10}
		next, ev := scnEnd(t, s2, 2, scnDice(t, 6, 5, 1, 2))
		r1, r2 := next.Unit("R1"), next.Unit("R2")
		if a := mnAttack(t, ev); a == nil || a.Target != "R1" || r1.Step != 1 || r1.MPLeft != 0 || !r1.Halted || next.MinesAt(hex.MustParse("0105")) != 0 {
			t.Fatalf("mine attack %+v; R1 step %d, %d MP; events %v", a, r1.Step, r1.MPLeft, ev)
		}
		if r2.Hex.String() != "0105" || r2.MPLeft != r2.CurrentMP() || len(cbOf(ev, "mines")) != 1 {
			t.Errorf("R2 at %s with %d MP; events %v", r2.Hex, r2.MPLeft, ev)
		}
	})
	// A surrendered lancer on the entry hex: R1, entering, captures it
	// and carries on, its MP whole (rulings SC2, M11).
	t.Run("OntoSurrendered", func(t *testing.T) {
		s2 := s.Clone()
		a4 := scnUnit("A4", "lancers", MediumMech, "0105", 8, 10, 7)
		a4.Status, a4.Disrupted = Surrendered, true
		s2.Units = append(s2.Units, &a4)
		sort.Slice(s2.Units, func(i, j int) bool { return s2.Units[i].ID < s2.Units[j].ID })
		next, ev := scnEnd(t, s2, 2, scnDice(t, 6, 5))
		if r1 := next.Unit("R1"); next.Unit("A4").Status != Captured || r1.Hex.String() != "0105" || r1.MPLeft != r1.CurrentMP() {
			t.Errorf("A4 %v, R1 at %s with %d MP; events %v", next.Unit("A4").Status, r1.Hex, r1.MPLeft, ev)
		}
	})
	t.Run("PendingSideStays", func(t *testing.T) {
		// B1 destroyed: the bandits still have reinforcements to come, so
		// the battle goes on (SC3).
		s2 := s.Clone()
		b1 := s2.Unit("B1")
		b1.Status, b1.Step = Destroyed, 4
		next, ev := scnEnd(t, s2, 2, scnDice(t, 1, 1))
		if next.Phase == PhaseOver || scnHas(ev, "battle_end", "") {
			t.Fatal("the battle ended with the bandits' reinforcements to come")
		}
	})
}

// Ensure an air lance arriving over a hex where the enemy's infantry
// hides does not find it: only a land unit that enters its hex does
// (BattleForce, Hidden Infantry; rulings AIR1, M14).
func TestScenarioAirArrivalOverHiddenPlatoon(t *testing.T) {
	rules := &ScenarioRules{Reinforcements: []Reinforcement{
		{Side: "lancers", Edge: South, Turn: 1, Units: []Unit{scnUnit("L2", "lancers", LightAir, "1017", 6, 0, 6)}},
	}}
	s, ev := scnBattle(t, rules, nil,
		scnUnit("A1", "lancers", MediumMech, "1005", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7),
		unitOf("B2 bandits infantry veteran 3/6/5 @1017 r=1 mp=2 hidden"))
	if u := s.Unit("L2"); u == nil || u.Hex.String() != "1017" || u.MPLeft == 0 {
		t.Fatalf("L2 did not arrive at 1017 free to fly: %v", ev)
	}
	if !s.Unit("B2").Hidden || scnHas(ev, "revealed", "") || scnHas(ev, "attack", "") {
		t.Errorf("B2 hidden %t; events %v", s.Unit("B2").Hidden, ev)
	}
}

// Ensure a group due on a turn, without a roll, enters at the start of
// its side's player turn of that game turn (The Pounce's column, line
// 2257), and on turn 1 for the side moving first, without dice (SC2).
func TestScenarioReinforcementTurn(t *testing.T) {
	rules := &ScenarioRules{Reinforcements: []Reinforcement{
		{Side: "lancers", Edge: South, Turn: 1, Units: []Unit{scnUnit("L2", "lancers", Truck, "1017", 1, 1, 2)}},
		{Side: "bandits", Edge: South, Turn: 2, Units: []Unit{scnUnit("S3", "bandits", Wheeled, "2017", 4, 3, 5)}},
	}}
	s, ev := scnBattle(t, rules, nil,
		scnUnit("A1", "lancers", MediumMech, "1005", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7))
	if u := s.Unit("L2"); u == nil || u.Hex.String() != "1017" || !scnHas(ev, "arrive", "L2 enters") {
		t.Fatalf("L2 did not enter on turn 1: %v", ev)
	}
	next, _ := scnEnd(t, s, 2, nil)
	if next.Unit("S3") != nil {
		t.Fatal("S3 entered on turn 1")
	}
	next, _ = scnEnd(t, next, 4, nil)
	if u := next.Unit("S3"); u == nil || u.Hex.String() != "2017" || next.Turn != 2 || next.PhasingSide().ID != "bandits" {
		t.Fatalf("S3 did not enter in the bandits' turn 2 (turn %d)", next.Turn)
	}
}

// Ensure units leaving by a scoring edge are withdrawn and bank their VP
// (The Steel Tip, 5 per ground unit off the west edge, line 2241; The
// Pounce, 5 per unit and 10 per salvage counter off the north edge, line
// 2307), while leaving by another edge before a retreat is still a
// capture (ruling V6; SC4).
func TestScenarioExitVictoryPoints(t *testing.T) {
	rules := &ScenarioRules{Exits: []ExitAward{{Side: "lancers", Edge: West, VP: 5}}}
	a1 := scnUnit("A1", "lancers", MediumMech, "0105", 8, 10, 7)
	a1.Salvage = 1
	s, _ := scnBattle(t, rules, nil, a1,
		scnUnit("A2", "lancers", MediumMech, "3205", 8, 10, 7),
		scnUnit("A3", "lancers", MediumMech, "1005", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7))
	next, ev := scnDo(t, s, "withdraw A1", nil)
	if u := next.Unit("A1"); u.Status != Withdrawn || u.Salvage != 0 {
		t.Errorf("A1 is %v carrying %d", u.Status, u.Salvage)
	}
	if !scnHas(ev, "exit", "15 VP") {
		t.Errorf("events %v", ev)
	}
	if got := next.Side("lancers").VP; got != 15 {
		t.Errorf("banked VP %d, want 5 + 10 salvage", got)
	}
	if s.Side("lancers").VP != 0 {
		t.Error("the earlier state's VP changed")
	}
	next, _ = scnDo(t, next, "withdraw A2", nil)
	if u := next.Unit("A2"); u.Status != Captured {
		t.Errorf("A2 leaving east before a retreat is %v, want captured", u.Status)
	}
	vp := next.VictoryPoints()
	if vp["lancers"] != 15 || vp["bandits"] != 2*next.Unit("A2").Cost() {
		t.Errorf("VP %v", vp)
	}
	t.Run("MechsOnly", func(t *testing.T) {
		rules := &ScenarioRules{Exits: []ExitAward{{Side: "lancers", Edge: West, VP: 10, MechsOnly: true}}}
		s, _ := scnBattle(t, rules, nil,
			scnUnit("A1", "lancers", Tracked, "0105", 8, 10, 7),
			scnUnit("A3", "lancers", MediumMech, "1005", 8, 10, 7),
			scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7))
		next, _ := scnDo(t, s, "withdraw A1", nil)
		if next.Unit("A1").Status != Captured || next.Side("lancers").VP != 0 {
			t.Error("a vehicle scored a 'Mechs-only exit")
		}
	})
}

// Ensure bounties add to a destroyed unit's cost (The Steel Tip, 10 per
// Lancers unit, line 2243; The Pounce, 10 per truck, line 2305), and only
// when it is destroyed.
func TestScenarioBounty(t *testing.T) {
	rules := &ScenarioRules{SideBounty: map[string]int{"lancers": 10}, Bounty: map[string]int{"B1": 7}}
	s, _ := scnBattle(t, rules, nil,
		scnUnit("A1", "lancers", MediumMech, "0105", 8, 10, 7),
		scnUnit("A2", "lancers", MediumMech, "0106", 8, 10, 7),
		scnUnit("B1", "bandits", Truck, "2005", 2, 2, 5),
		scnUnit("B2", "bandits", Truck, "2006", 2, 2, 5))
	s = s.Clone()
	for id, st := range map[string]Status{"A1": Destroyed, "A2": Captured, "B1": Destroyed} {
		u := s.Unit(id)
		u.Status = st
		if st == Destroyed {
			u.Step = 4
		}
	}
	vp := s.VictoryPoints()
	a := s.Unit("A1").Cost() // 10 + 0
	if want := a + 10 + 2*s.Unit("A2").Cost(); vp["bandits"] != want {
		t.Errorf("bandits %d, want %d", vp["bandits"], want)
	}
	if want := s.Unit("B1").Cost() + 7; vp["lancers"] != want {
		t.Errorf("lancers %d, want %d", vp["lancers"], want)
	}
}

// Ensure the salvage rules: counters worth 15 that count only once
// carried off (Dreaded Duty, line 2397); counters left on the map
// scoring for one side, with those its units hold there (The Pounce,
// line 2307; SC7); a destroyed carrier leaving two (line 2303); and
// salvage worth nothing (No Profit in Dying, line 2491).
func TestScenarioSalvageRules(t *testing.T) {
	units := func() []Unit {
		a1 := scnUnit("A1", "lancers", MediumMech, "0505", 8, 10, 7)
		a1.Salvage = 1
		b1 := scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7)
		b1.Salvage = 1
		return []Unit{a1, b1, scnUnit("A2", "lancers", Truck, "0606", 1, 1, 2)}
	}
	cases := []struct {
		name  string
		rules SalvageRules
		want  map[string]int
	}{
		{"Standard", SalvageRules{}, map[string]int{"lancers": 10, "bandits": 10}},
		{"ExitedOnly15", SalvageRules{VP: 15, Set: true, ExitedOnly: true}, map[string]int{"lancers": 0, "bandits": 0}},
		{"LeftToLancers", SalvageRules{ExitedOnly: true, LeftTo: "lancers"}, map[string]int{"lancers": 10 + 20, "bandits": 0}},
		{"Worthless", SalvageRules{VP: 0, Set: true}, map[string]int{"lancers": 0, "bandits": 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := scnBattle(t, &ScenarioRules{Salvage: c.rules}, nil, units()...)
			s = s.Clone()
			s.Salvage = map[hex.Hex]int{hex.MustParse("1010"): 2}
			if got := s.VictoryPoints(); got["lancers"] != c.want["lancers"] || got["bandits"] != c.want["bandits"] {
				t.Errorf("VP %v, want %v", got, c.want)
			}
		})
	}
	t.Run("ExitedCounts", func(t *testing.T) {
		s, _ := scnBattle(t, &ScenarioRules{Salvage: SalvageRules{VP: 15, Set: true, ExitedOnly: true}}, nil, units()...)
		s = s.Clone()
		a := s.Unit("A1")
		a.Status = Withdrawn
		if got := s.VictoryPoints()["lancers"]; got != 15 {
			t.Errorf("lancers %d, want 15 for a counter carried off", got)
		}
	})
	t.Run("CarrierLeavesTwo", func(t *testing.T) {
		s, _ := scnBattle(t, &ScenarioRules{Salvage: SalvageRules{CarrierLeaves: 2}}, nil, units()...)
		b := &battle{s: s.Clone(), side: "lancers"}
		u := b.s.Unit("B1")
		b.destroy(u, "test", true)
		if got := b.s.Salvage[hex.MustParse("2005")]; got != 2 {
			t.Errorf("%d counters, want 2", got)
		}
		b.destroy(b.s.Unit("A2"), "test", true) // a truck carrying none leaves none
		if got := b.s.Salvage[hex.MustParse("0606")]; got != 0 {
			t.Errorf("the truck left %d", got)
		}
	})
}

// Ensure the scavenging rule (Dreaded Duty, lines 2389–2393; SC6): a unit
// leaves by any edge without being captured, banks what it carries, waits
// a full game turn and comes back on the hex it left by — or, that hex
// blocked, waits on; its side is still in the battle meanwhile.
func TestScenarioScavenging(t *testing.T) {
	rules := &ScenarioRules{Scavenging: true, Salvage: SalvageRules{VP: 15, Set: true, ExitedOnly: true}}
	a1 := scnUnit("A1", "lancers", MediumMech, "1601", 8, 10, 7)
	a1.Salvage = 1
	s, _ := scnBattle(t, rules, nil, a1,
		scnUnit("B1", "bandits", MediumMech, "2010", 8, 10, 7))
	s, _ = scnDo(t, s, "withdraw A1", nil)
	if u := s.Unit("A1"); u.Status != Withdrawn || s.Side("lancers").VP != 15 {
		t.Fatalf("A1 %v, VP %d", u.Status, s.Side("lancers").VP)
	}
	// Turn 1 ends with the lancers off the map: still in the battle. In
	// turn 2 A1 waits.
	s, _ = scnEnd(t, s, 4, nil)
	if s.Phase == PhaseOver {
		t.Fatal("the battle ended while A1 waits to return")
	}
	if s.Unit("A1").Status != Withdrawn || s.Turn != 2 {
		t.Fatalf("A1 came back in turn %d", s.Turn)
	}
	blocked := s.Clone()
	// blockedWith is the position before A1's return with us added.
	blockedWith := func(us ...Unit) *State {
		b := blocked.Clone()
		b.Units = append(b.Units, unitPtrs(us)...)
		sort.Slice(b.Units, func(i, j int) bool { return b.Units[i].ID < b.Units[j].ID })
		return b
	}
	s, _ = scnEnd(t, s, 4, nil)
	if u := s.Unit("A1"); u.Status != Active || u.Hex.String() != "1601" || s.Turn != 3 {
		t.Fatalf("A1 is %v at %s in turn %d", u.Status, u.Hex, s.Turn)
	}
	if _, ok := s.Scenario.Left["A1"]; ok {
		t.Error("A1 is still listed as gone")
	}
	// Two bandits on 1601 block the return.
	b := blockedWith(scnUnit("B2", "bandits", MediumMech, "1601", 8, 10, 7), scnUnit("B3", "bandits", MediumMech, "1601", 8, 10, 7))
	b, ev := scnEnd(t, b, 4, nil)
	if b.Unit("A1").Status != Withdrawn || !scnHas(ev, "arrive", "cannot come back") {
		t.Errorf("A1 returned onto a full hex: %v", b.Unit("A1").Status)
	}
	// A bandit and a hidden platoon besides block it: the lancers, told
	// A1 cannot come back, learn of the platoon, so it is revealed
	// (ruling M12).
	b = blockedWith(scnUnit("B2", "bandits", MediumMech, "1601", 8, 10, 7), unitOf("B3 bandits infantry veteran 3/6/5 @1601 r=1 mp=2 hidden"))
	b, ev = scnEnd(t, b, 4, nil)
	if b.Unit("A1").Status != Withdrawn || b.Unit("B3").Hidden || !scnHas(ev, "revealed", "B3") {
		t.Errorf("A1 %v, B3 hidden %t", b.Unit("A1").Status, b.Unit("B3").Hidden)
	}
	// A lancer and the lancers' own hidden platoon block it: the bandits,
	// who see one unit on 1601 and know A1 is due back there (its return
	// is on the map for all to see), would learn of the platoon when A1
	// stays away, so it is revealed (ruling M12).
	b = blockedWith(scnUnit("A2", "lancers", MediumMech, "1601", 8, 10, 7), unitOf("A3 lancers infantry veteran 3/6/5 @1601 r=1 mp=2 hidden"))
	b, ev = scnEnd(t, b, 4, nil)
	if b.Unit("A1").Status != Withdrawn || b.Unit("A3").Hidden || !scnHas(ev, "revealed", "A3") {
		t.Errorf("A1 %v, A3 hidden %t", b.Unit("A1").Status, b.Unit("A3").Hidden)
	}
	// A hidden platoon alone on 1601: A1 comes back into its hex, so the
	// platoon is revealed and attacks it (a 7; A1 stays steady on a 12),
	// and A1's move ends (ruling M14).
	b = blockedWith(unitOf("B3 bandits infantry veteran 3/6/5 @1601 r=1 mp=2 hidden"))
	b, ev = scnEnd(t, b, 4, scnDice(t, 3, 4, 6, 6))
	if a1 := b.Unit("A1"); a1.Status != Active || a1.Hex.String() != "1601" || a1.MPLeft != 0 || b.Unit("B3").Hidden || !scnHas(ev, "attack", "") {
		t.Errorf("A1 %v at %s with %d MP, B3 hidden %t; events %v", a1.Status, a1.Hex, a1.MPLeft, b.Unit("B3").Hidden, ev)
	}
	// The bandits mined 1601 while A1 was away: coming back is entering
	// it, so the mines go off at A1 (10 against D 7, the +3 column, where
	// a 4 is one step) and it moves no more this turn (rulings SC6, M13).
	b = blocked.Clone()
	b.Side("bandits").Mines = map[hex.Hex]int{hex.MustParse("1601"): 10}
	b, ev = scnEnd(t, b, 4, scnDice(t, 1, 3))
	if a1 := b.Unit("A1"); mnAttack(t, ev) == nil || a1.Status != Active || a1.Step != 1 || a1.MPLeft != 0 || b.MinesAt(hex.MustParse("1601")) != 0 {
		t.Errorf("A1 %v at %s, step %d, %d MP; events %v", a1.Status, a1.Hex, a1.Step, a1.MPLeft, ev)
	}
}

// Ensure initiative is rolled again on 2D6 at the start of every game
// turn after the first (Dreaded Duty, line 2325; SC5): the winner moves
// first, ties roll again.
func TestScenarioInitiativeEachTurn(t *testing.T) {
	s, _ := scnBattle(t, &ScenarioRules{InitiativeEachTurn: true}, nil,
		scnUnit("A1", "lancers", MediumMech, "0505", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7))
	// Lancers 3+4, bandits 5+2: a tie; again lancers 1+1, bandits 6+6.
	d := scnDice(t, 3, 4, 5, 2, 1, 1, 6, 6)
	next, ev := scnEnd(t, s, 4, d)
	if next.Turn != 2 || next.PhasingSide().ID != "bandits" || next.Sides[0].ID != "bandits" {
		t.Fatalf("turn %d, %s moves", next.Turn, next.PhasingSide().ID)
	}
	if !scnHas(ev, "initiative", "Bandits wins the initiative for turn 2") {
		t.Errorf("events %v", ev)
	}
	// Each roll is its roller's event, as in the first turn's initiative.
	var rollers []string
	for _, e := range ev {
		if e.Type == "roll" && e.Dice != nil && strings.HasPrefix(e.Dice.Purpose, "initiative for ") {
			rollers = append(rollers, e.Side+":"+strings.TrimPrefix(e.Dice.Purpose, "initiative for "))
		}
	}
	if got, want := strings.Join(rollers, " "), "lancers:lancers bandits:bandits lancers:lancers bandits:bandits"; got != want {
		t.Errorf("initiative rolls (side:roller) = %s, want %s", got, want)
	}
	// Bandits then lancers in turn 2; turn 3 rolls again.
	next, _ = scnEnd(t, next, 4, scnDice(t, 1, 2, 6, 6))
	if next.Turn != 3 || next.PhasingSide().ID != "lancers" {
		t.Errorf("turn %d, %s moves", next.Turn, next.PhasingSide().ID)
	}
}

// Ensure Dreaded Duty ends once every salvage counter is off the map
// (line 2399; SC8): at the end of a player turn with none lying and none
// carried on the map.
func TestScenarioEndWhenSalvageGone(t *testing.T) {
	rules := &ScenarioRules{EndWhenSalvageGone: true, Scavenging: true}
	a1 := scnUnit("A1", "lancers", MediumMech, "0105", 8, 10, 7)
	a1.Salvage = 1
	s, _ := scnBattle(t, rules, nil, a1,
		scnUnit("A2", "lancers", MediumMech, "0506", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7))
	next, _ := scnEnd(t, s, 2, nil)
	if next.Phase == PhaseOver {
		t.Fatal("ended with a counter carried on the map")
	}
	next, _ = scnDo(t, s, "withdraw A1", nil)
	next, ev := scnEnd(t, next, 2, nil)
	if next.Phase != PhaseOver || !scnHas(ev, "battle_end", "carried off") {
		t.Errorf("phase %v: %v", next.Phase, ev)
	}
}

// Ensure units of the side left without transport are captured at the
// end, their cost once to the enemy (No Profit in Dying, line 2493;
// SC11), and objectives score for the side alone in the hex (SC9).
func TestScenarioStrandedAndObjectives(t *testing.T) {
	rules := &ScenarioRules{Stranded: "lancers", Objectives: []Objective{
		{Side: "bandits", Hex: hex.MustParse("2005"), VP: 20},
	}}
	s, _ := scnBattle(t, rules, nil,
		scnUnit("A1", "lancers", MediumMech, "0505", 8, 10, 7),
		scnUnit("A2", "lancers", MediumMech, "2506", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7),
		scnUnit("B2", "bandits", MediumMech, "2506", 8, 10, 7))
	end, ev, err := EndBattle(s, "test")
	if err != nil {
		t.Fatal(err)
	}
	if end.Unit("A1").Status != Captured || !scnHas(ev, "captured", "without transport") {
		t.Fatalf("A1 is %v", end.Unit("A1").Status)
	}
	want := end.Unit("A1").Cost() + end.Unit("A2").Cost() + 20
	if got := end.VictoryPoints()["bandits"]; got != want {
		t.Errorf("bandits %d, want %d (costs once, the objective)", got, want)
	}
	if s.Unit("A1").Status != Active || s.Scenario.Captives != nil {
		t.Error("EndBattle changed the state it was given")
	}
	// A contested objective scores for nobody.
	s.Scenario = &ScenarioRules{Objectives: []Objective{{Side: "bandits", Hex: hex.MustParse("2506"), VP: 30}}}
	if got := s.VictoryPoints()["bandits"]; got != 0 {
		t.Errorf("contested objective: bandits %d", got)
	}
	s.Units[1].Status = Withdrawn // A2 leaves 2506
	if got := s.VictoryPoints()["bandits"]; got != 30 {
		t.Errorf("held objective: bandits %d, want 30", got)
	}
}

// Ensure Check finds a reinforcement also on the battle's roll.
func TestScenarioCheck(t *testing.T) {
	s, _ := scnBattle(t, &ScenarioRules{}, nil,
		scnUnit("A1", "lancers", MediumMech, "0505", 8, 10, 7),
		scnUnit("B1", "bandits", MediumMech, "2005", 8, 10, 7))
	s = s.Clone()
	s.Scenario = &ScenarioRules{Reinforcements: []Reinforcement{{Side: "bandits", Edge: West, Units: []Unit{scnUnit("A1", "bandits", Truck, "0101", 1, 1, 1)}}}}
	errs := s.Check()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "also on the battle's roll") {
		t.Errorf("Check found %v", errs)
	}
}

// Ensure No Profit in Dying's escape (line 2489; SC11): each 'Mech lance
// carried off aboard a DropShip that lifts off scores 10 VP a 'Mech (40
// a lance, 50 with an Extra 'Mech chit), other units nothing; the battle
// ends once the side's DropShips are gone; what is left is captured at
// its cost once, cargo of a DropShip still on the map included.
func TestScenarioEscapeIntoSpace(t *testing.T) {
	rules := &ScenarioRules{
		Exits:            []ExitAward{{Side: "lancers", Space: true, VP: 10, PerMech: true, MechsOnly: true}},
		Stranded:         "lancers",
		EndWhenLiftedOff: "lancers",
	}
	ds1 := scnUnit("DS1", "lancers", Union, "0305", 13, 0, 7)
	ds2 := scnUnit("DS2", "lancers", Leopard, "0310", 8, 0, 6)
	m1 := scnUnit("M1", "lancers", HeavyMech, "", 10, 14, 8)
	m1.Status, m1.Aboard = Reserve, "DS1"
	m2 := scnUnit("M2", "lancers", MediumMech, "", 8, 12, 8)
	m2.Status, m2.Aboard, m2.Chits.ExtraMech = Reserve, "DS1", true
	v1 := scnUnit("V1", "lancers", Tracked, "", 8, 7, 10)
	v1.Status, v1.Aboard = Reserve, "DS1"
	m3 := scnUnit("M3", "lancers", MediumMech, "", 8, 12, 8)
	m3.Status, m3.Aboard = Reserve, "DS2"
	s, _ := scnBattle(t, rules, nil, ds1, ds2, m1, m2, v1, m3,
		scnUnit("M4", "lancers", LightMech, "0808", 5, 8, 5),
		scnUnit("B1", "bandits", HeavyMech, "2505", 10, 14, 8))
	s, ev := scnDo(t, s, "liftoff DS1", nil)
	if s.Unit("M1").Status != Withdrawn {
		t.Fatalf("M1 is %v after the liftoff: %v", s.Unit("M1").Status, ev)
	}
	if got := s.VictoryPoints()["lancers"]; got != 40+50 {
		t.Errorf("lancers %d VP, want 90 (two 'Mech lances, one with an extra 'Mech)", got)
	}
	t.Run("Stranded", func(t *testing.T) {
		end, _, err := EndBattle(s, "test")
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"DS2", "M3", "M4"} {
			if end.Unit(id).Status != Captured {
				t.Errorf("%s is %v, want captured", id, end.Unit(id).Status)
			}
		}
		want := end.Unit("DS2").Cost() + end.Unit("M3").Cost() + end.Unit("M4").Cost()
		if got := end.VictoryPoints()["bandits"]; got != want {
			t.Errorf("bandits %d, want %d", got, want)
		}
	})
	t.Run("EndsWhenGone", func(t *testing.T) {
		next, _ := scnDo(t, s, "liftoff DS2", nil)
		next, ev := scnEnd(t, next, 2, nil)
		if next.Phase != PhaseOver || !scnHas(ev, "battle_end", "DropShips have gone") {
			t.Fatalf("phase %v: %v", next.Phase, ev)
		}
		if next.Unit("M4").Status != Captured || next.Unit("M3").Status != Withdrawn {
			t.Errorf("M4 %v, M3 %v", next.Unit("M4").Status, next.Unit("M3").Status)
		}
	})
}
