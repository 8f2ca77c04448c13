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
// thirty, of 1 KB (a badge) to 10 KB (an arrow) each, ten times as much
// at the largest hex size (512 at most, and 16 MB).
var markSprites = kept[markKey, *sprite]{bound: 512, bytes: 16 << 20, weigh: (*sprite).weight}

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

// markShapes keeps the shapes of the marks that carry words (a badge, an
// arrow's label, a contact), by their key without the words: a side's
// badges BG1 to BG9 are one shape, stroked once: the sample map's
// first picture (BenchmarkStrategic12Cold) strokes 8 shapes for its 12
// marks with words, which were three fifths of its marks' cost.
// (128 at most, and 8 MB).
var markShapes = kept[markKey, *image.RGBA]{bound: 128, bytes: 8 << 20, weigh: func(img *image.RGBA) int { return len(img.Pix) + keptUpkeep }}

// drawMark lays key's mark over the picture with its box's top-left
// corner at (x, y), painting its sprite on a miss: shape draws its
// shapes with the box at (bx, by) on dc, and words, if given, the mark's
// words over them on img, the sprite's picture.
func (p *strategicPainter) drawMark(key markKey, x, y float64, shape func(dc *gg.Context, bx, by float64), words func(img *image.RGBA, bx, by float64)) {
	ix, iy := math.Floor(x), math.Floor(y)
	key.s, key.fracX, key.fracY = p.s, x-ix, y-iy
	sp := markSprites.get(key, func() *sprite {
		// A pixel of room on each side for the outline and its blend.
		sp := newSprite(int(math.Ceil(key.w))+4, int(math.Ceil(key.h))+4, 2, 2)
		bx, by := 2+key.fracX, 2+key.fracY
		if words == nil {
			shape(gg.NewContextForRGBA(sp.img), bx, by)
			return sp.compile()
		}
		bare := key
		bare.label = ""
		copy(sp.img.Pix, markShapes.get(bare, func() *image.RGBA {
			img := image.NewRGBA(sp.img.Rect)
			shape(gg.NewContextForRGBA(img), bx, by)
			return img
		}).Pix)
		words(sp.img, bx, by)
		return sp.compile()
	})
	if p.placing != nil {
		box := sp.img.Rect.Add(image.Pt(int(ix)-sp.ax, int(iy)-sp.ay))
		*p.placing = append(*p.placing, placedMark{key: key, sp: sp, x: int(ix), y: int(iy), box: box})
		return
	}
	sp.draw(p.img, int(ix), int(iy))
}
