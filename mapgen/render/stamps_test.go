package render

import (
	"image"
	"math"
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure the stamps' spans tile the plane: every pixel of a field of
// hexes, either parity, is in one hex's spans exactly (a tile is a
// hex's spans, tiles.go).
func TestStampsTile(t *testing.T) {
	for _, s := range gridSizes() {
		g := newGrid(s, 12, 8, 0, 0)
		art := g.art()
		W, H := int(14*g.step), int(11*g.height)
		cnt := make([]uint8, W*H)
		for y := -1; y <= 9; y++ {
			for x := -1; x <= 13; x++ {
				cx, cy := g.center(hex.Hex{X: x, Y: y})
				ax, ay := int(math.Floor(cx)), int(math.Floor(cy))
				for _, r := range art.stamps[x&1].spans {
					for px := ax + r.x0; px < ax+r.x1; px++ {
						if py := ay + r.dy; px >= 0 && py >= 0 && px < W && py < H {
							cnt[py*W+px]++
						}
					}
				}
			}
		}
		bad := 0 // within the field, clear of its jagged edges
		for y := int(g.height); y < 9*int(g.height); y++ {
			for x := int(g.step); x < 12*int(g.step); x++ {
				if cnt[y*W+x] != 1 {
					bad++
				}
			}
		}
		if bad > 0 {
			t.Errorf("size %g: %d pixels not in one hex", s, bad)
		}
	}
}

// Ensure a hex's marks (trees, rough marks, waves, buildings, rubble)
// touch only its own pixels, its stamp's spans, at every scatter and
// either parity: a tile holds them all and no neighbour's reach it.
func TestFeaturesInsideHex(t *testing.T) {
	terrains := []mapgen.Terrain{mapgen.LightWoods, mapgen.HeavyWoods, mapgen.Rough, mapgen.Water1, mapgen.Water2, mapgen.Rubble}
	for _, tr := range mapgen.Terrains {
		if tr.Info().Building > 0 {
			terrains = append(terrains, tr)
		}
	}
	for _, s := range gridSizes() {
		g := newGrid(s, 2, 1, 0, 0)
		art := g.art()
		n := int(4*g.size) + 8
		for p := range 2 {
			st := &art.stamps[p]
			in := make([]bool, n*n)
			for _, r := range st.spans {
				for x := r.x0; x < r.x1; x++ {
					in[(r.dy+n/2)*n+x+n/2] = true
				}
			}
			for _, tr := range terrains {
				for v := range uint8(scatters) {
					img := image.NewRGBA(image.Rect(-n/2, -n/2, n-n/2, n-n/2))
					drawFeatures(img, art.sprites, g.size, v, mapgen.Cell{Terrain: tr}, st.fx, st.fy)
					for i := 0; i < n*n; i++ {
						if img.Pix[4*i+3] != 0 && !in[i] {
							t.Fatalf("size %g, parity %d, %v, scatter %d: a mark at (%d, %d) outside the hex", s, p, tr, v, i%n-n/2, i/n-n/2)
						}
					}
				}
			}
		}
	}
}

// gridSizes are a hex size for each grid (column step and hex height,
// newGrid) the sizes from MinHexSize to MaxHexSize give: the sizes
// where a rounding changes split the range, and a size is taken inside
// each part and at both ends.
func gridSizes() []float64 {
	cuts := []float64{MinHexSize, MaxHexSize}
	for k := 0.5; k < 2*MaxHexSize; k++ {
		for _, c := range []float64{k / 1.5, k / sqrt3} {
			if c > MinHexSize && c < MaxHexSize {
				cuts = append(cuts, c)
			}
		}
	}
	slices.Sort(cuts)
	sizes := []float64{MinHexSize, MaxHexSize}
	for i := 1; i < len(cuts); i++ {
		sizes = append(sizes, (cuts[i-1]+cuts[i])/2)
	}
	seen := map[[2]float64]bool{}
	var out []float64
	for _, s := range sizes {
		g := newGrid(s, 1, 1, 0, 0)
		if k := [2]float64{g.step, g.height}; !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// Ensure gridSizes gives every grid: none of the sizes a fine step
// gives is missing from it.
func TestGridSizes(t *testing.T) {
	have := map[[2]float64]bool{}
	for _, s := range gridSizes() {
		g := newGrid(s, 1, 1, 0, 0)
		have[[2]float64{g.step, g.height}] = true
	}
	for s := float64(MinHexSize); s <= MaxHexSize; s += 0.001 {
		if g := newGrid(s, 1, 1, 0, 0); !have[[2]float64{g.step, g.height}] {
			t.Fatalf("size %g: its grid is missing", s)
		}
	}
	t.Logf("%d grids", len(have))
}

// Ensure scattered, which tells the tiles of a terrain's hexes apart by
// their scatter (tileKey), holds exactly the terrains whose marks
// drawFeatures scatters: the scatters draw alike in every other
// terrain, and differently in these.
func TestScatteredAsDrawn(t *testing.T) {
	g := newGrid(DefaultHexSize, 2, 1, 0, 0)
	art := g.art()
	st := &art.stamps[0]
	n := int(4*g.size) + 8
	for _, tr := range mapgen.Terrains {
		var first []byte
		alike := true
		for v := range uint8(scatters) {
			img := image.NewRGBA(image.Rect(-n/2, -n/2, n-n/2, n-n/2))
			drawFeatures(img, art.sprites, g.size, v, mapgen.Cell{Terrain: tr}, st.fx, st.fy)
			if first == nil {
				first = img.Pix
			} else if !slices.Equal(img.Pix, first) {
				alike = false
			}
		}
		if alike == scattered(tr) {
			t.Errorf("%v: scattered %v, yet its scatters draw alike %v", tr, scattered(tr), alike)
		}
	}
}
