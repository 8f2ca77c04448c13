package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"math"
	"math/bits"
	"slices"
	"sync"
)

// A tactical map's terrain (base.go) is deflated once, and each picture
// drawn on it reuses those bits where it did not draw. The PNG stream is
// the picture's rows, each led by its filter byte (0: none; image/png
// does not filter paletted pictures either). The terrain's stream is cut
// into pieces, pieceBytes of a row each: a piece is the tokens that
// start in it, and is kept with its bits; the matches that read a
// piece from another are kept with it, with where their bits start.
// The title strip's legend is coded the same way (striptemplate.go):
// each is a layer, written as a deflate block of its own codes. A
// picture codes afresh the pieces it changed (keeping the layer's tokens
// there that still hold) and, alone, each match of another piece that
// reads what it changed (layer.broken); every other token's bits are
// copied as they are, and the checksum is the layer's with what the
// changed bytes did to it added.
// So a picture costs what it draws, not its size: image/png deflated
// all of a sector map's 1.6 million pixels for every picture.

// pieceBytes is the length of a piece of a row in the stream. Pieces of
// 32 bytes code a quarter less afresh around a picture's overlays and
// take 4% fewer instructions, but twice the pieces to keep and walk
// took that back: no change in CPU time (BENCHMARKS.md, "The tactical
// map drawn again, what did not pay").
const pieceBytes = 64

// pieces cuts a stream of rows of stride bytes.
type pieces struct {
	stride, rows, perRow int
	// inv is 2⁶⁴ / stride rounded up (a stride is at least 2, a filter
	// byte and a pixel): a row is a multiplication away, not a division
	// (coding a terrain asks for every token's piece).
	inv uint64
}

func newPieces(stride, rows int) pieces {
	return pieces{stride: stride, rows: rows, perRow: (stride + pieceBytes - 1) / pieceBytes, inv: math.MaxUint64/uint64(stride) + 1}
}

func (s pieces) count() int { return s.rows * s.perRow }

// at is the piece holding stream position pos. The row, pos·inv / 2⁶⁴,
// is exact for pos below 2⁶⁴ / stride: its error is under pos / 2⁶⁴.
func (s pieces) at(pos int) int {
	y, _ := bits.Mul64(uint64(pos), s.inv)
	return int(y)*s.perRow + (pos-int(y)*s.stride)/pieceBytes
}

// codedRows are rows coded with one set of codes, piece by piece: a
// piece is the tokens that start in its part of the stream, and may end
// past it.
type codedRows struct {
	pieces
	codes  *codes
	toks   []token   // the rows' tokens
	first  []int     // each piece's first token, and the end
	bounds []int     // where each piece's first token starts, and the end
	bits   []byte    // the pieces' bits back to back, and 8 bytes to spare
	offs   []int     // the bit where each piece starts, and the end
	whole  adlerSums // the Adler-32 sums of all the rows
	// The matches of other pieces that read piece i are
	// readers[readAt[i]:readAt[i+1]], each with readBit the bit of
	// bits where it is coded: kept here, not looked up among the
	// tokens.
	readers         []reader
	readAt, readBit []int32
}

// reader is a match that reads another piece than its own, and the
// stream position it writes.
type reader struct {
	t   token
	pos int32
}

// pieceRead is a match that reads piece from, as codeSummed gathers
// them: the stream position it writes, its token and the token's index.
type pieceRead struct {
	from, pos, tok int32
	t              token
}

// readsPool is codeSummed's room for the matches it gathers, used while
// it codes a terrain and then garbage: a new battle's map codes its
// terrain afresh.
var readsPool = sync.Pool{New: func() any { return new([]pieceRead) }}

// codeRows codes the stream rows (whole rows of stride bytes), whose
// Adler-32 sums are sums, with codes made for it, matching nothing
// before it.
func codeRows(rows []byte, stride int, m matcher, sums adlerSums) *codedRows {
	m.recent = make([]int32, 1<<hashBits)
	// A sector's terrain comes to a token for every 15 bytes or so.
	toks := m.tokens(make([]token, 0, len(rows)/12), rows, 0, len(rows), 0)
	return codeSummed(rows, stride, toks, sums)
}

// codeSummed codes the stream rows, whose tokens are toks, piece by
// piece, their Adler-32 sums known, with codes made for the tokens, for
// pictures that splice their bits (layer.write).
func codeSummed(rows []byte, stride int, toks []token, whole adlerSums) *codedRows {
	c := &codedRows{pieces: newPieces(stride, len(rows)/stride), whole: whole}
	n := c.count()
	c.bounds = make([]int, n+1)
	first := make([]int, n+1)
	for i := range c.bounds {
		c.bounds[i], first[i] = -1, len(toks)
	}
	c.bounds[n] = len(rows)
	rp := readsPool.Get().(*[]pieceRead)
	defer readsPool.Put(rp)
	reads := (*rp)[:0]
	// The token's stream position, and its row and place in the row:
	// its piece is told without a division or a multiplication (at).
	pos, y, x := 0, 0, 0
	for ti, t := range toks {
		k := y*c.perRow + x/pieceBytes
		if c.bounds[k] < 0 {
			c.bounds[k], first[k] = pos, ti
		}
		l := 1
		if t&matchFlag != 0 {
			var d int
			l, d = t.match()
			src := pos - d
			// A match that starts reading its own piece reads no other
			// (those after it have no tokens yet); most others read one
			// piece: the next has started past what they read.
			if s := c.pieceOf(src); s != k {
				e := s
				if b := c.bounds[s+1]; b < 0 || src+l-1 >= b {
					e = c.pieceOf(src + l - 1)
				}
				for ; s <= e; s++ {
					if s != k {
						reads = append(reads, pieceRead{int32(s), int32(pos), int32(ti), t})
					}
				}
			}
		}
		pos += l
		for x += l; x >= stride; x -= stride {
			y++
		}
	}
	*rp = reads // its room, for the next base
	for i := n - 1; i >= 0; i-- {
		if c.bounds[i] < 0 {
			c.bounds[i], first[i] = c.bounds[i+1], first[i+1]
		}
	}
	c.readAt = make([]int32, n+1)
	for _, r := range reads {
		c.readAt[r.from+1]++
	}
	for i := range n {
		c.readAt[i+1] += c.readAt[i]
	}
	c.toks, c.first = toks, first
	c.readers = make([]reader, len(reads))
	fill := slices.Clone(c.readAt)
	for _, r := range reads {
		c.readers[fill[r.from]] = reader{r.t, r.pos}
		fill[r.from]++
	}
	c.codes = newCodes(toks)
	// Written in a picture's room (putAt makes room for the longest
	// codes, some five times what a terrain codes to), then copied; where
	// each token's bits start, for the pieces' and the readers'.
	sc := getScratch(0)
	defer scratches.Put(sc)
	w := bitWriter{out: sc.out[:0]}
	at := make([]int32, len(toks))
	c.codes.putAt(&w, toks, at)
	c.offs = make([]int, n+1)
	for i, ti := range first {
		c.offs[i] = w.bitLen()
		if ti < len(toks) {
			c.offs[i] = int(at[ti])
		}
	}
	sc.out = w.bytes()
	c.bits = append(make([]byte, 0, len(sc.out)+8), sc.out...)
	c.bits = c.bits[:len(c.bits)+8]
	c.readBit = make([]int32, len(reads))
	copy(fill, c.readAt)
	for _, r := range reads {
		c.readBit[fill[r.from]] = at[r.tok]
		fill[r.from]++
	}
	return c
}

// recode appends to toks the tokens of piece i in the picture whose
// stream is rows, the base's rows starting at top (recodeTokens).
func (c *codedRows) recode(toks []token, m matcher, rows []byte, top, i int) []token {
	return recodeTokens(toks, c.toks[c.first[i]:c.first[i+1]], m, rows, top+c.bounds[i])
}

// recodeTokens appends to toks the tokens of the picture whose stream
// is rows that write what the tokens src wrote from stream position p:
// each of them that still says what the picture holds; of a match that
// does not, its start and end where they still hold (an overlay cuts a
// long match in the middle); and the bytes between matched afresh by m.
func recodeTokens(toks, src []token, m matcher, rows []byte, p int) []token {
	fresh := -1 // where the bytes to be matched afresh start, if any
	flush := func(end int) {
		if fresh >= 0 {
			toks, fresh = m.tokens(toks, rows, fresh, end, 0), -1
		}
	}
	for _, t := range src {
		l, ok := tokenHolds(rows, p, t)
		switch {
		case ok:
			flush(p)
			toks = append(toks, t)
		case t&matchFlag != 0:
			head, tail, d := heldEnds(rows, p, t)
			if head > 0 {
				flush(p)
				toks = append(toks, matchToken(head, d))
			}
			if fresh < 0 {
				fresh = p + head
			}
			if tail > 0 {
				flush(p + l - tail)
				toks = append(toks, matchToken(tail, d))
			}
		case fresh < 0:
			fresh = p
		}
		p += l
	}
	flush(p)
	return toks
}

// heldEnds are how many bytes at the start and at the end of match t,
// written at stream position p, still say what rows hold there (each 0
// if fewer than a match's least), and its distance.
func heldEnds(rows []byte, p int, t token) (head, tail, d int) {
	l, d := t.match()
	if head = matchLen(rows, p, p-d, l); head < minMatch {
		head = 0
	}
	if tail = matchLenBack(rows, p+l, d, l-head); tail < minMatch {
		tail = 0
	}
	return head, tail, d
}

// rematch appends to toks the tokens of the bytes match t writes at
// stream position p of rows, which it no longer says: its start and
// end where they still hold, the bytes between matched afresh by m.
func rematch(toks []token, m matcher, rows []byte, p int, t token) []token {
	head, tail, d := heldEnds(rows, p, t)
	l, _ := t.match()
	if head > 0 {
		toks = append(toks, matchToken(head, d))
	}
	toks = m.tokens(toks, rows, p+head, p+l-tail, 0)
	if tail > 0 {
		toks = append(toks, matchToken(tail, d))
	}
	return toks
}

// tokenHolds reports whether token t, written at stream position p, says
// what rows hold there, and how many bytes it writes.
func tokenHolds(rows []byte, p int, t token) (int, bool) {
	if t&matchFlag == 0 {
		return 1, rows[p] == byte(t)
	}
	l, d := t.match()
	// A match copies byte by byte, so it may overlap what it writes.
	return l, bytes.Equal(rows[p:p+l], rows[p-d:p-d+l])
}

// pieceOf is the piece whose tokens write stream position pos.
func (c *codedRows) pieceOf(pos int) int {
	k := c.at(pos)
	for c.bounds[k] > pos || c.bounds[k] < 0 {
		k--
	}
	return k
}

// adlerSums are a piece's share of the stream's Adler-32: the sum of its
// bytes and the sum of each byte times its distance from the piece's end.
type adlerSums struct{ s1, s2 uint32 }

const adlerMod = 65521

func adlerOf(b []byte) adlerSums {
	var s1, s2 uint32
	for len(b) > 0 {
		// 5552 bytes at most between reductions, as zlib has it.
		n := min(len(b), 5552)
		c := b[:n]
		// Eight bytes at a time: each adds eight times the first sum
		// to the second, and its own bytes weighted 8 down to 1. The
		// weighted sum is taken in 16-bit lanes, the even bytes and the
		// odd ones each multiplied by their weights so that the sum
		// lands in the top lane (no lane carries: each stays under
		// 2¹⁶). A byte at a time, the sums wait on each other.
		for ; len(c) >= 8; c = c[8:] {
			v := binary.LittleEndian.Uint64(c)
			even, odd := v&0x00ff00ff00ff00ff, v>>8&0x00ff00ff00ff00ff
			s2 += 8*s1 + uint32((even*0x0008000600040002+odd*0x0007000500030001)>>48)
			s1 += uint32(((even + odd) * 0x0001000100010001) >> 48)
		}
		for _, x := range c {
			s1 += uint32(x)
			s2 += s1
		}
		s1, s2, b = s1%adlerMod, s2%adlerMod, b[n:]
	}
	return adlerSums{s1, s2}
}

// adlerRows is adlerOf the stream rows of stride bytes, a row that
// repeats the row above (three in four of a strategic base's) added
// from its sums, not read again: comparing it costs a fraction of
// summing it.
func adlerRows(rows []byte, stride int) adlerSums {
	var s, row adlerSums
	for a := 0; a < len(rows); a += stride {
		if a == 0 || !bytes.Equal(rows[a:a+stride], rows[a-stride:a]) {
			row = adlerOf(rows[a : a+stride])
		}
		s = s.then(row, stride)
	}
	return s
}

// scratch is what writing one picture works in, pooled: which pieces
// changed and where, the tokens of a piece, the chunk being built.
type scratch struct {
	changed []bool
	lo, hi  []int32  // where each changed piece changed (layer.mark)
	list    []int32  // room for a layer's changed pieces
	broken  []uint64 // room for a layer's broken matches (layer.broken)
	chunks  []uint64 // room for a strategic picture's changed chunks
	toks    []token
	near    [1 << nearBits]int32 // layer.write's recent
	out     []byte
}

var scratches sync.Pool

// getScratch returns a scratch with flags for n pieces, those of changed
// all false.
func getScratch(n int) *scratch {
	sc, ok := scratches.Get().(*scratch)
	if !ok {
		sc = new(scratch)
	}
	if cap(sc.changed) < n {
		sc.changed = make([]bool, n)
	}
	sc.changed = sc.changed[:n]
	for _, f := range []*[]int32{&sc.lo, &sc.hi} {
		if cap(*f) < n {
			*f = make([]int32, n)
		}
		*f = (*f)[:n]
	}
	clear(sc.changed)
	return sc
}

// layer is a part of a picture's stream coded once (its terrain, its
// title strip's legend), written as a deflate block of its own codes:
// where it starts in the stream, the rows it was coded from, which of
// its pieces the picture changed, and where its bytes may differ from
// those rows.
type layer struct {
	c       *codedRows
	at      int
	ref     []byte
	changed []bool
	lo, hi  []int32    // a changed piece's bytes that changed lie in [lo, hi)
	list    []int32    // the changed pieces, in the order found
	spans   [][2]int   // the changed pieces' bytes [a, e) (markChanged)
	delta   adlerDelta // what changes outside the spans did to the checksum
}

// mark marks the pieces holding the layer's bytes [a, e) changed.
func (l *layer) mark(a, e int) {
	for k := l.c.pieceOf(a); k <= l.c.pieceOf(e-1); k++ {
		lo, hi := int32(max(a, l.c.bounds[k])), int32(min(e, l.c.bounds[k+1]))
		if !l.changed[k] {
			l.changed[k] = true
			l.list = append(l.list, int32(k))
			l.lo[k], l.hi[k] = lo, hi
			continue
		}
		l.lo[k], l.hi[k] = min(l.lo[k], lo), max(l.hi[k], hi)
	}
}

// markChanged marks in l.changed the pieces whose bytes differ between
// the picture's stream (rows) and the rows the layer was coded from,
// looking only within rects (in the picture's pixels; the layer starts
// a whole row down the stream).
func (l *layer) markChanged(rows []byte, rects []image.Rectangle) {
	ref := l.ref
	c, stride := l.c, l.c.stride
	top := l.at / stride
	for _, r := range rects {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			a := (y-top)*stride + 1 + r.Min.X
			for k := c.pieceOf(a); k <= c.pieceOf(a+r.Dx()-1); k++ {
				if !l.changed[k] {
					a, e := c.bounds[k], c.bounds[k+1]
					l.changed[k] = !bytes.Equal(rows[l.at+a:l.at+e], ref[a:e])
				}
			}
		}
	}
	for k, ch := range l.changed {
		if ch {
			l.list = append(l.list, int32(k))
			l.spans = append(l.spans, [2]int{c.bounds[k], c.bounds[k+1]})
			if l.lo != nil {
				l.lo[k], l.hi[k] = int32(c.bounds[k]), int32(c.bounds[k+1])
			}
		}
	}
}

// broken lists the matches of the layer's unchanged pieces that read
// where a changed piece changed, as their indices among the base's
// readers, in stream order: each is coded again alone (rematch), its
// piece's other tokens spliced as they are. Such a match writes what
// the terrain holds there, which equalled what it copied, so it holds
// in the picture just when none of the bytes it copies changed: no
// byte of the picture is read to tell (one read in [lo, hi) that
// happens to hold is coded again as it was). Only the matches that
// read a changed piece are looked at: the others of an unchanged piece
// write and copy bytes the picture did not change. The list is sc's
// room.
func (l layer) broken(sc *scratch) []uint64 {
	base := l.c
	out := sc.broken[:0]
	for _, i := range l.list {
		lo, hi := int(l.lo[i]), int(l.hi[i])
		for j := base.readAt[i]; j < base.readAt[i+1]; j++ {
			p := int(base.readers[j].pos)
			if n, d := base.readers[j].t.match(); p-d >= hi || p-d+n <= lo || l.changed[base.at(p)] {
				continue // reads nothing that changed, or coded afresh whole
			}
			out = append(out, uint64(p)<<32|uint64(j))
		}
	}
	// By position; a match reading two changed pieces once.
	slices.Sort(out)
	out = slices.CompactFunc(out, func(a, b uint64) bool { return a>>32 == b>>32 })
	sc.broken = out
	return out
}

// writeCodedPNG writes as a PNG the W×H paletted picture whose stream
// (rows of filter byte and pixels) is rows, made of layers back to back,
// each with its changed pieces marked. Each layer is a block: its codes'
// bits where the picture did not change it, the rest coded afresh.
func writeCodedPNG(w io.Writer, rows []byte, W, H int, pal color.Palette, layers []layer, sc *scratch) error {
	bw := bitWriter{out: idatHead(sc.out[:0])}
	clear(sc.near[:])
	toks := sc.toks[:0]
	for li, l := range layers {
		toks = l.write(&bw, toks, rows, li == len(layers)-1, sc)
	}
	out := finishIDAT(bw.bytes(), streamAdler(rows, layers[0].at, layers))
	sc.out, sc.toks = out, toks
	return writePaletted(w, W, H, pal, out)
}

// streamAdler is the Adler-32 of the stream rows: its first head bytes,
// then the layers back to back.
func streamAdler(rows []byte, head int, layers []layer) uint32 {
	s := adlerOf(rows[:head])
	for _, l := range layers {
		s = s.then(l.sums(rows), len(l.ref))
	}
	return s.adler32(len(rows))
}

// then is the sums of the bytes of s followed by the n bytes whose sums
// are b: in the second sum each byte of s counts once more for each of
// the n.
func (s adlerSums) then(b adlerSums, n int) adlerSums {
	return adlerSums{uint32((uint64(s.s1) + uint64(b.s1)) % adlerMod),
		uint32((uint64(s.s2) + uint64(n%adlerMod)*uint64(s.s1) + uint64(b.s2)) % adlerMod)}
}

// with is the sums s of a layer's rows with the changes d made to them.
func (s adlerSums) with(d adlerDelta) adlerSums {
	return adlerSums{adlerMod64(int64(s.s1) + d.s1), adlerMod64(int64(s.s2) + d.s2%adlerMod)}
}

// adlerMod64 is x modulo adlerMod, at least 0.
func adlerMod64(x int64) uint32 { return uint32((x%adlerMod + adlerMod) % adlerMod) }

// sums are the layer's share of the Adler-32 of the picture whose stream
// is rows: the sums of the rows it was coded from, the changes gathered
// as they were made (delta), and the difference of each span that may
// have changed, so that a picture pays for what it changed and not for
// its size. In the second sum a byte counts once for itself and every
// byte after it in the layer.
func (l layer) sums(rows []byte) adlerSums {
	n := len(l.ref)
	w := l.c.whole.with(l.delta)
	s1, s2 := int64(w.s1), int64(w.s2)
	for _, s := range l.spans {
		now, was := adlerOf(rows[l.at+s[0]:l.at+s[1]]), adlerOf(l.ref[s[0]:s[1]])
		d1 := int64(now.s1) - int64(was.s1)
		s1 += d1
		s2 += (int64(now.s2) - int64(was.s2) + d1*int64((n-s[1])%adlerMod)) % adlerMod
	}
	return adlerSums{adlerMod64(s1), adlerMod64(s2)}
}

// adlerDelta is what a picture's changes to a layer do to the layer's
// Adler-32 sums, gathered as the pixels are changed (quantiseRect), so
// that neither the rows before nor after are read again: a byte's
// change counts once in the first sum and, in the second, once for
// itself and every byte after it in the layer.
type adlerDelta struct {
	end    int // the stream position just past the layer
	stride int
	s1, s2 int64 // under 2⁶³: a change weighs under 2⁸·2²⁶, pixels are under 2²⁶
}

// adler32 is zlib's Adler-32 of the n bytes whose sums are s: zlib's
// sums start at 1, so each byte adds 1 more to the second.
func (s adlerSums) adler32(n int) uint32 {
	a, b := uint64(s.s1)+1, (uint64(s.s2)+uint64(n))%adlerMod
	return uint32(b%adlerMod)<<16 | uint32(a%adlerMod)
}

// putBlock writes toks as a deflate block with codes made for them (the
// stream's last block if last).
func putBlock(bw *bitWriter, toks []token, last bool) {
	putCoded(bw, toks, newCodes(toks), last)
}

// putCoded writes toks as a deflate block with codes, made for them (the
// stream's last block if last).
func putCoded(bw *bitWriter, toks []token, codes *codes, last bool) {
	if !last {
		codes.header[0] &^= 1 // BFINAL, the header's first bit
	}
	bw.splice(codes.header, 0, codes.headBits)
	codes.putAll(bw, toks)
	codes.putAll(bw, []token{endOfBlock})
}

// idatHead starts an IDAT chunk of one zlib stream in out: the chunk's
// length and type, filled in by finishIDAT, then zlib's header (deflate,
// 32 KB window, fastest).
func idatHead(out []byte) []byte { return append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 0x01) }

// finishIDAT ends the IDAT chunk idatHead started in out, whose deflate
// stream is written, with the stream's Adler-32, the chunk's length and
// its CRC.
func finishIDAT(out []byte, adler uint32) []byte {
	out = binary.BigEndian.AppendUint32(out, adler)
	binary.BigEndian.PutUint32(out, uint32(len(out)-8))
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[4:]))
}

// writePaletted writes a W×H paletted PNG whose pixels are the chunk
// idat.
func writePaletted(w io.Writer, W, H int, pal color.Palette, idat []byte) error {
	head := make([]byte, 0, 64+3*len(pal))
	head = append(head, "\x89PNG\r\n\x1a\n"...)
	head = pngChunk(head, "IHDR", binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(W)), uint32(H)), 8, 3, 0, 0, 0)
	var plte []byte
	for _, c := range pal {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	head = pngChunk(head, "PLTE", plte)
	if _, err := w.Write(head); err != nil {
		return err
	}
	if _, err := w.Write(idat); err != nil {
		return err
	}
	_, err := w.Write(pngChunk(nil, "IEND", nil))
	return err
}

// write writes the layer's block (the last block of the stream if last)
// for the picture whose stream is rows, using toks and sc to work in,
// and returns toks.
func (l layer) write(bw *bitWriter, toks []token, rows []byte, last bool, sc *scratch) []token {
	base := l.c
	broken := l.broken(sc)
	// The block's header says whether it is the last; the rest of it,
	// its codes, is the layer's own.
	if last {
		bw.put(1, 1)
	} else {
		bw.put(0, 1)
	}
	bw.splice(base.codes.header, 1, base.codes.headBits)
	// What is coded afresh is matched among itself too (a counter
	// against the counters before it, a letter against the letters),
	// and tries only two fixed distances, the run and the row above:
	// the others gain little on counters and text for their time (the
	// grid's repeat saved 350 of a sector map's 217,000 bytes for 2% of
	// a picture's instructions). Its table of places seen is small:
	// some tens of thousands of bytes are coded afresh, and a table the
	// size of a whole picture's costs more to clear and to reach than
	// it finds.
	m := matcher{dists: []int{1, base.stride}, recent: sc.near[:]}
	at := 0                      // the first of base.bits not yet written
	k := 0                       // the first of broken not yet written
	rematchTo := func(end int) { // the broken matches before stream position end
		for ; k < len(broken) && int(broken[k]>>32) < end; k++ {
			j := uint32(broken[k])
			b, t := int(base.readBit[j]), base.readers[j].t
			bw.splice(base.bits, at, b)
			toks = rematch(toks[:0], m, rows, l.at+int(base.readers[j].pos), t)
			base.codes.putAll(bw, toks)
			at = b + base.codes.bitLen(t)
		}
	}
	for i, ch := range l.changed {
		if !ch {
			continue
		}
		rematchTo(base.bounds[i])
		bw.splice(base.bits, at, base.offs[i])
		toks = base.recode(toks[:0], m, rows, l.at, i)
		base.codes.putAll(bw, toks)
		at = base.offs[i+1]
	}
	rematchTo(len(l.ref))
	bw.splice(base.bits, at, base.offs[base.count()])
	base.codes.putAll(bw, []token{endOfBlock})
	return toks
}

// pngChunk appends a chunk of the given type holding data and then more.
func pngChunk(b []byte, typ string, data []byte, more ...byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)+len(more)))
	at := len(b)
	b = append(append(append(b, typ...), data...), more...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[at:]))
}
