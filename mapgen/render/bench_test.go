package render

import (
	"bfbot/internal/cputime"
	"bytes"
	"compress/flate"
	"image"
	"image/png"
	"io"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// The budgets of BENCHMARKS.md: a 64×17 sector with 40 counters renders to
// PNG in ≤ 100 ms; a 64×17 or 32×34 sector map is at most 250 KB and a
// strategic map at most 30 KB (TestPNGSize); a map's render CPU is held
// against image/png encoding a blank paletted canvas of the same size;
// a 12-sector strategic map renders in ≤ 30 ms. Measure with
//
//	go test ./mapgen/render -run '^$' -bench . -benchtime 40x
//
// The Tactical and Strategic benchmarks report x-blank and x-blank-cpu,
// their time over the time to encode the blank canvas measured in the
// same run. A tactical map's terrain is cached (base.go): the Tactical
// benchmarks draw the same battle again, as the bot does after each
// phase; BenchmarkTactical64x17Cold draws a map not drawn before each
// time (its hexes copied from tiles kept from the maps before, or
// painted), BenchmarkTactical64x17First the first map of a process
// (BenchmarkTactical64x17Warmed after Warm);
// BenchmarkTacticalPreview64x17 draws move previews on the cached
// terrain, each with reachable hexes of its own marked (reach.go).

// sectorView is a 64×17 sector map with 40 counters, 20 a side, some
// stacked, own and blind, and a few highlights: what a player is sent
// during a battle. (No reachable hexes marked: only a move preview has
// them, previewView.)
func sectorView(tb testing.TB) Tactical {
	tb.Helper()
	m := benchMap(tb)
	var cs []Counter
	classes := []string{"light-mech", "medium-mech", "heavy-mech", "assault-mech", "fire-mech", "tracked", "hover",
		"wheeled", "infantry", "jump-infantry", "long-tom", "truck", "heavy-air", "union"}
	for i := range 40 {
		side := i % 2
		x := 2 + (i/2)%10*2 + side*40
		y := 1 + (i*7)%15
		if i%9 == 0 && i > 0 {
			x, y = cs[i-1].Hex.X, cs[i-1].Hex.Y // a stack
		}
		class := classes[i%len(classes)]
		kind, _ := ClassKind(class)
		k := Counter{Hex: hex.Hex{X: x, Y: y}, Side: side, Kind: kind, Class: class, Label: string(rune('A'+i/4)) + string(rune('1'+i%4))}
		if side == 0 {
			k.Own, k.Step, k.Experience = true, i%4, experiences[1+i%4]
		} else if i%3 == 0 {
			k.Class = "" // information blind
		}
		k.Disrupted = i%11 == 0
		cs = append(cs, k)
	}
	return Tactical{
		Map:      m,
		Counters: cs,
		Highlights: []Highlight{
			{Kind: Deployment, Side: 0, Hexes: zone(0, 3, 17)},
			{Kind: Selected, Hexes: []hex.Hex{cs[0].Hex}},
			{Kind: LineOfFire, Hexes: []hex.Hex{cs[0].Hex, cs[1].Hex}},
		},
		Title:  "Battle of the Kessel Flats, turn 5",
		Viewer: "Lancers",
	}
}

// previewView is the sector view as a move preview shows it to its
// player (the bot's movePreview): the hexes within four of the unit
// marked reachable, the unit selected, a path to a hex three away.
// The unit is the i-th own counter (of 20), so that previews in turn
// mark sets of their own.
func previewView(tb testing.TB, i int) Tactical {
	v := sectorView(tb)
	var own []Counter
	for _, k := range v.Counters {
		if k.Own {
			own = append(own, k)
		}
	}
	at := own[i%len(own)].Hex
	var reach, path []hex.Hex
	for _, h := range hex.Within(at, 4) {
		if v.Map.Contains(h) {
			reach = append(reach, h)
		}
	}
	for h := at; len(path) < 3; {
		d := hex.SE
		if h.Y+1 >= v.Map.Height {
			d = hex.NE
		}
		h = h.Neighbor(d)
		path = append(path, h)
	}
	v.Highlights = append(v.Highlights[:1:1], Highlight{Kind: Reachable, Hexes: reach, Side: 0},
		Highlight{Kind: Selected, Hexes: []hex.Hex{at}, Side: 0}, PathHighlight(at, path, 0))
	return v
}

// benchMap is the generated mixed-theme sector when the generator exists,
// else two hand-made sheets side by side.
func benchMap(tb testing.TB) *mapgen.Map {
	if m := generatedMap(tb, mapgen.Mixed); m != nil {
		return m
	}
	m, err := mapgen.Join(sampleSheet(), sampleSheet(), mapgen.Wide)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// blankCanvas is a paletted picture of the size of img, in the maps'
// palette, filled with the background: the encode every picture of that
// size pays for.
func blankCanvas(img *image.RGBA) *image.Paletted {
	return image.NewPaletted(img.Rect, mapPalette) // index 0 is the background
}

func drawnSector(tb testing.TB) *image.RGBA {
	img, err := drawTactical(sectorView(tb), DefaultOptions(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

// encodeStd is image/png encoding a paletted picture at the maps'
// compression level: for a blank canvas, the floor of the budget.
func encodeStd(tb testing.TB, p *image.Paletted) {
	e := png.Encoder{CompressionLevel: DefaultOptions().Compression}
	if err := e.Encode(io.Discard, p); err != nil {
		tb.Fatal(err)
	}
}

func BenchmarkEncodeBlank(b *testing.B) {
	blank := blankCanvas(drawnSector(b))
	for b.Loop() {
		encodeStd(b, blank)
	}
}

// writePNG writes one of the package's opaque pictures as a paletted PNG
// at the given compression level, by image/png.
func writePNG(w io.Writer, img *image.RGBA, level png.CompressionLevel) error {
	buf := getPixels()
	defer putPixels(buf)
	e := png.Encoder{CompressionLevel: level, BufferPool: &encoders}
	return e.Encode(w, paletted(img, buf))
}

// BenchmarkEncodeTactical64x17 is the encode alone of the sector map:
// the mapping to the palette and image/png.
func BenchmarkEncodeTactical64x17(b *testing.B) {
	img := drawnSector(b)
	for b.Loop() {
		if err := writePNG(io.Discard, img, DefaultOptions().Compression); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTactical64x17 draws and encodes the sector map; see
// benchAgainstBlank.
func BenchmarkTactical64x17(b *testing.B) {
	v, o := sectorView(b), DefaultOptions()
	benchAgainstBlank(b, drawnSector(b), func(w io.Writer) error { return WriteTacticalPNG(w, v, o) })
}

// BenchmarkTactical64x17Cold is the first picture of a battle in a
// running bot: each picture on a sector map the process has not drawn
// before (coldViews: a new seed each, every theme in turn, generated
// outside the timer), the kept tiles (tiles.go) warm from 20 other
// maps drawn first, and put back as they were then before each
// picture, so that every picture finds the same warmth.
func BenchmarkTactical64x17Cold(b *testing.B) {
	o := DefaultOptions()
	next := coldViews(b, o)
	var v Tactical
	benchAgainstBlankEach(b, drawnSector(b), func() { v = next() }, func(w io.Writer) error {
		return WriteTacticalPNG(w, v, o)
	})
}

// coldViews draws 20 sector maps to warm the kept tiles, and returns
// what gives, on each call, a view on a sector map of a seed not given
// before, the kept tiles put back as the 20 maps left them.
func coldViews(tb testing.TB, o Options) func() Tactical {
	tb.Helper()
	tiles.clear()
	for _, v := range sectorViews(tb, 20, 1000) {
		if err := WriteTacticalPNG(io.Discard, v, o); err != nil {
			tb.Fatal(err)
		}
	}
	warm := savedTiles()
	i := 0
	return func() Tactical {
		warm.restore()
		i++
		return sectorViewOn(tb, 1<<20+i, mapgen.Themes[i%len(mapgen.Themes)])
	}
}

// keptTiles are the tiles kept at a moment (savedTiles), to be kept
// again (restore).
type keptTiles struct {
	m, old map[tileKey][]byte
	n      int
}

func savedTiles() keptTiles {
	tiles.mu.Lock()
	defer tiles.mu.Unlock()
	return keptTiles{maps.Clone(tiles.m), maps.Clone(tiles.old), tiles.n}
}

func (k keptTiles) restore() {
	tiles.mu.Lock()
	defer tiles.mu.Unlock()
	tiles.m, tiles.old, tiles.n = maps.Clone(k.m), maps.Clone(k.old), k.n
}

// BenchmarkTactical64x17Second is the second picture of a battle on its
// terrain, spliced from the terrain the first coded (mapcode.go): before
// each, outside its time, the terrain cache is emptied and the battle's
// first picture written, its counters a hex east of where the second
// has them (the phase before) and its title another.
func BenchmarkTactical64x17Second(b *testing.B) {
	v, o := sectorView(b), DefaultOptions()
	first := v
	first.Title = "Battle of the Kessel Flats, turn 4"
	first.Counters = slices.Clone(v.Counters)
	for i := range first.Counters {
		first.Counters[i].Hex.X++
	}
	benchAgainstBlankEach(b, drawnSector(b), func() {
		bases.clear()
		if err := WriteTacticalPNG(io.Discard, first, o); err != nil {
			b.Fatal(err)
		}
	}, func(w io.Writer) error { return WriteTacticalPNG(w, v, o) })
}

// BenchmarkTactical64x17First is the first picture of a process: each
// on a sector map not drawn before, every cache the package keeps
// across pictures emptied before it (clearKept: tiles, terrains,
// title strips, counter faces, ruler labels, glyphs, hex art...); only
// what is made once for good stays (the palette's tables, the parsed
// fonts).
func BenchmarkTactical64x17First(b *testing.B) { benchFirstPicture(b, nil) }

// benchFirstPicture draws each picture on a sector map not drawn before,
// every kept cache emptied and then, if given, warm run before it
// (untimed).
func benchFirstPicture(b *testing.B, warm func() error) {
	o := DefaultOptions()
	var v Tactical
	i := 0
	benchAgainstBlankEach(b, drawnSector(b), func() {
		i++
		v = sectorViewOn(b, 1<<20+i, mapgen.Themes[i%len(mapgen.Themes)])
		clearKept()
		if warm != nil {
			if err := warm(); err != nil {
				b.Fatal(err)
			}
		}
	}, func(w io.Writer) error { return WriteTacticalPNG(w, v, o) })
}

// BenchmarkTactical64x17Warmed is BenchmarkTactical64x17First in a
// process that ran Warm before it (untimed), as bfbot serve does at
// start-up: what a player's first picture costs once the default hex
// size's art, glyphs and symbols and two maps' tiles are made.
func BenchmarkTactical64x17Warmed(b *testing.B) { benchFirstPicture(b, Warm) }

// BenchmarkStrategic12First is a process's first strategic picture: the
// sample view on a 4×3 map not drawn before, every kept cache emptied
// before it (clearKept); BenchmarkStrategic12Warmed the same after Warm
// (untimed), as bfbot serve runs it at start-up.
func BenchmarkStrategic12First(b *testing.B)  { benchFirstStrategic(b, nil) }
func BenchmarkStrategic12Warmed(b *testing.B) { benchFirstStrategic(b, Warm) }

// benchFirstStrategic draws each strategic picture on a map not drawn
// before, every kept cache emptied and then, if given, warm run before
// it (untimed).
func benchFirstStrategic(b *testing.B, warm func() error) {
	o := DefaultOptions()
	img, err := drawStrategic(sampleStrategicView(strategicMap(b)), o, nil)
	if err != nil {
		b.Fatal(err)
	}
	var v StrategicView
	benchAgainstBlankEach(b, img, func() {
		v = sampleStrategicView(newStrategicMap(b))
		clearKept()
		if warm != nil {
			if err := warm(); err != nil {
				b.Fatal(err)
			}
		}
	}, func(w io.Writer) error { return WriteStrategicPNG(w, v, o) })
}

// BenchmarkWarm is Warm in a process that has drawn nothing (every
// cache emptied before it): the cost bfbot serve moves to its start-up,
// against the blank of a 64×17 sector map.
func BenchmarkWarm(b *testing.B) {
	benchAgainstBlankEach(b, drawnSector(b), clearKept, func(io.Writer) error { return Warm() })
}

// sectorViews are n views as sectorView has them, each on a generated
// 64×17 sector of its own: every theme in turn, seeds from seed0.
func sectorViews(tb testing.TB, n, seed0 int) []Tactical {
	tb.Helper()
	out := make([]Tactical, n)
	for i := range out {
		out[i] = sectorViewOn(tb, seed0+i, mapgen.Themes[i%len(mapgen.Themes)])
	}
	return out
}

// sectorViewOn is the view sectorView has on a 64×17 sector generated
// from seed and theme.
func sectorViewOn(tb testing.TB, seed int, theme mapgen.Theme) Tactical {
	tb.Helper()
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: uint64(seed), Theme: theme, Sheets: 2, Orientation: mapgen.Wide})
	if err != nil {
		tb.Fatal(err)
	}
	v := sectorView(tb)
	v.Map = m
	return v
}

// BenchmarkTacticalPreview64x17 is a move preview on the sector map
// (previewView) whose terrain was drawn before: each picture a unit's
// of its own in turn, 20 reach sets, more than the terrains kept, so
// that a renderer keeping a marked terrain never finds it kept.
func BenchmarkTacticalPreview64x17(b *testing.B) {
	var vs []Tactical
	for i := range 20 {
		vs = append(vs, previewView(b, i))
	}
	o := DefaultOptions()
	for range 2 { // the battle's pictures before: its terrain written and coded
		if err := WriteTacticalPNG(io.Discard, sectorView(b), o); err != nil {
			b.Fatal(err)
		}
	}
	img, err := drawTactical(vs[0], o, nil)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	benchAgainstBlank(b, img, func(w io.Writer) error {
		i++
		return WriteTacticalPNG(w, vs[i%len(vs)], o)
	})
}

// benchAgainstBlank runs write, which draws and writes img, and after
// each map, with the timer stopped, has image/png encode the blank
// canvas of its size and img itself, paletted. It reports x-blank: the
// median map time over the median blank time; x-blank-cpu, the same in
// process CPU time, which other processes disturb less; x-encode-cpu,
// the map's CPU time over image/png's encode of the finished map (what
// no renderer that writes with image/png can go below); and map-cpu-ms.
// Taking the three in turn keeps the ratios honest on a shared machine
// whose speed drifts while the benchmark runs.
func benchAgainstBlank(b *testing.B, img *image.RGBA, write func(io.Writer) error) {
	benchAgainstBlankEach(b, img, nil, write)
}

// benchAgainstBlankEach is benchAgainstBlank calling before, if given,
// with the timer stopped before each map.
func benchAgainstBlankEach(b *testing.B, img *image.RGBA, before func(), write func(io.Writer) error) {
	blank, drawn := blankCanvas(img), paletted(img, nil)
	var buf bytes.Buffer
	var maps, blanks, mapsCPU, blanksCPU, encodesCPU []time.Duration
	for b.Loop() {
		if before != nil {
			b.StopTimer()
			before()
			b.StartTimer()
		}
		buf.Reset()
		t0, c0 := time.Now(), cputime.Process()
		if err := write(&buf); err != nil {
			b.Fatal(err)
		}
		maps, mapsCPU = append(maps, time.Since(t0)), append(mapsCPU, cputime.Process()-c0)
		b.StopTimer()
		t0, c0 = time.Now(), cputime.Process()
		encodeStd(b, blank)
		blanks, blanksCPU = append(blanks, time.Since(t0)), append(blanksCPU, cputime.Process()-c0)
		c0 = cputime.Process()
		encodeStd(b, drawn)
		encodesCPU = append(encodesCPU, cputime.Process()-c0)
		b.StartTimer()
	}
	b.ReportMetric(float64(buf.Len()), "png-bytes")
	b.ReportMetric(float64(median(blanks).Microseconds())/1000, "blank-ms")
	b.ReportMetric(float64(median(maps))/float64(median(blanks)), "x-blank")
	b.ReportMetric(float64(median(mapsCPU).Microseconds())/1000, "map-cpu-ms")
	if median(blanksCPU) > 0 && median(encodesCPU) > 0 {
		b.ReportMetric(float64(median(mapsCPU))/float64(median(blanksCPU)), "x-blank-cpu")
		b.ReportMetric(float64(median(mapsCPU))/float64(median(encodesCPU)), "x-encode-cpu")
	}
}

// BenchmarkTacticalFloor takes a cached 64×17 map's CPU time apart
// against image/png encoding the blank canvas (ruling RND1), each part
// measured in turn in every round (the medians' ratios reported):
// x-draw, drawing the picture over its cached terrain (no encoding);
// x-write, writing it (the coded terrain, what was drawn coded afresh);
// x-stream, writing a picture with nothing over the terrain but its
// title strip (the stream's fixed cost: the title, the legend's and the
// terrain's bits copied, the checksums); x-copy, copying the finished
// pixels once (what any encoder pays at least); x-std and x-huffman,
// image/png and compress/flate's Huffman-only mode on the finished
// pixels; x-paint, painting the title strip and the overlays alone, in
// RGBA, no palette; x-fresh, compress/flate at BestSpeed deflating only
// the pieces of the title strip and of the terrain the picture changed.
func BenchmarkTacticalFloor(b *testing.B) {
	v, o := sectorView(b), DefaultOptions()
	blank := blankCanvas(drawnSector(b))
	tp, err := composeTactical(v, o, false)
	if err != nil {
		b.Fatal(err)
	}
	for range 2 { // the second picture on a terrain codes it
		if err := tp.writePNG(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	bare := v
	bare.Counters, bare.Highlights, bare.Edges = nil, v.Highlights[:2], nil // the same tints, so the same terrain
	plain, err := composeTactical(bare, o, false)
	if err != nil {
		b.Fatal(err)
	}
	flat := slices.Clone(tp.rows)
	var fresh []byte
	for _, l := range tp.layers(getScratch(tp.base.code().count() + tp.template.code(tp.Stride).count())) {
		for i, ch := range l.changed {
			if ch {
				fresh = append(fresh, tp.rows[l.at+l.c.bounds[i]:l.at+l.c.bounds[i+1]]...)
			}
		}
	}
	fast, err := flate.NewWriter(io.Discard, flate.BestSpeed)
	if err != nil {
		b.Fatal(err)
	}
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		b.Fatal(err)
	}
	canvas := newPicture(lay.W, lay.H, nil)
	huffman, err := flate.NewWriter(io.Discard, flate.HuffmanOnly)
	if err != nil {
		b.Fatal(err)
	}
	benchParts(b, blank, []benchPart{
		{name: "x-draw", run: func() {
			tp, err := composeTactical(v, o, true)
			if err != nil {
				b.Fatal(err)
			}
			tp.release()
		}},
		{name: "x-write", run: func() {
			if err := tp.writePNG(io.Discard); err != nil {
				b.Fatal(err)
			}
		}},
		{name: "x-stream", run: func() {
			if err := plain.writePNG(io.Discard); err != nil {
				b.Fatal(err)
			}
		}},
		{name: "x-copy", run: func() { copy(flat, tp.rows) }},
		{name: "x-paint", run: func() {
			lay.strip.draw(canvas, 0)
			placed, err := placeCounters(lay.counters(), v.Counters)
			if err != nil {
				b.Fatal(err)
			}
			drawOverlays(canvas, lay, v, placed)
		}},
		{name: "x-fresh", run: func() {
			fast.Reset(io.Discard)
			if _, err := fast.Write(fresh); err != nil {
				b.Fatal(err)
			}
			if err := fast.Close(); err != nil {
				b.Fatal(err)
			}
		}},
		{name: "x-std", run: func() { encodeStd(b, tp.Paletted) }},
		{name: "x-huffman", run: func() {
			huffman.Reset(io.Discard)
			if _, err := huffman.Write(tp.rows); err != nil {
				b.Fatal(err)
			}
			if err := huffman.Close(); err != nil {
				b.Fatal(err)
			}
		}},
	})
	b.ReportMetric(float64(len(fresh))/1000, "fresh-KB") // after the loop, which drops what was reported before it
}

// benchPart is a part of a picture's cost, measured by benchParts.
type benchPart struct {
	name string
	prep func() // if not nil, run before run, untimed
	run  func()
}

// benchParts runs image/png's encode of blank, then each part, in turn
// in every round, and reports the blank's median CPU time (blank-cpu-ms)
// and each part's median CPU time over it, as the part's name.
func benchParts(b *testing.B, blank *image.Paletted, parts []benchPart) {
	parts = append([]benchPart{{name: "blank", run: func() { encodeStd(b, blank) }}}, parts...)
	cpu := make([][]time.Duration, len(parts))
	for b.Loop() {
		for i, p := range parts {
			if p.prep != nil {
				b.StopTimer()
				p.prep()
				b.StartTimer()
			}
			c0 := cputime.Process()
			p.run()
			cpu[i] = append(cpu[i], cputime.Process()-c0)
		}
	}
	floor := median(cpu[0])
	b.ReportMetric(float64(floor.Microseconds())/1000, "blank-cpu-ms")
	for i, p := range parts[1:] {
		if floor > 0 {
			b.ReportMetric(float64(median(cpu[i+1]))/float64(floor), p.name)
		}
	}
}

// sectorSetup is the sector view, the default options, the blank canvas
// of its picture and its layout.
func sectorSetup(b *testing.B) (Tactical, Options, *image.Paletted, layout) {
	v, o := sectorView(b), DefaultOptions()
	blank := blankCanvas(drawnSector(b))
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		b.Fatal(err)
	}
	return v, o, blank, lay
}

// BenchmarkCodeTerrain is what the first picture on a 64×17 terrain
// pays besides drawing itself: the terrain matched whole and coded in
// pieces from its rows alone (codeRows, x-code), against image/png
// encoding the blank canvas and the painted terrain, each in turn in
// every round (x-code, x-std: the medians' ratios to the blank).
func BenchmarkCodeTerrain(b *testing.B) {
	v, _, blank, lay := sectorSetup(b)
	base := terrainBaseFor(v.Map, lay, newTints(v))
	W, H := base.key.W, base.key.H
	terrain := &image.Paletted{Pix: base.rows[1:], Stride: W + 1, Rect: image.Rect(0, 0, W, H), Palette: mapPalette}
	var blanks, codes, stds []time.Duration
	for b.Loop() {
		c0 := cputime.Process()
		encodeStd(b, blank)
		c1 := cputime.Process()
		codeRows(base.rows, W+1, newMatcher(W+1, base.period), base.sums)
		c2 := cputime.Process()
		encodeStd(b, terrain)
		blanks, codes = append(blanks, c1-c0), append(codes, c2-c1)
		stds = append(stds, cputime.Process()-c2)
	}
	if floor := median(blanks); floor > 0 {
		b.ReportMetric(float64(median(codes))/float64(floor), "x-code")
		b.ReportMetric(float64(median(stds))/float64(floor), "x-std")
	}
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkTactical32x34 is BenchmarkTactical64x17 on a tall sector.
func BenchmarkTactical32x34(b *testing.B) {
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: mapgen.Mixed, Sheets: 2, Orientation: mapgen.Tall})
	if err != nil {
		b.Fatal(err)
	}
	v, o := onMap(sectorView(b), m), DefaultOptions()
	img, err := drawTactical(v, o, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchAgainstBlank(b, img, func(w io.Writer) error { return WriteTacticalPNG(w, v, o) })
}

func BenchmarkDrawTactical64x17(b *testing.B) {
	v, o := sectorView(b), DefaultOptions()
	for b.Loop() {
		if _, err := DrawTactical(v, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStrategic12(b *testing.B) {
	v, o := sampleStrategicView(strategicMap(b)), DefaultOptions()
	img, err := drawStrategic(v, o, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchAgainstBlank(b, img, func(w io.Writer) error { return WriteStrategicPNG(w, v, o) })
}

// BenchmarkStrategic12Cold is BenchmarkStrategic12 with the kept
// sectors, legends, marks and patches dropped before every picture: the
// first picture of a map (strategic_base.go), its sectors painted and
// deflated.
func BenchmarkStrategic12Cold(b *testing.B) {
	v, o := sampleStrategicView(strategicMap(b)), DefaultOptions()
	img, err := drawStrategic(v, o, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchAgainstBlank(b, img, func(w io.Writer) error {
		clearStrategicCaches()
		return WriteStrategicPNG(w, v, o)
	})
}

// BenchmarkStrategic12NewMap is a running bot's first picture of a map
// it has not drawn before: the sample view on a 4×3 map generated from a
// seed no other picture of the process was drawn from (newMapSeeds),
// after the pictures of strategicWarmMaps other new maps, whose marks'
// sprites, shapes and patches and whose legends stay kept as a bot keeps
// them (they are keyed by what they show, not by the map). Its base is
// painted and coded; legend-miss is the share of its pictures whose
// legend no earlier map had drawn.
func BenchmarkStrategic12NewMap(b *testing.B) {
	o := DefaultOptions()
	v, img := newMapSetup(b, o)
	misses, n := 0, 0
	benchAgainstBlankEach(b, img, func() {
		v = sampleStrategicView(newStrategicMap(b))
		if !strategicLegendKept(v, o) {
			misses++
		}
		n++
	}, func(w io.Writer) error { return WriteStrategicPNG(w, v, o) })
	b.ReportMetric(float64(misses)/float64(n), "legend-miss")
}

// BenchmarkStrategic12NewLegend is BenchmarkStrategic12NewMap on the
// new maps whose legend (their grounds, objectives and marks) no earlier
// picture held, what 5–12% of a running bot's new maps meet: maps whose
// legend is kept are passed over. What the legends of other maps kept
// stays kept, their lines (strategic_legend_lines.go) among it; its
// metric new-lines is how many lines of its legend a picture drew
// afresh. The legend and the lines a picture keeps are forgotten after
// it, so that every picture meets what the warm maps kept: the new
// legends are few (the sample view's legends differ by the grounds and
// objectives a map holds), and would run out.
func BenchmarkStrategic12NewLegend(b *testing.B) {
	o := DefaultOptions()
	v, img := newMapSetup(b, o)
	var restoreBands, restoreLines func()
	var lines map[legendLineKey]bool // the lines kept before the picture
	newLines, n := 0, 0
	after := func() {
		for k := range keptKeys(&legendLines) {
			if !lines[k] {
				newLines++
			}
		}
		restoreBands()
		restoreLines()
	}
	benchAgainstBlankEach(b, img, func() {
		if n > 0 {
			after()
		}
		v = sampleStrategicView(newStrategicMap(b))
		for strategicLegendKept(v, o) {
			v = sampleStrategicView(newStrategicMap(b))
		}
		restoreBands, restoreLines = keptSnapshot(&legendBands), keptSnapshot(&legendLines)
		lines = keptKeys(&legendLines)
		n++
	}, func(w io.Writer) error { return WriteStrategicPNG(w, v, o) })
	after()
	b.ReportMetric(float64(newLines)/float64(n), "new-lines")
}

// keptKeys is the set of the keys k holds.
func keptKeys[K comparable, V any](k *kept[K, V]) map[K]bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	keys := make(map[K]bool, len(k.m)+len(k.old))
	for key := range k.m {
		keys[key] = true
	}
	for key := range k.old {
		keys[key] = true
	}
	return keys
}

// keptSnapshot returns a function that makes k hold again what it holds
// now.
func keptSnapshot[K comparable, V any](k *kept[K, V]) (restore func()) {
	k.mu.Lock()
	defer k.mu.Unlock()
	m, old, n := maps.Clone(k.m), maps.Clone(k.old), k.n
	return func() {
		k.mu.Lock()
		defer k.mu.Unlock()
		k.m, k.old, k.n = maps.Clone(m), maps.Clone(old), n
	}
}

// newMapSeeds counts the seeds of the maps newStrategicMap generates,
// far above the seeds the tests draw from.
var newMapSeeds atomic.Uint64

// newStrategicMap is a 4×3 strategic map no picture of the process was
// drawn from before.
func newStrategicMap(tb testing.TB) *mapgen.Strategic {
	tb.Helper()
	s, err := mapgen.GenerateStrategic(1<<32+newMapSeeds.Add(1), 4, 3)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// strategicWarmMaps is how many new maps a running bot is taken to have
// drawn before the one measured: enough for the legends of the sample
// view to be kept (some 50 differ by the grounds and objectives the maps
// hold: 46 in 2,000 maps).
const strategicWarmMaps = 200

var warmStrategic sync.Once

// newMapSetup warms what a running bot keeps (warmStrategicCaches) and
// gives the sample view on a new map, and its picture: the new-map
// benchmarks' start.
func newMapSetup(b *testing.B, o Options) (StrategicView, *image.RGBA) {
	warmStrategicCaches(b, o)
	v := sampleStrategicView(newStrategicMap(b))
	img, err := drawStrategic(v, o, nil)
	if err != nil {
		b.Fatal(err)
	}
	return v, img
}

// warmStrategicCaches draws the sample view on strategicWarmMaps new
// maps, once per process.
func warmStrategicCaches(b *testing.B, o Options) {
	warmStrategic.Do(func() {
		for range strategicWarmMaps {
			if err := WriteStrategicPNG(io.Discard, sampleStrategicView(newStrategicMap(b)), o); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// strategicLegendKept reports whether the legend of v's picture is kept
// drawn.
func strategicLegendKept(v StrategicView, o Options) bool {
	p, err := layoutStrategic(v, o)
	if err != nil || p.legend.height == 0 {
		return true
	}
	key := legendBandKey{items: p.legendKey, size: p.s, W: p.W, H: p.legend.height}
	legendBands.mu.Lock()
	defer legendBands.mu.Unlock()
	_, ok := legendBands.m[key]
	if !ok {
		_, ok = legendBands.old[key]
	}
	return ok
}

// Size budgets of BENCHMARKS.md: what a player on a phone downloads.
const (
	tacticalPNGBudget  = 250_000
	strategicPNGBudget = 30_000
)

// onMap is the sector view's counters and highlights moved onto m (their
// columns taken modulo its width), so the same battle can be drawn on a
// 32×34 sector.
func onMap(v Tactical, m *mapgen.Map) Tactical {
	move := func(hs []hex.Hex) []hex.Hex {
		out := make([]hex.Hex, len(hs))
		for i, h := range hs {
			out[i] = hex.Hex{X: h.X % m.Width, Y: h.Y % m.Height}
		}
		return out
	}
	v.Map = m
	v.Counters = slices.Clone(v.Counters)
	for i := range v.Counters {
		v.Counters[i].Hex = move([]hex.Hex{v.Counters[i].Hex})[0]
	}
	v.Highlights = slices.Clone(v.Highlights)
	for i := range v.Highlights {
		v.Highlights[i].Hexes = move(v.Highlights[i].Hexes)
	}
	return v
}

// Ensure a sector map of every theme, 64×17 and 32×34, with the sector
// view's 40 counters and highlights, and the strategic map, stay within
// their PNG size budgets; and that each sector map, written over its
// coded terrain (the first picture on a terrain codes it), decodes to
// its drawing.
func TestPNGSize(t *testing.T) {
	v := sectorView(t)
	for _, theme := range mapgen.Themes {
		for _, orient := range []mapgen.Orientation{mapgen.Wide, mapgen.Tall} {
			m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: theme, Sheets: 2, Orientation: orient})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteTacticalPNG(&buf, onMap(v, m), DefaultOptions()); err != nil {
				t.Fatal(err)
			}
			if buf.Len() > tacticalPNGBudget {
				t.Errorf("%v %d×%d map with 40 counters is %d bytes, budget %d", theme, m.Width, m.Height, buf.Len(), tacticalPNGBudget)
			}
			if n, at := pixelDiff(decodePNG(t, buf.Bytes()), MustDrawTactical(t, onMap(v, m), DefaultOptions())); n != 0 {
				t.Errorf("%v %d×%d: %d pixels differ from the drawing, first at %v", theme, m.Width, m.Height, n, at)
			}
			t.Logf("%v %d×%d: %d bytes", theme, m.Width, m.Height, buf.Len())
		}
	}
	var buf bytes.Buffer
	if err := WriteStrategicPNG(&buf, sampleStrategicView(strategicMap(t)), DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > strategicPNGBudget {
		t.Errorf("strategic map is %d bytes, budget %d", buf.Len(), strategicPNGBudget)
	}
	t.Logf("strategic 4×3: %d bytes", buf.Len())
}

// BenchmarkTacticalZoom is a close-up (WriteTacticalZoomPNG) of the
// 64×17 sector: the whole map drawn at ZoomHexSize, terrain cached, then
// cut to its window.
func BenchmarkTacticalZoom(b *testing.B) {
	v, o := sectorView(b), DefaultOptions()
	centre := hex.Hex{X: 30, Y: 8}
	var buf bytes.Buffer
	b.ResetTimer()
	for range b.N {
		buf.Reset()
		if err := WriteTacticalZoomPNG(&buf, v, o, centre); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "png-KB")
}
