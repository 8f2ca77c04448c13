// Package cite turns the project's citations of the books' text copies
// ("000 line 980", docs/sources.md) into what a player can look up in
// his printed book: book, page and section ("BattleForce p. 24,
// Disruption Effects"); the battle setup tables (004) by table name.
// Code that writes text for people cites through this package, never
// with a line number: players do not have the text copies. Line numbers
// stay in code comments and docs/rulings.md.
//
// The page map is docs/sources.md's; a test keeps the two the same.
//
// It is pure (standard library only) so every layer may use it.
package cite

import (
	"slices"
	"strconv"
	"strings"
)

// section is one heading of BattleForce's table of contents and the
// lines of the text copy it runs over.
type section struct {
	Name     string
	Page     int // 0: the back cover, which the contents do not number
	From, To int
	Chapter  bool // a chapter heading (bold in docs/sources.md)
}

// battleForce is the page and section map of BattleForce (000), in the
// order of the book; docs/sources.md prints the same table.
var battleForce = []section{
	{"BattleForce", 3, 85, 89, true},
	{"Components", 3, 90, 100, false},
	{"Game Mapsheets", 3, 101, 114, false},
	{"Terrain Types", 4, 115, 198, false},
	{"Playing Pieces", 5, 199, 281, false},
	{"Unit Classes", 7, 282, 359, false},
	{"Special Counters", 8, 360, 503, false},
	{"Board Counters", 9, 504, 515, false},
	{"Dice", 9, 516, 549, false},
	{"Game Set-up", 10, 550, 565, true},
	{"Playing the Game", 11, 566, 569, true},
	{"Sequence of Play", 11, 570, 573, false},
	{"Movement Phase", 11, 574, 593, false},
	{"Sighting Phase", 11, 594, 597, false},
	{"Attack Phase", 11, 598, 607, false},
	{"End Phase", 11, 608, 615, false},
	{"Movement", 12, 616, 617, true},
	{"Movement points", 12, 618, 627, false},
	{"Stacking", 12, 628, 631, false},
	{"Terrain Modifiers", 12, 632, 650, false},
	{"Road Bonus", 12, 651, 654, false},
	{"Movement Modes", 12, 655, 658, false},
	{"Jump-Capable", 13, 659, 662, false},
	{"Hover Craft", 13, 663, 666, false},
	{"Wheeled", 13, 667, 670, false},
	{"Tracked", 13, 671, 682, false},
	{"Special Movement Rules", 14, 683, 684, false},
	{"Overburn Movement", 14, 685, 694, false},
	{"Overrun Movement", 14, 695, 728, false},
	{"Dropping", 15, 729, 748, false},
	{"Landing", 16, 749, 771, false},
	{"Sighting Phase", 17, 772, 798, true},
	{"Elevation Dead Zone", 18, 799, 808, false},
	{"Combat", 19, 809, 820, true},
	{"Line-Of-Sight", 19, 821, 824, false},
	{"Indirect Fire", 19, 825, 830, false},
	{"Range", 19, 831, 844, false},
	{"Attacking", 20, 845, 854, false},
	{"Attack Modifiers", 20, 855, 893, false},
	{"Terrain Modifiers", 21, 894, 939, false},
	{"Effects of Fire", 23, 940, 977, false},
	{"Disruption Effects", 24, 978, 1004, false},
	{"Special Combat Rules", 24, 1005, 1058, false},
	{"Special Units", 26, 1059, 1060, true},
	{"Air Lances", 26, 1061, 1078, false},
	{"Unit Types", 26, 1079, 1092, false},
	{"Movement", 26, 1093, 1119, false},
	{"ESR Detection", 27, 1120, 1127, false},
	{"Combat", 28, 1128, 1160, false},
	{"Damage", 29, 1161, 1172, false},
	{"DropShips", 29, 1173, 1178, false},
	{"DropShip Counters", 29, 1179, 1198, false},
	{"Movement", 30, 1199, 1232, false},
	{"Scattering", 30, 1233, 1244, false},
	{"Damage", 31, 1245, 1250, false},
	{"Debarking", 31, 1251, 1260, false},
	{"Combat", 31, 1261, 1274, false},
	{"Artillery", 32, 1275, 1278, false},
	{"Using Variation Chits", 33, 1279, 1282, true},
	{"Bomb", 33, 1283, 1294, false},
	{"Recon + 2 ESR", 33, 1295, 1301, false},
	{"Extra 'Mech", 33, 1302, 1305, false},
	{"Jump", 33, 1306, 1315, false},
	{"Firepower", 33, 1316, 1323, false},
	{"Armor Value", 33, 1324, 1331, false},
	{"ECM", 34, 1332, 1337, false},
	{"AEP", 34, 1338, 1356, false},
	{"Creating Lances and Regiments", 35, 1357, 1366, true},
	{"Creating 'Mech Lances", 35, 1367, 1386, false},
	{"Determine the Defensive Value", 35, 1387, 1423, false},
	{"Determine Ranged Attack Value", 36, 1424, 1472, false},
	{"Calculate Range Rating", 37, 1473, 1497, false},
	{"Close Attack and Overburn Attack Values", 37, 1498, 1513, false},
	{"Movement Allowance", 38, 1514, 1521, false},
	{"Find Step Damage Values", 38, 1522, 1604, false},
	{"Determining Experience Level", 40, 1605, 1651, false},
	{"Creating Infantry and Vehicle Lances", 41, 1652, 1655, false},
	{"Creating Air Lances", 41, 1656, 1659, false},
	{"Air Attack Value", 41, 1660, 1663, false},
	{"Range Value", 41, 1664, 1667, false},
	{"Strafing Value", 41, 1668, 1671, false},
	{"Defensive Value", 41, 1672, 1675, false},
	{"Movement", 41, 1676, 1684, false},
	{"Artillery and Other Special Lances", 41, 1685, 1696, false},
	{"Quick Lance Generation Method", 42, 1697, 1854, false},
	{"Designing a Regiment", 44, 1855, 1864, false},
	{"Regimental Composition", 45, 1865, 1882, false},
	{"Statistical Data", 46, 1883, 1886, false},
	{"Experience Level Percentages", 46, 1887, 1898, false},
	{"'Mech Type Percentages", 46, 1899, 1910, false},
	{"Regimental Experience Levels", 46, 1911, 1931, false},
	{"Using Purchase Points", 47, 1932, 1956, false},
	{"'Mech Regimental Breakdown", 47, 1957, 1995, false},
	{"Regimental Battlegroup", 48, 1996, 2013, false},
	{"Special Purchases", 48, 2014, 2097, false},
	{"Mixed Regiments", 48, 2098, 2103, false},
	{"Scenarios", 49, 2104, 2107, true},
	{"Using the Scenarios", 49, 2108, 2111, false},
	{"Game Set-up", 49, 2112, 2115, false},
	{"Purchase Points", 49, 2116, 2121, false},
	{"Unit Costs", 49, 2122, 2144, false},
	{"Special Rules and Restrictions", 50, 2145, 2148, false},
	{"Victory Conditions", 50, 2149, 2176, false},
	{"Special Purchases Table", 51, 2177, 2198, false},
	{"Surprise Encounter", 52, 2199, 2216, false},
	{"The Steel Tip", 53, 2217, 2250, false},
	{"The Pounce", 54, 2251, 2314, false},
	{"Dreaded Duty", 56, 2315, 2404, false},
	{"No Profit in Dying", 58, 2405, 2498, false},
	{"Other Scenario Possibilities", 60, 2499, 2502, false},
	{"No 'Mech Scenario", 60, 2503, 2506, false},
	{"'Mech Versus Non-'Mech Scenario", 60, 2507, 2510, false},
	{"Hot Assault Scenario", 60, 2511, 2516, false},
	{"Campaign Rules", 61, 2517, 2524, true},
	{"Creating Battlegroups", 61, 2525, 2540, false},
	{"The Regimental Battlegroup", 62, 2541, 2548, false},
	{"Strategic Map", 62, 2549, 2556, false},
	{"Campaign Set-up", 62, 2557, 2560, false},
	{"Sequence of Play", 63, 2561, 2576, false},
	{"Divide and/or Combine Battlegroups", 63, 2577, 2580, false},
	{"Create Reconnaissance Units", 63, 2581, 2584, false},
	{"Strategic Map Movement", 63, 2585, 2596, false},
	{"Conduct Searches", 63, 2597, 2608, false},
	{"Contact", 64, 2609, 2642, false},
	{"Resolve Battles", 65, 2643, 2662, false},
	{"Repair Damaged Lances", 65, 2663, 2676, false},
	{"Increase Experience Level", 66, 2677, 2691, false},
	{"Compute Victory Points", 66, 2692, 2709, false},
	{"Reinforcements", 67, 2710, 2730, false},
	{"Ending the Campaign", 67, 2731, 2746, false},
	{"Regimental Rosters", 68, 2747, 2793, true},
	{"7th Crucis Lancers", 68, 2794, 3117, false},
	{"Moore's Bandits", 73, 3118, 3578, false},
	{"Reference tables", 0, 3579, 3686, false},
}

// table is one of the battle setup tables (004) and its lines.
type table struct {
	Name     string
	From, To int
}

// setupTables are the tables of the battle setup chapter (004), in its
// order; docs/sources.md lists them too.
var setupTables = []table{
	{"Weather Conditions", 3, 17},
	{"Scouting", 18, 39},
	{"Scouting Advantages", 40, 82},
	{"Aerospace Availability", 83, 104},
	{"Defensive Advantage", 105, 151},
	{"Encounter Range", 152, 166},
	{"Morale", 167, 239},
	{"Raid Objectives", 240, 293},
}

// manualTables are the parts of the BattleTech Manual (001) that text
// for players cites; docs/sources.md lists them too.
var manualTables = []table{
	{"Weapons Table", 4797, 4833},
}

// Book cites BattleForce at one or more lines of its text copy:
// "BattleForce p. 24, Disruption Effects"; lines on several pages give
// "BattleForce p. 11, Attack Phase; p. 20, Attacking". A line outside
// the map, or one that holds no text (blank, or the running head: a
// line number gone wrong, copy.go), cites the book alone rather than a
// section that may not hold the rule; the module's test catches both in
// the code.
func Book(lines ...int) string {
	var secs []section
	for _, l := range lines {
		if s, ok := find(l); ok {
			secs = append(secs, s)
		}
	}
	return pages(secs)
}

// Span cites a run of BattleForce's lines, from and to inclusive. A run
// over more than two sections of one chapter cites the chapter with its
// pages ("BattleForce pp. 12–14, Movement"); otherwise the first and
// the last section.
func Span(from, to int) string {
	var secs []section
	chapter, one := "", true
	for _, s := range battleForce {
		if s.To < from || s.From > to {
			continue
		}
		if s.Chapter {
			if chapter != "" {
				one = false
			}
			chapter = s.Name
		} else if chapter == "" {
			chapter = chapterOf(s)
		}
		secs = append(secs, s)
	}
	if len(secs) <= 2 {
		return pages(secs)
	}
	first, last := secs[0], secs[len(secs)-1]
	var b strings.Builder
	b.WriteString("BattleForce pp. ")
	b.WriteString(strconv.Itoa(first.Page))
	if last.Page != first.Page {
		b.WriteString("–" + strconv.Itoa(last.Page))
	}
	if one {
		b.WriteString(", " + chapter)
	} else {
		b.WriteString(", " + first.Name + " to " + last.Name)
	}
	return b.String()
}

// Setup cites the battle setup tables (004) by table name: "Battle
// Setup Tables, Morale".
func Setup(lines ...int) string {
	return named("Battle Setup Tables", setupTables, lines)
}

// Manual cites the BattleTech Manual (001) by table name.
func Manual(lines ...int) string {
	return named("BattleTech Manual", manualTables, lines)
}

// find is the section line l belongs to, if the line holds text.
func find(l int) (section, bool) {
	if !hasText(l) {
		return section{}, false
	}
	for _, s := range battleForce {
		if l >= s.From && l <= s.To {
			return s, true
		}
	}
	return section{}, false
}

// chapterOf is the chapter section s stands in.
func chapterOf(s section) string {
	name := ""
	for _, c := range battleForce {
		if c.From > s.From {
			break
		}
		if c.Chapter {
			name = c.Name
		}
	}
	return name
}

// pages writes sections grouped by page, in the order given, each page
// and section once.
func pages(secs []section) string {
	var b strings.Builder
	b.WriteString("BattleForce")
	seen := map[string]bool{}
	page := -1
	for _, s := range secs {
		key := strconv.Itoa(s.Page) + s.Name
		if seen[key] {
			continue
		}
		seen[key] = true
		switch {
		case s.Page == page:
			b.WriteString(", " + s.Name)
		case page != -1:
			b.WriteString("; ")
			fallthrough
		default:
			if page == -1 {
				b.WriteString(" ")
			}
			if s.Page == 0 {
				b.WriteString("back cover, " + s.Name)
			} else {
				b.WriteString("p. " + strconv.Itoa(s.Page) + ", " + s.Name)
			}
		}
		page = s.Page
	}
	return b.String()
}

// named cites a book without page numbers by the names of its tables.
func named(book string, tables []table, lines []int) string {
	var names []string
	for _, l := range lines {
		for _, t := range tables {
			if l >= t.From && l <= t.To && !slices.Contains(names, t.Name) {
				names = append(names, t.Name)
			}
		}
	}
	if len(names) == 0 {
		return book
	}
	return book + ", " + strings.Join(names, "; ")
}
