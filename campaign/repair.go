package campaign

import (
	"fmt"
	"sort"
)

// Repair (000 lines 2665–2669), upkeep step 7: once every battle is over,
// salvage counters, then the RBG's repair points, each mend one damage
// step of a unit stationed with the RBG; a unit mends at most one step a
// campaign turn. A regiment whose RBG is destroyed or has left the
// strategic map (in orbit, sector 0) repairs nothing.

// stationedWithRBG reports whether a battlegroup's units are stationed
// with the RBG: the RBG itself, or a battlegroup standing in the RBG's
// sector (ruling CB8).
func stationedWithRBG(rbg, bg *Battlegroup) bool {
	return bg.ID == rbg.ID || bg.Sector == rbg.Sector
}

// repair runs step 7 for every side, changing c in place.
func (c *Campaign) repair() {
	for i := range c.Sides {
		s := &c.Sides[i]
		rbg := s.RBG()
		if rbg == nil || rbg.Sector == 0 {
			continue
		}
		var damaged []*Unit
		for j := range s.Battlegroups {
			bg := &s.Battlegroups[j]
			if !stationedWithRBG(rbg, bg) {
				continue
			}
			for _, id := range bg.Units {
				if u := s.Unit(id); u != nil && u.Status == UnitActive && u.Step > 0 {
					damaged = append(damaged, u)
				}
			}
		}
		// The worst damaged first, then in ID order (ruling CB8).
		sort.SliceStable(damaged, func(a, b int) bool {
			if damaged[a].Step != damaged[b].Step {
				return damaged[a].Step > damaged[b].Step
			}
			return unitLess(damaged[a].ID, damaged[b].ID)
		})
		for _, u := range damaged {
			if s.Salvage == 0 && s.RepairPoints == 0 {
				break
			}
			with := "a salvage counter"
			if s.Salvage > 0 {
				s.Salvage--
			} else {
				s.RepairPoints--
				with = "a repair point"
			}
			u.Step--
			c.emit(Event{Step: "repair", Type: "repair", Audience: secret(s.ID), Side: s.ID,
				Text: fmt.Sprintf("%s is repaired to step %d with %s", u.ID, u.Step, with)})
		}
	}
}

// unitLess orders unit labels by letter, then number: A2 before A10.
func unitLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}
