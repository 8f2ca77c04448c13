package render

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure a move preview's reachable tint, painted again over the kept
// untinted terrain (tintReach), gives the pixels of the whole terrain
// painted tinted: blobs of every size, single hexes, hexes on the map's
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
				t.Fatalf("%d×%d, %d reachable hexes around %v, size %v: %d pixels differ from the terrain painted tinted, first at %v",
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

// Ensure a move preview does not become a terrain of its own: the
// untinted terrain is kept, and a preview is drawn over it.
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
