package render

import (
	"image"
	"image/color"
)

// drawCrisp prints s centred on x with its baseline at y, as
// drawCentered does, but each glyph pixel either solid (colour c, from
// half coverage up) or not at all. The hex numbers are over a thousand
// small strings on every sector map: anti-aliased, their edges cost a
// tenth of a map's PNG bytes, and in bold, hinted to the pixel grid,
// the digits read as well without.
func (gs *glyphSet) drawCrisp(img *image.RGBA, x, y int, s string, c color.RGBA) {
	gs.paint(img, x-gs.width(s)/2, y, s, c, 255, true)
}

// layCrisp writes index i over the pixels drawCrisp paints printing s
// centred on x with its baseline at y, into pix, the rows of clip's
// palette indices stride bytes apart, clipped to clip: drawCrisp paints
// each of them the colour at full alpha, whatever was under it.
func (gs *glyphSet) layCrisp(pix []byte, stride int, clip image.Rectangle, x, y int, s string, i uint8) {
	x -= gs.width(s) / 2
	for _, r := range s {
		g := gs.get(r)
		for _, rn := range g.solid {
			py := y + rn.y
			x0, x1 := max(x+rn.x0, clip.Min.X), min(x+rn.x1, clip.Max.X)
			if py < clip.Min.Y || py >= clip.Max.Y || x0 >= x1 {
				continue
			}
			o := (py-clip.Min.Y)*stride - clip.Min.X
			row := pix[o+x0 : o+x1]
			for k := range row {
				row[k] = i
			}
		}
		x += g.advance
	}
}
