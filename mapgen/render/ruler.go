package render

import (
	"fmt"
	"image"
	"math"
	"slices"

	"bfbot/mapgen/hex"
)

// Discord shows a map inline at the width of the chat, about 550 pixels
// on a phone: a 64×17 sector map shrinks to a quarter of its size, and
// the hex numbers printed in each hex shrink to two pixels. So the
// columns are also numbered along the top and bottom of the map and the
// rows down both sides (rulers), in numerals whose capitals stay
// previewCap pixels tall at previewWidth: a player reads a counter's hex
// off the rulers in the chat, and from the hex numbers once he opens the
// picture at full size.
const (
	previewWidth = 550.0
	previewCap   = 7.0
)

// rulers are the column and row numbers in the margins of a tactical
// map.
type rulers struct {
	face               *glyphSet
	cap                int // capital height of face in pixels
	colEvery, rowEvery int // every how many columns and rows a number stands
	marginX, marginY   int // the margins the numbers need, edge marks included
	digits             int // 2, or 3 on a map of more than 99 columns or rows
	gap                int // from the hex area to the numbers
}

// newRulers sizes the rulers for a hex area mw pixels wide: the picture's
// width decides how much Discord shrinks it, the margins (which hold the
// numbers) add to the width, so the size is found by three rounds of
// fixed-point iteration, deterministic and converged to a pixel.
func newRulers(g grid, mw int, edgeRoom int) (*rulers, error) {
	r := &rulers{digits: 2}
	if g.w > 99 || g.h > 99 {
		r.digits = 3
	}
	widest := fmt.Sprintf("%0*d", r.digits, 0) // digits are all as wide
	W := float64(mw + 2*edgeRoom)
	for range 3 {
		wantCap := math.Max(previewCap*W/previewWidth, 0.5*g.size)
		// Go Bold's capitals are 0.7 of the pixel size.
		f, err := face(bold, math.Round(wantCap/0.7))
		if err != nil {
			return nil, err
		}
		r.face, r.cap = f, f.capHeight()
		pad := int(math.Ceil(0.35 * float64(r.cap)))
		r.gap = edgeRoom + pad
		r.marginX = r.gap + f.width(widest) + pad
		r.marginY = r.gap + r.cap + pad
		W = float64(mw + 2*r.marginX)
	}
	w := float64(r.face.width(widest))
	r.colEvery = max(1, int(math.Ceil((w+0.6*float64(r.cap))/g.step)))
	r.rowEvery = max(1, int(math.Ceil(1.6*float64(r.cap)/g.height)))
	return r, nil
}

// draw prints the numbers around the hex area of g (mw×mh pixels), light
// on the dark margin: those whose rows img holds (the terrain is painted
// in bands).
func (r *rulers) draw(img *image.RGBA, g grid, mw, mh int) {
	r.labels(g, mw, mh, img.Rect.Min.Y, img.Rect.Max.Y, func(x, base int, s string) {
		r.face.draw(img, x, base, s, colStripDim, 255)
	})
}

// rulerLabel is a ruler's number as drawn on the margin's background,
// in palette indices: the box its glyphs may change (glyphSet.bounds),
// relative to its start on the baseline, and the box's rows.
type rulerLabel struct {
	box image.Rectangle
	pix []byte // box.Dx() a row
}

// rulerLabelKey names a number drawn in a face.
type rulerLabelKey struct {
	face *glyphSet
	s    string
}

// rulerLabels are the numbers drawn, kept: the rulers of a 64×17 map
// are 82 numbers in boxes of some 1,200 pixels each, anti-aliased, the
// same on every map of its size, and drawing them and looking them up in the
// palette cost some 8% of its terrain's first painting.
// (1,024 numbers at most, and 2 MB).
var rulerLabels = kept[rulerLabelKey, *rulerLabel]{bound: 1024, bytes: 2 << 20, weigh: func(l *rulerLabel) int { return len(l.pix) + keptUpkeep }}

// label is s drawn as a number of the rulers, kept.
func (r *rulers) label(s string) *rulerLabel {
	return rulerLabels.get(rulerLabelKey{r.face, s}, func() *rulerLabel {
		box := r.face.bounds(0, 0, s)
		img := image.NewRGBA(box)
		fillRect(img, box.Min.X, box.Min.Y, box.Max.X, box.Max.Y, colBackground)
		r.face.draw(img, 0, 0, s, colStripDim, 255)
		pix := make([]byte, box.Dx()*box.Dy())
		quantise(pix, box.Dx(), img)
		return &rulerLabel{box: box, pix: pix}
	})
}

// alone reports whether every number around the hex area of g (mw×mh
// pixels) lies clear of drawn, the rectangle the hexes' drawings may
// reach, and of the other numbers: on the margin's background alone, as
// in every layout the package makes.
func (r *rulers) alone(g grid, mw, mh int, drawn image.Rectangle) bool {
	var boxes []image.Rectangle
	ok := true
	r.labels(g, mw, mh, math.MinInt32, math.MaxInt32, func(x, base int, s string) {
		box := r.label(s).box.Add(image.Pt(x, base))
		if box.Overlaps(drawn) || slices.ContainsFunc(boxes, box.Overlaps) {
			ok = false
		}
		boxes = append(boxes, box)
	})
	return ok
}

// lay puts the numbers around the hex area of g (mw×mh pixels) that
// reach band, the terrain painted in RGBA but for them, into pix, its
// rows of palette indices stride bytes apart: copied from the kept
// numbers when they lie alone on the margin's background (alone); else
// drawn over the band as draw does and looked up (lookUp).
func (r *rulers) lay(band *image.RGBA, pix []byte, stride int, g grid, mw, mh int, alone bool, lookUp func(image.Rectangle)) {
	B := band.Rect
	type placed struct {
		at  image.Point
		lbl *rulerLabel
		s   string
	}
	var ps []placed
	r.labels(g, mw, mh, B.Min.Y, B.Max.Y, func(x, base int, s string) {
		ps = append(ps, placed{image.Pt(x, base), r.label(s), s})
	})
	if !alone {
		for _, p := range ps {
			r.face.draw(band, p.at.X, p.at.Y, p.s, colStripDim, 255)
		}
		for _, p := range ps {
			lookUp(p.lbl.box.Add(p.at))
		}
		return
	}
	for _, p := range ps {
		box := p.lbl.box.Add(p.at)
		in := box.Intersect(B)
		for y := in.Min.Y; y < in.Max.Y; y++ {
			src := p.lbl.pix[(y-box.Min.Y)*box.Dx()+in.Min.X-box.Min.X:]
			copy(pix[(y-B.Min.Y)*stride+in.Min.X:(y-B.Min.Y)*stride+in.Max.X], src)
		}
	}
}

// labels calls f with each number's text, the x it starts at and its
// baseline, of the numbers around the hex area of g (mw×mh pixels)
// that may reach rows [y0, y1).
func (r *rulers) labels(g grid, mw, mh, y0, y1 int, f func(x, base int, s string)) {
	top, left := int(g.oy), int(g.ox)
	label := func(n int) string { return fmt.Sprintf("%02d", n+1) }
	// A label's glyphs lie within a capital's height and a pad of its
	// baseline.
	on := func(base int) bool { return base+r.cap > y0 && base-2*r.cap < y1 }
	for _, base := range []int{top - r.gap, top + mh + r.gap + r.cap} {
		if !on(base) {
			continue
		}
		for x := 0; x < g.w; x += r.colEvery {
			cx, _ := g.center(hex.Hex{X: x})
			s := label(x)
			f(int(math.Floor(cx+0.5))-r.face.width(s)/2, base, s)
		}
	}
	for y := 0; y < g.h; y += r.rowEvery {
		// Beside the first and last columns, at their own rows' height
		// (odd columns stand half a hex lower).
		_, ly := g.center(hex.Hex{Y: y})
		_, ry := g.center(hex.Hex{X: g.w - 1, Y: y})
		s := label(y)
		if base := int(math.Floor(ly+0.5)) + r.cap/2; on(base) {
			f(left-r.gap-r.face.width(s), base, s)
		}
		if base := int(math.Floor(ry+0.5)) + r.cap/2; on(base) {
			f(left+mw+r.gap, base, s)
		}
	}
}
