package render

import (
	"bytes"
	"fmt"
	"image"
)

// A new legend (a new map's grounds and objectives, or a view's new
// marks) was drawn and coded whole: about 1.8 times image/png's encode
// of a blank canvas on top of a new map's picture, most of it gg
// stroking the swatches and the thorough matcher over the band. But a
// legend is a few lines of items, and the legends of different maps and
// views share most of their lines: the pictures of 2,000 generated maps
// (each side's and the referee's, the sample view) hold 230 different
// legends in 598 lines, 91 of them different where they stand. So each
// line is kept, its rows and its tokens matched within the line alone
// (so that they hold wherever the line is in a stream), and a new
// legend's band is its
// lines put together: their rows one after the other, their tokens in
// one block with codes of its own, their checksums joined. A line whose
// items reach outside its rows is not kept, and its legend is drawn
// whole as before; the band's rows are the same either way
// (TestStrategicLegendLines).

// legendLines keeps the lines of the legends drawn, some 28 KB each on
// a 4×3 map: the sample view on 1,000 generated maps draws 42. A line
// at the largest hex size is ten times as big, and 128 of them were
// some 70 MB: 8 MB bounds them.
var legendLines = kept[legendLineKey, *legendLine]{bound: 128, bytes: 8 << 20, weigh: func(l *legendLine) int {
	if l == nil { // a line that cannot be kept, known as such
		return keptUpkeep
	}
	return len(l.rows) + 4*len(l.toks) + keptUpkeep
}}

// legendLineKey is what a legend's line is drawn from: its items (each
// one's id, label and left edge), its place in the band (a swatch is
// drawn where it stands: gg's shapes moved are not sure to cover the
// same pixels), the scale and the band's width.
type legendLineKey struct {
	items string
	line  int
	size  float64
	W     int
}

// legendLine is a line of a legend: its stream rows, their tokens and
// checksum; nil when its items reach outside it.
type legendLine struct {
	rows  []byte
	toks  []token
	adler uint32
}

// legendFromLines is the legend's band of p's picture put together from
// its lines, drawn on a miss in RGBA in scratch: its rows, tokens and
// checksum; false when a line's items reach outside it.
func (p *strategicPainter) legendFromLines(scratch *[]byte) ([]byte, []token, uint32, bool) {
	st := p.legend
	n := st.height / st.lineH // the band has no title nor viewer: lines of items alone
	rows := make([]byte, 0, (p.W+1)*st.height)
	var toks []token
	adler := uint32(1) // the checksum of nothing
	for k := range n {
		ln := p.legendLine(k, scratch)
		if ln == nil {
			return nil, nil, 0, false
		}
		rows = append(rows, ln.rows...)
		toks = append(toks, ln.toks...)
		adler = adlerJoin(adler, ln.adler, len(ln.rows))
	}
	return rows, toks, adler, true
}

// legendLine is line k of the legend of p's picture, drawn on a miss as
// the band draws it, in RGBA in scratch, with the band's ground above it
// and a line's below to tell whether its items stay within it.
func (p *strategicPainter) legendLine(k int, scratch *[]byte) *legendLine {
	st := p.legend
	var key []byte
	for i, it := range st.items {
		if st.at[i].Y == k {
			key = fmt.Appendf(key, "%q %q %d\n", it.id, it.label, st.at[i].X)
		}
	}
	return legendLines.get(legendLineKey{items: string(key), line: k, size: p.s, W: p.W}, func() *legendLine {
		W, lh := p.W, st.lineH
		img := newPicture(W, (k+2)*lh, scratch)
		fillRect(img, 0, 0, W, (k+2)*lh, colStrip)
		for i := range st.items {
			if st.at[i].Y == k {
				st.drawItem(img, 0, i)
			}
		}
		ground := bytes.Repeat([]byte{colStrip.R, colStrip.G, colStrip.B, 255}, W)
		for y := range (k + 2) * lh {
			if (y < k*lh || y >= (k+1)*lh) && !bytes.Equal(img.Pix[y*img.Stride:][:4*W], ground) {
				return nil
			}
		}
		line := &image.RGBA{Pix: img.Pix[k*lh*img.Stride:], Stride: img.Stride, Rect: image.Rect(0, 0, W, lh)}
		rows := make([]byte, (W+1)*lh)
		quantiseRepeats(rows[1:], W+1, line)
		return &legendLine{rows: rows, toks: chainTokens(rows, W+1), adler: adlerOf(rows).adler32(len(rows))}
	})
}
