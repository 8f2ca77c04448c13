package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"github.com/golang/freetype/truetype"
)

// Text is drawn from glyph masks rasterized once per font and size and
// kept: a sector map prints over a thousand hex numbers, and rasterizing
// each glyph every time (or going through gg's DrawString, which
// resamples every glyph through an affine transform) would cost more
// than the rest of the map. Only the embedded Go fonts are used, so the
// pixels never depend on the fonts a machine happens to have. They are
// parsed by freetype's truetype package, which gg already brings in;
// x/image's opentype would need modules the project does not require.

type fontID int

const (
	regular fontID = iota
	bold
	numFonts
)

// parsedFonts parses the embedded fonts on first use (not in init, so a
// program that never draws never pays for it).
var parsedFonts = sync.OnceValues(func() (fonts [numFonts]*truetype.Font, err error) {
	for id, ttf := range [numFonts][]byte{regular: goregular.TTF, bold: gobold.TTF} {
		if fonts[id], err = truetype.Parse(ttf); err != nil {
			return fonts, fmt.Errorf("render: parsing the embedded Go font: %w", err)
		}
	}
	return fonts, nil
})

// glyph is one rasterized character: its coverage mask placed relative to
// the dot (the pen position on the baseline) and its advance in pixels.
type glyph struct {
	mask    *image.Alpha // Rect is relative to the dot
	advance int
	// inked are the runs of the mask's rows with some coverage, solid
	// those with at least half (drawCrisp), so that painting goes
	// through them without a branch a pixel on its coverage: a map's
	// hex numbers and rulers were painted in a fifth less time.
	inked, solid []glyphRun
}

// glyphRun is pixels [x0, x1) of a glyph's row y, relative to the dot.
type glyphRun struct{ y, x0, x1 int }

// runsOf are the runs of the mask's pixels whose coverage is at least
// least.
func runsOf(mask *image.Alpha, least uint8) []glyphRun {
	var out []glyphRun
	b := mask.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := mask.Pix[(y-b.Min.Y)*mask.Stride : (y-b.Min.Y)*mask.Stride+b.Dx()]
		for i := 0; i < len(row); {
			if row[i] < least {
				i++
				continue
			}
			j := i + 1
			for j < len(row) && row[j] >= least {
				j++
			}
			out = append(out, glyphRun{y, b.Min.X + i, b.Min.X + j})
			i = j
		}
	}
	return out
}

// faceKey names a face: font, pixel size in 1/64 px, and whether its
// coverage is rounded to three shades (coarseFace).
type faceKey struct {
	font   fontID
	size   int
	coarse bool
}

// glyphSet is one face's glyph cache. Every glyph is rasterized on
// first use, under mu, since a font.Face may not be used concurrently:
// a face's hex numbers need ten digits, not the 95 printable ASCII
// characters all made at once as before, which were two thirds of a
// process's first picture (BENCHMARKS.md). An ASCII glyph once made is
// only read, through an atomic pointer, so most text takes no lock;
// other runes (a player's name in Cyrillic) are looked up under mu.
// The Go fonts' hinting leaves a glyph's mask the same whatever was
// rasterized before it (TestGlyphsInAnyOrder), so the pixels do not
// depend on what the process drew first.
type glyphSet struct {
	ascii           [128]atomic.Pointer[glyph]
	ascent, descent int  // pixels above and below the baseline
	coarse          bool // coverage rounded to none, half or full

	mu    sync.Mutex
	font  *truetype.Font
	face  font.Face
	other map[rune]*glyph
}

var (
	facesMu sync.Mutex
	faces   = map[faceKey]*glyphSet{}
)

// maxFaces and facesBytes bound the glyph cache: a picture uses about
// eight faces, and a face's glyphs at the largest hex size are some
// 100 KB (the digits and letters its words use), more with every other
// rune a label holds. glyphBytes counts what the sets kept made (and
// their faces), and a set asked for past facesBytes drops them all, as
// past maxFaces: by then the sets in use hold at most one picture's
// glyphs more.
const (
	maxFaces   = 64
	facesBytes = 8 << 20
)

// glyphBytes is what the glyph sets kept since they were last dropped
// hold: their glyphs, and a faceUpkeep each.
var glyphBytes atomic.Int64

// faceUpkeep is what a glyph set's truetype face is taken to weigh: its
// rasterizer's buffers and its one-mask cache, 44–76 KB on the heap at
// the hex sizes the bot draws (measured by walking a face's heap).
const faceUpkeep = 80 << 10

// face returns the glyph set for a font at a pixel size (rounded to 1/64
// px, so sizes derived from HexSize find the same set again).
func face(id fontID, px float64) (*glyphSet, error) {
	return glyphSetOf(faceKey{id, int(math.Round(px * 64)), false})
}

// coarseFace is face with each glyph pixel's coverage rounded to none,
// half or full. The strategic map's text is drawn in it: its pixels,
// mapped to the palette, fall on fewer colours, and the map's PNG is a
// sixth smaller (TestStrategicPNGSizeSeeds), while the letters look
// the same at Discord's preview size and nearly so at full size.
func coarseFace(id fontID, px float64) (*glyphSet, error) {
	return glyphSetOf(faceKey{id, int(math.Round(px * 64)), true})
}

// glyphSetOf returns the glyph set key names, made on first use.
func glyphSetOf(key faceKey) (*glyphSet, error) {
	facesMu.Lock()
	defer facesMu.Unlock()
	over := glyphBytes.Load() > facesBytes
	if gs := faces[key]; gs != nil && !over {
		return gs, nil
	}
	fs, err := parsedFonts()
	if err != nil {
		return nil, err
	}
	// HexSize may come from a player's command; odd sizes must not grow
	// the cache without end. Sets in use stay valid: their users hold them.
	if len(faces) >= maxFaces || over {
		clear(faces)
		glyphBytes.Store(0)
	}
	gs := newGlyphSet(fs[key.font], key)
	faces[key] = gs
	glyphBytes.Add(faceUpkeep)
	return gs, nil
}

// newGlyphSet is key's glyph set, its glyphs not made yet.
func newGlyphSet(f *truetype.Font, key faceKey) *glyphSet {
	// Full hinting snaps stems and advances to whole pixels: crisp small
	// digits, and text that can be laid out in integers. The face's own
	// glyph cache holds one mask: rasterize copies each out at once, and
	// the 512 a face keeps by default (room for every glyph at its
	// largest) were a megabyte and a half zeroed for a 38-pixel face.
	ff := truetype.NewFace(f, &truetype.Options{Size: float64(key.size) / 64, DPI: 72, Hinting: font.HintingFull,
		SubPixelsX: 1, SubPixelsY: 1, GlyphCacheEntries: 1})
	m := ff.Metrics()
	return &glyphSet{font: f, face: ff, coarse: key.coarse, other: map[rune]*glyph{}, ascent: m.Ascent.Ceil(), descent: m.Descent.Ceil()}
}

// rasterize copies the face's glyph for r out of the face's own cache,
// which later glyphs overwrite. It returns nil for a rune the font lacks.
func (gs *glyphSet) rasterize(r rune) *glyph {
	if gs.font.Index(r) == 0 && r != '?' {
		return nil
	}
	dr, mask, mp, adv, ok := gs.face.Glyph(fixed.P(0, 0), r)
	if !ok {
		return &glyph{mask: image.NewAlpha(image.Rectangle{})}
	}
	a := image.NewAlpha(dr)
	if src, isAlpha := mask.(*image.Alpha); isAlpha {
		for y := 0; y < dr.Dy(); y++ {
			copy(a.Pix[y*a.Stride:y*a.Stride+dr.Dx()], src.Pix[src.PixOffset(mp.X, mp.Y+y):])
		}
	}
	if gs.coarse {
		for i, m := range a.Pix {
			a.Pix[i] = [3]uint8{0, 128, 255}[(int(m)+63)/128]
		}
	}
	g := &glyph{mask: a, advance: adv.Round(), inked: runsOf(a, 1), solid: runsOf(a, 128)}
	glyphBytes.Add(int64(len(a.Pix) + (cap(g.inked)+cap(g.solid))*glyphRunSize + keptUpkeep))
	return g
}

// glyphRunSize is a glyphRun's size: three ints.
const glyphRunSize = 3 * 8

// get returns the glyph for r, or the one for '?' when the font lacks it
// or r is a control character.
func (gs *glyphSet) get(r rune) *glyph {
	ascii := r >= 0 && r < 128
	if ascii {
		if g := gs.ascii[r].Load(); g != nil {
			return g
		}
	}
	gs.mu.Lock()
	defer gs.mu.Unlock()
	g := gs.made(r)
	if g == nil {
		g = gs.made('?')
	}
	if ascii {
		gs.ascii[r].Store(g)
	}
	return g
}

// made is r's glyph, rasterized on first use, or nil for a rune the
// font lacks or a control character. Called with mu held.
func (gs *glyphSet) made(r rune) *glyph {
	if r >= 0 && r < 128 {
		if g := gs.ascii[r].Load(); g != nil {
			return g
		}
		if r < 32 || r == 127 {
			return nil
		}
		g := gs.rasterize(r)
		gs.ascii[r].Store(g)
		return g
	}
	g, seen := gs.other[r]
	if !seen {
		g = gs.rasterize(r)
		gs.other[r] = g
	}
	return g
}

// width is the advance of s in pixels.
func (gs *glyphSet) width(s string) int {
	w := 0
	for _, r := range s {
		w += gs.get(r).advance
	}
	return w
}

// draw prints s with its baseline at y, starting at x, and returns the x
// after it. Glyphs are clipped to the picture (a band of a map may hold
// only part of a line of text, or none of it).
func (gs *glyphSet) draw(img *image.RGBA, x, y int, s string, c color.RGBA, alpha uint32) int {
	return gs.paint(img, x, y, s, c, alpha, false)
}

// paint is draw; crisp paints each glyph pixel of at least half coverage
// solid and leaves the others (drawCrisp).
func (gs *glyphSet) paint(img *image.RGBA, x, y int, s string, c color.RGBA, alpha uint32, crisp bool) int {
	cr, cg, cb := uint32(c.R), uint32(c.G), uint32(c.B)
	return gs.clippedRuns(x, y, s, img.Rect, crisp, func(g *glyph, gx, py, x0, x1 int) {
		o := img.PixOffset(x0, py)
		d := img.Pix[o : o+4*(x1-x0)]
		if crisp {
			// Every pixel of a solid run alpha over the picture.
			na := 255 - alpha
			ar, ag, ab := cr*alpha, cg*alpha, cb*alpha
			for i := 0; i+3 <= len(d); i += 4 {
				p := d[i : i+3 : i+3]
				p[0] = uint8(div255(uint32(p[0])*na + ar))
				p[1] = uint8(div255(uint32(p[1])*na + ag))
				p[2] = uint8(div255(uint32(p[2])*na + ab))
			}
			return
		}
		b := g.mask.Rect
		m0 := (py-y-b.Min.Y)*g.mask.Stride + x0 - gx - b.Min.X
		for i, m := range g.mask.Pix[m0 : m0+x1-x0] {
			a := div255(uint32(m) * alpha)
			na := 255 - a
			p := d[4*i : 4*i+3 : 4*i+3]
			p[0] = uint8(div255(uint32(p[0])*na + cr*a))
			p[1] = uint8(div255(uint32(p[1])*na + cg*a))
			p[2] = uint8(div255(uint32(p[2])*na + cb*a))
		}
	})
}

// clippedRuns calls f with each run of the glyphs of s, printed with its
// baseline at y starting at x, clipped to clip: the run's glyph, the
// glyph's x, the run's row py and its columns [x0, x1). solid picks the
// runs of at least half coverage, else every inked run. It returns the x
// after s.
func (gs *glyphSet) clippedRuns(x, y int, s string, clip image.Rectangle, solid bool, f func(g *glyph, gx, py, x0, x1 int)) int {
	for _, r := range s {
		g := gs.get(r)
		b := g.mask.Rect
		if y+b.Max.Y <= clip.Min.Y || y+b.Min.Y >= clip.Max.Y {
			x += g.advance
			continue // not in the clip's rows (a band of a map)
		}
		runs := g.inked
		if solid {
			runs = g.solid
		}
		for _, rn := range runs {
			py := y + rn.y
			x0, x1 := max(x+rn.x0, clip.Min.X), min(x+rn.x1, clip.Max.X)
			if py < clip.Min.Y || py >= clip.Max.Y || x0 >= x1 {
				continue
			}
			f(g, x, py, x0, x1)
		}
		x += g.advance
	}
	return x
}

// bounds is the rectangle draw may change printing s with its baseline
// at y, starting at x.
func (gs *glyphSet) bounds(x, y int, s string) image.Rectangle {
	var r image.Rectangle
	for _, c := range s {
		g := gs.get(c)
		r = r.Union(g.mask.Rect.Add(image.Pt(x, y)))
		x += g.advance
	}
	return r
}

// drawCentered prints s centred on x with its baseline at y.
func (gs *glyphSet) drawCentered(img *image.RGBA, x, y int, s string, c color.RGBA, alpha uint32) {
	gs.draw(img, x-gs.width(s)/2, y, s, c, alpha)
}

// capHeight is the height of a capital above the baseline, for centring
// labels vertically on what the eye sees rather than on the font's ascent.
func (gs *glyphSet) capHeight() int {
	return -gs.get('H').mask.Rect.Min.Y
}
