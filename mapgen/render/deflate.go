package render

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// A deflate (RFC 1951) writer made for the maps' paletted pixels, so that
// a tactical map's terrain is compressed once and each picture drawn on
// it reuses those bits (mapcode.go). Matches are greedy; at each byte the
// matcher tries a few fixed distances first, the pixel before (a run),
// the row above and its neighbours a pixel or two aside (a hex side
// slants under a pixel a row), the width of two hex columns (the grid
// repeats), and then the last place the next four bytes were seen (a
// tree stamp, a digit, a counter drawn before). Its output is smaller
// than image/png's at BestSpeed on every sector map.
//
// The stream is one block with dynamic Huffman codes that give every
// symbol a code, so what is coded afresh (counters, the title strip) can
// use the codes made for the terrain.

// Deflate's bounds on a match and its code lengths.
const (
	minMatch    = 3
	maxMatch    = 258
	maxCodeBits = 15
	numLitLen   = 286 // literals, end of block, length codes
	numDist     = 30
	endOfBlock  = 256
	maxDistance = 32768
)

// token is a literal byte (below 256) or a match: matchFlag, its length
// less minMatch above bit 16, its distance below.
type token uint32

const matchFlag = 1 << 31

func matchToken(length, dist int) token {
	return token(matchFlag | uint32(length-minMatch)<<16 | uint32(dist))
}

// match is a match token's length and distance.
func (t token) match() (length, dist int) { return int(t>>16&0xff) + minMatch, int(t & 0xffff) }

// lengthCode is the length symbol (0-based past endOfBlock), its extra
// bits and their value, for a match length less minMatch (0–255).
func lengthCode(x int) (code, nExtra, extra int) {
	switch {
	case x < 8:
		return x, 0, 0
	case x == maxMatch-minMatch:
		return 28, 0, 0
	}
	n := bits.Len(uint(x)) - 1
	return 4*(n-1) + (x>>(n-2))&3, n - 2, x & (1<<(n-2) - 1)
}

// lengthSyms is lengthCode's symbol of each match length less minMatch.
var lengthSyms = func() (t [maxMatch - minMatch + 1]uint8) {
	for x := range t {
		c, _, _ := lengthCode(x)
		t[x] = uint8(c)
	}
	return t
}()

// distCode is the distance symbol, its extra bits and their value for
// distance d (1–32768).
func distCode(d int) (code, nExtra, extra int) {
	x := d - 1
	if x < 4 {
		return x, 0, 0
	}
	n := bits.Len(uint(x)) - 1
	return 2*n + (x>>(n-1))&1, n - 1, x & (1<<(n-1) - 1)
}

// distSyms is distCode's symbol of a distance less one, x: for x below
// 256 at x, else at 256 + x>>7 (from 256 on, a symbol spans a multiple
// of 128 distances); distFirst is each symbol's first distance less
// one. Writing a token looks its codes up instead of working them out.
var distSyms, distFirst = func() (t [512]uint8, first [numDist]int) {
	for x := range 32768 {
		c, _, _ := distCode(x + 1)
		if x < 256 {
			t[x] = uint8(c)
		} else {
			t[256+x>>7] = uint8(c)
		}
	}
	for x := 32767; x >= 0; x-- {
		c, _, _ := distCode(x + 1)
		first[c] = x
	}
	return t, first
}()

// distSym is the distance symbol of distance less one x, found without
// a branch (the distances of a picture's matches took both ways in
// turn).
func distSym(x int) int {
	far := (255 - x) >> 63 // all ones from 256 on
	return int(distSyms[(x^(x^(256+x>>7))&far)&511])
}

// tokenDist is match t's distance less one; of a literal, a distance
// below 32768 that means nothing.
func tokenDist(t token) int { return int((t - 1) & 0x7fff) }

// distExtra is the number of extra bits of each distance symbol.
var distExtra = [numDist]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

// matcher finds the matches of a picture's filtered rows: the
// distances it tries, nearest first.
type matcher struct {
	dists []int
	// window, when not 0, is the stride whose row above the last five
	// of dists try (windowOrder): their first four bytes are told from
	// one load of the eight from stride+2 back. One by one, the tries
	// were half the instructions of a whole picture's matching
	// (BENCHMARKS.md, "The first picture's matches and codes").
	window int
	// recent is the last position+1 of each 4-byte hash, when the
	// matcher looks further: 1<<hashBits entries, or fewer (a power of
	// two) for the little a picture codes afresh.
	recent []int32
}

// windowOrder are the distances of the row above a matcher tries last,
// less the stride, in the order it tries them: the bit of each in the
// window's set.
var windowOrder = [5]int{0, -1, 1, -2, 2}

// windowSet is the set of windowOrder's distances whose first four
// bytes are cur, told from the eight bytes a from the stride+2 back:
// distance stride+o starts at byte 2-o of them.
func windowSet(a uint64, cur uint32) uint {
	var set uint
	if uint32(a>>16) == cur {
		set |= 1
	}
	if uint32(a>>24) == cur {
		set |= 2
	}
	if uint32(a>>8) == cur {
		set |= 4
	}
	if uint32(a>>32) == cur {
		set |= 8
	}
	if uint32(a) == cur {
		set |= 16
	}
	return set
}

const hashBits = 15

// nearBits are the bits of the table of places seen when coding a
// picture's changes over its coded terrain (layer.write).
const nearBits = 12

// goodMatch is a match long enough not to look for a longer one.
const goodMatch = 32

// maxDists bounds the distances a matcher tries: newMatcher lists them
// in an array of this length, so that a longer list does not compile,
// and tokens gathers its candidates in one. A power of two (the
// declaration below does not compile otherwise), so that tokens indexes
// its candidates with a mask and no bounds check.
const maxDists = 8

var _ [0 - maxDists&(maxDists-1)]struct{}

// newMatcher is the matcher for rows of stride bytes in the stream (a
// filter byte and the pixels) and a grid repeating every period pixels
// (0: none).
func newMatcher(stride, period int) matcher {
	var m matcher
	// The entries left 0 are not distances.
	for _, d := range [maxDists]int{1, period, stride, stride - 1, stride + 1, stride - 2, stride + 2} {
		if d >= 1 && d <= maxDistance && !slices.Contains(m.dists, d) {
			m.dists = append(m.dists, d)
		}
	}
	if n := len(m.dists); n >= len(windowOrder) {
		m.window = stride
		for i, o := range windowOrder {
			if m.dists[n-len(windowOrder)+i] != stride+o {
				m.window = 0
			}
		}
	}
	return m
}

// tokens appends the tokens of data[start:end] to out, matching only
// bytes at or after lo and ending no match past end.
func (m matcher) tokens(out []token, data []byte, start, end, lo int) []token {
	for p := start; p < end; {
		limit := min(maxMatch, end-p)
		if limit < 4 {
			out = append(out, token(data[p]))
			p++
			continue
		}
		// Candidates are first told by their first four bytes, the
		// fixed distances' gathered in the order they are tried.
		cur := binary.LittleEndian.Uint32(data[p:])
		// At most maxDists: each of dists at most once.
		var cand [maxDists]int
		n := 0
		one, win := m.dists, m.window != 0 && p-m.window-2 >= lo
		if win {
			one = one[:len(one)-len(windowOrder)]
		}
		for _, d := range one {
			if q := p - d; q >= lo && binary.LittleEndian.Uint32(data[q:]) == cur {
				cand[n&(maxDists-1)], n = d, n+1
			}
		}
		if win {
			for set := windowSet(binary.LittleEndian.Uint64(data[p-m.window-2:]), cur); set != 0; set &= set - 1 {
				cand[n&(maxDists-1)], n = m.window+windowOrder[bits.TrailingZeros(set)], n+1
			}
		}
		best, bestD := 0, 0
		for _, d := range cand[:n] {
			// A candidate must match the byte where the best so far
			// ends to beat it.
			if q := p - d; data[q+best] == data[p+best] {
				if l := matchLen(data, p, q, limit); l > best {
					best, bestD = l, d
					if best >= goodMatch || best == limit {
						break
					}
				}
			}
		}
		if m.recent != nil {
			h := slot(cur, len(m.recent))
			if q := int(m.recent[h]) - 1; best < goodMatch && q >= lo && p-q <= maxDistance &&
				binary.LittleEndian.Uint32(data[q:]) == cur {
				if l := matchLen(data, p, q, limit); l > best {
					best, bestD = l, p-q
				}
			}
			m.recent[h] = int32(p + 1)
		}
		if best >= minMatch {
			out = append(out, matchToken(best, bestD))
			p += best
			continue
		}
		out = append(out, token(data[p]))
		p++
	}
	return out
}

// slot is the entry of a matcher's table of places seen, of n entries,
// for the four bytes cur (little-endian).
func slot(cur uint32, n int) uint32 { return cur * 0x1e35a7bd >> (32 - hashBits) & uint32(n-1) }

// matchLen is how many bytes from p equal those from q, at most limit.
// The two stretches are cut once and shortened as they are compared, so
// that the loop keeps them in registers and checks one length: a
// quarter of a whole picture's matching was this loop, its bounds
// worked out afresh for each word.
func matchLen(data []byte, p, q, limit int) int {
	a := data[p : p+limit]
	b := data[q : q+limit]
	b = b[:len(a)]
	n := 0
	for len(a) >= 8 {
		if x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n, a, b = n+8, a[8:], b[8:]
	}
	for i := range a {
		if a[i] != b[i] {
			return n + i
		}
	}
	return n + len(a)
}

// matchLenBack is how many bytes just before end equal those d before
// them, at most limit: a match's tail that still holds, eight bytes at
// a time (the last byte of a little-endian word is its highest).
func matchLenBack(data []byte, end, d, limit int) int {
	n := 0
	for n+8 <= limit {
		if x := binary.LittleEndian.Uint64(data[end-n-8:]) ^ binary.LittleEndian.Uint64(data[end-n-8-d:]); x != 0 {
			return n + bits.LeadingZeros64(x)/8
		}
		n += 8
	}
	for n < limit && data[end-n-1] == data[end-n-1-d] {
		n++
	}
	return n
}

// codes are the block's Huffman codes, bit-reversed as deflate writes
// them, with their lengths.
type codes struct {
	lit     [numLitLen]uint16
	litLen  [numLitLen]uint8
	dist    [numDist]uint16
	distLen [numDist]uint8
	// syms are each literal and the end of block (0–256), then each
	// match length less minMatch, as written: the symbol's code and a
	// length's extra bits, above how many bits that is (the low byte).
	syms [endOfBlock + 1 + maxMatch - minMatch + 1]uint32
	// distN is how many bits each distance symbol writes, its code
	// and extra bits.
	distN    [numDist]uint8
	header   []byte // the block header coding the code lengths, 8 bytes to spare,
	headBits int    // in this many bits
}

// symbolCounts are how many times each literal or length symbol and
// each distance symbol occurs in a block's tokens.
type symbolCounts struct {
	lit  [numLitLen]int
	dist [numDist]int
}

// add counts token t's symbols, without a branch on whether it is a
// match, which a picture's tokens made unpredictable: a literal counts
// a distance too, by 0.
func (f *symbolCounts) add(t token) {
	u := uint32(t)
	match := -(u >> 31) // all ones for a match
	f.lit[u&0x1ff&^match+match&(endOfBlock+1+uint32(lengthSyms[u>>16&0xff]))]++
	f.dist[distSym(tokenDist(t))] += int(t >> 31)
}

// newCodes makes codes for the symbol counts of tokens, every symbol
// counted at least once, and writes the block header that declares them.
func newCodes(toks []token) *codes {
	var f symbolCounts
	for _, t := range toks {
		f.add(t)
	}
	return f.codes()
}

// codes makes codes for the counts (the end of block counted here),
// every symbol counted at least once, and writes the block header that
// declares them.
func (f *symbolCounts) codes() *codes {
	lf, df := f.lit, f.dist
	lf[endOfBlock]++
	for i := range lf {
		lf[i] = 2*lf[i] + 1
	}
	for i := range df {
		df[i] = 2*df[i] + 1
	}
	c := &codes{}
	huffmanLengths(lf[:], maxCodeBits, c.litLen[:])
	huffmanLengths(df[:], maxCodeBits, c.distLen[:])
	canonical(c.litLen[:], c.lit[:])
	canonical(c.distLen[:], c.dist[:])
	for s := range endOfBlock + 1 {
		c.syms[s] = uint32(c.lit[s])<<8 | uint32(c.litLen[s])
	}
	for x := range maxMatch - minMatch + 1 {
		lc, ln, lx := lengthCode(x)
		s := endOfBlock + 1 + lc
		c.syms[endOfBlock+1+x] = (uint32(c.lit[s])|uint32(lx)<<c.litLen[s])<<8 | uint32(c.litLen[s]+uint8(ln))
	}
	for dc := range numDist {
		c.distN[dc] = c.distLen[dc] + distExtra[dc]
	}
	var w bitWriter
	w.put(1, 1) // the last block
	w.put(2, 2) // dynamic codes
	writeCodeLengths(&w, c.litLen[:], c.distLen[:])
	c.headBits = w.bitLen()
	c.header = append(w.bytes(), make([]byte, 8)...)
	return c
}

// putAll writes the tokens toks. The bits wait in a local word, not
// in w, and each token's go out in one store of eight bytes, however
// many are whole, into room made once (a token is at most 48 bits, 6
// bytes, beside fewer than 8 waiting): no branch on how many bits wait,
// which a picture's tokens made unpredictable, and a call a piece, not
// one a token with w's fields read and written for each. Nor a branch
// on whether a token is a match: a literal's distance bits are worked
// out too and masked away.
func (c *codes) putAll(w *bitWriter, toks []token) { c.putAt(w, toks, nil) }

// putAt is putAll that sets at[i], when at is not nil, to the bit where
// token i starts (as w's bitLen counts them): a terrain's pieces are
// written in one call, not one a piece, and where a piece and a token
// reading another piece start told as they are written.
func (c *codes) putAt(w *bitWriter, toks []token, at []int32) {
	if at != nil {
		at = at[:len(toks)]
	}
	o := len(w.out)
	out := slices.Grow(w.out, 6*len(toks)+16)
	out = out[:cap(out)]
	acc, n := w.acc, w.n
	// Fewer than 32 bits wait between calls; fewer than 8 from here.
	binary.LittleEndian.PutUint64(out[o:], acc)
	o, acc, n = o+int(n>>3), acc>>(n&^7), n&7
	for i, t := range toks {
		if at != nil {
			at[i] = int32(8*o + int(n))
		}
		// The literal's or length's bits (at most 20), then the
		// distance's (28).
		s := c.sym(t)
		d := tokenDist(t)
		dc := distSym(d)
		mask := uint64(int64(int32(t) >> 31)) // all ones for a match
		// (Each shift masked to below 64, which it is, so that it is
		// compiled without a guard.)
		dist := (uint64(c.dist[dc]) | uint64(d-distFirst[dc])<<(c.distLen[dc]&63)) & mask
		acc |= (uint64(s>>8) | dist<<(s&63)) << (n & 63)
		n += uint(s&63) + uint(c.distN[dc])&uint(mask)
		binary.LittleEndian.PutUint64(out[o:], acc)
		o, acc, n = o+int(n>>3), acc>>(n&56), n&7
	}
	w.out, w.acc, w.n = out[:o], acc, n
}

// sym is token t's entry in c.syms: a literal's, or a match length's,
// found without a branch (a literal's length bits are 0).
func (c *codes) sym(t token) uint32 {
	u := uint32(t)
	match := -(u >> 31) // all ones for a match
	return c.syms[u&0x1ff&^match+match&(endOfBlock+1)+u>>16&0xff]
}

// bitLen is how many bits putAll writes for t.
func (c *codes) bitLen(t token) int {
	n := int(c.sym(t) & 0xff)
	if t&matchFlag != 0 {
		n += int(c.distN[distSym(tokenDist(t))])
	}
	return n
}

// codeLengthOrder is the order in which the header lists the lengths of
// the code-length code.
var codeLengthOrder = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeCodeLengths writes the header of a dynamic block: the lengths of
// both codes, run-length coded, and the code that codes them.
func writeCodeLengths(w *bitWriter, lit, dist []uint8) {
	nl, nd := len(lit), len(dist)
	for nl > endOfBlock+1 && lit[nl-1] == 0 {
		nl--
	}
	for nd > 1 && dist[nd-1] == 0 {
		nd--
	}
	all := append(slices.Clone(lit[:nl]), dist[:nd]...)
	// Symbols 0–15 a length, 16 the last length again 3–6 times, 17 zero
	// 3–10 times, 18 zero 11–138 times; each with its repeat count.
	type sym struct{ s, extra uint8 }
	var seq []sym
	for i := 0; i < len(all); {
		l, run := all[i], 1
		for i+run < len(all) && all[i+run] == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				n := min(run, 138)
				seq, run = append(seq, sym{18, uint8(n - 11)}), run-n
			}
			if run >= 3 {
				seq, run = append(seq, sym{17, uint8(run - 3)}), 0
			}
		} else {
			seq, run = append(seq, sym{l, 0}), run-1
			for run >= 3 {
				n := min(run, 6)
				seq, run = append(seq, sym{16, uint8(n - 3)}), run-n
			}
		}
		for ; run > 0; run-- {
			seq = append(seq, sym{l, 0})
		}
	}
	var f [19]int
	for _, s := range seq {
		f[s.s]++
	}
	var cl [19]uint8
	var cc [19]uint16
	huffmanLengths(f[:], 7, cl[:])
	canonical(cl[:], cc[:])
	ncl := 19
	for ncl > 4 && cl[codeLengthOrder[ncl-1]] == 0 {
		ncl--
	}
	w.put(uint64(nl-257), 5)
	w.put(uint64(nd-1), 5)
	w.put(uint64(ncl-4), 4)
	for _, s := range codeLengthOrder[:ncl] {
		w.put(uint64(cl[s]), 3)
	}
	extraBits := [19]uint{16: 2, 17: 3, 18: 7}
	for _, s := range seq {
		w.put(uint64(cc[s.s])|uint64(s.extra)<<cl[s.s], uint(cl[s.s])+extraBits[s.s])
	}
}

// huffmanLengths sets lens to the code lengths of a complete Huffman
// code for the counts freq (at most numLitLen of them, each under
// 2⁵⁴), none longer than maxBits; symbols of count 0 get no code. When
// the tree is too deep the counts are flattened (halved, kept above
// zero) and the tree built again: a Huffman tree is always a complete
// code, which decoders insist on. Its room is on the stack: a picture
// makes six codes, and their room was some 60 KB of garbage a picture.
func huffmanLengths(freq []int, maxBits int, lens []uint8) {
	clear(lens)
	// A leaf is its count above its symbol: sorted, the leaves are in
	// order of count and, among equal counts, of symbol. Halving keeps
	// that order by count, so they are sorted once.
	const symBits = 9
	var keys [numLitLen]uint64
	leaves := keys[:0]
	for s, f := range freq {
		if f > 0 {
			leaves = append(leaves, uint64(f)<<symBits|uint64(s))
		}
	}
	switch len(leaves) {
	case 0:
		return
	case 1:
		lens[leaves[0]&(1<<symBits-1)] = 1
		return
	}
	n := len(leaves)
	var weight, parent, depth [2*numLitLen - 1]int
	slices.Sort(leaves)
	for {
		for i, l := range leaves {
			weight[i] = int(l >> symBits)
		}
		if huffmanDepths(n, weight[:], parent[:], depth[:]) <= maxBits {
			break
		}
		for i, l := range leaves {
			leaves[i] = (l>>symBits+1)/2<<symBits | l&(1<<symBits-1)
		}
	}
	for i, l := range leaves {
		lens[l&(1<<symBits-1)] = uint8(depth[i])
	}
}

// huffmanDepths builds Huffman's tree over the n leaves whose weights,
// in increasing order, start weight, and sets each leaf's depth; it
// returns the deepest. Two queues: the leaves, and the merged nodes,
// which are made in increasing weight.
func huffmanDepths(n int, weight, parent, depth []int) int {
	leaf, node := 0, n
	pick := func(next int) int {
		if leaf < n && (node >= next || weight[leaf] <= weight[node]) {
			leaf++
			return leaf - 1
		}
		node++
		return node - 1
	}
	for next := n; next < 2*n-1; next++ {
		a, b := pick(next), pick(next)
		weight[next] = weight[a] + weight[b]
		parent[a], parent[b] = next, next
	}
	depth[2*n-2] = 0
	deepest := 0
	for i := 2*n - 3; i >= 0; i-- {
		depth[i] = depth[parent[i]] + 1
		deepest = max(deepest, depth[i])
	}
	return deepest
}

// canonical sets codes to deflate's canonical codes for lens, bit-reversed
// for writing.
func canonical(lens []uint8, codes []uint16) {
	var count [maxCodeBits + 2]int
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [maxCodeBits + 2]int
	code := 0
	for b := 1; b <= maxCodeBits+1; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lens {
		if l > 0 {
			codes[s] = bits.Reverse16(uint16(next[l])) >> (16 - l)
			next[l]++
		}
	}
}

// bitWriter gathers bits least significant first, as deflate packs them.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint // bits in acc, below 32 between calls
}

// put writes the nb (at most 32) low bits of v.
func (w *bitWriter) put(v uint64, nb uint) {
	w.acc |= v << w.n
	w.n += nb
	if w.n >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

// bitLen is how many bits have been written.
func (w *bitWriter) bitLen() int { return 8*len(w.out) + int(w.n) }

// splice writes bits [from, to) of src, whose bits are packed as
// bitWriter packs them; src has 8 readable bytes past bit to. Most of a
// picture is the terrain's bits copied: seven bytes at a time, once
// fewer than 8 bits wait, then the rest in one go (fewer than 56 bits
// beside fewer than 8).
func (w *bitWriter) splice(src []byte, from, to int) {
	o := len(w.out)
	out := slices.Grow(w.out, (to-from)/8+16)[:o+(to-from)/8+16]
	acc, n := w.acc, w.n
	binary.LittleEndian.PutUint32(out[o:], uint32(acc)) // n < 32
	o, acc, n = o+int(n/8), acc>>(n/8*8), n%8
	for ; to-from >= 56; from += 56 {
		v := binary.LittleEndian.Uint64(src[from>>3:]) >> (from & 7) & (1<<56 - 1)
		v = acc | v<<n // the 56 bits fit beside what waits
		binary.LittleEndian.PutUint64(out[o:], v)
		acc = v >> 56
		o += 7
	}
	r := uint(to - from)
	acc |= (binary.LittleEndian.Uint64(src[from>>3:]) >> (from & 7) & (1<<r - 1)) << n
	if n += r; n >= 32 {
		binary.LittleEndian.PutUint32(out[o:], uint32(acc))
		o, acc, n = o+4, acc>>32, n-32
	}
	w.out, w.acc, w.n = out[:o], acc, n
}

// bytes flushes the last partial byte and returns the bits written.
func (w *bitWriter) bytes() []byte {
	for w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n = w.n - min(w.n, 8)
	}
	return w.out
}
