package campaign

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/internal/cite"
)

// Holding units back at set-up (000 lines 2559, 2712; ruling CB13): a
// side may leave some of its units off the Strategic Map, to come in at a
// later point of the campaign. The only way the campaign rules give for
// them to appear is step 10: reinforcements are bought "from available
// unused or destroyed units". A unit held back is such an available
// unused unit: off the worksheet until bought.

// worksheetHoldBack takes the named units off the Battlegroup Worksheet
// before the start; they become UnitAvailable. Trucks and DropShips stay
// with the RBG (line 2545); a battlegroup left empty is struck off.
func worksheetHoldBack(c *Campaign, s *Side, o Order) (string, error) {
	if c.Phase != PhaseSetup {
		return "", errorf("units are held back only before the campaign starts (%s); from then on the worksheet's units are in play", cite.Book(2559))
	}
	if len(o.Units) == 0 {
		return "", errorf("name the units to hold back, e.g. \"A3 A4\"")
	}
	seen := map[string]bool{}
	for _, id := range o.Units {
		u := s.Unit(id)
		switch {
		case seen[id]:
			return "", errorf("unit %s is named twice", id)
		case u == nil || u.Status != UnitActive:
			return "", errorf("unit %s is not on your worksheet: see /bg list", id)
		case staysWithRBG(u):
			return "", errorf("unit %s stays with the regimental battlegroup: its DropShips and trucks never leave it (%s; ruling CO2)", id, cite.Book(2547))
		}
		seen[id] = true
	}
	for _, id := range o.Units {
		u := s.Unit(id)
		if bg := s.Battlegroup(u.Battlegroup); bg != nil {
			bg.Units = slices.DeleteFunc(bg.Units, func(x string) bool { return x == id })
		}
		u.Status, u.Battlegroup = UnitAvailable, 0
	}
	s.Battlegroups = slices.DeleteFunc(s.Battlegroups, func(b Battlegroup) bool { return len(b.Units) == 0 })
	return fmt.Sprintf("%s held back: available as reinforcements from the first upkeep (%s)", strings.Join(o.Units, ", "), cite.Book(2712)), nil
}
