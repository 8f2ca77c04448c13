package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure a terrain copied from tiles (tiledRows) is the terrain painted
// whole in RGBA and looked up, pixel for pixel: maps of every theme,
// one sheet and both sector shapes, two seeds, deployment zones of
// several sides, with and without hex numbers and rulers, at hex sizes
// from the least to the largest; the kept tiles emptied at each size
// only, so that the maps after the first find most of their hexes'
// tiles kept from the maps before.
func TestTilesAsPainted(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for si, size := range []float64{MinHexSize, 13.6, DefaultHexSize, 33.3, MaxHexSize} {
		tiles.clear()
		seeds := 2
		if size > 40 {
			seeds = 1
		}
		cases, hexes, found := 0, 0, 0 // found: of the maps' hexes but the first map's
		for ti, theme := range mapgen.Themes {
			for hi, sh := range sectorShapes {
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
					n, f, _ := checkTiled(t, name, lay, m, newTints(v))
					if cases > 0 {
						hexes, found = hexes+n, found+f
					}
					cases++
				}
			}
		}
		t.Logf("size %g: %d maps, %d of %d hexes of those after the first found their tiles kept, %d tiles kept", size, cases, found, hexes, tilesCount())
		if found < hexes*2/3 {
			t.Errorf("size %g: the maps after the first found %d of their %d hexes' tiles kept", size, found, hexes)
		}
	}
}

// checkTiled checks that map m's terrain laid out by lay with tints tn
// (no reachable hexes), copied from tiles (terrainRows), is the terrain
// painted whole and looked up, and its sums the rows'; and returns how
// many hexes it copies (those of the map and of the ring around it a
// hex of the map borders), how many of them found their tile kept
// before, and whether it was painted whole (tiledWhole).
func checkTiled(t *testing.T, name string, lay layout, m *mapgen.Map, tn tints) (hexes, found int, whole bool) {
	t.Helper()
	ths, missing := newTerrainPainter(lay, m, tn).tiledHexes(lay.below())
	for _, th := range ths {
		if th.tile != nil {
			found++
		}
	}
	got, sums := terrainRows(lay, m, tn)
	W, H := lay.W, lay.H-lay.strip.height
	img := newPicture(W, H, nil)
	paintTerrain(img, lay, m, tn, 0)
	want := make([]byte, (W+1)*H)
	quantise(want[1:], W+1, img)
	compareTerrainRows(t, name, got, want, W)
	if sums != adlerOf(want) {
		t.Errorf("%s: the sums are not the rows'", name)
	}
	return len(ths), found, len(missing)*tiledWhole > len(ths)
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
// drawn in RGBA; then drawn again on terrains painted anew, all their
// tiles found.
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
	kinds := 0
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
		if round == 1 && tilesCount() != kinds {
			t.Errorf("the maps drawn again kept %d tiles more: not all found", tilesCount()-kinds)
		}
		kinds = tilesCount()
	}
}

// Ensure each way tiledRows makes a terrain is the terrain painted
// whole: a small map whose kinds are mostly new painted whole and its
// tiles cut from it (tiledWhole), at every hex size the test of tiles
// takes; the same map with one hex changed copied from the tiles kept,
// its few new ones painted alone.
func TestTilesWholeOrCopied(t *testing.T) {
	m := mapgen.New(4, 3)
	for i, tr := range []mapgen.Terrain{mapgen.LightWoods, mapgen.Rough, mapgen.Water1, mapgen.Rubble, mapgen.HeavyWoods} {
		m.Cells[2*i+1].Terrain = tr
	}
	m.Cells[5].Elevation, m.Cells[6].Elevation = 1, 2
	for _, i := range []int{4, 5, 6, 7} {
		m.Cells[i].Road = true
	}
	changed := &mapgen.Map{Width: m.Width, Height: m.Height, Cells: slices.Clone(m.Cells)}
	changed.Cells[10].Terrain = mapgen.LightWoods
	for _, size := range []float64{MinHexSize, 13.6, DefaultHexSize, 33.3, MaxHexSize} {
		tiles.clear()
		for _, c := range []struct {
			m     *mapgen.Map
			whole bool
		}{{m, true}, {changed, false}} {
			v := Tactical{Map: c.m, Highlights: []Highlight{{Kind: Deployment, Side: 0, Hexes: zone(0, 2, c.m.Height)}}}
			o := Options{HexSize: size, HexNumbers: true, Rulers: true}
			lay, err := checkedLayout(&v, &o)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("size %g, painted whole %v", size, c.whole)
			hexes, found, whole := checkTiled(t, name, lay, c.m, newTints(v))
			if whole != c.whole || !whole && (found == hexes || found < hexes/2) {
				t.Errorf("%s: painted whole %v, %d of %d hexes' tiles found", name, whole, found, hexes)
			}
		}
	}
}

// Ensure one big map does not drop the tiles the maps before it kept:
// a 60×40 map of hexes all unlike, at the largest hex size, paints
// more tiles than the bound holds, and keeps only a quarter of it
// (tilesEach); a 64×17 map drawn before finds all its tiles still kept.
func TestTilesBigMapKeepsOthers(t *testing.T) {
	tiles.clear()
	small := generatedMap(t, mapgen.Mixed)
	o := DefaultOptions()
	sv := Tactical{Map: small}
	slay, err := checkedLayout(&sv, &o)
	if err != nil {
		t.Fatal(err)
	}
	terrainRows(slay, small, newTints(sv))
	before := tilesWeight()

	rng := rand.New(rand.NewPCG(3, 9))
	big := mapgen.New(60, 40)
	for i := range big.Cells {
		big.Cells[i] = mapgen.Cell{Terrain: mapgen.Terrains[rng.IntN(len(mapgen.Terrains))], Elevation: rng.IntN(3), Road: rng.IntN(4) == 0}
	}
	bv, bo := Tactical{Map: big}, Options{HexSize: MaxHexSize}
	blay, err := checkedLayout(&bv, &bo)
	if err != nil {
		t.Fatal(err)
	}
	terrainRows(blay, big, newTints(bv))
	t.Logf("hex size %g, %d×%d pixels, %d bytes of tiles added", blay.g.size, blay.W, blay.H, tilesWeight()-before)
	if added := tilesWeight() - before; added > tilesEach {
		t.Errorf("the big map kept %d bytes of tiles, more than %d", added, tilesEach)
	}
	ths, _ := newTerrainPainter(slay, small, newTints(sv)).tiledHexes(slay.below())
	for _, th := range ths {
		if th.tile == nil {
			t.Fatalf("the map drawn before the big map lost its tile of hex %v", th.h)
		}
	}
}

// tilesWeight is what the kept tiles weigh.
func tilesWeight() int {
	tiles.mu.Lock()
	defer tiles.mu.Unlock()
	w := 0
	for _, m := range []map[tileKey][]byte{tiles.m, tiles.old} {
		for _, t := range m {
			w += tiles.weigh(t)
		}
	}
	return w
}
