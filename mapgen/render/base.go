package render

import (
	"encoding/binary"
	"hash/maphash"
	"image"
	"io"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"bfbot/mapgen"
)

// A battle's terrain does not change from one picture to the next, and
// painting it (ground, woods, roads, outlines, hex numbers, rulers) and
// mapping it to the palette was most of a map's cost after the encode.
// So the part of the picture below the title strip is painted once per
// map, hex size and deployment zones and kept, paletted (a byte a
// pixel), in a small cache. A picture is drawn in a working copy of it
// the base lends, with its title strip (striptemplate.go), and redraws
// only the hexes a move preview marks reachable (kept marked once
// painted, reach.go) and the rectangles its overlays (counters, lines, rings,
// edge bars) touch: those are turned back into RGBA from the palette
// (but for the counters' squares, painted over whole), drawn on, and
// mapped to the palette again. Whether the terrain came from the cache or was just
// painted, the picture is the same. The terrain's deflated bits are kept
// too (mapcode.go), made from the terrain alone, never from a picture:
// a picture's bytes are then the same whatever pictures, of whatever
// viewer, were written on the terrain before it (ruling RND3).

// terrainBase is the paletted part of a picture below its title strip,
// with what it was painted from, to tell a hash collision from a hit,
// and its pixels deflated once, by the first picture written on it.
type terrainBase struct {
	key    baseKey
	cells  []mapgen.Cell
	deploy []int8
	// rows are the H rows of W indices into mapPalette, each led by a
	// PNG filter byte (0): the stream a PNG deflates.
	rows   []byte
	sums   adlerSums // the rows' Adler-32 sums
	period int       // the hex grid's horizontal repeat in pixels
	once   sync.Once
	coded  *codedRows
	id     uint64 // tells its working copies (workCopy) from others'
	// marked are its hexes as a move preview marks them reachable, by
	// cell, each kept once a preview paints it (reach.go).
	markMu sync.Mutex
	marked []*markedHex
}

// weight is what the base holds once used: its rows, and as much again
// and a half for each of what its pictures add to it, the rows coded
// and the hexes a preview marked (measured to 1.5 and 1.2 times the
// rows with every hex marked, at the default and the largest hex size).
func (b *terrainBase) weight() int { return 4 * len(b.rows) }

// terrainBaseIDs numbers the bases painted.
var terrainBaseIDs atomic.Uint64

// workCopy is a working copy of a base's rows, ending its buffer, with
// room for a title strip above them; and the room a picture drawn in it
// lists the spans it changed in (kept with the copy, as a picture's
// spans are some thousands).
type workCopy struct {
	buf     []byte
	base    uint64 // the id of the base whose rows end buf (0: none yet)
	changed []image.Rectangle
}

// tacticalWorks are the working copies not lent, of any base, so that
// a picture does not copy the whole terrain. One pool for all bases,
// not one each, as for the strategic map (strategicWorks): a pool is
// reachable from the runtime until the second collection after it was
// last used, and with it a base that held it, so a bot drawing battles
// on many terrains kept every base drawn since the last collection but
// one alive, though bases had dropped it. A copy knows its base by id,
// so that it keeps none alive either; a copy of another base costs a
// copy of the whole base.
var tacticalWorks sync.Pool

// lend returns a working copy of the base's rows with top bytes above
// them (a title strip), and the stream: those bytes and the rows. The
// stream's rows are the base's; the caller restores what it changes
// below top before giving the copy back (release).
func (b *terrainBase) lend(top int) (*workCopy, []byte) {
	wc, ok := tacticalWorks.Get().(*workCopy)
	if !ok {
		wc = new(workCopy)
	}
	if n := top + len(b.rows); wc.base != b.id || len(wc.buf) < n {
		if cap(wc.buf) < n {
			wc.buf = make([]byte, n)
		}
		wc.buf = wc.buf[:cap(wc.buf)]
		copy(wc.buf[len(wc.buf)-len(b.rows):], b.rows)
		wc.base = b.id
	}
	return wc, wc.buf[len(wc.buf)-len(b.rows)-top:]
}

// code is the base's rows deflated, matched and coded on first use:
// from the rows alone, so that no viewer's picture shapes the bits
// every other viewer's pictures are spliced from (ruling RND3).
func (b *terrainBase) code() *codedRows {
	b.once.Do(func() {
		stride := b.key.W + 1
		b.coded = codeRows(b.rows, stride, newMatcher(stride, b.period), b.sums)
	})
	return b.coded
}

// baseKey is what a terrain base depends on besides the cells and
// deployment zones it keeps: the map's and the picture's size, the hex
// size, the hex numbers and rulers; and a hash of the cells and zones.
type baseKey struct {
	w, h, W, H int
	size       float64
	numbers    bool
	rulers     bool
	sum        uint64
}

// bases are the terrains painted, 8 at most, and 96 MB: a 64×17
// sector's base is 1.5 MB of rows at the default hex size, 4.9 MB at
// the zoom's (a generation holds one and four of the default size), and
// the bot draws a battle's map for each side and the referee in turn.
// At the largest hex size its 15 MB of rows are not kept (weight): each
// picture paints its terrain.
var (
	bases    = kept[baseKey, *terrainBase]{bound: 8, bytes: 96 << 20, weigh: (*terrainBase).weight}
	baseSeed = maphash.MakeSeed()
)

// terrainBaseFor returns the paletted terrain below the title strip of
// lay for map m and the deployment zones of t, painting it on a miss.
// The reachable hexes' marks are not part of it: a move preview's are its own,
// painted over the base (markReach), so that a preview is not the first
// picture on a terrain of its own.
func terrainBaseFor(m *mapgen.Map, lay layout, t tints) *terrainBase {
	var mh maphash.Hash
	mh.SetSeed(baseSeed)
	// Hashed a chunk at a time: a write a cell costs more than the
	// hashing (every picture looks its terrain up).
	var chunk [512]byte
	b := chunk[:0]
	for i, c := range m.Cells {
		b = append(b, byte(c.Terrain), byte(c.Elevation), boolByte(c.Road), c.RoadExits, byte(t.deploy[i]))
		if len(b) > len(chunk)-5 {
			mh.Write(b)
			b = b[:0]
		}
	}
	mh.Write(b)
	H := lay.H - lay.strip.height
	key := baseKey{w: m.Width, h: m.Height, W: lay.W, H: H, size: lay.g.size, numbers: lay.numbers != nil, rulers: lay.rulers != nil, sum: mh.Sum64()}
	paint := func() *terrainBase {
		rows, sums := terrainRows(lay, m, tints{deploy: t.deploy})
		return &terrainBase{key: key, cells: slices.Clone(m.Cells), deploy: t.deploy, rows: rows, sums: sums, period: int(2 * lay.g.step), id: terrainBaseIDs.Add(1)}
	}
	if b := bases.get(key, paint); slices.Equal(b.cells, m.Cells) && slices.Equal(b.deploy, t.deploy) {
		return b
	}
	return paint() // another terrain of the same hash: painted, not kept
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// tacticalPicture is a tactical map drawn over its terrain base:
// paletted, each row led by a PNG filter byte (0), so that its pixels
// are the stream a PNG deflates; with the base and the rectangles drawn
// over it below the title strip.
type tacticalPicture struct {
	*image.Paletted
	rows []byte // the stream: Pix with the first row's filter byte
	base *terrainBase
	// changed are the spans of rows whose pixels differ from the
	// terrain's, each one row high.
	changed []image.Rectangle
	delta   adlerDelta // what the changes do to the terrain's checksum
	strip   int        // the title strip's height
	lent    *workCopy  // the base's working copy the picture is drawn in
	// template is the title strip's, and stripRects where the picture
	// drew over it (nil without a strip).
	template   *stripTemplate
	stripRects []image.Rectangle
}

// composeTactical draws the paletted picture of v: the terrain base, the
// title strip, and the overlays within the rectangles overlayRects
// gives. With lend, the picture is drawn in a working copy of the base's
// rows, lent until release; else in a new buffer, the caller's to keep.
func composeTactical(v Tactical, o Options, lend bool) (*tacticalPicture, error) {
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		return nil, err
	}
	W, H, sh := lay.W, lay.H, lay.strip.height
	S := W + 1
	t := newTints(v)
	base := terrainBaseFor(v.Map, lay, t)
	var out []byte
	var lent *workCopy
	var changed []image.Rectangle
	if lend {
		lent, out = base.lend(sh * S)
		changed = lent.changed[:0]
	} else {
		out = make([]byte, S*H)
		copy(out[sh*S:], base.rows)
	}
	p := &image.Paletted{Pix: out[1:], Stride: S, Rect: image.Rect(0, 0, W, H), Palette: mapPalette}

	// The scratch pictures' pixels are stale outside the rectangles
	// drawn in them: nothing else is read back. The strip's text is
	// drawn in a picture of its own rectangle, the overlays in windows
	// (window.go).
	scratch := getPixels()
	defer putPixels(scratch)
	tp := &tacticalPicture{Paletted: p, rows: out, base: base, strip: sh, lent: lent, changed: changed,
		delta: adlerDelta{end: S * H, stride: S}}
	tp.changed = markReach(p, base, lay, v.Map, t, scratch, tp.changed, &tp.delta)
	if sh > 0 {
		// The strip's template, and its text drawn over it (or the
		// whole strip, when the text reaches the legend), looked up
		// afresh as the whole strip would be (quantiseRect over
		// indices 0).
		tp.template = stripTemplateFor(lay.strip)
		copy(out, tp.template.rows)
		r, clearOfLegend := lay.strip.textBounds()
		if !clearOfLegend {
			r = image.Rect(0, 0, W, sh)
		}
		if !r.Empty() {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				clear(p.Pix[y*S+r.Min.X : y*S+r.Max.X])
			}
			img := &image.RGBA{Pix: bytesFor(scratch, 4*r.Dx()*r.Dy()), Stride: 4 * r.Dx(), Rect: r}
			fillRect(img, r.Min.X, r.Min.Y, r.Max.X, r.Max.Y, colStrip)
			if clearOfLegend {
				lay.strip.drawText(img, 0)
			} else {
				lay.strip.draw(img, 0)
			}
			quantiseRect(p, img, r.Min, r, nil, nil)
			tp.stripRects = []image.Rectangle{r}
		}
	}
	placed, err := placeCounters(lay.counters(), v.Counters)
	if err != nil {
		return nil, err
	}
	// Each counter's square, and the rectangle it may change (bounds,
	// worked out once: it places the label).
	squares, bounds := make([]image.Rectangle, len(placed)), make([]image.Rectangle, len(placed))
	for i, pc := range placed {
		squares[i], bounds[i] = pc.square(), pc.bounds()
	}
	claims := overlayRects(lay, v, bounds)
	// A counter's square is painted opaque before anything reads it
	// (a later counter's shadow reads what the counter drew), so its
	// pixels need not be turned to RGBA first. A face nothing is drawn
	// over after it (no facing tick of its own, no later counter
	// reaching it) is set aside: mapped to the palette from the kept
	// face, never painted in RGBA.
	// A face set aside is written whole, so it must lie below the title
	// strip (clip), where the squares mapped from img are cut too.
	clip := image.Rect(0, sh, W, H)
	for i, pc := range placed {
		if pc.k.HasFacing || !squares[i].In(clip) || faceOf(pc.st, pc.k).spills {
			continue
		}
		placed[i].faceAside = !slices.ContainsFunc(bounds[i+1:], func(b image.Rectangle) bool { return b.Overlaps(squares[i]) })
	}
	ids := overlayIDs{len(v.Highlights)}
	draw := func(img *image.RGBA, id int) { drawOverlay(img, lay, v, placed, id) }
	for _, group := range overlayGroups(claims) {
		// The group's counters' squares are holes in its rectangles,
		// those not set aside mapped to the palette from the windows
		// (clipped as the rectangles are).
		var holes, mapped []image.Rectangle
		for _, c := range group {
			if i := c.id - ids.counter(0); i >= 0 {
				holes = append(holes, squares[i])
				if !placed[i].faceAside {
					mapped = append(mapped, squares[i].Intersect(clip))
				}
			}
		}
		for _, w := range overlayWindows(cover(rectsOf(group), holes), mapped) {
			tp.changed = drawWindow(w, group, p, scratch, draw, tp.changed, &tp.delta)
		}
	}
	for i, pc := range placed {
		if pc.faceAside {
			tp.changed = quantiseFace(p, faceOf(pc.st, pc.k).pal, squares[i].Min, tp.changed, &tp.delta)
		}
	}
	return tp, nil
}

// release gives a lent picture's buffer back to the working copies'
// pool (tacticalWorks), the terrain under its rectangles restored; the picture is not to be used after.
func (tp *tacticalPicture) release() {
	if tp.lent == nil {
		return
	}
	S, top := tp.Stride, tp.strip*tp.Stride
	for _, r := range tp.changed {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			a, e := y*S+1+r.Min.X, y*S+1+r.Max.X
			copy(tp.rows[a:e], tp.base.rows[a-top:e-top])
		}
	}
	tp.lent.changed = tp.changed
	tacticalWorks.Put(tp.lent)
	tp.lent, tp.rows, tp.Paletted, tp.changed = nil, nil, nil, nil
}

// writePNG writes the picture as a PNG: the base's coded pieces where
// nothing was drawn over them, the rest coded afresh. The first picture
// on a terrain codes the terrain first (code). Matching that picture
// whole and coding the terrain from its tokens cost it less (4.8 blanks
// against 6.5, BENCHMARKS.md, "Every picture spliced over a terrain
// coded from the terrain alone"), but the terrain's bits were then made
// from that picture's matches and codes, which every later picture, of
// any viewer, splices: they carried where the first viewer's counters
// stood (ruling RND3).
func (tp *tacticalPicture) writePNG(w io.Writer) error {
	n := tp.base.code().count()
	if tp.template != nil {
		n += tp.template.code(tp.Stride).count()
	}
	sc := getScratch(n)
	defer scratches.Put(sc)
	ls := tp.layers(sc)
	err := writeCodedPNG(w, tp.rows, tp.Rect.Dx(), tp.Rect.Dy(), tp.Palette, ls, sc)
	terrain := ls[len(ls)-1]
	sc.list = terrain.list // its room, for the next picture
	return err
}

// layers are the picture's stream as coded once, the title strip's
// template, then the terrain, with the pieces the picture changed marked
// in sc.changed (all false, as long as the layers' pieces); the
// terrain's changed pieces are listed in sc's room.
func (tp *tacticalPicture) layers(sc *scratch) []layer {
	changed, lo, hi := sc.changed, sc.lo, sc.hi
	var ls []layer
	if tp.template != nil {
		c := tp.template.code(tp.Stride)
		n := c.count()
		l := layer{c: c, ref: tp.template.rows, changed: changed[:n], lo: lo[:n], hi: hi[:n]}
		l.markChanged(tp.rows, tp.stripRects)
		ls, changed, lo, hi = append(ls, l), changed[n:], lo[n:], hi[n:]
	}
	c := tp.base.code()
	n := c.count()
	l := layer{c: c, at: tp.strip * tp.Stride, ref: tp.base.rows, changed: changed[:n], lo: lo[:n], hi: hi[:n], list: sc.list[:0], delta: tp.delta}
	for _, r := range tp.changed {
		a := (r.Min.Y-tp.strip)*tp.Stride + 1 // rows counted from the terrain's top
		l.mark(a+r.Min.X, a+r.Max.X)
	}
	return append(ls, l)
}

// cover is the union of rs less the union of holes, as rectangles that
// do not overlap: the picture is swept in bands between the rectangles'
// tops and bottoms, each band's spans covered by rs merged and the
// holes' spans cut out; a span the band above ended with is lengthened
// rather than started again, so a rectangle is cut only where the shape
// changes. Overlays overlap (a stack, a line of fire over its ends'
// counters), and each pixel is then turned to RGBA and back once.
func cover(rs, holes []image.Rectangle) []image.Rectangle {
	type edge struct {
		r    image.Rectangle
		hole bool
	}
	all := make([]edge, 0, len(rs)+len(holes))
	ys := make([]int, 0, 2*cap(all))
	for i, set := range [2][]image.Rectangle{rs, holes} {
		for _, r := range set {
			if !r.Empty() {
				all = append(all, edge{r, i == 1})
				ys = append(ys, r.Min.Y, r.Max.Y)
			}
		}
	}
	// By their tops: each rectangle's top above its index, sorted as
	// numbers, which is quicker than sorting the rectangles.
	order := make([]uint64, len(all))
	for i, e := range all {
		order[i] = uint64(uint32(e.r.Min.Y)^1<<31)<<32 | uint64(i)
	}
	slices.Sort(order)
	slices.Sort(ys)
	ys = slices.Compact(ys)
	out := make([]image.Rectangle, 0, 2*len(all))
	var active, spans, cuts [][2]int
	var live []edge     // the rectangles across the band
	var open, now []int // out's rectangles ending at the band's top, and at its bottom
	next := 0           // the first of all not yet live
	for i := 0; i+1 < len(ys); i++ {
		y0, y1 := ys[i], ys[i+1]
		live = slices.DeleteFunc(live, func(e edge) bool { return e.r.Max.Y <= y0 })
		for ; next < len(all) && all[uint32(order[next])].r.Min.Y <= y0; next++ {
			// Kept in x order, so the band's spans come in order.
			e := all[uint32(order[next])]
			at, _ := slices.BinarySearchFunc(live, e.r.Min.X, func(l edge, x int) int { return l.r.Min.X - x })
			live = slices.Insert(live, at, e)
		}
		active, cuts = active[:0], cuts[:0]
		for _, e := range live {
			if e.hole {
				cuts = append(cuts, [2]int{e.r.Min.X, e.r.Max.X})
			} else {
				active = append(active, [2]int{e.r.Min.X, e.r.Max.X})
			}
		}
		spans = subtract(spans[:0], merged(active), merged(cuts))
		// A span the band above ended with, the same width, is
		// lengthened; the others start rectangles. Both are in x order.
		now = now[:0]
		j := 0
		for _, sp := range spans {
			for j < len(open) && out[open[j]].Min.X < sp[0] {
				j++
			}
			if j < len(open) && out[open[j]].Min.X == sp[0] && out[open[j]].Max.X == sp[1] {
				out[open[j]].Max.Y = y1
				now = append(now, open[j])
				continue
			}
			now = append(now, len(out))
			out = append(out, image.Rect(sp[0], y0, sp[1], y1))
		}
		open, now = now, open
	}
	return out
}

// merged is the union of the spans [x0, x1), which come in order of
// their starts, in x order, none touching; made in place.
func merged(spans [][2]int) [][2]int {
	out := spans[:0]
	for _, sp := range spans {
		if n := len(out); n > 0 && sp[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], sp[1])
			continue
		}
		out = append(out, sp)
	}
	return out
}

// subtract appends to dst the spans of a less those of b, both in x
// order and merged.
func subtract(dst, a, b [][2]int) [][2]int {
	j := 0
	for _, sp := range a {
		x := sp[0]
		for j < len(b) && b[j][1] <= x {
			j++
		}
		for k := j; k < len(b) && b[k][0] < sp[1]; k++ {
			if b[k][0] > x {
				dst = append(dst, [2]int{x, b[k][0]})
			}
			x = max(x, b[k][1])
		}
		if x < sp[1] {
			dst = append(dst, [2]int{x, sp[1]})
		}
	}
	return dst
}

// overlayRects are the rectangles of the picture the overlays of v may
// draw on, each with its overlay (overlayIDs), clipped to the map below
// the title strip: each placed counter's own (counters: their
// placedCounter.bounds); each
// highlight's hexes, and its lines cut into short pieces so a long line
// of fire does not claim the whole box between its ends; each edge bar.
func overlayRects(lay layout, v Tactical, counters []image.Rectangle) []claim {
	g := lay.g
	clip := image.Rect(0, lay.strip.height, lay.W, lay.H)
	ids := overlayIDs{len(v.Highlights)}
	var out []claim
	id := 0 // the overlay whose rectangles are added
	add := func(r image.Rectangle) {
		if r = r.Intersect(clip); !r.Empty() {
			out = append(out, claim{r, id})
		}
	}
	box := func(x0, y0, x1, y1, pad float64) image.Rectangle {
		return image.Rect(int(math.Floor(math.Min(x0, x1)-pad)), int(math.Floor(math.Min(y0, y1)-pad)),
			int(math.Ceil(math.Max(x0, x1)+pad)), int(math.Ceil(math.Max(y0, y1)+pad)))
	}
	for i, r := range counters {
		id = ids.counter(i)
		add(r)
	}
	for h, hl := range v.Highlights {
		id = h
		if hl.Kind == Reachable || hl.Kind == Deployment {
			continue // painted with the terrain
		}
		// Lines are at most 0.16 hex sizes wide with a casing; the
		// target ring reaches 0.55 sizes from the centre, the arrowhead
		// half a size: all within a hex's box and pad. Between the
		// hexes, a line (drawHighlight: 0.14 sizes and a casing of 2
		// pixels, or dashed without) shades the pixels whose centres lie
		// within half its width and half a pixel of its axis, so a
		// pixel reaches a pixel further; cut a hex size long, its
		// pieces claim little beside it, however it slants.
		pad := 0.2*g.size + 4
		linePad := (math.Max(2, 0.14*g.size)+2)/2 + 1
		for i, h := range hl.Hexes {
			cx, cy := g.center(h)
			add(box(cx-g.size, cy-g.height/2, cx+g.size, cy+g.height/2, pad))
			if i == 0 {
				continue
			}
			px, py := g.center(hl.Hexes[i-1])
			l := math.Hypot(cx-px, cy-py)
			n := max(1, int(l/g.size))
			for j := range n {
				t0, t1 := float64(j)/float64(n), float64(j+1)/float64(n)
				add(box(px+(cx-px)*t0, py+(cy-py)*t0, px+(cx-px)*t1, py+(cy-py)*t1, linePad))
			}
		}
	}
	for _, e := range v.Edges {
		id = ids.edge(e.Edge)
		x0, y0, x1, y1 := lay.edgeBar(e.Edge)
		add(edgeRect(x0, y0, x1, y1, lay.edgeW))
	}
	return out
}

// paletteRGBA is mapPalette as RGBA bytes read as one little-endian
// word, to turn a paletted pixel back into RGBA with one lookup and to
// tell with one comparison whether a pixel still has its entry's colour.
var paletteRGBA = sync.OnceValue(func() *[256]uint32 {
	var t [256]uint32
	for i, c := range mapPalette {
		r, g, b, a := c.RGBA()
		t[i] = binary.LittleEndian.Uint32([]byte{byte(r >> 8), byte(g >> 8), byte(b >> 8), byte(a >> 8)})
	}
	return &t
})

// expandRect copies rectangle r of the paletted picture p into img as
// RGBA, at the same coordinates.
func expandRect(img *image.RGBA, p *image.Paletted, r image.Rectangle) {
	t := paletteRGBA()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := p.Pix[y*p.Stride+r.Min.X : y*p.Stride+r.Max.X]
		dst := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		// Two pixels a store.
		for len(src) >= 2 && len(dst) >= 8 {
			binary.LittleEndian.PutUint64(dst, uint64(t[src[0]])|uint64(t[src[1]])<<32)
			src, dst = src[2:], dst[8:]
		}
		if len(src) > 0 {
			binary.LittleEndian.PutUint32(dst, t[src[0]])
		}
	}
}

// rowChanges gathers what mapping a row's pixels to the palette changed:
// the span from its first changed pixel to its last, and the changes to
// the checksum (pixel x weighed by w - x, the bytes from it to the
// layer's end).
type rowChanges struct {
	x0, x1 int
	s1, s2 int64
	w      int64
}

// note records that pixel x changed from entry was to now.
func (rc *rowChanges) note(x int, was, now byte) {
	if rc.x0 < 0 {
		rc.x0 = x
	}
	rc.x1 = x + 1
	dn := int64(now) - int64(was)
	rc.s1 += dn
	rc.s2 += dn * (rc.w - int64(x))
}

// flush appends the row's span (row y, its pixels counted from x) to
// changed if a pixel changed, and adds the checksum changes to d if given.
func (rc *rowChanges) flush(changed []image.Rectangle, x, y int, d *adlerDelta) []image.Rectangle {
	if rc.x0 >= 0 {
		changed = append(changed, image.Rect(x+rc.x0, y, x+rc.x1, y+1))
	}
	if d != nil {
		d.s1, d.s2 = d.s1+rc.s1, d.s2+rc.s2
	}
	return changed
}

// quantiseRect maps the pixels of src from sp (in src's coordinates) on
// to the palette, into rectangle r of p, and appends to changed, for
// each row where an entry changed, the row's span from its first changed
// pixel to its last; d,
// if given, gathers the changes for the checksum of p's stream (p's
// pixels, each row led by a filter byte). A pixel whose colour is still
// that of its entry in p keeps the entry: two entries may share a 5-6-5
// cell, and the terrain under an overlay's rectangle must come back as
// it was. src is opaque.
func quantiseRect(p *image.Paletted, src *image.RGBA, sp image.Point, r image.Rectangle, changed []image.Rectangle, d *adlerDelta) []image.Rectangle {
	t, back := paletteIndex(), paletteRGBA()
	var end, stride int
	if d != nil {
		end, stride = d.end, d.stride
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := src.PixOffset(sp.X, sp.Y+y-r.Min.Y)
		from := src.Pix[o : o+4*r.Dx()]
		dst := p.Pix[y*p.Stride+r.Min.X : y*p.Stride+r.Max.X]
		rc := rowChanges{x0: -1, w: int64(end - (y*stride + 1 + r.Min.X))}
		for x, i := range dst {
			if c := binary.LittleEndian.Uint32(from[4*x:]); c != back[i] {
				if n := t[word565(c)]; n != i {
					dst[x] = n
					rc.note(x, i, n)
				}
			}
		}
		changed = rc.flush(changed, r.Min.X, y, d)
	}
	return changed
}
