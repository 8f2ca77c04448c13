package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// A strategic map's marks are few kinds drawn again and again: the
// badges BG1 to BG9 of each side, the contacts' "?", the arrows and
// their labels. Stroking their outlines was a third of a picture's cost, so
// each is painted once, with its label, on a transparent sprite (by the
// same gg and glyph calls as before) and laid over the picture after.
// A sprite is the mark exactly as drawn at the same place, but for the
// blend of its edge rounded once more; gg's shapes moved by whole
// pixels cover the same, so the key holds the position's fractions.

// markSprites keeps the marks painted; a 4×3 map's picture holds about
// thirty, of 1 KB (a badge) to 10 KB (an arrow) each.
var markSprites = kept[markKey, *sprite]{bound: 512}

// markKey is what a mark's sprite is painted from: what kind it is and
// every input of its drawing, the scale, its box's size, and the
// fractions of its top-left corner.
type markKey struct {
	kind         string // "badge", "contact", "label", "arrow", "search"
	label        string
	side         int // a badge's or a search mark's side; an arrow's kind
	hold         bool
	fill, ink    color.RGBA
	dx, dy       float64 // an arrow's course
	s, w, h      float64
	fracX, fracY float64
	x, y         float64 // where a mark drawn in place is (drawInPlace)
}

// drawMark lays key's mark over the picture with its box's top-left
// corner at (x, y), painting its sprite on a miss: paint draws it with
// the box at (bx, by) on dc (whose picture is img).
func (p *strategicPainter) drawMark(key markKey, x, y float64, paint func(dc *gg.Context, img *image.RGBA, bx, by float64)) {
	ix, iy := math.Floor(x), math.Floor(y)
	key.s, key.fracX, key.fracY = p.s, x-ix, y-iy
	sp := markSprites.get(key, func() *sprite {
		// A pixel of room on each side for the outline and its blend.
		sp := newSprite(int(math.Ceil(key.w))+4, int(math.Ceil(key.h))+4, 2, 2)
		paint(gg.NewContextForRGBA(sp.img), sp.img, 2+key.fracX, 2+key.fracY)
		return sp.compile()
	})
	if p.placing != nil {
		box := sp.img.Rect.Add(image.Pt(int(ix)-sp.ax, int(iy)-sp.ay))
		*p.placing = append(*p.placing, placedMark{key: key, sp: sp, x: int(ix), y: int(iy), box: box})
		return
	}
	sp.draw(p.img, int(ix), int(iy))
}
