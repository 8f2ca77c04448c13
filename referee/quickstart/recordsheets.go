package quickstart

// The Units of the two Quick-Start record sheets (002 lines 666–828), the
// forces of both training scenarios (002 lines 516, 524). Each Element's
// comment gives the line of its stats row; the Armor/Structure circles are
// on that row and the next, and the Points and special ability on the next.
// Functions, not variables, so no caller can change the book's values.

// Faction names.
const (
	WordOfBlake = "Word of Blake"
	GhostBear   = "Clan Ghost Bear"
)

// DivineFire is the Word of Blake's Level II "Divine Fire", medium (2),
// Point Value 70 (002 line 670).
func DivineFire() Unit {
	return Unit{Name: `Level II "Divine Fire"`, Faction: WordOfBlake, Weight: 2, Elements: []Element{
		{Name: "Malak Infernus", MV: 7, Damage: [3]int{2, 2, 0}, Weight: 1, Armor: 3, Structure: 2, PV: 10, Specials: ENE}, // 002 line 674
		{Name: "Malak Luminos", MV: 7, Damage: [3]int{3, 3, 1}, Weight: 1, Armor: 3, Structure: 2, PV: 11, Specials: ENE},  // 002 line 680
		{Name: "Cicada 3P", MV: 7, Damage: [3]int{3, 3, 1}, Overheat: 1, Weight: 2, Armor: 4, Structure: 2, PV: 11},        // 002 line 686
		{Name: "Cicada 3f", MV: 8, Jump: 8, Damage: [3]int{2, 2, 1}, Weight: 2, Armor: 4, Structure: 2, PV: 13},            // 002 line 692
		{Name: "Clint 6S", MV: 7, Damage: [3]int{3, 3, 2}, Weight: 2, Armor: 4, Structure: 2, PV: 13},                      // 002 line 698
		{Name: "Hermes 4M", MV: 11, Damage: [3]int{3, 3, 0}, Weight: 1, Armor: 4, Structure: 1, PV: 12},                    // 002 line 704
	}}
}

// PeacefulCleansing is the Word of Blake's Level II "Peaceful Cleansing",
// assault (4), Point Value 104 (002 line 754).
func PeacefulCleansing() Unit {
	return Unit{Name: `Level II "Peaceful Cleansing"`, Faction: WordOfBlake, Weight: 4, Elements: []Element{
		{Name: "Deva Invictus", MV: 4, Damage: [3]int{3, 3, 3}, Weight: 3, Armor: 6, Structure: 4, PV: 16, Specials: CASE},                         // 002 line 758
		{Name: "Deva Infernus", MV: 4, Damage: [3]int{4, 4, 2}, Weight: 3, Armor: 6, Structure: 4, PV: 17, Specials: ENE},                          // 002 line 764
		{Name: "Grigori Dominus", MV: 4, Jump: 4, Damage: [3]int{3, 3, 1}, Overheat: 1, Weight: 3, Armor: 6, Structure: 3, PV: 15, Specials: CASE}, // 002 line 770
		{Name: "Awesome 9M", MV: 4, Damage: [3]int{4, 4, 3}, Overheat: 1, Weight: 4, Armor: 8, Structure: 4, PV: 18},                               // 002 line 776
		{Name: "Zeus 10WB", MV: 4, Damage: [3]int{4, 4, 3}, Overheat: 2, Weight: 4, Armor: 8, Structure: 4, PV: 15, Specials: ENE},                 // 002 line 782
		{Name: "Banshee 8S", MV: 4, Damage: [3]int{3, 3, 1}, Overheat: 2, Weight: 4, Armor: 10, Structure: 4, PV: 23, Specials: CASE},              // 002 line 788
	}}
}

// AlphaRecon is Clan Ghost Bear's Alpha Trinary Recon Star, light (1),
// Point Value 67 (002 line 720).
func AlphaRecon() Unit {
	return Unit{Name: "Alpha Trinary Recon Star", Faction: GhostBear, Weight: 1, Elements: []Element{
		{Name: "Ocelot", MV: 6, Jump: 6, Damage: [3]int{3, 3, 0}, Weight: 1, Armor: 4, Structure: 2, PV: 14, Specials: ENE},               // 002 line 724
		{Name: "Kit fox (Uller) S", MV: 6, Jump: 6, Damage: [3]int{3, 3, 2}, Weight: 1, Armor: 3, Structure: 2, PV: 14, Specials: CASE},   // 002 line 730
		{Name: "Kit fox (Uller) E", MV: 6, Jump: 6, Damage: [3]int{3, 3, 2}, Weight: 1, Armor: 3, Structure: 2, PV: 13, Specials: CASE},   // 002 line 736
		{Name: "Mist Lynx (Koshi) E", MV: 7, Jump: 4, Damage: [3]int{3, 3, 1}, Weight: 1, Armor: 2, Structure: 1, PV: 10, Specials: CASE}, // 002 line 742
		{Name: "Viper (Dragonfly) E", MV: 8, Jump: 8, Damage: [3]int{3, 3, 1}, Weight: 2, Armor: 4, Structure: 2, PV: 16, Specials: CASE}, // 002 line 748
	}}
}

// AlphaFire is Clan Ghost Bear's Alpha Trinary Fire Support Star, heavy
// (3), Point Value 103 (002 line 796).
func AlphaFire() Unit {
	return Unit{Name: "Alpha Trinary Fire Support Star", Faction: GhostBear, Weight: 3, Elements: []Element{
		{Name: "Mad Dog (Vulture) F", MV: 5, Damage: [3]int{6, 6, 3}, Weight: 3, Armor: 4, Structure: 3, PV: 14},                               // 002 line 800
		{Name: "Timber Wolf (Mad Cat) E", MV: 5, Damage: [3]int{5, 5, 4}, Weight: 3, Armor: 8, Structure: 4, PV: 24, Specials: CASE},           // 002 line 806
		{Name: "Gargoyle (Man O' War) D", MV: 5, Damage: [3]int{6, 6, 3}, Weight: 4, Armor: 8, Structure: 4, PV: 25, Specials: ENE},            // 002 line 812
		{Name: "Mad Dog (Vulture) C", MV: 5, Damage: [3]int{6, 6, 3}, Weight: 3, Armor: 4, Structure: 3, PV: 19, Specials: CASE},               // 002 line 818
		{Name: "Stormcrow (Ryoken) E", MV: 6, Damage: [3]int{6, 6, 2}, Overheat: 1, Weight: 2, Armor: 6, Structure: 3, PV: 21, Specials: CASE}, // 002 line 824
	}}
}

// RecordSheetUnits lists the four Units of the record sheets.
func RecordSheetUnits() []Unit {
	return []Unit{DivineFire(), PeacefulCleansing(), AlphaRecon(), AlphaFire()}
}
