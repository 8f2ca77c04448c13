package campaign

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"bfbot/referee/dice"
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

// repairable lists the side's damaged units stationed with its RBG, the
// worst damaged first, then in ID order (ruling CB8): the default order
// of repair. Nothing when the RBG is gone or off the map.
func (s *Side) repairable() []*Unit {
	rbg := s.RBG()
	if rbg == nil || rbg.Sector == 0 {
		return nil
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
	sort.SliceStable(damaged, func(a, b int) bool {
		if damaged[a].Step != damaged[b].Step {
			return damaged[a].Step > damaged[b].Step
		}
		return unitLess(damaged[a].ID, damaged[b].ID)
	})
	return damaged
}

// askRepairs asks each side, once the turn's battles are over, which of
// its damaged units the repair mends (000 line 2665: the players "may
// use" their counters); the default is ruling CB8's order. Nothing is
// asked of a side with nothing to mend or nothing to mend it with.
func (c *Campaign) askRepairs(d *dice.Dice) error {
	for i := range c.Sides {
		s := &c.Sides[i]
		damaged := s.repairable()
		if len(damaged) == 0 || s.Salvage+s.RepairPoints == 0 || s.RepairChosen || c.waitingRepair(s.ID) {
			continue
		}
		var ids, desc []string
		for _, u := range damaged {
			ids = append(ids, u.ID)
			desc = append(desc, fmt.Sprintf("%s (%s, step %d)", u.ID, u.Lance.Class, u.Step))
		}
		if _, err := c.ask(Decision{Kind: DecideRepair, Side: s.ID, Options: ids, Default: strings.Join(ids, " "),
			Question: fmt.Sprintf("The turn's battles are over. Your RBG holds %d salvage counters and %d repair points, each mending one step of one unit (one step a unit this turn). Damaged units with the RBG, worst first: %s. Which do you repair, in order (or none)?",
				s.Salvage, s.RepairPoints, strings.Join(desc, ", "))}, d); err != nil {
			return err
		}
	}
	return nil
}

// waitingRepair reports whether side's repair decision is waiting.
func (c *Campaign) waitingRepair(side string) bool {
	return slices.ContainsFunc(c.Decisions, func(d Decision) bool { return d.Side == side && d.Kind == DecideRepair })
}

// repair runs step 7 for every side, changing c in place: the units the
// side chose (askRepairs), else every damaged unit in ruling CB8's order,
// while counters last.
func (c *Campaign) repair() {
	for i := range c.Sides {
		s := &c.Sides[i]
		damaged := s.repairable()
		if s.RepairChosen {
			var chosen []*Unit
			for _, id := range s.RepairOrder {
				if j := slices.IndexFunc(damaged, func(u *Unit) bool { return u.ID == id }); j >= 0 {
					chosen = append(chosen, damaged[j])
				}
			}
			damaged = chosen
		}
		s.RepairChosen, s.RepairOrder = false, nil
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
