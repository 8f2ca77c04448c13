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

// nearest is the places in a list of n items of the k nearest center
// among those ok says count, in list order: by hexes, ties by ID.
func nearest(center hex.Hex, k, n int, item func(i int) (at hex.Hex, id string, ok bool)) []int {
	type near struct {
		d, i int
		id   string
	}
	var l []near
	for i := range n {
		if at, id, ok := item(i); ok {
			l = append(l, near{hex.Distance(center, at), i, id})
		}
	}
	if len(l) > k {
		slices.SortFunc(l, func(a, b near) int { return cmp.Or(cmp.Compare(a.d, b.d), strings.Compare(a.id, b.id)) })
		l = l[:k]
		slices.SortFunc(l, func(a, b near) int { return cmp.Compare(a.i, b.i) })
	}
	out := make([]int, len(l))
	for j, x := range l {
		out[j] = x.i
	}
	return out
}

// nearEnemies marks, by pic.enemies index, the hardNear fighting enemies
// nearest center.
func (pic *picture) nearEnemies(center hex.Hex) []bool {
	in := make([]bool, len(pic.enemies))
	for _, i := range nearest(center, hardNear, len(pic.enemies), func(i int) (hex.Hex, string, bool) {
		e := pic.enemies[i]
		return e.at, e.id, e.fighting()
	}) {
		in[i] = true
	}
	return in
}

// nearOwn is the hardNear units of the side nearest center that the
// enemy may fire at (isTarget), but skip, in pic.own order.
func (pic *picture) nearOwn(center hex.Hex, skip *referee.ViewUnit) []*referee.ViewUnit {
	var out []*referee.ViewUnit
	for _, i := range nearest(center, hardNear, len(pic.own), func(i int) (hex.Hex, string, bool) {
		u := pic.own[i]
		if u == skip || !isTarget(u) {
			return hex.Hex{}, "", false
		}
		return *u.Hex, u.ID, true
	}) {
		out = append(out, pic.own[i])
	}
	return out
}
