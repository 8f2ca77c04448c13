package render

import (
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Warm draws, and throws away, a tactical picture of a generated sector
// map in each orientation at the default options, with a counter of
// every class and a blind of every kind: what a process makes once for
// the default hex size (the hex art, the glyphs of the hex numbers,
// rulers and labels, the counter symbols) and the tiles of those two
// maps are then made before the first picture a player asks for.
// bfbot serve calls it in the background at start-up. It moves that
// cost to the start-up rather than removing it (BENCHMARKS.md); the
// pictures drawn after it are the same, pixel for pixel.
func Warm() error {
	for _, o := range []mapgen.Orientation{mapgen.Wide, mapgen.Tall} {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: 1, Theme: mapgen.Mixed, Sheets: 2, Orientation: o})
		if err != nil {
			return err
		}
		if _, err := DrawTactical(Tactical{Map: m, Title: "Warm", Viewer: "Warm", Counters: warmCounters()}, DefaultOptions()); err != nil {
			return err
		}
	}
	return nil
}

// warmCounters are an own counter of every class and a blind of every
// kind, two hexes apart in the rows at the top of a sector map.
func warmCounters() []Counter {
	classes := make([]string, 0, len(classKinds))
	for c := range classKinds {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	var out []Counter
	at := func(i int) hex.Hex { return hex.Hex{X: 2 * (i % 16), Y: 2 * (i / 16)} }
	for i, c := range classes {
		out = append(out, Counter{Hex: at(len(out)), Side: 0, Own: true, Kind: classKinds[c], Class: c,
			Label: string(rune('A'+i%26)) + string(rune('1'+i%9)), Step: i % 4, Experience: experiences[1+i%4]})
	}
	for _, k := range kinds {
		out = append(out, Counter{Hex: at(len(out)), Side: 1, Kind: k})
	}
	return out
}
