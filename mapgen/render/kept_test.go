package render

import "testing"

// Ensure a kept value outlives the misses after it, however full the map
// was when it was made: emptying the map when full dropped a value made
// just before (a campaign's base between its two players' pictures).
func TestKeptKeepsTheNewest(t *testing.T) {
	k := kept[int, int]{bound: 4, bytes: 1 << 10, weigh: func(int) int { return 8 }}
	made := 0
	get := func(key int) int {
		return k.get(key, func() int { made++; return key * 10 })
	}
	for key := range 5 {
		get(key)
	}
	// The last bound/2 values made, and whatever was used since, stay.
	for _, key := range []int{3, 4} {
		if before := made; get(key) != key*10 || made != before {
			t.Errorf("value %d made again after one miss", key)
		}
	}
	// A value used again moves to the newer generation and outlives the
	// older one.
	get(3)
	get(5)
	get(6)
	if before := made; get(3) != 30 || made != before {
		t.Error("value 3, used again, made again after two misses")
	}
	if before := made; get(0) != 0 || made != before+1 {
		t.Error("value 0, never used again, still kept after six misses")
	}
	if n := len(k.m) + len(k.old); n > k.bound {
		t.Errorf("%d values kept, bound %d", n, k.bound)
	}
}

// clearKept empties every cache the package keeps across pictures (the
// kept maps, and the glyphs, hex art and counter symbols by size), as
// in a process that has drawn nothing yet; what is made once for good
// (sync.OnceValue: the palette's tables, the parsed fonts) stays.
func clearKept() {
	tiles.clear()
	bases.clear()
	strips.clear()
	counterFaces.clear()
	rulerLabels.clear()
	basePatches.clear()
	markPatches.clear()
	strategicBases.clear()
	strategicTops.clear()
	legendBands.clear()
	legendLines.clear()
	markSprites.clear()
	markShapes.clear()
	facesMu.Lock()
	clear(faces)
	glyphBytes.Store(0)
	facesMu.Unlock()
	arts.clear()
	symbols.clear()
}
