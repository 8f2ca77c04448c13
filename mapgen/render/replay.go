package render

import (
	"errors"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"

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
	var prev *image.Paletted
	for i, t := range frames {
		img, err := drawTactical(t, o, nil)
		if err != nil {
			return err
		}
		crop, stripH, err := replayCrop(t, o, focus)
		if err != nil {
			return err
		}
		frame := paletted(img, crop, stripH)
		if prev != nil && prev.Rect == frame.Rect {
			delta(frame, prev)
		}
		prev = paletted(img, crop, stripH)
		out.Image = append(out.Image, frame)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		d := replayDelay
		if i == len(frames)-1 {
			d = replayLastDelay
		}
		out.Delay = append(out.Delay, d)
	}
	return gif.EncodeAll(w, out)
}

// replayCrop is the part of a frame's map to keep: the box around focus
// with replayPad hexes about it, within the picture; stripH is the
// height of the title strip, which every frame keeps on top.
func replayCrop(t Tactical, o Options, focus []hex.Hex) (image.Rectangle, int, error) {
	m := t.Map
	s := o.HexSize
	margin := math.Round(0.4 * s)
	g := newGrid(s, m.Width, m.Height, 0, 0)
	mw, mh := g.pixelSize()
	W := mw + 2*int(margin)
	strip, err := newTitleStrip(s, W, t.Title, t.Viewer, false, nil)
	if err != nil {
		return image.Rectangle{}, 0, err
	}
	H := mh + 2*int(margin) + strip.height
	g.ox, g.oy = margin, margin+float64(strip.height)
	whole := image.Rect(0, strip.height, W, H)
	if len(focus) == 0 {
		return whole, strip.height, nil
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range focus {
		cx, cy := g.center(h)
		x0, y0 = math.Min(x0, cx), math.Min(y0, cy)
		x1, y1 = math.Max(x1, cx), math.Max(y1, cy)
	}
	padX := (float64(replayPad) + 0.5) * 1.5 * s
	padY := (float64(replayPad) + 0.5) * g.height
	r := image.Rect(int(x0-padX), int(y0-padY), int(x1+padX), int(y1+padY)).Intersect(whole)
	// Wide enough for the title to be read.
	if minW := min(W, 24*int(s)); r.Dx() < minW {
		r.Min.X = max(0, min(r.Min.X-(minW-r.Dx())/2, W-minW))
		r.Max.X = r.Min.X + minW
	}
	return r, strip.height, nil
}

// paletted copies the title strip (its first crop.Dx() columns) and the
// cropped map of img into one frame in the replay palette.
func paletted(img *image.RGBA, crop image.Rectangle, stripH int) *image.Paletted {
	w, h := crop.Dx(), stripH+crop.Dy()
	p := image.NewPaletted(image.Rect(0, 0, w, h), replayPalette)
	for y := 0; y < h; y++ {
		sy, sx := y, 0
		if y >= stripH {
			sy, sx = crop.Min.Y+y-stripH, crop.Min.X
		}
		src := img.Pix[img.PixOffset(sx, sy):]
		dst := p.Pix[y*p.Stride:]
		for x := 0; x < w; x++ {
			dst[x] = webIndex(src[4*x], src[4*x+1], src[4*x+2])
		}
	}
	return p
}

// delta makes transparent every pixel of frame that prev shows already.
func delta(frame, prev *image.Paletted) {
	for i, c := range frame.Pix {
		if prev.Pix[i] == c {
			frame.Pix[i] = replayTransparent
		}
	}
}
