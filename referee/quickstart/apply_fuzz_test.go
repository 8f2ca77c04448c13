package quickstart

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// FuzzApply throws arbitrary actions at a battle in each phase: Apply
// never panics, a refused action leaves the State as it was, and an
// accepted one keeps the invariants.
func FuzzApply(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 4, 5, 7, 42} {
		f.Add(seed, uint8(0), "DF", int8(1), int8(1), int8(0), int8(0))
	}
	f.Add(uint64(7), uint8(2), "AF", int8(-1), int8(9), int8(3), int8(-2))
	f.Add(uint64(9), uint8(1), "AR", int8(4), int8(-4), int8(2), int8(1))
	f.Fuzz(func(t *testing.T, seed uint64, kind uint8, unit string, dx, dy, el, oh int8) {
		r := rand.New(rand.NewPCG(seed, 1))
		d := dice.New(dice.NewSeeded(seed))
		units := []UnitState{unitOn("DF", 0, DivineFire(), "0810", hex.N), unitOn("AR", 1, AlphaRecon(), "0806", hex.S)}
		s, _, err := NewBattle(mapgen.New(16, 17), [2]string{"blake", "bears"}, [2]string{}, units, d)
		switch seed % 4 {
		case 1, 2:
			// The Veteran set-up, the Units placed on the map by the
			// players or entering from their home edges (ruling QS22).
			counters := []Counter{{Kind: Objective, Owner: 0, Value: 20}, {Kind: Headquarters, Owner: 1, Value: 30}}
			s, _, err = NewVeteranBattle(mapgen.New(16, 17), [2]string{"blake", "bears"}, [2]string{}, units, counters, seed%4 == 1, d)
		case 3: // the Green deployment (ruling QS23)
			s, _, err = NewGreenBattle(mapgen.New(16, 17), [2]string{"blake", "bears"}, [2]string{}, units, [2]referee.Edge{referee.South, referee.North}, [2]int{3, 1})
		}
		if err != nil {
			t.Fatal(err)
		}
		s.AskHexside = seed%2 == 0 // the target's player asked (hexside.go)
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
		a := Action{Kind: ActionKind(kind % 9), Unit: unit, First: dx&1 == 1, Edge: referee.Edge(dx & 7), Counter: CounterKind(dy & 1), Hexside: Side(el & 3), Facing: hex.Direction(el & 7),
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
