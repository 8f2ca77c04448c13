package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"runtime"
	"slices"
	"testing"
	"weak"

	"bfbot/mapgen"
)

// MustDrawStrategic draws a view or fails the test.
func MustDrawStrategic(tb testing.TB, v StrategicView, o Options) image.Image {
	tb.Helper()
	img, err := DrawStrategic(v, o)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

// Ensure the hand-made 4×3 strategic map draws as the golden picture.
func TestStrategicSample(t *testing.T) {
	golden(t, "strategic-sample", MustDrawStrategic(t, sampleStrategicView(sampleStrategic()), DefaultOptions()))
}

// Ensure the generated 4×3 strategic map in the set-up phase draws as
// the golden picture: the sectors where the viewer may deploy are
// framed in his colour.
func TestStrategicSetup(t *testing.T) {
	golden(t, "strategic-setup", MustDrawStrategic(t, setupStrategicView(strategicMap(t)), DefaultOptions()))
}

// Ensure a contact the viewer does not know draws only as a contact: the
// picture changes when it is there, and its label is the view's.
func TestStrategicContacts(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	without := v
	without.Contacts = nil
	a := MustDrawStrategic(t, v, DefaultOptions())
	b := MustDrawStrategic(t, without, DefaultOptions())
	if n, _ := pixelDiff(a, b); n == 0 {
		t.Error("contacts drew nothing")
	}
}

// Ensure bad strategic views are refused with an error naming the fault.
func TestStrategicErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(v *StrategicView, o *Options)
		want error
	}{
		{"ErrNoMap", func(v *StrategicView, o *Options) { v.Map = nil }, ErrNoMap},
		{"ErrSector", func(v *StrategicView, o *Options) { v.Own = []SectorMark{{SectorID: 13, Label: "1st"}} }, ErrSector},
		{"ErrSectorNegative", func(v *StrategicView, o *Options) { v.Contacts = []SectorMark{{SectorID: -1}} }, ErrSector},
		{"ErrSearchInOrbit", func(v *StrategicView, o *Options) { v.Searches = []SectorMark{{SectorID: Orbit}} }, ErrSector},
		{"ErrHoldInOrbit", func(v *StrategicView, o *Options) { v.Holds = []SectorMark{{SectorID: Orbit, Label: "BG4"}} }, ErrSector},
		{"ErrBattleSector", func(v *StrategicView, o *Options) { v.Battles = []BattleMark{{SectorID: 13, Label: "battle 1"}} }, ErrSector},
		{"ErrMoveToOrbit", func(v *StrategicView, o *Options) {
			v.Orders = []OrderArrow{{Kind: MoveArrow, Path: []int{1, Orbit}, Label: "BG1"}}
		}, ErrOrder},
		{"ErrDropFromSector", func(v *StrategicView, o *Options) {
			v.Orders = []OrderArrow{{Kind: DropArrow, Path: []int{1, 2}, Label: "BG1"}}
		}, ErrOrder},
		{"ErrPathTooShort", func(v *StrategicView, o *Options) { v.Orders = []OrderArrow{{Kind: MoveArrow, Path: []int{1}}} }, ErrOrder},
		{"ErrArrowKind", func(v *StrategicView, o *Options) { v.Orders = []OrderArrow{{Kind: numArrowKinds, Path: []int{1, 2}}} }, ErrOrder},
		{"ErrMoveOffMap", func(v *StrategicView, o *Options) { v.Orders = []OrderArrow{{Kind: MoveArrow, Path: []int{12, 13}}} }, ErrSector},
		{"ErrHexSize", func(v *StrategicView, o *Options) { o.HexSize = 7 }, ErrHexSize},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, o := sampleStrategicView(sampleStrategic()), DefaultOptions()
			tc.edit(&v, &o)
			if _, err := DrawStrategic(v, o); !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
			if err := WriteStrategicPNG(&bytes.Buffer{}, v, o); !errors.Is(err, tc.want) {
				t.Errorf("WriteStrategicPNG err = %v, want %v", err, tc.want)
			}
		})
	}
	t.Run("ErrSectors", func(t *testing.T) {
		s := sampleStrategic()
		s.Sectors = s.Sectors[:5]
		if _, err := DrawStrategic(StrategicView{Map: s}, DefaultOptions()); err == nil {
			t.Error("a strategic map with missing sectors was drawn")
		}
	})
}

// Ensure WriteStrategicPNG writes what DrawStrategic draws, with the
// legend (its kept block last) and without it (the sectors' block
// last), at several hex sizes.
func TestWriteStrategicPNG(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	for _, o := range []Options{DefaultOptions(), {HexSize: 13}, {HexSize: 27.5, Legend: true}} {
		var buf bytes.Buffer
		if err := WriteStrategicPNG(&buf, v, o); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("hex size %g, legend %v: %v", o.HexSize, o.Legend, err)
		}
		if n, at := pixelDiff(got, MustDrawStrategic(t, v, o)); n != 0 {
			t.Errorf("hex size %g, legend %v: %d pixels differ, first at %v", o.HexSize, o.Legend, n, at)
		}
	}
}

// Ensure sector names, objectives and marks of any length are drawn
// inside their sector's box. The box is measured on the picture (the
// pixels a change of the sector's theme tint), and so are the labels
// (the pixels that differ from the same sector drawn bare).
func TestStrategicLongNames(t *testing.T) {
	const id = 2 // top row, between sectors 1 and 3, above 6
	bare := sampleStrategic()
	sec := &bare.Sectors[id-1]
	sec.Name, sec.Objectives = "X", nil
	bareView := StrategicView{Map: bare, Title: "Campaign", Viewer: "Lancers"}

	long := sampleStrategic()
	sec = &long.Sectors[id-1]
	sec.Name = "A Sector Whose Name Goes On And On Past Any Border"
	sec.Objectives = append(sec.Objectives,
		mapgen.Objective{Kind: mapgen.Spaceport, Name: "Very Long Spaceport Name Indeed, Longer Than Any Sector", VP: 10},
		mapgen.Objective{Kind: mapgen.Installation, Name: "Third", VP: 1},
		mapgen.Objective{Kind: mapgen.Installation, Name: "Fourth", VP: 1},
		mapgen.Objective{Kind: mapgen.City, Name: "Fifth", VP: 1})
	longView := bareView
	longView.Map = long
	for range 8 {
		longView.Own = append(longView.Own, SectorMark{SectorID: id, Label: "Battlegroup", Side: 0})
		longView.Contacts = append(longView.Contacts, SectorMark{SectorID: id, Label: "Bandits", Side: 1})
	}

	tinted := sampleStrategic()
	sec = &tinted.Sectors[id-1]
	sec.Name, sec.Objectives = "X", nil
	sec.Theme = mapgen.Themes[(slices.Index(mapgen.Themes, sec.Theme)+1)%len(mapgen.Themes)]
	tintedView := bareView
	tintedView.Map = tinted

	o := DefaultOptions()
	o.Legend = false // the legend lists the marks drawn: it changes too
	box := diffBounds(MustDrawStrategic(t, bareView, o), MustDrawStrategic(t, tintedView, o))
	labels := diffBounds(MustDrawStrategic(t, bareView, o), MustDrawStrategic(t, longView, o))
	if box.Empty() || labels.Empty() {
		t.Fatalf("box %v, labels %v: nothing drawn", box, labels)
	}
	if !labels.In(box) {
		t.Errorf("the labels cover %v, outside their sector's box %v", labels, box)
	}
	// The name is shortened to the box, not dropped: it reaches near the
	// right edge.
	if labels.Max.X < box.Max.X-int(o.HexSize) {
		t.Errorf("the labels end at x %d, far from the box's right edge %d: the long name is not drawn to fit", labels.Max.X, box.Max.X)
	}
}

// diffBounds is the smallest rectangle holding every pixel that differs
// between a and b (of the same size).
func diffBounds(a, b image.Image) image.Rectangle {
	var r image.Rectangle
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if color.RGBAModel.Convert(a.At(x, y)) != color.RGBAModel.Convert(b.At(x, y)) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// paintStrategic paints the whole picture of v in RGB, every part in
// the order the composed picture draws it, into pix when it is given:
// the reference the tests read the layout, the symbols drawn and the
// colours from.
func paintStrategic(v StrategicView, o Options, pix *[]byte) (*strategicPainter, error) {
	p, err := layoutStrategic(v, o)
	if err != nil {
		return nil, err
	}
	p.on(newPicture(p.W, p.H, pix))
	fillRect(p.img, 0, 0, p.W, p.H, colBackground)
	p.drawTop()
	p.drawLinks()
	for i := range v.Map.Sectors {
		p.drawSector(i)
	}
	p.drawOrders()
	p.legend.draw(p.img, p.H-p.legend.height)
	return p, nil
}

// drawStrategic is paintStrategic's picture.
func drawStrategic(v StrategicView, o Options, pix *[]byte) (*image.RGBA, error) {
	p, err := paintStrategic(v, o, pix)
	if err != nil {
		return nil, err
	}
	return p.img, nil
}

// Ensure the strategic map sets every pixel, as the pooled buffers of
// WriteStrategicPNG need: what is painted in RGBA of the kept base (the
// ground filled around the sectors, not under them) and of the legend's
// band leaves no pixel of a transparent canvas unpainted, and a picture
// composed in buffers
// used before (the base's working copy after another view's picture, an
// RGBA picture of stale bytes) equals one composed in new ones.
func TestStrategicEveryPixelPainted(t *testing.T) {
	for _, o := range []Options{DefaultOptions(), {HexSize: 27.5, Legend: true}} {
		for name, v := range map[string]StrategicView{"sample": sampleStrategicView(sampleStrategic()), "bare": {Map: sampleStrategic()}} {
			p, err := layoutStrategic(v, o)
			if err != nil {
				t.Fatal(err)
			}
			img := image.NewRGBA(image.Rect(0, 0, p.W, p.H))
			p.paintBase(img)
			p.legend.draw(img, p.H-p.legend.height)
			for _, r := range []image.Rectangle{image.Rect(0, 0, p.W, p.legendTop()), image.Rect(0, p.H-p.legend.height, p.W, p.H)} {
				if n, at := unpainted(img, r); n > 0 {
					t.Errorf("%s at hex size %g: %d pixels of %v never painted, first at %v", name, o.HexSize, n, r, at)
				}
			}
			want, err := composeStrategic(v, o, false, nil, strategicRects)
			if err != nil {
				t.Fatal(err)
			}
			// The base's working copy after another view's picture.
			other, err := composeStrategic(searchedView(sampleStrategic()), o, true, nil, strategicRects)
			if err != nil {
				t.Fatal(err)
			}
			other.release()
			stale := bytes.Repeat([]byte{0x7f}, 4*len(want.Pix))
			got, err := composeStrategic(v, o, true, &stale, strategicRects)
			if err != nil {
				t.Fatal(err)
			}
			if n, at := pixelDiff(got, want); n != 0 {
				t.Errorf("%s at hex size %g: %d old pixels show through, first at %v", name, o.HexSize, n, at)
			}
			got.release()
		}
	}
}

// unpainted counts the pixels of r in img that are not opaque, and
// gives the first.
func unpainted(img *image.RGBA, r image.Rectangle) (int, image.Point) {
	n, first := 0, image.Point{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y).A != 255 {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}

// Ensure the view draws only within strategicRects: a picture composed
// from them equals one where the whole base above the legend is turned
// to RGB and drawn on, for the sample views at several hex sizes, with
// the legend and without; and the composed picture differs from the
// whole picture painted in RGB only where an arrow is drawn over the
// base's palette colours instead of the painted ones, and where the
// legend, drawn in a band of its own, rasterises an edge a level apart
// (at most a few pixels each).
func TestStrategicRects(t *testing.T) {
	whole := func(p *strategicPainter) []image.Rectangle {
		return []image.Rectangle{image.Rect(0, 0, p.W, p.H-p.legend.height)}
	}
	views := map[string]StrategicView{
		"sample":    sampleStrategicView(sampleStrategic()),
		"generated": sampleStrategicView(strategicMap(t)),
		"setup":     setupStrategicView(strategicMap(t)),
		"bare":      {Map: strategicMap(t)},
		"searched":  searchedView(sampleStrategic()),
	}
	for name, v := range views {
		for _, o := range []Options{DefaultOptions(), {HexSize: 13, Legend: true}, {HexSize: 33}, {HexSize: 27.5, Legend: true}} {
			got, err := composeStrategic(v, o, false, nil, strategicRects)
			if err != nil {
				t.Fatal(err)
			}
			want, err := composeStrategic(v, o, false, nil, whole)
			if err != nil {
				t.Fatal(err)
			}
			if n, at := pixelDiff(got, want); n != 0 {
				t.Errorf("%s at hex size %g: %d pixels drawn outside the rectangles, first at %v", name, o.HexSize, n, at)
			}
			img, err := drawStrategic(v, o, nil)
			if err != nil {
				t.Fatal(err)
			}
			if n, at := pixelDiff(got, paletted(img, nil)); n > len(v.Orders)*20+10 {
				t.Errorf("%s at hex size %g: %d pixels differ from the picture painted whole, first at %v", name, o.HexSize, n, at)
			}
		}
	}
}

// searchedView is the sample view with both sides' searches in every
// sector: each sector's head redrawn, its name shortened for one glass
// or two.
func searchedView(s *mapgen.Strategic) StrategicView {
	v := sampleStrategicView(s)
	v.Searches = nil
	for _, sec := range s.Sectors {
		v.Searches = append(v.Searches, SectorMark{SectorID: sec.ID, Side: sec.ID % 2})
		if sec.ID%3 == 0 {
			v.Searches = append(v.Searches, SectorMark{SectorID: sec.ID, Side: 1 - sec.ID%2})
		}
	}
	return v
}

// sampleStrategic is a hand-made 4×3 strategic map.
func sampleStrategic() *mapgen.Strategic {
	names := []string{"Kessel Flats", "Greenwood", "Harlech Hills", "Rhine Ford", "New Avalon City", "Marsh Edge",
		"Dustbowl", "Tamar Forest", "The Steppes of Very Long Names", "Blue River", "Port Arthur", "Crossroads"}
	s := &mapgen.Strategic{Name: "sample", Cols: 4, Rows: 3}
	for i, n := range names {
		sec := mapgen.Sector{ID: i + 1, Name: n, Col: i % 4, Row: i / 4, Theme: mapgen.Themes[i%len(mapgen.Themes)], Seed: uint64(i), Orientation: mapgen.Orientation(i % 2)}
		switch i % 4 {
		case 0:
			sec.Objectives = []mapgen.Objective{{Kind: mapgen.City, Name: n + " Town", VP: 3}}
		case 1:
			sec.Objectives = []mapgen.Objective{{Kind: mapgen.Spaceport, Name: "Starport", VP: 5}, {Kind: mapgen.Installation, Name: "HPG", VP: 2}}
		case 2:
			sec.Objectives = []mapgen.Objective{{Kind: mapgen.Installation, Name: "Depot", VP: 1}}
		}
		s.Sectors = append(s.Sectors, sec)
	}
	return s
}

// sampleStrategicView is side 0's map in the orders phase of turn 4:
// a battlegroup of each order kind (one holding a prepared position),
// one in orbit, a search, contacts of different ages and a battle.
func sampleStrategicView(s *mapgen.Strategic) StrategicView {
	return StrategicView{
		Map:    s,
		Title:  "Campaign: " + s.Name + ", turn 4",
		Viewer: "Lancers",
		Own: []SectorMark{{SectorID: 1, Label: "BG1"}, {SectorID: 1, Label: "BG2"}, {SectorID: 6, Label: "BG3"},
			{SectorID: Orbit, Label: "BG4"}, {SectorID: 8, Label: "BG5"}, {SectorID: 12, Label: "BG6"}},
		Contacts: []SectorMark{{SectorID: 7, Side: 1, Seen: 3}, {SectorID: 6, Side: 1, Seen: 4}, {SectorID: 12, Side: 1, Seen: 2}},
		Orders: []OrderArrow{
			{Kind: MoveArrow, Path: []int{1, 5}, Label: "BG1"},
			{Kind: ReconArrow, Path: []int{1, 2, 3}, Label: "BG2"},
			{Kind: AttackArrow, Path: []int{6, 7}, Label: "BG3"},
			{Kind: DropArrow, Path: []int{Orbit, 10}, Label: "BG4"},
			{Kind: LiftOffArrow, Path: []int{8, Orbit}, Label: "BG5"},
		},
		Searches: []SectorMark{{SectorID: 5}},
		Holds:    []SectorMark{{SectorID: 12, Label: "BG6"}},
		Battles:  []BattleMark{{SectorID: 11, Label: "battle 2"}},
		Scores:   []Score{{Name: "Lancers", VP: 35}, {Name: "Bandits", VP: 10, Side: 1}},
		Deadline: "orders due Fri 27 Nov 18:00 CET",
	}
}

// setupStrategicView is side 1's map in the set-up phase: where it may
// deploy, and its battlegroups placed so far.
func setupStrategicView(s *mapgen.Strategic) StrategicView {
	var deploy []SectorMark
	for _, sec := range s.Sectors {
		if sec.Col == s.Cols-1 {
			deploy = append(deploy, SectorMark{SectorID: sec.ID, Side: 1})
		}
	}
	return StrategicView{
		Map:    s,
		Title:  "Campaign: " + s.Name + ", set-up",
		Viewer: "Bandits",
		Own:    []SectorMark{{SectorID: deploy[0].SectorID, Label: "BG1", Side: 1}, {SectorID: Orbit, Label: "BG2", Side: 1}},
		Deploy: deploy,
		Scores: []Score{{Name: "Lancers", Side: 0}, {Name: "Bandits", Side: 1}},
	}
}

// mustPaint paints a strategic view or fails the test.
func mustPaint(t *testing.T, v StrategicView, o Options) *strategicPainter {
	t.Helper()
	p, err := paintStrategic(v, o, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// changedOnSegment counts the pixels on the segment from (x0, y0) to
// (x1, y1) that differ between a and b.
func changedOnSegment(a, b image.Image, x0, y0, x1, y1 float64) int {
	n := 0
	steps := int(math.Hypot(x1-x0, y1-y0))
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(max(steps, 1))
		x, y := int(x0+(x1-x0)*t), int(y0+(y1-y0)*t)
		if color.RGBAModel.Convert(a.At(x, y)) != color.RGBAModel.Convert(b.At(x, y)) {
			n++
		}
	}
	return n
}

// Ensure an order arrow is drawn where its order goes: between the
// centres of the sectors it joins there are arrow pixels, and between
// two sectors no order joins there are none (the arrows are the view's,
// nothing else).
func TestStrategicArrowsBetweenCentres(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	v.Orders = []OrderArrow{{Kind: MoveArrow, Path: []int{1, 2}, Label: "BG1"}, {Kind: AttackArrow, Path: []int{6, 7}, Label: "BG3"}}
	bare := v
	bare.Orders = nil
	o := DefaultOptions()
	o.Legend = false // the legend lists the arrow kinds drawn
	with, without := mustPaint(t, v, o), mustPaint(t, bare, o)
	for _, pair := range [][2]int{{1, 2}, {6, 7}} {
		x0, y0 := with.centre(pair[0])
		x1, y1 := with.centre(pair[1])
		if n := changedOnSegment(with.img, without.img, x0, y0, x1, y1); n < int(o.HexSize) {
			t.Errorf("the order from sector %d to %d changed %d pixels between their centres, want an arrow of at least %g", pair[0], pair[1], n, o.HexSize)
		}
	}
	for _, pair := range [][2]int{{2, 3}, {5, 6}, {7, 8}, {10, 11}} {
		x0, y0 := with.centre(pair[0])
		x1, y1 := with.centre(pair[1])
		if n := changedOnSegment(with.img, without.img, x0, y0, x1, y1); n != 0 {
			t.Errorf("no order joins sectors %d and %d, yet %d pixels between their centres changed", pair[0], pair[1], n)
		}
	}
}

// Ensure each order kind draws differently: the same path drawn as each
// kind gives a different picture.
func TestStrategicArrowKindsDiffer(t *testing.T) {
	o := DefaultOptions()
	o.Legend = false
	seen := map[string]ArrowKind{}
	for k := range numArrowKinds {
		v := StrategicView{Map: sampleStrategic()}
		path := []int{6, 7}
		switch k {
		case DropArrow:
			path = []int{Orbit, 7}
		case LiftOffArrow:
			path = []int{7, Orbit}
		}
		v.Orders = []OrderArrow{{Kind: k, Path: path, Label: "BG1"}}
		var buf bytes.Buffer
		if err := png.Encode(&buf, MustDrawStrategic(t, v, o)); err != nil {
			t.Fatal(err)
		}
		if prev, ok := seen[buf.String()]; ok {
			t.Errorf("%s draws the same picture as %s", k, prev)
		}
		seen[buf.String()] = k
	}
}

// Ensure the legend explains every symbol the picture draws (the red "?"
// diamond of a contact included), one entry each, and lists nothing the
// picture does not draw.
func TestStrategicLegendExplainsEverySymbol(t *testing.T) {
	referee := sampleStrategicView(sampleStrategic())
	referee.Own = append(referee.Own, SectorMark{SectorID: 9, Label: "BG1", Side: 1})
	for name, v := range map[string]StrategicView{
		"orders":  sampleStrategicView(sampleStrategic()),
		"set-up":  setupStrategicView(strategicMap(t)),
		"referee": referee,
	} {
		t.Run(name, func(t *testing.T) {
			p := mustPaint(t, v, DefaultOptions())
			use := symbolsOf(v)
			for sym := range p.drawn {
				if !use[sym] {
					t.Errorf("symbol %+v is drawn but not in the legend", sym)
				}
			}
			for sym := range use {
				if !p.drawn[sym] {
					t.Errorf("symbol %+v is in the legend but not drawn", sym)
				}
			}
			items := strategicLegend(newLegendInputs(v, use), p.s)
			if len(items) != len(use) {
				t.Errorf("%d legend entries for %d symbols", len(items), len(use))
			}
			labels := map[string]bool{}
			for _, it := range items {
				if labels[it.label] {
					t.Errorf("two legend entries say %q", it.label)
				}
				labels[it.label] = true
			}
			if len(v.Contacts) > 0 && !labels["enemy seen (T3: in turn 3)"] {
				t.Errorf("the contact's red diamond is not explained; legend: %v", labels)
			}
			if name == "referee" && !(labels["Lancers battlegroup"] && labels["Bandits battlegroup"]) {
				t.Errorf("two sides' badges are not told apart by name; legend: %v", labels)
			}
		})
	}
}

// Ensure the header gives the score and the deadline the view holds, and
// that a view without either has no header band.
func TestStrategicHeader(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	p := mustPaint(t, v, DefaultOptions())
	if got, want := p.headerText(), "VP  Lancers 35  ·  Bandits 10      orders due Fri 27 Nov 18:00 CET"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	v.Scores, v.Deadline = nil, ""
	q := mustPaint(t, v, DefaultOptions())
	if q.headerText() != "" || q.orbitY >= p.orbitY {
		t.Errorf("a view without score or deadline has header %q and its orbit box at %g (with a header %g)", q.headerText(), q.orbitY, p.orbitY)
	}
}

// Ensure a battlegroup in orbit is drawn in the orbit box and nowhere
// else.
func TestStrategicOrbitBox(t *testing.T) {
	o := DefaultOptions()
	o.Legend = false
	v := StrategicView{Map: sampleStrategic(), Viewer: "Lancers", Own: []SectorMark{{SectorID: 1, Label: "BG1"}}}
	up := v
	up.Own = append(up.Own, SectorMark{SectorID: Orbit, Label: "BG2"})
	p := mustPaint(t, v, o)
	box := image.Rect(int(p.margin), int(p.orbitY), p.img.Rect.Dx()-int(p.margin), int(p.orbitY+p.orbitH()))
	changed := diffBounds(p.img, mustPaint(t, up, o).img)
	if changed.Empty() || !changed.In(box) {
		t.Errorf("a battlegroup in orbit changed %v, want pixels inside the orbit box %v", changed, box)
	}
}

// Ensure the kept sectors, legends and marks are the view's own: a
// picture drawn over warm caches equals one drawn over empty ones, after
// pictures of the same map with another sector name, another side's
// arrows, battlegroups of both sides, and the other side's BG1 alone,
// then holding a prepared position (a mark drawn before, of the same
// label, must not stand for it).
func TestStrategicCaches(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	renamed := v
	renamed.Map = sampleStrategic()
	renamed.Map.Sectors[0].Name = "Fort Other"
	theirs := v
	theirs.Orders = slices.Clone(v.Orders)
	for i := range theirs.Orders {
		theirs.Orders[i].Side = 1
	}
	both := v
	both.Own = append(slices.Clone(v.Own), SectorMark{SectorID: 9, Label: "BG1", Side: 1})
	alone := StrategicView{Map: v.Map, Viewer: "Bandits", Own: []SectorMark{{SectorID: 9, Label: "BG1", Side: 1}}}
	held := alone
	held.Holds = alone.Own
	// Each view is drawn over the one before's sectors, legend and marks.
	MustDrawStrategic(t, v, DefaultOptions())
	for _, w := range []StrategicView{renamed, theirs, both, alone, held} {
		warm := MustDrawStrategic(t, w, DefaultOptions())
		clearStrategicCaches()
		if n, at := pixelDiff(warm, MustDrawStrategic(t, w, DefaultOptions())); n != 0 {
			t.Errorf("%q, %d orders, %d battlegroups, %d holds: %d pixels differ from a picture over empty caches, first at %v",
				w.Map.Sectors[0].Name, len(w.Orders), len(w.Own), len(w.Holds), n, at)
		}
	}
}

// Ensure what is kept of a map never carries one side's marks into
// another's picture: on generated maps, each picture a campaign sends
// (each side's in a turn of orders and in the set-up, the referee's),
// written as PNG right after every other one of the same map over the
// same kept base, legends, marks and pooled buffers, has the bytes and
// the pixels of the same picture composed in new buffers over empty
// caches.
func TestStrategicSidesApart(t *testing.T) {
	write := func(v StrategicView) []byte {
		var buf bytes.Buffer
		if err := WriteStrategicPNG(&buf, v, DefaultOptions()); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	for seed := uint64(1); seed <= 3; seed++ {
		s, err := mapgen.GenerateStrategic(seed, 4, 3)
		if err != nil {
			t.Fatal(err)
		}
		views := campaignViews(s, seed)
		fresh := make([][]byte, len(views))
		for i, v := range views {
			clearStrategicCaches()
			sp, err := composeStrategic(v, DefaultOptions(), false, nil, strategicRects)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := sp.writePNG(&buf); err != nil {
				t.Fatal(err)
			}
			fresh[i] = buf.Bytes()
		}
		for i, a := range views {
			for j, b := range views {
				if i == j {
					continue
				}
				write(a)
				got := write(b)
				if n, at := pixelDiff(decodePNG(t, got), decodePNG(t, fresh[j])); n != 0 || !bytes.Equal(got, fresh[j]) {
					t.Errorf("seed %d: %q as seen by %s, written after %q as seen by %s: %d pixels differ from it written alone (first at %v), %d bytes against %d",
						seed, b.Title, b.Viewer, a.Title, a.Viewer, n, at, len(got), len(fresh[j]))
				}
			}
		}
	}
}

// clearStrategicCaches drops every kept sectors' base, legend, mark,
// mark's shape and patch.
func clearStrategicCaches() {
	strategicBases.clear()
	strategicTops.clear()
	legendBands.clear()
	markSprites.clear()
	markShapes.clear()
	markPatches.clear()
	basePatches.clear()
	legendLines.clear()
}

// Ensure strategic maps may be written from several goroutines at once,
// missing the kept sectors and legend together, and come out as drawn
// alone. Run with -race to check the caches.
func TestStrategicConcurrent(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	want := MustDrawStrategic(t, v, DefaultOptions())
	clearStrategicCaches()
	writeConcurrently(t, want, func(w io.Writer) error { return WriteStrategicPNG(w, v, DefaultOptions()) })
}

// Ensure a strategic map's base dropped from the kept ones is collected
// at the next collection, though a picture was written on it: nothing
// lent to its pictures keeps it. (A pool of its own kept it to the
// second collection, and with it every base a bot on many maps painted
// meanwhile: the scale test's peak heap nearly doubled.)
func TestStrategicBaseLetGo(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	clearStrategicCaches()
	if err := WriteStrategicPNG(io.Discard, v, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	var base weak.Pointer[strategicBase]
	strategicBases.mu.Lock()
	for _, b := range strategicBases.m {
		base = weak.Make(b)
	}
	strategicBases.mu.Unlock()
	if base.Value() == nil {
		t.Fatal("writing the map kept no base")
	}
	clearStrategicCaches()
	runtime.GC()
	if base.Value() != nil {
		t.Error("the map's base, dropped from strategicBases, outlived a collection")
	}
}
