package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"bfbot/mapgen"
)

// Ensure a terrain mapped to the palette band by band (terrainRows: the
// margins beyond the hexes' reach written as their background, only the
// rest and the rulers' numbers looked up) is the terrain painted whole in
// RGBA and every pixel looked up:
// generated maps of every theme, one sheet and both sector shapes, hex
// sizes from the least to the largest, with and without hex numbers and
// rulers, with deployment zones of several sides and reachable hexes.
func TestTerrainRowsAsLookedUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 11))
	type shape struct {
		sheets int
		orient mapgen.Orientation
	}
	shapes := []shape{{1, mapgen.Wide}, {2, mapgen.Wide}, {2, mapgen.Tall}}
	sizes := []float64{MinHexSize, 11.5, 13.7, DefaultHexSize, 33.3, 47, MaxHexSize}
	cases := 0
	for ti, theme := range mapgen.Themes {
		for si, sh := range shapes {
			m, err := mapgen.Generate(mapgen.GenOptions{Seed: uint64(3 + ti), Theme: theme, Sheets: sh.sheets, Orientation: sh.orient})
			if err != nil {
				t.Fatal(err)
			}
			size := sizes[(ti+si)%len(sizes)]
			o := Options{HexSize: size, HexNumbers: (ti+si)%3 != 0, Rulers: (ti+si)%2 == 0, Legend: si == 1}
			v := Tactical{Map: m, Title: "T", Highlights: randomTints(rng, m)}
			name := fmt.Sprintf("%v %d×%d at %g, numbers %v, rulers %v", theme, m.Width, m.Height, size, o.HexNumbers, o.Rulers)
			checkTerrainRows(t, name, v, o)
			cases++
		}
	}
	// A small map at every size, the margins wider than the hexes.
	for _, size := range sizes {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: 9, Theme: mapgen.Mixed})
		if err != nil {
			t.Fatal(err)
		}
		m.Width, m.Height, m.Cells = 3, 2, append(m.Cells[:3:3], m.Cells[m.Width:m.Width+3]...)
		v := Tactical{Map: m, Highlights: randomTints(rng, m)}
		checkTerrainRows(t, fmt.Sprintf("3×2 at %g", size), v, Options{HexSize: size, HexNumbers: true, Rulers: true})
		cases++
	}
	t.Logf("%d terrains", cases)
}

// randomTints are deployment zones of two or three sides and reachable
// hexes on m, some beside each other.
func randomTints(rng *rand.Rand, m *mapgen.Map) []Highlight {
	var hls []Highlight
	for side := range 2 + rng.IntN(2) {
		hl := Highlight{Kind: Deployment, Side: side}
		x0, y0 := rng.IntN(m.Width), rng.IntN(m.Height)
		for x := x0; x < min(x0+3, m.Width); x++ {
			for y := y0; y < min(y0+4, m.Height); y++ {
				hl.Hexes = append(hl.Hexes, hexAt(m, y*m.Width+x))
			}
		}
		hls = append(hls, hl)
	}
	hl := Highlight{Kind: Reachable}
	for range 1 + rng.IntN(12) {
		hl.Hexes = append(hl.Hexes, hexAt(m, rng.IntN(len(m.Cells))))
	}
	return append(hls, hl)
}

// checkTerrainRows compares terrainRows with the terrain of v painted
// whole in RGBA (paintTerrain) and every pixel looked up (quantise).
func checkTerrainRows(t *testing.T, name string, v Tactical, o Options) {
	t.Helper()
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tn := newTints(v)
	got, _ := terrainRows(lay, v.Map, tn)
	W, H := lay.W, lay.H-lay.strip.height
	img := newPicture(W, H, nil)
	paintTerrain(img, lay, v.Map, tn, 0)
	want := make([]byte, (W+1)*H)
	quantise(want[1:], W+1, img)
	if bytes.Equal(got, want) {
		return
	}
	n, at := 0, -1
	for i := range got {
		if got[i] != want[i] {
			if n++; at < 0 {
				at = i
			}
		}
	}
	t.Errorf("%s: %d pixels differ from the terrain painted in RGBA and looked up, first at (%d, %d)", name, n, at%(W+1)-1, at/(W+1))
}
