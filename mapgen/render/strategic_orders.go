package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// drawLinks draws a bar across the gap between every two adjacent
// sectors (000 line 2591: a battlegroup moves to an adjacent sector;
// sectors that meet only at a corner are not adjacent, and a hole in the
// grid joins nothing).
func (p *strategicPainter) drawLinks() {
	sm := p.v.Map
	w := math.Round(0.3 * p.s)
	for _, sec := range sm.Sectors {
		for _, n := range sm.Neighbors(sec.ID) {
			if n < sec.ID {
				continue // each pair once
			}
			ax, ay := p.centre(sec.ID)
			bx, by := p.centre(n)
			if ay == by { // side by side: a bar across the gap between them
				p.fill(int(min(ax, bx)+p.cw/2), int(ay-w/2), int(max(ax, bx)-p.cw/2), int(ay+w/2), colLink)
			} else {
				p.fill(int(ax-w/2), int(min(ay, by)+p.ch/2), int(ax+w/2), int(max(ay, by)-p.ch/2), colLink)
			}
			p.drawn[symbol{kind: symLink}] = true
		}
	}
}

// arrowStyle is how an order arrow of a kind is stroked.
type arrowStyle struct {
	width  float64   // in units of s
	dash   []float64 // in units of s; nil for a solid line
	heads  int
	dotted bool // round caps, for a line of dots
}

var arrowStyles = [numArrowKinds]arrowStyle{
	MoveArrow:    {width: 0.24, heads: 1},
	AttackArrow:  {width: 0.32, heads: 2},
	ReconArrow:   {width: 0.22, dash: []float64{0.55, 0.3}, heads: 1},
	DropArrow:    {width: 0.26, dash: []float64{0.01, 0.42}, heads: 1, dotted: true},
	LiftOffArrow: {width: 0.26, dash: []float64{0.01, 0.42}, heads: 1, dotted: true},
}

// drawOrders draws each order's arrow hop by hop, with the battlegroup's
// label on its first hop.
func (p *strategicPainter) drawOrders() {
	for _, h := range p.orderHops() {
		a := h.order
		p.drawArrow(a.Kind, sideColor(a.Side), h.x0, h.y0, h.x1, h.y1)
		if h.labelled() {
			fill, ink := colWhite, sideColor(a.Side)
			if a.Kind == DropArrow || a.Kind == LiftOffArrow {
				fill, ink = colOrbit, colStripText
			}
			p.arrowLabel(h.lx, h.ly, a.Label, fill, ink)
		}
		p.drawn[symbol{symArrow, int(a.Kind)}] = true
	}
}

// orderHop is one hop of an order's arrow: the segment it is drawn
// along and where its label goes (p.hop), which hop of the path it is.
type orderHop struct {
	order                  OrderArrow
	i                      int // the hop into order.Path[i]
	x0, y0, x1, y1, lx, ly float64
}

// labelled reports whether the hop carries the battlegroup's label: the
// first hop of a labelled order does.
func (h orderHop) labelled() bool { return h.i == 1 && h.order.Label != "" }

// orderHops are every order's hops in the order they are drawn. Arrows
// crossing the same gap are set side by side.
func (p *strategicPainter) orderHops() []orderHop {
	type edge struct{ a, b int }
	key := func(a, b int) edge { return edge{min(a, b), max(a, b)} }
	count := map[edge]int{}
	for _, a := range p.v.Orders {
		for i := 1; i < len(a.Path); i++ {
			count[key(a.Path[i-1], a.Path[i])]++
		}
	}
	next := map[edge]int{}
	var hops []orderHop
	for _, a := range p.v.Orders {
		for i := 1; i < len(a.Path); i++ {
			k := key(a.Path[i-1], a.Path[i])
			off := (float64(next[k]) - float64(count[k]-1)/2) * 1.2 * p.s
			next[k]++
			h := orderHop{order: a, i: i}
			h.x0, h.y0, h.x1, h.y1, h.lx, h.ly = p.hop(a.Path[i-1], a.Path[i], off)
			hops = append(hops, h)
		}
	}
	return hops
}

// hop is the segment an arrow from sector a to sector b is drawn along,
// moved off sideways by off, and where its label goes. Between adjacent
// sectors it crosses their shared edge: it starts well inside a, its
// head just enters b (clear of b's name and objectives), and the label
// rides on its tail. An arrow up or down runs right of the middle, clear
// of most sector names. To or from orbit it crosses the sector's top
// edge the same way, since a line from the orbit box would run over the
// sectors above.
func (p *strategicPainter) hop(a, b int, off float64) (x0, y0, x1, y1, lx, ly float64) {
	s := p.s
	aside := 0.22 * p.cw
	var mx, my, ux, uy float64 // the crossing and the direction
	switch {
	case a == Orbit || b == Orbit:
		id, uy0 := b, 1.0
		if b == Orbit {
			id, uy0 = a, -1
		}
		// Further right than a move: the badges and contacts along the
		// bottom of the sector above start at the left.
		cx, cy := p.centre(id)
		mx, my, ux, uy = cx+0.36*p.cw+off, cy-p.ch/2-p.gap/2, 0, uy0
	case !p.v.Map.Adjacent(a, b):
		ax, ay := p.centre(a)
		bx, by := p.centre(b)
		return ax, ay, bx, by, (ax + bx) / 2, (ay + by) / 2
	default:
		ax, ay := p.centre(a)
		bx, by := p.centre(b)
		l := math.Hypot(bx-ax, by-ay)
		ux, uy = (bx-ax)/l, (by-ay)/l
		mx, my = (ax+bx)/2-uy*off, (ay+by)/2+ux*off
		if ux == 0 {
			mx += aside
		}
	}
	tail, tip, label := p.gap/2+2.5*s, p.gap/2+0.4*s, p.gap/2+1.2*s
	if a == Orbit {
		// From above the sector: its label, in the orbit box's colours,
		// says where it comes from.
		tail, label = p.gap/2+1.5*s, p.gap/2+0.6*s
	}
	return mx - ux*tail, my - uy*tail, mx + ux*tip, my + uy*tip, mx - ux*label, my - uy*label
}

// drawArrow draws an arrow of kind k in colour c from (x0, y0) to
// (x1, y1), from a sprite kept for its kind, colour and course: the
// hops between two sectors are few, and stroking them was a tenth of a
// picture's cost.
func (p *strategicPainter) drawArrow(k ArrowKind, c color.RGBA, x0, y0, x1, y1 float64) {
	pad := p.arrowPad()
	left, top := math.Min(x0, x1)-pad, math.Min(y0, y1)-pad
	key := markKey{kind: "arrow", side: int(k), fill: c, dx: x1 - x0, dy: y1 - y0, w: math.Abs(x1-x0) + 2*pad, h: math.Abs(y1-y0) + 2*pad}
	p.drawMark(key, left, top, func(dc *gg.Context, bx, by float64) {
		arrow(dc, p.s, bx+x0-left, by+y0-top, bx+x1-left, by+y1-top, arrowStyles[k], c)
	}, nil)
}

// arrowPad is the room an arrow takes beside its course: its head is
// 0.45 s to either side of its shaft, its casing 0.2 s wider than the
// widest shaft (0.32 s).
func (p *strategicPainter) arrowPad() float64 { return 0.5*p.s + 2 }

// arrow strokes a shaft from (x0, y0) to (x1, y1) with its head(s) at
// the end, on a white casing so that it reads across any tint, at the
// map's scale s.
func arrow(dc *gg.Context, s, x0, y0, x1, y1 float64, st arrowStyle, c color.RGBA) {
	l := math.Hypot(x1-x0, y1-y0)
	if l == 0 {
		return
	}
	ux, uy := (x1-x0)/l, (y1-y0)/l
	headL, headW := 0.7*s, 0.45*s
	// The shaft stops under the last head.
	sx, sy := x1-ux*headL*0.8, y1-uy*headL*0.8
	dash := make([]float64, len(st.dash))
	for i, d := range st.dash {
		dash[i] = d * s
	}
	if st.dotted {
		dc.SetLineCap(gg.LineCapRound)
	} else {
		dc.SetLineCap(gg.LineCapButt)
	}
	for _, pass := range []struct {
		extra float64
		c     color.RGBA
	}{{0.2 * s, colWhite}, {0, c}} {
		dc.SetDash(dash...)
		dc.SetLineWidth(st.width*s + pass.extra)
		dc.SetColor(pass.c)
		dc.DrawLine(x0, y0, sx, sy)
		dc.Stroke()
		dc.SetDash()
	}
	dc.SetLineCap(gg.LineCapRound)
	for h := range st.heads {
		tx, ty := x1-ux*float64(h)*headL*0.65, y1-uy*float64(h)*headL*0.65
		bx, by := tx-ux*headL, ty-uy*headL
		dc.MoveTo(tx, ty)
		dc.LineTo(bx-uy*headW, by+ux*headW)
		dc.LineTo(bx+uy*headW, by-ux*headW)
		dc.ClosePath()
		dc.SetColor(c)
		dc.FillPreserve()
		dc.SetColor(colWhite)
		dc.SetLineWidth(math.Max(1, 0.08*s))
		dc.Stroke()
	}
}

// arrowLabel writes a battlegroup's label on its arrow, in ink on fill
// (its side's colour on white, or the orbit box's colours for a drop or
// a lift-off), so that it is not taken for a badge standing there.
func (p *strategicPainter) arrowLabel(x, y float64, label string, fill, ink color.RGBA) {
	f := p.faces.mark
	w := float64(f.width(label)) + 0.4*p.s
	h := math.Round(0.85 * p.s)
	key := markKey{kind: "label", label: label, fill: fill, ink: ink, w: w, h: h}
	p.drawMark(key, x-w/2, y-h/2, func(dc *gg.Context, bx, by float64) {
		dc.DrawRoundedRectangle(bx, by, w, h, 0.15*p.s)
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(ink)
		dc.SetLineWidth(math.Max(1, 0.08*p.s))
		dc.Stroke()
	}, func(img *image.RGBA, bx, by float64) {
		// The label's centre, where x is on the picture.
		cx, cy := bx+w/2, by+h/2
		f.drawCentered(img, int(cx+0.5), int(cy)+f.capHeight()/2, label, ink, 255)
	})
}
