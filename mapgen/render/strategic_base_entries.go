package render

import (
	"image"
	"image/color"
	"math"

	"bfbot/mapgen"
)

// A new map's base was painted in RGBA and every pixel of it mapped to
// the palette: about a third of a running bot's first picture of a new
// map (BenchmarkStrategic12NewMap). But the base is flat grounds in
// colours the palette holds exactly (the strips, the orbit box, the
// ground between the sectors, the links, the sectors' tints and
// frames), and on them words (the sectors' numbers and names, the
// objectives') and the objectives' icons, each on a ground of one
// entry. So the grounds are filled in entries straight, and the words
// and icons laid over them as patches of entries (strategic_patches.go)
// kept across maps: words by what they say (the maps' names are made of
// a few hundred roots and patterns), an icon by its kind and where it
// stands (a sector's box stands in the same place on every map of a
// size). A base whose words or icons would not lie apart, each on one
// entry, is painted in RGBA as before; the rows are the same either way
// (TestStrategicBaseEntries).

// basePatches keeps the words and icons of the bases painted: a 4×3
// map's base lays some 40 to 70, and a new map finds most of them kept (the
// sample view on 1,000 generated maps laid 1,518 different ones, 1,305 of
// them by the 200th map, holding some 2.1 MB of heap: their 17,660
// runs' entries are 0.54 MB, the rest the runs and the paletted boxes
// the runs are cut from); 16 MB bounds them at any hex size.
var basePatches = kept[patchKey, *markPatch]{bound: 4096, bytes: 16 << 20, weigh: (*markPatch).weight}

// strategicTops keeps the part of a base above its sectors, which no
// map changes: the strips' ground, the orbit box and its name, in
// entries, with its tokens and sums (strategicTop). A bot paints it
// once for each hex size, width and strips, not once a map: a 4×3
// map's top is some 0.1 MB (1 MB at the largest hex size).
var strategicTops = kept[strategicTopKey, *strategicTop]{bound: 16, bytes: 8 << 20, weigh: func(t *strategicTop) int {
	return len(t.rows) + 4*cap(t.toks) + keptUpkeep
}}

// strategicTopKey is what the top of a base is painted from: the hex
// size, the picture's width and the heights of the title's strip and
// the header's (0 for none), which place the orbit box.
type strategicTopKey struct {
	size               float64
	W, titleH, headerH int
}

// strategicTop is the rows of a base above its sectors (baseTop), their
// tokens, matched within them alone by the thorough matcher, and their
// checksum's sums: the start of every base of its size.
type strategicTop struct {
	rows []byte
	toks []token
	sums adlerSums
}

// newStrategicTop codes rows, a base's top of stride bytes a row.
func newStrategicTop(rows []byte, stride int) *strategicTop {
	return &strategicTop{rows: rows, toks: chainTokens(rows, stride), sums: adlerRows(rows, stride)}
}

// paintBaseEntries paints the base of p's picture in palette entries,
// its stream rows led by their filter bytes (0): its top copied from
// the one kept (keptTop), its sectors painted. False if a word or icon
// does not lie apart on one entry, or a ground is not an entry.
func (p *strategicPainter) paintBaseEntries(scratch *[]byte) ([]byte, *strategicTop, bool) {
	top := p.keptTop(scratch)
	if top.rows == nil {
		return nil, nil, false
	}
	rows := make([]byte, (p.W+1)*p.legendTop())
	copy(rows, top.rows)
	if !p.paintEntries(rows, scratch, (*strategicPainter).drawSectors) {
		return nil, nil, false
	}
	return rows, top, true
}

// keptTop is the top of p's base, painted in entries on a miss; its
// rows are nil if it cannot be.
func (p *strategicPainter) keptTop(scratch *[]byte) *strategicTop {
	key := strategicTopKey{size: p.s, W: p.W, titleH: p.title.height, headerH: p.headerH}
	return strategicTops.get(key, func() *strategicTop {
		rows := make([]byte, (p.W+1)*p.baseTop())
		if !p.paintEntries(rows, scratch, (*strategicPainter).drawTopGround) {
			return &strategicTop{}
		}
		return newStrategicTop(rows, p.W+1)
	})
}

// paintEntries paints in rows (a base's first rows) what draw draws of
// p's base, in palette entries; false if a word or icon does not lie
// apart on one entry, or a ground is not an entry. A word or icon not
// kept is drawn in RGBA in scratch.
func (p *strategicPainter) paintEntries(rows []byte, scratch *[]byte, draw func(*strategicPainter)) bool {
	W, S := p.W, p.W+1
	H := len(rows) / S
	q := p.baseOnly()
	q.on(newPicture(W, H, scratch)) // where an icon not kept is drawn in place
	var pieces []placedMark
	q.entries, q.placing = rows, &pieces
	draw(q)
	if q.inexact || !q.clear(pieces, nil, rows, S, H) {
		return false
	}
	var small []byte // a word's picture, drawn on a miss
	for _, m := range pieces {
		b := m.box
		patchIn(&basePatches, m, rows[b.Min.Y*S+1+b.Min.X], &small).lay(rows, S, b.Min, nil)
	}
	return true
}

// fill paints the pixels x0–x1, y0–y1 in c, clipped to the picture:
// in the RGBA picture, or in the base's entries.
func (p *strategicPainter) fill(x0, y0, x1, y1 int, c color.RGBA) {
	if p.entries == nil {
		fillRect(p.img, x0, y0, x1, y1, c)
		return
	}
	e := indexOf(c)
	if mapPalette[e] != c {
		p.inexact = true
		return
	}
	S := p.W + 1
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, p.W), min(y1, len(p.entries)/S)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	first := p.entries[y0*S+1+x0 : y0*S+1+x1]
	for i := range first {
		first[i] = e
	}
	for y := y0 + 1; y < y1; y++ {
		copy(p.entries[y*S+1+x0:], first)
	}
}

// frame paints a one-pixel frame in c just inside x0–x1, y0–y1, as
// frame does, through fill.
func (p *strategicPainter) frame(x0, y0, x1, y1 int, c color.RGBA) {
	for _, r := range frameSides(x0, y0, x1, y1, 1) {
		p.fill(r[0], r[1], r[2], r[3], c)
	}
}

// objectiveAt is an objective's icon: its kind and centre.
type objectiveAt struct {
	kind mapgen.ObjectiveKind
	x, y float64
}

// objectiveR is the radius of an objective's icon.
func (p *strategicPainter) objectiveR() float64 { return 0.35 * p.s }

// drawObjective draws an objective's icon (objectiveIcon); or,
// gathering what is laid (placing), appends it to a sector's icons,
// which placeObjectives notes.
func (p *strategicPainter) drawObjective(icons []objectiveAt, o objectiveAt) []objectiveAt {
	if p.placing == nil {
		objectiveIcon(p.dc, o.kind, o.x, o.y, p.objectiveR())
		return nil
	}
	return append(icons, o)
}

// placeObjectives notes a sector's objectives' icons as one mark drawn
// in place (gg's shapes moved are not sure to cover the same pixels),
// kept by their kinds and where the first stands (the others stand
// below it a line apart); its box is the icons' reach, the stroke's
// half width and a pixel of blend around the radius. Noted apart, two
// icons' boxes would meet: a line is 0.85 of the hex size, a box 0.8
// and two pixels.
func (p *strategicPainter) placeObjectives(icons []objectiveAt) {
	if len(icons) == 0 {
		return
	}
	r := p.objectiveR()
	h := r + math.Max(1, 0.18*r)/2 + 1
	var box image.Rectangle
	kinds := make([]byte, len(icons))
	for i, o := range icons {
		box = box.Union(image.Rect(int(math.Floor(o.x-h)), int(math.Floor(o.y-h)), int(math.Ceil(o.x+h)), int(math.Ceil(o.y+h))))
		kinds[i] = byte('0' + o.kind)
	}
	dc := p.dc
	*p.placing = append(*p.placing, placedMark{key: markKey{kind: "objectives", label: string(kinds), s: p.s, x: icons[0].x, y: icons[0].y},
		box: box, img: p.img, paint: func() {
			for _, o := range icons {
				objectiveIcon(dc, o.kind, o.x, o.y, r)
			}
		}})
}
