package render

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

func h(s string) hex.Hex { return hex.MustParse(s) }

// goldenPNG encodes a golden picture as small as PNG goes: the pixels are
// compared, not the bytes, and the repository keeps every version.
func goldenPNG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var buf bytes.Buffer
	e := png.Encoder{CompressionLevel: png.BestCompression}
	if err := e.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// golden compares img with testdata/name.png pixel for pixel (the PNG
// bytes may change with the Go version's encoder; the pixels may not).
// With -update it writes the file instead. On a mismatch the picture
// drawn is left next to the golden as name.got.png to be looked at (the
// testdata/.gitignore keeps it out of the repository).
func golden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		got := goldenPNG(t, img)
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./mapgen/render -update to create it)", err)
	}
	want, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if diff, at := pixelDiff(img, want); diff > 0 {
		gotPath := filepath.Join("testdata", name+".got.png")
		_ = os.WriteFile(gotPath, goldenPNG(t, img), 0o644)
		t.Errorf("%s: %d pixels differ, first at %v; the new picture is in %s (look, then -update if it is right)", path, diff, at, gotPath)
	}
}

// pixelDiff counts the pixels that differ between two pictures (all of
// them when the sizes differ) and returns the first.
func pixelDiff(a, b image.Image) (int, image.Point) {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy(), a.Bounds().Max
	}
	n, first := 0, image.Point{-1, -1}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.RGBAModel.Convert(a.At(x, y)) != color.RGBAModel.Convert(b.At(x, y)) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}

// road lays a road from hex start along the given directions, with exits
// toward each neighbour on the way.
func road(m *mapgen.Map, start string, dirs ...hex.Direction) {
	at := h(start)
	m.Cell(at).Road = true
	for _, d := range dirs {
		next := at.Neighbor(d)
		m.Cell(at).RoadExits |= 1 << d
		c := m.Cell(next)
		c.Road = true
		c.RoadExits |= 1 << d.Opposite()
		at = next
	}
}

// sampleSheet is a hand-made 32×17 mapsheet with every terrain type, both
// levels of ground, a river, a road through a town and pavement.
func sampleSheet() *mapgen.Map {
	m := mapgen.New(mapgen.SheetWidth, mapgen.SheetHeight)
	m.Name = "sample"
	for _, hx := range m.Hexes() {
		c := m.Cell(hx)
		// A hill: level 1 within 3 of 0706, level 2 within 1.
		switch d := hex.Distance(hx, h("0706")); {
		case d <= 1:
			c.Elevation = 2
		case d <= 3:
			c.Elevation = 1
		}
		// Woods: heavy within 1 of 1912, light around, and a light copse
		// on the hill.
		switch d := hex.Distance(hx, h("1912")); {
		case d <= 1:
			c.Terrain = mapgen.HeavyWoods
		case d <= 2:
			c.Terrain = mapgen.LightWoods
		}
		if hx == h("0605") || hx == h("0805") {
			c.Terrain = mapgen.LightWoods
		}
		if hx == h("0707") {
			c.Terrain = mapgen.HeavyWoods
		}
		// Rough ground.
		if hex.Distance(hx, h("0414")) <= 1 {
			c.Terrain = mapgen.Rough
		}
	}
	// A river down column 14/15, deep in the middle.
	for y := 1; y <= 17; y++ {
		x := 14 + (y/4)%2
		hx := hex.Hex{X: x - 1, Y: y - 1}
		c := m.Cell(hx)
		c.Terrain, c.Elevation = mapgen.Water1, 0
		if y >= 7 && y <= 9 {
			c.Terrain = mapgen.Water2
		}
	}
	// A town: buildings of every class, rubble, pavement.
	for i, name := range []string{"2505", "2605", "2706", "2504", "2604", "2805", "2606", "2406"} {
		c := m.Cell(h(name))
		c.Terrain = []mapgen.Terrain{mapgen.LightBuilding, mapgen.MediumBuilding, mapgen.HeavyBuilding, mapgen.HardenedBuilding, mapgen.Rubble}[i%5]
	}
	for _, name := range []string{"2707", "2807"} {
		m.Set(h(name), mapgen.Cell{Road: true})
	}
	// A road from the west edge over the river (a bridge) into town,
	// leaving the map westward, and a spur north out of town.
	road(m, "0109", hex.SE, hex.NE, hex.SE, hex.NE, hex.SE, hex.NE, hex.SE, hex.SE, hex.NE, hex.NE,
		hex.NE, hex.SE, hex.NE, hex.NE, hex.NE, hex.SE, hex.NE, hex.NE, hex.SE, hex.NE, hex.NE, hex.NE, hex.SE, hex.NE, hex.SE, hex.SE)
	road(m, "2707", hex.N, hex.N, hex.N, hex.N, hex.N, hex.N)
	m.Cell(h("0109")).RoadExits |= 1 << hex.SW
	m.Cell(h("2706")).Terrain = mapgen.Open
	// Nothing wrong with the sheet itself, or the test is about the sheet.
	if errs := m.Check(); len(errs) > 0 {
		panic(errors.Join(errs...))
	}
	return m
}

// sampleCounters is a handful of counters of both sides: side 0 the
// viewer's own (steps, experience), side 1 sighted and blind.
func sampleCounters() []Counter {
	return []Counter{
		{Hex: h("0307"), Side: 0, Kind: "mech", Class: "assault-mech", Label: "A1", Own: true, Experience: "elite"},
		{Hex: h("0308"), Side: 0, Kind: "mech", Class: "heavy-mech", Label: "A2", Own: true, Step: 1, Experience: "veteran"},
		{Hex: h("0408"), Side: 0, Kind: "mech", Class: "fire-mech", Label: "A3", Own: true, Step: 2, Experience: "regular"},
		{Hex: h("0409"), Side: 0, Kind: "vehicle", Class: "hover", Label: "B1", Own: true, Experience: "green", Disrupted: true},
		{Hex: h("0409"), Side: 0, Kind: "infantry", Class: "jump-infantry", Label: "C1", Own: true, Step: 3, Experience: "regular"},
		{Hex: h("0210"), Side: 0, Kind: "artillery", Class: "long-tom", Label: "D1", Own: true, Experience: "veteran"},
		{Hex: h("0113"), Side: 0, Kind: "dropship", Class: "union", Label: "DS", Own: true},
		{Hex: h("2209"), Side: 1, Kind: "mech", Class: "medium-mech", Label: "R1"},
		{Hex: h("2210"), Side: 1, Kind: "vehicle", Class: "tracked", Label: "R2", Step: 1},
		{Hex: h("2308"), Side: 1, Kind: "vehicle", Class: "wheeled", Label: "R3"},
		{Hex: h("2408"), Side: 1, Kind: "mech", Label: "?1"},
		{Hex: h("2408"), Side: 1, Kind: "vehicle", Label: "?2"},
		{Hex: h("2604"), Side: 1, Kind: "infantry", Label: "?3"},
		{Hex: h("2912"), Side: 1, Kind: "air", Class: "heavy-air", Label: "R4"},
		{Hex: h("3013"), Side: 1, Kind: "truck", Class: "truck", Label: "R5"},
		{Hex: h("1006"), Side: 1, Kind: "infantry", Class: "motorized-infantry", Label: "R6"},
		{Hex: h("1104"), Side: 1, Kind: "infantry", Class: "heavy-infantry", Label: "R7"},
		{Hex: h("2015"), Side: 1, Kind: "artillery", Class: "sniper", Label: "R8"},
		{Hex: h("3016"), Side: 1, Kind: "dropship", Label: "?4"},
	}
}

// sampleHighlights are one of each kind.
func sampleHighlights() []Highlight {
	return []Highlight{
		{Kind: Deployment, Side: 0, Hexes: zone(0, 3, 17)},
		{Kind: Reachable, Hexes: []hex.Hex{h("0406"), h("0506"), h("0507"), h("0508"), h("0509"), h("0407"), h("0607"), h("0608")}},
		{Kind: Selected, Hexes: []hex.Hex{h("0408")}},
		{Kind: LineOfFire, Hexes: []hex.Hex{h("0408"), h("1006")}},
		{Kind: Blocked, Hexes: []hex.Hex{h("0307"), h("2209")}},
		{Kind: Path, Side: 0, Hexes: []hex.Hex{h("0409"), h("0510"), h("0610"), h("0711")}},
	}
}

// zone lists every hex of columns x0..x1 (0-based, exclusive) over rows.
func zone(x0, x1, rows int) []hex.Hex {
	var out []hex.Hex
	for x := x0; x < x1; x++ {
		for y := range rows {
			out = append(out, hex.Hex{X: x, Y: y})
		}
	}
	return out
}
