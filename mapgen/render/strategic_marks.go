package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"
)

// markItem is one mark in a row along a sector's bottom or in the orbit
// box: a battle, a battlegroup's badge, a contact. draw paints it with
// its left edge at x and its top at y, h high.
type markItem struct {
	w    float64
	draw func(x, y, h float64)
}

// markH is the height of a mark, and markGap the room between two.
func (p *strategicPainter) markH() float64   { return math.Round(0.95 * p.s) }
func (p *strategicPainter) markGap() float64 { return math.Round(0.22 * p.s) }

// flowMarks lays items out left to right between xa and xb, in at most
// rows rows from top down, the last row at the bottom; what does not fit
// is counted in a "+N" at the end, so no mark vanishes unsaid.
func (p *strategicPainter) flowMarks(items []markItem, xa, xb, top float64, rows int) {
	if len(items) == 0 {
		return
	}
	mh, g := p.markH(), p.markGap()
	var lines [][]markItem
	x := xa
	for i, it := range items {
		if len(lines) == 0 || x+it.w > xb && x > xa {
			if len(lines) == rows {
				p.drawOverflow(lines[rows-1], len(items)-i, xa, xb, top+float64(rows-1)*(mh+g))
				lines[rows-1] = nil
				break
			}
			lines, x = append(lines, nil), xa
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], it)
		x += it.w + g
	}
	y := top + float64(rows-len(lines))*(mh+g)
	for _, line := range lines {
		x := xa
		for _, it := range line {
			it.draw(x, y, mh)
			x += it.w + g
		}
		y += mh + g
	}
}

// marksRect is the rectangle flowMarks(items, xa, xb, top, rows) draws
// in, with pad pixels around: marks that fit on one row take the bottom
// row as far as they reach; more take every row, all the way across.
func (p *strategicPainter) marksRect(items []markItem, xa, xb, top float64, rows int, pad float64) image.Rectangle {
	mh, g := p.markH(), p.markGap()
	x, widest := xa, 0.0
	for _, it := range items {
		x, widest = x+it.w+g, max(widest, it.w)
	}
	y0, x1 := top, max(xb, xa+widest) // a mark wider than the span is drawn whole
	if x-g <= xb {
		y0, x1 = top+float64(rows-1)*(mh+g), x-g
	}
	return image.Rect(int(math.Floor(xa-pad)), int(math.Floor(y0-pad)), int(math.Ceil(x1+pad)), int(math.Ceil(top+float64(rows)*(mh+g)-g+pad)))
}

// drawOverflow draws the last row with as many of its items as leave
// room for a "+N more" count of the rest (more not drawn before it).
func (p *strategicPainter) drawOverflow(line []markItem, more int, xa, xb, y float64) {
	p.overflowed = true
	f, g, mh := p.faces.mark, p.markGap(), p.markH()
	for {
		used := 0.0
		for _, it := range line {
			used += it.w + g
		}
		n := more
		label := "+" + strconv.Itoa(n)
		if xa+used+float64(f.width(label)) <= xb || len(line) == 0 {
			x := xa
			for _, it := range line {
				it.draw(x, y, mh)
				x += it.w + g
			}
			f.draw(p.img, int(x), int(y+mh/2)+f.capHeight()/2, label, colDark, 255)
			return
		}
		line, more = line[:len(line)-1], more+1
	}
}

// badgeItem is a battlegroup's badge: a rounded bar in its side's
// colour, labelled "BG3", unlike the square unit counters of the
// tactical maps (whose labels are "A3").
//
// A battlegroup ordered to hold a prepared position carries a rampart
// before its label.
func (p *strategicPainter) badgeItem(mk SectorMark) markItem {
	f := p.faces.mark
	lbl := orQuestion(mk.Label)
	hold := slices.ContainsFunc(p.v.Holds, func(h SectorMark) bool {
		return h.SectorID == mk.SectorID && h.Label == mk.Label && h.Side == mk.Side
	})
	fort := 0.0
	if hold {
		fort = 0.7 * p.s
	}
	w := float64(f.width(lbl)) + 0.7*p.s + fort
	return markItem{w: w, draw: func(x, y, h float64) {
		key := markKey{kind: "badge", label: lbl, side: mk.Side, hold: hold, w: w, h: h}
		p.drawMark(key, x, y, func(dc *gg.Context, x, y float64) {
			badge(dc, x, y, w, h, sideColor(mk.Side))
			if hold {
				rampart(dc, x+0.3*p.s+fort/2, y+h/2, 0.28*p.s)
			}
		}, func(img *image.RGBA, x, y float64) {
			f.drawCentered(img, int(x+fort+(w-fort)/2+0.5), int(y+h/2)+f.capHeight()/2, lbl, colWhite, 255)
		})
		if hold {
			p.drawn[symbol{kind: symHold}] = true
		}
		p.drawn[symbol{symBattlegroup, mk.Side}] = true
	}}
}

// rampart is a prepared position's sign, centred at (x, y) in a box of
// half-side r: a white wall with three merlons.
func rampart(dc *gg.Context, x, y, r float64) {
	dc.SetColor(colWhite)
	dc.DrawRectangle(x-r, y-0.2*r, 2*r, 1.1*r)
	for i := range 3 {
		dc.DrawRectangle(x-r+float64(i)*0.8*r, y-0.8*r, 0.4*r, 0.7*r)
	}
	dc.Fill()
}

// badge draws a battlegroup badge's shape: a bar with round ends.
func badge(dc *gg.Context, x, y, w, h float64, c color.RGBA) {
	dc.DrawRoundedRectangle(x, y, w, h, h/2)
	dc.SetColor(c)
	dc.FillPreserve()
	dc.SetColor(colDark)
	dc.SetLineWidth(1)
	dc.Stroke()
}

// contactItem is an enemy sighting: the NATO hostile diamond with a
// question mark (or the contact's label, drawn out into a pointed band),
// then when it was seen ("seen T3") in text of colour tc.
func (p *strategicPainter) contactItem(mk SectorMark, tc color.RGBA) markItem {
	f := p.faces.mark
	lbl := orQuestion(mk.Label)
	mh := p.markH()
	dw := math.Max(mh, float64(f.width(lbl))+0.6*mh)
	seen := ""
	if mk.Seen > 0 {
		seen = "seen T" + strconv.Itoa(mk.Seen)
	}
	w := dw
	if seen != "" {
		w += 0.2*p.s + float64(p.faces.text.width(seen))
	}
	return markItem{w: w, draw: func(x, y, h float64) {
		p.drawMark(markKey{kind: "contact", label: lbl, w: dw, h: h}, x, y, func(dc *gg.Context, x, y float64) {
			hostileDiamond(dc, x, y, dw, h)
		}, func(img *image.RGBA, x, y float64) {
			f.drawCentered(img, int(x+dw/2+0.5), int(y+h/2)+f.capHeight()/2, lbl, colWhite, 255)
		})
		if seen != "" {
			p.drawWords(p.faces.text, int(x+dw+0.2*p.s), int(y+h/2)+p.faces.text.capHeight()/2, seen, tc)
		}
		p.drawn[symbol{kind: symContact}] = true
	}}
}

// hostileDiamond draws the NATO hostile diamond in the box at (x, y),
// w wide and h high, drawn out into a pointed band when wider than high.
func hostileDiamond(dc *gg.Context, x, y, w, h float64) {
	r := h / 2
	cy := y + r
	dc.MoveTo(x, cy)
	dc.LineTo(x+r, cy-r)
	dc.LineTo(x+w-r, cy-r)
	dc.LineTo(x+w, cy)
	dc.LineTo(x+w-r, cy+r)
	dc.LineTo(x+r, cy+r)
	dc.ClosePath()
	dc.SetColor(colHostile)
	dc.FillPreserve()
	dc.SetColor(colDark)
	dc.SetLineWidth(1)
	dc.Stroke()
}

// battleItem is a battle being fought in the sector: crossed swords and
// its label on amber.
func (p *strategicPainter) battleItem(b BattleMark) markItem {
	f := p.faces.mark
	mh := p.markH()
	w := mh + float64(f.width(b.Label)) + 0.35*p.s
	return markItem{w: w, draw: func(x, y, h float64) {
		p.drawInPlace(markKey{kind: "battle", label: b.Label, w: w, h: h, x: x, y: y}, func() {
			box(p.dc, x, y, w, h, colBattle, colDark)
			swords(p.dc, x+h/2, y+h/2, 0.36*h)
			f.draw(p.img, int(x+h), int(y+h/2)+f.capHeight()/2, b.Label, colDark, 255)
		})
		p.drawn[symbol{kind: symBattle}] = true
	}}
}

// box draws a rectangle filled with fill and outlined in edge.
func box(dc *gg.Context, x, y, w, h float64, fill, edge color.RGBA) {
	dc.DrawRectangle(x, y, w, h)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(1)
	dc.Stroke()
}

// swords draws two crossed swords centred at (x, y) in a box of
// half-side r.
func swords(dc *gg.Context, x, y, r float64) {
	dc.SetColor(colDark)
	dc.SetLineWidth(math.Max(1.2, 0.22*r))
	for _, d := range []float64{1, -1} {
		// Blade from the lower corner to the upper, then a cross-guard
		// near the hilt.
		dc.DrawLine(x-d*r, y+r, x+d*r, y-r)
		gx, gy := x-d*0.55*r, y+0.55*r
		dc.DrawLine(gx-0.35*r, gy-d*0.35*r, gx+0.35*r, gy+d*0.35*r)
	}
	dc.Stroke()
}

// orQuestion is a mark's label, or "?" for a contact not yet identified.
func orQuestion(label string) string {
	if label == "" {
		return "?"
	}
	return label
}
