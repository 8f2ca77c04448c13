package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"bfbot/mapgen"
)

// themeColors tint each sector by the ground it holds, in the colours the
// tactical map uses for that ground.
var themeColors = map[mapgen.Theme]color.RGBA{
	mapgen.Plains: rgb(0xb2, 0xcf, 0x86),
	mapgen.Woods:  rgb(0x6f, 0x9f, 0x52),
	mapgen.Hills:  rgb(0xc4, 0xa5, 0x72),
	mapgen.River:  rgb(0x8c, 0xbc, 0xc8),
	mapgen.Urban:  rgb(0xb4, 0xb0, 0xa8),
	mapgen.Mixed:  rgb(0xa6, 0xb4, 0x7e),
}

// colHostile is the NATO hostile red of an enemy contact's diamond; the
// shape, not only the colour, tells it from the viewer's own marks.
var colHostile = rgb(0xe0, 0x2e, 0x2e)

// The objective icons' colours (a city's is a building's).
var (
	colSpaceport    = rgb(0x20, 0x30, 0x60)
	colInstallation = rgb(0x50, 0x20, 0x60)
)

// The orbit box's night, a battle's amber and the adjacency links' grey
// are colours the palette already holds exactly (palette.go): a new
// exact colour would push a blend out of it and change every map.
var (
	colOrbit  = colSpaceport
	colBattle = colPip
	colLink   = colStripDim
)

func themeColor(t mapgen.Theme) color.RGBA {
	if c, ok := themeColors[t]; ok {
		return c
	}
	return colClear
}

// DrawStrategic draws the strategic map as the view's viewer sees it.
// The picture is paletted, in the colours every map is written in.
func DrawStrategic(v StrategicView, o Options) (image.Image, error) {
	sp, err := composeStrategic(v, o, false, nil, strategicRects)
	if err != nil {
		return nil, err
	}
	return sp.Paletted, nil
}

// WriteStrategicPNG draws the strategic map and writes it as PNG, its
// sectors' bits coded once per map (strategic_base.go).
func WriteStrategicPNG(w io.Writer, v StrategicView, o Options) error {
	sp, err := composeStrategic(v, o, true, nil, strategicRects)
	if err != nil {
		return err
	}
	defer sp.release()
	return sp.writePNG(w)
}

// strategicPainter is one strategic picture being drawn: its layout, in
// units of the hex size s, and its faces. From the top: the title, the
// header (score and deadline), the orbit box, the grid of sectors with
// the adjacency links in the gaps between them, the legend.
type strategicPainter struct {
	v      StrategicView
	img    *image.RGBA
	dc     *gg.Context
	s      float64
	cw, ch float64 // a sector's box
	gap    float64 // between sectors, where the links are
	margin float64
	orbitY float64 // top of the orbit box; the grid starts a gap below it
	top    float64 // top of the grid
	faces  struct{ name, text, mark, header *glyphSet }
	// title and legend are the strips at the top and the bottom, W×H
	// the picture's size, headerH the header's band.
	title, legend *titleStrip
	legendKey     string // what the legend is drawn from (legendInputs.key)
	W, H, headerH int
	// drawn are the symbols the picture holds, which the tests hold
	// against the legend (symbolsOf).
	drawn map[symbol]bool
	// placing, when set, gathers the marks' sprites drawMark would lay,
	// instead of laying them; overflowed tells that a row of marks ran
	// over (strategic_patches.go). aside are the marks laid from the
	// palette, by sector and the orbit box last (markRow); baseRows the
	// rows of the kept base the picture is drawn over.
	placing    *[]placedMark
	overflowed bool
	aside      [][]placedMark
	baseRows   []byte
	// entries, when set, are the base's rows the fills paint in palette
	// entries instead of the RGBA picture; inexact tells that a fill's
	// colour is not one (strategic_base_entries.go).
	entries []byte
	inexact bool
}

// layoutStrategic lays the picture of v out, drawing nothing yet.
func layoutStrategic(v StrategicView, o Options) (*strategicPainter, error) {
	o, err := o.resolved()
	if err != nil {
		return nil, err
	}
	if err := v.check(); err != nil {
		return nil, err
	}
	s := o.HexSize
	p := &strategicPainter{v: v, s: s, cw: math.Round(9 * s), ch: math.Round(6.2 * s), gap: math.Round(0.9 * s),
		margin: math.Round(0.5 * s), drawn: map[symbol]bool{}}
	for _, f := range []struct {
		dst  **glyphSet
		id   fontID
		size float64
	}{{&p.faces.name, bold, 0.8}, {&p.faces.text, regular, 0.62}, {&p.faces.mark, bold, 0.66}, {&p.faces.header, bold, 0.8}} {
		if *f.dst, err = coarseFace(f.id, math.Max(9, f.size*s)); err != nil {
			return nil, err
		}
	}
	sm := v.Map
	p.W = int(2*p.margin + float64(sm.Cols)*p.cw + float64(sm.Cols-1)*p.gap)
	// The strips are drawn a fifth larger than the map's scale, so that
	// title and legend read at Discord's preview width.
	if p.title, err = newTitleStrip(coarseFace, 1.2*s, p.W, v.Title, v.Viewer, false, nil); err != nil {
		return nil, err
	}
	legend := newLegendInputs(v, symbolsOf(v))
	if p.legend, err = newTitleStrip(coarseFace, 1.1*s, p.W, "", "", o.Legend, strategicLegend(legend, 1.2*s)); err != nil {
		return nil, err
	}
	if p.legend.height > 0 {
		p.legendKey = legend.key()
	}
	if p.headerText() != "" {
		p.headerH = int(math.Round(1.5 * s))
	}
	p.orbitY = float64(p.title.height+p.headerH) + p.margin
	p.top = p.orbitY + p.orbitH() + p.gap
	gridH := float64(sm.Rows)*p.ch + float64(sm.Rows-1)*p.gap
	p.H = int(p.top+gridH+p.margin) + p.legend.height
	if p.W*p.H > MaxPixels {
		return nil, fmt.Errorf("%w: %d×%d", ErrTooLarge, p.W, p.H)
	}
	return p, nil
}

// on makes img the picture p draws on.
func (p *strategicPainter) on(img *image.RGBA) {
	p.img, p.dc = img, gg.NewContextForRGBA(img)
}

// drawTop draws what lies above the grid: the background, the title,
// the header and the orbit box.
func (p *strategicPainter) drawTop() {
	p.drawTopGround()
	p.drawTopText()
}

// drawTopGround draws what lies above the grid that no view changes:
// the background, the strips of the title and the header, the orbit
// box and its name. It is part of the kept base (strategic_base.go).
func (p *strategicPainter) drawTopGround() {
	p.fill(0, 0, p.W, p.baseTop(), colBackground)
	if p.title.height > 0 {
		p.fill(0, 0, p.W, p.title.height, colStrip)
	}
	if p.headerH > 0 {
		p.fill(0, p.title.height, p.W, p.title.height+p.headerH, colStrip)
	}
	x0, y0, x1, y1 := p.orbitBox()
	p.fill(int(x0), int(y0), int(x1), int(y1), colOrbit)
	p.frame(int(x0), int(y0), int(x1), int(y1), colLink)
	f := p.faces.mark
	p.drawWords(f, int(x0+p.orbitPad()), int((y0+y1)/2)+f.capHeight()/2, "ORBIT", colStripDim)
	p.drawn[symbol{kind: symOrbit}] = true
}

// drawTopText draws on the top's ground what the view gives: the title
// and the viewer, the header line, the marks in orbit.
func (p *strategicPainter) drawTopText() {
	if !p.laidAside(p.topWords()) {
		p.drawWordsOnTop()
	}
	p.drawOrbit()
}

// drawWordsOnTop prints the title and the viewer, and the header line.
func (p *strategicPainter) drawWordsOnTop() {
	p.title.text(0, func(gs *glyphSet, x, base int, s string, c color.RGBA) { p.drawWords(gs, x, base, s, c) })
	if t, x, y := p.headerLine(); t != "" {
		p.drawWords(p.faces.header, x, y, t, colStripText)
	}
}

// headerBounds is the rectangle drawWordsOnTop may change.
func (p *strategicPainter) headerBounds() image.Rectangle {
	r, _ := p.title.textBounds()
	if t, x, y := p.headerLine(); t != "" {
		r = r.Union(p.faces.header.bounds(x, y, t))
	}
	return r
}

// orbitH is the height of the orbit box.
func (p *strategicPainter) orbitH() float64 { return math.Round(1.5 * p.s) }

// box is the top-left corner of sector i (an index into Sectors).
func (p *strategicPainter) box(i int) (x0, y0 float64) {
	sm := p.v.Map
	sec := sm.Sectors[i]
	col, row := sec.Col, sec.Row
	if col < 0 || row < 0 || col >= sm.Cols || row >= sm.Rows {
		col, row = i%sm.Cols, i/sm.Cols
	}
	return p.margin + float64(col)*(p.cw+p.gap), p.top + float64(row)*(p.ch+p.gap)
}

// sectorRect is the pixels of sector i's box, which its tint fills.
func (p *strategicPainter) sectorRect(i int) image.Rectangle {
	x0, y0 := p.box(i)
	return image.Rect(int(x0), int(y0), int(x0+p.cw), int(y0+p.ch))
}

// centre is the middle of sector id's box.
func (p *strategicPainter) centre(id int) (x, y float64) {
	x0, y0 := p.box(id - 1)
	return x0 + p.cw/2, y0 + p.ch/2
}

// headerText is the score as the viewer knows it and the deadline.
func (p *strategicPainter) headerText() string {
	t := ""
	for i, sc := range p.v.Scores {
		if i == 0 {
			t = "VP  "
		} else {
			t += "  ·  "
		}
		t += sc.Name + " " + strconv.Itoa(sc.VP)
	}
	if p.v.Deadline != "" {
		if t != "" {
			t += "      "
		}
		t += p.v.Deadline
	}
	return t
}

// headerLine is the header's text as it fits, and where it is written
// (its start and baseline); "" when the picture has no header.
func (p *strategicPainter) headerLine() (t string, x, y int) {
	if p.headerH == 0 {
		return "", 0, 0
	}
	f, pad := p.faces.header, int(p.margin)
	return fit(f, p.headerText(), p.W-2*pad), pad, p.title.height + p.headerH/2 + f.capHeight()/2
}

// orbitBox is the orbit box's corners.
func (p *strategicPainter) orbitBox() (x0, y0, x1, y1 float64) {
	return p.margin, p.orbitY, float64(p.W) - p.margin, p.orbitY + p.orbitH()
}

// orbitPad is the room inside the orbit box's ends.
func (p *strategicPainter) orbitPad() float64 { return math.Round(0.3 * p.s) }

// orbitMarks are where the orbit box's marks go: the span after its
// name, and their top.
func (p *strategicPainter) orbitMarks() (xa, xb, top float64) {
	x0, y0, x1, y1 := p.orbitBox()
	pad := p.orbitPad()
	name := float64(int(x0+pad) + p.faces.mark.width("ORBIT"))
	return name + pad, x1 - pad, y0 + (y1-y0-p.markH())/2
}

// drawOrbit draws in the orbit box the battlegroups aboard DropShips,
// own ones as badges and any the viewer knows of the enemy as contacts.
func (p *strategicPainter) drawOrbit() {
	if p.laidAside(len(p.v.Map.Sectors)) {
		return
	}
	xa, xb, top := p.orbitMarks()
	p.flowMarks(p.orbitItems(), xa, xb, top, 1)
}

// orbitItems are the marks in the orbit box.
func (p *strategicPainter) orbitItems() []markItem {
	var items []markItem
	for _, mk := range p.v.Own {
		if mk.SectorID == Orbit {
			items = append(items, p.badgeItem(mk))
		}
	}
	for _, mk := range p.v.Contacts {
		if mk.SectorID == Orbit {
			items = append(items, p.contactItem(mk, colStripText))
		}
	}
	return items
}

// drawSector draws sector i: its tint (its ground), deployment frame,
// number and name, objectives, search mark, and its marks (drawMarks).
func (p *strategicPainter) drawSector(i int) {
	sec := p.v.Map.Sectors[i]
	s := p.s
	x0, y0 := p.box(i)
	r := p.sectorRect(i)
	xi0, yi0, xi1, yi1 := r.Min.X, r.Min.Y, r.Max.X, r.Max.Y
	tint := themeColor(sec.Theme)
	p.fill(xi0, yi0, xi1, yi1, tint)
	p.frame(xi0, yi0, xi1, yi1, colDark)
	p.drawn[symbol{symTheme, int(sec.Theme)}] = true
	for _, mk := range p.v.Deploy {
		if mk.SectorID == sec.ID {
			p.deployFrame(x0, y0, p.cw, p.ch, sideColor(mk.Side))
			break
		}
	}

	pad := math.Round(0.3 * s)
	right := xi1 - int(pad)
	for _, mk := range p.v.Searches { // one a side (the referee sees both)
		if mk.SectorID == sec.ID {
			p.drawSearch(float64(right)-p.searchR()-0.15*s, p.searchY(y0), mk.Side)
			r := p.searchR()
			p.drawn[symbol{kind: symSearch}] = true
			right -= int(2*r + 0.5*s)
		}
	}
	nf, tf := p.faces.name, p.faces.text
	hy := yi0 + int(pad) + nf.capHeight()
	id := strconv.Itoa(sec.ID)
	p.drawWords(nf, xi0+int(pad), hy, id, colDark)
	x := xi0 + int(pad) + nf.width(id) + int(0.35*s)
	p.drawWords(nf, x, hy, fit(nf, sec.Name, right-x), colDark)
	// The ground is the tint (the legend names it, and /map describe
	// says it in words).

	// The marks take the bottom two rows; objectives fill what is above.
	markTop := p.markTop(i)
	oy := hy + int(1.05*s)
	var icons []objectiveAt
	for _, ob := range sec.Objectives {
		if float64(oy) > markTop {
			break
		}
		icons = p.drawObjective(icons, objectiveAt{ob.Kind, x0 + pad + 0.35*s, float64(oy) - float64(tf.capHeight())/2})
		p.drawn[symbol{symObjective, int(ob.Kind)}] = true
		lbl := fmt.Sprintf("%s  %d VP", ob.Name, ob.VP)
		p.drawWords(tf, xi0+int(pad+0.9*s), oy, fit(tf, lbl, xi1-int(pad)-xi0-int(pad+0.9*s)), colDark)
		oy += int(0.85 * s)
	}
	p.placeObjectives(icons)
	p.drawMarks(i)
}

// markTop is the top of the two rows of marks along sector i's bottom.
func (p *strategicPainter) markTop(i int) float64 {
	_, y0 := p.box(i)
	return y0 + p.ch - math.Round(0.3*p.s) - 2*p.markH() - math.Round(0.2*p.s)
}

// drawMarks draws along sector i's bottom the battle being fought there,
// the battlegroups and the contacts.
func (p *strategicPainter) drawMarks(i int) {
	xa, xb := p.marksSpan(i)
	p.flowMarks(p.sectorItems(i), xa, xb, p.markTop(i), 2)
}

// marksSpan is where the marks of sector i go across.
func (p *strategicPainter) marksSpan(i int) (xa, xb float64) {
	x0, _ := p.box(i)
	pad := math.Round(0.3 * p.s)
	return x0 + pad, x0 + p.cw - pad
}

// sectorItems are the marks of sector i: the battle being fought there,
// the battlegroups, the contacts.
func (p *strategicPainter) sectorItems(i int) []markItem {
	sec := p.v.Map.Sectors[i]
	var items []markItem
	for _, b := range p.v.Battles {
		if b.SectorID == sec.ID {
			items = append(items, p.battleItem(b))
		}
	}
	for _, mk := range p.v.Own {
		if mk.SectorID == sec.ID {
			items = append(items, p.badgeItem(mk))
		}
	}
	for _, mk := range p.v.Contacts {
		if mk.SectorID == sec.ID {
			items = append(items, p.contactItem(mk, colDark))
		}
	}
	return items
}

// deployFrame marks a sector where the viewer may place battlegroups: a
// dashed frame in his colour inside the sector's edge.
func (p *strategicPainter) deployFrame(x0, y0, w, h float64, c color.RGBA) {
	dc := p.dc
	in := math.Round(0.18 * p.s)
	dc.SetDash(0.6*p.s, 0.3*p.s)
	dc.SetLineWidth(math.Round(0.2 * p.s))
	dc.SetColor(c)
	dc.DrawRectangle(x0+in, y0+in, w-2*in, h-2*in)
	dc.Stroke()
	dc.SetDash()
	p.drawn[symbol{kind: symDeploy}] = true
}

// searchR is a search mark's lens radius, searchY its centre's height
// in the sector whose box starts at y0.
func (p *strategicPainter) searchR() float64 { return 0.32 * p.s }

func (p *strategicPainter) searchY(y0 float64) float64 {
	return y0 + math.Round(0.3*p.s) + p.searchR() + 0.05*p.s
}

// searchBottom is the lowest a search mark of sector i reaches, or its
// name: its handle ends 1.9 radii below the lens's centre, and its
// halo's round ends half the halo's width further.
func (p *strategicPainter) searchBottom(i int) float64 {
	_, y0 := p.box(i)
	r := p.searchR()
	hy := y0 + math.Round(0.3*p.s) + float64(p.faces.name.capHeight())
	return math.Max(p.searchY(y0)+1.9*r+0.75*r*1.3/2, hy+0.3*p.s)
}

// drawSearch lays a side's search mark with its lens centred at (x, y),
// from its sprite: stroking the glass's circles and handles was a
// fourteenth of a picture with a searched sector.
func (p *strategicPainter) drawSearch(x, y float64, side int) {
	// The lens and its halo reach 1.4 radii from the centre, the
	// handle's halo 2.4 down and right.
	r := p.searchR()
	key := markKey{kind: "search", side: side, w: 3.8 * r, h: 3.8 * r}
	p.drawMark(key, x-1.4*r, y-1.4*r, func(dc *gg.Context, bx, by float64) {
		searchIcon(dc, bx+1.4*r, by+1.4*r, r, sideColor(side))
	}, nil)
}

// searchIcon is a magnifying glass centred on its lens at (x, y), lens
// radius r, on a white halo so that it reads on any tint.
func searchIcon(dc *gg.Context, x, y, r float64, c color.RGBA) {
	hx, hy := x+1.9*r, y+1.9*r
	for _, pass := range []struct {
		w float64
		c color.RGBA
	}{{0.75 * r, colWhite}, {0.38 * r, c}} {
		dc.SetColor(pass.c)
		dc.SetLineWidth(pass.w)
		dc.DrawCircle(x, y, r)
		dc.Stroke()
		dc.SetLineWidth(pass.w * 1.3)
		dc.DrawLine(x+0.72*r, y+0.72*r, hx, hy)
		dc.Stroke()
	}
}

// fit shortens s with an ellipsis until it is at most w pixels wide.
func fit(f *glyphSet, s string, w int) string {
	if f.width(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && f.width(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	if len(r) == 0 {
		return ""
	}
	return string(r) + "…"
}

// objectiveIcon draws an objective kind's icon centred at (x, y) with
// radius r: a cluster of blocks for a city, a landing ring for a
// spaceport, a fortified square for an installation.
func objectiveIcon(dc *gg.Context, k mapgen.ObjectiveKind, x, y, r float64) {
	dc.SetLineWidth(math.Max(1, 0.18*r))
	switch k {
	case mapgen.City:
		dc.SetColor(colBuilding[3])
		dc.DrawRectangle(x-r, y-0.2*r, 0.6*r, 1.2*r)
		dc.DrawRectangle(x-0.3*r, y-r, 0.6*r, 2*r)
		dc.DrawRectangle(x+0.4*r, y-0.5*r, 0.6*r, 1.5*r)
		dc.Fill()
	case mapgen.Spaceport:
		dc.SetColor(colSpaceport)
		dc.DrawCircle(x, y, r)
		dc.Stroke()
		dc.DrawCircle(x, y, 0.4*r)
		dc.Fill()
	default:
		dc.SetColor(colInstallation)
		dc.DrawRectangle(x-0.8*r, y-0.8*r, 1.6*r, 1.6*r)
		dc.Stroke()
		dc.DrawLine(x-0.8*r, y-0.8*r, x+0.8*r, y+0.8*r)
		dc.DrawLine(x-0.8*r, y+0.8*r, x+0.8*r, y-0.8*r)
		dc.Stroke()
	}
}
