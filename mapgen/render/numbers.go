package render

import (
	"image"
	"image/color"
)

// drawCrisp prints s centred on x with its baseline at y, as draw does,
// but each glyph pixel either solid (colour c, from half coverage up) or
// not at all. The hex numbers are over a thousand small strings on every
// sector map: anti-aliased, their edges were a tenth of a map's PNG
// bytes, and at eight pixels, hinted to the pixel grid, the digits read
// as well without.
func (gs *glyphSet) drawCrisp(img *image.RGBA, x, y int, s string, c color.RGBA) {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	x -= gs.width(s) / 2
	for _, r := range s {
		g := gs.get(r)
		b := g.mask.Rect
		gy0, gy1 := max(b.Min.Y, -y), min(b.Max.Y, H-y)
		gx0, gx1 := max(b.Min.X, -x), min(b.Max.X, W-x)
		for gy := gy0; gy < gy1 && gx0 < gx1; gy++ {
			mrow := g.mask.Pix[(gy-b.Min.Y)*g.mask.Stride+gx0-b.Min.X : (gy-b.Min.Y)*g.mask.Stride+gx1-b.Min.X]
			o := (y+gy)*img.Stride + 4*(x+gx0)
			for i, m := range mrow {
				if m >= 128 {
					p := img.Pix[o+4*i : o+4*i+3 : o+4*i+3]
					p[0], p[1], p[2] = c.R, c.G, c.B
				}
			}
		}
		x += g.advance
	}
}
