package campaign

import (
	"bfbot/mapgen"
	"bfbot/referee"
)

// The battle setup tables (book 004, docs/sources.md) as data, each row
// cited to its line of 004. Percentile bands are inclusive; a band's Hi
// of maxRoll means "and up". What each result does in a BattleForce battle
// is ruling R11 and the ST rulings; the rolling is in setup_roll.go.

const maxRoll = 1 << 30

// weatherRow is one band of the weather table (004 lines 7–15).
type weatherRow struct {
	Lo, Hi int
	Name   string
	Kind   referee.WeatherKind
	// Night: the night result (line 7), rolled again for the weather.
	Night bool
	// Disaster: a local disaster (line 13), for the referee to judge.
	Disaster bool
	// HalveInfantry: infantry counters halved (lines 7, 9); HalveAir: air
	// lances halved (line 11).
	HalveInfantry, HalveAir bool
	// AttackerMayRefuse: the massive storm (line 15).
	AttackerMayRefuse bool
	Line              int
}

var weatherTable = []weatherRow{
	{Lo: 1, Hi: 10, Name: "night", Night: true, HalveInfantry: true, Line: 7},
	{Lo: 11, Hi: 68, Name: "normal", Kind: referee.WeatherNormal, Line: 8},
	{Lo: 69, Hi: 73, Name: "severe heat or cold", Kind: referee.WeatherHeatCold, HalveInfantry: true, Line: 9},
	{Lo: 74, Hi: 83, Name: "heavy rain", Kind: referee.WeatherHeavyRain, Line: 10},
	{Lo: 84, Hi: 86, Name: "severe weather", Kind: referee.WeatherSevere, HalveAir: true, Line: 11},
	{Lo: 87, Hi: 91, Name: "thick fog", Kind: referee.WeatherFog, Line: 12},
	{Lo: 92, Hi: 95, Name: "a local disaster", Kind: referee.WeatherNormal, Disaster: true, Line: 13},
	// The electromagnetic storm touches drones, C3 nets and command
	// computers only, none of which BattleForce has (line 14).
	{Lo: 96, Hi: 97, Name: "electromagnetic storm", Kind: referee.WeatherNormal, Line: 14},
	{Lo: 98, Hi: 100, Name: "massive storm", Kind: referee.WeatherStorm, AttackerMayRefuse: true, Line: 15},
}

// scoutingRow is one band of the scouting table (004 lines 24–37).
type scoutingRow struct {
	Lo, Hi int
	Text   string
	// Modifier on the side's other setup tables (−25, −10).
	Modifier int
	// Average: the average report (rough count, line 27).
	Average bool
	// Advantages rolled on the d20 table; Choose chosen freely; Negate
	// enemy advantages cancelled (line 37).
	Advantages, Choose, Negate int
	Line                       int
}

var scoutingTable = []scoutingRow{
	{Lo: -maxRoll, Hi: 5, Text: "scouts lost without result", Modifier: -25, Line: 24},
	{Lo: 6, Hi: 25, Text: "scouts unable to report until after the battle", Modifier: -25, Line: 25},
	{Lo: 26, Hi: 35, Text: "ineffectual scouting, no worthwhile data", Modifier: -10, Line: 26},
	{Lo: 36, Hi: 60, Text: "average scouting reports", Average: true, Line: 27},
	{Lo: 61, Hi: 80, Text: "scouts successful: average reports and one advantage", Average: true, Advantages: 1, Line: 28},
	{Lo: 81, Hi: 95, Text: "scouts successful: average reports and two advantages", Average: true, Advantages: 2, Line: 29},
	{Lo: 96, Hi: 100, Text: "scouts successful but lost: average reports and two advantages", Average: true, Advantages: 2, Line: 30},
	{Lo: 101, Hi: 105, Text: "scouts lost without result", Modifier: -25, Line: 31},
	{Lo: 106, Hi: 135, Text: "scouts successful: average reports and two advantages", Average: true, Advantages: 2, Line: 32},
	{Lo: 136, Hi: 150, Text: "scouts successful: average reports and three advantages", Average: true, Advantages: 3, Line: 33},
	{Lo: 151, Hi: 153, Text: "scouts unable to report until after the battle", Modifier: -25, Line: 34},
	{Lo: 154, Hi: 155, Text: "ineffectual scouting, no worthwhile data", Modifier: -10, Line: 35},
	{Lo: 156, Hi: 199, Text: "scouts extremely successful: two advantages of choice", Average: true, Choose: 2, Line: 36},
	{Lo: 200, Hi: maxRoll, Text: "scouts overwhelmingly successful: two advantages of choice, one enemy advantage negated", Average: true, Choose: 2, Negate: 1, Line: 37},
}

// ScoutingPerRecon is the scouting roll's bonus for each recon
// battlegroup in or next to the sector, at most ScoutingReconMax (004
// line 20: +10/20/30%, cumulative; ruling ST7).
const (
	ScoutingPerRecon = 10
	ScoutingReconMax = 30
	// OverwhelmingRatio: enemy counters at least this many times one's
	// own are "overwhelming" for the average report's 2-in-6 chance to
	// withdraw (line 27; ruling ST8).
	OverwhelmingRatio = 2
)

// Advantage is a numbered Scouting Advantage (004 lines 42–80).
type Advantage int

// The scouting advantages, numbered as the d20 table has them.
const (
	AdvAerospace Advantage = iota + 1
	AdvCountermeasures
	AdvCrabmines
	AdvDeepPenetration
	AdvDetailedCount
	AdvDetailedSurvey
	AdvDiversion
	AdvGauntletDamage
	AdvHeadquartersRaid
	AdvHitAndRun
	AdvInfiltration
	AdvMines
	AdvPropaganda
	AdvReinforcements
	AdvRightOfRefusal
	AdvSabotage
	AdvScoutConflict
	AdvSniperSupport
	AdvSuperiorInformation
	AdvTheft
)

// advantageRow is what a scouting advantage does in a BattleForce battle;
// Note is set for those only a neutral judge can settle (R11).
type advantageRow struct {
	Name string
	Line int
	Note bool
}

var advantageTable = map[Advantage]advantageRow{
	AdvAerospace:           {"aerospace availability (+40 on the aerospace table)", 42, false},
	AdvCountermeasures:     {"countermeasures (one enemy scouting advantage nullified)", 44, false},
	AdvCrabmines:           {"crabmines (1D6 mines)", 46, false},
	AdvDeepPenetration:     {"deep penetration (the enemy's off-board units found)", 48, true},
	AdvDetailedCount:       {"detailed count (the enemy's unit classes known)", 50, false},
	AdvDetailedSurvey:      {"detailed survey (hidden units and mines may be revealed)", 52, false},
	AdvDiversion:           {"diversion ((1D6−1)×5% of the enemy's counters drawn away)", 54, false},
	AdvGauntletDamage:      {"gauntlet damage (2D6 sniper hits)", 56, true},
	AdvHeadquartersRaid:    {"headquarters raid (+20 on the setup tables)", 58, false},
	AdvHitAndRun:           {"hit and run (enemy units wrecked)", 60, true},
	AdvInfiltration:        {"infiltration", 62, true},
	AdvMines:               {"mines, bombs and booby traps (1D6+1 mines)", 64, false},
	AdvPropaganda:          {"propaganda (enemy morale −15)", 66, false},
	AdvReinforcements:      {"reinforcements (1D6 light units)", 68, true},
	AdvRightOfRefusal:      {"right of refusal (may decline the battle in turn 1)", 70, false},
	AdvSabotage:            {"sabotage (enemy units kept out or installations wrecked)", 72, false},
	AdvScoutConflict:       {"scout unit conflict", 74, true},
	AdvSniperSupport:       {"sniper support (4D6 shots)", 76, true},
	AdvSuperiorInformation: {"superior information (+20 on the setup tables)", 78, false},
	AdvTheft:               {"theft", 80, true},
}

// advantagePreference is the order in which the bot chooses a scouting
// advantage ("choose any", lines 36–37) and in which it negates an enemy
// one (lines 37, 44, 119): the most telling in a BattleForce battle
// first, the referee notes last (ruling ST9).
var advantagePreference = []Advantage{
	AdvDiversion, AdvMines, AdvPropaganda, AdvDetailedCount, AdvCountermeasures,
	AdvSuperiorInformation, AdvHeadquartersRaid, AdvAerospace, AdvCrabmines,
	AdvDetailedSurvey, AdvRightOfRefusal,
	AdvDeepPenetration, AdvGauntletDamage, AdvHitAndRun, AdvInfiltration, AdvReinforcements,
	AdvSabotage, AdvScoutConflict, AdvSniperSupport, AdvTheft,
}

// Modifiers the scouting advantages give (004 lines 42, 58, 66, 78).
const (
	AerospaceAdvantageBonus = 40
	SetupInformationBonus   = 20
	PropagandaMorale        = -15
)

// surveyChance is the detailed survey's chance in six to reveal a hidden
// counter (004 line 52): hidden infantry 2, minefields (installations) 5.
const (
	SurveyInfantry = 2
	SurveyMines    = 5
)

// AirArrival is when an air lance reaches the battle on the aerospace
// availability table (004 lines 87–100).
type airRow struct {
	Lo, Hi int
	Text   string
	// Turn is the game turn it enters (0: not at all); Dice2D6/Dice1D6:
	// it enters after that many turns (turn 1 + the roll).
	Turn             int
	Dice2D6, Dice1D6 bool
	// Spent is the chance in six that its bomb load was already used.
	Spent int
	Line  int
}

var aerospaceTable = []airRow{
	{Lo: -maxRoll, Hi: 40, Text: "unavailable: fuelling or maintenance", Line: 87},
	{Lo: 41, Hi: 65, Text: "unavailable: engaged elsewhere", Line: 88},
	{Lo: 66, Hi: 80, Text: "nearby: arrives after 2D6 turns", Dice2D6: true, Line: 89},
	{Lo: 81, Hi: 90, Text: "very close: arrives after 1D6 turns", Dice1D6: true, Spent: 2, Line: 90},
	{Lo: 91, Hi: 99, Text: "close: arrives after one turn", Turn: 2, Spent: 1, Line: 91},
	{Lo: 100, Hi: 115, Text: "arrives after one turn, fully armed", Turn: 2, Line: 92},
	{Lo: 116, Hi: 125, Text: "already over the battlefield", Turn: 1, Line: 93},
	{Lo: 126, Hi: 145, Text: "unavailable: fuelling or maintenance", Line: 94},
	{Lo: 146, Hi: 155, Text: "unavailable: engaged elsewhere", Line: 95},
	{Lo: 156, Hi: 165, Text: "nearby: arrives after 2D6 turns", Dice2D6: true, Line: 96},
	{Lo: 166, Hi: 175, Text: "very close: arrives after 1D6 turns", Dice1D6: true, Spent: 2, Line: 97},
	{Lo: 176, Hi: 190, Text: "close: arrives after one turn", Turn: 2, Spent: 1, Line: 98},
	{Lo: 191, Hi: 195, Text: "arrives after one turn, fully armed", Turn: 2, Line: 99},
	{Lo: 196, Hi: maxRoll, Text: "already over the battlefield", Turn: 1, Line: 100},
}

// Aerospace availability modifiers (004 line 85): every BattleForce air
// lance is an aerospace unit; attacking a prepared position is an attack
// against a fixed position (ruling ST10).
const (
	AerospaceUnitBonus    = 20
	FixedPositionAirBonus = 50
)

// defenseRow is one band of the defensive advantage table (004 lines
// 115–120).
type defenseRow struct {
	Lo, Hi int
	Text   string
	// Random advantages rolled on the 1D12 subtable; Select chosen.
	Random, Select int
	// Negate an enemy scouting advantage, then roll again Again times
	// without bonuses.
	Negate, Again int
	Line          int
}

var defenseTable = []defenseRow{
	{Lo: -maxRoll, Hi: 10, Text: "no special advantages", Line: 115},
	{Lo: 11, Hi: 75, Text: "one random defensive advantage", Random: 1, Line: 116},
	{Lo: 76, Hi: 90, Text: "two random defensive advantages", Random: 2, Line: 117},
	{Lo: 91, Hi: 95, Text: "one defensive advantage of choice", Select: 1, Line: 118},
	{Lo: 96, Hi: 125, Text: "one enemy scouting advantage negated; roll again", Negate: 1, Again: 1, Line: 119},
	{Lo: 126, Hi: maxRoll, Text: "one enemy scouting advantage negated; roll again twice", Negate: 1, Again: 2, Line: 120},
}

// Defense is a Defensive Advantage, numbered as the 1D12 subtable has
// them (004 line 116).
type Defense int

// The defensive advantages.
const (
	DefDelayedArrival Defense = iota + 1
	DefGauntletDamage
	DefHostileWildlife
	DefInstallations
	DefLightArtillery
	DefLimitingTerrain
	DefLure
	DefMines
	DefNaturalFortifications
	DefPriorSetup
	DefReinforcements
	DefTerrainSelection
)

var defenseAdvantageTable = map[Defense]advantageRow{
	DefDelayedArrival:        {"delayed arrival (attackers arrive 9 − MP turns late)", 124, false},
	DefGauntletDamage:        {"gauntlet damage (6D6 clusters)", 126, true},
	DefHostileWildlife:       {"hostile wildlife (1D6×5% of the attackers' counters kept away)", 128, false},
	DefInstallations:         {"installations (hardened buildings)", 130, false},
	DefLightArtillery:        {"light artillery support", 132, true},
	DefLimitingTerrain:       {"limiting terrain", 134, false},
	DefLure:                  {"lures", 139, true},
	DefMines:                 {"mines, bombs and booby traps (1D6+1 mines)", 141, false},
	DefNaturalFortifications: {"natural fortifications (attacks on the defender −1 column)", 143, false},
	DefPriorSetup:            {"prior setup (deploy anywhere, infantry hidden)", 145, false},
	DefReinforcements:        {"local reinforcements", 147, true},
	DefTerrainSelection:      {"terrain selection", 149, true},
}

// defensePreference is the bot's choice on "select any" (line 118;
// ruling ST9).
var defensePreference = []Defense{
	DefNaturalFortifications, DefDelayedArrival, DefPriorSetup, DefMines, DefInstallations,
	DefHostileWildlife, DefLimitingTerrain,
	DefLightArtillery, DefGauntletDamage, DefReinforcements, DefTerrainSelection, DefLure,
}

// Delayed arrival (004 line 124): an attacking counter arrives
// DelayBase − MP turns late (ruling ST11).
const DelayBase = 9

// Installations (004 line 130): 2D6×10+30 CP, one hardened building hex
// per InstallationCP (ruling ST12).
const InstallationCP = 50

// MoraleBase is the score a morale roll starts from (004 lines 183, 214).
const (
	MoraleBase          = 50
	MoraleBaseMercenary = 30
)

// MoraleClass is a row of the morale table's unit classes (004 lines
// 218–237), lightest first.
type MoraleClass int

// The morale classes. BattleForce classes map onto them in moraleClassOf.
const (
	MoraleInfantry MoraleClass = iota
	MoraleArmoredInfantry
	MoraleCombatArmor
	MoraleUltralight
	MoraleLight
	MoraleMedium
	MoraleHeavy
	MoraleAssault
	numMoraleClasses
)

// MoraleLevel is a morale failure result (004 lines 199–211).
type MoraleLevel string

// The morale results, as the table names them.
const (
	StandFast          MoraleLevel = "stand fast"
	Demoralized        MoraleLevel = "demoralized"
	FightingWithdrawal MoraleLevel = "fighting withdrawal"
	FallbackPositions  MoraleLevel = "fallback positions"
	FullRetreat        MoraleLevel = "full retreat"
	RetreatConditional MoraleLevel = "full retreat (conditional surrender)"
	RetreatComplete    MoraleLevel = "full retreat (complete surrender)"
	RetreatUncond      MoraleLevel = "full retreat (unconditional surrender)"
	Rout               MoraleLevel = "rout"
	Collapse           MoraleLevel = "collapse"
)

// moraleRow is one band of the morale table: the result per class, in
// MoraleClass order (004 lines 218–237). Lo is the lowest score of the
// band. Classes a negative row does not name have collapsed (they
// collapsed in the row above; ruling ST13).
type moraleRow struct {
	Lo     int
	Result [numMoraleClasses]MoraleLevel
	Line   int
}

var (
	sf, de, fw, fb, fr = StandFast, Demoralized, FightingWithdrawal, FallbackPositions, FullRetreat
	rc, rx, ru, ro, co = RetreatConditional, RetreatComplete, RetreatUncond, Rout, Collapse
)

var moraleTable = []moraleRow{
	{Lo: 91, Result: [...]MoraleLevel{sf, sf, sf, sf, sf, sf, sf, sf}, Line: 218},
	{Lo: 81, Result: [...]MoraleLevel{de, sf, sf, sf, sf, sf, sf, sf}, Line: 219},
	{Lo: 71, Result: [...]MoraleLevel{fw, de, sf, sf, sf, sf, sf, sf}, Line: 220},
	{Lo: 61, Result: [...]MoraleLevel{fb, fw, de, sf, sf, sf, sf, sf}, Line: 221},
	{Lo: 51, Result: [...]MoraleLevel{fr, fb, fw, de, sf, sf, sf, sf}, Line: 222},
	{Lo: 41, Result: [...]MoraleLevel{rx, fr, fb, fw, de, sf, sf, sf}, Line: 223},
	{Lo: 31, Result: [...]MoraleLevel{ru, rc, fr, fb, fw, de, sf, sf}, Line: 224},
	{Lo: 21, Result: [...]MoraleLevel{ro, ru, rc, fr, fb, fw, de, sf}, Line: 225},
	{Lo: 11, Result: [...]MoraleLevel{co, ro, ru, rc, fr, fb, fw, de}, Line: 226},
	{Lo: 1, Result: [...]MoraleLevel{co, co, ro, ru, rc, fr, fb, fw}, Line: 227},
	{Lo: -9, Result: [...]MoraleLevel{co, co, co, ro, ru, rx, fr, fb}, Line: 232},
	{Lo: -19, Result: [...]MoraleLevel{co, co, co, co, ro, ru, rx, fr}, Line: 233},
	{Lo: -29, Result: [...]MoraleLevel{co, co, co, co, co, ro, ru, rx}, Line: 234},
	{Lo: -39, Result: [...]MoraleLevel{co, co, co, co, co, co, ro, ru}, Line: 235},
	{Lo: -49, Result: [...]MoraleLevel{co, co, co, co, co, co, co, ro}, Line: 236},
	{Lo: -maxRoll, Result: [...]MoraleLevel{co, co, co, co, co, co, co, co}, Line: 237},
}

// moraleClassOf places a BattleForce class on the morale table (ruling
// ST13): foot infantry is Infantry, heavy infantry Armored Infantry;
// 'Mechs, vehicles, artillery and air lances by weight; DropShips are
// assault units.
func moraleClassOf(c referee.Class) MoraleClass {
	switch c {
	case referee.Infantry, referee.MotorizedInfantry, referee.JumpInfantry:
		return MoraleInfantry
	case referee.HeavyInfantry:
		return MoraleArmoredInfantry
	case referee.LightMech, referee.Hover, referee.Wheeled, referee.Truck, referee.LightAir:
		return MoraleLight
	case referee.MediumMech, referee.FireMech, referee.Tracked, referee.Sniper, referee.MediumAir:
		return MoraleMedium
	case referee.HeavyMech, referee.LongTom, referee.HeavyAir:
		return MoraleHeavy
	}
	return MoraleAssault
}

// raidRow is one roll of the raid objectives table (004 lines 246–256):
// 2D6, a common objective and a requested one.
type raidRow struct {
	Common, Requested string
	Line              int
}

var raidTable = map[int]raidRow{
	2:  {"Supporting an Uprising", "Support an Uprising", 246},
	3:  {"Acquisition, Minor", "Guerilla Warfare", 247},
	4:  {"Guerilla Warfare", "Security/Display", 248},
	5:  {"Combat Test", "Planetary Assault", 249},
	6:  {"Diversionary", "Rear Assault", 250},
	7:  {"Acquisition, Major", "Suppression", 251},
	8:  {"Retaliatory/Destruction", "Relief", 252},
	9:  {"Reconnaissance", "Aid in Defense", 253},
	10: {"Salvage", "Retaliatory", 254},
	11: {"Rescue", "Reinforcement", 255},
	12: {"Preemptive Strike", "Aerospace Raid", 256},
}

// raidKinds places a raid's objective on the strategic map (ruling
// ST14): raids on goods and ground are installations, on people and
// government cities, aerospace raids spaceports; VP per raidVP.
var raidKinds = map[string]mapgen.ObjectiveKind{
	"Supporting an Uprising": mapgen.City, "Support an Uprising": mapgen.City,
	"Guerilla Warfare": mapgen.City, "Security/Display": mapgen.City, "Suppression": mapgen.City,
	"Rescue": mapgen.City, "Relief": mapgen.City, "Aid in Defense": mapgen.City,
	"Planetary Assault": mapgen.City, "Reinforcement": mapgen.City, "Rear Assault": mapgen.City,
	"Aerospace Raid": mapgen.Spaceport, "Diversionary": mapgen.Spaceport,
}

// raidVP: what a raid objective is worth, the ends of the book's 100 to
// 250 for a campaign objective (000 line 2704; ruling ST14).
const (
	RaidVP      = 100
	RaidMajorVP = 250
)
