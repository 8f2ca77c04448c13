package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// replayBudget is Discord's upload limit for a bot without boosts: a
// 20-turn battle's replay must stay under it.
const replayBudget = 8 << 20

// replayFrames is a 20-turn battle on a 64×17 sector (sectorView's 40
// counters): the deployment, then one picture per game turn with every
// counter a hex further on, the two sides closing in.
func replayFrames(tb testing.TB) []Tactical {
	tb.Helper()
	base := sectorView(tb)
	var frames []Tactical
	for turn := 0; turn <= 20; turn++ {
		t := Tactical{Map: base.Map, Title: "Battle 1 — turn", Viewer: "crucis"}
		for _, c := range base.Counters {
			dx := min(turn, 12)
			if c.Side == 1 {
				dx = -dx
			}
			c.Hex = hex.Hex{X: min(max(c.Hex.X+dx, 0), base.Map.Width-1), Y: c.Hex.Y}
			t.Counters = append(t.Counters, c)
		}
		frames = append(frames, t)
	}
	return frames
}

// Ensure a 20-turn replay is a GIF that decodes, one picture per frame
// of the same size, within Discord's upload limit; pictures after the
// first keep only what changed (the rest transparent), and the cropped
// picture is smaller than the whole map.
func TestReplayGIF(t *testing.T) {
	frames := replayFrames(t)
	var focus []hex.Hex
	for _, c := range frames[0].Counters[:6] {
		focus = append(focus, c.Hex)
	}
	var buf bytes.Buffer
	if err := WriteReplayGIF(&buf, frames, nil, Options{HexNumbers: true}); err != nil {
		t.Fatal(err)
	}
	if buf.Len() >= replayBudget {
		t.Errorf("a 20-turn replay is %d bytes, over Discord's %d", buf.Len(), replayBudget)
	}
	t.Logf("20-turn replay of a 64×17 sector: %d bytes", buf.Len())
	g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("the replay does not decode: %v", err)
	}
	if len(g.Image) != len(frames) || len(g.Delay) != len(frames) {
		t.Fatalf("%d pictures and %d delays for %d frames", len(g.Image), len(g.Delay), len(frames))
	}
	// Shown as a browser shows it (each picture drawn over the last),
	// the replay ends on exactly the last frame drawn whole; every
	// picture after the first is only the box of what changed.
	whole := g.Image[0].Bounds()
	shown := image.NewRGBA(whole)
	for i, p := range g.Image {
		if !p.Bounds().In(whole) || i > 0 && p.Bounds().Dx()*p.Bounds().Dy() >= whole.Dx()*whole.Dy() {
			t.Errorf("picture %d is %v, the first %v", i, p.Bounds(), whole)
		}
		draw.Draw(shown, p.Bounds(), p, p.Bounds().Min, draw.Over)
	}
	o, err := Options{HexSize: ReplayHexSize, HexNumbers: true}.resolved()
	if err != nil {
		t.Fatal(err)
	}
	last := frames[len(frames)-1]
	img, err := drawTactical(last, o, nil)
	if err != nil {
		t.Fatal(err)
	}
	lay, err := tacticalLayout(last, o)
	if err != nil {
		t.Fatal(err)
	}
	want := palettedInto(nil, img, lay.crop(nil), lay.strip.height, lay.strip.height)
	if want.Rect != whole {
		t.Fatalf("the last frame drawn whole is %v, the replay %v", want.Rect, whole)
	}
	for y := whole.Min.Y; y < whole.Max.Y; y++ {
		for x := whole.Min.X; x < whole.Max.X; x++ {
			if got, w := shown.RGBAAt(x, y), want.Palette[want.ColorIndexAt(x, y)].(color.RGBA); got != w {
				t.Fatalf("at (%d, %d) the replay ends on %v, the last frame is %v", x, y, got, w)
			}
		}
	}
	var crop bytes.Buffer
	if err := WriteReplayGIF(&crop, frames[:1], focus, Options{HexNumbers: true}); err != nil {
		t.Fatal(err)
	}
	c, err := gif.DecodeAll(bytes.NewReader(crop.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if cb := c.Image[0].Bounds(); cb.Dx()*cb.Dy() >= whole.Dx()*whole.Dy() {
		t.Errorf("cropped to six counters the picture is %v, the whole map %v", cb, whole)
	}
	if err := WriteReplayGIF(&crop, nil, nil, Options{}); err != ErrNoFrames {
		t.Errorf("no frames: %v, want ErrNoFrames", err)
	}
}

// BenchmarkReplayGIF is the replay of a 20-turn battle on a 64×17
// sector: 21 pictures drawn, cut to the web palette and encoded.
func BenchmarkReplayGIF(b *testing.B) {
	frames := replayFrames(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteReplayGIF(&buf, frames, nil, Options{HexNumbers: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// Ensure a replay whose frames have title strips of different heights
// (none, one, none again) shows each frame whole: the strip at the top,
// background below it down to the tallest frame's strip, then the map,
// at the same place in every frame.
func TestReplayGIFStripHeights(t *testing.T) {
	m := sectorView(t).Map
	frames := []Tactical{{Map: m}, {Map: m, Title: "Battle 1 — turn 2", Viewer: "crucis"}, {Map: m}}
	var buf bytes.Buffer
	if err := WriteReplayGIF(&buf, frames, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("the replay does not decode: %v", err)
	}
	o, err := Options{HexSize: ReplayHexSize}.resolved()
	if err != nil {
		t.Fatal(err)
	}
	top := 0
	for _, f := range frames {
		lay, err := tacticalLayout(f, o)
		if err != nil {
			t.Fatal(err)
		}
		top = max(top, lay.strip.height)
	}
	whole := image.Rect(0, 0, g.Config.Width, g.Config.Height)
	shown := image.NewRGBA(whole)
	web := func(c color.RGBA) color.RGBA { return replayPalette[webIndex(c.R, c.G, c.B)].(color.RGBA) }
	for i, f := range frames {
		p := g.Image[i]
		if !p.Bounds().In(whole) {
			t.Fatalf("picture %d is %v, the replay %v", i, p.Bounds(), whole)
		}
		draw.Draw(shown, p.Bounds(), p, p.Bounds().Min, draw.Over)
		img, err := drawTactical(f, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		lay, err := tacticalLayout(f, o)
		if err != nil {
			t.Fatal(err)
		}
		sh := lay.strip.height
		if want := image.Rect(0, 0, lay.W, top+lay.H-sh); whole != want {
			t.Fatalf("the replay is %v, want %v", whole, want)
		}
		for y := whole.Min.Y; y < whole.Max.Y; y++ {
			for x := whole.Min.X; x < whole.Max.X; x++ {
				w := web(colBackground)
				switch {
				case y < sh:
					w = web(img.RGBAAt(x, y))
				case y >= top:
					w = web(img.RGBAAt(x, y-top+sh))
				}
				if got := shown.RGBAAt(x, y); got != w {
					t.Fatalf("frame %d (strip %d of %d) at (%d, %d) shows %v, want %v", i, sh, top, x, y, got, w)
				}
			}
		}
	}
}

// Ensure a replay of frames of maps of different sizes is refused with
// an error naming the frame.
func TestReplayGIFMapSizes(t *testing.T) {
	frames := []Tactical{{Map: mapgen.New(20, 9)}, {Map: mapgen.New(12, 9)}}
	err := WriteReplayGIF(io.Discard, frames, nil, Options{})
	if err == nil || !strings.Contains(err.Error(), "frame 1") {
		t.Errorf("maps of 20×9 and 12×9: %v, want an error naming frame 1", err)
	}
}
