package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// A replay is a battle as an animated GIF: one picture per frame (the
// caller's, one per game turn), every frame of the same map cropped to
// the hexes where something happened, so that a 20-turn battle stays far
// under Discord's upload limit. GIF takes 256 colours: each pixel is
// rounded to the 216-colour web palette (a fixed palette needs no
// search), and a frame keeps only the pixels that changed since the one
// before, the rest transparent, which LZW packs to almost nothing.

// ReplayHexSize is the hex size replays are drawn at: hex numbers stay
// readable, and a sector's worth of action fits a phone screen.
const ReplayHexSize = 14

// replayPad is how many hexes the crop keeps around the action.
const replayPad = 2

// Replay frame timing, in hundredths of a second.
const (
	replayDelay     = 100
	replayLastDelay = 300
)

// ErrNoFrames: a replay needs at least one frame.
var ErrNoFrames = errors.New("render: a replay needs at least one frame")

// replayPalette is the web palette and, last, the transparent colour
// that marks a pixel unchanged since the previous frame.
var replayPalette = func() color.Palette {
	p := make(color.Palette, 0, 217)
	for r := 0; r < 6; r++ {
		for g := 0; g < 6; g++ {
			for b := 0; b < 6; b++ {
				p = append(p, color.RGBA{uint8(51 * r), uint8(51 * g), uint8(51 * b), 255})
			}
		}
	}
	return append(p, color.RGBA{})
}()

const replayTransparent = 216

// webIndex rounds an opaque colour to its web palette index.
func webIndex(r, g, b uint8) uint8 {
	q := func(v uint8) int { return (int(v) + 25) / 51 }
	return uint8(q(r)*36 + q(g)*6 + q(b))
}

// WriteReplayGIF draws frames (each a Tactical of the same map) as an
// animated GIF cropped to focus (the hexes to keep in view; none: the
// whole map), each frame with its own title strip. o.HexSize 0 takes
// ReplayHexSize; the legend is left out.
func WriteReplayGIF(w io.Writer, frames []Tactical, focus []hex.Hex, o Options) error {
	if len(frames) == 0 {
		return ErrNoFrames
	}
	if o.HexSize == 0 {
		o.HexSize = ReplayHexSize
	}
	o.Legend = false
	o, err := o.resolved()
	if err != nil {
		return err
	}
	out := &gif.GIF{}
	// Two pictures' worth of pixels from the pool, reused for every
	// frame: the terrain of baseMap without counters, and the frame
	// being drawn on a copy of it. prev and cur are the last frame and
	// this one, whole, in the replay palette.
	basePix, canvasPix := getPixels(), getPixels()
	defer putPixels(basePix)
	defer putPixels(canvasPix)
	// Every frame's map is cropped alike and put below the tallest
	// title strip: frames with strips of other heights (a title or
	// none) are the same size, their maps in the same place.
	lays := make([]layout, len(frames))
	top := 0
	for i, t := range frames {
		if err := t.check(); err != nil {
			return err
		}
		if lays[i], err = tacticalLayout(t, o); err != nil {
			return err
		}
		if a, b := lays[0].crop(focus).Size(), lays[i].crop(focus).Size(); a != b {
			return fmt.Errorf("render: replay frame %d's map is cropped to %v, frame 0's to %v: the frames must be of maps of one size", i, b, a)
		}
		top = max(top, lays[i].strip.height)
	}
	var base *image.RGBA
	var baseMap *mapgen.Map
	var prev, cur *image.Paletted
	for i, t := range frames {
		lay := lays[i]
		var img *image.RGBA
		if len(t.Highlights) == 0 {
			// The terrain is painted once per map (a frame with rubble
			// has a map of its own) and strip height; each frame copies
			// it and adds its retreat edges, counters and title.
			if t.Map != baseMap || base.Rect.Dy() != lay.H {
				if base, err = drawTactical(Tactical{Map: t.Map, Title: t.Title, Viewer: t.Viewer}, o, basePix); err != nil {
					return err
				}
				baseMap = t.Map
			}
			img = newPicture(base.Rect.Dx(), base.Rect.Dy(), canvasPix)
			copy(img.Pix, base.Pix)
			drawEdges(img, lay, t.Edges)
			if err := drawCounters(img, lay.counters(), t.Counters); err != nil {
				return err
			}
			fillRect(img, 0, 0, img.Rect.Dx(), lay.strip.height, colBackground)
			lay.strip.draw(img, 0)
		} else if img, err = drawTactical(t, o, canvasPix); err != nil {
			return err
		}
		crop := lay.crop(focus)
		cur = palettedInto(cur, img, crop, lay.strip.height, top)
		frame := cur
		if prev != nil && prev.Rect == cur.Rect {
			frame = changes(cur, prev)
		} else {
			frame = image.NewPaletted(cur.Rect, replayPalette)
			copy(frame.Pix, cur.Pix)
		}
		prev, cur = cur, prev
		out.Image = append(out.Image, frame)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		d := replayDelay
		if i == len(frames)-1 {
			d = replayLastDelay
		}
		out.Delay = append(out.Delay, d)
	}
	out.Config = image.Config{ColorModel: replayPalette, Width: prev.Rect.Dx(), Height: prev.Rect.Dy()}
	return gif.EncodeAll(w, out)
}

// crop is the part of the map to keep: the box around focus with
// replayPad hexes about it, within the picture, at least wide enough
// for a title; the whole map without focus.
func (l layout) crop(focus []hex.Hex) image.Rectangle {
	whole := image.Rect(0, l.strip.height, l.W, l.H)
	if len(focus) == 0 {
		return whole
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range focus {
		cx, cy := l.g.center(h)
		x0, y0 = math.Min(x0, cx), math.Min(y0, cy)
		x1, y1 = math.Max(x1, cx), math.Max(y1, cy)
	}
	padX := (float64(replayPad) + 0.5) * 1.5 * l.g.size
	padY := (float64(replayPad) + 0.5) * l.g.height
	r := image.Rect(int(x0-padX), int(y0-padY), int(x1+padX), int(y1+padY)).Intersect(whole)
	if minW := min(l.W, 24*int(l.g.size)); r.Dx() < minW {
		r.Min.X = max(0, min(r.Min.X-(minW-r.Dx())/2, l.W-minW))
		r.Max.X = r.Min.X + minW
	}
	return r
}

// palettedInto copies the title strip (its first crop.Dx() columns,
// stripH rows) and the cropped map of img into one frame in the replay
// palette, the map top rows down (top ≥ stripH; background between),
// reusing p's pixels when it has the size.
func palettedInto(p *image.Paletted, img *image.RGBA, crop image.Rectangle, stripH, top int) *image.Paletted {
	w, h := crop.Dx(), top+crop.Dy()
	if p == nil || p.Rect != image.Rect(0, 0, w, h) {
		p = image.NewPaletted(image.Rect(0, 0, w, h), replayPalette)
	}
	bg := webIndex(colBackground.R, colBackground.G, colBackground.B)
	for y := 0; y < h; y++ {
		dst := p.Pix[y*p.Stride : y*p.Stride+w]
		sy, sx := y, 0
		switch {
		case y >= top:
			sy, sx = crop.Min.Y+y-top, crop.Min.X
		case y >= stripH:
			for x := range dst {
				dst[x] = bg
			}
			continue
		}
		src := img.Pix[img.PixOffset(sx, sy):]
		for x := range dst {
			dst[x] = webIndex(src[4*x], src[4*x+1], src[4*x+2])
		}
	}
	return p
}

// changes is the part of cur that differs from prev: the smallest box
// holding every changed pixel (one transparent pixel when none did),
// the pixels in it that did not change transparent.
func changes(cur, prev *image.Paletted) *image.Paletted {
	w, h := cur.Rect.Dx(), cur.Rect.Dy()
	x0, y0, x1, y1 := w, h, 0, 0
	for y := 0; y < h; y++ {
		row, old := cur.Pix[y*cur.Stride:y*cur.Stride+w], prev.Pix[y*prev.Stride:y*prev.Stride+w]
		for x := range row {
			if row[x] != old[x] {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x+1), max(y1, y+1)
			}
		}
	}
	box := image.Rect(0, 0, 1, 1) // nothing changed: one transparent pixel
	if x1 > x0 {
		box = image.Rect(x0, y0, x1, y1)
	}
	f := image.NewPaletted(box, replayPalette)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			c := cur.Pix[y*cur.Stride+x]
			if c == prev.Pix[y*prev.Stride+x] {
				c = replayTransparent
			}
			f.Pix[(y-box.Min.Y)*f.Stride+(x-box.Min.X)] = c
		}
	}
	return f
}
