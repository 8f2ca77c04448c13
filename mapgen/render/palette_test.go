package render

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// Ensure the palette fits a PNG palette and every entry maps to itself,
// or to an entry sharing its 5-6-5 cell, which differs by at most the
// cell's width in a channel.
func TestPaletteMapsItsColours(t *testing.T) {
	if len(mapPalette) > 256 {
		t.Fatalf("palette has %d colours, PNG takes 256", len(mapPalette))
	}
	tab := paletteIndex()
	for i, c := range mapPalette {
		c := c.(color.RGBA)
		got := mapPalette[tab[key565(c.R, c.G, c.B)]].(color.RGBA)
		if d := channelDiff(c, got.R, got.G, got.B); d > 7 {
			t.Errorf("entry %d %v maps to %v", i, c, got)
		}
	}
}

// Ensure mapping a drawn map to the palette keeps what the eye sees:
// every colour that covers an area (a fill, a mark, hatching, the grid
// over a ground) is drawn within 18 a channel of itself (most exactly:
// 7% of a channel on the faint edge of a line, which the eye does not
// tell at Discord's preview size), and anti-aliased edge pixels land
// near their colour. On the sector view today 78% of pixels are exact,
// 99.7% within 24 a channel, the worst 61 off.
func TestPalettedKeepsColours(t *testing.T) {
	for name, draw := range map[string]func() (*image.RGBA, error){
		"tactical": func() (*image.RGBA, error) { return drawTactical(sectorView(t), DefaultOptions(), nil) },
		"sample":   func() (*image.RGBA, error) { return drawTactical(sampleView(), DefaultOptions(), nil) },
		"strategic": func() (*image.RGBA, error) {
			return drawStrategic(sampleStrategicView(strategicMap(t)), DefaultOptions(), nil)
		},
	} {
		img, err := draw()
		if err != nil {
			t.Fatal(err)
		}
		p := paletted(img, nil)
		count := map[color.RGBA]int{}
		inexact := map[color.RGBA]int{}
		exact, near, worst := 0, 0, 0
		for i, ix := range p.Pix {
			s := img.Pix[4*i : 4*i+3]
			src := rgb(s[0], s[1], s[2])
			count[src]++
			d := channelDiff(mapPalette[ix].(color.RGBA), s[0], s[1], s[2])
			if d == 0 {
				exact++
			} else {
				inexact[src]++
			}
			if d <= 24 {
				near++
			}
			worst = max(worst, d)
		}
		n := len(p.Pix)
		tab := paletteIndex()
		for c, k := range inexact {
			near := mapPalette[tab[key565(c.R, c.G, c.B)]].(color.RGBA)
			if d := channelDiff(near, c.R, c.G, c.B); k >= n/2000 && d > 18 {
				t.Errorf("%s: %v covers %d pixels but is drawn as %v, %d off in a channel", name, c, k, near, d)
			}
		}
		if 100*exact < 70*n || 1000*near < 985*n || worst > 80 {
			t.Errorf("%s: %d%% of pixels exact (want ≥ 70%%), %.1f%% within 24 (want ≥ 98.5%%), worst %d (want ≤ 80)",
				name, 100*exact/n, 100*float64(near)/float64(n), worst)
		}
		t.Logf("%s: %d colours drawn; %.1f%% exact, %.2f%% within 24, worst %d", name, len(count),
			100*float64(exact)/float64(n), 100*float64(near)/float64(n), worst)
	}
}

// channelDiff is the largest difference of a channel between c and
// (r, g, b).
func channelDiff(c color.RGBA, r, g, b uint8) int {
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	return max(d(c.R, r), d(c.G, g), d(c.B, b))
}

// paletted maps the opaque picture img to mapPalette, into dst when it
// is given (grown if need be): a picture drawn whole in RGBA, as the
// tests and benchmarks compare and encode it.
func paletted(img *image.RGBA, dst *[]byte) *image.Paletted {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	pix := bytesFor(dst, W*H)
	quantise(pix, W, img)
	return &image.Paletted{Pix: pix, Stride: W, Rect: image.Rect(0, 0, W, H), Palette: mapPalette}
}

// Ensure quantise, which makes the keys of two pixels in a word and maps
// four pixels a pass, maps every pixel as its own lookup does, whatever
// the picture's width (the pixels left after the last four).
func TestQuantiseEachPixel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	tab := paletteIndex()
	for W := 1; W <= 9; W++ {
		img := image.NewRGBA(image.Rect(0, 0, W, 3))
		for i := range img.Pix {
			img.Pix[i] = byte(rng.IntN(256))
		}
		stride := W + 2
		pix := make([]byte, 3*stride)
		quantise(pix, stride, img)
		for y := range 3 {
			for x := range W {
				c := img.RGBAAt(x, y)
				if want := tab[key565(c.R, c.G, c.B)]; pix[y*stride+x] != want {
					t.Fatalf("width %d, pixel (%d, %d) %v: entry %d, want %d", W, x, y, c, pix[y*stride+x], want)
				}
			}
		}
	}
}
