package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"math"

	"bfbot/mapgen/hex"
)

// A zoomed battle map is a window of the map around one hex, drawn at
// ZoomHexSize: few enough columns that the hex numbers can be read when
// Discord shows the picture in a phone's chat (about 550 pixels wide),
// which the whole map's cannot (its rulers give the coordinates there).
const (
	ZoomHexSize = 36
	ZoomColumns = 12
	ZoomRows    = 9
)

// WriteTacticalZoomPNG draws the battle map as the view's viewer sees it,
// ZoomColumns by ZoomRows hexes around centre (moved inward so the
// window stays on the map), and writes it as PNG. The title strip keeps
// the title and leaves the legend to the whole map.
func WriteTacticalZoomPNG(w io.Writer, v Tactical, o Options, centre hex.Hex) error {
	if !v.Map.Contains(centre) {
		return fmt.Errorf("hex %s is not on the %d×%d map", centre, v.Map.Width, v.Map.Height)
	}
	o.HexSize, o.Legend = ZoomHexSize, false
	tp, err := composeTactical(v, o, true)
	if err != nil {
		return err
	}
	defer tp.release()
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		return err
	}
	e := png.Encoder{CompressionLevel: o.Compression, BufferPool: &encoders}
	return e.Encode(w, zoomWindow(tp.Paletted, lay.zoom(centre), lay.strip.height))
}

// zoom is the window of the picture ZoomColumns by ZoomRows hexes about
// centre, inside the picture below the title strip.
func (l layout) zoom(centre hex.Hex) image.Rectangle {
	cx, cy := l.g.center(centre)
	w := int(math.Ceil((float64(ZoomColumns) + 0.5) * l.g.step))
	h := int(math.Ceil((float64(ZoomRows) + 0.5) * l.g.height))
	w, h = min(w, l.W), min(h, l.H-l.strip.height)
	x0 := min(max(int(cx)-w/2, 0), l.W-w)
	y0 := min(max(int(cy)-h/2, l.strip.height), l.H-h)
	return image.Rect(x0, y0, x0+w, y0+h)
}

// zoomWindow is the title strip (its first r.Dx() columns) over the
// window r of p.
func zoomWindow(p *image.Paletted, r image.Rectangle, stripH int) *image.Paletted {
	out := image.NewPaletted(image.Rect(0, 0, r.Dx(), stripH+r.Dy()), p.Palette)
	for y := range stripH {
		copy(out.Pix[y*out.Stride:(y+1)*out.Stride], p.Pix[y*p.Stride:])
	}
	for y := range r.Dy() {
		row := (stripH + y) * out.Stride
		copy(out.Pix[row:row+out.Stride], p.Pix[(r.Min.Y+y)*p.Stride+r.Min.X:])
	}
	return out
}
