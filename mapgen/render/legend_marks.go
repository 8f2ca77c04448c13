package render

import (
	"image"
	"image/color"
	"math"

	"bfbot/mapgen/hex"
)

// tacticalLegend is the terrain, then a swatch for each kind of mark the
// picture holds (in the colour of each side it is drawn for): what is
// not on the map is not explained, so the strip stays short.
func tacticalLegend(v Tactical) []legendItem {
	items := append([]legendItem(nil), terrainLegend...)
	type mark struct {
		kind HighlightKind
		side int
	}
	seen := map[mark]bool{}
	for _, hl := range v.Highlights {
		mk := mark{hl.Kind, hl.Side}
		if hl.Kind != Deployment && hl.Kind != Path && hl.Kind != Objective {
			mk.side = 0 // one colour whatever the side
		}
		if seen[mk] || len(hl.Hexes) == 0 {
			continue
		}
		seen[mk] = true
		it := highlightLegend(mk.kind, mk.side)
		it.side = mk.side
		items = append(items, it)
	}
	edges := map[int]bool{}
	for _, e := range v.Edges {
		if !edges[e.Side] {
			edges[e.Side] = true
			items = append(items, legendItem{label: "retreat edge", swatch: edgeSwatch(e.Side), wide: 1.6, side: e.Side})
		}
	}
	return items
}

// highlightLegend is the legend entry of a highlight kind.
func highlightLegend(k HighlightKind, side int) legendItem {
	switch k {
	case Reachable:
		return legendItem{label: "reachable", swatch: reachSwatch}
	case Deployment:
		return legendItem{label: "deployment zone", swatch: hexSwatch(colClear, sideColor(side), deployAlpha)}
	case Selected:
		return legendItem{label: "selected", swatch: hexSwatch(colClear, colSelected, 255)}
	case Objective:
		return legendItem{label: "objective or HQ", swatch: hexSwatch(colClear, sideColor(side), 255)}
	case Path:
		col := mix(sideColor(side), colWhite, 0.25)
		return legendItem{label: "move path", wide: 1.6, swatch: func(img *image.RGBA, x, y, sz float64) {
			w := math.Max(2, 0.14*sz)
			casedLine(img, x-0.75*sz, y, x+0.75*sz, y, w, col)
			arrowhead(img, x, y, x+0.75*sz, y, 0.45*sz, w, col)
		}}
	case Blocked:
		return legendItem{label: "no line of sight", wide: 1.6, swatch: func(img *image.RGBA, x, y, sz float64) {
			w := math.Max(2, 0.14*sz)
			dashed(img, x-0.75*sz, y, x+0.5*sz, y, w, 0.25*sz, colBlocked)
			r := 0.2 * sz
			line(img, x+0.6*sz-r, y-r, x+0.6*sz+r, y+r, w, colBlocked, 255)
			line(img, x+0.6*sz-r, y+r, x+0.6*sz+r, y-r, w, colBlocked, 255)
		}}
	default: // LineOfFire
		return legendItem{label: "line of fire", wide: 1.6, swatch: func(img *image.RGBA, x, y, sz float64) {
			w := math.Max(2, 0.14*sz)
			line(img, x-0.75*sz, y, x+0.5*sz, y, w, colFire, 255)
			ring(img, x+0.5*sz, y, 0.25*sz, w, colFire, 255)
		}}
	}
}

// hexSwatch is a small hex of ground colour g; with alpha a, hatched (a
// below 255, a deployment zone) or ringed (a 255) in colour c.
func hexSwatch(g, c color.RGBA, a uint32) func(img *image.RGBA, x, y, sz float64) {
	return func(img *image.RGBA, x, y, sz float64) {
		gr := newGrid(sz/2, 1, 1, 0, 0)
		period := max(4, int(0.3*sz))
		gr.spans(x, y, img.Rect.Dx(), img.Rect.Dy(), func(py, x0, x1 int) {
			fillSpan(img, py, x0, x1, g)
			if a > 0 && a < 255 {
				for px := x0; px < x1; px++ {
					if (px+py)%period < period/3 {
						blendPixel(img, px, py, c, a)
					}
				}
			}
		})
		for _, d := range hex.Directions {
			x0, y0, x1, y1 := gr.side(x, y, d)
			switch {
			case a == 255:
				line(img, x0, y0, x1, y1, math.Max(2, 0.16*sz), c, 255)
			case a > 0:
				line(img, x0, y0, x1, y1, 1.5, c, 230)
			default:
				line(img, x0, y0, x1, y1, 0.9, colGrid, 120)
			}
		}
	}
}

// reachSwatch is a small hex with a reachable hex's tag at its top
// (tagRect), a third of its height deep.
func reachSwatch(img *image.RGBA, x, y, sz float64) {
	hexSwatch(colClear, color.RGBA{}, 0)(img, x, y, sz)
	gr := newGrid(sz/2, 1, 1, 0, 0)
	y0 := int(math.Ceil(y - gr.height/2 + 1))
	gr.spans(x, y, img.Rect.Dx(), img.Rect.Dy(), func(py, x0, x1 int) {
		if py >= y0 && float64(py) < float64(y0)+math.Max(2, gr.height/3) {
			fillSpan(img, py, x0+1, x1-1, colReachable)
		}
	})
}

// edgeSwatch is a short retreat edge bar with one arrow, pointing up.
func edgeSwatch(side int) func(img *image.RGBA, x, y, sz float64) {
	return func(img *image.RGBA, x, y, sz float64) {
		w := math.Max(3, math.Round(0.25*sz))
		drawEdgeBar(img, x-0.75*sz, y, x+0.75*sz, y, w, 0.38*sz, North, []int{side})
	}
}
