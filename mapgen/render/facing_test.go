package render

import (
	"image"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure a counter's facing is drawn toward its hexside: a counter
// without facing draws as before, each of the six facings differs from
// the others, and the tick lies on the side of the counter it points to
// (north above the centre, south below).
func TestFacingMark(t *testing.T) {
	m := mapgen.New(5, 5)
	o := Options{HexSize: 24}
	draw := func(k Counter) image.Image {
		return MustDrawTactical(t, Tactical{Map: m, Counters: []Counter{k}}, o)
	}
	plain := Counter{Hex: h("0303"), Side: 0, Kind: "mech", Class: "medium-mech", Label: "DF"}
	seen := map[string]hex.Direction{}
	var north, south image.Point
	for _, d := range hex.Directions {
		k := plain
		k.HasFacing, k.Facing = true, d
		img := draw(k)
		n, at := pixelDiff(draw(plain), img)
		if n == 0 {
			t.Fatalf("facing %v draws nothing", d)
		}
		key := string(img.(*image.Paletted).Pix)
		if other, dup := seen[key]; dup {
			t.Errorf("facings %v and %v draw the same", d, other)
		}
		seen[key] = d
		switch d {
		case hex.N:
			north = at
		case hex.S:
			south = at
		}
	}
	if north.Y >= south.Y {
		t.Errorf("the north tick's first changed pixel %v is not above the south tick's %v", north, south)
	}
}
