package render

import (
	"bytes"
	"compress/zlib"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// decodePNG decodes a PNG written by the package, failing the test on a
// stream image/png refuses (a wrong checksum, an incomplete code).
func decodePNG(tb testing.TB, b []byte) image.Image {
	tb.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.Fatalf("the PNG written does not decode: %v", err)
	}
	return img
}

// Ensure a tactical map written over its coded terrain decodes to the
// picture drawn, pixel for pixel, for each picture of a battle drawn in
// turn on the same terrain (counters moving, a new title, lines of fire,
// a counter on the map's first row and last column), at several hex
// sizes with and without numbers and rulers; and that a picture written
// after the others is the same bytes as when it is the first on its
// terrain (ruling RND3).
func TestCodedPNGPixels(t *testing.T) {
	clearBases := bases.clear
	base := sectorView(t)
	rng := rand.New(rand.NewPCG(3, 5))
	views := []Tactical{base}
	for i := range 4 {
		v := base
		v.Counters = slices.Clone(base.Counters)
		for j := range v.Counters {
			if rng.IntN(3) == 0 {
				v.Counters[j].Hex = hex.Hex{X: rng.IntN(v.Map.Width), Y: rng.IntN(v.Map.Height)}
			}
		}
		v.Counters[0].Hex = hex.Hex{X: v.Map.Width - 1, Y: 0}
		v.Title = base.Title + string(rune('a'+i))
		v.Highlights = append(slices.Clone(base.Highlights), Highlight{Kind: LineOfFire, Hexes: []hex.Hex{v.Counters[1].Hex, v.Counters[2].Hex}})
		views = append(views, v)
	}
	for _, o := range []Options{DefaultOptions(), {HexSize: 13}, {HexSize: 27.5, HexNumbers: true}} {
		clearBases()
		for i, v := range views {
			var warm bytes.Buffer
			if err := WriteTacticalPNG(&warm, v, o); err != nil {
				t.Fatal(err)
			}
			want := MustDrawTactical(t, v, o)
			if n, at := pixelDiff(decodePNG(t, warm.Bytes()), want); n != 0 {
				t.Fatalf("hex size %g, picture %d: %d pixels differ from the drawing, first at %v", o.HexSize, i, n, at)
			}
			clearBases()
			var cold bytes.Buffer
			if err := WriteTacticalPNG(&cold, v, o); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(warm.Bytes(), cold.Bytes()) {
				t.Errorf("hex size %g, picture %d: %d bytes written after the pictures before it, %d as the first on its terrain", o.HexSize, i, warm.Len(), cold.Len())
			}
		}
	}
}

// Ensure the Huffman code lengths make a complete code within the limit
// however skewed the counts (Fibonacci counts make the deepest tree),
// which decoders insist on, and that one symbol gets a 1-bit code.
func TestHuffmanLengths(t *testing.T) {
	fib := make([]int, numLitLen)
	fib[0], fib[1] = 1, 1
	for i := 2; i < len(fib); i++ {
		fib[i] = min(fib[i-1]+fib[i-2], 1<<40)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]int, numLitLen)
	for i := range random {
		random[i] = rng.IntN(1000) * rng.IntN(2)
	}
	for name, c := range map[string]struct {
		freq    []int
		maxBits int
	}{
		"fibonacci":         {fib, maxCodeBits},
		"fibonacci, 7 bits": {fib[:19], 7},
		"random":            {random, maxCodeBits},
		"flat":              {slices.Repeat([]int{5}, numLitLen), maxCodeBits},
	} {
		lens := make([]uint8, len(c.freq))
		huffmanLengths(c.freq, c.maxBits, lens)
		kraft := 0
		for s, l := range lens {
			if (l == 0) != (c.freq[s] == 0) || int(l) > c.maxBits {
				t.Fatalf("%s: symbol %d of count %d has length %d (limit %d)", name, s, c.freq[s], l, c.maxBits)
			}
			if l > 0 {
				kraft += 1 << (c.maxBits - int(l))
			}
		}
		if kraft != 1<<c.maxBits {
			t.Errorf("%s: Kraft sum %d/%d, not a complete code", name, kraft, 1<<c.maxBits)
		}
	}
	one := make([]uint8, 4)
	huffmanLengths([]int{0, 0, 7, 0}, maxCodeBits, one)
	if !slices.Equal(one, []uint8{0, 0, 1, 0}) {
		t.Errorf("one symbol: lengths %v, want [0 0 1 0]", one)
	}
}

// Ensure a coded stream inflates to its rows for rows the maps never
// hold (random bytes, long runs, a single row), matched at every
// distance the matcher knows.
func TestCodedRowsInflate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for name, rows := range map[string][]byte{
		"random": func() []byte {
			b := make([]byte, 40*101)
			for i := range b {
				b[i] = byte(rng.IntN(6))
			}
			return b
		}(),
		"runs":     bytes.Repeat(append([]byte{0}, bytes.Repeat([]byte{9}, 600)...), 30),
		"one row":  append([]byte{0}, bytes.Repeat([]byte{1, 2, 3}, 33)...),
		"all zero": make([]byte, 300*301),
		"all bytes": func() []byte {
			b := make([]byte, 257*2)
			for i := range b {
				b[i] = byte(i % 257)
			}
			return b
		}(),
	} {
		stride := len(rows)
		switch name {
		case "random":
			stride = 101
		case "runs":
			stride = 601
		case "all zero":
			stride = 301
		case "all bytes":
			stride = 257
		}
		if got := inflateCoded(t, codeRows(rows, stride, newMatcher(stride, 12), adlerOf(rows))); !bytes.Equal(got, rows) {
			t.Errorf("%s: inflated %d bytes, not the %d rows coded", name, len(got), len(rows))
		}
	}
}

// inflateCoded is what the coded rows c inflate to, its pieces' bits
// written as one deflate block with its codes.
func inflateCoded(tb testing.TB, c *codedRows) []byte {
	tb.Helper()
	var bw bitWriter
	bw.out = append(bw.out, 0x78, 0x01)
	bw.splice(c.codes.header, 0, c.codes.headBits)
	bw.splice(c.bits, 0, c.offs[len(c.offs)-1])
	c.codes.putAll(&bw, []token{endOfBlock})
	z, err := zlib.NewReader(bytes.NewReader(append(bw.bytes(), 0, 0, 0, 0)))
	if err != nil {
		tb.Fatal(err)
	}
	got, _ := io.ReadAll(z) // the checksum is left out: only the rows are compared
	return got
}

// Ensure a picture's bytes, not only its pixels, are its viewer's alone
// (ruling RND3): one side's picture is the same bytes whether the other
// side's picture, which shows counters it does not (its own, hidden from
// the first), was written on the terrain before it or not, and both
// decode to their drawings: random battles on both sector shapes at
// three hex sizes, a move preview's marks on the other side's picture;
// and four pictures written at once on a fresh terrain.
func TestPictureBytesViewersOwn(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	for _, orient := range []mapgen.Orientation{mapgen.Wide, mapgen.Tall} {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: mapgen.Mixed, Sheets: 2, Orientation: orient})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []Options{DefaultOptions(), {HexSize: 13}, {HexSize: 27.5, HexNumbers: true}} {
			other := randomBattle(rng, m)
			other.Viewer = "Bandits"
			other.Highlights = append(other.Highlights, Highlight{Kind: Reachable, Hexes: []hex.Hex{{X: 1, Y: 1}, {X: 2, Y: 1}, {X: 5, Y: 3}}})
			own := other
			own.Viewer = "Lancers"
			own.Counters = nil
			for i, k := range other.Counters {
				if i%3 != 0 { // every third counter hidden from the viewer
					own.Counters = append(own.Counters, k)
				}
			}
			own.Highlights = nil
			write := func(v Tactical) []byte {
				var buf bytes.Buffer
				if err := WriteTacticalPNG(&buf, v, o); err != nil {
					t.Fatal(err)
				}
				return buf.Bytes()
			}
			bases.clear()
			alone := write(own)
			bases.clear()
			otherFirst := write(other)
			after := write(own)
			if !bytes.Equal(alone, after) {
				t.Errorf("%d×%d, hex size %g: the viewer's picture is %d bytes alone, %d after the other side's", m.Width, m.Height, o.HexSize, len(alone), len(after))
			}
			for name, c := range map[string]struct {
				png []byte
				v   Tactical
			}{"own": {after, own}, "other": {otherFirst, other}} {
				if n, at := pixelDiff(decodePNG(t, c.png), MustDrawTactical(t, c.v, o)); n != 0 {
					t.Fatalf("%d×%d, hex size %g, the %s picture: %d pixels differ from the drawing, first at %v", m.Width, m.Height, o.HexSize, name, n, at)
				}
			}
		}
		bases.clear()
		v := randomBattle(rng, m)
		want := MustDrawTactical(t, v, DefaultOptions())
		writeConcurrently(t, want, func(w io.Writer) error { return WriteTacticalPNG(w, v, DefaultOptions()) })
	}
}

// Ensure every picture written over its coded terrain and title strip
// decodes to the picture drawn whole (drawnWhole), pixel for pixel, and
// DrawTactical draws the same: random battles on the 64×17 and the 32×34 sector (counters of
// every kind and state, stacks, facings, labels with descenders and too
// long to fit, highlights of every kind, retreat edges, titles short,
// long and empty, a viewer or none), each written in turn on the same
// terrain and legend as the picture before it or on a new one.
func TestCodedRandomPictures(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 11))
	for _, orient := range []mapgen.Orientation{mapgen.Wide, mapgen.Tall} {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: mapgen.Mixed, Sheets: 2, Orientation: orient})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 10 {
			v := randomBattle(rng, m)
			for pass := range 2 { // the first picture on a new terrain codes it
				var buf bytes.Buffer
				if err := WriteTacticalPNG(&buf, v, DefaultOptions()); err != nil {
					t.Fatal(err)
				}
				want := drawnWhole(t, v, DefaultOptions())
				if n, at := pixelDiff(decodePNG(t, buf.Bytes()), want); n != 0 {
					t.Fatalf("%d×%d picture %d, pass %d: %d pixels differ from the picture drawn whole, first at %v", m.Width, m.Height, i, pass, n, at)
				}
				if n, at := pixelDiff(MustDrawTactical(t, v, DefaultOptions()), want); n != 0 {
					t.Fatalf("%d×%d picture %d: DrawTactical differs from the picture drawn whole in %d pixels, first at %v", m.Width, m.Height, i, n, at)
				}
			}
		}
	}
}

// drawnWhole is the picture of v drawn whole: its terrain painted whole
// with its tints (a move preview's reachable hexes included) and mapped
// to the palette, turned to RGBA everywhere, the overlays and the title strip
// drawn over it, and every pixel looked up in the palette again (the
// strip's afresh, the terrain's keeping their entries where their
// colour stayed). What every picture must decode to, whatever it
// redrew and coded afresh.
func drawnWhole(tb testing.TB, v Tactical, o Options) image.Image {
	tb.Helper()
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		tb.Fatal(err)
	}
	S, sh := lay.W+1, lay.strip.height
	rows := make([]byte, S*lay.H)
	terrain, _ := terrainRows(lay, v.Map, newTints(v))
	copy(rows[sh*S:], terrain)
	p := &image.Paletted{Pix: rows[1:], Stride: S, Rect: image.Rect(0, 0, lay.W, lay.H), Palette: mapPalette}
	img := newPicture(lay.W, lay.H, nil)
	expandRect(img, p, image.Rect(0, sh, lay.W, lay.H))
	placed, err := placeCounters(lay.counters(), v.Counters)
	if err != nil {
		tb.Fatal(err)
	}
	drawOverlays(img, lay, v, placed)
	lay.strip.draw(img, 0)
	quantiseRect(p, img, image.Point{}, p.Rect, nil, nil)
	return p
}

// randomBattle is a random picture of a battle on m; about one in four
// has reachable hexes marked (painted over the terrain, reach.go), one in four
// deployment zones (a terrain of their own).
func randomBattle(rng *rand.Rand, m *mapgen.Map) Tactical {
	anyHex := func() hex.Hex { return hex.Hex{X: rng.IntN(m.Width), Y: rng.IntN(m.Height)} }
	classes := []string{""}
	for c := range classKinds {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	labels := []string{"A1", "gy", "Wqj", "Longlabel12345", "Äpfel", "", "R10", "jjj"}
	var v Tactical
	v.Map = m
	for range rng.IntN(50) {
		h := anyHex()
		if n := len(v.Counters); n > 0 && rng.IntN(4) == 0 {
			h = v.Counters[n-1].Hex // a stack
		}
		k := Counter{Hex: h, Side: rng.IntN(3), Class: classes[rng.IntN(len(classes))], Label: labels[rng.IntN(len(labels))],
			Own: rng.IntN(2) == 0, Step: rng.IntN(4), Experience: experiences[rng.IntN(len(experiences))],
			Disrupted: rng.IntN(5) == 0, HasFacing: rng.IntN(3) == 0, Facing: hex.Direction(rng.IntN(6))}
		k.Kind = kinds[rng.IntN(len(kinds))]
		if kind, ok := classKinds[k.Class]; ok {
			k.Kind = kind
		}
		v.Counters = append(v.Counters, k)
	}
	for kind := range numHighlightKinds {
		if rng.IntN(3) != 0 || (kind == Reachable || kind == Deployment) && rng.IntN(4) != 0 {
			continue
		}
		hl := Highlight{Kind: kind, Side: rng.IntN(2)}
		for range 1 + rng.IntN(5) {
			hl.Hexes = append(hl.Hexes, anyHex())
		}
		v.Highlights = append(v.Highlights, hl)
	}
	for range rng.IntN(3) {
		v.Edges = append(v.Edges, EdgeMark{Edge: MapEdge(rng.IntN(int(numMapEdges))), Side: rng.IntN(2)})
	}
	titles := []string{"", "Battle 3 — turn 2 movement", "A very long title that runs on and on " + strings.Repeat("and on ", 30)}
	v.Title = titles[rng.IntN(len(titles))]
	if rng.IntN(3) != 0 {
		v.Viewer = []string{"Lancers", "referee", "Davion Heavy Guards, First Battalion"}[rng.IntN(3)]
	}
	return v
}

// Ensure the tables a token's codes are written from say what
// lengthCode and distCode work out, for every length and distance.
func TestCodeTables(t *testing.T) {
	for x := range maxMatch - minMatch + 1 {
		if c, _, _ := lengthCode(x); int(lengthSyms[x]) != c {
			t.Errorf("length %d: symbol %d in the table, %d worked out", x+minMatch, lengthSyms[x], c)
		}
	}
	for d := 1; d <= maxDistance; d++ {
		c, n, extra := distCode(d)
		if s := distSym(d - 1); s != c || int(distExtra[s]) != n || d-1-distFirst[s] != extra {
			t.Fatalf("distance %d: symbol %d, %d extra bits %d in the tables; %d, %d extra bits %d worked out",
				d, s, distExtra[s], d-1-distFirst[s], c, n, extra)
		}
	}
}

// Ensure matchLenBack counts, eight bytes at a time, what a byte at a
// time counts: the bytes before end equal to those d before them, at
// most limit; on bytes of three values, so that equal stretches of
// every length and every place in a word come up.
func TestMatchLenBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	data := make([]byte, 600)
	for i := range data {
		data[i] = byte(rng.IntN(3))
	}
	for range 20_000 {
		d := 1 + rng.IntN(40)
		end := d + 1 + rng.IntN(len(data)-d)
		limit := rng.IntN(end - d + 1)
		want := 0
		for want < limit && data[end-want-1] == data[end-want-1-d] {
			want++
		}
		if got := matchLenBack(data, end, d, limit); got != want {
			t.Fatalf("end %d, distance %d, limit %d: %d bytes, want %d", end, d, limit, got, want)
		}
	}
}

// Ensure layer.broken lists every match of an unchanged piece that
// reads a changed one and no longer holds in the picture, each once and
// in stream order, and only matches that read where a piece changed;
// over random battles drawn on a coded terrain (a match of an unchanged
// piece that still holds may be listed only if it reads the changed
// bytes' span: it is then coded again as it was).
func TestBrokenMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: mapgen.Mixed, Sheets: 2, Orientation: mapgen.Wide})
	if err != nil {
		t.Fatal(err)
	}
	views := []Tactical{sectorView(t)}
	for range 5 {
		views = append(views, randomBattle(rng, m))
	}
	for vi, v := range views {
		tp, err := composeTactical(v, DefaultOptions(), false)
		if err != nil {
			t.Fatal(err)
		}
		n := tp.base.code().count()
		if tp.template != nil {
			n += tp.template.code(tp.Stride).count()
		}
		sc := getScratch(n)
		for li, l := range tp.layers(sc) {
			base := l.c
			listed := map[int32]bool{} // by the position a match writes
			last := -1
			for _, k := range l.broken(sc) {
				p := int(k >> 32)
				if p <= last {
					t.Errorf("view %d layer %d: broken match at %d listed after one at %d", vi, li, p, last)
				}
				if r := base.readers[uint32(k)]; int(r.pos) != p {
					t.Errorf("view %d layer %d: broken match listed at %d writes at %d", vi, li, p, r.pos)
				}
				last = p
				listed[int32(p)] = true
			}
			reads := map[int32]bool{} // the matches that read where a piece changed
			for _, i := range l.list {
				for j := base.readAt[i]; j < base.readAt[i+1]; j++ {
					r := base.readers[j]
					ln, d := r.t.match()
					if int(r.pos)-d < int(l.hi[i]) && int(r.pos)-d+ln > int(l.lo[i]) {
						reads[r.pos] = true
					}
				}
			}
			for _, i := range l.list {
				for j := base.readAt[i]; j < base.readAt[i+1]; j++ {
					r := base.readers[j]
					if l.changed[base.at(int(r.pos))] {
						continue
					}
					_, holds := tokenHolds(tp.rows, l.at+int(r.pos), r.t)
					switch {
					case !holds && !listed[r.pos]:
						t.Errorf("view %d layer %d: the match at %d no longer holds and is not listed", vi, li, r.pos)
					case listed[r.pos] && holds && !reads[r.pos]:
						t.Errorf("view %d layer %d: the match at %d holds, reads nothing changed, and is listed", vi, li, r.pos)
					}
				}
			}
		}
		scratches.Put(sc)
	}
}

// Ensure bitLen says how many bits putAll writes for every literal and
// for matches of every length and of distances across the table.
func TestTokenBitLen(t *testing.T) {
	var toks []token
	for b := range 256 {
		toks = append(toks, token(b))
	}
	for l := minMatch; l <= maxMatch; l++ {
		for _, d := range []int{1, 2, 5, 60, 257, 2075, 4097, 32768} {
			toks = append(toks, matchToken(l, d))
		}
	}
	c := newCodes(toks)
	for _, tk := range toks {
		var w bitWriter
		c.putAll(&w, []token{tk})
		if got, want := c.bitLen(tk), w.bitLen(); got != want {
			t.Fatalf("token %#x: bitLen %d, putAll wrote %d bits", uint32(tk), got, want)
		}
	}
}

// Ensure a matcher that tells the row above's five distances from one
// load (window) finds the tokens one that tries them one by one finds:
// rows of three values (so that every set of the five comes up), rows
// copied from the row above a pixel or two aside, strides from 4 (the
// window's load reaching past the position) up, from the stream's start
// and from within it, with bytes before lo not to be matched.
func TestMatcherWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, stride := range []int{4, 5, 7, 12, 61, 301} {
		rows := make([]byte, 40*stride)
		for i := range rows {
			switch {
			case i >= stride+2 && rng.IntN(4) > 0:
				rows[i] = rows[i-stride+rng.IntN(5)-2]
			default:
				rows[i] = byte(rng.IntN(3))
			}
		}
		m := newMatcher(stride, stride+7)
		if m.window != stride {
			t.Fatalf("stride %d: no window (dists %v)", stride, m.dists)
		}
		one := m
		one.window = 0
		for _, lo := range []int{0, 1, 2, stride, 3*stride + 1} {
			// Starting a row past lo, the window reaches before it.
			for _, start := range []int{lo, lo + stride - 1, lo + stride + 1} {
				for _, end := range []int{len(rows), start + 3*stride + 5} {
					if got, want := m.tokens(nil, rows, start, end, lo), one.tokens(nil, rows, start, end, lo); !slices.Equal(got, want) {
						t.Errorf("stride %d, bytes %d–%d from %d: %d tokens with the window, %d without", stride, start, end, lo, len(got), len(want))
					}
				}
			}
		}
	}
}
