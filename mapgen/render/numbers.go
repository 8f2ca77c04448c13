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
	gs.clippedRuns(x-gs.width(s)/2, y, s, clip, true, func(_ *glyph, _, py, x0, x1 int) {
		o := (py-clip.Min.Y)*stride - clip.Min.X
		row := pix[o+x0 : o+x1]
		for k := range row {
			row[k] = i
		}
	})
}
