package render_test

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/mapgen/render"
)

// Ensure a MegaMek board whose building carries art bits in its exits
// (building:1:65) renders exactly as a map with one light building hex
// there: the picture is the one-hex building, not an error or a block.
func TestReadBoardRoofRenders(t *testing.T) {
	f, err := os.Open("../testdata/megamek/roof.board")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, _, err := mapgen.ReadBoard(f)
	if err != nil {
		t.Fatal(err)
	}
	want := mapgen.New(3, 3)
	want.Set(hex.MustParse("0202"), mapgen.Cell{Terrain: mapgen.LightBuilding})
	want.Set(hex.MustParse("0301"), mapgen.Cell{Road: true, RoadExits: 1 << hex.S})
	want.Set(hex.MustParse("0302"), mapgen.Cell{Road: true, RoadExits: 1<<hex.N | 1<<hex.S})
	want.Set(hex.MustParse("0303"), mapgen.Cell{Road: true, RoadExits: 1 << hex.N})
	want.Set(hex.MustParse("0103"), mapgen.Cell{Road: true})
	// The pixels: the bytes of a second picture on the same terrain are
	// coded over the first's (mapcode.go).
	pixels := func(m *mapgen.Map) []byte {
		var b bytes.Buffer
		if err := render.WriteTacticalPNG(&b, render.Tactical{Map: m, Title: "roof"}, render.DefaultOptions()); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("the map decodes as %T, not paletted", img)
		}
		return p.Pix
	}
	if !bytes.Equal(pixels(got), pixels(want)) {
		t.Error("the board renders unlike a map with one light building at 0202")
	}
}
