package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"sync"
)

// A counter's face set aside (counter.go: nothing drawn over it after)
// is mapped to the palette once, when it is painted, and a picture
// copies its indices into place instead of mapping its RGBA pixels
// again: a lookup less and a quarter of the bytes read a pixel. A move
// preview's marked hexes are kept the same way (reach.go).

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
	ci := img.Rect.Dx()
	f := palettedFace{ci: ci, idx: make([]byte, ci*ci), alt: make([]byte, ci*ci)}
	for y := range ci {
		o := y * img.Stride
		entries(f.idx[y*ci:(y+1)*ci], f.alt[y*ci:(y+1)*ci], img.Pix[o:o+4*ci])
	}
	return f
}

// entries sets idx and alt, as palettedFace has them, for the opaque
// RGBA pixels pix.
func entries(idx, alt, pix []byte) {
	t, back, shadowed := paletteIndex(), paletteRGBA(), shadowedEntries()
	for x := range idx {
		c := binary.LittleEndian.Uint32(pix[4*x:])
		n := t[word565(c)]
		idx[x], alt[x] = n, n
		if back[n] == c {
			continue
		}
		// An entry of exactly this colour is one whose cell names
		// another (the first listed wins a shared cell).
		for _, j := range shadowed {
			if back[j] == c {
				alt[x] = j
			}
		}
	}
}

// shadowedEntries are the palette's entries whose 5-6-5 cell names
// another entry (paletteIndex): the only entries of exactly a colour
// that its cell does not name.
var shadowedEntries = sync.OnceValue(func() []byte {
	t := paletteIndex()
	var out []byte
	for i, c := range mapPalette {
		c := c.(color.RGBA)
		if t[key565(c.R, c.G, c.B)] != uint8(i) {
			out = append(out, byte(i))
		}
	}
	return out
})

// quantiseFace is quantiseRect of a face's pixels into p with the face's
// top left at at: the same indices, spans and checksum changes, from the
// kept indices.
func quantiseFace(p *image.Paletted, f palettedFace, at image.Point, changed []image.Rectangle, d *adlerDelta) []image.Rectangle {
	ci := f.ci
	for fy := range ci {
		changed = putEntries(p, at.X, at.Y+fy, f.idx[fy*ci:(fy+1)*ci], f.alt[fy*ci:(fy+1)*ci], changed, d)
	}
	return changed
}

// putEntries is quantiseRect of one row's pixels, kept as entries gives
// them, into p from (x, y): a pixel whose entry is neither idx's nor
// alt's takes idx's; the row's changed span is appended to changed and
// the checksum's changes gathered in d.
func putEntries(p *image.Paletted, x, y int, idx, alt []byte, changed []image.Rectangle, d *adlerDelta) []image.Rectangle {
	dst := p.Pix[y*p.Stride+x : y*p.Stride+x+len(idx)]
	rc := rowChanges{x0: -1, w: int64(d.end - (y*d.stride + 1 + x))}
	for i, e := range dst {
		if n := idx[i]; e != n && e != alt[i] {
			dst[i] = n
			rc.note(i, e, n)
		}
	}
	return rc.flush(changed, x, y, d)
}
