package referee

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/referee/dice"
)

// coreBattle is a started two-side battle on open ground: lancers A1 at
// 0505 and A2 at 0605, bandits B1 at 2010.
func coreBattle(t *testing.T) *State {
	t.Helper()
	s := mustPosition(t, `map blank 32x17; turn 0 deploy lancers
		side lancers name="Lancers"; side bandits name="Bandits"
		unit A1 lancers medium-mech regular 10/12/8 @0505 r=3 mp=4 ob=13
		unit A2 lancers medium-mech regular 10/12/8 @0605 r=3 mp=4 ob=13
		unit B1 bandits medium-mech regular 10/12/8 @2010 r=3 mp=4 ob=13`)
	s, _, err := Start(s)
	if err != nil {
		t.Fatal(err)
	}
	if errs := s.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

func coreApply(t *testing.T, s *State, side, action string) *State {
	t.Helper()
	a, err := ParseAction(action)
	if err != nil {
		t.Fatal(err)
	}
	a.Side = side
	n, _, err := Apply(s, a, dice.New(dice.NewSeeded(1)))
	if err != nil {
		t.Fatalf("%s %s: %v", side, action, err)
	}
	if errs := n.Check(); len(errs) > 0 {
		t.Fatalf("after %s %s: %v", side, action, errs)
	}
	return n
}

// Ensure the turn order of 000 lines 570–610: each side's player turn runs
// movement then attack; the game turn advances after every side moved.
func TestSequenceOfPlay(t *testing.T) {
	s := coreBattle(t)
	if s.Turn != 1 || s.PhasingSide().ID != "lancers" || s.Phase != PhaseMovement || s.PlayerTurn != 1 {
		t.Fatalf("start: turn %d, %s, %v, player turn %d", s.Turn, s.PhasingSide().ID, s.Phase, s.PlayerTurn)
	}
	s = coreApply(t, s, "lancers", "end")
	if s.Phase != PhaseAttack {
		t.Fatalf("after ending movement: %v", s.Phase)
	}
	s = coreApply(t, s, "lancers", "end")
	if s.Turn != 1 || s.PhasingSide().ID != "bandits" || s.Phase != PhaseMovement {
		t.Fatalf("after the lancers' turn: turn %d, %s, %v", s.Turn, s.PhasingSide().ID, s.Phase)
	}
	s = coreApply(t, s, "bandits", "end")
	s = coreApply(t, s, "bandits", "end")
	if s.Turn != 2 || s.PhasingSide().ID != "lancers" || s.PlayerTurn != 3 {
		t.Fatalf("after both: turn %d, %s, player turn %d", s.Turn, s.PhasingSide().ID, s.PlayerTurn)
	}
	if u := s.Unit("A1"); u.MPLeft != 4 || u.StartHex != u.Hex {
		t.Errorf("A1 not readied for its turn: %+v", u)
	}

	t.Run("ErrNotYourTurn", func(t *testing.T) {
		_, _, err := Apply(s, Action{Kind: ActEnd, Side: "bandits"}, dice.New(dice.NewSeeded(1)))
		if !errors.Is(err, ErrIllegal) || err.Error() != "illegal action: it is Lancers' turn" {
			t.Errorf("bandits acting in the lancers' turn: %v", err)
		}
	})
	t.Run("ErrNotYourUnit", func(t *testing.T) {
		_, _, err := Apply(s, Action{Kind: ActOverburn, Side: "lancers", Unit: "B1"}, dice.New(dice.NewSeeded(1)))
		if !errors.Is(err, ErrIllegal) || err.Error() != "illegal action: you have no unit B1" {
			t.Errorf("ordering an enemy unit: %v", err)
		}
	})
	t.Run("ErrUnknownSide", func(t *testing.T) {
		if _, _, err := Apply(s, Action{Kind: ActEnd, Side: "pirates"}, nil); !errors.Is(err, ErrIllegal) {
			t.Errorf("unknown side: %v", err)
		}
	})
}

// Ensure a disrupted unit misses one turn of its own, whenever it was
// disrupted: it stands up at the end of its side's first turn that began
// after the disruption (000 lines 610, 980, 986; ruling B14).
func TestStandUp(t *testing.T) {
	s := coreBattle(t) // lancers' turn 1 (player turn 1)
	// A1 is disrupted during its own turn (say a failed overrun).
	s.Units[0].Disrupted, s.Units[0].DisruptedAt = true, s.PlayerTurn
	s = coreApply(t, s, "lancers", "end")
	s = coreApply(t, s, "lancers", "end") // end phase of player turn 1: too soon
	if !s.Unit("A1").Disrupted {
		t.Fatal("A1 stood up in the turn it was disrupted")
	}
	// The bandits' turn (player turn 2): B1 disrupts A2.
	s.Unit("A2").Disrupted, s.Unit("A2").DisruptedAt = true, s.PlayerTurn
	s = coreApply(t, s, "bandits", "end")
	s = coreApply(t, s, "bandits", "end")
	if !s.Unit("A1").Disrupted || !s.Unit("A2").Disrupted {
		t.Fatal("lancers stood up in the bandits' end phase")
	}
	// The lancers' turn 2 (player turn 3): both miss it, and stand up at its end.
	s = coreApply(t, s, "lancers", "end")
	s = coreApply(t, s, "lancers", "end")
	if s.Unit("A1").Disrupted || s.Unit("A2").Disrupted {
		t.Errorf("A1 %v, A2 %v: both should stand at the end of the lancers' next turn", s.Unit("A1").Disrupted, s.Unit("A2").Disrupted)
	}
}

// Ensure Start refuses a battle with undeployed ground units, and State
// is never changed by Apply.
func TestStartAndImmutability(t *testing.T) {
	s := mustPosition(t, "map blank 8x8; turn 0 deploy a; side a; side b; unit A1 a infantry green 0/0/0 reserve")
	if _, _, err := Start(s); err == nil || err.Error() != "illegal action: A1 has not been deployed" {
		t.Errorf("Start with a reserve unit: %v", err)
	}
	b := coreBattle(t)
	before := b.Clone()
	coreApply(t, b, "lancers", "end")
	if b.Phase != before.Phase || b.PlayerTurn != before.PlayerTurn {
		t.Error("Apply changed the state it was given")
	}
}

// Ensure Check finds broken invariants.
func TestStateCheck(t *testing.T) {
	s := coreBattle(t)
	s.Units[0].Hex = s.Units[1].Hex
	s.Units = append(s.Units, &Unit{ID: "Z9", Side: "lancers", Class: Tracked, Experience: Regular, Status: Active, Hex: s.Units[1].Hex})
	s.Map.Cell(h("0101")).Terrain = mapgen.HeavyWoods
	s.Units[2].Hex, s.Units[2].Class = h("0101"), Wheeled
	s.Units[1].Step = 7
	errs := s.Check()
	want := map[string]bool{
		"hex 0605 holds 3 units, more than 2":                        false,
		"unit B1 (wheeled) stands on prohibited heavy-woods at 0101": false,
		"unit A2 has 7 damage steps":                                 false,
		"unit A2 has 7 steps but is active":                          false,
	}
	for _, e := range errs {
		if _, ok := want[e.Error()]; ok {
			want[e.Error()] = true
		}
	}
	for msg, seen := range want {
		if !seen {
			t.Errorf("Check did not report %q; got %v", msg, errs)
		}
	}
	// A unit of no side, first in the list (the side last found starts
	// as "").
	s2 := coreBattle(t)
	s2.Units[0].Side = ""
	if errs := s2.Check(); !slices.ContainsFunc(errs, func(e error) bool {
		return strings.Contains(e.Error(), "unit "+s2.Units[0].ID+" belongs to unknown side")
	}) {
		t.Errorf("Check with a unit of no side: %v", errs)
	}
	// A document whose units list holds a null.
	s.Units[1] = nil
	if errs := s.Check(); len(errs) != 1 || errs[0].Error() != "battle unit 2 of 4 is empty" {
		t.Errorf("Check with an empty unit: %v", errs)
	}
}

// Ensure an attack declared in the movement phase is not made while a
// choice that ending the phase asked waits (rulings DR9, DEC6): fire at a
// dropping 'Mech, a landing's ambush, an AEP probe at sighting. The
// phase ends as far as an "end" would take it; the attacker is told only
// that the battle waits for the other side (ruling SE7), nothing happens
// to the target, and the attack is made when declared again once the
// choice is answered.
func TestAttackWaitsForChoice(t *testing.T) {
	const lancers = `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers medium-mech regular 10/10/8 @1010 r=3 mp=4 ob=13
		unit A3 lancers medium-mech regular 10/10/8 @0910 r=3 mp=4 ob=13
		unit B2 bandits light-mech regular 6/6/6 @1012 r=3 mp=4 ob=8`
	hit := drpTwo(drpRollFor(t, Column(10, 6), "1"))
	for _, tc := range []struct {
		name, bandits, drop string
		rolls               []drpRoll // of the end of movement
		answer              func(*State) (*State, []Event, error)
		secret              []string // what the lancers' notice must not name
	}{
		{"DropFire", "unit B1 bandits medium-mech regular 10/10/8 @1407 r=3 mp=4 ob=13", "drop A1 1408", nil,
			func(s *State) (*State, []Event, error) {
				d, _ := drpDice(t, drpTwo(9))
				return ResolveDropFire(s, "A1", nil, d)
			}, []string{"B1", "fire"}},
		{"DropAmbush", "unit B1 bandits infantry veteran 3/6/5 @0505 r=1 mp=2 hidden", "drop A1 0505", []drpRoll{drpTwo(9)},
			func(s *State) (*State, []Event, error) { return ResolveAmbush(s, "B1", false, nil) }, []string{"B1", "infantry"}},
		{"Probe", "unit B1 bandits light-mech regular 6/6/6 @1013 r=3 mp=4 ob=8 chits=aep", "", nil,
			func(s *State) (*State, []Event, error) { return ResolveProbe(s, "B1", "A2", nil) }, []string{"B1", "prob"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cbPosition(t, PhaseMovement, lancers+"\n"+tc.bandits)
			if tc.drop != "" {
				s, _ = drpDo(t, s, "lancers", tc.drop)
			}
			s.Asked = []string{"bandits"}
			s, ev := drpDo(t, s, "lancers", "attack A2 B2", tc.rolls...)
			if !s.waiting() || slices.ContainsFunc(ev, func(e Event) bool { return e.Attacker == "A2" }) || s.Unit("B2").Step != 0 || s.Unit("A2").Attacked {
				t.Fatalf("A2 attacked while a choice waits (waiting %t, B2 step %d); events %+v", s.waiting(), s.Unit("B2").Step, ev)
			}
			notice := cbOf(ev, "attack_waits")
			if len(notice) != 1 || !slices.Equal(notice[0].Audience, []string{"lancers"}) || !strings.Contains(notice[0].Text, "the battle waits for a choice of Moore's Bandits") {
				t.Fatalf("the lancers' notice: %+v", notice)
			}
			for _, w := range tc.secret {
				if strings.Contains(notice[0].Text, w) {
					t.Errorf("the lancers' notice %q names %q", notice[0].Text, w)
				}
			}
			cbRefuse(t, s, "lancers", "attack A2 B2", "the battle waits for a choice of Moore's Bandits")
			s, _, err := tc.answer(s)
			if err != nil {
				t.Fatal(err)
			}
			if s.waiting() || s.Phase != PhaseAttack {
				t.Fatalf("after the answer: waiting %t, phase %v", s.waiting(), s.Phase)
			}
			s, ev = drpDo(t, s, "lancers", "attack A2 B2", hit)
			if len(cbOf(ev, "attack")) != 1 || s.Unit("B2").Step != 1 {
				t.Errorf("the attack declared again: B2 step %d; events %+v", s.Unit("B2").Step, ev)
			}
		})
	}
}
