package render

import (
	"image"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure counters cover no hex number, their own or a neighbour's: with
// one, two, three and four counters to a hex in every hex, the box of
// every hex number holds the same pixels as on the map without counters.
// (Below hex size 12 a number is wider than its hex's top side and
// counters may touch it.)
func TestCountersClearOfNumbers(t *testing.T) {
	m := mapgen.New(9, 7)
	for _, size := range []float64{12, 14, DefaultHexSize, 27.5, MaxHexSize} {
		o := Options{HexSize: size, HexNumbers: true}
		var cs []Counter
		for _, hx := range m.Hexes() {
			for i := range (hx.X+hx.Y)%4 + 1 {
				cs = append(cs, Counter{Hex: hx, Side: i % 2, Kind: "mech", Class: "assault-mech", Label: "A12",
					Own: i%2 == 0, Step: 3, Experience: "elite", Disrupted: true})
			}
		}
		bare, err := drawTactical(Tactical{Map: m}, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		full, err := drawTactical(Tactical{Map: m, Counters: cs}, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		lay, err := tacticalLayout(Tactical{Map: m}, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, hx := range m.Hexes() {
			cx, cy := lay.g.center(hx)
			w := lay.numbers.width(hx.String())
			base := int(cy-lay.g.height/2+0.5) + lay.numberTop
			box := image.Rect(int(cx)-w/2-1, base-lay.numbers.capHeight()-1, int(cx)+w/2+2, base+1)
			for y := box.Min.Y; y < box.Max.Y; y++ {
				for x := box.Min.X; x < box.Max.X; x++ {
					if full.RGBAAt(x, y) != bare.RGBAAt(x, y) {
						t.Fatalf("hex size %g: a counter covers hex %s's number at (%d, %d)", size, hx, x, y)
					}
				}
			}
		}
	}
}

// Ensure every counter of a stack shows whole: in each hex the boxes
// do not overlap, and each stays inside the hex's bounding box.
func TestStacksFanned(t *testing.T) {
	for _, numbers := range []bool{false, true} {
		lay, err := tacticalLayout(Tactical{Map: mapgen.New(4, 4)}, Options{HexSize: DefaultHexSize, HexNumbers: numbers})
		if err != nil {
			t.Fatal(err)
		}
		cp := lay.counters()
		for n := 1; n <= 4; n++ {
			bs := cp.boxes(hex.Hex{X: 1, Y: 1}, n)
			cx, cy := lay.g.center(hex.Hex{X: 1, Y: 1})
			for i, a := range bs {
				if a.size < 8 {
					t.Errorf("numbers %v, %d counters: counter %d is %g pixels", numbers, n, i, a.size)
				}
				if a.x < cx-lay.g.size || a.x+a.size > cx+lay.g.size || a.y < cy-lay.g.height/2 || a.y+a.size > cy+lay.g.height/2 {
					t.Errorf("numbers %v, %d counters: counter %d at %+v leaves the hex centred at (%g, %g)", numbers, n, i, a, cx, cy)
				}
				for j, b := range bs[:i] {
					if a.x < b.x+b.size && b.x < a.x+a.size && a.y < b.y+b.size && b.y < a.y+a.size {
						t.Errorf("numbers %v, %d counters: counters %d and %d overlap", numbers, n, j, i)
					}
				}
			}
		}
		// A lone counter is centred across its hex.
		b := cp.boxes(hex.Hex{X: 1, Y: 1}, 1)[0]
		if cx, _ := lay.g.center(hex.Hex{X: 1, Y: 1}); b.x+b.size/2 != cx {
			t.Errorf("numbers %v: a lone counter's middle is at x %g, the hex's at %g", numbers, b.x+b.size/2, cx)
		}
	}
}

// Ensure the overlays are redrawn whole within the rectangles
// overlayRects claims, and a counter's square painted whole before
// anything reads it: a picture drawn over the cached terrain equals one
// whose every pixel below the title strip went back through RGBA
// (drawnWhole).
func TestOverlayRects(t *testing.T) {
	for name, v := range map[string]Tactical{"sample": markedView(), "sector": sectorView(t)} {
		for _, o := range []Options{DefaultOptions(), {HexSize: 13}, {HexSize: 33, HexNumbers: true}, {HexSize: 27.5, HexNumbers: true, Rulers: true}} {
			got, err := composeTactical(v, o, false)
			if err != nil {
				t.Fatal(err)
			}
			if n, at := pixelDiff(got, drawnWhole(t, v, o)); n != 0 {
				t.Errorf("%s at hex size %g: %d pixels drawn outside the overlay rectangles, first at %v", name, o.HexSize, n, at)
			}
		}
	}
}

// Ensure the cached terrain is the map's own: a picture equals one
// drawn with an empty cache, a cell changed in place (rubble) or a mark
// changes the picture, and a stale entry is never served.
func TestTerrainCache(t *testing.T) {
	clearBases := bases.clear
	v := markedView()
	v.Map = v.Map.Clone()
	clearBases()
	fresh := MustDrawTactical(t, v, DefaultOptions())
	cached := MustDrawTactical(t, v, DefaultOptions())
	if n, at := pixelDiff(fresh, cached); n != 0 {
		t.Errorf("drawn from the cache: %d pixels differ, first at %v", n, at)
	}
	v.Map.Cell(h("1005")).Terrain = mapgen.Rubble
	rubble := MustDrawTactical(t, v, DefaultOptions())
	if n, _ := pixelDiff(fresh, rubble); n == 0 {
		t.Error("a building turned to rubble on the same map drew the old terrain")
	}
	clearBases()
	if n, at := pixelDiff(rubble, MustDrawTactical(t, v, DefaultOptions())); n != 0 {
		t.Errorf("rubble from the cache and fresh differ in %d pixels, first at %v", n, at)
	}
	v.Highlights = append(v.Highlights, Highlight{Kind: Reachable, Hexes: []hex.Hex{h("1208")}})
	if n, _ := pixelDiff(rubble, MustDrawTactical(t, v, DefaultOptions())); n == 0 {
		t.Error("a new reachable hex did not change the picture")
	}
}

// markedView is the sample view with both sides' retreat edges, a
// second side's path and a stack of four.
func markedView() Tactical {
	v := sampleView()
	v.Edges = append(v.Edges, EdgeMark{Edge: North, Side: 0}, EdgeMark{Edge: North, Side: 1})
	v.Counters = append(v.Counters,
		Counter{Hex: h("2010"), Side: 1, Kind: "air", Label: "R9"}, Counter{Hex: h("2010"), Side: 1, Kind: "air", Label: "R10"},
		Counter{Hex: h("2010"), Side: 0, Kind: "air", Class: "heavy-air", Label: "A9", Own: true},
		Counter{Hex: h("2010"), Side: 0, Kind: "air", Class: "light-air", Label: "A10", Own: true})
	v.Highlights = append(v.Highlights, PathHighlight(h("2806"), []hex.Hex{h("2706"), h("2607"), h("2507")}, 1))
	return v
}

// Ensure the legend explains each mark the picture holds, and only
// those.
func TestTacticalLegendMarks(t *testing.T) {
	labels := func(v Tactical) map[string]int {
		out := map[string]int{}
		for _, it := range tacticalLegend(v) {
			out[it.label]++
		}
		return out
	}
	plain := labels(Tactical{Map: mapgen.New(2, 2)})
	for _, l := range []string{"reachable", "deployment zone", "selected", "move path", "line of fire", "no line of sight", "retreat edge", "objective or HQ"} {
		if plain[l] != 0 {
			t.Errorf("a map without marks explains %q", l)
		}
	}
	got := labels(markedView())
	for l, n := range map[string]int{"deployment zone": 1, "reachable": 1, "selected": 1, "move path": 2, "line of fire": 1, "no line of sight": 1, "retreat edge": 2} {
		if got[l] != n {
			t.Errorf("legend has %d %q, want %d (one a side where the colour is the side's)", got[l], l, n)
		}
	}
	// Quick-Start objectives and HQs are rings in their owner's colour,
	// not read as a deployment zone.
	obj := labels(Tactical{Map: mapgen.New(4, 4), Highlights: []Highlight{{Kind: Objective, Hexes: []hex.Hex{h("0102")}, Side: 0}, {Kind: Objective, Hexes: []hex.Hex{h("0303")}, Side: 1}}})
	if obj["objective or HQ"] != 2 || obj["deployment zone"] != 0 {
		t.Errorf("objectives of two sides: legend %v, want two \"objective or HQ\" and no deployment zone", obj)
	}
}

// Ensure a side's battle map never shows what it may not know of the
// enemy (rulings R10, TM1): while the sides deploy its own deployment
// zone is hatched and its own retreat edge drawn, the enemy's neither;
// the picture does not change when the enemy's zone, retreat edge,
// units in reserve or hidden infantry do. The referee's map shows both
// zones and edges; once the battle has begun, both edges and no zone.
func TestFromViewSecrecy(t *testing.T) {
	// The bandits' zones and retreat edge by edge, and where their
	// hidden infantry stands.
	pos := func(edge, hidden string) *referee.State {
		retreat := edge
		if edge == "none" {
			retreat = "south"
		}
		s, err := referee.ReadPosition(`map blank 20x12
turn 1 deploy lancers
side lancers name="Lancers" retreat=west
side bandits name="Bandits" retreat=`+retreat+`
campaign zone=A1:west:3 zone=B1:`+edge+`:3 zone=B2:`+edge+`:3
unit A1 lancers heavy-mech regular 5/5/6 @0205 mp=4
unit B1 bandits light-mech regular 3/3/4 reserve mp=6
unit B2 bandits infantry regular 1/2/3 @`+hidden+` hidden mp=1`, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := pos("east", "1806")
	v := FromView(s.View("lancers"), "t")
	if len(v.Highlights) != 1 || v.Highlights[0].Kind != Deployment || v.Highlights[0].Side != 0 {
		t.Fatalf("the lancers' map marks %+v, want their own zone alone", v.Highlights)
	}
	if want := []EdgeMark{{Edge: West, Side: 0}}; !slices.Equal(v.Edges, want) {
		t.Errorf("while deploying the lancers' map shows retreat edges %+v, want %+v", v.Edges, want)
	}
	if r := FromView(s.RefereeView(), "t"); len(r.Highlights) != 2 || len(r.Edges) != 2 {
		t.Errorf("the referee's map marks %d zones and %d edges, want 2 and 2", len(r.Highlights), len(r.Edges))
	}
	want := MustDrawTactical(t, v, DefaultOptions())
	for _, alt := range []*referee.State{pos("north", "1806"), pos("east", "1907"), pos("none", "1806")} {
		got := MustDrawTactical(t, FromView(alt.View("lancers"), "t"), DefaultOptions())
		if n, at := pixelDiff(got, want); n != 0 {
			t.Errorf("the bandits' secret set-up changed %d pixels of the lancers' map, first at %v", n, at)
		}
	}
	// Once the battle is on, no zone is drawn, and both edges are.
	s.Phase = referee.PhaseMovement
	if v := FromView(s.View("lancers"), "t"); len(v.Highlights) != 0 || len(v.Edges) != 2 {
		t.Errorf("after deployment the lancers' map marks %+v and edges %+v, want no zone and both edges", v.Highlights, v.Edges)
	}
}

// Ensure an edge mark naming no edge is refused with an error naming it,
// before any pixel is drawn.
func TestEdgeMarkErrors(t *testing.T) {
	for _, e := range []MapEdge{-1, numMapEdges, 40} {
		v := sampleView()
		v.Edges = []EdgeMark{{Edge: e}}
		if _, err := DrawTactical(v, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "unknown edge") {
			t.Errorf("edge %d: err = %v", int(e), err)
		}
	}
}
