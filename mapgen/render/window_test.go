package render

import (
	"image"
	"math/rand/v2"
	"testing"
)

// Ensure the primitives draw at a picture's own coordinates: the
// overlays drawn in a window, a picture whose Rect is a part of the
// whole one, come out as they do in the whole picture, on every edge of
// the window (clipped there).
func TestWindowDrawsAsWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, tc := range []struct {
		name string
		v    Tactical
	}{{"marked", markedView()}, {"sector", sectorView(t)}} {
		name, v := tc.name, tc.v
		lay, placed := laidOut(t, v)
		whole := image.NewRGBA(image.Rect(0, 0, lay.W, lay.H))
		for i := range whole.Pix {
			whole.Pix[i] = byte(rng.Uint32())
		}
		before := image.NewRGBA(whole.Rect)
		copy(before.Pix, whole.Pix)
		drawOverlays(whole, lay, v, placed)
		if n, _ := pixelDiff(whole, before); n == 0 {
			t.Fatalf("%s: the overlays drew nothing", name)
		}
		for trial := range 40 {
			x, y := rng.IntN(lay.W), rng.IntN(lay.H)
			r := image.Rect(x, y, x+1+rng.IntN(300), y+1+rng.IntN(120)).Intersect(whole.Rect)
			win := image.NewRGBA(r)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				copy(win.Pix[win.PixOffset(r.Min.X, y):win.PixOffset(r.Max.X, y)], before.Pix[before.PixOffset(r.Min.X, y):])
			}
			drawOverlays(win, lay, v, placed)
			if n, at := pixelDiff(win, whole.SubImage(r)); n != 0 {
				t.Errorf("%s, window %d %v: %d pixels differ from the whole picture's, first at %v", name, trial, r, n, at)
			}
		}
	}
}

// Ensure a picture's overlays are cut into windows that hold each piece
// to map back once, each no larger than its pieces allow, so that a
// line of fire across the sector map is not drawn in a window the size
// of the box between its ends.
func TestOverlayWindows(t *testing.T) {
	v := sectorView(t)
	lay, placed := laidOut(t, v)
	squares, bounds := make([]image.Rectangle, len(placed)), make([]image.Rectangle, len(placed))
	for i, pc := range placed {
		squares[i], bounds[i] = pc.square(), pc.bounds()
	}
	claims := overlayRects(lay, v, bounds)
	ids := overlayIDs{len(v.Highlights)}
	seen := map[image.Point]int{}
	claimed := map[image.Point]bool{}
	for _, c := range claims {
		for y := c.r.Min.Y; y < c.r.Max.Y; y++ {
			for x := c.r.Min.X; x < c.r.Max.X; x++ {
				claimed[image.Pt(x, y)] = true
			}
		}
	}
	line := image.Rectangle{}
	for _, c := range claims {
		if c.id < ids.edge(0) && v.Highlights[c.id].Kind == LineOfFire {
			line = line.Union(c.r)
		}
	}
	for _, g := range overlayGroups(claims) {
		var holes []image.Rectangle
		for _, c := range g {
			if i := c.id - ids.counter(0); i >= 0 {
				holes = append(holes, squares[i])
			}
		}
		for _, w := range overlayWindows(cover(rectsOf(g), holes), holes) {
			area := 0
			for _, r := range append(w.pieces, w.squares...) {
				if !r.In(w.box) {
					t.Errorf("%v is not within its window %v", r, w.box)
				}
				area += r.Dx() * r.Dy()
				for y := r.Min.Y; y < r.Max.Y; y++ {
					for x := r.Min.X; x < r.Max.X; x++ {
						seen[image.Pt(x, y)]++
					}
				}
			}
			if a := w.box.Dx() * w.box.Dy(); a > 2*area+windowSlack || a > line.Dx()*line.Dy()/8 {
				t.Errorf("window %v holds %d pixels to map back in %d", w.box, area, a)
			}
		}
	}
	for p := range claimed {
		if seen[p] != 1 {
			t.Fatalf("claimed pixel %v is in %d windows' pieces, want 1", p, seen[p])
		}
	}
	if len(seen) != len(claimed) {
		t.Errorf("the windows map back %d pixels, the overlays claim %d", len(seen), len(claimed))
	}
}

// laidOut is the layout of v at the default options, and its counters
// placed.
func laidOut(t *testing.T, v Tactical) (layout, []placedCounter) {
	t.Helper()
	o := DefaultOptions()
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		t.Fatal(err)
	}
	placed, err := placeCounters(lay.counters(), v.Counters)
	if err != nil {
		t.Fatal(err)
	}
	return lay, placed
}
