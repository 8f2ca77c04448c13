package render

import (
	"image"
	"math"

	"bfbot/mapgen/hex"
)

const sqrt3 = 1.7320508075688772

// grid places flat-topped hexes on the picture: columns side by side,
// odd 0-based columns half a hex lower (odd-q, as mapgen/hex and the
// printed mapsheets have it).
//
// The column step and the hex height are rounded to whole pixels (the
// hexes are off true by under a pixel in 35, which no eye sees). Then
// every hex of a column parity sits at the same sub-pixel phase and is
// drawn from the same precomputed stamp, pixel for pixel alike: cheaper
// than computing each hex, and a grid without shimmer.
type grid struct {
	size   float64 // centre to left or right corner
	height float64 // flat side to flat side, whole pixels
	step   float64 // from one column to the next, whole pixels
	ox, oy float64 // top-left of the hex area in the picture, whole pixels
	w, h   int     // map size in hexes
}

func newGrid(size float64, w, h int, ox, oy float64) grid {
	step := math.Max(1, math.Round(1.5*size))
	return grid{size: step / 1.5, height: math.Max(1, math.Round(sqrt3*size)), step: step, ox: ox, oy: oy, w: w, h: h}
}

// pixelSize is the width and height in pixels of the hex area.
func (g grid) pixelSize() (int, int) {
	pw := 2*g.size + g.step*float64(g.w-1)
	ph := g.height * float64(g.h)
	if g.w > 1 {
		ph += g.height / 2 // the lowered odd columns
	}
	return int(math.Ceil(pw)), int(math.Ceil(ph))
}

// center is the pixel position of a hex's centre.
func (g grid) center(h hex.Hex) (x, y float64) {
	x = g.ox + g.size + g.step*float64(h.X)
	y = g.oy + g.height/2 + g.height*float64(h.Y)
	if h.X&1 == 1 {
		y += g.height / 2
	}
	return x, y
}

// corner k of a hex centred at (cx, cy): 0 east, then clockwise (y grows
// down), so hexside d of hex.Direction runs from corner (4+d)%6 to (5+d)%6.
func (g grid) corner(cx, cy float64, k int) (float64, float64) {
	return cx + g.size*cornerX[k%6], cy + g.height*cornerY[k%6]
}

var (
	cornerX = [6]float64{1, 0.5, -0.5, -1, -0.5, 0.5}
	cornerY = [6]float64{0, 0.5, 0.5, 0, -0.5, -0.5}
)

// side returns the two ends of hexside d.
func (g grid) side(cx, cy float64, d hex.Direction) (x0, y0, x1, y1 float64) {
	x0, y0 = g.corner(cx, cy, 4+int(d))
	x1, y1 = g.corner(cx, cy, 5+int(d))
	return
}

// sideMid is the midpoint of hexside d, where a road crosses it.
func (g grid) sideMid(cx, cy float64, d hex.Direction) (float64, float64) {
	x0, y0, x1, y1 := g.side(cx, cy, d)
	return (x0 + x1) / 2, (y0 + y1) / 2
}

// spans calls fn for every pixel row of the hex centred at (cx, cy) with
// the half-open pixel range [x0, x1) whose pixel centres lie inside it,
// clipped to clipW×clipH. A pixel centre belongs to the hex on whose
// half-open side it falls, so a map's fills tile without gaps or pixels
// painted twice (up to floating-point ties, which the grid lines cover).
func (g grid) spans(cx, cy float64, clipW, clipH int, fn func(y, x0, x1 int)) {
	top, bot := cy-g.height/2, cy+g.height/2
	y0 := max(int(math.Ceil(top-0.5)), 0)
	y1 := min(int(math.Ceil(bot-0.5)), clipH)
	for y := y0; y < y1; y++ {
		dy := math.Abs(float64(y) + 0.5 - cy)
		hw := g.size * (1 - dy/g.height)
		x0 := max(int(math.Ceil(cx-hw-0.5)), 0)
		x1 := min(int(math.Ceil(cx+hw-0.5)), clipW)
		if x0 < x1 {
			fn(y, x0, x1)
		}
	}
}

// span is one row of a hex stamp, relative to the stamp's anchor.
type span struct{ dy, x0, x1 int }

// stamp is what every hex of one column parity shares: its rows, its
// outline (the N, NW and SW hexsides, which with its neighbours' draws
// every hexside once), and the road and contour pieces toward each
// hexside, as sprites. The anchor is the hex centre rounded down to whole
// pixels.
type stamp struct {
	spans []span
	// fx, fy are the hex centre's place from the anchor: what a hex's
	// own drawings (features, deployment borders) are placed from, so
	// that each hex of a parity is drawn alike wherever it lies, pixel
	// for pixel (its terrain is copied from kept tiles, tiles.go).
	fx, fy   float64
	area     int // the pixels of the spans
	outline  *sprite
	side     [6]*sprite // one hexside's outline: the map's outer edges
	roadEdge [6]*sprite // the dark casing of a road leaving by hexside d
	road     [6]*sprite // the road's grey band
	contour  [6]*sprite // the contour line along hexside d
}

// hexArt is what a hex size's pictures share: the stamps and the terrain
// sprites. It depends only on the hex size (the picture's margins are
// whole pixels, so the sub-pixel phases are the size's), and is only read
// once made, so pictures drawn at the same time share it.
type hexArt struct {
	stamps  [2]stamp
	sprites *sprites
}

// arts keeps the hex art of the sizes drawn, 16 at most, like the glyph
// cache (HexSize may come from a player), and 32 MB: an art is a few
// hundred kilobytes at the default hex size, 3 MB at the largest.
var arts = kept[[2]float64, *hexArt]{bound: 16, bytes: 32 << 20, weigh: (*hexArt).weight}

// weight is what the art holds: its stamps' spans and sprites.
func (a *hexArt) weight() int {
	sps := []*sprite{a.sprites.lightTree, a.sprites.heavyTree, a.sprites.waves, a.sprites.roughMark}
	n := keptUpkeep
	for _, st := range a.stamps {
		n += cap(st.spans) * spanSize
		sps = append(sps, st.outline)
		for d := range 6 {
			sps = append(sps, st.side[d], st.roadEdge[d], st.road[d], st.contour[d])
		}
	}
	for _, sp := range sps {
		if sp != nil {
			n += sp.weight()
		}
	}
	return n
}

// spanSize is a span's size: three ints.
const spanSize = 3 * 8

// art returns the stamps and sprites of the grid's hex size, made once
// and kept. The key holds the height too: hex sizes 33 and 33.3 share
// a column step, and so a size, but not a height.
func (g grid) art() *hexArt {
	return arts.get([2]float64{g.size, g.height}, func() *hexArt {
		// Made at the origin: the phase is the same wherever the grid sits.
		g0 := g
		g0.ox, g0.oy = 0, 0
		return &hexArt{stamps: g0.newStamps(), sprites: newSprites(g.size)}
	})
}

// newStamps builds the stamps of even and odd columns.
func (g grid) newStamps() [2]stamp {
	var out [2]stamp
	// Room around the hex for road caps and line widths.
	pad := math.Ceil(0.15*g.size) + 4
	for parity := range 2 {
		st := &out[parity]
		st.spans, st.fx, st.fy = g.hexSpans(parity)
		for _, s := range st.spans {
			st.area += s.x1 - s.x0
		}
	}
	for parity := range 2 {
		st := &out[parity]
		cx, cy := g.center(hex.Hex{X: parity})
		fx, fy := cx-math.Floor(cx), cy-math.Floor(cy)
		// The same sub-pixel phase, moved to where the stamp's own
		// pixels start at 0.
		ox, oy := math.Ceil(g.size)+pad, math.Ceil(g.height/2)+pad
		lx, ly := ox+fx, oy+fy
		w, h := int(2*ox)+1, int(2*oy)+1
		sprite := func(draw func(img *image.RGBA)) *sprite {
			sp := newSprite(w, h, int(ox), int(oy))
			draw(sp.img)
			return sp.compile()
		}
		st.outline = sprite(func(img *image.RGBA) {
			for _, d := range []hex.Direction{hex.N, hex.NW, hex.SW} {
				x0, y0, x1, y1 := g.side(lx, ly, d)
				line(img, x0, y0, x1, y1, gridLineWidth, colGrid, gridAlpha)
			}
		})
		roadW := 0.24 * g.size
		for _, d := range hex.Directions {
			x0, y0, x1, y1 := g.side(lx, ly, d)
			mx, my := g.sideMid(lx, ly, d)
			st.side[d] = sprite(func(img *image.RGBA) { line(img, x0, y0, x1, y1, gridLineWidth, colGrid, gridAlpha) })
			st.roadEdge[d] = sprite(func(img *image.RGBA) { line(img, lx, ly, mx, my, roadW+2, colRoadEdge, 255) })
			st.road[d] = sprite(func(img *image.RGBA) { line(img, lx, ly, mx, my, roadW, colRoad, 255) })
			st.contour[d] = sprite(func(img *image.RGBA) {
				line(img, x0, y0, x1, y1, math.Max(1.5, 0.11*g.size), colContour, 230)
			})
		}
	}
	return out
}

// hexSpans are the rows of the hex of column parity p, relative to its
// anchor, with its centre's place from the anchor: the pixels whose
// centres lie inside it, as spans does, but worked out in integers
// (six times x, twice y: the centre of a hex is whole in those, its
// half width a fraction of the height), so that a pixel centre on a
// hexside falls to one hex only, whatever the size. spans in floating
// point painted 150 pixels of a 12×8 map twice or not at all at sizes
// about 63.3, where ties round both ways; the terrain's tiles
// (tiles.go) take each pixel to be one hex's.
func (g grid) hexSpans(p int) (out []span, fx, fy float64) {
	step, h := int64(g.step), int64(g.height)
	// At the origin: cx = size + p·step with size = step/1.5, cy = h/2
	// (+h/2 for an odd column).
	cx6, cy2 := 4*step+6*step*int64(p), h+h*int64(p)
	ax, ay := floorDiv(cx6, 6), floorDiv(cy2, 2)
	// Rows whose centres 2y+1 lie in [cy2−h, cy2+h); in a row dy2 from
	// the centre, x's centre 6x+3 lies in [cx6−w, cx6+w) with w =
	// 6·half width = 2·step·(2h−dy2)/h.
	for y := ceilDiv(cy2-h-1, 2); 2*y+1 < cy2+h; y++ {
		dy2 := 2*y + 1 - cy2
		if dy2 < 0 {
			dy2 = -dy2
		}
		w := 2 * step * (2*h - dy2)
		x0 := ceilDiv(h*cx6-w-3*h, 6*h)
		x1 := ceilDiv(h*cx6+w-3*h, 6*h)
		if x0 < x1 {
			out = append(out, span{int(y - ay), int(x0 - ax), int(x1 - ax)})
		}
	}
	return out, float64(cx6-6*ax) / 6, float64(cy2-2*ay) / 2
}

// floorDiv and ceilDiv are a/b rounded down and up, b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// The hex outline: thin and light, so terrain reads through it.
const (
	gridLineWidth = 0.9
	gridAlpha     = 80
)
