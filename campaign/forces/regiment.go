package forces

import (
	"fmt"
	"strings"

	"bfbot/internal/cite"
	"bfbot/referee"
)

// Regiment building by purchase points (000 lines 1940–2096; rulings
// F11–F13). A regiment's counters are paid from its budget; the 50
// special points (line 2016) may buy special purchases, experience and
// vehicles for a mixed regiment, but never 'Mech lances, and points left
// over from 'Mech lances may not pay for special purchases (line 2016).

// Regimental battlegroup limits.
const (
	// MinRBGTrucks: the RBG holds at least three truck counters (line 2545).
	MinRBGTrucks = 3
	// MinRepairPoints and MaxRepairPoints bound the RBG's repair points
	// at the start of a campaign (line 2669, ruling F8).
	MinRepairPoints = 25
	MaxRepairPoints = 100
	// DefaultRepairPoints is what an RBG starts with when neither its
	// regiment nor the campaign names a number (ruling F8).
	DefaultRepairPoints = 50
)

// RegimentCosts is a regiment's bill in purchase points.
type RegimentCosts struct {
	// Counters is every combat counter's PurchaseCost, hidden infantry's
	// extra 10 included, and the RBG's DropShips.
	Counters int
	// MechBase is what the 'Mech lances cost before experience and chits:
	// the part the special points may not pay (line 2016).
	MechBase int
	// Experience is the net experience cost of all counters (R8 levels).
	Experience int
	// SpecialPurchases are the purchases only the Special Purchases Table
	// prices: chits, air lances, artillery, DropShips, hidden infantry,
	// mines, drops and salvage (ruling F12).
	SpecialPurchases int
	// Drops is the part of SpecialPurchases that keeps 'Mech lances ready
	// to drop from space, 10 points a 'Mech (lines 2040–2042; DropCost).
	Drops int
	// Total is everything the regiment spends. RBG trucks are free: the
	// supply train comes in addition to the regiment (line 1998, F13).
	Total int
}

// Costs adds up the regiment's bill. Problems with the purchases
// themselves (a mine attack not in fives, an unknown drop lance) are left
// to ValidateRegiment; here they cost what they would cost if valid.
func (r Regiment) Costs() RegimentCosts {
	var c RegimentCosts
	for _, u := range r.Units {
		l := u.Lance
		cost := PurchaseCost(l)
		c.Counters += cost
		c.Experience += referee.ExperienceCost(l.Experience)
		special := l.Chits.Cost()
		switch {
		case u.Hidden:
			c.Counters += 10
			special = cost + 10
		case l.Class.Kind() == referee.KindArtillery, l.Class.Kind() == referee.KindAir:
			// Air units are on the Special Purchases Table (line 2038) and
			// the 50 points are for "buying Air Units" (line 1961).
			special = cost
		case l.Class.Kind() == referee.KindMech:
			c.MechBase += mechBase(l)
		}
		c.SpecialPurchases += special
	}
	for _, u := range r.RBG.DropShips {
		cost := PurchaseCost(u.Lance)
		c.Counters += cost
		c.Experience += referee.ExperienceCost(u.Lance.Experience)
		c.SpecialPurchases += cost
	}
	mines := r.Special.MineAttack / 5
	c.SpecialPurchases += mines + SalvageCost*r.Special.Salvage
	for _, name := range r.Special.Drops {
		if u, ok := r.unitNamed(name); ok {
			c.Drops += DropCost(u.Lance)
		}
	}
	c.SpecialPurchases += c.Drops
	c.Total = c.Counters + mines + SalvageCost*r.Special.Salvage + c.Drops
	return c
}

// mechBase is a 'Mech lance's cost before experience and chits.
func mechBase(l Lance) int {
	if l.OverburnRA > 0 {
		return l.OverburnRA
	}
	return l.Rows[0].RA
}

// ValidateRegiment lists every problem that keeps r from being bought
// with the budget, each in words a player can act on; none means the
// regiment may take the field. The checks are ruling F12.
func ValidateRegiment(r Regiment, budget Budget) []error {
	var errs []error
	add := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	c := r.Costs()
	if c.Total > budget.Points {
		add("the regiment costs %d points, %d more than the %d of a %s", c.Total, c.Total-budget.Points, budget.Points, budget.Name)
	}
	// 'Mech lances are paid from the points outside the special ones; the
	// lances that do not fit are named, in roster order.
	if lanceLimit := budget.Points - budget.Special; c.MechBase > lanceLimit {
		sum := 0
		var over []string
		for _, u := range r.Units {
			if u.Lance.Class.Kind() != referee.KindMech || u.Hidden {
				continue
			}
			sum += mechBase(u.Lance)
			if sum > lanceLimit {
				over = append(over, fmt.Sprintf("%s %s costs %d", ClassNoun(u.Lance.Class), UnitLabel(u), mechBase(u.Lance)))
			}
		}
		add("the %d special points may not buy 'Mech lances: the 'Mech lances cost %d before experience, %d more than the %d points for lances; %s",
			budget.Special, c.MechBase, c.MechBase-lanceLimit, lanceLimit, strings.Join(over, "; "))
	}
	// Special purchases come from the special points, plus what lowering
	// experience saves (line 2020: Green units save 2 each against R8's
	// Regular); points left from 'Mech lances may not be cashed in.
	saved := 0
	for _, u := range r.Units {
		if u.Lance.Experience == referee.Green {
			saved += ExperienceStep(referee.Regular)
		}
	}
	if limit := budget.Special + saved; c.SpecialPurchases > limit {
		add("special purchases (chits, air lances, artillery, DropShips, hidden infantry, mines, drops, salvage) cost %d, more than the %d special points%s: 'Mech lances may not be cashed in to pay for them; drop %d points of them",
			c.SpecialPurchases, budget.Special, savedNote(saved), c.SpecialPurchases-limit)
	}
	if _, err := MineCost(r.Special.MineAttack); err != nil {
		add("%v", err)
	}
	if r.Special.Salvage < 0 {
		add("salvage counters: %d bought; buy 0 or more", r.Special.Salvage)
	}
	seenDrop := map[string]bool{}
	for _, name := range r.Special.Drops {
		u, ok := r.unitNamed(name)
		switch {
		case !ok:
			add("drop: the regiment has no lance %q; name one of its 'Mech lances", name)
		case u.Lance.Class.Kind() != referee.KindMech:
			add("drop: %s is a %s; only 'Mech lances are kept in space for a drop (%s)", UnitLabel(u), ClassNoun(u.Lance.Class), cite.Span(2040, 2042))
		case seenDrop[name]:
			add("drop: %s is named twice; a lance is kept for a drop once", UnitLabel(u))
		}
		seenDrop[name] = true
	}
	for _, u := range append(append([]RosterUnit(nil), r.Units...), r.RBG.DropShips...) {
		if b := u.Lance.Chits.Bomb; b%5 != 0 || b < 0 {
			add("%s: %d bomb points; bombs are bought in groups of 5 (%s)", UnitLabel(u), b, cite.Book(2068))
		}
		if u.Lance.Chits.Bomb > 0 && u.Lance.Class.Kind() != referee.KindAir {
			add("%s: bombs are for air lances; %s is a %s", UnitLabel(u), UnitLabel(u), ClassNoun(u.Lance.Class))
		}
		if u.Hidden && u.Lance.Class.Kind() != referee.KindInfantry {
			add("%s: only infantry may be bought hidden (%s); it is a %s", UnitLabel(u), cite.Span(2052, 2054), ClassNoun(u.Lance.Class))
		}
	}
	for _, u := range r.RBG.DropShips {
		if u.Lance.Class.Kind() != referee.KindDropShip {
			add("RBG DropShips: %s is a %s, not a DropShip", UnitLabel(u), ClassNoun(u.Lance.Class))
		}
	}
	trucks := 0
	for _, u := range r.RBG.Trucks {
		if u.Lance.Class == referee.Truck {
			trucks++
		} else {
			add("RBG trucks: %s is a %s, not a truck counter", UnitLabel(u), ClassNoun(u.Lance.Class))
		}
	}
	if trucks < MinRBGTrucks {
		add("the RBG has %d truck counters; it needs at least %d (%s): add %d", trucks, MinRBGTrucks, cite.Book(2545), MinRBGTrucks-trucks)
	}
	if p := r.RBG.RepairPoints; p < MinRepairPoints || p > MaxRepairPoints {
		add("the RBG has %d repair points; a campaign starts with %d to %d (%s)", p, MinRepairPoints, MaxRepairPoints, cite.Book(2669))
	}
	return errs
}

func savedNote(saved int) string {
	if saved == 0 {
		return ""
	}
	return fmt.Sprintf(" and the %d saved by Green units", saved)
}

// KeptForDrop reports whether the special purchases keep u, one of the
// regiment's combat counters, ready to drop from space (Special.Drops,
// 10 points a 'Mech, lines 2040–2042): only such lances may be held in orbit
// in a campaign (ruling DR24).
func (r Regiment) KeptForDrop(u RosterUnit) bool {
	for _, name := range r.Special.Drops {
		if d, ok := r.unitNamed(name); ok && UnitLabel(d) == UnitLabel(u) {
			return true
		}
	}
	return false
}

// unitNamed finds a combat counter by its label or lance name.
func (r Regiment) unitNamed(name string) (RosterUnit, bool) {
	for _, u := range r.Units {
		if strings.EqualFold(UnitLabel(u), name) {
			return u, true
		}
	}
	var hit []RosterUnit
	for _, u := range r.Units {
		if strings.EqualFold(u.Lance.Name, name) {
			hit = append(hit, u)
		}
	}
	if len(hit) == 1 {
		return hit[0], true
	}
	return RosterUnit{}, false
}

// UnitLabel names a counter within its regiment: its lance name after its
// company ("Lexington's Company Assault Lance"), or after its battalion
// for a battalion headquarters.
func UnitLabel(u RosterUnit) string {
	switch {
	case u.Company == u.Lance.Name:
		return u.Lance.Name
	case u.Company != "":
		return u.Company + " " + u.Lance.Name
	case u.Battalion != "":
		return u.Battalion + " " + u.Lance.Name
	}
	return u.Lance.Name
}

// ClassNoun is the book's name for a counter of class c: "Heavy 'Mech
// lance", "Hover platoon", "Long Tom battery".
func ClassNoun(c referee.Class) string {
	switch c {
	case referee.LightMech:
		return "Light 'Mech lance"
	case referee.MediumMech:
		return "Medium 'Mech lance"
	case referee.HeavyMech:
		return "Heavy 'Mech lance"
	case referee.AssaultMech:
		return "Assault 'Mech lance"
	case referee.FireMech:
		return "Fire 'Mech lance"
	case referee.LightAir, referee.MediumAir, referee.HeavyAir:
		return strings.ToUpper(c.String()[:1]) + strings.TrimSuffix(c.String()[1:], "-air") + " air lance"
	case referee.LongTom, referee.Sniper:
		return strings.ReplaceAll(strings.ToUpper(c.String()[:1])+c.String()[1:], "-t", " T") + " battery"
	case referee.Leopard, referee.Union, referee.Overlord:
		return strings.ToUpper(c.String()[:1]) + c.String()[1:] + " DropShip"
	case referee.Truck:
		return "truck counter"
	}
	s := strings.ReplaceAll(c.String(), "-", " ")
	return strings.ToUpper(s[:1]) + s[1:] + " platoon"
}
