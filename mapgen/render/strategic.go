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

func themeColor(t mapgen.Theme) color.RGBA {
	if c, ok := themeColors[t]; ok {
		return c
	}
	return colClear
}

// DrawStrategic draws the strategic map as the view's viewer sees it.
// The picture is paletted, in the colours every map is written in.
func DrawStrategic(v StrategicView, o Options) (image.Image, error) {
	img, err := drawStrategic(v, o, nil)
	if err != nil {
		return nil, err
	}
	return paletted(img, nil), nil
}

// WriteStrategicPNG draws the strategic map and writes it as PNG.
func WriteStrategicPNG(w io.Writer, v StrategicView, o Options) error {
	buf := getPixels()
	defer putPixels(buf)
	img, err := drawStrategic(v, o, buf)
	if err != nil {
		return err
	}
	return writePNG(w, img, o.Compression)
}

// strategicLegend lists the themes, then the objective kinds.
func strategicLegend() []legendItem {
	var items []legendItem
	for _, t := range mapgen.Themes {
		c := themeColor(t)
		items = append(items, legendItem{label: t.String(), swatch: func(img *image.RGBA, x, y, sz float64) {
			h := sz * 0.4
			fillRect(img, int(x-h), int(y-h), int(x+h), int(y+h), c)
			frame(img, int(x-h), int(y-h), int(x+h), int(y+h), 1, colDark)
		}})
	}
	for _, k := range []mapgen.ObjectiveKind{mapgen.City, mapgen.Spaceport, mapgen.Installation} {
		items = append(items, legendItem{label: k.String(), swatch: func(img *image.RGBA, x, y, sz float64) {
			dc := gg.NewContextForRGBA(img)
			objectiveIcon(dc, k, x, y, sz*0.42)
		}})
	}
	return items
}

// drawStrategic draws into pix when it is given (a pooled buffer), else
// into a new picture.
func drawStrategic(v StrategicView, o Options, pix *[]byte) (*image.RGBA, error) {
	o, err := o.resolved()
	if err != nil {
		return nil, err
	}
	if err := v.check(); err != nil {
		return nil, err
	}
	sm := v.Map
	s := o.HexSize
	cw, ch := math.Round(10*s), math.Round(6.5*s)
	gap := math.Round(0.3 * s)
	margin := math.Round(0.5 * s)
	W := int(2*margin + float64(sm.Cols)*cw + float64(sm.Cols-1)*gap)
	strip, err := newTitleStrip(s, W, v.Title, v.Viewer, o.Legend, strategicLegend())
	if err != nil {
		return nil, err
	}
	H := int(2*margin+float64(sm.Rows)*ch+float64(sm.Rows-1)*gap) + strip.height
	if W*H > MaxPixels {
		return nil, fmt.Errorf("%w: %d×%d", ErrTooLarge, W, H)
	}
	img := newPicture(W, H, pix)
	fillRect(img, 0, 0, W, H, colBackground)
	dc := gg.NewContextForRGBA(img)

	nameF, err := face(bold, math.Max(10, 0.62*s))
	if err != nil {
		return nil, err
	}
	textF, err := face(regular, math.Max(9, 0.5*s))
	if err != nil {
		return nil, err
	}
	markF, err := face(bold, math.Max(9, 0.58*s))
	if err != nil {
		return nil, err
	}

	// Marks per sector, in the order the view gives them.
	own := make([][]SectorMark, len(sm.Sectors))
	for _, mk := range v.Own {
		own[mk.SectorID-1] = append(own[mk.SectorID-1], mk)
	}
	contacts := make([][]SectorMark, len(sm.Sectors))
	for _, mk := range v.Contacts {
		contacts[mk.SectorID-1] = append(contacts[mk.SectorID-1], mk)
	}

	top := margin + float64(strip.height)
	pad := math.Round(0.3 * s)
	for i, sec := range sm.Sectors {
		col, row := sec.Col, sec.Row
		if col < 0 || row < 0 || col >= sm.Cols || row >= sm.Rows {
			col, row = i%sm.Cols, i/sm.Cols
		}
		x0 := margin + float64(col)*(cw+gap)
		y0 := top + float64(row)*(ch+gap)
		xi0, yi0, xi1, yi1 := int(x0), int(y0), int(x0+cw), int(y0+ch)
		tint := themeColor(sec.Theme)
		fillRect(img, xi0, yi0, xi1, yi1, tint)
		frame(img, xi0, yi0, xi1, yi1, 1, colDark)

		// Header: the sector's number (what orders name) and name.
		hy := yi0 + int(pad) + nameF.capHeight()
		x := nameF.draw(img, xi0+int(pad), hy, strconv.Itoa(sec.ID), colDark, 255) + int(0.4*s)
		name := fit(nameF, sec.Name, xi1-int(pad)-x)
		nameF.draw(img, x, hy, name, colDark, 255)
		ty := hy + textF.capHeight() + int(0.45*s)
		textF.draw(img, xi0+int(pad), ty, sec.Theme.String()+", "+sec.Orientation.String(), mix(colDark, tint, 0.35), 255)

		// Objectives, one a line.
		oy := ty + int(0.85*s)
		for _, ob := range sec.Objectives {
			if float64(oy) > y0+ch-1.3*s {
				break // the marks below need the room
			}
			objectiveIcon(dc, ob.Kind, x0+pad+0.35*s, float64(oy)-float64(textF.capHeight())/2, 0.35*s)
			lbl := fmt.Sprintf("%s  %d VP", ob.Name, ob.VP)
			textF.draw(img, xi0+int(pad+0.9*s), oy, fit(textF, lbl, xi1-int(pad)-xi0-int(pad+0.9*s)), colDark, 255)
			oy += int(0.85 * s)
		}

		// Own battlegroups as chips in the side colour, then contacts as
		// hostile diamonds, along the bottom of the sector, as many as
		// fit.
		mh := math.Round(0.9 * s)
		mx := x0 + pad
		my := y0 + ch - pad - mh
		for _, mk := range own[i] {
			lbl := orQuestion(mk.Label)
			w := float64(markF.width(lbl)) + 0.6*s
			if mx+w > x0+cw-pad {
				break
			}
			dc.DrawRoundedRectangle(mx, my, w, mh, 0.15*s)
			dc.SetColor(sideColor(mk.Side))
			dc.FillPreserve()
			dc.SetColor(colDark)
			dc.SetLineWidth(1)
			dc.Stroke()
			markF.drawCentered(img, int(mx+w/2+0.5), int(my+mh/2)+markF.capHeight()/2, lbl, colWhite, 255)
			mx += w + 0.25*s
		}
		for _, mk := range contacts[i] {
			lbl := orQuestion(mk.Label)
			r := mh / 2
			w := math.Max(2*r, float64(markF.width(lbl))+1.2*r)
			if mx+w > x0+cw-pad {
				break
			}
			// The NATO hostile diamond, drawn out into a pointed band
			// when the label is longer than a diamond is wide.
			cy := my + r
			dc.MoveTo(mx, cy)
			dc.LineTo(mx+r, cy-r)
			dc.LineTo(mx+w-r, cy-r)
			dc.LineTo(mx+w, cy)
			dc.LineTo(mx+w-r, cy+r)
			dc.LineTo(mx+r, cy+r)
			dc.ClosePath()
			dc.SetColor(colHostile)
			dc.FillPreserve()
			dc.SetColor(colDark)
			dc.SetLineWidth(1)
			dc.Stroke()
			markF.drawCentered(img, int(mx+w/2+0.5), int(cy)+markF.capHeight()/2, lbl, colWhite, 255)
			mx += w + 0.25*s
		}
	}
	strip.draw(img, 0)
	return img, nil
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

// orQuestion is a mark's label, or "?" for a contact not yet identified.
func orQuestion(label string) string {
	if label == "" {
		return "?"
	}
	return label
}
