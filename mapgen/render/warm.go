package render

import (
	"io"
	"slices"
	"strconv"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Warm draws, and throws away, a tactical picture of a generated sector
// map in each orientation at the default options, with a counter of
// every class and a blind of every kind, and a strategic picture of a
// generated 4×3 map with a mark of every kind: what a process makes once
// for the default hex size (the hex art, the glyphs of the hex numbers,
// rulers, labels and the strategic map's words, the counter symbols, the
// strategic marks' sprites and the legends' lines) and the tiles of the
// two sector maps are then made before the first picture a player asks
// for. What it kept of its own maps, their terrains and the strategic
// map's sectors, it drops: a campaign's pictures must owe nothing to
// another map's (ruling RND3); what stays is keyed by what it shows
// alone (a hex's kind, a word, a mark, a legend's items, the strips
// above a strategic map's sectors). A player's
// picture drawn meanwhile may lose its terrain with them: it is painted
// again at its next picture.
// bfbot serve calls it in the background at start-up. It moves that
// cost to the start-up rather than removing it (BENCHMARKS.md); the
// pictures drawn after it are the same, pixel for pixel.
func Warm() error {
	defer bases.clear()
	defer strategicBases.clear()
	for _, o := range []mapgen.Orientation{mapgen.Wide, mapgen.Tall} {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: 1, Theme: mapgen.Mixed, Sheets: 2, Orientation: o})
		if err != nil {
			return err
		}
		if _, err := DrawTactical(Tactical{Map: m, Title: "Warm", Viewer: "Warm", Counters: warmCounters()}, DefaultOptions()); err != nil {
			return err
		}
	}
	s, err := mapgen.GenerateStrategic(warmStrategicSeed, 4, 3)
	if err != nil {
		return err
	}
	return WriteStrategicPNG(io.Discard, warmStrategicView(s), DefaultOptions())
}

// warmStrategicSeed is the seed of Warm's strategic map: not the
// default campaign map's (seed 1), whose words and legend would then be
// made for that map alone.
const warmStrategicSeed = 2

// warmStrategicView is a view of s, a 4×3 map, holding a mark of every
// kind: each side's battlegroups (as the referee sees them), a contact,
// an order of each kind, a search, a prepared position, a battle, the
// scores and a deadline.
func warmStrategicView(s *mapgen.Strategic) StrategicView {
	v := StrategicView{
		Map:      s,
		Title:    "Campaign: " + s.Name + ", turn 1",
		Viewer:   "Warm",
		Contacts: []SectorMark{{SectorID: 7, Side: 1, Seen: 1}},
		Orders: []OrderArrow{
			{Kind: MoveArrow, Path: []int{1, 5}, Label: "BG1"},
			{Kind: ReconArrow, Path: []int{1, 2, 3}, Label: "BG2"},
			{Kind: AttackArrow, Path: []int{6, 7}, Label: "BG3"},
			{Kind: DropArrow, Path: []int{Orbit, 10}, Label: "BG4"},
			{Kind: LiftOffArrow, Path: []int{8, Orbit}, Label: "BG5"},
		},
		Searches: []SectorMark{{SectorID: 5}},
		Holds:    []SectorMark{{SectorID: 12, Label: "BG6", Side: 1}},
		Battles:  []BattleMark{{SectorID: 11, Label: "battle 1"}},
		Scores:   []Score{{Name: "Warm", VP: 10}, {Name: "Warm", VP: 10, Side: 1}},
		Deadline: "orders due Mon 1 Jan 18:00 UTC",
	}
	at := [2][]int{{1, 1, 6, Orbit, 8, 2}, {4, 7, 9, 10, 11, 12}}
	for side, sectors := range at {
		for i, id := range sectors {
			v.Own = append(v.Own, SectorMark{SectorID: id, Label: "BG" + strconv.Itoa(i+1), Side: side})
		}
	}
	return v
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
