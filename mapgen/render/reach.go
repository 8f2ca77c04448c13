package render

import (
	"image"
	"math"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// A move preview marks the hexes its unit can reach with a yellow tag
// behind the hex's number (tagRect; the number dark on it), and every
// preview's set is its own. Kept as part of the terrain (base.go), each
// preview was the first picture on a terrain of its own: painted, mapped
// to the palette and deflated whole, some ten times a picture drawn
// again. So the terrain is kept unmarked, and a picture puts the marked
// hexes over it, painted by the terrain's own painter in a scratch
// window at the picture's own coordinates, so that the pixels are those
// of the whole terrain painted marked (TestReachTint,
// TestReachTintKept); the pixels the marks change count as changed, so
// the writer codes only their pieces afresh.
//
// The mark was a tint of the whole hex (a lighter ground) and changed
// every row of it: a preview coded afresh 720 more of the terrain's
// pieces than a picture drawn again and 1,590 more of the matches that
// copied them, and cost some 1.7 times image/png's blank canvas against
// the 1.5 of ruling RND1. The tag changes the few rows of the number,
// and stays clear of a counter in the hex (stack.go puts counters below
// the number).
//
// A hex's own pixels (its stamp's spans) are its ground and what it
// and its neighbours draw over it; only its tag and number depend on
// the mark. Where every hex's number stays within the hex's own pixels
// (every hex size but the smallest), a marked hex's pixels depend on its
// own mark alone: each is painted once on its terrain, with its
// neighbours, and what the mark changed is kept mapped to the palette
// (terrainBase.marked), and every preview after copies it in, as a
// counter's face set aside is (facepalette.go). Where numbers reach into
// the hexes beside them, a marked hex's dark number changes its unmarked
// neighbours too: each preview paints the marked hexes' neighbours' own
// pixels again as well, with every hex whose drawing may reach them.

// markedHex is what marking a hex reachable changes in its own pixels:
// the runs of them whose entries differ from the unmarked terrain's.
type markedHex struct{ runs []markRun }

// markRun is a run of a marked hex's pixels from (x, y), below the title
// strip, and their entries.
type markRun struct {
	x, y int
	idx  []byte
}

// keep adds to th the runs of the row of pixels from at whose entries
// (idx and alt, as entries gives them) differ from the unmarked
// terrain's, base.
func (th *markedHex) keep(at image.Point, base, idx, alt []byte) {
	for x := 0; x < len(idx); {
		if e := base[x]; e == idx[x] || e == alt[x] {
			x++
			continue
		}
		x0 := x
		for x < len(idx) && base[x] != idx[x] && base[x] != alt[x] {
			x++
		}
		th.runs = append(th.runs, markRun{at.X + x0, at.Y, slices.Clone(idx[x0:x])})
	}
}

// markReach puts the reachable hexes of t over p, the picture whose rows
// below lay's title strip hold base, the unmarked terrain of map m,
// painting what base does not keep in a window made in pix, and appends
// the rows' changed spans to changed (d gathering the checksum's
// changes).
func markReach(p *image.Paletted, base *terrainBase, lay layout, m *mapgen.Map, t tints, pix *[]byte, changed []image.Rectangle, d *adlerDelta) []image.Rectangle {
	if !slices.Contains(t.reach, true) {
		return changed // no preview: a picture drawn again pays nothing here
	}
	g := lay.below()
	art := g.art()
	sh := lay.strip.height
	clip := image.Rect(0, 0, lay.W, lay.H-sh)
	kept := base.markedHexes(lay, m, t.reach, func(missing []bool) []*markedHex {
		win := paintAround(lay, m, t, missing, pix)
		var idx, alt []byte
		out := make([]*markedHex, len(missing))
		for i, in := range missing {
			if !in {
				continue
			}
			th := &markedHex{}
			ownSpans(g, art, clip, hexAt(m, i), func(r image.Rectangle) {
				n, o := r.Dx(), win.PixOffset(r.Min.X, r.Min.Y)
				idx, alt = slices.Grow(idx[:0], n)[:n], slices.Grow(alt[:0], n)[:n]
				entries(idx, alt, win.Pix[o:o+4*n])
				th.keep(r.Min, base.rows[r.Min.Y*(lay.W+1)+1+r.Min.X:], idx, alt)
			})
			out[i] = th
		}
		return out
	})
	if kept != nil {
		for i, in := range t.reach {
			if in {
				for _, r := range kept[i].runs {
					changed = putEntries(p, r.x, r.y+sh, r.idx, r.idx, changed, d)
				}
			}
		}
		return changed
	}
	// Numbers spill: the marked hexes and their neighbours mapped afresh.
	mapped := around(m, t.reach)
	win := paintAround(lay, m, t, mapped, pix)
	for i, in := range mapped {
		if in {
			ownSpans(g, art, clip, hexAt(m, i), func(r image.Rectangle) {
				changed = quantiseRect(p, win, r.Min, r.Add(image.Pt(0, sh)), changed, d)
			})
		}
	}
	return changed
}

// markedHexes returns the base's marked hexes, by cell, with those of
// reach it does not keep yet painted by paint (given them marked) and
// kept; or nil when the hexes' numbers reach beyond their own pixels
// (numbersStay), and no hex is kept.
func (b *terrainBase) markedHexes(lay layout, m *mapgen.Map, reach []bool, paint func(missing []bool) []*markedHex) []*markedHex {
	b.markMu.Lock()
	if b.marked == nil {
		if !numbersStay(lay, m) {
			b.markMu.Unlock()
			return nil
		}
		b.marked = make([]*markedHex, len(reach))
	}
	missing, any := make([]bool, len(reach)), false
	for i, in := range reach {
		missing[i] = in && b.marked[i] == nil
		any = any || missing[i]
	}
	b.markMu.Unlock()
	if !any {
		return b.marked
	}
	// Painted unlocked: two pictures missing the same hex both paint
	// it, the same pixels.
	painted := paint(missing)
	b.markMu.Lock()
	defer b.markMu.Unlock()
	for i, th := range painted {
		if th != nil && b.marked[i] == nil {
			b.marked[i] = th
		}
	}
	return b.marked
}

// numbersStay reports whether every hex's number, as lay prints it on
// map m, lies within the hex's own pixels.
func numbersStay(lay layout, m *mapgen.Map) bool {
	gs := lay.numbers
	if gs == nil {
		return true
	}
	g := lay.below()
	art := g.art()
	for _, h := range m.Hexes() {
		cx, cy := g.center(h)
		x, y := numberAt(g, cx, cy, lay.numberTop)
		name := h.String()
		b := gs.bounds(x-gs.width(name)/2, y, name)
		inside := 0
		ownSpans(g, art, b, h, func(r image.Rectangle) {
			if r.Dx() == b.Dx() {
				inside++
			}
		})
		if inside < b.Dy() {
			return false
		}
	}
	return true
}

// around marks the hexes marked in in and their neighbours.
func around(m *mapgen.Map, in []bool) []bool {
	out := slices.Clone(in)
	for i, on := range in {
		if !on {
			continue
		}
		for _, d := range hex.Directions {
			if nb := hexAt(m, i).Neighbor(d); m.Contains(nb) {
				out[nb.Y*m.Width+nb.X] = true
			}
		}
	}
	return out
}

// paintAround paints, marked as t says, the hexes marked in marked and
// their neighbours (whose drawing may reach them: a hex's drawing stays
// within its stamp's sprites, which reach no hex two away,
// TestReachTint, down to MinHexSize) in a window made in pix of the
// marked hexes' own pixels' bounding box, at the picture's own
// coordinates.
func paintAround(lay layout, m *mapgen.Map, t tints, marked []bool, pix *[]byte) *image.RGBA {
	g := lay.below()
	art := g.art()
	clip := image.Rect(0, 0, lay.W, lay.H-lay.strip.height)
	var box image.Rectangle
	for i, in := range marked {
		if in {
			ownSpans(g, art, clip, hexAt(m, i), func(r image.Rectangle) { box = box.Union(r) })
		}
	}
	win := &image.RGBA{Pix: bytesFor(pix, 4*box.Dx()*box.Dy()), Stride: 4 * box.Dx(), Rect: box}
	if !box.Empty() {
		newTerrainPainter(lay, m, t).paintWindow(win, g, around(m, marked))
	}
	return win
}

// hexAt is the hex of cell i of m.
func hexAt(m *mapgen.Map, i int) hex.Hex { return hex.Hex{X: i % m.Width, Y: i / m.Width} }

// ownSpans calls f with each row of hex h's own pixels (its stamp's
// spans) within clip, in the grid g below the title strip, in order.
func ownSpans(g grid, art *hexArt, clip image.Rectangle, h hex.Hex, f func(r image.Rectangle)) {
	cx, cy := g.center(h)
	ax, ay := int(math.Floor(cx)), int(math.Floor(cy))
	for _, s := range art.stamps[h.X&1].spans {
		if r := image.Rect(ax+s.x0, ay+s.dy, ax+s.x1, ay+s.dy+1).Intersect(clip); !r.Empty() {
			f(r)
		}
	}
}
