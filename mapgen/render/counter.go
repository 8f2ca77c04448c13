package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"bfbot/mapgen/hex"

	"github.com/fogleman/gg"
)

// sideColors are the counter colours of sides 0, 1, …; past the list they
// repeat. Blue against red as on most wargame counters; both are dark
// enough for white labels and differ from every terrain colour.
var sideColors = []color.RGBA{
	rgb(0x2a, 0x5d, 0xb0), // blue
	rgb(0xb8, 0x2c, 0x2c), // red
	rgb(0x8a, 0x6d, 0x10), // ochre
	rgb(0x6a, 0x3d, 0x9a), // purple
	rgb(0x1f, 0x7a, 0x6a), // teal
	rgb(0x55, 0x55, 0x55), // grey
}

// colDisrupted is the stripe of the printed Disrupted marker; colPip a
// damage step's pip.
var (
	colDisrupted = rgb(0xff, 0xe0, 0x30)
	colPip       = rgb(0xff, 0xd2, 0x3a)
)

// sideColor returns the colour of side i (negative sides count as 0).
func sideColor(i int) color.RGBA {
	if i < 0 {
		i = 0
	}
	return sideColors[i%len(sideColors)]
}

// counterStyle holds the faces and the pixel size counters are drawn at.
type counterStyle struct {
	size   float64 // side of the square
	label  *glyphSet
	letter *glyphSet // class letter inside the symbol frame
	small  *glyphSet // experience initial
	// compact is the layout of a small counter (two to a hex): a larger
	// label, a shorter symbol frame, small pips and no experience initial.
	compact bool
}

// compactBelow is the counter side under which counters are compact.
const compactBelow = 20

// newCounterStyle is the style of counters c pixels square.
func newCounterStyle(c float64) (counterStyle, error) {
	lf := 0.34
	if c < compactBelow {
		lf = 0.44
	}
	label, err := face(bold, lf*c)
	if err != nil {
		return counterStyle{}, err
	}
	letter, err := face(bold, 0.36*c)
	if err != nil {
		return counterStyle{}, err
	}
	small, err := face(bold, 0.27*c)
	if err != nil {
		return counterStyle{}, err
	}
	return counterStyle{size: c, label: label, letter: letter, small: small, compact: c < compactBelow}, nil
}

// classLetter is the letter printed beside the symbol where the symbol
// alone does not tell the classes of a kind apart.
var classLetter = map[string]string{
	"light-mech": "L", "medium-mech": "M", "heavy-mech": "H", "assault-mech": "A", "fire-mech": "F",
	"long-tom": "L", "sniper": "S",
	"light-air": "L", "medium-air": "M", "heavy-air": "H",
	"leopard": "L", "union": "U", "overlord": "O",
}

// drawCounter draws one counter with its top-left corner at (x, y): its
// shadow, its face (the kept one, unless a mark on it reaches past the
// square), its facing tick; with face false, its face is left out (it
// is mapped to the palette from the kept face: composeTactical).
func drawCounter(img *image.RGBA, st counterStyle, x, y float64, k Counter, face bool) {
	c := st.size
	x, y = math.Round(x), math.Round(y)
	xi, yi, ci := int(x), int(y), int(c)

	// A drop shadow lifts the counter off busy terrain: only where the
	// counter will not cover it, right and below.
	sh := shadow(c)
	blendRect(img, xi+ci, yi+sh, xi+ci+sh, yi+ci+sh, colDark, 90)
	blendRect(img, xi+sh, yi+ci, xi+ci, yi+ci+sh, colDark, 90)
	if face {
		if f := faceOf(st, k); f.spills {
			paintFace(img, st, x, y, k)
		} else {
			f.draw(img, xi, yi)
		}
	}
	drawFacing(img, x, y, c, k)
}

// counterFace is a counter's square as paintFace paints it, kept: a
// map's forty counters then cost forty copies of a few hundred pixels,
// not the rasterising of their symbols, letters and pips, and a face
// nothing is drawn over is mapped to the palette from its own pixels.
// A face depends on the counter's size and what it shows, not on where
// it stands: paintFace draws at whole pixels. spills marks a face with
// a mark reaching past its square (a label's descender), drawn in place
// instead, over what is there.
type counterFace struct {
	img    *image.RGBA // ci×ci
	spills bool
	pal    palettedFace // img mapped to the palette (facepalette.go)
}

// counterFaceKey is what a face shows: its size, and the counter
// without its hex and facing.
type counterFaceKey struct {
	size float64
	k    Counter
}

// counterFaces are the faces painted, 1,024 at most (some 4 KB each,
// 44 KB at the largest hex size), and 8 MB: a battle shows a face for
// each unit, at one size or two.
var counterFaces = kept[counterFaceKey, *counterFace]{bound: 1024, bytes: 8 << 20, weigh: func(f *counterFace) int {
	return len(f.img.Pix) + len(f.pal.idx) + len(f.pal.alt) + keptUpkeep
}}

// faceOf returns the kept face of counter k in style st, painting it on
// a miss.
func faceOf(st counterStyle, k Counter) *counterFace {
	k.Hex, k.HasFacing, k.Facing = hex.Hex{}, false, 0
	return counterFaces.get(counterFaceKey{st.size, k}, func() *counterFace {
		// Painted on a transparent canvas with room all round: a
		// pixel of the room painted is a mark that spills.
		ci := int(st.size)
		canvas := image.NewRGBA(image.Rect(0, 0, 3*ci, 3*ci))
		paintFace(canvas, st, float64(ci), float64(ci), k)
		f := &counterFace{img: image.NewRGBA(image.Rect(0, 0, ci, ci))}
		for y := range 3 * ci {
			row := canvas.Pix[y*canvas.Stride : (y+1)*canvas.Stride]
			if y >= ci && y < 2*ci {
				copy(f.img.Pix[(y-ci)*f.img.Stride:], row[4*ci:8*ci])
				row = append(row[:4*ci:4*ci], row[8*ci:]...)
			}
			f.spills = f.spills || slices.ContainsFunc(row, func(b byte) bool { return b != 0 })
		}
		f.pal = newPalettedFace(f.img)
		return f
	})
}

// draw copies the face onto img with its top left at (x, y), clipped.
func (f *counterFace) draw(img *image.RGBA, x, y int) {
	ci, cl := f.img.Rect.Dx(), img.Rect
	x0, x1 := max(x, cl.Min.X), min(x+ci, cl.Max.X)
	for fy := max(0, cl.Min.Y-y); fy < ci && y+fy < cl.Max.Y && x0 < x1; fy++ {
		copy(img.Pix[img.PixOffset(x0, y+fy):img.PixOffset(x1, y+fy)], f.img.Pix[fy*f.img.Stride+4*(x0-x):])
	}
}

// paintFace paints counter k's square with its top-left corner at (x, y)
// (whole pixels), opaque, and every mark on it but the facing tick.
// Every mark comes from the Counter: the class symbol only when Class is
// set, step and experience only when the view holds them.
func paintFace(img *image.RGBA, st counterStyle, x, y float64, k Counter) {
	c := st.size
	side := sideColor(k.Side)
	xi, yi, ci := int(x), int(y), int(c)
	fillRect(img, xi, yi, xi+ci, yi+ci, side)
	frame(img, xi, yi, xi+ci, yi+ci, 1, colDark)
	if ci < minMarkedCounter {
		return // a chip in the side colour: too small for marks to read
	}

	// The NATO-style symbol frame.
	fx0, fy0 := x+0.1*c, y+0.27*c
	fw, fh := 0.8*c, 0.37*c
	if st.compact {
		fx0, fy0, fw, fh = x+0.08*c, y+0.22*c, 0.84*c, 0.36*c
	}
	fillRect(img, int(fx0), int(fy0), int(fx0+fw), int(fy0+fh), mix(side, colWhite, 0.8))
	frame(img, int(fx0), int(fy0), int(fx0+fw), int(fy0+fh), 1, colDark)
	bx, by, bw, bh := math.Floor(fx0)+1, math.Floor(fy0)+1, float64(int(fx0+fw)-int(fx0))-2, float64(int(fy0+fh)-int(fy0))-2

	lw := math.Max(1.2, 0.06*c)
	if k.Class == "" {
		// Information blind: the Kind the viewer knows, and a question
		// mark where the class would be told.
		symbolMask(symbolKey{kind: k.Kind, w: bw*0.55 - 1, h: bh - 2, lw: lw}).draw(img, int(bx+1), int(by+1))
		st.letter.drawCentered(img, int(bx+bw*0.78+0.5), int(by+bh/2)+st.letter.capHeight()/2, "?", colDark, 255)
	} else if l, ok := classLetter[k.Class]; ok {
		symbolMask(symbolKey{class: k.Class, w: bw*0.55 - 1, h: bh - 2, lw: lw}).draw(img, int(bx+1), int(by+1))
		st.letter.drawCentered(img, int(bx+bw*0.78+0.5), int(by+bh/2)+st.letter.capHeight()/2, l, colDark, 255)
	} else {
		symbolMask(symbolKey{class: k.Class, w: bw, h: bh, lw: lw}).draw(img, int(bx), int(by))
	}

	if k.Disrupted {
		// A diagonal stripe, as the printed Disrupted marker; under the
		// label so the label stays readable (on a compact counter, over
		// the symbol alone).
		if st.compact {
			line(img, x+0.1*c, fy0+fh, x+c-0.1*c, fy0, 0.14*c, colDisrupted, 190)
		} else {
			line(img, x+0.12*c, y+c-0.12*c, x+c-0.12*c, y+0.12*c, 0.16*c, colDisrupted, 190)
		}
	}

	// The label, white on the side colour.
	lbl, lx, base := st.labelAt(xi, yi, k.Label)
	st.label.draw(img, lx, base, lbl, colWhite, 255)

	// Experience initial top left, damage step as pips top right: what
	// the viewer knows of his own units (or has learned by AEP).
	if k.Own && k.Experience != "" && !st.compact {
		st.small.draw(img, xi+int(0.1*c), yi+int(0.135*c)+st.small.capHeight()/2+1, strings.ToUpper(k.Experience[:1]), colWhite, 255)
	}
	if k.Step > 0 {
		r, ring, py := math.Max(1.3, 0.055*c), 0.8, y+0.14*c
		if st.compact {
			r, ring, py = 1, 0, y+0.11*c
		}
		for i := range k.Step {
			px := x + 0.9*c - r - float64(i)*(2*r+1.5)
			if px-r-ring < x {
				break // a counter in a stack of three or four is too small for them all
			}
			if ring > 0 {
				disc(img, px, py, r+ring, colDark, 255)
			}
			disc(img, px, py, r, colPip, 255)
		}
	}
}

// labelAt is label cut to the width of a counter whose top left is at
// (x, y), and where it is drawn: its left end and its baseline.
func (st counterStyle) labelAt(x, y int, label string) (string, int, int) {
	c, ci := st.size, int(st.size)
	for len(label) > 0 && st.label.width(label) > ci-2 {
		_, n := utf8.DecodeLastRuneInString(label)
		label = label[:len(label)-n]
	}
	base := y + int(0.93*c+0.5)
	if st.compact {
		base = y + ci - 1
	}
	return label, x + ci/2 - st.label.width(label)/2, base
}

// square is the counter's square, which drawCounter paints opaque
// before it draws anything else on it.
func (pc placedCounter) square() image.Rectangle {
	x, y, ci := int(math.Round(pc.b.x)), int(math.Round(pc.b.y)), int(pc.st.size)
	return image.Rect(x, y, x+ci, y+ci)
}

// bounds is the rectangle drawCounter may change: the counter's square
// and its shadow; for a face whose marks spill past its square or a
// counter with a facing tick, its label's descenders, its facing tick
// and a pixel around for anti-aliasing. An overlay's rectangle
// (overlayRects) need be no larger.
func (pc placedCounter) bounds() image.Rectangle {
	c, k := pc.st.size, pc.k
	x, y := int(math.Round(pc.b.x)), int(math.Round(pc.b.y))
	ci, sh := int(c), shadow(c)
	r := image.Rect(x, y, x+ci+sh, y+ci+sh)
	if !k.HasFacing && !faceOf(pc.st, k).spills {
		return r // the face copied into its square, the shadow's rectangles
	}
	if ci >= minMarkedCounter {
		lbl, lx, base := pc.st.labelAt(x, y, k.Label)
		r = r.Union(pc.st.label.bounds(lx, base, lbl))
	}
	if k.HasFacing {
		x0, y0, x1, y1 := facingTick(float64(x), float64(y), c, k.Facing)
		pad := 0.1*c + 1
		r = r.Union(image.Rect(int(math.Floor(min(x0, x1)-pad)), int(math.Floor(min(y0, y1)-pad)),
			int(math.Ceil(max(x0, x1)+pad)), int(math.Ceil(max(y0, y1)+pad))))
	}
	return r.Inset(-1)
}

// minMarkedCounter is the smallest counter side, in pixels, that carries
// its symbol, label and pips; a smaller one (three or four to a hex, or
// a tiny hex size) is a plain chip in the side colour.
const minMarkedCounter = 12

// shadow is how far a counter's drop shadow falls, right and down.
func shadow(c float64) int {
	if c >= 24 {
		return 2
	}
	return 1
}

// symbolKey names a symbol drawn in a box of w×h pixels with strokes lw
// wide: a class's, or (class "") a Kind's.
type symbolKey struct {
	class, kind string
	w, h, lw    float64
}

// Symbols are drawn with gg once per class and size and kept as sprites:
// a map's forty counters then cost forty sprite draws, not forty rounds of
// gg's path rasterizer over the whole picture. 256 at most (every class
// and kind at a few sizes), and 4 MB (a symbol at the largest hex size
// is some 6 KB).
var symbols = kept[symbolKey, *sprite]{bound: 256, bytes: 4 << 20, weigh: (*sprite).weight}

// symbolMask returns the symbol's sprite, anchored at its box's top left.
func symbolMask(k symbolKey) *sprite {
	return symbols.get(k, func() *sprite {
		// Room around the box for round caps and strokes on its edges.
		m := int(math.Ceil(k.lw)) + 1
		w, h := int(math.Ceil(k.w))+2*m, int(math.Ceil(k.h))+2*m
		sp := newSprite(w, h, m, m)
		dc := gg.NewContextForRGBA(sp.img)
		dc.SetColor(colDark)
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		dc.SetLineWidth(k.lw)
		x, y := float64(m), float64(m)
		if k.class == "" {
			kindSymbol(dc, k.kind, x, y, k.w, k.h, k.lw)
		} else {
			classSymbol(dc, k.class, x, y, k.w, k.h, k.lw)
		}
		return sp.compile()
	})
}

// kindSymbol draws the symbol of a counter Kind in the box: what a blind
// shows.
func kindSymbol(dc *gg.Context, kind string, x, y, w, h, lw float64) {
	switch kind {
	case "mech":
		mechSymbol(dc, x, y, w, h, lw)
	case "vehicle":
		// A hull: the part every vehicle class shares.
		dc.DrawRoundedRectangle(x+0.1*w, y+0.2*h, 0.8*w, 0.6*h, 0.15*h)
		dc.Stroke()
	case "infantry":
		crossSymbol(dc, x, y, w, h)
	case "artillery":
		dc.DrawCircle(x+w/2, y+h/2, 0.24*math.Min(w, h)+0.5)
		dc.Fill()
	case "air":
		wingSymbol(dc, x, y, w, h)
	case "dropship":
		r := 0.5*math.Min(w, h) - lw/2
		dc.DrawCircle(x+w/2, y+h/2, r)
		dc.Stroke()
	case "truck":
		truckSymbol(dc, x, y, w, h, lw)
	}
}

// classSymbol draws the symbol of a known class.
func classSymbol(dc *gg.Context, class string, x, y, w, h, lw float64) {
	switch class {
	case "tracked":
		// NATO armour: an oval.
		dc.DrawRoundedRectangle(x+0.12*w, y+0.2*h, 0.76*w, 0.6*h, 0.3*h)
		dc.Stroke()
	case "hover":
		// The oval riding on a cushion: a wavy line beneath.
		dc.DrawRoundedRectangle(x+0.16*w, y+0.1*h, 0.68*w, 0.5*h, 0.25*h)
		dc.Stroke()
		dc.MoveTo(x+0.1*w, y+0.84*h)
		for i := range 4 {
			x0 := x + 0.1*w + float64(i)*0.2*w
			dc.QuadraticTo(x0+0.1*w, y+0.62*h, x0+0.2*w, y+0.84*h)
		}
		dc.Stroke()
	case "wheeled":
		// A hull on wheels.
		dc.DrawRoundedRectangle(x+0.12*w, y+0.12*h, 0.76*w, 0.44*h, 0.1*h)
		dc.Stroke()
		wheels(dc, x, y, w, h)
	case "truck":
		truckSymbol(dc, x, y, w, h, lw)
	case "infantry":
		crossSymbol(dc, x, y, w, h)
	case "motorized-infantry":
		crossSymbol(dc, x, y, w, h*0.62)
		wheels(dc, x, y, w, h)
	case "jump-infantry":
		// The airborne arc beneath the cross.
		crossSymbol(dc, x, y, w, h*0.66)
		dc.DrawArc(x+w/2, y+h, 0.22*h+0.15*w, math.Pi*1.15, math.Pi*1.85)
		dc.Stroke()
	case "heavy-infantry":
		crossSymbol(dc, x, y, w, h)
		dc.DrawLine(x, y+h/2, x+w, y+h/2)
		dc.Stroke()
	default:
		if kind, ok := classKinds[class]; ok {
			kindSymbol(dc, kind, x, y, w, h, lw)
		}
	}
}

// mechSymbol is a stylised 'Mech: an inverted V of striding legs under a
// cockpit, the mark wargames have long used for walkers. Anything finer
// does not survive at counter size.
func mechSymbol(dc *gg.Context, x, y, w, h, lw float64) {
	cx := x + w/2
	dc.SetLineWidth(lw * 1.4)
	dc.MoveTo(cx-0.42*w, y+h)
	dc.LineTo(cx, y+0.3*h)
	dc.LineTo(cx+0.42*w, y+h)
	dc.Stroke()
	dc.SetLineWidth(lw)
	dc.DrawCircle(cx, y+0.2*h, 0.2*h+0.5)
	dc.Fill()
}

// crossSymbol is the NATO infantry cross, corner to corner.
func crossSymbol(dc *gg.Context, x, y, w, h float64) {
	dc.DrawLine(x, y, x+w, y+h)
	dc.DrawLine(x, y+h, x+w, y)
	dc.Stroke()
}

// wingSymbol is a swept wing seen from above.
func wingSymbol(dc *gg.Context, x, y, w, h float64) {
	dc.MoveTo(x, y+0.85*h)
	dc.LineTo(x+w/2, y+0.1*h)
	dc.LineTo(x+w, y+0.85*h)
	dc.LineTo(x+w/2, y+0.6*h)
	dc.ClosePath()
	dc.Fill()
}

// wheels puts two wheels along the bottom of the box.
func wheels(dc *gg.Context, x, y, w, h float64) {
	r := 0.12*h + 0.04*w
	dc.DrawCircle(x+0.3*w, y+h-r, r)
	dc.DrawCircle(x+0.7*w, y+h-r, r)
	dc.Fill()
}

// truckSymbol is a cargo box with a cab, on wheels.
func truckSymbol(dc *gg.Context, x, y, w, h, lw float64) {
	dc.DrawRectangle(x+0.08*w, y+0.1*h, 0.56*w, 0.46*h)
	dc.Fill()
	dc.DrawRectangle(x+0.68*w, y+0.26*h, 0.24*w, 0.3*h)
	dc.Fill()
	wheels(dc, x, y, w, h)
}
