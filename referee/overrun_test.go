package referee

import (
	"fmt"
	"slices"
	"testing"

	"bfbot/mapgen"
)

// mvFaces returns two dice faces that sum to roll.
func mvFaces(roll int) []int {
	a := min(6, roll-1)
	return []int{a, roll - a}
}

// Ensure the overrun example of 000 lines 721–725. Kate Nomura's Veteran
// Recon Lance (step 1: RA 5, D 4) overruns into the heavy woods at 1303,
// paying 1 + 2 for the woods + 1 for Veteran; Moore's Assault Lance there
// has D 12, so the attempt fails and the Recon Lance makes a Disruption
// Roll, which it fails. Next turn Moore's Elite Assault Lance (RA 18)
// overruns the disrupted Recon Lance in the hex they share (ruling M9):
// +14, +2 disrupted, +2 Elite → the +15 column, with no terrain shift
// (ruling M8).
//
// The book says any roll but a 7 destroys the Recon Lance. On the
// rulebook table's +15 column a 7 and an 8 give 3 steps and every other
// roll 4; the reference card gives 4 on every roll. A step-1 lance has 3
// steps left, so every roll destroys it (ruling M18), and the Assault Lance
// moves on.
func TestMoveOverrunExample(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"1303": heavyWoods})
	recon := mvUnit("A1", "lancers", LightMech, "1304", Values{7, 7, 6}, 4)
	recon.Step, recon.Experience = 1, Veteran
	assault := mvUnit("B1", "bandits", AssaultMech, "1303", Values{18, 20, 12}, 3)
	assault.Experience = Elite

	// With MP 3 the Recon Lance cannot pay 3 + 1: it just stops there.
	short := recon
	short.MP = 3
	_, events := mvDo(t, mvBattle(t, m, short, assault), "lancers", "move A1 1303", mvDice(t))
	if mvEvent(events, "overrun") != nil || mvEvent(events, "stop") == nil {
		t.Errorf("MP 3: want a stop without an overrun, got %v", events)
	}

	s := mvBattle(t, m, recon, assault)
	next, events := mvDo(t, s, "lancers", "move A1 1303", mvDice(t, 1, 2))
	e := mvEvent(events, "overrun")
	if e == nil || *e.Value != 5 || *e.Defense != 12 || e.Audience != nil {
		t.Fatalf("overrun event %+v, want RA 5 against D 12, public", e)
	}
	if mvEvent(events, "attack") != nil {
		t.Errorf("an attack was rolled for a failed overrun")
	}
	if d := mvEvent(events, "disruption"); d == nil || *d.Result != "failed" {
		t.Errorf("disruption event %+v, want a failed roll (3 − 1 against Veteran 6)", d)
	}
	u := next.Unit("A1")
	if u.Hex != h("1303") || !u.Disrupted || !u.Halted || !slices.Equal(u.Overrun, []string{"B1"}) {
		t.Fatalf("Recon Lance at %s, disrupted %v, halted %v, overran %v", u.Hex, u.Disrupted, u.Halted, u.Overrun)
	}

	for _, crt := range []CRT{RulebookCRT, ReferenceCRT} {
		for roll := 2; roll <= 12; roll++ {
			t.Run(fmt.Sprintf("%v/roll%d", crt, roll), func(t *testing.T) {
				s := next.Clone()
				s.Rules.CRT = crt
				mvNextTurn(t, s, 1)
				after, events := mvDo(t, s, "bandits", "move B1 1303", mvDice(t, mvFaces(roll)...))
				a := mvEvent(events, "attack")
				if a == nil || a.Mode != "overrun" || *a.Column != 15 || *a.Value != 18 || *a.Defense != 4 {
					t.Fatalf("attack %+v, want the overrun on the +15 column, 18 against 4", a)
				}
				if after.Unit("A1").Status != Destroyed {
					t.Errorf("Recon Lance %v at step %d after %q", after.Unit("A1").Status, after.Unit("A1").Step, *a.Result)
				}
				// Elite: the attempt cost nothing, and it moves on.
				if b := after.Unit("B1"); b.MPLeft != 3 || b.Halted {
					t.Errorf("Assault Lance has %d MP, halted %v; want 3 and free to move", b.MPLeft, b.Halted)
				}
				mvDo(t, after, "bandits", "move B1 1304", mvDice(t))
			})
		}
	}
}

// Ensure the rest of the example's claim with a defender that has all four
// steps left (D 4 at step 0): on the rulebook table the 7 and the 8 leave
// it alive and the attacker stops in its hex; every other roll destroys it
// and the attacker may go on (ruling M18).
func TestMoveOverrunSurvivorStopsAttacker(t *testing.T) {
	def := mvUnit("A1", "lancers", LightMech, "1303", Values{6, 6, 4}, 4)
	def.Disrupted = true
	att := mvUnit("B1", "bandits", AssaultMech, "1302", Values{18, 20, 12}, 3)
	att.Experience = Elite
	for roll := 2; roll <= 12; roll++ {
		s := mvBattle(t, nil, def, att)
		mvNextTurn(t, s, 1)
		after, events := mvDo(t, s, "bandits", "move B1 1303", mvDice(t, mvFaces(roll)...))
		survived := roll == 7 || roll == 8
		if got := after.Unit("A1").Status == Active; got != survived {
			t.Errorf("roll %d: defender %v (result %q)", roll, after.Unit("A1").Status, *mvEvent(events, "attack").Result)
		}
		if b := after.Unit("B1"); b.Halted != survived || b.Hex != h("1303") {
			t.Errorf("roll %d: attacker at %s halted %v, want halted %v", roll, b.Hex, b.Halted, survived)
		}
	}
}

// Ensure the Overrun Attack Table (000 line 709): the attempt costs
// entering plus 3/2/1/0 MP by experience, and a unit one MP short just
// stops (ruling M7); experience shifts the column.
func TestMoveOverrunCosts(t *testing.T) {
	for _, tc := range []struct {
		exp    Experience
		cost   int
		column int
	}{
		{Green, 3, 14}, {Regular, 2, 15}, {Veteran, 1, 15}, {Elite, 0, 15},
	} {
		t.Run(tc.exp.String(), func(t *testing.T) {
			att := mvUnit("A1", "lancers", AssaultMech, "0505", Values{20, 20, 12}, 1+tc.cost)
			att.Experience = tc.exp
			def := mvUnit("B1", "bandits", LightMech, "0506", Values{4, 4, 2}, 4)
			next, events := mvDo(t, mvBattle(t, nil, att, def), "lancers", "move A1 0506", mvDice(t, 1, 1))
			a := mvEvent(events, "attack")
			if a == nil || *a.Column != tc.column || next.Unit("B1").Status != Destroyed {
				t.Fatalf("attack %+v, defender %v: want column %d and the defender destroyed", a, next.Unit("B1").Status, tc.column)
			}
			if u := next.Unit("A1"); u.MPLeft != 0 || u.Halted {
				t.Errorf("attacker has %d MP, halted %v; want 0 and not halted", u.MPLeft, u.Halted)
			}
			att.MP = tc.cost
			if tc.cost == 0 {
				return
			}
			_, events = mvDo(t, mvBattle(t, nil, att, def), "lancers", "move A1 0506", mvDice(t))
			if mvEvent(events, "overrun") != nil {
				t.Errorf("MP %d made an overrun costing %d", tc.cost, 1+tc.cost)
			}
		})
	}
}

// Ensure an overrun that destroys its defender lets the unit go on along
// its path, and one that does not ends the move there (000 lines 703–705).
func TestMoveOverrunOnTheWay(t *testing.T) {
	att := mvUnit("A1", "lancers", AssaultMech, "0504", Values{18, 20, 12}, 4)
	att.Experience = Elite
	def := mvUnit("B1", "bandits", LightMech, "0505", Values{6, 6, 4}, 4)
	s := mvBattle(t, nil, att, def)
	next, events := mvDo(t, s, "lancers", "move A1 0505 0506", mvDice(t, 1, 1))
	if u := next.Unit("A1"); u.Hex != h("0506") || u.MPLeft != 2 {
		t.Errorf("A1 at %s with %d MP, want through to 0506 with 2", u.Hex, u.MPLeft)
	}
	var types []string
	for _, e := range events {
		types = append(types, e.Type)
	}
	want := []string{"move", "overrun", "roll", "attack", "destroyed", "salvage", "overrun_through", "move", "mp"}
	if !slices.Equal(types, want) {
		t.Errorf("events %v, want %v", types, want)
	}
	// A 7 leaves it at step 3: A1 stays in its hex.
	next, _ = mvDo(t, s, "lancers", "move A1 0505 0506", mvDice(t, 3, 4))
	if u := next.Unit("A1"); u.Hex != h("0505") || !u.Halted || next.Unit("B1").Step != 3 {
		t.Errorf("A1 at %s halted %v, B1 step %d", u.Hex, u.Halted, next.Unit("B1").Step)
	}
}

// Ensure the other overrun conditions: RA must top D by 6 (000 line 701);
// the overrun RA of an overburning unit counts; a defender is tried once a
// turn (000 line 705); a jumping unit ends in the target hex even when the
// defender is destroyed (000 line 719); enemy air units are neither
// overrun nor stop anyone (000 line 719; ruling M6).
func TestMoveOverrunConditions(t *testing.T) {
	def := mvUnit("B1", "bandits", MediumMech, "0506", Values{12, 12, 8}, 4)
	t.Run("Margin", func(t *testing.T) {
		for _, tc := range []struct {
			ra        int
			goesAhead bool
		}{{14, true}, {13, false}} {
			att := mvUnit("A1", "lancers", AssaultMech, "0505", Values{tc.ra, 20, 12}, 6)
			// A 12: two steps on the +6 column, or a passed Disruption Roll.
			_, events := mvDo(t, mvBattle(t, nil, att, def), "lancers", "move A1 0506", mvDice(t, 6, 6))
			if (mvEvent(events, "attack") != nil) != tc.goesAhead || (mvEvent(events, "overrun_failed") != nil) == tc.goesAhead {
				t.Errorf("RA %d against D 8: attack %v", tc.ra, mvEvent(events, "attack"))
			}
		}
	})
	t.Run("OverburnRA", func(t *testing.T) {
		att := mvUnit("A1", "lancers", AssaultMech, "0505", Values{12, 20, 12}, 4)
		s := mvBattle(t, nil, att, def)
		s, _ = mvDo(t, s, "lancers", "overburn A1", mvDice(t))
		_, events := mvDo(t, s, "lancers", "move A1 0506", mvDice(t, 6, 6))
		if e := mvEvent(events, "overrun"); e == nil || *e.Value != 15 {
			t.Errorf("overrun %+v, want the overburn RA 15", e)
		}
	})
	t.Run("OncePerTurn", func(t *testing.T) {
		att := mvUnit("A1", "lancers", AssaultMech, "0505", Values{20, 20, 12}, 6)
		s := mvBattle(t, nil, att, def)
		s.Unit("A1").Overrun = []string{"B1"}
		_, events := mvDo(t, s, "lancers", "move A1 0506", mvDice(t))
		if mvEvent(events, "overrun") != nil || mvEvent(events, "stop") == nil {
			t.Errorf("second try at B1 in a turn: %v", events)
		}
		s.Unit("A1").Hex = h("0506")
		mvRefuse(t, s, "lancers", "move A1 0506", "no single enemy unit there it may overrun")
	})
	t.Run("JumperEndsThere", func(t *testing.T) {
		att := mvUnit("A1", "lancers", AssaultMech, "0504", Values{20, 20, 12}, 6)
		att.Jump = true
		next, _ := mvDo(t, mvBattle(t, nil, att, def), "lancers", "move A1 0506", mvDice(t, 1, 1))
		if u := next.Unit("A1"); next.Unit("B1").Status != Destroyed || u.Hex != h("0506") || !u.Halted {
			t.Errorf("jumper at %s halted %v, defender %v", u.Hex, u.Halted, next.Unit("B1").Status)
		}
	})
	t.Run("AirUnits", func(t *testing.T) {
		air := mvUnit("B9", "bandits", LightAir, "0506", Values{8, 0, 6}, 20)
		att := mvUnit("A1", "lancers", AssaultMech, "0505", Values{20, 20, 12}, 6)
		next, events := mvDo(t, mvBattle(t, nil, att, air), "lancers", "move A1 0506 0507", mvDice(t))
		if next.Unit("A1").Hex != h("0507") || mvEvent(events, "overrun") != nil {
			t.Errorf("A1 at %s: an air unit stopped or was overrun", next.Unit("A1").Hex)
		}
	})
}

// Ensure a truck never overruns: an overrun is an attack (000 line 703)
// and a truck has no combat ability (000 line 847). Entering a lone
// enemy's hex only ends its move there (000 line 626), and a move to its
// own hex, an overrun for any other unit (ruling M9), is refused.
func TestTruckNeverOverruns(t *testing.T) {
	truck := mvUnit("A1", "lancers", Truck, "0505", Values{20, 20, 12}, 6)
	def := mvUnit("B1", "bandits", LightMech, "0506", Values{4, 4, 2}, 4)
	s := mvBattle(t, nil, truck, def)
	next, events := mvDo(t, s, "lancers", "move A1 0506", mvDice(t))
	if e := mvEvent(events, "overrun"); e != nil {
		t.Fatalf("the truck overran: %s", e.Text)
	}
	if u := next.Unit("A1"); u.Hex != h("0506") || !u.Halted || next.Unit("B1").Step != 0 {
		t.Errorf("truck at %s halted %v, defender step %d; want in 0506, halted, the defender unharmed", u.Hex, u.Halted, next.Unit("B1").Step)
	}
	truck.Hex = h("0506")
	mvRefuse(t, mvBattle(t, nil, truck, def), "lancers", "move A1 0506", "no single enemy unit there it may overrun")
}
