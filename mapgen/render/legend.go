package render

import (
	"image"
	"image/color"
	"math"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

var (
	colStrip     = rgb(0x1e, 0x21, 0x24)
	colStripText = rgb(0xf0, 0xf0, 0xf0)
	colStripDim  = rgb(0xb0, 0xb4, 0xb8)
)

// legendItem is a swatch and its name. swatch draws the swatch centred at
// (x, y) in a box of side sz (wide times as wide, if wide > 1).
type legendItem struct {
	label  string
	swatch func(img *image.RGBA, x, y, sz float64)
	wide   float64
	side   int // the side whose colour the swatch is drawn in, if any
	// id is what the swatch is drawn from besides the scale, when the
	// legend's lines are kept (a strategic legend's, legendLines).
	id string
}

// terrainSwatch draws a small hex of the terrain exactly as the map draws
// it, so the legend cannot drift from the map.
func terrainSwatch(c mapgen.Cell, road bool) func(img *image.RGBA, x, y, sz float64) {
	return func(img *image.RGBA, x, y, sz float64) {
		g := newGrid(sz/2, 1, 1, 0, 0)
		col := groundColor(c)
		g.spans(x, y, img.Rect.Dx(), img.Rect.Dy(), func(py, x0, x1 int) { fillSpan(img, py, x0, x1, col) })
		drawFeatures(img, g.art().sprites, g.size, 1, c, x, y)
		if road {
			w := 0.24 * g.size
			line(img, x-g.size*0.75, y+g.height/4, x+g.size*0.75, y-g.height/4, w+2, colRoadEdge, 255)
			line(img, x-g.size*0.75, y+g.height/4, x+g.size*0.75, y-g.height/4, w, colRoad, 255)
		}
		for _, d := range hex.Directions {
			x0, y0, x1, y1 := g.side(x, y, d)
			line(img, x0, y0, x1, y1, 0.9, colGrid, 120)
		}
	}
}

// terrainLegend lists the terrain a tactical map may show.
var terrainLegend = []legendItem{
	{label: "clear", swatch: terrainSwatch(mapgen.Cell{}, false)},
	{label: "rough", swatch: terrainSwatch(mapgen.Cell{Terrain: mapgen.Rough}, false)},
	{label: "light woods", swatch: terrainSwatch(mapgen.Cell{Terrain: mapgen.LightWoods}, false)},
	{label: "heavy woods", swatch: terrainSwatch(mapgen.Cell{Terrain: mapgen.HeavyWoods}, false)},
	{label: "water 1", swatch: terrainSwatch(mapgen.Cell{Terrain: mapgen.Water1}, false)},
	{label: "water 2", swatch: terrainSwatch(mapgen.Cell{Terrain: mapgen.Water2}, false)},
	{label: "level 1", swatch: terrainSwatch(mapgen.Cell{Elevation: 1}, false)},
	{label: "level 2", swatch: terrainSwatch(mapgen.Cell{Elevation: 2}, false)},
	{label: "road", swatch: terrainSwatch(mapgen.Cell{}, true)},
	{label: "building L/M/H/hard", swatch: buildingsSwatch, wide: 2.2},
	{label: "rubble", swatch: terrainSwatch(mapgen.Cell{Terrain: mapgen.Rubble}, false)},
}

// buildingsSwatch shows the four building classes side by side, smallest
// first, since size and darkness are what tell them apart.
func buildingsSwatch(img *image.RGBA, x, y, sz float64) {
	s := sz / 2
	for cls := 1; cls <= 4; cls++ {
		drawBuilding(img, cls, x-1.5*s+float64(cls-1)*s*1.05, y, s*0.95)
	}
}

// titleStrip is the band at the top of a picture: title and viewer on
// the first line, then the legend, on the same line when it fits, else
// flowing over as many lines as it needs.
type titleStrip struct {
	height, width int
	pad, lineH    int
	title, viewer string
	titleFace     *glyphSet
	textFace      *glyphSet
	swatch        float64
	viewerLine    int // 0 beside the title, 1 below it
	items         []legendItem
	at            []image.Point // each item's left edge and line
}

// newTitleStrip lays out a strip of the given width at scale s, its
// text in the faces fonts gives (face, or coarseFace).
func newTitleStrip(fonts func(fontID, float64) (*glyphSet, error), s float64, width int, title, viewer string, legend bool, items []legendItem) (*titleStrip, error) {
	tf, err := fonts(bold, math.Max(10, 0.7*s))
	if err != nil {
		return nil, err
	}
	xf, err := fonts(regular, math.Max(9, 0.55*s))
	if err != nil {
		return nil, err
	}
	st := &titleStrip{
		width: width, pad: int(0.5 * s), lineH: int(math.Round(1.5 * s)),
		titleFace: tf, textFace: xf, swatch: math.Round(s),
	}
	if legend {
		st.items = items
	}
	if title == "" && viewer == "" && len(st.items) == 0 {
		return st, nil
	}
	// A title too long for the picture is cut rather than drawn past it;
	// the viewer goes on a line of his own when he does not fit beside it.
	st.title = fit(tf, title, width-2*st.pad)
	st.viewer = viewer
	used := st.pad
	if st.title != "" {
		used += tf.width(st.title) + st.pad
	}
	if viewer != "" {
		if used+xf.width(st.viewerText())+st.pad > width && st.title != "" {
			st.viewerLine, used = 1, st.pad
		}
		st.viewer = fit(xf, viewer, max(0, width-used-st.pad-xf.width("as seen by ")))
		used += xf.width(st.viewerText()) + 2*st.pad
	}
	gap := int(0.6 * s)
	total := 0
	for i, it := range st.items {
		if i > 0 {
			total += gap
		}
		total += st.itemWidth(it)
	}
	lines := 1 + st.viewerLine
	if title == "" && viewer == "" {
		used = 0
	}
	switch {
	case len(st.items) == 0:
	case used+total+st.pad <= width:
		// Right-aligned on the last line of title and viewer.
		x := width - st.pad - total
		for _, it := range st.items {
			st.at = append(st.at, image.Pt(x, st.viewerLine))
			x += st.itemWidth(it) + gap
		}
	default:
		line, x := lines, st.pad
		if used == 0 {
			line = 0
		}
		for _, it := range st.items {
			w := st.itemWidth(it)
			if x > st.pad && x+w > width-st.pad {
				line, x = line+1, st.pad
			}
			st.at = append(st.at, image.Pt(x, line))
			x += w + gap
		}
		lines = line + 1
	}
	st.height = lines * st.lineH
	return st, nil
}

func (st *titleStrip) viewerText() string {
	if st.viewer == "" {
		return ""
	}
	return "as seen by " + st.viewer
}

// swatchWidth is the room an item's swatch takes.
func (st *titleStrip) swatchWidth(it legendItem) float64 {
	return st.swatch * max(1, it.wide)
}

func (st *titleStrip) itemWidth(it legendItem) int {
	return int(st.swatchWidth(it)) + 4 + st.textFace.width(it.label)
}

// draw paints the strip with its top at y0.
func (st *titleStrip) draw(img *image.RGBA, y0 int) {
	if st.height == 0 {
		return
	}
	fillRect(img, 0, y0, st.width, y0+st.height, colStrip)
	st.drawText(img, y0)
	st.drawLegend(img, y0)
}

// text calls f with each line of the title and the viewer: its face,
// start, baseline, text and colour.
func (st *titleStrip) text(y0 int, f func(gs *glyphSet, x, base int, s string, c color.RGBA)) {
	base := y0 + st.lineH/2 + st.titleFace.capHeight()/2
	x := st.pad
	if st.title != "" {
		f(st.titleFace, x, base, st.title, colStripText)
		x += st.titleFace.width(st.title) + st.pad
	}
	if vt := st.viewerText(); vt != "" {
		if st.viewerLine == 1 {
			x, base = st.pad, base+st.lineH
		}
		f(st.textFace, x, base, vt, colStripDim)
	}
}

// drawText prints the title and the viewer.
func (st *titleStrip) drawText(img *image.RGBA, y0 int) {
	st.text(y0, func(gs *glyphSet, x, base int, s string, c color.RGBA) { gs.draw(img, x, base, s, c, 255) })
}

// textBounds is the rectangle drawText may change, and whether it is
// clear of the legend (of each item's swatch and label, with a pixel
// around), so that the strip is its legend on the strip's colour with
// the text drawn over that rectangle alone.
func (st *titleStrip) textBounds() (image.Rectangle, bool) {
	var r image.Rectangle
	st.text(0, func(gs *glyphSet, x, base int, s string, _ color.RGBA) { r = r.Union(gs.bounds(x, base, s)) })
	r = r.Intersect(image.Rect(0, 0, st.width, st.height))
	for i, it := range st.items {
		p := st.at[i]
		if r.Overlaps(image.Rect(p.X-2, p.Y*st.lineH-2, p.X+st.itemWidth(it)+2, (p.Y+1)*st.lineH+2)) {
			return r, false
		}
	}
	return r, true
}

// drawLegend draws the legend's items.
func (st *titleStrip) drawLegend(img *image.RGBA, y0 int) {
	for i := range st.items {
		st.drawItem(img, y0, i)
	}
}

// drawItem draws the legend's item i, its swatch and label.
func (st *titleStrip) drawItem(img *image.RGBA, y0, i int) {
	it, p := st.items[i], st.at[i]
	ly := y0 + p.Y*st.lineH + st.lineH/2
	sw := st.swatchWidth(it)
	it.swatch(img, float64(p.X)+sw/2, float64(ly), st.swatch)
	st.textFace.draw(img, p.X+int(sw)+4, ly+st.textFace.capHeight()/2, it.label, colStripDim, 255)
}
