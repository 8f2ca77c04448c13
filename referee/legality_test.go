package referee

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure validAttacks loses no legal attack by asking inReach first:
// planAttack refuses every attack inReach rules out, with each enemy put
// at every distance from the attacker up to two hexes beyond its range.
func TestInReachOnlyDropsRefusedAttacks(t *testing.T) {
	accepted := 0
	for seed := range uint64(12) {
		s := rpBattle(t, rand.New(rand.NewPCG(seed, 20)))
		for _, u := range s.Units {
			for _, v := range s.Units {
				if v.Side == u.Side {
					continue
				}
				for r := range u.Range + 3 {
					for _, h := range hex.Ring(u.Hex, r) {
						if !s.Map.Contains(h) {
							continue
						}
						c := s.Clone()
						c.Unit(v.ID).Hex = h
						for _, m := range []AttackMode{Ranged, Close, CloseAssault} {
							_, err := planAttack(c, newSightlines(c), c.Unit(u.ID), Action{Kind: ActAttack, Side: u.Side, Unit: u.ID, Target: v.ID, Mode: m})
							switch {
							case err == nil && !inReach(u, m, r):
								t.Fatalf("seed %d: %s may attack %s %v at %d hexes, but inReach says no", seed, u.ID, v.ID, m, r)
							case err != nil && !errors.Is(err, ErrIllegal):
								t.Fatalf("seed %d: %v", seed, err)
							case err == nil:
								accepted++
							}
						}
						break
					}
				}
			}
		}
	}
	if accepted == 0 {
		t.Fatal("no attack was accepted: the test checked nothing")
	}
}

// Ensure a refusal reads as it did when formatted at once, and still
// wraps ErrIllegal.
func TestRefusalText(t *testing.T) {
	err := illegal("%s is %d hexes from %s (%v)", "B1", 4, "A1", hex.Hex{X: 2, Y: 3})
	if !errors.Is(err, ErrIllegal) || err.Error() != "illegal action: B1 is 4 hexes from A1 (0304)" {
		t.Fatalf("%q", err)
	}
}

// Ensure a Long Tom's attack list is carried over an attack only while
// its forward observers are the same (ruling K5; sameObserver): the
// infantry in the 'Mech's hex, the Long Tom's only observer, close-
// assaults it (000 line 1013); with four steps it stays on the map and
// the list carries over, with two its own assault destroys it (the two
// steps it pays) and the Long Tom is offered the 'Mech no more.
func TestAttacksCarriedWhileObserversStay(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0908": heavyWoods, "0907": heavyWoods, "0909": heavyWoods})
	offers := func(acts []Action) bool {
		for _, a := range acts {
			if a.Target == "B1" && a.Observer == "I1" {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		step    int
		carried bool
	}{{0, true}, {2, false}} {
		i1 := cbUnit("I1", "lancers", Infantry, "1108", Values{RA: 2, CA: 4, D: 2}, 1, Regular)
		i1.Step = tc.step
		s := cbBattle(t, m, PhaseAttack, arLongTom("L1", "lancers", "0208"), i1,
			cbUnit("B1", "bandits", AssaultMech, "1108", Values{RA: 20, CA: 24, D: 14}, 3, Regular))
		if LineOfSight(m, s.Unit("L1").Hex, h("1108")).Clear {
			t.Fatal("test layout: L1 sees B1")
		}
		l := NewLegality(s)
		if !offers(l.Attacks("L1")) {
			t.Fatalf("step %d: L1 is not offered B1 through I1: %v", tc.step, l.Attacks("L1"))
		}
		next, _ := cbDo(t, s, "lancers", "attack I1 B1 assault", 8) // no effect on B1
		if got := next.Unit("I1").Status == Active; got != tc.carried {
			t.Fatalf("step %d: I1 %v after its assault", tc.step, next.Unit("I1").Status)
		}
		carried := l.Next(next)
		if _, ok := carried.attacks["L1"]; ok != tc.carried {
			t.Errorf("step %d: L1's list carried over %v, want %v", tc.step, ok, tc.carried)
		}
		got, want := carried.Attacks("L1"), NewLegality(next).Attacks("L1")
		if !reflect.DeepEqual(got, want) || offers(want) != tc.carried {
			t.Errorf("step %d: L1's attacks carried over %v, afresh %v", tc.step, got, want)
		}
	}
}
