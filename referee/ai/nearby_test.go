package ai

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
)

// Ensure nearest takes the k nearest by hexes, ties by ID whatever the
// list's order, and leaves out those not counted: of B3 (2 hexes), C1
// (not counted, 0), A9 and A2 (3 each) and D1 (5), the three nearest
// are B3 and A2, then A9 — not A9 before A2 for standing first.
func TestNearestByHexesThenID(t *testing.T) {
	type item struct {
		id string
		at hex.Hex
		ok bool
	}
	center := hex.Hex{X: 0, Y: 0}
	items := []item{{"A9", hex.Hex{X: 3}, true}, {"B3", hex.Hex{X: 2}, true}, {"C1", center, false}, {"A2", hex.Hex{X: 3}, true}, {"D1", hex.Hex{X: 5}, true}}
	for k, want := range map[int][]bool{
		1: {false, true, false, false, false},
		2: {false, true, false, true, false},
		3: {true, true, false, true, false},
		9: {true, true, false, true, true},
	} {
		got := nearest(nil, center, k, len(items), func(i int) (hex.Hex, string, bool) { return items[i].at, items[i].id, items[i].ok })
		if !slices.Equal(got, want) {
			t.Errorf("k %d: %v, want %v", k, got, want)
		}
	}
}

// Ensure nearest marks what sorting every item by hexes, then ID, and
// taking the first k marks: many items on a map wider than the distances
// it counts one by one (63 hexes), many at the same distance.
func TestNearestAsSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		n, k := rng.IntN(60), 1+rng.IntN(15)
		w := []int{5, 20, 150}[trial%3]
		ats, ids, oks := make([]hex.Hex, n), make([]string, n), make([]bool, n)
		for i := range n {
			ats[i] = hex.Hex{X: rng.IntN(w), Y: rng.IntN(w)}
			ids[i] = fmt.Sprintf("U%02d", rng.IntN(99))
			oks[i] = rng.IntN(5) > 0
		}
		center := hex.Hex{X: rng.IntN(w), Y: rng.IntN(w)}
		var order []int
		for i := range n {
			if oks[i] {
				order = append(order, i)
			}
		}
		slices.SortStableFunc(order, func(a, b int) int {
			return cmp.Or(cmp.Compare(hex.Distance(center, ats[a]), hex.Distance(center, ats[b])), strings.Compare(ids[a], ids[b]))
		})
		want := make([]bool, n)
		for _, i := range order[:min(k, len(order))] {
			want[i] = true
		}
		got := nearest(nil, center, k, n, func(i int) (hex.Hex, string, bool) { return ats[i], ids[i], oks[i] })
		// Items with the same distance and ID may be taken either way:
		// compare how many of each were taken.
		count := func(marks []bool) map[string]int {
			c := map[string]int{}
			for i, m := range marks {
				if m {
					c[fmt.Sprint(hex.Distance(center, ats[i]), ids[i])]++
				}
			}
			return c
		}
		if g, wa := count(got), count(want); fmt.Sprint(g) != fmt.Sprint(wa) {
			t.Fatalf("trial %d (k %d, %d items): took %v, want %v", trial, k, n, g, wa)
		}
	}
}
