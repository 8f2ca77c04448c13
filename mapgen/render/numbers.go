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
