package mapgen

// genThemeParams is how a theme spends its terrain. Ranges are [min, max];
// each map draws its own value from the range, so two plains maps are not
// alike. Percentages are of all the map's hexes unless said otherwise.
type genThemeParams struct {
	// hillCell is the spacing of the elevation noise in hexes: the width
	// of a typical hill.
	hillCell int
	// elevated and high are the percent of hexes at level 1 or more and at
	// level 2, before river valleys and the slope pass adjust them.
	elevated, high [2]int
	// rough is the percent of slope hexes (next to a change of level) that
	// are rough: broken ground sits next to cliffs and bluffs (000 line 135).
	rough int
	// woodsCell is the spacing of the woods noise: the size of a stand.
	woodsCell int
	// woods is the percent of hexes in woods; heavy the percent of those
	// woods that are heavy (the cores of the stands).
	woods, heavy [2]int
	// riverCountry favours woods within two hexes of a river and villages
	// near one, and grows bigger lakes.
	riverCountry bool
	// riverChance is the percent chance of a river; secondRiver of another;
	// wideRiver that the first river is two hexes wide.
	riverChance, secondRiver, wideRiver int
	// lakeChance is the percent chance of a lake per mapsheet.
	lakeChance int
	// villageChance is the percent chance of a village per mapsheet.
	villageChance int
	// city makes one city per mapsheet covering much of the map.
	city bool
	// roadEnds is how many places on the map edges the roads lead to.
	roadEnds [2]int
}

// genThemeTable is the generator's recipe for each theme.
var genThemeTable = [numThemes]genThemeParams{
	Plains: {
		hillCell: 9, elevated: [2]int{8, 16}, high: [2]int{0, 3}, rough: 15,
		woodsCell: 3, woods: [2]int{4, 9}, heavy: [2]int{15, 30},
		riverChance: 35, lakeChance: 25, villageChance: 60, roadEnds: [2]int{2, 3},
	},
	Woods: {
		hillCell: 8, elevated: [2]int{15, 26}, high: [2]int{2, 6}, rough: 20,
		woodsCell: 6, woods: [2]int{38, 50}, heavy: [2]int{35, 50},
		riverChance: 40, lakeChance: 25, villageChance: 30, roadEnds: [2]int{2, 3},
	},
	Hills: {
		hillCell: 6, elevated: [2]int{55, 70}, high: [2]int{22, 35}, rough: 40,
		woodsCell: 4, woods: [2]int{11, 18}, heavy: [2]int{25, 40},
		riverChance: 30, lakeChance: 15, villageChance: 35, roadEnds: [2]int{2, 3},
	},
	River: {
		hillCell: 8, elevated: [2]int{15, 25}, high: [2]int{2, 6}, rough: 20,
		woodsCell: 5, woods: [2]int{14, 22}, heavy: [2]int{25, 40}, riverCountry: true,
		riverChance: 100, secondRiver: 35, wideRiver: 60, lakeChance: 45, villageChance: 55,
		roadEnds: [2]int{2, 4},
	},
	Urban: {
		hillCell: 9, elevated: [2]int{5, 12}, high: [2]int{0, 3}, rough: 10,
		woodsCell: 3, woods: [2]int{3, 8}, heavy: [2]int{10, 25},
		riverChance: 30, lakeChance: 10, city: true, roadEnds: [2]int{3, 5},
	},
	Mixed: {
		hillCell: 7, elevated: [2]int{24, 36}, high: [2]int{6, 12}, rough: 30,
		woodsCell: 4, woods: [2]int{16, 25}, heavy: [2]int{25, 40},
		riverChance: 55, lakeChance: 35, villageChance: 70, roadEnds: [2]int{2, 4},
	},
}
