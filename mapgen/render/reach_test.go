package render

import (
	"bytes"
	"image"
	"image/color"
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure a move preview's reachable marks, painted again over the kept
// unmarked terrain (markReach), give the pixels of the whole terrain
// painted marked: blobs of every size, single hexes, hexes on the map's
// edges and corners, beside and inside deployment zones, at small, odd
// and large hex sizes, with and without hex numbers and rulers; drawn
// and written, on a terrain written before and on a new one.
func TestReachTint(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 17))
	options := []func(o *Options){
		func(*Options) {},
		func(o *Options) { o.HexSize = MinHexSize },
		func(o *Options) { o.HexSize = 33.3 },
		func(o *Options) { o.HexNumbers, o.Rulers = false, false },
		func(o *Options) { o.Rulers = false },
	}
	for _, orient := range []mapgen.Orientation{mapgen.Wide, mapgen.Tall} {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: mapgen.Mixed, Sheets: 2, Orientation: orient})
		if err != nil {
			t.Fatal(err)
		}
		corners := []hex.Hex{{X: 0, Y: 0}, {X: m.Width - 1, Y: 0}, {X: 0, Y: m.Height - 1}, {X: m.Width - 1, Y: m.Height - 1}}
		for i := range 16 {
			o := DefaultOptions()
			options[i%len(options)](&o)
			centre := hex.Hex{X: rng.IntN(m.Width), Y: rng.IntN(m.Height)}
			if i < len(corners) {
				centre = corners[i]
			}
			var reach []hex.Hex
			for _, h := range hex.Within(centre, rng.IntN(7)) {
				if m.Contains(h) && rng.IntN(5) != 0 {
					reach = append(reach, h)
				}
			}
			v := Tactical{Map: m, Title: "preview", Highlights: []Highlight{
				{Kind: Reachable, Hexes: reach},
				{Kind: Selected, Hexes: []hex.Hex{centre}},
			}}
			if i%3 == 0 {
				zone := Highlight{Kind: Deployment, Side: 1}
				for _, h := range hex.Within(centre, 2) {
					if m.Contains(h) {
						zone.Hexes = append(zone.Hexes, h)
					}
				}
				v.Highlights = append(v.Highlights, zone)
			}
			if i%4 == 0 {
				bases.clear() // the preview the first picture on its terrain
			}
			want := drawnWhole(t, v, o)
			if n, at := pixelDiff(MustDrawTactical(t, v, o), want); n != 0 {
				t.Fatalf("%d×%d, %d reachable hexes around %v, size %v: %d pixels differ from the terrain painted marked, first at %v",
					m.Width, m.Height, len(reach), centre, o.HexSize, n, at)
			}
			var buf bytes.Buffer
			if err := WriteTacticalPNG(&buf, v, o); err != nil {
				t.Fatal(err)
			}
			if n, at := pixelDiff(decodePNG(t, buf.Bytes()), want); n != 0 {
				t.Fatalf("%d×%d around %v written: %d pixels differ, first at %v", m.Width, m.Height, centre, n, at)
			}
		}
	}
}

// Ensure a marked hex kept from one preview (terrainBase.marked) gives
// the pixels of the terrain painted marked in the previews after it, and
// that where hex numbers reach the hexes beside them a marked hex's
// number is painted over its unmarked neighbours too (it was not),
// whose marked sets differ around it: on one terrain, at small, odd and
// default hex sizes with hex numbers (dark on a marked hex's tag, light
// on dark unmarked ground beside it) and a deployment zone, blobs
// with holes that overlap the ones before, so that a kept hex's
// neighbours are marked in one preview and not in the next.
func TestReachTintKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 29))
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: mapgen.Mixed, Sheets: 2, Orientation: mapgen.Wide})
	if err != nil {
		t.Fatal(err)
	}
	zone := Highlight{Kind: Deployment, Side: 0, Hexes: hex.Within(hex.Hex{X: 12, Y: 8}, 3)}
	// The two smaller sizes' numbers reach into the hexes beside them
	// (numbersStay false: painted again every preview), the others'
	// do not (kept).
	for _, size := range []float64{MinHexSize, 12, 33.3, DefaultOptions().HexSize} {
		o := DefaultOptions()
		o.HexSize = size
		bases.clear()
		v := Tactical{Map: m}
		lay, err := checkedLayout(&v, &o)
		if err != nil {
			t.Fatal(err)
		}
		if stay := numbersStay(lay, m); stay != (size > 12) {
			t.Fatalf("size %v: numbers within their hexes %v, want %v: the sizes no longer test both ways", size, stay, size > 12)
		}
		for i := range 8 {
			centre := hex.Hex{X: 10 + rng.IntN(5), Y: 6 + rng.IntN(5)}
			var reach []hex.Hex
			for _, h := range hex.Within(centre, 1+rng.IntN(4)) {
				if m.Contains(h) && rng.IntN(3) != 0 {
					reach = append(reach, h)
				}
			}
			v := Tactical{Map: m, Title: "preview", Highlights: []Highlight{zone, {Kind: Reachable, Hexes: reach}}}
			want := drawnWhole(t, v, o)
			if n, at := pixelDiff(MustDrawTactical(t, v, o), want); n != 0 {
				t.Fatalf("size %v, preview %d (%d hexes around %v): %d pixels differ from the terrain painted marked, first at %v",
					size, i, len(reach), centre, n, at)
			}
		}
	}
}

// Ensure a move preview does not become a terrain of its own: the
// unmarked terrain is kept, and a preview is drawn over it.
func TestReachNotKept(t *testing.T) {
	v := sampleView()
	bases.clear()
	plain := v
	plain.Highlights = nil
	MustDrawTactical(t, plain, DefaultOptions())
	for i := range 3 {
		v.Highlights = []Highlight{{Kind: Reachable, Hexes: hex.Within(hex.Hex{X: 5 + i, Y: 5}, 2)}}
		MustDrawTactical(t, v, DefaultOptions())
	}
	bases.mu.Lock()
	n := len(bases.m)
	bases.mu.Unlock()
	if n != 1 {
		t.Errorf("after three previews on one map, %d terrains kept, want 1", n)
	}
}

// Ensure move previews may be drawn from several goroutines at once on
// one terrain, each painting and keeping marked hexes the others may be
// keeping too, and come out as the terrain painted marked. Run with
// -race to check the kept hexes' lock.
func TestReachConcurrent(t *testing.T) {
	v := sampleView()
	v.Highlights = []Highlight{{Kind: Reachable, Hexes: hex.Within(hex.Hex{X: 6, Y: 6}, 3)}}
	want := drawnWhole(t, v, DefaultOptions())
	bases.clear()
	writeConcurrently(t, want, func(w io.Writer) error { return WriteTacticalPNG(w, v, DefaultOptions()) })
}

// Ensure a reachable hex's mark changes only its tag, the rows of its
// number (a tint of the whole hex changed every row of it, and a move
// preview coded all those rows' pieces afresh: ruling RND1), and that
// the tag shows above the counters in the hex: a hex with one counter,
// one with a stack of two and an empty one, at the smallest, the default
// and a large hex size.
func TestReachMarkTag(t *testing.T) {
	marked := []hex.Hex{h("0307"), h("0409"), h("1208")}
	for _, size := range []float64{MinHexSize, DefaultHexSize, 36} {
		o := DefaultOptions()
		o.HexSize, o.Legend = size, false // the same title strip with and without marks
		v := sampleView()
		v.Highlights = nil
		plain := MustDrawTactical(t, v, o)
		v.Highlights = []Highlight{{Kind: Reachable, Hexes: marked}}
		img := MustDrawTactical(t, v, o)
		lay, err := checkedLayout(&v, &o)
		if err != nil {
			t.Fatal(err)
		}
		tags := make([]image.Rectangle, len(marked))
		shown := make([]int, len(marked))
		for i, x := range marked {
			tags[i] = tagRect(lay, lay.g, x, x.String())
		}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if img.At(x, y) == plain.At(x, y) {
					continue
				}
				i := slices.IndexFunc(tags, func(r image.Rectangle) bool { return image.Pt(x, y).In(r) })
				if i < 0 {
					t.Fatalf("size %v: marking %v reachable changed (%d,%d), outside their tags %v", size, marked, x, y, tags)
				}
				if img.At(x, y) == color.Color(colReachable) {
					shown[i]++
				}
			}
		}
		for i, n := range shown {
			// The tag is cut by the hex's sides (at the smallest size,
			// to a quarter of its rectangle), never covered by a counter.
			if area := tags[i].Dx() * tags[i].Dy(); n < area/5 {
				t.Errorf("size %v: %v's tag shows %d pixels of %d, want a fifth at least", size, marked[i], n, area)
			}
		}
	}
}
