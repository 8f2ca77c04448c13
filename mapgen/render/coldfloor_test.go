package render

import (
	"hash/crc32"
	"math"
	"slices"
	"testing"

	"bfbot/mapgen/hex"
)

// BenchmarkColdFloor takes the first picture on a 64×17 terrain
// (BenchmarkTactical64x17Cold) apart against image/png encoding the
// blank canvas, each part in turn in every round (the medians' ratios):
// what the picture costs now, and the floor of a design that paints
// the terrain by copying kept paletted hex tiles and codes matches it
// knows without searching for them (ruling RND1).
//
// Now: x-paint, the terrain of a map not drawn before copied from the
// kept tiles, warm from 20 maps before (terrainRows, tiles.go; a new
// seed each round, the tiles put back to that warmth before each, as
// BenchmarkTactical64x17Cold has them); x-paint-first, the same
// with the tiles emptied first, the first map of a process: each kind
// of its hexes painted alone, or, past half its hexes
// (tiledWhole), the terrain painted whole and the tiles cut from it;
// x-match, the whole picture's matches found (matcher.tokens; the
// first picture matches its terrain's rows alone, codeRows, a title
// strip's rows fewer); x-code, those tokens' Huffman codes made and
// written, with the chunk's CRC; x-adler, the stream's Adler-32.
// The floor: x-tiles, the rows filled with the background and every
// hex's ground copied in from a paletted tile of its column parity
// (no trees, roads, outlines or numbers: less than any painting);
// x-tiles-adler, that and the Adler-32 over it (the design's floor
// before it writes a bit); and x-floor, that and x-code: the least a
// picture of this size costs when every match is known for nothing.
func BenchmarkColdFloor(b *testing.B) {
	v, o, blank, lay := sectorSetup(b)
	tp, err := composeTactical(v, o, false)
	if err != nil {
		b.Fatal(err)
	}
	rows := tp.rows
	S := tp.Stride
	m := newMatcher(S, int(2*lay.g.step))
	m.recent = make([]int32, 1<<hashBits)
	toks := m.tokens(nil, rows, 0, len(rows), 0)

	// The tiles: each parity's ground spans as paletted rows.
	g := lay.g
	art := g.art()
	type tileRow struct {
		dy, x0 int
		pix    []byte
	}
	var grounds [2][]tileRow
	for p := range 2 {
		for _, r := range art.stamps[p].spans {
			grounds[p] = append(grounds[p], tileRow{r.dy, r.x0, slices.Repeat([]byte{byte(3 + p)}, r.x1-r.x0)})
		}
	}
	out := make([]byte, len(rows))
	paintTiles := func() {
		clear(out)
		for y := range v.Map.Height {
			for x := range v.Map.Width {
				cx, cy := g.center(hex.Hex{X: x, Y: y})
				ax, ay := int(math.Floor(cx)), int(math.Floor(cy))
				for _, r := range grounds[x&1] {
					o := (ay+r.dy)*S + 1 + ax + r.x0
					copy(out[o:], r.pix)
				}
			}
		}
	}
	var sink uint32
	code := func() {
		bw := bitWriter{out: idatHead(nil)}
		putBlock(&bw, toks, true)
		sink += crc32.ChecksumIEEE(bw.bytes())
	}
	next := coldViews(b, DefaultOptions())
	var cur Tactical
	benchParts(b, blank, []benchPart{
		{name: "x-paint", prep: func() { cur = next() }, run: func() {
			terrainRows(lay, cur.Map, newTints(v))
		}},
		{name: "x-paint-first", run: func() {
			withoutTiles(func() { terrainRows(lay, cur.Map, newTints(v)) })
		}},
		{name: "x-match", run: func() {
			clear(m.recent)
			toks = m.tokens(toks[:0], rows, 0, len(rows), 0)
		}},
		{name: "x-code", run: code},
		{name: "x-adler", run: func() { sink += adlerOf(rows).s1 }},
		{name: "x-tiles", run: paintTiles},
		{name: "x-tiles-adler", run: func() {
			paintTiles()
			sink += adlerOf(out).s1
		}},
		{name: "x-floor", run: func() {
			paintTiles()
			sink += adlerOf(out).s1
			code()
		}},
	})
	b.ReportMetric(float64(len(toks))/1000, "k-tokens") // after the loop, which drops what was reported before it
	_ = sink
}

// withoutTiles runs f with no tiles kept, the tiles kept before kept
// again after.
func withoutTiles(f func()) {
	tiles.mu.Lock()
	m, old, n := tiles.m, tiles.old, tiles.n
	tiles.m, tiles.old, tiles.n = nil, nil, 0
	tiles.mu.Unlock()
	f()
	tiles.mu.Lock()
	tiles.m, tiles.old, tiles.n = m, old, n
	tiles.mu.Unlock()
}
