package cite

import (
	"slices"
	"strings"
)

// qsSection is a heading of the BattleForce Quick-Start rules (002) and
// the lines of its text copy it runs over. Part is the heading it stands
// under ("Combat Phase" for Verify Line of Sight), "" for a heading of
// its own. A section the copy breaks up (a table or a diagram's example
// printed in its middle) has a row for each piece.
type qsSection struct {
	Name, Part string
	From, To   int
}

// quickStart is the section map of the Quick-Start rules, from the rules'
// title to the record sheets' reference tables, in the order of the
// copy; docs/sources.md prints the same table. The book's pages are not
// in the copy and the rules cite few of them, so a player is pointed to
// a section by name: "Quick-Start rules, Combat Phase, Verify Line of
// Sight".
var quickStart = []qsSection{
	{"BattleForce Quick-Start Rules", "", 25, 28},
	{"Terminology", "", 29, 34},
	{"Playing Pieces", "", 35, 42},
	{"Quick-Start Record Sheets", "", 43, 46},
	{"Dice", "", 47, 54},
	{"Mapsheets", "", 55, 58},
	{"Playing the Game", "", 59, 69},
	{"Initiative Phase", "Playing the Game", 70, 75},
	{"Movement Phase", "Playing the Game", 76, 81},
	{"Combat Phase", "Playing the Game", 82, 87},
	{"End Phase", "Playing the Game", 88, 95},
	{"Movement Phase", "", 96, 103},
	{"Movement Basics", "Movement Phase", 104, 115},
	{"Clear", "Movement Phase", 116, 121},
	{"Light Woods", "Movement Phase", 122, 125},
	{"Heavy Woods", "Movement Phase", 126, 129},
	{"Additional Movement Rules", "Movement Phase", 130, 133},
	{"Jumping", "Movement Phase", 134, 137},
	{"Movement Costs Table", "Movement Phase", 138, 149},
	{"Jumping", "Movement Phase", 150, 155},
	{"Facing", "", 156, 165},
	{"Stacking", "", 166, 169},
	{"Combat Phase", "", 170, 173},
	{"Resolving Weapon Attacks", "Combat Phase", 174, 186},
	{"Attack Declaration", "Combat Phase", 187, 194},
	{"Verify Line of Sight", "Combat Phase", 195, 200},
	{"Intervening Terrain", "Combat Phase", 201, 212},
	{"Verify Firing Arc", "Combat Phase", 213, 216},
	{"Determine Range", "Combat Phase", 217, 232},
	{"To-Hit Roll Diagram", "Combat Phase", 233, 238},
	{"Determine To-Hit Number", "Combat Phase", 239, 246},
	{"Roll To-Hit", "Combat Phase", 247, 252},
	{"Determine and Apply Damage", "Combat Phase", 253, 256},
	{"Attack Direction", "Combat Phase", 257, 270},
	{"To-Hit Roll Diagram", "Combat Phase", 271, 278},
	{"Attack Direction", "Combat Phase", 279, 284},
	{"Amount of Damage", "Combat Phase", 285, 292},
	{"Applying Damage", "Combat Phase", 293, 304},
	{"To-Hit Modifiers Table", "Combat Phase", 305, 337},
	{"Applying Damage", "Combat Phase", 338, 367},
	{"Roll for Critical Hits", "Combat Phase", 368, 375},
	{"Critical Hit Effects", "Combat Phase", 376, 405},
	{"Overheating", "Combat Phase", 406, 419},
	{"Determining Critical Hits Table", "Combat Phase", 420, 432},
	{"Overheating", "Combat Phase", 433, 447},
	{"End Phase", "", 448, 453},
	{"Damage", "End Phase", 454, 457},
	{"Heat", "End Phase", 458, 463},
	{"Shutdown", "End Phase", 464, 471},
	{"Cooling Down", "End Phase", 472, 483},
	{"Special Abilities", "", 484, 493},
	{"CASE", "Special Abilities", 494, 497},
	{"Energy", "Special Abilities", 498, 503},
	{"Green Training Scenario", "", 504, 509},
	{"Game Set-up", "Green Training Scenario", 510, 513},
	{"Defender", "Green Training Scenario", 514, 517},
	{"Deployment", "Green Training Scenario", 518, 521},
	{"Attacker", "Green Training Scenario", 522, 525},
	{"Deployment", "Green Training Scenario", 526, 529},
	{"Victory Conditions", "Green Training Scenario", 530, 533},
	{"Special Rules", "Green Training Scenario", 534, 537},
	{"BattleForce: Standard and Advanced Rules", "", 538, 541},
	{"Veteran Training Scenario", "", 542, 545},
	{"Counters", "Veteran Training Scenario", 546, 549},
	{"Headquarters Counter", "Veteran Training Scenario", 550, 557},
	{"Objective Counters", "Veteran Training Scenario", 558, 565},
	{"Setting Up", "Veteran Training Scenario", 566, 575},
	{"Starting Positions", "Veteran Training Scenario", 576, 583},
	{"Victory Conditions", "Veteran Training Scenario", 584, 591},
	{"Destruction", "Veteran Training Scenario", 592, 595},
	{"Victory Points", "Veteran Training Scenario", 596, 601},
	{"Objectives", "Veteran Training Scenario", 602, 609},
	{"Headquarters", "Veteran Training Scenario", 610, 619},
	{"Victory Points Table", "Veteran Training Scenario", 620, 632},
	{"Headquarters", "Veteran Training Scenario", 633, 639},
	{"BattleForce: Standard and Advanced Rules", "", 640, 643},
	{"Veteran Training Scenario Victory Points Table", "", 644, 661},
	{"Word of Blake Quick-Start Record Sheet", "", 662, 711},
	// The copy prints each sheet's second unit under the other sheet's
	// title: Peaceful Cleansing is a Word of Blake unit.
	{"Clan Quick-Start Record Sheet", "", 712, 753},
	{"Word of Blake Quick-Start Record Sheet", "", 754, 795},
	{"Clan Quick-Start Record Sheet", "", 796, 829},
	{"To-Hit Modifiers Table", "", 830, 862},
	{"Movement Costs Table", "", 863, 874},
	{"Turn Sequence", "", 875, 884},
	{"Determining Critical Hits Table", "", 885, 899},
	{"Range Table", "", 900, 910},
	{"To-Hit Modifiers Table", "", 911, 943},
	{"Movement Costs Table", "", 944, 955},
	{"Turn Sequence", "", 956, 965},
	{"Determining Critical Hits Table", "", 966, 980},
	{"Range Table", "", 981, 990},
}

// QuickStart cites the Quick-Start rules (002) at one or more lines of
// its text copy by part and section: "Quick-Start rules, Veteran
// Training Scenario, Starting Positions"; sections of several lines are
// joined with "; ". A line outside the map, blank or a heading (a line
// number gone wrong, or one that names a section and holds none of its
// rule) cites the rules alone; the module's test catches both in the
// code.
func QuickStart(lines ...int) string {
	var names []string
	for _, l := range lines {
		if !qsHasText(l) {
			continue
		}
		for _, s := range quickStart {
			if l < s.From || l > s.To {
				continue
			}
			name := s.Name
			if s.Part != "" {
				name = s.Part + ", " + s.Name
			}
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		return "Quick-Start rules"
	}
	return "Quick-Start rules, " + strings.Join(names, "; ")
}

// qsCopyLines pictures the Quick-Start rules' text copy (002) as
// copyLines pictures BattleForce's: '#' a line with text, '.' a blank
// line, 'H' a heading (a line the copy marks with '#'). No word of the
// book, only where a rule can be read. Made from the copy with
//
//	awk '{ printf "%s", /^#/ ? "H" : NF ? "#" : "." }'
//
// folded at 100 characters.
var qsCopyLines = []string{
	"..#.H...H.H.....H...#.#.H.#.H.#.#.H.#.#.#.H.#.H.#.#...H.#.H.#.#.####.H.#...H.#.#.H.#.#.H.#.#.#.H.#..", // 1–100
	".#.H.#.#.#.#...H.#.#.H.#.H.#.H.#.H.#.H.#########.#.#.#.H.#.#.#.#.H.#.H.#.H.#.########.H.#.#.#.H.#.#.", // 101–200
	"H.#.#.#...#.H.#.H.#.#.#.#.#####...#.#.H.#.#.#.H.#...H.#.H.#.#...#.#.#.#.#.#.#...#.#.H.#.#.#.H.#.#.H.", // 201–300
	"#.#.H.######################.#.#.#.#.H.#.#.H.#.#.H.#.#.H.#.#.#...#.H.#...#.H.#.H.#.H.#.H.#.H.#.H.#.#", // 301–400
	".H.#.H.#.H.#.#.H.#.############.########.#.#.#.H.#.#.H.#.H.#.#.H.#.#.#.H.#.#.#.#.#.H.#.#.#.#.H.#.H.#", // 401–500
	".#.H.#.#.H.#.H.#.H.#.H.#.H.#.H.#.H.#.H.#.H.#.H.#.H.#.#...H.#.#...H.#.#.#.#.H.#.#.#.H.#.###.H.#.H.#.#", // 501–600
	".H.#.#.#.H.#.#.#.#.H.#######.#.#.#.#.#.H.#.H.#.###########.#.H...H...#.#####.#####.#####.#####.#####", // 601–700
	".#####.#.#.H...H...#.#####.#####.#####.#####.#####.#.#.#####.#####.#####.#####.#####.#####.#.#.#.###", // 701–800
	"##.#####.#####.#####.#####.#.H.######################.#.#.#.#.H.#########.H.#.#.#.#.H.############.H", // 801–900
	".####.#.#.H.######################.#.#.#.#.H.#########.H.#.#.#.#.H.############.H.####...##.H.####.H", // 901–1000
	"..H.H.#.#.#.#.#...H.######", // 1001–1026
}

// qsHasText reports whether line l of the Quick-Start copy holds text a
// rule can be read from: not blank, not a heading, not past the end.
func qsHasText(l int) bool { return textAt(qsCopyLines, l) }
