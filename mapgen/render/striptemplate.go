package render

import (
	"image"
	"strconv"
	"sync"
)

// A tactical map's title strip is its legend on the strip's colour with
// the title and the viewer printed at its left end. The legend stays
// from picture to picture of a battle while the title changes (its turn
// and phase, its viewer), so the strip without its text is drawn, mapped
// to the palette and deflated once per legend and width: its template.
// A picture copies the template and draws only its text, over the
// rectangle the text covers (titleStrip.textBounds), when that is clear
// of the legend; else the whole strip. Either way the strip's pixels are
// those of the strip drawn whole.

// stripTemplate is a title strip's legend on the strip's colour,
// paletted, each row led by a PNG filter byte (0), and its rows deflated
// once a picture is written on it.
type stripTemplate struct {
	rows  []byte
	once  sync.Once
	coded *codedRows
}

// code is the template's rows deflated, coded on first use.
func (t *stripTemplate) code(stride int) *codedRows {
	t.once.Do(func() { t.coded = codeRows(t.rows, stride, newMatcher(stride, 0), adlerOf(t.rows)) })
	return t.coded
}

// stripKey is what a template's pixels depend on: the strip's size, its
// faces, and its legend items with their places.
type stripKey struct {
	width, height, lineH int
	swatch               float64
	text                 *glyphSet
	items                string
}

// strips are the templates drawn, 16 at most, and 8 MB: a battle's
// pictures use a few legends (with and without a move's path, a line of
// fire). A template is some 60 to 120 KB of rows at the default hex
// size, ten times as much at the largest, and its coding once used as
// much again and a little more.
var strips = kept[stripKey, *stripTemplate]{bound: 16, bytes: 8 << 20, weigh: func(t *stripTemplate) int { return 5 * len(t.rows) / 2 }}

// stripTemplateFor returns the template of st, drawing it on a miss.
func stripTemplateFor(st *titleStrip) *stripTemplate {
	var items []byte
	for i, it := range st.items {
		items = strconv.AppendFloat(append(items, it.label...), it.wide, 'g', -1, 64)
		for _, n := range []int{it.side, st.at[i].X, st.at[i].Y} {
			items = strconv.AppendInt(append(items, '|'), int64(n), 10)
		}
		items = append(items, ';')
	}
	key := stripKey{width: st.width, height: st.height, lineH: st.lineH, swatch: st.swatch, text: st.textFace, items: string(items)}
	return strips.get(key, func() *stripTemplate {
		return &stripTemplate{rows: paintedRows(st.width, st.height, func(img *image.RGBA) {
			fillRect(img, 0, 0, st.width, st.height, colStrip)
			st.drawLegend(img, 0)
		})}
	})
}
