package render

import (
	"image"
	"image/color"
	"math"
)

// The primitives here write straight into an *image.RGBA's Pix, at the
// picture's own coordinates (its Rect, whose origin need not be 0: a
// window of a larger picture, composeTactical), clipped to it. They are
// what keeps a sector map inside its time budget: a row of a hex fill is
// one copy, and lines and dots are anti-aliased by each pixel's distance
// to the shape, evaluated only on the rows and columns the shape can
// touch. Colours are opaque; coverage and transparency come in as an
// alpha of 0–255, blended with integer arithmetic so the result is the
// same on every machine.

// rgb is shorthand for an opaque colour.
func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// mix returns a + (b−a)·t for t in 0–1: tints and elevation shading.
func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// luma is the perceived brightness 0–255, to choose dark or light text.
func luma(c color.RGBA) int { return (299*int(c.R) + 587*int(c.G) + 114*int(c.B)) / 1000 }

// div255 is x/255 rounded to nearest, exact for x up to 255·255: the
// blend of two 8-bit values without a division.
func div255(x uint32) uint32 {
	x += 128
	return (x + x>>8) >> 8
}

// fillSpan paints pixels [x0, x1) of row y opaque: one pixel, then
// doubling copies, which run at memory speed.
func fillSpan(img *image.RGBA, y, x0, x1 int, c color.RGBA) {
	p := img.Pix[img.PixOffset(x0, y):img.PixOffset(x1, y)]
	if len(p) == 0 {
		return
	}
	p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
	for n := 4; n < len(p); n *= 2 {
		copy(p[n:], p[:n])
	}
}

// filler paints many short spans of one colour (hex rows) with a single
// copy each from a prepared row of that colour: a span is too short for
// fillSpan's doubling copies to pay for their calls.
type filler struct {
	c   color.RGBA
	pat []byte
}

// set makes the pattern hold at least n pixels of colour c.
func (f *filler) set(c color.RGBA, n int) {
	if f.c == c && len(f.pat) >= 4*n {
		return
	}
	if cap(f.pat) < 4*n {
		f.pat = make([]byte, 4*n)
	}
	f.pat = f.pat[:cap(f.pat)]
	for i := 0; i < len(f.pat); i += 4 {
		f.pat[i], f.pat[i+1], f.pat[i+2], f.pat[i+3] = c.R, c.G, c.B, 255
	}
	f.c = c
}

// span paints [x0, x1) of row y; the span must fit the pattern.
func (f *filler) span(img *image.RGBA, y, x0, x1 int) {
	o := img.PixOffset(x0, y)
	copy(img.Pix[o:o+4*(x1-x0)], f.pat)
}

// blendSpan lays colour c with alpha a (0–255) over pixels [x0, x1) of
// row y.
func blendSpan(img *image.RGBA, y, x0, x1 int, c color.RGBA, a uint32) {
	p := img.Pix[img.PixOffset(x0, y):img.PixOffset(x1, y)]
	r, g, b := uint32(c.R)*a, uint32(c.G)*a, uint32(c.B)*a
	na := 255 - a
	for i := 0; i < len(p); i += 4 {
		p[i] = uint8(div255(uint32(p[i])*na + r))
		p[i+1] = uint8(div255(uint32(p[i+1])*na + g))
		p[i+2] = uint8(div255(uint32(p[i+2])*na + b))
	}
}

// blendPixel lays colour c with alpha a over one pixel; off-picture pixels
// are ignored. On an opaque picture alpha stays 255; on a transparent
// sprite the result is premultiplied, as image.RGBA wants.
func blendPixel(img *image.RGBA, x, y int, c color.RGBA, a uint32) {
	if a == 0 || uint(x-img.Rect.Min.X) >= uint(img.Rect.Dx()) || uint(y-img.Rect.Min.Y) >= uint(img.Rect.Dy()) {
		return
	}
	i := img.PixOffset(x, y)
	blendInto(img.Pix[i:i+4:i+4], c, a)
}

// blendInto lays colour c with alpha a over the pixel p (4 bytes).
func blendInto(p []byte, c color.RGBA, a uint32) {
	if a == 255 { // what the blend comes to, without it
		p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
		return
	}
	na := 255 - a
	p[0] = uint8(div255(uint32(p[0])*na + uint32(c.R)*a))
	p[1] = uint8(div255(uint32(p[1])*na + uint32(c.G)*a))
	p[2] = uint8(div255(uint32(p[2])*na + uint32(c.B)*a))
	p[3] = uint8(div255(uint32(p[3])*na + 255*a))
}

// fillRect paints the pixel rectangle [x0, x1) × [y0, y1), clipped.
func fillRect(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	x0, y0 = max(x0, img.Rect.Min.X), max(y0, img.Rect.Min.Y)
	x1, y1 = min(x1, img.Rect.Max.X), min(y1, img.Rect.Max.Y)
	for y := y0; y < y1; y++ {
		if x0 < x1 {
			fillSpan(img, y, x0, x1, c)
		}
	}
}

// blendRect lays colour c with alpha a over a pixel rectangle, clipped.
func blendRect(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA, a uint32) {
	x0, y0 = max(x0, img.Rect.Min.X), max(y0, img.Rect.Min.Y)
	x1, y1 = min(x1, img.Rect.Max.X), min(y1, img.Rect.Max.Y)
	for y := y0; y < y1; y++ {
		if x0 < x1 {
			blendSpan(img, y, x0, x1, c, a)
		}
	}
}

// coverage turns a signed distance outside a shape's edge (negative
// inside) into an alpha: a one-pixel linear ramp centred on the edge, a
// close match to box-filtered coverage for lines and dots a few pixels
// wide.
func coverage(d float64, alpha uint32) uint32 {
	if d <= -0.5 {
		return alpha
	}
	if d >= 0.5 {
		return 0
	}
	return uint32(float64(alpha)*(0.5-d) + 0.5)
}

// line draws an anti-aliased segment of the given width with round ends
// (a capsule): pixels are shaded by their centre's distance to the
// segment. For each row only the columns inside the line's band are
// looked at.
func line(img *image.RGBA, x0, y0, x1, y1, width float64, c color.RGBA, alpha uint32) {
	strokes(img, x0, y0, x1, y1, newStroke(width, c, alpha), stroke{})
}

// casedLine draws a line of width w in colour c on a white casing two
// pixels wider, which keeps it visible over any terrain: the pixels of
// line drawing the casing and then the line, in one pass (a line of
// fire crosses the map).
func casedLine(img *image.RGBA, x0, y0, x1, y1, w float64, c color.RGBA) {
	strokes(img, x0, y0, x1, y1, newStroke(w+2, colWhite, 200), newStroke(w, c, 255))
}

// stroke is a line's width (r, half of it), colour and alpha, with the
// squared distances that bound its pixels: R2, the farthest a shaded
// pixel's centre lies from the segment; in, the farthest one covered
// whole lies.
type stroke struct {
	r, R2, in float64
	c         color.RGBA
	alpha     uint32
}

func newStroke(width float64, c color.RGBA, alpha uint32) stroke {
	r := width / 2
	// Nearer the axis than in, a pixel is covered whole (coverage's
	// first case) without its square root: in is a hair inside r − 0.5,
	// so that no rounding of the root could say otherwise.
	in := -1.0
	if r >= 1 {
		in = (r - 0.5) * (r - 0.5) * (1 - 1e-9)
	}
	return stroke{r: r, R2: (r + 0.5) * (r + 0.5), in: in, c: c, alpha: alpha}
}

// shade is the alpha of a pixel whose centre lies √d2 from the axis.
func (s *stroke) shade(d2 float64) uint32 {
	if d2 < s.in {
		return s.alpha
	}
	return coverage(math.Sqrt(d2)-s.r, s.alpha)
}

// strokes draws the segment with stroke out, then with stroke over (no
// narrower, or zero: none) on top, pixel by pixel.
func strokes(img *image.RGBA, x0, y0, x1, y1 float64, out, over stroke) {
	R := out.r + 0.5
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	iy0 := max(int(math.Floor(min(y0, y1)-R)), img.Rect.Min.Y)
	iy1 := min(int(math.Ceil(max(y0, y1)+R)), img.Rect.Max.Y-1)
	bx0 := max(int(math.Floor(min(x0, x1)-R)), img.Rect.Min.X)
	bx1 := min(int(math.Ceil(max(x0, x1)+R)), img.Rect.Max.X-1)
	l := math.Sqrt(l2)
	inv := 0.0
	if l2 > 0 {
		inv = 1 / l2
	}
	if over.alpha == 0 {
		over.R2 = -1 // no pixel
	}
	for y := iy0; y <= iy1; y++ {
		py := float64(y) + 0.5
		xa, xb := bx0, bx1
		if l > 0 && math.Abs(dy) > 1e-9 {
			// |((p−p0) × dir)| ≤ R bounds x on this row: a strip of
			// width 2R·l/|dy| around the line's crossing of the row.
			xc := x0 + dx*(py-y0)/dy
			half := R * l / math.Abs(dy)
			xa = max(xa, int(math.Floor(xc-half-0.5)))
			xb = min(xb, int(math.Ceil(xc+half-0.5)))
		}
		if xa > xb {
			continue
		}
		// xa and xb are within the picture (bx0, bx1). Each pixel's
		// distance is worked out as for a lone pixel (the same
		// roundings, so the same shades), with what is the row's alone
		// taken out of the loop.
		ey0 := py - y0
		eyd := ey0 * dy
		o := img.PixOffset(xa, y)
		row := img.Pix[o : o+4*(xb-xa+1)]
		px := float64(xa) + 0.5
		for i := 0; i+4 <= len(row); i, px = i+4, px+1 {
			ex, ey := px-x0, ey0
			if l2 > 0 {
				// Clamped to the segment: t in [0, 1].
				t := (ex*dx + eyd) * inv
				if t < 0 {
					t = 0
				} else if t > 1 {
					t = 1
				}
				ex, ey = ex-t*dx, ey-t*dy
			}
			d2 := ex*ex + ey*ey
			if d2 >= out.R2 {
				continue
			}
			p := row[i : i+4 : i+4]
			if a := out.shade(d2); a > 0 {
				blendInto(p, out.c, a)
			}
			if d2 < over.R2 {
				if a := over.shade(d2); a > 0 {
					blendInto(p, over.c, a)
				}
			}
		}
	}
}

// disc draws an anti-aliased filled circle.
func disc(img *image.RGBA, cx, cy, r float64, c color.RGBA, alpha uint32) {
	y0 := max(int(math.Floor(cy-r-1)), img.Rect.Min.Y)
	y1 := min(int(math.Ceil(cy+r+1)), img.Rect.Max.Y)
	x0 := max(int(math.Floor(cx-r-1)), img.Rect.Min.X)
	x1 := min(int(math.Ceil(cx+r+1)), img.Rect.Max.X)
	for y := y0; y < y1; y++ {
		py := float64(y) + 0.5 - cy
		for x := x0; x < x1; x++ {
			px := float64(x) + 0.5 - cx
			if a := coverage(math.Sqrt(px*px+py*py)-r, alpha); a > 0 {
				blendPixel(img, x, y, c, a)
			}
		}
	}
}

// ring draws an anti-aliased circle outline of the given stroke width.
func ring(img *image.RGBA, cx, cy, r, width float64, c color.RGBA, alpha uint32) {
	R := r + width/2 + 1
	y0 := max(int(math.Floor(cy-R)), img.Rect.Min.Y)
	y1 := min(int(math.Ceil(cy+R)), img.Rect.Max.Y)
	x0 := max(int(math.Floor(cx-R)), img.Rect.Min.X)
	x1 := min(int(math.Ceil(cx+R)), img.Rect.Max.X)
	for y := y0; y < y1; y++ {
		py := float64(y) + 0.5 - cy
		for x := x0; x < x1; x++ {
			px := float64(x) + 0.5 - cx
			if a := coverage(math.Abs(math.Sqrt(px*px+py*py)-r)-width/2, alpha); a > 0 {
				blendPixel(img, x, y, c, a)
			}
		}
	}
}
