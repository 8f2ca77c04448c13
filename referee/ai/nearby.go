package ai

import (
	"cmp"
	"slices"
	"strings"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// hardNear is how many enemies, and how many of the side's own units,
// Hard weighs in a fire exchange around one unit (ruling AIL2): those
// nearest it. A battle of a dozen units a side is weighed whole; in a
// larger one the cost of a decision stops growing with the battle, as
// an enemy beyond the dozen nearest seldom changes which hex is best.
const hardNear = 12

// nearest marks, of a list of n items, the k nearest center among
// those ok says count: by hexes, ties by ID. It counts the items at
// each distance rather than sort them, to find the farthest distance
// taken; only the items tied at it are sorted, by ID (those 63 hexes or
// more away counted as one distance, sorted by theirs). The marks are
// made in the memory of mem (nil: memory of their own).
func nearest(mem []bool, center hex.Hex, k, n int, item func(i int) (at hex.Hex, id string, ok bool)) []bool {
	in := append(mem[:0], make([]bool, n)...)
	// dists is each item's distance (−1: not counted), worked out once,
	// on the stack for a battle of up to 160 units a side.
	var on [320]int
	dists := on[:0]
	if n > len(on) {
		dists = make([]int, n)
	}
	dists = dists[:n]
	for i := range n {
		at, _, ok := item(i)
		dists[i] = -1
		if ok {
			dists[i] = hex.Distance(center, at)
		}
	}
	dist := func(i int) int { return dists[i] }
	var count [64]int // items by distance, the last for any farther
	for _, d := range dists {
		if d >= 0 {
			count[min(d, len(count)-1)]++
		}
	}
	// far is the farthest distance taken, left how many are taken at it.
	far, left := len(count), 0
	for r, taken := 0, 0; r < len(count); r++ {
		if taken+count[r] >= k {
			far, left = r, k-taken
			break
		}
		taken += count[r]
	}
	var tiedMem [hardNear]int // on the stack, unless more are tied
	tied := tiedMem[:0]
	for i := range n {
		switch d := min(dist(i), len(count)-1); {
		case d < 0:
		case d < far:
			in[i] = true
		case d == far:
			tied = append(tied, i)
		}
	}
	if len(tied) > left {
		// By distance, the last count's apart, then by ID.
		key := func(i int) (int, string) {
			_, id, _ := item(i)
			return dist(i), id
		}
		slices.SortFunc(tied, func(a, b int) int {
			da, ia := key(a)
			db, ib := key(b)
			return cmp.Or(cmp.Compare(da, db), strings.Compare(ia, ib))
		})
		tied = tied[:left]
	}
	for _, i := range tied {
		in[i] = true
	}
	return in
}

// nearEnemies marks, by pic.enemies index, the hardNear fighting enemies
// nearest center.
func (pic *picture) nearEnemies(center hex.Hex) []bool {
	return nearest(nil, center, hardNear, len(pic.enemies), func(i int) (hex.Hex, string, bool) {
		e := pic.enemies[i]
		return e.at, e.id, e.fighting()
	})
}

// nearOwn is the hardNear units of the side nearest center that the
// enemy may fire at (isTarget), but skip, in pic.own order.
func (pic *picture) nearOwn(center hex.Hex, skip *referee.ViewUnit) []*referee.ViewUnit {
	w := pic.scratch()
	in := nearest(w.nearOwn, center, hardNear, len(pic.own), func(i int) (hex.Hex, string, bool) {
		u := pic.own[i]
		if u == skip || !isTarget(u) {
			return hex.Hex{}, "", false
		}
		return *u.Hex, u.ID, true
	})
	w.nearOwn = in
	out := make([]*referee.ViewUnit, 0, hardNear)
	for i, u := range pic.own {
		if in[i] {
			out = append(out, u)
		}
	}
	return out
}
