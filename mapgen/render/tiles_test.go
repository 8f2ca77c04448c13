package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure a terrain copied from tiles (tiledRows) is the terrain painted
// whole in RGBA and looked up, pixel for pixel: maps of every theme,
// one sheet and both sector shapes, two seeds, deployment zones of
// several sides, with and without hex numbers and rulers, at hex sizes
// from the least to the largest; the kept tiles emptied at each size
// only, so that most maps are copied from tiles painted on maps before.
func TestTilesAsPainted(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	type shape struct {
		sheets int
		orient mapgen.Orientation
	}
	shapes := []shape{{1, mapgen.Wide}, {2, mapgen.Wide}, {2, mapgen.Tall}}
	for si, size := range []float64{MinHexSize, 13.6, DefaultHexSize, 33.3, MaxHexSize} {
		tiles.clear()
		seeds := 2
		if size > 40 {
			seeds = 1
		}
		cases, copied := 0, 0
		for ti, theme := range mapgen.Themes {
			for hi, sh := range shapes {
				for seed := range seeds {
					m, err := mapgen.Generate(mapgen.GenOptions{Seed: uint64(100*seed + 7*ti + hi), Theme: theme, Sheets: sh.sheets, Orientation: sh.orient})
					if err != nil {
						t.Fatal(err)
					}
					k := si + ti + hi + seed
					o := Options{HexSize: size, HexNumbers: k%3 != 0, Rulers: k%2 == 0}
					v := Tactical{Map: m, Highlights: randomTints(rng, m)[:2]} // no reachable hexes
					if k%4 == 0 {
						v.Highlights = append(v.Highlights, Highlight{Kind: Deployment, Side: 1, Hexes: zone(m.Width-3, m.Width, m.Height)})
					}
					name := fmt.Sprintf("%v %d×%d seed %d at %g, numbers %v, rulers %v", theme, m.Width, m.Height, seed, size, o.HexNumbers, o.Rulers)
					lay, err := checkedLayout(&v, &o)
					if err != nil {
						t.Fatal(err)
					}
					before := tilesCount()
					tn := newTints(v)
					got, sums := terrainRows(lay, m, tn)
					if tilesCount()-before < (m.Width*m.Height)/tiledWhole {
						copied++
					}
					W, H := lay.W, lay.H-lay.strip.height
					img := newPicture(W, H, nil)
					paintTerrain(img, lay, m, tn, 0)
					want := make([]byte, (W+1)*H)
					quantise(want[1:], W+1, img)
					compareTerrainRows(t, name, got, want, W)
					if sums != adlerOf(want) {
						t.Errorf("%s: the sums are not the rows'", name)
					}
					cases++
				}
			}
		}
		t.Logf("size %g: %d maps, %d copied from tiles, %d tiles kept", size, cases, copied, tilesCount())
		if copied < cases/2 {
			t.Errorf("size %g: %d maps of %d copied from tiles", size, copied, cases)
		}
	}
}

// tilesCount is how many tiles are kept.
func tilesCount() int {
	tiles.mu.Lock()
	defer tiles.mu.Unlock()
	return len(tiles.m) + len(tiles.old)
}

// Ensure a tile painted on its own (paintTile) is the tile cut from the
// terrain painted whole, for every hex of a map and of the ring around
// it whose box lies in the picture.
func TestTilePaintedAlone(t *testing.T) {
	for _, size := range []float64{MinHexSize, 13.6, DefaultHexSize, 47} {
		m := generatedMap(t, mapgen.Mixed)
		v := Tactical{Map: m, Highlights: []Highlight{{Kind: Deployment, Side: 0, Hexes: zone(0, 3, m.Height)}, {Kind: Deployment, Side: 1, Hexes: zone(3, 5, m.Height)}}}
		o := Options{HexSize: size, HexNumbers: true, Rulers: true}
		lay, err := checkedLayout(&v, &o)
		if err != nil {
			t.Fatal(err)
		}
		g := lay.below()
		W, H := lay.W, lay.H-lay.strip.height
		S, pic := W+1, image.Rect(0, 0, W, H)
		tp := newTerrainPainter(lay, m, newTints(v))
		tp.numbersAside = true
		rows := make([]byte, S*H)
		tp.paintRows(rows, drawnArea(g), func(*image.RGBA, func(image.Rectangle)) {})
		buf := new([]byte)
		n := 0
		for y := -1; y <= m.Height; y++ {
			for x := -1; x <= m.Width; x++ {
				cx, cy := g.center(hex.Hex{X: x, Y: y})
				ax, ay := int(math.Floor(cx)), int(math.Floor(cy))
				st := &tp.art.stamps[x&1]
				box := st.box().Add(image.Pt(ax, ay))
				if !box.In(pic) {
					continue
				}
				if got, want := tp.paintTile(buf, g, hex.Hex{X: x, Y: y}, st, box, ax, ay, make([]bool, len(m.Cells))), st.cut(rows[1:], S, ax, ay); !bytes.Equal(got, want) {
					t.Errorf("size %g: hex %d,%d painted alone differs from the whole terrain's", size, x, y)
				}
				n++
			}
		}
		if n < m.Width*m.Height {
			t.Errorf("size %g: %d tiles compared", size, n)
		}
	}
}

// Ensure maps drawn at once share the kept tiles safely (go test -race):
// six maps of every theme, each written from its own goroutine, the
// tiles emptied first and the terrains painted anew, every picture as
// drawn in RGBA.
func TestTilesConcurrent(t *testing.T) {
	type drawn struct {
		v    Tactical
		want image.Image
	}
	o := DefaultOptions()
	var ds []drawn
	for i, theme := range mapgen.Themes {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: uint64(40 + i), Theme: theme, Sheets: 2, Orientation: mapgen.Wide})
		if err != nil {
			t.Fatal(err)
		}
		v := Tactical{Map: m, Title: theme.String(), Highlights: []Highlight{{Kind: Deployment, Side: i % 2, Hexes: zone(2*i, 2*i+3, m.Height)}}}
		img, err := drawTactical(v, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, drawn{v, paletted(img, nil)})
	}
	for round := range 2 { // tiles painted, then copied
		bases.clear()
		if round == 0 {
			tiles.clear()
		}
		errs := make(chan error, len(ds))
		for _, d := range ds {
			go func() {
				var buf bytes.Buffer
				err := WriteTacticalPNG(&buf, d.v, o)
				if err == nil {
					var got image.Image
					if got, err = png.Decode(&buf); err == nil {
						if n, at := pixelDiff(got, d.want); n != 0 {
							err = fmt.Errorf("%s, round %d: %d pixels differ, first at %v", d.v.Title, round, n, at)
						}
					}
				}
				errs <- err
			}()
		}
		for range ds {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
	}
}
