package render

import (
	"image"
	"math"
)

// A retreat edge (000 lines 2175, 2655–2657) is drawn as a bar in the side's
// colour just outside that edge of the map, with white arrows along it
// pointing off the map. When sides share an edge, the bar is cut into
// pieces coloured by each side in turn.

// outward is the unit vector off the map at each edge (y grows down).
var outward = [numMapEdges][2]float64{North: {0, -1}, East: {1, 0}, South: {0, 1}, West: {-1, 0}}

// edgeRoom is the margin a bar of width w takes beside the hex area.
func edgeRoom(w float64) int { return 5 + int(w) }

// edgeBar is the centre line of the bar beside edge e of the hex area.
func (l layout) edgeBar(e MapEdge) (x0, y0, x1, y1 float64) {
	left, top := l.g.ox, l.g.oy
	right, bottom := left+float64(l.mw), top+float64(l.mh)
	d := 2 + l.edgeW/2
	switch e {
	case North:
		return left, top - d, right, top - d
	case South:
		return left, bottom + d, right, bottom + d
	case West:
		return left - d, top, left - d, bottom
	default:
		return right + d, top, right + d, bottom
	}
}

// drawEdges draws the bar of every edge some side retreats by.
func drawEdges(img *image.RGBA, lay layout, marks []EdgeMark) {
	for e := range numMapEdges {
		drawEdge(img, lay, e, marks)
	}
}

// drawEdge draws the bar of edge e if some side retreats by it.
func drawEdge(img *image.RGBA, lay layout, e MapEdge, marks []EdgeMark) {
	var sides []int
	for _, m := range marks {
		if m.Edge == e {
			sides = append(sides, m.Side)
		}
	}
	if len(sides) > 0 {
		x0, y0, x1, y1 := lay.edgeBar(e)
		drawEdgeBar(img, x0, y0, x1, y1, lay.edgeW, lay.g.step, e, sides)
	}
}

// drawEdgeBar draws the bar from (x0, y0) to (x1, y1), w wide, in the
// colours of sides (pieces two columns long, each side's in turn), with
// an arrow every four columns (step is a column's width) pointing off
// the map by edge e.
func drawEdgeBar(img *image.RGBA, x0, y0, x1, y1, w, step float64, e MapEdge, sides []int) {
	l := math.Hypot(x1-x0, y1-y0)
	ux, uy := (x1-x0)/l, (y1-y0)/l
	if len(sides) == 1 {
		line(img, x0, y0, x1, y1, w, sideColor(sides[0]), 255)
	} else {
		for t, i := 0.0, 0; t < l; t, i = t+2*step, i+1 {
			e := math.Min(t+2*step, l)
			line(img, x0+ux*t, y0+uy*t, x0+ux*e, y0+uy*e, w, sideColor(sides[i%len(sides)]), 255)
		}
	}
	ox, oy := outward[e][0], outward[e][1]
	a := 0.35 * w
	for t := 2 * step; t < l-step; t += 4 * step {
		cx, cy := x0+ux*t, y0+uy*t
		tx, ty := cx+ox*a, cy+oy*a
		for _, sgn := range []float64{-1, 1} {
			bx, by := cx-ox*a+sgn*ux*1.6*a, cy-oy*a+sgn*uy*1.6*a
			line(img, bx, by, tx, ty, 1.2, colWhite, 255)
		}
	}
}

// edgeRect is the pixels a bar may touch.
func edgeRect(x0, y0, x1, y1, w float64) image.Rectangle {
	p := w/2 + 2
	return image.Rect(int(math.Floor(math.Min(x0, x1)-p)), int(math.Floor(math.Min(y0, y1)-p)),
		int(math.Ceil(math.Max(x0, x1)+p)), int(math.Ceil(math.Max(y0, y1)+p)))
}
