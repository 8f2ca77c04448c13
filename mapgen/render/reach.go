package render

import (
	"image"
	"math"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// A move preview tints the hexes its unit can reach (a lighter ground,
// the hex number dark or light on it), and every preview's set is its
// own. Kept as part of the terrain (base.go), each preview was the first
// picture on a terrain of its own: painted, mapped to the palette and
// deflated whole, some ten times a picture drawn again. So the terrain
// is kept untinted, and a picture paints the tinted hexes again over it:
// those hexes and their neighbours (whose drawing may reach them) in a
// scratch window of the tinted hexes' bounding box, at the picture's own
// coordinates, and maps the tinted hexes' own pixels to the palette.
// The painting is the terrain's own, so the pixels are those of the
// whole terrain painted tinted (TestReachTint); they count as changed,
// so the writer codes only their pieces afresh.

// tintReach paints the reachable hexes of t over p, the picture whose
// rows below lay's title strip hold the untinted terrain of map m, in a
// window made in pix, and appends the rows' changed spans to changed
// (quantiseRect, d gathering the checksum's changes).
func tintReach(p *image.Paletted, lay layout, m *mapgen.Map, t tints, pix *[]byte, changed []image.Rectangle, d *adlerDelta) []image.Rectangle {
	if !slices.Contains(t.reach, true) {
		return changed // no preview: a picture drawn again pays nothing here
	}
	g := lay.below()
	art := g.art()
	sh := lay.strip.height
	clip := image.Rect(0, 0, lay.W, lay.H-sh)
	anchor := func(h hex.Hex) (int, int) {
		cx, cy := g.center(h)
		return int(math.Floor(cx)), int(math.Floor(cy))
	}
	var box image.Rectangle
	// The hexes painted: the tinted ones and their neighbours. A hex's
	// drawing stays within its stamp's sprites, which reach no hex two
	// away (TestReachTint, down to MinHexSize).
	near := make([]bool, len(t.reach))
	for i, in := range t.reach {
		if !in {
			continue
		}
		h := hex.Hex{X: i % m.Width, Y: i / m.Width}
		near[i] = true
		for _, d := range hex.Directions {
			if nb := h.Neighbor(d); m.Contains(nb) {
				near[nb.Y*m.Width+nb.X] = true
			}
		}
		ax, ay := anchor(h)
		for _, s := range art.stamps[h.X&1].spans {
			box = box.Union(image.Rect(ax+s.x0, ay+s.dy, ax+s.x1, ay+s.dy+1))
		}
	}
	if box = box.Intersect(clip); box.Empty() {
		return changed
	}
	win := &image.RGBA{Pix: bytesFor(pix, 4*box.Dx()*box.Dy()), Stride: 4 * box.Dx(), Rect: box}
	newTerrainPainter(lay, m, t).paintWindow(win, g, near)
	for i, in := range t.reach {
		if !in {
			continue
		}
		h := hex.Hex{X: i % m.Width, Y: i / m.Width}
		ax, ay := anchor(h)
		for _, s := range art.stamps[h.X&1].spans {
			r := image.Rect(ax+s.x0, ay+s.dy, ax+s.x1, ay+s.dy+1).Intersect(box)
			if !r.Empty() {
				changed = quantiseRect(p, win, r.Min, r.Add(image.Pt(0, sh)), changed, d)
			}
		}
	}
	return changed
}
