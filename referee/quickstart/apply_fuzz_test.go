package quickstart

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// FuzzApply throws arbitrary actions at a battle in each phase: Apply
// never panics, a refused action leaves the State as it was, and an
// accepted one keeps the invariants.
func FuzzApply(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 42} {
		f.Add(seed, uint8(0), "DF", int8(1), int8(1), int8(0), int8(0))
	}
	f.Add(uint64(7), uint8(2), "AF", int8(-1), int8(9), int8(3), int8(-2))
	f.Add(uint64(9), uint8(1), "AR", int8(4), int8(-4), int8(2), int8(1))
	f.Fuzz(func(t *testing.T, seed uint64, kind uint8, unit string, dx, dy, el, oh int8) {
		r := rand.New(rand.NewPCG(seed, 1))
		d := dice.New(dice.NewSeeded(seed))
		s, _, err := NewBattle(mapgen.New(16, 17), [2]string{"blake", "bears"}, []UnitState{
			unitOn("DF", 0, DivineFire(), "0810", hex.N), unitOn("AR", 1, AlphaRecon(), "0806", hex.S),
		}, d)
		if err != nil {
			t.Fatal(err)
		}
		// Reach a random phase by valid play.
		for range r.IntN(12) {
			acts := ValidActions(s)
			if len(acts) == 0 {
				return
			}
			if s, _, err = Apply(s, acts[r.IntN(len(acts))], d); err != nil {
				t.Fatal(err)
			}
		}
		u := s.Units[0]
		if i := s.unit(unit); i >= 0 {
			u = s.Units[i]
		}
		to := hex.Hex{X: u.Hex.X + int(dx), Y: u.Hex.Y + int(dy)}
		a := Action{Kind: ActionKind(kind % 5), Unit: unit, Facing: hex.Direction(el & 7),
			Path:   []hex.Hex{to, u.Hex.Neighbor(hex.Direction(uint8(oh) % 6))}[:1+r.IntN(2)],
			Attack: Attack{Unit: unit, Element: int(el), Target: [2]string{"DF", "AR"}[r.IntN(2)], TargetElement: int(dx), Overheat: int(oh)}}
		before := s.Clone()
		n, _, err := Apply(s, a, d)
		if err != nil {
			if !reflect.DeepEqual(s, before) || !reflect.DeepEqual(n, before) {
				t.Fatalf("%v refused (%v) but the state changed", a, err)
			}
			return
		}
		if errs := n.Check(); len(errs) > 0 {
			t.Fatalf("%v accepted, then: %v", a, errs)
		}
	})
}
