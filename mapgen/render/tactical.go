package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Highlight colours: orange-red for fire, yellow for the selected unit
// and for the tags of the hexes it can reach (a tag, not a ring: they
// do not mix up), which reads on green, blue, brown and grey alike.
var (
	colFire      = rgb(0xff, 0x45, 0x1a)
	colSelected  = rgb(0xff, 0xe0, 0x30)
	colReachable = colSelected
	colBlocked   = rgb(0x40, 0x40, 0x40)
)

// deployAlpha is the strength of a deployment zone's hatching.
const deployAlpha = 110

// DrawTactical draws a battle map as the view's viewer sees it.
// The picture is paletted, in the colours every map is written in.
func DrawTactical(v Tactical, o Options) (image.Image, error) {
	tp, err := composeTactical(v, o, false)
	if err != nil {
		return nil, err
	}
	return tp.Paletted, nil
}

// WriteTacticalPNG draws a battle map and writes it as PNG.
func WriteTacticalPNG(w io.Writer, v Tactical, o Options) error {
	tp, err := composeTactical(v, o, true)
	if err != nil {
		return err
	}
	defer tp.release()
	return tp.writePNG(w)
}

// drawTactical draws the whole picture in RGBA, into pix when it is
// given (a pooled buffer whose old contents are all painted over), else
// into a new picture: what the replay quantises to its own palette.
func drawTactical(v Tactical, o Options, pix *[]byte) (*image.RGBA, error) {
	return drawTacticalBands(v, o, pix, 0)
}

// layout is where a tactical picture's parts go: the hex grid (its
// origin after the margin and the title strip), the title strip, the
// picture's size, the rulers and hex numbers.
type layout struct {
	g      grid
	strip  *titleStrip
	W, H   int
	mw, mh int // the hex area
	// rulers number the columns and rows in the margins; numbers print
	// each hex's number at its top, numberTop pixels from the top to the
	// baseline, in numberFace. Both nil without Options.HexNumbers;
	// rulers nil without Options.Rulers too.
	rulers     *rulers
	numbers    *glyphSet
	numberFace *glyphSet
	numberTop  int
	edgeW      float64 // a retreat edge bar's width
}

func tacticalLayout(v Tactical, o Options) (layout, error) {
	m := v.Map
	s := o.HexSize
	g := newGrid(s, m.Width, m.Height, 0, 0)
	mw, mh := g.pixelSize()
	// Room beside the hex area for the retreat edge bars.
	edgeW := math.Max(3, math.Round(0.25*s))
	mx := max(int(math.Round(0.4*s)), edgeRoom(edgeW))
	my := mx
	lay := layout{mw: mw, mh: mh, edgeW: edgeW}
	// Bold and crisp (drawCrisp), for the picture opened full size;
	// the rulers are for the preview. Larger numerals cost bytes: at
	// 0.4 hex sizes a wooded 32×34 map is over its 250 KB. A reachable
	// hex's tag is sized by its number, printed or not.
	var err error
	if lay.numberFace, err = face(bold, math.Max(7, 0.37*g.size)); err != nil {
		return layout{}, err
	}
	lay.numberTop = int(math.Round(float64(lay.numberFace.capHeight()) + math.Max(1, 0.06*g.size)))
	if o.HexNumbers {
		lay.numbers = lay.numberFace
	}
	if o.HexNumbers && o.Rulers {
		var err error
		if lay.rulers, err = newRulers(g, mw, edgeRoom(edgeW)); err != nil {
			return layout{}, err
		}
		mx, my = lay.rulers.marginX, lay.rulers.marginY
	}
	lay.W = mw + 2*mx
	strip, err := newTitleStrip(face, s, lay.W, v.Title, v.Viewer, o.Legend, tacticalLegend(v))
	if err != nil {
		return layout{}, err
	}
	g.ox, g.oy = float64(mx), float64(my+strip.height)
	lay.g, lay.strip, lay.H = g, strip, mh+2*my+strip.height
	return lay, nil
}

// below is the grid placed in the part of the picture below the title
// strip, which is painted on its own (the terrain base).
func (l layout) below() grid {
	g := l.g
	g.oy -= float64(l.strip.height)
	return g
}

// tints are the per-hex highlights painted with the terrain: the
// reachable hexes' tags behind their numbers (painted over the kept
// terrain, reach.go); deployment zones are hatched over the ground (kept
// with the terrain).
type tints struct {
	reach  []bool
	deploy []int8 // side+1 of a deployment zone, 0 none
}

func newTints(v Tactical) tints {
	m := v.Map
	n := m.Width * m.Height
	t := tints{reach: make([]bool, n), deploy: make([]int8, n)}
	for _, hl := range v.Highlights {
		for _, h := range hl.Hexes {
			i := h.Y*m.Width + h.X
			switch hl.Kind {
			case Reachable:
				t.reach[i] = true
			case Deployment:
				t.deploy[i] = int8(min(max(hl.Side, 0), 126) + 1)
			}
		}
	}
	return t
}

// drawTacticalBands is drawTactical painting the terrain in bands of
// bandRows rows (0: the default).
func drawTacticalBands(v Tactical, o Options, pix *[]byte, bandRows int) (*image.RGBA, error) {
	lay, err := checkedLayout(&v, &o)
	if err != nil {
		return nil, err
	}
	img := newPicture(lay.W, lay.H, pix)
	sh := lay.strip.height
	below := &image.RGBA{Pix: img.Pix[sh*img.Stride:], Stride: img.Stride, Rect: image.Rect(0, 0, lay.W, lay.H-sh)}
	paintTerrain(below, lay, v.Map, newTints(v), bandRows)
	placed, err := placeCounters(lay.counters(), v.Counters)
	if err != nil {
		return nil, err
	}
	drawOverlays(img, lay, v, placed)
	lay.strip.draw(img, 0)
	return img, nil
}

// checkedLayout resolves the options, checks the view and lays the
// picture out within MaxPixels.
func checkedLayout(v *Tactical, o *Options) (layout, error) {
	var err error
	if *o, err = o.resolved(); err != nil {
		return layout{}, err
	}
	if err := v.check(); err != nil {
		return layout{}, err
	}
	lay, err := tacticalLayout(*v, *o)
	if err != nil {
		return layout{}, err
	}
	if lay.W*lay.H > MaxPixels {
		return layout{}, fmt.Errorf("%w: %d×%d", ErrTooLarge, lay.W, lay.H)
	}
	return lay, nil
}

// paintTerrain paints img, the picture below the title strip: the
// margins with their rulers, the terrain with its tints and hex numbers;
// in bands of bandRows rows (0: the default).
func paintTerrain(img *image.RGBA, lay layout, m *mapgen.Map, t tints, bandRows int) {
	W, g := img.Rect.Dx(), lay.below()
	newTerrainPainter(lay, m, t).paintBands(bandRows, func(y0, y1 int) *image.RGBA {
		return &image.RGBA{Pix: img.Pix[y0*img.Stride : y1*img.Stride], Stride: img.Stride, Rect: image.Rect(0, y0, W, y1)}
	}, func(band *image.RGBA) {
		if lay.rulers != nil {
			lay.rulers.draw(band, g, lay.mw, lay.mh)
		}
	})
}

// terrainRows is paintTerrain's picture (default bands) mapped to the
// palette as stream rows, each led by its PNG filter byte (0), and their
// Adler-32 sums: each band painted in a scratch picture of its own,
// mapped and summed while its pixels are in the processor's cache (the
// picture painted whole and then mapped read six megabytes back from
// memory at 64×17; summed after, 1.6 megabytes). What is known in
// palette indices is written so, not painted and looked up: the margins
// beyond the hexes' reach, the rulers' numbers and, when those lie alone
// on the margins (rulers.alone), the hex numbers, the last and opaque
// layer of the hexes (numbersAside).
func terrainRows(lay layout, m *mapgen.Map, t tints) ([]byte, adlerSums) {
	return terrainRowsWithin(lay, m, t, drawnArea(lay.below()))
}

// terrainRowsWithin is terrainRows with drawn the rectangle the hexes'
// drawings are taken to reach: what drawnArea gives, or more (the rulers
// then not alone, as TestTerrainRowsAsLookedUp makes them). With the
// rulers' and hex numbers alone and no reachable hexes tagged (a
// terrain base's), the hexes are copied from kept tiles (tiledRows).
func terrainRowsWithin(lay layout, m *mapgen.Map, t tints, drawn image.Rectangle) ([]byte, adlerSums) {
	S := lay.W + 1
	g := lay.below()
	alone := lay.rulers == nil || lay.rulers.alone(g, lay.mw, lay.mh, drawn)
	tp := newTerrainPainter(lay, m, t)
	tp.numbersAside = alone
	if alone && !slices.Contains(t.reach, true) {
		rows := tp.tiledRows(drawn)
		return rows, adlerOf(rows)
	}
	rows := make([]byte, S*(lay.H-lay.strip.height))
	var sums adlerSums
	tp.paintRows(rows, drawn, func(band *image.RGBA, lookUp func(image.Rectangle)) {
		B := band.Rect
		a, e := B.Min.Y*S, B.Max.Y*S
		tp.layNumbers(rows[a+1:], S, B)
		if lay.rulers != nil {
			lay.rulers.lay(band, rows[a+1:], S, g, lay.mw, lay.mh, alone, lookUp)
		}
		sums = sums.then(adlerOf(rows[a:e]), e-a)
	})
	return rows, sums
}

// paintRows paints the terrain below the title strip in bands into
// rows, its stream rows (each led by its filter byte, 0), each band in
// a scratch picture of its own: the margins beyond drawn written as
// their background, the rest looked up. done is then called with the
// band and the lookUp that maps a rectangle of it to rows.
func (tp *terrainPainter) paintRows(rows []byte, drawn image.Rectangle, done func(band *image.RGBA, lookUp func(image.Rectangle))) {
	W := tp.lay.W
	S := W + 1
	buf := getPixels()
	defer putPixels(buf)
	bg := backgroundRow(W)
	tp.paintBands(0, func(y0, y1 int) *image.RGBA {
		return &image.RGBA{Pix: bytesFor(buf, 4*W*(y1-y0)), Stride: 4 * W, Rect: image.Rect(0, y0, W, y1)}
	}, func(band *image.RGBA) {
		B := band.Rect
		in := drawn.Intersect(B)
		for y := B.Min.Y; y < B.Max.Y; y++ {
			row := rows[y*S+1 : (y+1)*S]
			if y < in.Min.Y || y >= in.Max.Y {
				copy(row, bg)
				continue
			}
			copy(row[:in.Min.X], bg)
			copy(row[in.Max.X:], bg)
		}
		lookUp := func(r image.Rectangle) {
			if r = r.Intersect(B); !r.Empty() {
				quantise(rows[r.Min.Y*S+1+r.Min.X:], S, band.SubImage(r).(*image.RGBA))
			}
		}
		lookUp(in)
		done(band, lookUp)
	})
}

// backgroundRow is a row of W pixels of the margin's background, in
// palette indices.
func backgroundRow(W int) []byte { return bytes.Repeat([]byte{indexOf(colBackground)}, W) }

// hatchPeriod is the period in pixels of a deployment zone's hatching,
// a quarter of it in the side's colour.
func (g grid) hatchPeriod() int { return max(6, int(0.4*g.size)) }

// newTerrainPainter is the painter of map m's terrain, laid out by lay,
// with tints t (reach nil: none).
func newTerrainPainter(lay layout, m *mapgen.Map, t tints) *terrainPainter {
	n := m.Width * m.Height
	tp := &terrainPainter{
		lay: lay, m: m, art: lay.g.art(), deploy: t.deploy, reach: t.reach,
		fills: make([]color.RGBA, n), names: make([]string, n),
		numbers: lay.numbers, numberTop: lay.numberTop,
	}
	for i, c := range m.Cells {
		tp.fills[i] = groundColor(c)
	}
	return tp
}

// drawOverlays draws what changes from picture to picture over the
// terrain: rings, paths and lines of fire under the counters (so a line
// never hides a label), the retreat edges, then the counters of v as
// placed.
func drawOverlays(img *image.RGBA, lay layout, v Tactical, placed []placedCounter) {
	for _, hl := range v.Highlights {
		drawHighlight(img, lay.g, hl)
	}
	drawEdges(img, lay, v.Edges)
	drawPlaced(img, placed)
}

// drawHighlight draws the highlights that are not painted with the
// terrain (tints).
func drawHighlight(img *image.RGBA, g grid, hl Highlight) {
	s := g.size
	switch hl.Kind {
	case Selected, Objective:
		col := colSelected
		if hl.Kind == Objective {
			col = sideColor(hl.Side)
		}
		for _, h := range hl.Hexes {
			cx, cy := g.center(h)
			for _, d := range hex.Directions {
				x0, y0, x1, y1 := g.side(cx, cy, d)
				line(img, x0, y0, x1, y1, math.Max(2, 0.16*s), col, 255)
			}
		}
	case LineOfFire, Path, Blocked:
		col, w := colFire, math.Max(2, 0.14*s)
		switch hl.Kind {
		case Path:
			col = mix(sideColor(hl.Side), colWhite, 0.25)
		case Blocked:
			col = colBlocked
		}
		for i := 1; i < len(hl.Hexes); i++ {
			x0, y0 := g.center(hl.Hexes[i-1])
			x1, y1 := g.center(hl.Hexes[i])
			if hl.Kind == Blocked {
				dashed(img, x0, y0, x1, y1, w, 0.5*s, col)
				continue
			}
			casedLine(img, x0, y0, x1, y1, w, col)
		}
		if k := len(hl.Hexes); k > 0 {
			ex, ey := g.center(hl.Hexes[k-1])
			switch hl.Kind {
			case LineOfFire:
				// A target ring at the end.
				ring(img, ex, ey, 0.55*s, w+2, colWhite, 200)
				ring(img, ex, ey, 0.55*s, w, col, 255)
			case Path:
				if k > 1 {
					px, py := g.center(hl.Hexes[k-2])
					arrowhead(img, px, py, ex, ey, 0.5*s, w, col)
				}
			case Blocked:
				r := 0.25 * s
				line(img, ex-r, ey-r, ex+r, ey+r, w, col, 255)
				line(img, ex-r, ey+r, ex+r, ey-r, w, col, 255)
			}
		}
	}
}

// arrowhead draws the head of an arrow pointing from (px, py) to its tip
// at (ex, ey): two strokes l long, w wide, on a white casing like the
// path's line.
func arrowhead(img *image.RGBA, px, py, ex, ey, l, w float64, col color.RGBA) {
	d := math.Hypot(ex-px, ey-py)
	if d == 0 {
		return
	}
	ux, uy := (ex-px)/d, (ey-py)/d
	// Each barb 30° off the shaft, back from the tip.
	const cos, sin = 0.8660254037844386, 0.5
	var barbs [2][2]float64
	for i, sg := range [2]float64{-1, 1} {
		barbs[i] = [2]float64{ex - l*(ux*cos-sg*uy*sin), ey - l*(uy*cos+sg*ux*sin)}
	}
	for _, b := range barbs {
		line(img, b[0], b[1], ex, ey, w+2, colWhite, 200)
	}
	for _, b := range barbs {
		line(img, b[0], b[1], ex, ey, w, col, 255)
	}
}

// dashed draws a dashed segment.
func dashed(img *image.RGBA, x0, y0, x1, y1, w, dash float64, c color.RGBA) {
	l := math.Hypot(x1-x0, y1-y0)
	if l == 0 {
		return
	}
	ux, uy := (x1-x0)/l, (y1-y0)/l
	for t := 0.0; t < l; t += 2 * dash {
		e := math.Min(t+dash, l)
		line(img, x0+ux*t, y0+uy*t, x0+ux*e, y0+uy*e, w, c, 230)
	}
}

// drawCounters places the counters (placeCounters) and draws them.
func drawCounters(img *image.RGBA, cp counterPlace, counters []Counter) error {
	placed, err := placeCounters(cp, counters)
	if err != nil {
		return err
	}
	drawPlaced(img, placed)
	return nil
}

// drawPlaced draws the placed counters in order.
func drawPlaced(img *image.RGBA, placed []placedCounter) {
	for _, pc := range placed {
		drawCounter(img, pc.st, pc.b.x, pc.b.y, pc.k, !pc.faceAside)
	}
}

// placedCounter is a counter with its box and the style it is drawn in;
// faceAside marks one whose face is mapped to the palette from the kept
// face instead of drawn (composeTactical).
type placedCounter struct {
	k         Counter
	b         counterBox
	st        counterStyle
	faceAside bool
}

// placeCounters places the counters in drawing order, each hex's where
// counterPlace puts them: every counter whole, none over a hex number.
func placeCounters(cp counterPlace, counters []Counter) ([]placedCounter, error) {
	// Group by hex in input order; a map of slices is fine here because
	// the order of drawing follows the input, not the map.
	at := map[hex.Hex][]int{}
	for i, k := range counters {
		at[k.Hex] = append(at[k.Hex], i)
	}
	styles := map[float64]counterStyle{}
	out := make([]placedCounter, 0, len(counters))
	for i, k := range counters {
		idx := at[k.Hex]
		if idx[0] != i {
			continue // drawn with the first counter of its hex
		}
		for j, b := range cp.boxes(k.Hex, len(idx)) {
			st, ok := styles[b.size]
			if !ok {
				var err error
				if st, err = newCounterStyle(b.size); err != nil {
					return nil, err
				}
				styles[b.size] = st
			}
			out = append(out, placedCounter{k: counters[idx[j]], b: b, st: st})
		}
	}
	return out, nil
}

// terrainPainter paints the layers of the terrain under the counters.
type terrainPainter struct {
	lay     layout
	m       *mapgen.Map
	art     *hexArt
	fills   []color.RGBA // each hex's ground colour
	deploy  []int8       // side+1 of a deployment zone, 0 none
	reach   []bool       // a move preview's reachable hexes, tagged; nil none
	numbers *glyphSet    // nil: no hex numbers
	// numberTop is from a hex's top to its number's baseline.
	numberTop int
	// numbersAside: the hex numbers are not painted but listed in
	// aside, for layNumbers to write in palette indices.
	numbersAside bool
	aside        []asideNumber
	names        []string // XXYY of each hex, made as needed
	fill         filler
}

// paintBands paints the picture below the title strip but for its
// rulers one band of bandRows rows at a time (0: two hex rows), every
// layer of a band before the next band, so the band's pixels stay in the
// processor's cache: painting the whole picture layer after layer spent
// more time waiting on memory than drawing. Each band is the window band
// gives (at the picture's own coordinates, so the pixels are the same
// whatever the band height: TestBands), handed to done once painted:
// paintTerrain's done draws the rulers over it, terrainRows's maps it to
// palette indices and writes the rulers and hex numbers so.
func (tp *terrainPainter) paintBands(bandRows int, band func(y0, y1 int) *image.RGBA, done func(*image.RGBA)) {
	lay := tp.lay
	g := lay.below()
	W, H := lay.W, lay.H-lay.strip.height
	if bandRows <= 0 {
		// Two hex rows: a band of a sector map is about half a megabyte.
		bandRows = max(64, int(2*g.height))
	}
	// The background only where no hex will be painted: the margins and
	// the jagged edges of the hex area.
	top := int(g.oy + g.height/2 + 2)
	bot := int(g.oy+float64(lay.mh)-g.height/2) - 2
	for y0 := 0; y0 < H; y0 += bandRows {
		img := band(y0, min(y0+bandRows, H))
		fillRect(img, 0, 0, W, top, colBackground)
		fillRect(img, 0, bot, W, H, colBackground)
		fillRect(img, 0, top, int(g.ox+g.size/2)+2, bot, colBackground)
		fillRect(img, int(g.ox+float64(lay.mw)-g.size/2)-2, top, W, bot, colBackground)
		tp.paintWindow(img, g, nil)
		done(img)
	}
}

// paintWindow paints the terrain within img, a window of the picture at
// the picture's own coordinates (its Rect), whose grid is g: every hex
// whose drawing may reach the window, clipped to it. How far a hex's
// drawing reaches from its centre: half a hex, and road caps and line
// widths beyond; across, a stamp's sprites. Only the hexes marked in
// only are painted, if it is given.
func (tp *terrainPainter) paintWindow(img *image.RGBA, g grid, only []bool) {
	r := img.Rect
	reachX, reachY := g.reach()
	// Hex rows whose centres (even or odd column) lie within reach, and
	// the columns.
	first := max(int(math.Floor((float64(r.Min.Y)-reachY-g.oy-g.height)/g.height))-1, 0)
	last := min(int(math.Ceil((float64(r.Max.Y)+reachY-g.oy)/g.height))+1, tp.m.Height-1)
	c0 := max(int(math.Floor((float64(r.Min.X)-reachX-g.ox-g.size)/g.step))-1, 0)
	c1 := min(int(math.Ceil((float64(r.Max.X)+reachX-g.ox-g.size)/g.step))+1, tp.m.Width-1)
	if first <= last && c0 <= c1 {
		tp.paint(img, g, first, last, c0, c1, only)
	}
}

// reach is how far a hex's drawing may reach from its centre, across and
// down (paintWindow).
func (g grid) reach() (x, y float64) {
	return math.Ceil(g.size) + math.Ceil(0.15*g.size) + 6, math.Ceil(g.height/2) + math.Ceil(0.15*g.size) + 6
}

// drawnArea is the rectangle of the picture below the title strip, whose
// grid is g, that the hexes' drawings may reach: outside it, the margins
// hold only their background and the rulers.
func drawnArea(g grid) image.Rectangle {
	rx, ry := g.reach()
	x0, y0 := g.center(hex.Hex{})
	x1, y1 := g.center(hex.Hex{X: g.w - 1, Y: g.h - 1})
	if g.w > 1 {
		y1 = g.oy + g.height*float64(g.h) // an odd column's last centre
	}
	return image.Rect(int(math.Floor(x0-rx)), int(math.Floor(y0-ry)), int(math.Ceil(x1+rx))+1, int(math.Ceil(y1+ry))+1)
}

// paint paints the hexes of rows first..last and columns c0..c1 (those
// marked in only, if given) into img, a window of the picture at its own coordinates, clipped to the
// window. Layer order: ground, what stands on it, road casings, road
// bands, outlines and contours, deployment zones, hex numbers.
func (tp *terrainPainter) paint(img *image.RGBA, g grid, first, last, c0, c1 int, only []bool) {
	m := tp.m
	R := img.Rect
	type cell struct {
		i      int
		h      hex.Hex
		cx, cy float64
		ax, ay int
		st     *stamp
	}
	cells := make([]cell, 0, (last-first+1)*(c1-c0+1))
	for y := first; y <= last; y++ {
		for x := c0; x <= c1; x++ {
			if only != nil && !only[y*m.Width+x] {
				continue
			}
			h := hex.Hex{X: x, Y: y}
			cx, cy := g.center(h)
			cells = append(cells, cell{y*m.Width + x, h, cx, cy, int(math.Floor(cx)), int(math.Floor(cy)), &tp.art.stamps[x&1]})
		}
	}

	// Ground, row by row from the stamp of the hex's column parity.
	widest := int(2*g.size) + 2
	for _, c := range cells {
		tp.fill.set(tp.fills[c.i], widest)
		for _, r := range c.st.spans {
			y, x0, x1 := c.ay+r.dy, max(c.ax+r.x0, R.Min.X), min(c.ax+r.x1, R.Max.X)
			if y >= R.Min.Y && y < R.Max.Y && x0 < x1 {
				tp.fill.span(img, y, x0, x1)
			}
		}
	}
	// A hex's own marks and borders are drawn in a view of the window
	// whose origin is the hex's anchor, from the stamp's centre: alike
	// in every hex of a parity, to the last bit of their arithmetic.
	var view image.RGBA
	at := func(c cell) *image.RGBA {
		view = *img
		view.Rect = R.Sub(image.Pt(c.ax, c.ay))
		return &view
	}
	for _, c := range cells {
		if t := m.Cells[c.i]; t.Terrain != mapgen.Open {
			drawFeatures(at(c), tp.art.sprites, g.size, scatterOf(c.h), t, c.st.fx, c.st.fy)
		}
	}
	// Roads: all the dark casings first, then the grey bands over them,
	// so joins between hexes show no seams.
	for _, edge := range []bool{true, false} {
		for _, c := range cells {
			if m.Cells[c.i].Road {
				drawRoads(img, c.st, roadSides(m, c.h), c.ax, c.ay, edge)
			}
		}
	}
	// Outlines: each hex stamps its N, NW and SW hexsides, and the outer
	// sides of the last column and row. Contours over them.
	for _, c := range cells {
		c.st.outline.draw(img, c.ax, c.ay)
		for _, d := range [3]hex.Direction{hex.NE, hex.SE, hex.S} {
			nb := c.h.Neighbor(d)
			if !m.Contains(nb) {
				c.st.side[d].draw(img, c.ax, c.ay)
			} else if m.At(nb).Elevation != m.Cells[c.i].Elevation {
				c.st.contour[d].draw(img, c.ax, c.ay)
			}
		}
	}
	// Deployment zones: hatching in the side colour (aligned to the whole
	// picture, so bands join) and a border where the zone ends.
	period := g.hatchPeriod()
	for _, c := range cells {
		z := tp.deploy[c.i]
		if z == 0 {
			continue
		}
		col := sideColor(int(z) - 1)
		for _, r := range c.st.spans {
			y := c.ay + r.dy
			if y < R.Min.Y || y >= R.Max.Y {
				continue
			}
			x0, x1 := max(c.ax+r.x0, R.Min.X), min(c.ax+r.x1, R.Max.X)
			if x0 >= x1 {
				continue
			}
			o := img.PixOffset(x0, y)
			row := img.Pix[o : o+4*(x1-x0)]
			for i, k := 0, (x0+y)%period; i+4 <= len(row); i, k = i+4, k+1 {
				if k == period {
					k = 0
				}
				if k < period/4 {
					blendInto(row[i:i+4:i+4], col, deployAlpha)
				}
			}
		}
		for _, d := range hex.Directions {
			nb := c.h.Neighbor(d)
			if m.Contains(nb) && tp.deploy[nb.Y*m.Width+nb.X] == z {
				continue
			}
			sx0, sy0, sx1, sy1 := g.side(c.st.fx, c.st.fy, d)
			line(at(c), sx0, sy0, sx1, sy1, math.Max(1.5, 0.1*g.size), col, 230)
		}
	}
	// Reachable hexes' tags, behind their numbers.
	for _, c := range cells {
		if tp.reach != nil && tp.reach[c.i] {
			tag := tagRect(tp.lay, g, c.h, tp.name(c.i, c.h)).Intersect(R)
			for _, s := range c.st.spans {
				y := c.ay + s.dy
				x0, x1 := max(c.ax+s.x0+tagInset, tag.Min.X), min(c.ax+s.x1-tagInset, tag.Max.X)
				if y >= tag.Min.Y && y < tag.Max.Y && x0 < x1 {
					fillSpan(img, y, x0, x1, colReachable)
				}
			}
		}
	}
	// Hex numbers, XXYY at the top of each hex, dark on light ground
	// (and on a reachable hex's tag) and light on dark ground.
	if gs := tp.numbers; gs != nil {
		for _, c := range cells {
			n := tp.number(g, c.i, c.h, c.cx, c.cy)
			if tp.numbersAside {
				tp.aside = append(tp.aside, n)
				continue
			}
			gs.drawCrisp(img, n.x, n.y, n.s, n.col)
		}
	}
}

// number is the number of hex h, cell i, centred at (cx, cy) in grid g:
// where it is printed, dark on light ground (and on a reachable hex's
// tag) and light on dark ground.
func (tp *terrainPainter) number(g grid, i int, h hex.Hex, cx, cy float64) asideNumber {
	col := colDark
	if luma(tp.fills[i]) < 120 && (tp.reach == nil || !tp.reach[i]) {
		col = colWhite
	}
	x, y := numberAt(g, cx, cy, tp.numberTop)
	return asideNumber{x, y, tp.name(i, h), col}
}

// asideNumber is a hex number set aside (numbersAside): drawCrisp's
// place, text and colour.
type asideNumber struct {
	x, y int
	s    string
	col  color.RGBA
}

// layNumbers writes the hex numbers set aside since it was last called
// into pix, the rows of band B's palette indices, stride bytes apart
// (layCrisp): B painted and looked up without them, as the last layer.
func (tp *terrainPainter) layNumbers(pix []byte, stride int, B image.Rectangle) {
	for _, n := range tp.aside {
		tp.numbers.layCrisp(pix, stride, B, n.x, n.y, n.s, indexOf(n.col))
	}
	tp.aside = tp.aside[:0]
}

// name is hex h's number, cell i's, made once though the hex may span
// bands.
func (tp *terrainPainter) name(i int, h hex.Hex) string {
	if tp.names[i] == "" {
		tp.names[i] = h.String()
	}
	return tp.names[i]
}

// tagInset is how far a reachable hex's tag keeps from its hexsides,
// clear of the outline.
const tagInset = 2

// tagRect is the rectangle of the tag that marks hex h reachable, in
// grid g: its number's place (printed or not), two pixels wider on each
// side and one above and below, cut by the hex's sides (tagInset from
// them) where it is painted. Its last row is the number's baseline,
// above the counters in the hex (counterPlace starts them two rows
// below it); without printed numbers the counters start at the hex's
// top, over the tag.
func tagRect(lay layout, g grid, h hex.Hex, name string) image.Rectangle {
	cx, cy := g.center(h)
	x, y := numberAt(g, cx, cy, lay.numberTop)
	gs := lay.numberFace
	b := gs.bounds(x-gs.width(name)/2, y, name)
	return image.Rect(b.Min.X-2, b.Min.Y-1, b.Max.X+2, b.Max.Y+1)
}

// numberAt is where the number of the hex centred at (cx, cy) is
// printed: centred on x, its baseline at y, top pixels below the hex's
// top. Floor(v+0.5), not Round: Round takes halves away from zero,
// which differs between bands above and below row 0.
func numberAt(g grid, cx, cy float64, top int) (x, y int) {
	return int(math.Floor(cx + 0.5)), int(math.Floor(cy-g.height/2+0.5)) + top
}
