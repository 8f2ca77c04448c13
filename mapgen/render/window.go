package render

import (
	"image"
	"slices"
)

// A picture drawn again over its terrain turns the rectangles its
// overlays claim back into RGBA, draws on them and maps them to the
// palette again (composeTactical). Done in one scratch picture the size
// of the map (6 MB for a 64×17 sector), each row of a rectangle was a
// page away from the one above: turning them to RGBA cost cache and TLB
// misses, not work. So the overlays are drawn in windows: the overlays
// whose rectangles overlap or touch are drawn together in a scratch
// picture of their rectangles' bounding box alone, at the picture's own
// coordinates (an image.RGBA whose Rect is the box; the primitives draw
// at the picture's coordinates, clipped to its Rect). An overlay changes
// nothing outside the rectangles it claims (TestOverlayRects), so a
// window holds all that is drawn on its rectangles; what an overlay of
// the window draws in its box outside them is never read. Rectangles
// that touch share a window because cover makes one piece of them.

// claim is a rectangle an overlay may draw on, and the overlay's number
// (overlayIDs).
type claim struct {
	r  image.Rectangle
	id int
}

// overlayIDs number a picture's overlays in the order drawOverlays
// draws them: the highlights, the bars of the map's edges, the placed
// counters.
type overlayIDs struct{ highlights int }

func (o overlayIDs) edge(e MapEdge) int { return o.highlights + int(e) }

func (o overlayIDs) counter(i int) int { return o.highlights + int(numMapEdges) + i }

// drawOverlay draws overlay id of v, its counters placed, on img.
func drawOverlay(img *image.RGBA, lay layout, v Tactical, placed []placedCounter, id int) {
	ids := overlayIDs{len(v.Highlights)}
	switch {
	case id < ids.edge(0):
		drawHighlight(img, lay.g, v.Highlights[id])
	case id < ids.counter(0):
		drawEdge(img, lay, MapEdge(id-ids.edge(0)), v.Edges)
	default:
		pc := placed[id-ids.counter(0)]
		drawCounter(img, pc.st, pc.b.x, pc.b.y, pc.k, !pc.faceAside)
	}
}

// overlayWindow is a window: its scratch picture, the rectangles
// claimed in it, and its overlays in drawing order.
type overlayWindow struct {
	img   *image.RGBA
	rects []image.Rectangle
	ids   []int
}

// overlayWindows groups the claims into windows, a claim with those it
// overlaps or touches, and lays the windows' pictures out in *pix
// (grown if need be; not cleared).
func overlayWindows(claims []claim, pix *[]byte) []overlayWindow {
	parent := make([]int, len(claims))
	for i := range parent {
		parent[i] = i
	}
	root := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	// Swept in order of their left edges: a claim meets only those that
	// start before it ends.
	order := make([]int, len(claims))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return claims[i].r.Min.X - claims[j].r.Min.X })
	for k, i := range order {
		a := claims[i].r
		for _, j := range order[k+1:] {
			b := claims[j].r
			if b.Min.X > a.Max.X {
				break
			}
			if b.Min.Y <= a.Max.Y && a.Min.Y <= b.Max.Y {
				parent[root(i)] = root(j)
			}
		}
	}
	at := make([]int, len(claims)) // a root's window, +1
	var ws []overlayWindow
	var boxes []image.Rectangle
	for i, c := range claims {
		r := root(i)
		if at[r] == 0 {
			ws, boxes = append(ws, overlayWindow{}), append(boxes, image.Rectangle{})
			at[r] = len(ws)
		}
		w := at[r] - 1
		ws[w].rects = append(ws[w].rects, c.r)
		ws[w].ids = append(ws[w].ids, c.id)
		boxes[w] = boxes[w].Union(c.r)
	}
	n := 0
	for _, b := range boxes {
		n += 4 * b.Dx() * b.Dy()
	}
	buf := bytesFor(pix, n)
	for i, b := range boxes {
		slices.Sort(ws[i].ids)
		ws[i].ids = slices.Compact(ws[i].ids)
		k := 4 * b.Dx() * b.Dy()
		ws[i].img = &image.RGBA{Pix: buf[:k:k], Stride: 4 * b.Dx(), Rect: b}
		buf = buf[k:]
	}
	return ws
}
