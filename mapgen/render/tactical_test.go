package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"runtime"
	"testing"
	"weak"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// MustDrawTactical draws a view or fails the test.
func MustDrawTactical(tb testing.TB, v Tactical, o Options) image.Image {
	tb.Helper()
	img, err := DrawTactical(v, o)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

func sampleView() Tactical {
	return Tactical{
		Map:        sampleSheet(),
		Counters:   sampleCounters(),
		Highlights: sampleHighlights(),
		Edges:      []EdgeMark{{Edge: West, Side: 0}, {Edge: East, Side: 1}},
		Title:      "Battle of Kessel Flats, turn 3",
		Viewer:     "Lancers",
	}
}

// Ensure a hand-made sheet with every terrain, counter class and highlight
// draws as the golden picture, with hex numbers.
func TestTacticalSample(t *testing.T) {
	golden(t, "tactical-sample", MustDrawTactical(t, sampleView(), DefaultOptions()))
}

// Ensure the picture has the size the budgets plan for: about 2070×760
// for a 64×17 sector at the default hex size, the rulers' margins
// included.
func TestTacticalSize(t *testing.T) {
	m, err := mapgen.Join(sampleSheet(), sampleSheet(), mapgen.Wide)
	if err != nil {
		t.Fatal(err)
	}
	img := MustDrawTactical(t, Tactical{Map: m, Title: "size"}, DefaultOptions())
	b := img.Bounds()
	if b.Dx() < 2000 || b.Dx() > 2120 || b.Dy() < 700 || b.Dy() > 800 {
		t.Errorf("64×17 at hex size 20 is %v, want about 2070×760", b.Size())
	}
}

// Ensure a blind counter shows only what the view holds: the same counter
// with and without its class draws differently (with Class "" no class
// symbol or letter is drawn), and an enemy's experience is not drawn.
func TestBlindCounter(t *testing.T) {
	m := mapgen.New(8, 6)
	draw := func(k Counter) image.Image {
		return MustDrawTactical(t, Tactical{Map: m, Counters: []Counter{k}}, Options{HexSize: 24})
	}
	blind := Counter{Hex: h("0403"), Side: 1, Kind: "mech", Label: "?1"}
	for _, class := range []string{"light-mech", "medium-mech", "heavy-mech", "assault-mech", "fire-mech"} {
		sighted := blind
		sighted.Class = class
		if n, _ := pixelDiff(draw(blind), draw(sighted)); n == 0 {
			t.Errorf("blind mech and sighted %s draw the same", class)
		}
	}
	// Every class draws differently from the blind counter of its kind.
	for class, kind := range classKinds {
		b := Counter{Hex: h("0403"), Side: 1, Kind: kind, Label: "X"}
		s := b
		s.Class = class
		if n, _ := pixelDiff(draw(b), draw(s)); n == 0 {
			t.Errorf("%s: blind %s and sighted draw the same", class, kind)
		}
	}
	// Enemy counters carry no experience: Own gates it.
	enemy := Counter{Hex: h("0403"), Side: 1, Kind: "mech", Class: "heavy-mech", Label: "R1", Experience: "elite"}
	plain := enemy
	plain.Experience = ""
	if n, _ := pixelDiff(draw(enemy), draw(plain)); n != 0 {
		t.Errorf("an enemy counter's experience was drawn (%d pixels)", n)
	}
}

// Ensure the classes of one kind are told apart on the map.
func TestClassesDiffer(t *testing.T) {
	m := mapgen.New(4, 4)
	seen := map[string]string{}
	for class, kind := range classKinds {
		img := MustDrawTactical(t, Tactical{Map: m, Counters: []Counter{{Hex: h("0202"), Kind: kind, Class: class, Label: "X"}}}, Options{HexSize: 24})
		key := string(img.(*image.Paletted).Pix)
		if other, dup := seen[key]; dup {
			t.Errorf("%s and %s draw the same counter", class, other)
		}
		seen[key] = class
	}
}

// Ensure drawing is deterministic: the same view twice gives the same
// pixels (golden files depend on it).
func TestDeterministic(t *testing.T) {
	a := MustDrawTactical(t, sampleView(), DefaultOptions())
	b := MustDrawTactical(t, sampleView(), DefaultOptions())
	if n, at := pixelDiff(a, b); n != 0 {
		t.Errorf("%d pixels differ between two drawings, first at %v", n, at)
	}
}

// Ensure bad views and options are refused with an error naming the fault.
func TestTacticalErrors(t *testing.T) {
	good := sampleView()
	for _, tc := range []struct {
		name string
		edit func(v *Tactical, o *Options)
		want error
	}{
		{"ErrNoMap", func(v *Tactical, o *Options) { v.Map = nil }, ErrNoMap},
		{"ErrOffMap", func(v *Tactical, o *Options) { v.Counters = []Counter{{Hex: h("3318"), Kind: "mech"}} }, ErrOffMap},
		{"ErrOffMapNegative", func(v *Tactical, o *Options) { v.Counters = []Counter{{Hex: hex.Hex{X: -1}, Kind: "mech"}} }, ErrOffMap},
		{"ErrHighlightOffMap", func(v *Tactical, o *Options) {
			v.Highlights = []Highlight{{Kind: LineOfFire, Hexes: []hex.Hex{h("0101"), h("4001")}}}
		}, ErrOffMap},
		{"ErrKind", func(v *Tactical, o *Options) { v.Counters = []Counter{{Hex: h("0101"), Kind: "robot"}} }, ErrCounter},
		{"ErrClass", func(v *Tactical, o *Options) { v.Counters = []Counter{{Hex: h("0101"), Kind: "mech", Class: "atlas"}} }, ErrCounter},
		{"ErrStep", func(v *Tactical, o *Options) { v.Counters = []Counter{{Hex: h("0101"), Kind: "mech", Step: 4}} }, ErrCounter},
		{"ErrExperience", func(v *Tactical, o *Options) {
			v.Counters = []Counter{{Hex: h("0101"), Kind: "mech", Experience: "legendary"}}
		}, ErrCounter},
		{"ErrHexSizeSmall", func(v *Tactical, o *Options) { o.HexSize = 3 }, ErrHexSize},
		{"ErrHexSizeLarge", func(v *Tactical, o *Options) { o.HexSize = 500 }, ErrHexSize},
		{"ErrHexSizeNaN", func(v *Tactical, o *Options) { o.HexSize = math.NaN() }, ErrHexSize},
		{"ErrTooLarge", func(v *Tactical, o *Options) { v.Map = mapgen.New(400, 400); v.Counters = nil; v.Highlights = nil }, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, o := good, DefaultOptions()
			tc.edit(&v, &o)
			_, err := DrawTactical(v, o)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
			if err := WriteTacticalPNG(&bytes.Buffer{}, v, o); !errors.Is(err, tc.want) {
				t.Errorf("WriteTacticalPNG err = %v, want %v", err, tc.want)
			}
		})
	}
	t.Run("ErrCells", func(t *testing.T) {
		m := mapgen.New(4, 4)
		m.Cells = m.Cells[:3]
		if _, err := DrawTactical(Tactical{Map: m}, DefaultOptions()); err == nil {
			t.Error("a map with missing cells was drawn")
		}
	})
}

// Ensure WriteTacticalPNG writes a PNG that decodes to what DrawTactical
// draws.
func TestWriteTacticalPNG(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteTacticalPNG(&buf, sampleView(), DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n, at := pixelDiff(got, MustDrawTactical(t, sampleView(), DefaultOptions())); n != 0 {
		t.Errorf("%d pixels differ, first at %v", n, at)
	}
}

// Ensure painting the terrain in bands gives the same pixels as painting
// it whole, whatever the band height.
func TestBands(t *testing.T) {
	v := sampleView()
	whole, err := drawTacticalBands(v, DefaultOptions(), nil, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for _, rows := range []int{0, 1, 7, 33, 64, 100} {
		got, err := drawTacticalBands(v, DefaultOptions(), nil, rows)
		if err != nil {
			t.Fatal(err)
		}
		if n, at := pixelDiff(got, whole); n != 0 {
			t.Errorf("bands of %d rows: %d pixels differ from one band, first at %v", rows, n, at)
		}
	}
}

// Ensure maps may be drawn from several goroutines at once (the bot
// renders many campaigns' maps together) and come out the same as drawn
// alone. Run with -race to check the shared caches (glyphs made on
// first use, hex art, counter faces).
func TestConcurrent(t *testing.T) {
	v := sampleView()
	v.Viewer = "Граф Кёрнер 将军" // glyphs made on demand, under the lock
	want := MustDrawTactical(t, v, DefaultOptions())
	clearKept() // the four goroutines make the kept glyphs, hex art, faces... at once
	writeConcurrently(t, want, func(w io.Writer) error { return WriteTacticalPNG(w, v, DefaultOptions()) })
}

// Ensure a battle map's terrain base dropped from the kept ones is
// collected at the next collection, though pictures were written on it:
// nothing lent to its pictures keeps it. (A pool of its own kept it to
// the second collection, and with it every terrain a bot drawing many
// battles painted meanwhile.) And that the working copies, shared by
// all bases, hold each base's terrain: pictures on two terrains written
// in turn decode to their drawings.
func TestTacticalBaseLetGo(t *testing.T) {
	v := sampleView()
	small := Options{HexSize: 13}
	bases.clear()
	for i := range 6 {
		o := DefaultOptions()
		if i%2 == 1 {
			o = small
		}
		var buf bytes.Buffer
		if err := WriteTacticalPNG(&buf, v, o); err != nil {
			t.Fatal(err)
		}
		if n, at := pixelDiff(decodePNG(t, buf.Bytes()), MustDrawTactical(t, v, o)); n != 0 {
			t.Fatalf("picture %d: %d pixels differ from the drawing, first at %v", i, n, at)
		}
	}
	var kept []weak.Pointer[terrainBase]
	bases.mu.Lock()
	for _, b := range bases.m {
		kept = append(kept, weak.Make(b))
	}
	bases.mu.Unlock()
	if len(kept) != 2 {
		t.Fatalf("writing the map at two hex sizes kept %d terrains, want 2", len(kept))
	}
	bases.clear()
	runtime.GC()
	for _, b := range kept {
		if b.Value() != nil {
			t.Error("a terrain base, dropped from bases, outlived a collection")
		}
	}
}

// writeConcurrently writes a picture with write from four goroutines at
// once and fails the test unless each decodes to want.
func writeConcurrently(t *testing.T, want image.Image, write func(io.Writer) error) {
	t.Helper()
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			var buf bytes.Buffer
			if err := write(&buf); err != nil {
				errs <- err
				return
			}
			got, err := png.Decode(&buf)
			if err == nil {
				if n, at := pixelDiff(got, want); n != 0 {
					err = fmt.Errorf("%d pixels differ, first at %v", n, at)
				}
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// Ensure every pixel of a picture is painted: a picture drawn into a
// reused buffer full of old pixels equals one drawn fresh, and is opaque
// (the encoder writes opaque pictures as RGB).
func TestEveryPixelPainted(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		size float64
	}{{1, 1, 20}, {2, 3, 8}, {5, 5, 13.7}, {32, 17, 20}, {7, 2, 64}, {3, 9, 33}, {3, 9, 33.3}} {
		v := Tactical{Map: mapgen.New(tc.w, tc.h), Title: "T"}
		o := Options{HexSize: tc.size, Legend: tc.w%2 == 1, HexNumbers: true}
		fresh, err := drawTactical(v, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !fresh.Opaque() {
			t.Errorf("%d×%d at %g: some pixels were never painted", tc.w, tc.h, tc.size)
		}
		old := bytes.Repeat([]byte{0x7f}, 4*fresh.Rect.Dx()*fresh.Rect.Dy())
		reused, err := drawTactical(v, o, &old)
		if err != nil {
			t.Fatal(err)
		}
		if n, at := pixelDiff(reused, fresh); n != 0 {
			t.Errorf("%d×%d at %g: %d old pixels show through, first at %v", tc.w, tc.h, tc.size, n, at)
		}
	}
}
