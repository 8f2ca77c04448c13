package mapgen

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"sync"
	"testing"

	"bfbot/mapgen/hex"
)

// genConfigs are the map sizes Generate makes: one mapsheet, and a sector
// of two sheets either way round.
var genConfigs = []GenOptions{
	{Sheets: 1},
	{Sheets: 2, Orientation: Wide},
	{Sheets: 2, Orientation: Tall},
}

func genConfigName(o GenOptions) string {
	if o.Sheets == 2 {
		return "2-" + o.Orientation.String()
	}
	return "1"
}

func mustGenerate(tb testing.TB, o GenOptions) *Map {
	tb.Helper()
	m, err := Generate(o)
	if err != nil {
		tb.Fatalf("Generate(%+v): %v", o, err)
	}
	return m
}

// genSampleSeeds is how many seeds of each theme and size the property tests
// look at; the maps are made once and shared between those tests.
const genSampleSeeds = 30

type genSample struct {
	o GenOptions
	m *Map
}

var (
	genSamplesOnce sync.Once
	genSamples     []genSample
	genSamplesErr  error
)

// forEachGenMap runs f on every theme and size for seeds 1..seeds (at most
// sampleSeeds). Each failure names its options, so it can be replayed.
func forEachGenMap(t *testing.T, seeds int, f func(t *testing.T, o GenOptions, m *Map)) {
	genSamplesOnce.Do(func() {
		for _, theme := range Themes {
			for _, cfg := range genConfigs {
				for seed := uint64(1); seed <= genSampleSeeds; seed++ {
					o := cfg
					o.Seed, o.Theme = seed, theme
					m, err := Generate(o)
					if err != nil {
						genSamplesErr = fmt.Errorf("Generate(%+v): %w", o, err)
						return
					}
					genSamples = append(genSamples, genSample{o, m})
				}
			}
		}
	})
	if genSamplesErr != nil {
		t.Fatal(genSamplesErr)
	}
	for _, theme := range Themes {
		for _, cfg := range genConfigs {
			t.Run(theme.String()+"/"+genConfigName(cfg), func(t *testing.T) {
				for _, s := range genSamples {
					if s.o.Theme == theme && s.o.Sheets == cfg.Sheets && s.o.Orientation == cfg.Orientation && s.o.Seed <= uint64(seeds) {
						f(t, s.o, s.m)
					}
				}
			})
		}
	}
}

// Ensure bad options are refused with a message that says what to do.
func TestGenerateOptions(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for _, tc := range []struct {
			o    GenOptions
			w, h int
		}{
			{GenOptions{}, 32, 17},
			{GenOptions{Sheets: 1, Orientation: Tall}, 32, 17},
			{GenOptions{Sheets: 2}, 64, 17},
			{GenOptions{Sheets: 2, Orientation: Tall}, 32, 34},
		} {
			m := mustGenerate(t, tc.o)
			if m.Width != tc.w || m.Height != tc.h || len(m.Cells) != tc.w*tc.h {
				t.Errorf("Generate(%+v) is %d×%d with %d cells, want %d×%d", tc.o, m.Width, m.Height, len(m.Cells), tc.w, tc.h)
			}
		}
	})
	t.Run("ErrBadOptions", func(t *testing.T) {
		for _, tc := range []struct {
			o    GenOptions
			want string
		}{
			{GenOptions{Sheets: 3}, "use 1"},
			{GenOptions{Sheets: -1}, "use 1"},
			{GenOptions{Theme: numThemes}, "use one of plains"},
			{GenOptions{Theme: 200}, "use one of plains"},
			{GenOptions{Sheets: 2, Orientation: 7}, "use wide"},
		} {
			m, err := Generate(tc.o)
			if err == nil || m != nil {
				t.Errorf("Generate(%+v) = %v, %v; want an error", tc.o, m, err)
				continue
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Generate(%+v) error %q does not say %q", tc.o, err, tc.want)
			}
		}
	})
}

// Ensure a seed always gives the same map and different seeds different
// maps; one sheet ignores the orientation and 0 sheets means 1.
func TestGenerateDeterministic(t *testing.T) {
	for _, theme := range Themes {
		for _, cfg := range genConfigs {
			o := cfg
			o.Seed, o.Theme = 42, theme
			a, b := mustGenerate(t, o), mustGenerate(t, o)
			if !slices.Equal(a.Cells, b.Cells) || a.Name != b.Name {
				t.Errorf("%+v: two runs differ", o)
			}
			o.Seed = 43
			if c := mustGenerate(t, o); slices.Equal(a.Cells, c.Cells) {
				t.Errorf("%+v: seeds 42 and 43 give the same map", o)
			}
		}
	}
	one := mustGenerate(t, GenOptions{Seed: 9, Theme: Mixed, Sheets: 1})
	for _, o := range []GenOptions{{Seed: 9, Theme: Mixed}, {Seed: 9, Theme: Mixed, Sheets: 1, Orientation: Tall}} {
		if m := mustGenerate(t, o); !slices.Equal(one.Cells, m.Cells) {
			t.Errorf("%+v differs from the same map with Sheets 1", o)
		}
	}
}

// Ensure the generator itself does not change by accident: campaigns keep
// only the seed of each sector's map, so a change here changes the ground
// under every campaign in play. Update these only on purpose.
func TestGenerateFingerprint(t *testing.T) {
	for _, tc := range []struct {
		o    GenOptions
		want uint64
	}{
		{GenOptions{Seed: 1, Theme: Plains}, 0xb76dd7dbaa43d03},
		{GenOptions{Seed: 2, Theme: Urban, Sheets: 2}, 0xac273713be7f4c6d},
		{GenOptions{Seed: 3, Theme: Mixed, Sheets: 2, Orientation: Tall}, 0xd2743f4147e3a9df},
	} {
		if got := genFingerprint(mustGenerate(t, tc.o)); got != tc.want {
			t.Errorf("fingerprint(%+v) = %#x, want %#x", tc.o, got, tc.want)
		}
	}
}

func genFingerprint(m *Map) uint64 {
	h := fnv.New64a()
	for _, c := range m.Cells {
		road := byte(0)
		if c.Road {
			road = 1
		}
		h.Write([]byte{byte(c.Terrain), byte(c.Elevation), road, c.RoadExits})
	}
	return h.Sum64()
}

// Ensure every generated map is ground a player would accept: see the
// check functions for each property.
func TestGenerateSanity(t *testing.T) {
	rivers := map[Theme]int{}
	forEachGenMap(t, 20, func(t *testing.T, o GenOptions, m *Map) {
		for _, err := range m.Check() {
			t.Errorf("%+v: Check: %v", o, err)
		}
		n, problems := checkGenWater(m)
		rivers[o.Theme] += n
		if o.Theme == River && n == 0 {
			problems = append(problems, "a river map without a river")
		}
		problems = append(problems, checkGenSlopes(m)...)
		problems = append(problems, checkGenRoads(m)...)
		problems = append(problems, checkGenWoods(m)...)
		problems = append(problems, checkGenRough(m)...)
		problems = append(problems, checkGenBuildings(m, o.Theme)...)
		for _, p := range problems {
			t.Errorf("%+v: %s", o, p)
		}
	})
	for _, theme := range []Theme{Plains, Woods, Hills, Mixed} {
		if rivers[theme] == 0 {
			t.Errorf("no %s map of the sample has a river", theme)
		}
	}
}

// checkGenSlopes: neighbouring hexes differ by at most one level (no cliffs).
func checkGenSlopes(m *Map) (problems []string) {
	for _, h := range m.Hexes() {
		for _, n := range m.Neighbors(h) {
			if d := m.At(h).Elevation - m.At(n).Elevation; d > 1 {
				problems = append(problems, fmt.Sprintf("cliff: %s at level %d beside %s at %d", h, m.At(h).Elevation, n, m.At(n).Elevation))
			}
		}
	}
	return problems
}

// genMapEdges returns the set of map edges (bit 0 top, 1 right, 2 bottom, 3
// left) that h lies on.
func genMapEdges(m *Map, h hex.Hex) int {
	e := 0
	if h.Y == 0 {
		e |= 1
	}
	if h.X == m.Width-1 {
		e |= 2
	}
	if h.Y == m.Height-1 {
		e |= 4
	}
	if h.X == 0 {
		e |= 8
	}
	return e
}

// genFlood returns the hexes joined to start by steps for which join is
// true.
func genFlood(m *Map, start hex.Hex, seen map[hex.Hex]bool, join func(a hex.Hex, d hex.Direction) bool) []hex.Hex {
	out := []hex.Hex{start}
	seen[start] = true
	for k := 0; k < len(out); k++ {
		for _, d := range hex.Directions {
			n := out[k].Neighbor(d)
			if m.Contains(n) && !seen[n] && join(out[k], d) {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// checkGenWater: every body of water is a river or a lake. A river is level 1
// water only, all of a piece, running from one map edge to another; a lake
// lies inside the map and holds whatever level 2 water there is. Water lies
// in low ground: at level 0, no higher than anything beside it. It returns
// the number of rivers.
func checkGenWater(m *Map) (rivers int, problems []string) {
	seen := map[hex.Hex]bool{}
	wet := func(a hex.Hex, d hex.Direction) bool { return m.At(a.Neighbor(d)).Terrain.IsWater() }
	for _, h := range m.Hexes() {
		c := m.At(h)
		if !c.Terrain.IsWater() {
			continue
		}
		if c.Elevation != 0 {
			problems = append(problems, fmt.Sprintf("water %s at level %d", h, c.Elevation))
		}
		if seen[h] {
			continue
		}
		body := genFlood(m, h, seen, wet)
		edgeSet, deep := 0, 0
		for _, b := range body {
			edgeSet |= genMapEdges(m, b)
			if m.At(b).Terrain == Water2 {
				deep++
			}
		}
		switch {
		case edgeSet == 0: // a lake
		case deep > 0:
			problems = append(problems, fmt.Sprintf("river through %s holds level 2 water", h))
		case edgeSet&(edgeSet-1) == 0:
			problems = append(problems, fmt.Sprintf("river through %s touches only one map edge", h))
		default:
			rivers++
		}
	}
	return rivers, problems
}

// checkGenRoads: the roads are one network, joined by exits that agree, and
// it reaches the map edge.
func checkGenRoads(m *Map) (problems []string) {
	var roads []hex.Hex
	for _, h := range m.Hexes() {
		if m.At(h).Road {
			roads = append(roads, h)
		}
	}
	if len(roads) == 0 {
		return []string{"no roads"}
	}
	net := genFlood(m, roads[0], map[hex.Hex]bool{}, m.RoadConnects)
	if len(net) != len(roads) {
		problems = append(problems, fmt.Sprintf("roads in pieces: %d of %d road hexes joined to %s", len(net), len(roads), roads[0]))
	}
	atEdge := false
	for _, h := range roads {
		c := m.At(h)
		if c.Terrain == Water2 {
			problems = append(problems, fmt.Sprintf("road over level 2 water at %s", h))
		}
		for _, d := range hex.Directions {
			if c.HasExit(d) && !m.Contains(h.Neighbor(d)) {
				atEdge = true
			}
		}
	}
	if !atEdge {
		problems = append(problems, "no road leaves the map")
	}
	return problems
}

// checkGenWoods: woods stand in clusters (every woods hex has woods beside it)
// and heavy woods are ringed by woods or other cover, never open ground.
func checkGenWoods(m *Map) (problems []string) {
	for _, h := range m.Hexes() {
		t := m.At(h).Terrain
		if !t.IsWoods() {
			continue
		}
		alone := true
		for _, n := range m.Neighbors(h) {
			nt := m.At(n).Terrain
			if nt.IsWoods() {
				alone = false
			}
			if t == HeavyWoods && nt == Open {
				problems = append(problems, fmt.Sprintf("heavy woods %s borders open ground %s", h, n))
			}
		}
		if alone {
			problems = append(problems, fmt.Sprintf("woods %s stands alone", h))
		}
	}
	return problems
}

// checkGenRough: rough ground lies on slopes, next to a change of level.
func checkGenRough(m *Map) (problems []string) {
	for _, h := range m.Hexes() {
		if m.At(h).Terrain != Rough {
			continue
		}
		slope := false
		for _, n := range m.Neighbors(h) {
			if m.At(n).Elevation != m.At(h).Elevation {
				slope = true
			}
		}
		if !slope {
			problems = append(problems, fmt.Sprintf("rough %s on flat ground", h))
		}
	}
	return problems
}

// checkGenBuildings: buildings stand in towns along the roads, never more
// than two hexes from one; rubble is found only in cities.
func checkGenBuildings(m *Map, theme Theme) (problems []string) {
	for _, h := range m.Hexes() {
		t := m.At(h).Terrain
		if t == Rubble && theme != Urban {
			problems = append(problems, fmt.Sprintf("rubble %s outside a city", h))
		}
		if !t.IsBuilding() {
			continue
		}
		near := false
		for _, n := range hex.Within(h, 2) {
			if m.At(n).Road && m.Contains(n) {
				near = true
				break
			}
		}
		if !near {
			problems = append(problems, fmt.Sprintf("building %s is more than two hexes from a road", h))
		}
	}
	return problems
}

// genProportions returns the fraction of a map's hexes in each class of
// ground. Road hexes count as the terrain they cross.
func genProportions(m *Map) map[string]float64 {
	p := map[string]float64{}
	for _, c := range m.Cells {
		switch t := c.Terrain; {
		case t == Open:
			p["open"]++
		case t.IsWoods():
			p["woods"]++
		case t.IsWater():
			p["water"]++
		case t.IsBuilding():
			p["buildings"]++
		}
		if c.Elevation > 0 {
			p["elevated"]++
		}
	}
	for k := range p {
		p[k] /= float64(len(m.Cells))
	}
	return p
}

// genThemeBounds is what each theme promises: the least and most of a map
// (fraction of hexes) each class of ground may cover, on one sheet or two.
var genThemeBounds = map[Theme]map[string][2]float64{
	Plains: {"open": {0.70, 0.97}, "woods": {0.02, 0.16}, "water": {0, 0.10}, "buildings": {0, 0.04}, "elevated": {0.05, 0.22}},
	Woods:  {"open": {0.30, 0.65}, "woods": {0.32, 0.58}, "water": {0, 0.10}, "buildings": {0, 0.04}, "elevated": {0.12, 0.32}},
	Hills:  {"open": {0.40, 0.75}, "woods": {0.07, 0.26}, "water": {0, 0.10}, "buildings": {0, 0.04}, "elevated": {0.50, 0.78}},
	River:  {"open": {0.45, 0.82}, "woods": {0.10, 0.30}, "water": {0.03, 0.25}, "buildings": {0, 0.04}, "elevated": {0.12, 0.30}},
	Urban:  {"open": {0.50, 0.88}, "woods": {0, 0.12}, "water": {0, 0.10}, "buildings": {0.10, 0.35}, "elevated": {0.03, 0.18}},
	Mixed:  {"open": {0.45, 0.78}, "woods": {0.12, 0.33}, "water": {0, 0.10}, "buildings": {0, 0.04}, "elevated": {0.20, 0.42}},
}

// Ensure each theme's maps keep to its proportions (themeBounds).
func TestGenerateProportions(t *testing.T) {
	forEachGenMap(t, genSampleSeeds, func(t *testing.T, o GenOptions, m *Map) {
		p := genProportions(m)
		for class, b := range genThemeBounds[o.Theme] {
			if v := p[class]; v < b[0] || v > b[1] {
				t.Errorf("%+v: %s covers %.3f of the map, want %.2f–%.2f", o, class, v, b[0], b[1])
			}
		}
	})
}

func BenchmarkGenerateSector(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := Generate(GenOptions{Seed: seed, Theme: Mixed, Sheets: 2, Orientation: Wide}); err != nil {
			b.Fatal(err)
		}
	}
}
