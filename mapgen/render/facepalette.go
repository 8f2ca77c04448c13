package render

import (
	"encoding/binary"
	"image"
	"slices"
)

// A counter's face set aside (counter.go: nothing drawn over it after)
// is mapped to the palette once, when it is painted, and a picture
// copies its indices into place instead of mapping its RGBA pixels
// again: a lookup less and a quarter of the bytes read a pixel.

// palettedFace is a face's pixels mapped to the palette as quantiseRect
// maps them over any terrain: idx, the entry of each pixel's colour; and
// alt, an entry the pixel keeps when the terrain under it holds it
// (quantiseRect keeps an entry whose colour is exactly the pixel's,
// which may not be the entry its 5-6-5 cell names), else idx's.
type palettedFace struct {
	ci       int
	idx, alt []byte // ci×ci, row by row
}

func newPalettedFace(img *image.RGBA) palettedFace {
	t, back := paletteIndex(), paletteRGBA()
	ci := img.Rect.Dx()
	f := palettedFace{ci: ci, idx: make([]byte, ci*ci), alt: make([]byte, ci*ci)}
	for y := range ci {
		for x := range ci {
			c := binary.LittleEndian.Uint32(img.Pix[y*img.Stride+4*x:])
			n := t[word565(c)]
			f.idx[y*ci+x], f.alt[y*ci+x] = n, n
			if back[n] != c {
				if j := slices.Index(back[:len(mapPalette)], c); j >= 0 {
					f.alt[y*ci+x] = byte(j)
				}
			}
		}
	}
	return f
}

// quantiseFace is quantiseRect of a face's pixels into p with the face's
// top left at at: the same indices, spans and checksum changes, from the
// kept indices.
func quantiseFace(p *image.Paletted, f palettedFace, at image.Point, changed []image.Rectangle, d *adlerDelta) []image.Rectangle {
	ci := f.ci
	for fy := range ci {
		y := at.Y + fy
		dst := p.Pix[y*p.Stride+at.X : y*p.Stride+at.X+ci]
		idx, alt := f.idx[fy*ci:(fy+1)*ci], f.alt[fy*ci:(fy+1)*ci]
		rc := rowChanges{x0: -1, w: int64(d.end - (y*d.stride + 1 + at.X))}
		for x, i := range dst {
			if n := idx[x]; i != n && i != alt[x] {
				dst[x] = n
				rc.note(x, i, n)
			}
		}
		changed = rc.flush(changed, at.X, y, d)
	}
	return changed
}
