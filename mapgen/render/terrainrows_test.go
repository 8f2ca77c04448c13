package render

import (
	"bytes"
	"fmt"
	"image"
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
	sizes := []float64{MinHexSize, 11.5, 13.7, DefaultHexSize, 33.3, 47, MaxHexSize}
	cases := 0
	for ti, theme := range mapgen.Themes {
		for si, sh := range sectorShapes {
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

// sectorShapes are the shapes the terrain tests generate maps in: one
// sheet, and sectors of two sheets side by side and one above the other.
var sectorShapes = []struct {
	sheets int
	orient mapgen.Orientation
}{{1, mapgen.Wide}, {2, mapgen.Wide}, {2, mapgen.Tall}}

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
// With rulers, it compares too the rows made as if the hexes' drawings
// reached the whole picture: the rulers' numbers are then not alone
// (rulers.alone), so drawn over the band and looked up, and the hex
// numbers painted with the hexes (no layout the package makes puts
// a number of the rulers within the hexes' reach).
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
	compareTerrainRows(t, name, got, want, W)
	if lay.rulers != nil {
		whole := image.Rect(0, 0, W, H)
		if lay.rulers.alone(lay.below(), lay.mw, lay.mh, whole) {
			t.Fatalf("%s: the rulers are alone within the whole picture", name)
		}
		got, _ := terrainRowsWithin(lay, v.Map, tn, whole)
		compareTerrainRows(t, name+", rulers not alone", got, want, W)
	}
}

// compareTerrainRows reports the pixels of rows got, W pixels wide,
// that differ from want.
func compareTerrainRows(t *testing.T, name string, got, want []byte, W int) {
	t.Helper()
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

// Ensure the rulers' numbers laid from the kept ones (rulers.lay) are
// those drawn and looked up, both where the margin under them is clear
// and where it is not (drawn there and looked up): over a plain
// background, in bands of several heights, at several hex sizes.
func TestRulersLaid(t *testing.T) {
	for _, size := range []float64{MinHexSize, 13.7, DefaultHexSize, MaxHexSize} {
		v := Tactical{Map: mapgen.New(20, 9)}
		o := Options{HexSize: size, HexNumbers: true, Rulers: true}
		lay, err := checkedLayout(&v, &o)
		if err != nil {
			t.Fatal(err)
		}
		g := lay.below()
		W, H := lay.W, lay.H-lay.strip.height
		S := W + 1
		img := newPicture(W, H, nil)
		fillRect(img, 0, 0, W, H, colBackground)
		lay.rulers.draw(img, g, lay.mw, lay.mh)
		want := make([]byte, S*H)
		quantise(want[1:], S, img)
		for _, drawn := range []image.Rectangle{{}, image.Rect(0, 0, W, H)} {
			for _, rows := range []int{7, 64, H} {
				got := make([]byte, S*H)
				for y0 := 0; y0 < H; y0 += rows {
					B := image.Rect(0, y0, W, min(y0+rows, H))
					band := image.NewRGBA(B)
					fillRect(band, 0, 0, W, H, colBackground)
					quantise(got[y0*S+1:], S, band)
					lay.rulers.lay(band, got[y0*S+1:], S, g, lay.mw, lay.mh, lay.rulers.alone(g, lay.mw, lay.mh, drawn), func(r image.Rectangle) {
						if r = r.Intersect(B); !r.Empty() {
							quantise(got[r.Min.Y*S+1+r.Min.X:], S, band.SubImage(r).(*image.RGBA))
						}
					})
				}
				if !bytes.Equal(got, want) {
					t.Errorf("size %g, drawn %v, bands of %d rows: the numbers laid differ from those drawn", size, drawn, rows)
				}
			}
		}
	}
}
