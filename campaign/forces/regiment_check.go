package forces

import (
	"fmt"
	"math"
	"strings"

	"bfbot/internal/usertext"
	"bfbot/referee"
)

// The checks every regiment passes to take the field, bought or
// imported (rulings RF2, RF3, RF6, RF8).

// importedForce is the budget of a regiment that names none: no points
// limit, so ValidateRegiment reports only its structural problems (ruling
// RF2).
var importedForce = Budget{Name: "imported force", Points: math.MaxInt / 2, Special: math.MaxInt / 4}

// CheckRegiment lists every problem that keeps r from taking the field,
// each in words a player can act on; none means it may. Every regiment
// needs an id (1-20 lowercase letters, digits and hyphens), a name that
// passes usertext's check (one line, at most 60 characters), at least one combat counter, at most
// MaxRegimentCounters counters, and passes ValidateRegiment's structural
// checks (the RBG's trucks and DropShips, mines, salvage, drops, bombs,
// hidden infantry). Repair points of 0 leave the number to the campaign's
// setting (ruling RF3). When r names a budget, ValidateRegiment's
// purchase-points check with that budget is part of it (ruling RF2).
func CheckRegiment(r Regiment) []error {
	var errs []error
	add := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	switch {
	case r.ID == "":
		add("the regiment has no id: give one of 1 to %d lowercase letters, digits and hyphens, e.g. harlech-guard", maxRegimentID)
	case len(r.ID) > maxRegimentID || !regimentIDPattern.MatchString(r.ID):
		add("id %q: use 1 to %d lowercase letters, digits and hyphens, starting with a letter or digit (e.g. harlech-guard)", mtfShort(r.ID), maxRegimentID)
	case referee.ReservedSideID(r.ID):
		add("id %v", referee.ReservedSideIDError(r.ID)) // ruling SE3
	}
	if _, err := usertext.Regiment.Clean("name", r.Name); err != nil {
		errs = append(errs, err)
	}
	if len(r.Units) == 0 {
		add("the regiment has no combat counters: give at least one lance under groups")
	}
	if n := len(r.Units) + len(r.RBG.Trucks) + len(r.RBG.DropShips); n > MaxRegimentCounters {
		add("the regiment has %d counters, more than %d", n, MaxRegimentCounters)
	}
	// Drops and reports name a counter by its label (ruling RF6).
	seen := map[string]bool{}
	for _, u := range r.Units {
		l := strings.ToLower(UnitLabel(u))
		if seen[l] {
			add("two counters are called %q: give each lance of a company its own name", UnitLabel(u))
		}
		seen[l] = true
	}
	budget := importedForce
	if r.Budget != "" {
		b, err := ParseBudget(r.Budget)
		if err != nil {
			add("budget: %v", err)
		} else {
			budget = b
		}
	}
	rr := r
	if rr.RBG.RepairPoints == 0 {
		rr.RBG.RepairPoints = MinRepairPoints // RF3: the campaign's setting decides
	}
	return append(errs, ValidateRegiment(rr, budget)...)
}
