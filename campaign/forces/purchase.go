package forces

import (
	"fmt"

	"bfbot/referee"
)

// Purchase points (000 lines 1940–2096, 2120–2193): what counters,
// experience and the special purchases cost. R8 prices a counter; the
// Special Purchases Table (lines 2022–2096, again at 2177–2193) prices the
// rest. Rulings F10 and F13 (docs/rulings.md).

// SpecialPoints are the extra points every regiment gets for special
// purchases only (lines 1961, 2016).
const SpecialPoints = 50

// PurchaseCost is what one counter costs to buy (R8, lines 1936, 2124):
// overburn RA, else step-0 RA; air lances their Air Attack Value;
// artillery 2 × RA and DropShips 3 × RA (Special Purchases Table, lines
// 2058–2062); plus the experience cost (line 2134) and the chits, at
// least 1 (line 2126). Lance.Cost is R8 alone: it prices artillery and
// DropShips at their RA and air lances at 0.
func PurchaseCost(l Lance) int {
	c := l.OverburnRA
	if c == 0 {
		c = l.Rows[0].RA
	}
	switch l.Class.Kind() {
	case referee.KindAir:
		c = l.AirAttack
	case referee.KindArtillery:
		c = 2 * l.Rows[0].RA
	case referee.KindDropShip:
		c = 3 * l.Rows[0].RA
	}
	c += referee.ExperienceCost(l.Experience) + l.Chits.Cost()
	return max(c, 1)
}

// HiddenInfantryCost is an infantry counter bought to be placed hidden:
// its cost plus 10 (line 2054); the counter stays with the RBG.
func HiddenInfantryCost(l Lance) int { return PurchaseCost(l) + 10 }

// DropCost is keeping a 'Mech lance in space for a drop: 10 points for
// each 'Mech (line 2042), five with an Extra 'Mech chit (ruling F13).
func DropCost(l Lance) int {
	n := LanceSize
	if l.Chits.ExtraMech {
		n++
	}
	return 10 * n
}

// SalvageCost is one Salvage counter bought to repair steps (line 2046).
const SalvageCost = 10

// MineCost is a mine attack of the given strength: 1 point per 5 points
// of attack, bought in groups of five (line 2050, ruling F13).
func MineCost(attack int) (int, error) {
	if attack < 0 || attack%5 != 0 {
		return 0, fmt.Errorf("a mine attack of %d: mines are bought in groups of 5 attack points (1 purchase point each)", attack)
	}
	return attack / 5, nil
}

// ExperienceStep is the Special Purchases Table's price of raising a
// unit one level to e: Green to Regular 2, Regular to Veteran 5, Veteran
// to Elite 10 (lines 2026–2034). Green has no step below it.
func ExperienceStep(to referee.Experience) int {
	switch to {
	case referee.Regular:
		return 2
	case referee.Veteran:
		return 5
	case referee.Elite:
		return 10
	}
	return 0
}

// ExperienceChangeCost is what changing a unit's experience from one
// level to another costs out of the special points: the steps add up,
// and lowering a level gives its step back (line 2020: Elite to Green
// saves 2 + 5 + 10 = 17, Green to Elite costs 17). Ruling F10: this
// prices a change of level; the unit's own cost (and VP) stays R8's.
func ExperienceChangeCost(from, to referee.Experience) int {
	c := 0
	for e := from + 1; e <= to; e++ {
		c += ExperienceStep(e)
	}
	for e := to + 1; e <= from; e++ {
		c -= ExperienceStep(e)
	}
	return c
}

// Special holds a regiment's purchases that are not counters: the uses
// of the 50 special points besides experience, air lances, chits, hidden
// infantry, artillery and DropShips (which are counters and carry their
// own costs).
type Special struct {
	// MineAttack is the total strength of mines bought, a multiple of 5.
	MineAttack int
	// Drops names the 'Mech lances kept in space for a drop.
	Drops []string
	// Salvage counters bought.
	Salvage int
}

// Budget is the purchase points of a regiment: Points in all (the
// average cost, lines 1951–1953), of which Special may buy only special
// purchases (line 2016; ruling F11).
type Budget struct {
	Name           string
	Points         int
	Special        int
	Line           int
	Breakdown      []BreakdownRow // the typical regiment (lines 1965–1988)
	BreakdownTotal BreakdownRow   // the Total row as printed
	// Experience is the typical experience cost as printed.
	Experience int
}

// BreakdownRow is one row of the 'Mech Regimental Breakdown: a lance
// type, how many, their printed cost and the experience counters.
type BreakdownRow struct {
	Type       string
	Units      int
	Points     int
	G, R, V, E int
	Line       int
}

// The three regiment categories (lines 1951–1953) with their typical
// breakdowns as printed (lines 1967–1988). The printed Points columns do
// not add up to their Total rows, and the Medium regiment's experience
// counters give 44, not the printed 54 (ruling F11): kept as printed.
var (
	HeavyRegiment = Budget{Name: "Heavy regiment", Points: 670, Special: SpecialPoints, Line: 1951,
		Breakdown: []BreakdownRow{
			{"Assault", 5, 100, 0, 1, 2, 2, 1967}, {"Heavy", 10, 180, 1, 2, 3, 4, 1968},
			{"Fire", 4, 60, 1, 1, 1, 1, 1969}, {"Medium", 8, 96, 2, 2, 2, 2, 1970},
			{"Light", 5, 24, 1, 2, 2, 0, 1971},
		},
		BreakdownTotal: BreakdownRow{"Total", 32, 490, 5, 8, 10, 9, 1972}, Experience: 130}
	MediumRegiment = Budget{Name: "Medium regiment", Points: 524, Special: SpecialPoints, Line: 1952,
		Breakdown: []BreakdownRow{
			{"Assault", 3, 60, 0, 1, 1, 1, 1974}, {"Heavy", 5, 90, 1, 1, 2, 1, 1975},
			{"Fire", 3, 40, 0, 2, 1, 0, 1976}, {"Medium", 15, 132, 4, 8, 3, 0, 1977},
			{"Light", 6, 48, 3, 2, 1, 0, 1978},
		},
		BreakdownTotal: BreakdownRow{"Total", 32, 420, 8, 14, 8, 2, 1979}, Experience: 54}
	LightRegiment = Budget{Name: "Light regiment", Points: 428, Special: SpecialPoints, Line: 1953,
		Breakdown: []BreakdownRow{
			{"Assault", 1, 20, 0, 0, 0, 1, 1982}, {"Heavy", 3, 54, 0, 2, 1, 0, 1983},
			{"Fire", 2, 0, 0, 1, 1, 0, 1984}, {"Medium", 10, 120, 4, 5, 1, 0, 1985},
			{"Light", 16, 96, 7, 4, 5, 0, 1986},
		},
		BreakdownTotal: BreakdownRow{"Total", 32, 350, 11, 12, 8, 1, 1987}, Experience: 28}
)

// Budgets lists the three categories, heaviest first.
func Budgets() []Budget { return []Budget{HeavyRegiment, MediumRegiment, LightRegiment} }

// ParseBudget reads a category name: heavy, medium or light.
func ParseBudget(s string) (Budget, error) {
	for _, b := range Budgets() {
		if foldUnitName(s) == foldUnitName(b.Name) || foldUnitName(s)+"regiment" == foldUnitName(b.Name) {
			return b, nil
		}
	}
	return Budget{}, fmt.Errorf("unknown regiment category %q: use heavy, medium or light", s)
}
