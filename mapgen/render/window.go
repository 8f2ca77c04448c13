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

// overlayGroups groups the claims, each with those it overlaps or
// touches: cover joins touching rectangles into one piece, and a piece
// is mapped to the palette from one window.
func overlayGroups(claims []claim) [][]claim {
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
	at := make([]int, len(claims)) // a root's group, +1
	var gs [][]claim
	for i, c := range claims {
		r := root(i)
		if at[r] == 0 {
			gs = append(gs, nil)
			at[r] = len(gs)
		}
		gs[at[r]-1] = append(gs[at[r]-1], c)
	}
	return gs
}

// overlayWindow is a window: the box its scratch picture covers, the
// pieces turned to RGBA, drawn on and mapped back in it, and the
// counters' squares mapped back from it (painted opaque, they are not
// turned to RGBA first).
type overlayWindow struct {
	box             image.Rectangle
	pieces, squares []image.Rectangle
}

// windowSlack is how many pixels a window's box may hold besides twice
// its pieces' and squares': a counter's box and its neighbours' in a
// stack stay one window, while a line across the map is cut into
// windows that follow it rather than one the size of the box between
// its ends.
const windowSlack = 4096

// overlayWindows cuts a group's pieces and squares into windows: runs
// of them whose box is not much larger than they are. Pieces come from
// cover, a band at a time, so that a run follows a line.
func overlayWindows(pieces, squares []image.Rectangle) []overlayWindow {
	var ws []overlayWindow
	area := 0 // of the last window's pieces and squares
	add := func(r image.Rectangle, square bool) {
		a := r.Dx() * r.Dy()
		if n := len(ws); n > 0 {
			w := &ws[n-1]
			if b := w.box.Union(r); b.Dx()*b.Dy() <= 2*(area+a)+windowSlack {
				w.box, area = b, area+a
				if square {
					w.squares = append(w.squares, r)
				} else {
					w.pieces = append(w.pieces, r)
				}
				return
			}
		}
		w := overlayWindow{box: r}
		if square {
			w.squares = []image.Rectangle{r}
		} else {
			w.pieces = []image.Rectangle{r}
		}
		ws, area = append(ws, w), a
	}
	for _, r := range pieces {
		add(r, false)
	}
	for _, r := range squares {
		if !r.Empty() {
			add(r, true)
		}
	}
	return ws
}

// drawWindow turns the window's pieces of p to RGBA in a scratch picture
// of its box (in *pix), draws on it the overlays of the group claiming
// part of the box, and maps its pieces and squares back into p,
// appending to changed and gathering in d as quantiseRect.
func drawWindow(w overlayWindow, group []claim, p *image.Paletted, pix *[]byte, draw func(img *image.RGBA, id int), changed []image.Rectangle, d *adlerDelta) []image.Rectangle {
	b := w.box
	img := &image.RGBA{Pix: bytesFor(pix, 4*b.Dx()*b.Dy()), Stride: 4 * b.Dx(), Rect: b}
	for _, r := range w.pieces {
		expandRect(img, p, r)
	}
	var ids [16]int
	drawn := ids[:0]
	for _, c := range group {
		if c.r.Overlaps(b) {
			drawn = append(drawn, c.id)
		}
	}
	slices.Sort(drawn)
	for _, id := range slices.Compact(drawn) {
		draw(img, id)
	}
	for _, r := range w.pieces {
		changed = quantiseRect(p, img, r.Min, r, changed, d)
	}
	for _, r := range w.squares {
		changed = quantiseRect(p, img, r.Min, r, changed, d)
	}
	return changed
}

// rectsOf is the claims' rectangles.
func rectsOf(claims []claim) []image.Rectangle {
	rs := make([]image.Rectangle, len(claims))
	for i, c := range claims {
		rs[i] = c.r
	}
	return rs
}
