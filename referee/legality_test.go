package referee

import (
	"errors"
	"math/rand/v2"
	"testing"

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
