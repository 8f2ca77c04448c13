package referee

import (
	"math/rand/v2"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

func h(s string) hex.Hex { return hex.MustParse(s) }

// terrain builds a 32×17 sheet of open ground with the given cells.
func terrain(cells map[string]mapgen.Cell) *mapgen.Map {
	m := mapgen.New(mapgen.SheetWidth, mapgen.SheetHeight)
	for name, c := range cells {
		m.Set(h(name), c)
	}
	return m
}

var (
	lightWoods = mapgen.Cell{Terrain: mapgen.LightWoods}
	heavyWoods = mapgen.Cell{Terrain: mapgen.HeavyWoods}
	level      = func(n int) mapgen.Cell { return mapgen.Cell{Elevation: n} }
)

// Ensure the sighting example of 000 line 788 holds
// on a sheet laid out as its text describes: light woods at 0403, 0402 and
// 0401; heavy woods and high ground toward 0102 and 0103.
func TestLineOfSightSightingExample(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"0403": lightWoods, "0402": lightWoods, "0401": lightWoods,
		"0203": heavyWoods, "0202": level(2), "0302": level(2),
	})
	// 0404 to 0303 runs along the 0304/0403 hexside: the light woods side
	// counts (R3), and one light woods hex does not block.
	if l := LineOfSight(m, h("0404"), h("0303")); !l.Clear || l.Thin != 1 || l.Shift != -1 {
		t.Errorf("0404 -> 0303: %v (thin %d, shift %d), want clear past one light woods hex", l, l.Thin, l.Shift)
	}
	// The tracked unit in 0401 sits in the third light woods hex.
	if l := LineOfSight(m, h("0404"), h("0401")); l.Clear || l.By != ByThin || l.At != h("0401") {
		t.Errorf("0404 -> 0401: %v, want blocked by the third light woods hex at 0401", l)
	}
	for _, target := range []string{"0102", "0103"} {
		l := LineOfSight(m, h("0404"), h(target))
		if l.Clear || (l.By != ByWoods && l.By != ByElevation) {
			t.Errorf("0404 -> %s: %v, want blocked by heavy woods or high ground", target, l)
		}
	}
}

// Ensure the dead zone example of 000 line 803: the heavy lance on a
// level 1 hill at 0412 cannot see 0515 (behind a level 1 hill at 0514), nor
// 0210 (level 2, behind the level 2 hex 0312 in front of the lance), nor
// 0213 (past the level 2 hex 0313). The lines run 0412-0413-0514-0515,
// 0412-0312-0311-0210 and 0412-0313-0213.
func TestLineOfSightDeadZoneExample(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"0412": level(1), "0413": level(1), "0514": level(1),
		"0312": level(2), "0311": level(2), "0210": level(2),
		"0313": level(2),
	})
	for _, tc := range []struct {
		target string
		by     Blocker
		at     string
	}{
		{"0515", ByDeadZone, "0514"},
		{"0210", ByDeadZone, "0312"},
		{"0213", ByElevation, "0313"},
	} {
		l := LineOfSight(m, h("0412"), h(tc.target))
		if l.Clear || l.By != tc.by || l.At != h(tc.at) {
			t.Errorf("0412 -> %s: %v, want blocked by %s at %s", tc.target, l, blockerNames[tc.by], tc.at)
		}
		// Sighting works both ways: the hidden unit cannot see out either.
		if back := LineOfSight(m, h(tc.target), h("0412")); back.Clear {
			t.Errorf("%s -> 0412: clear, want blocked", tc.target)
		}
	}
	// Dead zones need range two or more: adjacent units always see.
	m.Set(h("0413"), level(0))
	if l := LineOfSight(m, h("0412"), h("0413")); !l.Clear {
		t.Errorf("0412 -> 0413 adjacent: %v, want clear", l)
	}
	// Without the hill in front, 0515 is in view.
	m.Set(h("0514"), level(0))
	if l := LineOfSight(m, h("0412"), h("0515")); !l.Clear {
		t.Errorf("0412 -> 0515 without the hill: %v, want clear", l)
	}
}

// Ensure a line along a hexside takes the side worse for the sighting
// unit (R3), whichever side that is.
func TestLineOfSightHexsideTie(t *testing.T) {
	// 0102 to 0302 runs along the hexside between 0201 and 0202.
	for _, side := range []string{"0201", "0202"} {
		m := terrain(map[string]mapgen.Cell{side: heavyWoods})
		if l := LineOfSight(m, h("0102"), h("0302")); l.Clear || l.By != ByWoods || l.At != h(side) {
			t.Errorf("heavy woods at %s: %v, want blocked there", side, l)
		}
		if l := LineOfSight(m, h("0302"), h("0102")); l.Clear {
			t.Errorf("heavy woods at %s, reverse: clear, want blocked", side)
		}
	}
	m := terrain(map[string]mapgen.Cell{"0201": {Terrain: mapgen.Rough}, "0202": {Terrain: mapgen.LightBuilding}})
	if l := LineOfSight(m, h("0102"), h("0302")); !l.Clear || l.Thin != 1 || l.Shift != -2 {
		t.Errorf("rough / light building: %v thin %d shift %d, want clear, the building's -2 and one thin hex", l, l.Thin, l.Shift)
	}
	if l := LineOfSight(terrain(nil), h("0102"), h("0302")); !l.Clear || l.Shift != 0 {
		t.Errorf("open both sides: %v", l)
	}
}

// Ensure every terrain but open ground and rubble is at least 12 m high
// (000 line 117), so intervening rough shifts the column like woods (the
// Terrain Modifiers Table, lines 896–918, shifts are cumulative) but, not
// being woods, buildings or high ground, blocks nothing (line 780); rubble
// between the units shifts nothing, as it is lower than a 'Mech (B16).
func TestLineOfSightInterveningRough(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"0502": {Terrain: mapgen.Rough}, "0503": {Terrain: mapgen.Rough}, "0504": lightWoods,
	})
	if l := LineOfSight(m, h("0501"), h("0505")); !l.Clear || l.Thin != 1 || l.Shift != -3 {
		t.Errorf("over rough, rough and light woods: %v thin %d shift %d, want clear, -1-1-1 = -3, one thin hex", l, l.Thin, l.Shift)
	}
	m.Set(h("0502"), mapgen.Cell{Terrain: mapgen.Rubble})
	m.Set(h("0503"), mapgen.Cell{Terrain: mapgen.Rubble})
	if l := LineOfSight(m, h("0501"), h("0505")); !l.Clear || l.Shift != -1 {
		t.Errorf("over rubble, rubble and light woods: %v shift %d, want clear, the woods' -1 only", l, l.Shift)
	}
	// A unit on a level-1 hill fires over low rough untroubled, as over
	// low woods (B8).
	m.Set(h("0501"), level(1))
	m.Set(h("0505"), level(1))
	m.Set(h("0503"), mapgen.Cell{Terrain: mapgen.Rough})
	if l := LineOfSight(m, h("0501"), h("0505")); !l.Clear || l.Shift != 0 {
		t.Errorf("over low rough from hills: %v shift %d, want clear, no shift", l, l.Shift)
	}
	// Rough beside the lower unit is as high as a level-1 hill: a dead
	// zone (line 801, B6).
	m = terrain(map[string]mapgen.Cell{"0502": level(1), "0504": {Terrain: mapgen.Rough}})
	if l := LineOfSight(m, h("0502"), h("0505")); l.Clear || l.By != ByDeadZone || l.At != h("0504") {
		t.Errorf("behind rough from a hill: %v, want a dead zone at 0504", l)
	}
}

// Ensure terrain no taller than either unit neither blocks nor shifts
// (R4), and the target's hex shift is left to combat.
func TestLineOfSightAboveBoth(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"0501": level(1), "0505": level(1),
		"0502": lightWoods, "0503": heavyWoods, "0504": {Terrain: mapgen.Water2},
	})
	// Both units on level 1: the woods at level 0 reach only level 1.
	if l := LineOfSight(m, h("0501"), h("0505")); !l.Clear || l.Shift != 0 || l.Thin != 0 {
		t.Errorf("over low woods: %v shift %d thin %d, want clear and no shift", l, l.Shift, l.Thin)
	}
	// Both on level 0: the heavy woods block.
	m.Set(h("0501"), level(0))
	m.Set(h("0505"), level(0))
	if l := LineOfSight(m, h("0501"), h("0505")); l.Clear || l.By != ByWoods || l.At != h("0503") {
		t.Errorf("through heavy woods: %v", l)
	}
	// Level 2 water between never shifts or blocks (000 line 918, the note to 906).
	m.Set(h("0503"), mapgen.Cell{})
	if l := LineOfSight(m, h("0501"), h("0505")); !l.Clear || l.Shift != -1 {
		t.Errorf("light woods and water: %v shift %d, want clear, -1", l, l.Shift)
	}
	// A target in woods: its hex counts toward three thin hexes but its
	// shift is not part of the line.
	m.Set(h("0505"), lightWoods)
	m.Set(h("0503"), lightWoods)
	if l := LineOfSight(m, h("0501"), h("0505")); l.Clear || l.By != ByThin || l.At != h("0505") {
		t.Errorf("two light woods and a target in light woods: %v, want blocked at 0505", l)
	}
	// The sighting unit's own hex never counts.
	if l := LineOfSight(m, h("0505"), h("0501")); !l.Clear || l.Thin != 2 {
		t.Errorf("from inside light woods: %v thin %d, want clear with two thin hexes", l, l.Thin)
	}
}

// randomTerrain is a sector map with noisy terrain and elevation, for
// property tests and benchmarks that need no particular layout.
func randomTerrain(seed uint64, w, ht int) *mapgen.Map {
	rng := rand.New(rand.NewPCG(seed, seed))
	m := mapgen.New(w, ht)
	for i := range m.Cells {
		m.Cells[i] = mapgen.Cell{Terrain: mapgen.Terrains[rng.IntN(len(mapgen.Terrains))], Elevation: rng.IntN(3)}
		if rng.IntN(3) > 0 {
			m.Cells[i].Terrain = mapgen.Open
		}
	}
	return m
}

// Ensure sight is symmetric wherever the target hex holds nothing thin and
// both ends share the same ground: a property over random terrain.
func TestLineOfSightSymmetry(t *testing.T) {
	seed := uint64(5)
	t.Logf("seed %d", seed)
	m := randomTerrain(seed, 32, 34)
	rng := rand.New(rand.NewPCG(seed, 1))
	for range 5000 {
		a, b := hex.Hex{X: rng.IntN(32), Y: rng.IntN(34)}, hex.Hex{X: rng.IntN(32), Y: rng.IntN(34)}
		m.Set(a, mapgen.Cell{Elevation: m.At(a).Elevation})
		m.Set(b, mapgen.Cell{Elevation: m.At(b).Elevation})
		ab, ba := LineOfSight(m, a, b), LineOfSight(m, b, a)
		if ab.Clear != ba.Clear || ab.Shift != ba.Shift {
			t.Fatalf("%s -> %s: %v shift %d; back: %v shift %d", a, b, ab, ab.Shift, ba, ba.Shift)
		}
	}
}

// BenchmarkLineOfSight is one LOS query on a 32×34 sector map (BENCHMARKS.md
// budget: 2 µs), over 256 fixed random pairs.
func BenchmarkLineOfSight(b *testing.B) {
	m := randomTerrain(9, 32, 34)
	rng := rand.New(rand.NewPCG(3, 4))
	var pairs [256][2]hex.Hex
	for i := range pairs {
		pairs[i] = [2]hex.Hex{{X: rng.IntN(32), Y: rng.IntN(34)}, {X: rng.IntN(32), Y: rng.IntN(34)}}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := pairs[i&255]
		LineOfSight(m, p[0], p[1])
		i++
	}
}
