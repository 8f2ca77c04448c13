package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"bfbot/mapgen/hex"
)

// Ensure a zoomed map is the window of the whole map drawn at the zoom
// size — the same pixels, title strip on top — ZoomColumns hexes wide so
// its hex numbers read at a phone's preview width, moved inward at the
// map's edge, and refused for a hex off the map.
func TestTacticalZoom(t *testing.T) {
	v := markedView()
	o := DefaultOptions()
	whole := o
	whole.HexSize, whole.Legend = ZoomHexSize, false
	full := MustDrawTactical(t, v, whole).(*image.Paletted)
	lay, err := checkedLayout(&v, &whole)
	if err != nil {
		t.Fatal(err)
	}
	sh := lay.strip.height
	for _, tc := range []struct {
		centre string
		atLeft bool
	}{{"1208", false}, {"0101", true}} {
		var buf bytes.Buffer
		if err := WriteTacticalZoomPNG(&buf, v, o, h(tc.centre)); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		r := lay.zoom(h(tc.centre))
		b := img.Bounds()
		if b.Dx() != r.Dx() || b.Dy() != sh+r.Dy() || b.Dx() >= full.Bounds().Dx()/2 {
			t.Fatalf("zoom on %s is %v, want the %v window under a %d-pixel strip, under half the map's width", tc.centre, b, r, sh)
		}
		if tc.atLeft != (r.Min.X == 0) || r.Min.Y < sh {
			t.Errorf("zoom on %s: window %v, want it inside the map (at its left edge: %v)", tc.centre, r, tc.atLeft)
		}
		if cx, _ := lay.g.center(h(tc.centre)); !tc.atLeft && (int(cx) < r.Min.X+r.Dx()/3 || int(cx) > r.Max.X-r.Dx()/3) {
			t.Errorf("zoom on %s: the hex at x=%.0f is not in the middle of %v", tc.centre, cx, r)
		}
		diff := 0
		for y := 0; y < r.Dy(); y++ {
			for x := 0; x < r.Dx(); x++ {
				if img.At(x, sh+y) != full.At(r.Min.X+x, r.Min.Y+y) {
					diff++
				}
			}
		}
		if diff != 0 {
			t.Errorf("zoom on %s: %d pixels differ from the whole map's", tc.centre, diff)
		}
	}
	if err := WriteTacticalZoomPNG(&bytes.Buffer{}, v, o, hex.Hex{X: 70, Y: 3}); err == nil {
		t.Error("a zoom on a hex off the map drew a picture")
	}
}
