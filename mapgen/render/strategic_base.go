package render

import (
	"image"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"bfbot/mapgen"
)

// Every player of a campaign gets the strategic map after every turn,
// and most of it is the same for all of them: the strips of the title
// and the header, the orbit box, the sectors' tints, frames, numbers,
// names and objectives, the links between them. So the picture down to
// the legend's band is painted once per map, hex size and layout,
// without anything of a view on it, kept paletted (a byte a pixel, each
// row led by its PNG filter byte) and deflated once (mapcode.go,
// codeRows). A picture is drawn in a working copy of the base, lent
// and restored where it changed (strategicWork). It draws afresh what
// is the viewer's: the order arrows, a sector's deployment frame (the
// sector redrawn whole) or search mark (its head redrawn), the marks
// that an arrow reaches, turned back to RGBA from the palette only
// within the rectangles they touch (strategicRects) and mapped back;
// the other marks, in orbit and along the sectors' bottoms, and the
// words of the title, the viewer and the header line are laid into the
// palette from patches kept for each mark and ground
// (strategic_patches.go). The legend's band, below the base, is one of
// those kept for each legend (legendBands), with its deflate block and
// checksum. Its PNG keeps the base's tokens that still say what the
// picture holds, matches afresh the bytes the others wrote
// (recodeTokens), codes the strips' and the sectors' tokens in blocks
// with codes of their own, and ends with the legend's block as it was
// kept (writePNG).

// strategicBase is the shared part of a strategic map's pictures.
type strategicBase struct {
	rows   []byte // the base's rows of W+1 bytes: filter byte 0, then indices into mapPalette
	stride int
	top    *strategicTop // its rows above the sectors, coded
	once   sync.Once
	toks   []token   // the rows' tokens, matching nothing before them (code)
	sums   adlerSums // the rows' Adler-32 sums
	id     uint64    // tells its working copies (strategicWork) from others'
}

// strategicBaseIDs numbers the bases painted.
var strategicBaseIDs atomic.Uint64

// code matches the base's rows on first use: its top's tokens as they
// were kept, then the sectors' matched by the thorough matcher, whose
// chains start at the sectors (a match at a fixed distance may read the
// top). Its checksum's sums are the top's and the sectors', summed row
// by row. The tokens are neither coded nor parted into pieces: a
// picture walks them all (writePNG), and codes them with codes of its
// own.
func (b *strategicBase) code() *strategicBase {
	b.once.Do(func() {
		m := getChainMatcher(newMatcher(b.stride, 0).dists)
		defer chainMatchers.Put(m)
		n := len(b.top.rows)
		// Some 100 bytes a token.
		toks := append(make([]token, 0, len(b.top.toks)+len(b.rows)/64), b.top.toks...)
		b.toks = m.tokens(toks, b.rows, n, len(b.rows))
		b.sums = b.top.sums.then(adlerRows(b.rows[n:], b.stride), len(b.rows)-n)
	})
	return b
}

// strategicBaseKey is what a base is painted from: every field of the
// map the picture draws (sectorsKey), the hex size, the base's size (to
// the legend's band), the heights of the title's strip and the header's
// (0 for none), and where the grid starts.
type strategicBaseKey struct {
	sectors         string
	size            float64
	W, H            int
	titleH, headerH int
	gridTop         int
}

// strategicBases keeps the sectors of the maps drawn last, 16 at most
// and 32 MB: a 4×3 map's base is about 0.4 MB paletted, its tokens some
// 30 KB (4.4 MB paletted at the largest hex size). Campaigns on
// the default map share one; a bot with more maps than this paints a
// base for each map's turn, which costs about what drawing the picture
// whole did (BenchmarkStrategic12Cold).
var strategicBases = kept[strategicBaseKey, *strategicBase]{bound: 16, bytes: 32 << 20, weigh: func(b *strategicBase) int {
	// The rows, their tokens once matched (some 6% of them) and the top
	// they start with (a fifth), with room to spare.
	return 2 * len(b.rows)
}}

// sectorsKey is the map's fields the picture draws, as text: the grid,
// and each sector's number, place, ground, name and objectives.
func sectorsKey(sm *mapgen.Strategic) string {
	b := make([]byte, 0, 64*len(sm.Sectors))
	b = strconv.AppendInt(b, int64(sm.Cols), 10)
	b = append(b, 'x')
	b = strconv.AppendInt(b, int64(sm.Rows), 10)
	for _, sec := range sm.Sectors {
		for _, n := range []int{sec.ID, sec.Col, sec.Row, int(sec.Theme)} {
			b = strconv.AppendInt(append(b, 0), int64(n), 10)
		}
		b = append(append(b, 0), sec.Name...)
		for _, ob := range sec.Objectives {
			b = strconv.AppendInt(append(b, 1), int64(ob.Kind), 10)
			b = strconv.AppendInt(append(b, 0), int64(ob.VP), 10)
			b = append(append(b, 0), ob.Name...)
		}
	}
	return string(b)
}

// baseTop is the first row of the part with the sectors: half a gap
// above the grid, below the orbit box.
func (p *strategicPainter) baseTop() int { return int(p.top - p.gap/2) }

// legendTop is the first row of the legend's band, the end of the base.
func (p *strategicPainter) legendTop() int { return p.H - p.legend.height }

// strategicBaseFor returns the shared part of p's picture, painting it
// on a miss in palette entries (paintBaseEntries), or, if its words and
// icons do not lie apart, in RGBA in scratch (its top then coded with
// it).
func strategicBaseFor(p *strategicPainter, scratch *[]byte) *strategicBase {
	key := strategicBaseKey{sectors: sectorsKey(p.v.Map), size: p.s, W: p.W, H: p.legendTop(),
		titleH: p.title.height, headerH: p.headerH, gridTop: int(p.top)}
	return strategicBases.get(key, func() *strategicBase {
		S := key.W + 1
		rows, top, ok := p.paintBaseEntries(scratch)
		if !ok {
			rows = paintedRowsIn(scratch, key.W, key.H, p.paintBase)
			top = newStrategicTop(rows[:S*p.baseTop()], S)
		}
		return &strategicBase{rows: rows, stride: S, top: top, id: strategicBaseIDs.Add(1)}
	})
}

// baseOnly is p drawing its base: its map with nothing of a view.
func (p *strategicPainter) baseOnly() *strategicPainter {
	q := *p
	q.v = StrategicView{Map: p.v.Map}
	q.drawn = map[symbol]bool{}
	q.aside, q.baseRows = nil, nil
	q.placing, q.entries, q.inexact = nil, nil, false
	return &q
}

// paintBase paints on img the base of p's picture, down to the legend's
// band.
func (p *strategicPainter) paintBase(img *image.RGBA) {
	q := p.baseOnly()
	q.on(img)
	q.drawBase()
}

// drawBase draws the base: the top's ground, then its sectors.
func (p *strategicPainter) drawBase() {
	p.drawTopGround()
	p.drawSectors()
}

// drawSectors draws the base below its top: the ground around the
// sectors (under them their tints), the links, the sectors.
func (p *strategicPainter) drawSectors() {
	boxes := make([]image.Rectangle, len(p.v.Map.Sectors))
	for i := range boxes {
		boxes[i] = p.sectorRect(i)
	}
	for _, r := range cover([]image.Rectangle{image.Rect(0, p.baseTop(), p.W, p.legendTop())}, boxes) {
		p.fill(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y, colBackground)
	}
	p.drawLinks()
	for i := range p.v.Map.Sectors {
		p.drawSector(i)
	}
}

// framed reports whether sector i holds a deployment frame or a search
// mark: it is drawn whole over the base (they are drawn under its name,
// and a search shortens the name).
func (p *strategicPainter) framed(i int) bool { return p.holds(i, p.v.Deploy, p.v.Searches) }

// marked reports whether sector i holds a battle, a battlegroup or a
// contact: its marks are drawn over the base.
func (p *strategicPainter) marked(i int) bool {
	id := p.v.Map.Sectors[i].ID
	return p.holds(i, p.v.Own, p.v.Contacts) || slices.ContainsFunc(p.v.Battles, func(b BattleMark) bool { return b.SectorID == id })
}

// holds reports whether a mark of one of the lists stands in sector i.
func (p *strategicPainter) holds(i int, lists ...[]SectorMark) bool {
	id := p.v.Map.Sectors[i].ID
	for _, marks := range lists {
		if slices.ContainsFunc(marks, func(mk SectorMark) bool { return mk.SectorID == id }) {
			return true
		}
	}
	return false
}

// legendBands keeps legends drawn (some 80 KB each on a 4×3 map): the
// players of a side see the same legend turn after turn, and drawing
// its swatches was a fifth of a picture's cost, matching and coding its
// pixels another tenth. Legends differ by the grounds and objectives on
// the map and the marks and orders a side's view holds: the scale test's
// thousand campaigns, each on a map of its own, drew 101 different ones,
// which 64 did not hold (239 drawn, of 2,000 pictures); 128 is some
// 10 MB, and 16 MB bounds them at any hex size (a legend at the largest
// is 0.9 MB).
var legendBands = kept[legendBandKey, *legendBand]{bound: 128, bytes: 16 << 20, weigh: func(b *legendBand) int {
	return cap(b.rows) + cap(b.bits) + keptUpkeep // bits has room past its end (bitWriter)
}}

// legendBand is a legend's band: its stream rows, and their deflate
// block, the stream's last, matched within the band alone so that it
// holds after any picture's other blocks, with its checksum.
type legendBand struct {
	rows  []byte
	bits  []byte // the block, and 8 bytes to spare (bitWriter.splice)
	nbits int
	adler uint32 // the rows' Adler-32
}

// legendBandKey is what a legend's band is drawn from: its items
// (legendInputs.key), the scale and the band's size.
type legendBandKey struct {
	items string
	size  float64
	W, H  int
}

// legendBand is the legend's band of p's picture, on a miss put
// together from its kept lines (legendFromLines), or drawn in RGBA in
// scratch and coded; nil when the picture has no legend.
func (p *strategicPainter) legendBand(scratch *[]byte) *legendBand {
	if p.legend.height == 0 {
		return nil
	}
	key := legendBandKey{items: p.legendKey, size: p.s, W: p.W, H: p.legend.height}
	return legendBands.get(key, func() *legendBand {
		rows, toks, adler, ok := p.legendFromLines(scratch)
		if !ok {
			rows = paintedRowsIn(scratch, key.W, key.H, func(img *image.RGBA) { p.legend.draw(img, 0) })
			toks, adler = chainTokens(rows, key.W+1), adlerOf(rows).adler32(len(rows))
		}
		var bw bitWriter
		putBlock(&bw, toks, true)
		n := bw.bitLen()
		return &legendBand{rows: rows, bits: append(bw.bytes(), make([]byte, 8)...), nbits: n, adler: adler}
	})
}

// strategicPicture is a strategic map composed over its base: paletted,
// each row led by a PNG filter byte, the rectangles drawn over the base,
// the legend's band (if any) below it; the sectors' part starts at row
// top.
type strategicPicture struct {
	*image.Paletted
	rows   []byte
	base   *strategicBase
	top    int
	legend *legendBand
	// changed are the spans of rows where the picture's pixels differ
	// from the base's, delta what they do to its checksum.
	changed []image.Rectangle
	delta   adlerDelta
	work    *strategicWork // the base's working copy the picture is drawn in, if lent
}

// strategicWork is a working copy of a base's rows, with a legend's
// band below them, and the room a picture drawn in it lists the spans it
// changed in. A picture is drawn in one and released: its spans are
// restored from the base, so that the next picture on the same base
// need not copy the base's 0.4 MB (nor the band, when its legend is the
// same).
type strategicWork struct {
	buf     []byte
	base    uint64      // the id of the base whose rows buf holds (0: none yet)
	legend  *legendBand // the band below the base's rows (nil: none yet)
	changed []image.Rectangle
}

// strategicWorks are the working copies not lent, of any base. One pool
// for all bases, not one each: a pool is reachable from the runtime
// until the second collection after it was last used, and with it a
// base that held it, so a bot drawing a picture or two on each of many
// maps (every campaign on a map of its own) kept every base drawn since
// the last collection but one alive, and nearly doubled its peak heap.
// A copy knows its base by id, so that it keeps none alive either. A
// copy of another base costs a copy of the whole base, as every picture
// did before copies were lent.
var strategicWorks sync.Pool

// lend returns a working copy of the base's rows n bytes long, the
// legend's band below them.
func (b *strategicBase) lend(n int, legend *legendBand) *strategicWork {
	w, ok := strategicWorks.Get().(*strategicWork)
	if !ok || cap(w.buf) < n {
		w = &strategicWork{buf: make([]byte, n)}
	}
	w.buf = w.buf[:n]
	if w.base != b.id {
		copy(w.buf, b.rows)
		w.base, w.legend = b.id, nil
	}
	if legend != w.legend && legend != nil {
		copy(w.buf[len(b.rows):], legend.rows)
	}
	w.legend = legend
	return w
}

// release gives a lent picture's working copy back, the base under the
// spans it changed restored; the picture is not to be used after.
func (sp *strategicPicture) release() {
	if sp.work == nil {
		return
	}
	S, ref := sp.Stride, sp.base.rows
	for _, r := range sp.changed {
		a := r.Min.Y*S + 1
		copy(sp.rows[a+r.Min.X:a+r.Max.X], ref[a+r.Min.X:a+r.Max.X])
	}
	sp.work.changed = sp.changed
	strategicWorks.Put(sp.work)
	sp.work, sp.rows, sp.Paletted, sp.changed = nil, nil, nil, nil
}

// composeStrategic draws the paletted picture of v: above the base
// everything afresh, on the base what the view adds, within the
// rectangles rects gives; in one of the base's working copies if lend
// (the picture then to be released), else in new rows. It draws in
// RGBA in scratch (a pooled buffer if nil), whose old bytes it never
// reads back; a map's first picture paints its base and its legend
// there first.
func composeStrategic(v StrategicView, o Options, lend bool, scratch *[]byte, rects func(*strategicPainter) []image.Rectangle) (*strategicPicture, error) {
	p, err := layoutStrategic(v, o)
	if err != nil {
		return nil, err
	}
	W, H, S := p.W, p.H, p.W+1
	if scratch == nil {
		scratch = getPixels()
		defer putPixels(scratch)
	}
	img := newPicture(W, H, scratch) // the buffer grown once, for all three
	base := strategicBaseFor(p, scratch)
	legend := p.legendBand(scratch)
	var out []byte
	var work *strategicWork
	if lend {
		work = base.lend(S*H, legend)
		out = work.buf
	} else {
		out = make([]byte, S*H)
		copy(out, base.rows)
		if legend != nil {
			copy(out[len(base.rows):], legend.rows)
		}
	}
	pal := &image.Paletted{Pix: out[1:], Stride: S, Rect: image.Rect(0, 0, W, H), Palette: mapPalette}

	// The scratch picture's pixels are stale outside the rectangles
	// copied into it: nothing else is read back.
	p.on(img)
	p.baseRows = base.rows
	rs := cover(rects(p), nil)
	for _, r := range rs {
		expandRect(img, pal, r)
	}
	p.drawTopText()
	for i := range v.Map.Sectors {
		switch {
		case p.framed(i):
			p.drawSector(i)
		case p.marked(i) && !p.laidAside(i):
			p.drawMarks(i)
		}
	}
	p.drawOrders()
	sp := &strategicPicture{Paletted: pal, rows: out, base: base, top: p.baseTop(), legend: legend, work: work,
		delta: adlerDelta{end: len(base.rows), stride: S}}
	if work != nil {
		sp.changed = work.changed[:0]
	}
	for _, r := range rs {
		sp.changed = quantiseRect(pal, img, r.Min, r, sp.changed, &sp.delta)
	}
	sp.layAside(p.aside)
	return sp, nil
}

// strategicRects are the rectangles of the base the view draws on: the
// title's and the header's text, the marks in orbit, each framed
// sector's box, each marked sector's marks, each order hop cut in short
// pieces with room for its casing and heads, each arrow label.
func strategicRects(p *strategicPainter) []image.Rectangle {
	// The legend, drawn last, covers whatever reached its band.
	clip := image.Rect(0, 0, p.W, p.legendTop())
	var out []image.Rectangle
	put := func(r image.Rectangle) {
		if r = r.Intersect(clip); !r.Empty() {
			out = append(out, r)
		}
	}
	add := func(x0, y0, x1, y1, pad float64) {
		put(image.Rect(int(math.Floor(math.Min(x0, x1)-pad)), int(math.Floor(math.Min(y0, y1)-pad)),
			int(math.Ceil(math.Max(x0, x1)+pad)), int(math.Ceil(math.Max(y0, y1)+pad))))
	}
	for i := range p.v.Map.Sectors {
		x0, y0 := p.box(i)
		switch {
		case p.holds(i, p.v.Deploy):
			add(x0, y0, x0+p.cw, y0+p.ch, 2)
		case p.framed(i):
			// A search mark changes only the sector's head: the
			// glass, and the name it shortens.
			add(x0, y0, x0+p.cw, p.searchBottom(i), 2)
			xa, xb := p.marksSpan(i)
			put(p.marksRect(p.sectorItems(i), xa, xb, p.markTop(i), 2, 2))
		}
	}
	// A label is its text and 0.4 s wide, 0.85 s high.
	pad := p.arrowPad()
	for _, h := range p.orderHops() {
		l := math.Hypot(h.x1-h.x0, h.y1-h.y0)
		n := max(1, int(l/(2*p.s)))
		for j := range n {
			t0, t1 := float64(j)/float64(n), float64(j+1)/float64(n)
			add(h.x0+(h.x1-h.x0)*t0, h.y0+(h.y1-h.y0)*t0, h.x0+(h.x1-h.x0)*t1, h.y0+(h.y1-h.y0)*t1, pad)
		}
		if h.labelled() {
			w := float64(p.faces.mark.width(h.order.Label)) + 0.4*p.s
			add(h.lx-w/2, h.ly-0.43*p.s, h.lx+w/2, h.ly+0.43*p.s, 2)
		}
	}
	// The words on the strips, the marks in orbit and in the marked
	// sectors, last: those nothing above reaches may be laid from the
	// palette.
	for _, r := range p.placeAside(p.baseRows, out) {
		put(r)
	}
	return out
}

// writePNG writes the picture as a PNG in deflate blocks with codes
// made for them: the base's tokens where they still say what the
// picture holds, the others matched again (their start and end where
// they still hold) by recodeTokens. Only a token that writes or reads
// a chunk of the stream holding a span the picture changed
// (changedChunks) is looked at: the others say what they said in the
// base. The base's tokens are walked whole, not parted into pieces as a
// tactical terrain's are (mapcode.go): parting them cost a new map's
// picture some 7% of its time, and a picture walks its 4,000 or so
// tokens no slower than it marked and found its pieces. Coding the tokens
// again costs little on a picture of this size, and codes of its own
// keep it small: reusing the base's bits, as a tactical map does, wrote
// the largest of TestStrategicPNGSizeSeeds' pictures in 31 KB instead
// of 26.
func (sp *strategicPicture) writePNG(w io.Writer) error {
	b := sp.base.code()
	sc := getScratch(0)
	defer scratches.Put(sc)
	// What is matched afresh is matched as a tactical picture's is
	// (layer.write), at the run and the row above and the last place
	// seen: the thorough matcher wrote the largest picture in 26.5 KB
	// instead of 27.9, for half as many instructions again.
	clear(sc.near[:])
	m := matcher{dists: []int{1, b.stride}, recent: sc.near[:]}
	rows, S := sp.rows, sp.Stride
	changed := sp.changedChunks(sc)
	// Blocks with codes of their own: the strips above the sectors (text
	// on dark), the sectors, and the legend's as it was kept.
	toks, cut := sc.toks[:0], -1
	sectors := sp.top * S
	held := 0          // b.toks[held:i] hold, not yet written
	group, at := -1, 0 // the first of a run of tokens that may not hold, and where it starts
	p := 0             // where b.toks[i] starts
	for i, t := range b.toks {
		l, d := 1, 0
		if t&matchFlag != 0 {
			l, d = t.match()
		}
		maybe := changed.any(p, p+l) || d > 0 && changed.any(p-d, p-d+l)
		sectorsStart := p >= sectors && cut < 0
		if group >= 0 && (!maybe || sectorsStart) {
			toks = recodeTokens(toks, b.toks[group:i], m, rows, at)
			group, held = -1, i
		}
		if sectorsStart {
			toks = append(toks, b.toks[held:i]...)
			held, cut = i, len(toks)
		}
		if maybe && group < 0 {
			toks = append(toks, b.toks[held:i]...)
			group, at = i, p
		}
		p += l
	}
	if group >= 0 {
		toks = recodeTokens(toks, b.toks[group:], m, rows, at)
	} else {
		toks = append(toks, b.toks[held:]...)
	}
	if cut < 0 {
		cut = len(toks)
	}
	bw := bitWriter{out: idatHead(sc.out[:0])}
	putBlock(&bw, toks[:cut], false)
	putBlock(&bw, toks[cut:], sp.legend == nil)
	adler := b.sums.with(sp.delta).adler32(len(b.rows))
	if sp.legend != nil {
		bw.splice(sp.legend.bits, 0, sp.legend.nbits)
		adler = adlerJoin(adler, sp.legend.adler, len(sp.legend.rows))
	}
	out := finishIDAT(bw.bytes(), adler)
	sc.out, sc.toks = out, toks
	return writePaletted(w, sp.Rect.Dx(), sp.Rect.Dy(), sp.Palette, out)
}

// chunks marks the chunks of 64 bytes of a picture's stream that the
// picture changed from its base, a bit each.
type chunks []uint64

// set marks the chunks holding the bytes [a, e).
func (c chunks) set(a, e int) {
	for k := a >> 6; k <= (e-1)>>6; k++ {
		c[k>>6] |= 1 << (k & 63)
	}
}

// any reports whether a chunk holding one of the bytes [a, e) is marked.
func (c chunks) any(a, e int) bool {
	for k := a >> 6; k <= (e-1)>>6; k++ {
		if c[k>>6]&(1<<(k&63)) != 0 {
			return true
		}
	}
	return false
}

// changedChunks marks the chunks of the picture's stream that hold the
// spans it changed, in sc's room.
func (sp *strategicPicture) changedChunks(sc *scratch) chunks {
	n := len(sp.rows)>>12 + 1
	if cap(sc.chunks) < n {
		sc.chunks = make([]uint64, n)
	}
	c := chunks(sc.chunks[:n])
	clear(c)
	S := sp.Stride
	for _, r := range sp.changed {
		a := r.Min.Y*S + 1
		c.set(a+r.Min.X, a+r.Max.X)
	}
	return c
}

// adlerJoin is the Adler-32 of two streams back to back, given each
// one's and the second's length (zlib's adler32_combine).
func adlerJoin(a, b uint32, n int) uint32 {
	r := uint32(n % adlerMod)
	s1 := (a&0xffff + b&0xffff + adlerMod - 1) % adlerMod
	s2 := (r*(a&0xffff)%adlerMod + a>>16 + b>>16 + adlerMod - r) % adlerMod
	return s2<<16 | s1
}
