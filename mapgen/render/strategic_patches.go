package render

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"slices"
)

// Most of what a strategic picture adds to its base is marks and words
// on a plain ground: the badges (BG1 to BG9 of each side) and contacts
// along a sector's bottom and in orbit, each a kept sprite
// (strategic_sprites.go), a contact's turn seen, a battle's mark, the
// words of the title, the viewer and the header line on their strips.
// Laid on a ground of one palette entry, turned to RGBA and back to the
// palette, each comes out as the same entries every time: so each is
// kept as the runs of entries where it is not the ground, with what
// they do to the checksum (markPatch), and laid straight into the
// picture's rows, never turned to RGBA. A sprite or words come out the
// same wherever they are laid (whole pixels); a battle's box and
// swords, drawn by gg, are kept for where they stand. A row of marks
// with more than its rows hold ("+N"), or whose marks an arrow or
// another rectangle drawn in RGBA reaches, overlap, or lie on more
// than one entry, is drawn in RGBA as before; so are the words on the
// strips, all of them, if one of them is. A patch is keyed by all that
// is drawn (the mark's key, the words, face and colour, the ground), so
// it is never another side's mark (TestStrategicSidesApart), and the
// picture is the one drawn in RGBA (TestStrategicRects).

// placedMark is a mark's sprite as drawMark lays it, its key and the
// picture's pixel its anchor is laid on; or words as drawWords prints
// them, in face, with their baseline's start at x, y.
type placedMark struct {
	key  markKey
	sp   *sprite
	face *glyphSet
	x, y int
	box  image.Rectangle // the sprite's box in the picture, or the words'
	// paint draws a mark drawn in place (drawInPlace) on img, the
	// picture's RGBA, where it stands.
	paint func()
	img   *image.RGBA
}

// drawInPlace draws a mark whose drawing is not a sprite (a battle's
// box and swords), of key's box at key.x, key.y, by paint; or, gathering
// what the marks lay (placing), notes it. gg's shapes moved are not
// sure to cover the same pixels, so such a mark is kept for where it
// stands.
func (p *strategicPainter) drawInPlace(key markKey, paint func()) {
	if p.placing == nil {
		paint()
		return
	}
	key.s = p.s
	box := image.Rect(int(math.Floor(key.x))-2, int(math.Floor(key.y))-2, int(math.Ceil(key.x+key.w))+2, int(math.Ceil(key.y+key.h))+2)
	*p.placing = append(*p.placing, placedMark{key: key, box: box, paint: paint, img: p.img})
}

// drawWords prints s in face f and colour c with its baseline's start
// at x, y; or, gathering what the marks lay (placing), notes them, cut
// after each space where the glyphs' boxes do not meet: each word is
// laid on its own, and met again in other pictures (a side's name,
// "turn", a date).
func (p *strategicPainter) drawWords(f *glyphSet, x, y int, s string, c color.RGBA) {
	if p.placing == nil {
		f.draw(p.img, x, y, s, c, 255)
		return
	}
	at, from, space := x, 0, false // the piece's start; whether a space went before
	var box image.Rectangle
	put := func(to int) {
		if !box.Empty() {
			*p.placing = append(*p.placing, placedMark{key: markKey{kind: "words", label: s[from:to], ink: c}, face: f, x: at, y: y, box: box})
		}
	}
	for i, r := range s {
		g := f.get(r)
		b := g.mask.Rect.Add(image.Pt(x, y))
		if space && !b.Empty() && !b.Overlaps(box) {
			put(i)
			at, from, box = x, i, image.Rectangle{}
		}
		box, space = box.Union(b), r == ' '
		x += g.advance
	}
	put(len(s))
}

// markPatch is a mark laid on a ground of one entry, in palette
// entries: the runs of its box's rows where they are not the ground's.
type markPatch struct {
	runs []patchRun
	box  int // the bytes of the box the runs are cut from
}

// weight is what the patch holds: its box and runs.
func (pt *markPatch) weight() int { return pt.box + cap(pt.runs)*patchRunSize + keptUpkeep }

// patchRunSize is a patchRun's size: two ints, a slice and two int64s.
const patchRunSize = 7 * 8

// patchRun is a run of entries at dx, dy in the mark's box, and what
// it does to the checksum: the sum of the entries less the ground's,
// and of each such difference times its place in the run.
type patchRun struct {
	dx, dy int
	pix    []byte
	s1, sx int64
}

// patchKey is what a patch is drawn from: the mark (words in face) and
// its ground.
type patchKey struct {
	mark   markKey
	face   *glyphSet
	ground byte
}

// markPatches keeps the marks and words laid on grounds: a picture lays
// some forty, of a few hundred bytes each (512 at most, and 8 MB).
var markPatches = kept[patchKey, *markPatch]{bound: 512, bytes: 8 << 20, weigh: (*markPatch).weight}

// patchOf is m laid on ground, kept in markPatches.
func patchOf(m placedMark, ground byte, scratch *[]byte) *markPatch {
	return patchIn(&markPatches, m, ground, scratch)
}

// patchIn is m laid on ground, kept in patches, drawn on a miss; a
// sprite or words are drawn in RGBA in scratch (grown if need be),
// which the patch does not keep.
func patchIn(patches *kept[patchKey, *markPatch], m placedMark, ground byte, scratch *[]byte) *markPatch {
	return patches.get(patchKey{m.key, m.face, ground}, func() *markPatch {
		b := m.box
		r := b.Sub(b.Min)
		c := paletteRGBA()[ground] // the ground as expandRect turns it to RGBA
		gc := color.RGBA{byte(c), byte(c >> 8), byte(c >> 16), byte(c >> 24)}
		img, at := m.img, b.Min
		if m.paint != nil { // in the picture's RGBA, all mapped by now
			fillRect(img, b.Min.X, b.Min.Y, b.Max.X, b.Max.Y, gc)
			m.paint()
		} else {
			img, at = newPicture(r.Dx(), r.Dy(), scratch), image.Point{}
			fillRect(img, 0, 0, r.Dx(), r.Dy(), gc)
			if m.sp != nil {
				m.sp.draw(img, m.sp.ax, m.sp.ay)
			} else {
				m.face.draw(img, m.x-b.Min.X, m.y-b.Min.Y, m.key.label, m.key.ink, 255)
			}
		}
		pal := image.NewPaletted(r, mapPalette)
		for i := range pal.Pix {
			pal.Pix[i] = ground
		}
		spans := quantiseRect(pal, img, at, r, make([]image.Rectangle, 0, r.Dy()), nil)
		pt := markPatch{runs: make([]patchRun, 0, len(spans)), box: len(pal.Pix)}
		for _, s := range spans {
			run := patchRun{dx: s.Min.X, dy: s.Min.Y, pix: pal.Pix[pal.PixOffset(s.Min.X, s.Min.Y):pal.PixOffset(s.Max.X, s.Min.Y)]}
			for k, e := range run.pix {
				d := int64(e) - int64(ground)
				run.s1 += d
				run.sx += d * int64(k)
			}
			pt.runs = append(pt.runs, run)
		}
		return &pt
	})
}

// placeAside decides which rows of marks, each marked sector's and the
// orbit box's (markRow), and whether the words on the strips
// (drawWordsOnTop), are laid from the palette (p.aside), given the
// rectangles drawn in RGBA (drawn) and the base's rows; it returns the
// rectangles of the others, to be drawn in RGBA.
func (p *strategicPainter) placeAside(rows []byte, drawn []image.Rectangle) []image.Rectangle {
	var rgba []image.Rectangle
	S, top, n := p.W+1, p.legendTop(), len(p.v.Map.Sectors)
	aside := func(i int, marks []placedMark) {
		if p.aside == nil {
			p.aside = make([][]placedMark, n+2)
		}
		p.aside[i] = marks
	}
	for i := range n + 1 {
		if i < n && (p.framed(i) || !p.marked(i)) {
			continue
		}
		items, xa, xb, y, lines := p.markRow(i)
		if len(items) == 0 {
			continue
		}
		if marks, ok := p.laidMarks(items, xa, xb, y, lines); ok && p.clear(marks, drawn, rows, S, top) {
			aside(i, marks)
			continue
		}
		rgba = append(rgba, p.marksRect(items, xa, xb, y, lines, 2))
	}
	var words []placedMark
	p.placing = &words
	p.drawWordsOnTop()
	p.placing = nil
	switch {
	case len(words) == 0:
	case p.clear(words, drawn, rows, S, top):
		aside(p.topWords(), words)
	default:
		rgba = append(rgba, p.headerBounds().Inset(-1))
	}
	return rgba
}

// topWords is the index of the words on the strips in p.aside.
func (p *strategicPainter) topWords() int { return len(p.v.Map.Sectors) + 1 }

// markRow is sector i's marks, or the orbit box's when i is the number
// of sectors: the items, their span across, the top, and how many rows.
func (p *strategicPainter) markRow(i int) (items []markItem, xa, xb, top float64, rows int) {
	if i == len(p.v.Map.Sectors) {
		xa, xb, top = p.orbitMarks()
		return p.orbitItems(), xa, xb, top, 1
	}
	xa, xb = p.marksSpan(i)
	return p.sectorItems(i), xa, xb, p.markTop(i), 2
}

// laidAside reports whether the marks of sector i (or of the orbit box,
// markRow, or the words on the strips, topWords) are laid from the
// palette.
func (p *strategicPainter) laidAside(i int) bool { return p.aside != nil && p.aside[i] != nil }

// laidMarks are the sprites, words and marks drawn in place a row of
// marks (markRow) lays, if they are nothing else: no count of marks
// left over.
func (p *strategicPainter) laidMarks(items []markItem, xa, xb, top float64, rows int) ([]placedMark, bool) {
	var marks []placedMark
	p.placing, p.overflowed = &marks, false
	p.flowMarks(items, xa, xb, top, rows)
	p.placing = nil
	return marks, !p.overflowed
}

// clear reports whether the marks lie on a ground of one entry of the
// base's rows (S bytes each, top of them), apart from each other and
// from every rectangle drawn in RGBA.
func (p *strategicPainter) clear(marks []placedMark, drawn []image.Rectangle, rows []byte, S, top int) bool {
	pic := image.Rect(0, 0, p.W, top)
	for k, m := range marks {
		b := m.box
		if !b.In(pic) || slices.ContainsFunc(drawn, b.Overlaps) ||
			slices.ContainsFunc(marks[:k], func(o placedMark) bool { return o.box.Overlaps(b) }) {
			return false
		}
		g := rows[b.Min.Y*S+1+b.Min.X : b.Min.Y*S+2+b.Min.X]
		for y := b.Min.Y; y < b.Max.Y; y++ {
			if bytes.Count(rows[y*S+1+b.Min.X:y*S+1+b.Max.X], g) != b.Dx() {
				return false
			}
		}
	}
	return true
}

// layAside lays the marks set aside into the picture's rows, gathering
// the spans they change and what they do to the checksum.
func (sp *strategicPicture) layAside(aside [][]placedMark) {
	S, rows := sp.Stride, sp.rows
	var scratch []byte
	for _, marks := range aside {
		for _, m := range marks {
			b := m.box
			patchOf(m, rows[b.Min.Y*S+1+b.Min.X], &scratch).lay(rows, S, b.Min, func(x, y, at int, r patchRun) {
				sp.changed = append(sp.changed, image.Rect(x, y, x+len(r.pix), y+1))
				sp.delta.s1 += r.s1
				sp.delta.s2 += r.s1*int64(sp.delta.end-at) - r.sx
			})
		}
	}
}

// lay copies the patch into rows (S bytes each, led by a filter byte)
// with its box's top-left corner at pt, telling each run laid, if
// laid is given, where it went: its first pixel's place and index in
// rows.
func (pt *markPatch) lay(rows []byte, S int, at image.Point, laid func(x, y, i int, r patchRun)) {
	for _, r := range pt.runs {
		x, y := at.X+r.dx, at.Y+r.dy
		i := y*S + 1 + x
		copy(rows[i:], r.pix)
		if laid != nil {
			laid(x, y, i, r)
		}
	}
}
