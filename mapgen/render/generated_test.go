package render

import (
	"fmt"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// goldenSeed is the generator seed of the golden maps. The goldens change
// when the generator does: look at the .got.png files a failing test
// leaves, then refresh with -update.
const goldenSeed = 7

// generatedMap returns the generator's 64×17 sector map of a theme.
func generatedMap(tb testing.TB, theme mapgen.Theme) *mapgen.Map {
	tb.Helper()
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: theme, Sheets: 2, Orientation: mapgen.Wide})
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// strategicMap is the generator's 4×3 strategic map.
func strategicMap(tb testing.TB) *mapgen.Strategic {
	tb.Helper()
	s, err := mapgen.GenerateStrategic(goldenSeed, 4, 3)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// battleCounters are a handful of counters of both sides on a sector map:
// the viewer's own lance on the west edge (with steps and experience, a
// stack, a disrupted unit), the enemy to the east, sighted and blind.
func battleCounters() []Counter {
	return []Counter{
		{Hex: h("0405"), Side: 0, Kind: "mech", Class: "heavy-mech", Label: "A1", Own: true, Experience: "veteran"},
		{Hex: h("0507"), Side: 0, Kind: "mech", Class: "assault-mech", Label: "A2", Own: true, Step: 1, Experience: "elite"},
		{Hex: h("0507"), Side: 0, Kind: "infantry", Class: "jump-infantry", Label: "C1", Own: true, Experience: "regular"},
		{Hex: h("0409"), Side: 0, Kind: "vehicle", Class: "tracked", Label: "B1", Own: true, Step: 2, Experience: "green", Disrupted: true},
		{Hex: h("0312"), Side: 0, Kind: "artillery", Class: "long-tom", Label: "D1", Own: true, Experience: "regular"},
		{Hex: h("5806"), Side: 1, Kind: "mech", Class: "medium-mech", Label: "R1"},
		{Hex: h("5909"), Side: 1, Kind: "vehicle", Class: "hover", Label: "R2", Step: 1},
		{Hex: h("5712"), Side: 1, Kind: "mech", Label: "?1"},
		{Hex: h("5712"), Side: 1, Kind: "vehicle", Label: "?2"},
		{Hex: h("6014"), Side: 1, Kind: "infantry", Label: "?3"},
	}
}

// Ensure each theme's generated sector map, with counters and highlights,
// draws as its golden picture.
func TestGoldenThemes(t *testing.T) {
	for _, theme := range mapgen.Themes {
		t.Run(theme.String(), func(t *testing.T) {
			v := Tactical{
				Map:      generatedMap(t, theme),
				Counters: battleCounters(),
				Highlights: []Highlight{
					{Kind: Reachable, Hexes: []hex.Hex{h("0604"), h("0605"), h("0606"), h("0505"), h("0506")}},
					{Kind: Selected, Hexes: []hex.Hex{h("0405")}},
					{Kind: LineOfFire, Hexes: []hex.Hex{h("0507"), h("5806")}},
				},
				Title:  fmt.Sprintf("%s sector, seed %d", theme, goldenSeed),
				Viewer: "Lancers",
			}
			o := DefaultOptions()
			o.HexNumbers = false
			golden(t, "tactical-"+theme.String(), MustDrawTactical(t, v, o))
		})
	}
}

// Ensure a single generated mapsheet draws with its hex numbers as the
// golden picture.
func TestGoldenHexNumbers(t *testing.T) {
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: goldenSeed, Theme: mapgen.Mixed, Sheets: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := Tactical{
		Map:        m,
		Counters:   sampleCounters(),
		Highlights: sampleHighlights(),
		Title:      "mixed mapsheet, seed 7",
		Viewer:     "Lancers",
	}
	golden(t, "tactical-numbers", MustDrawTactical(t, v, DefaultOptions()))
}

// Ensure the generated 4×3 strategic map draws as the golden picture.
func TestGoldenStrategic(t *testing.T) {
	s := strategicMap(t)
	golden(t, "strategic", MustDrawStrategic(t, sampleStrategicView(s), DefaultOptions()))
}
