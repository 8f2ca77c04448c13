package campaign

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"bfbot/referee/dice"
)

// Reinforcements (000 lines 2712–2729), upkeep step 10: a side with a
// regimental battlegroup rolls 2D6 on the Reinforcements Table for the
// victory points it may spend this turn. It buys (BuyReinforcements) from
// its units not yet in play and its destroyed ones, at their cost (R8),
// and they join the RBG at once. Spent points are gone for good.

// reinforcementsTable is the Reinforcements Table (000 line 2714): the
// victory points available, by the 2D6 roll.
var reinforcementsTable = [13]int{2: 100, 3: 80, 4: 60, 5: 40, 6: 0, 7: 0, 8: 0, 9: 0, 10: 50, 11: 75, 12: 100}

// ReinforcementsAvailable reads the Reinforcements Table for a 2D6 roll.
func ReinforcementsAvailable(roll int) int {
	if roll < 2 || roll > 12 {
		return 0
	}
	return reinforcementsTable[roll]
}

// reinforcementRolls runs step 10's roll for every side, changing c in
// place: the points available replace last turn's unspent ones.
func (c *Campaign) reinforcementRolls(d *dice.Dice) error {
	for i := range c.Sides {
		s := &c.Sides[i]
		s.Reinforcements = 0
		if s.RBG() == nil {
			continue
		}
		roll, err := d.TwoD6(fmt.Sprintf("reinforcements of %s", s.ID))
		if err != nil {
			return err
		}
		s.Reinforcements = ReinforcementsAvailable(roll)
		text := fmt.Sprintf("reinforcement roll %d: no reinforcements this turn", roll)
		if s.Reinforcements > 0 {
			text = fmt.Sprintf("reinforcement roll %d: up to %d victory points of reinforcements may be bought this turn", roll, s.Reinforcements)
		}
		c.emit(Event{Step: "reinforcements", Type: "reinforcement_roll", Audience: secret(s.ID), Side: s.ID, Text: text})
	}
	return nil
}

// ReinforcementChoices lists the units side may buy now, in worksheet
// order: its units not yet in play and its destroyed units not yet
// replaced (line 2712), each at its cost (R8).
func ReinforcementChoices(c *Campaign, side string) []Unit {
	return reinforcementChoices(c.Side(side))
}

func reinforcementChoices(s *Side) []Unit {
	if s == nil || s.RBG() == nil {
		return nil
	}
	var out []Unit
	for _, u := range s.Units {
		if u.Status == UnitAvailable || (u.Status == UnitDestroyed && u.Replaced == "") {
			out = append(out, u)
		}
	}
	return out
}

// BuyReinforcements spends side's victory points on units, which join the
// RBG at full strength: an available unit comes into play itself, a
// destroyed one as a new counter with the same values. The total cost may
// exceed neither the points the roll made available nor the side's
// victory points. Allowed from the upkeep until the next turn's orders
// are resolved.
func BuyReinforcements(c *Campaign, side string, units []string) (*Campaign, []Event, error) {
	s := c.Side(side)
	switch {
	case s == nil:
		return nil, nil, errorf("no side %q in this campaign: use %s", side, c.sideIDs())
	case c.Phase != PhaseOrders:
		return nil, nil, errorf("reinforcements are bought after the turn's upkeep, while orders are open")
	case s.RBG() == nil:
		return nil, nil, errorf("%s has no regimental battlegroup left: without one no reinforcements can be bought", s.Name)
	case len(units) == 0:
		return nil, nil, errorf("name the units to buy")
	}
	choices := ReinforcementChoices(c, side)
	total := 0
	seen := map[string]bool{}
	for _, id := range units {
		i := slices.IndexFunc(choices, func(u Unit) bool { return u.ID == id })
		if i < 0 {
			return nil, nil, errorf("%s is not a unit you may buy: choose from %s", id, unitIDs(choices))
		}
		if seen[id] {
			return nil, nil, errorf("%s is named twice", id)
		}
		seen[id] = true
		total += choices[i].Lance.Cost()
	}
	if total > s.Reinforcements {
		return nil, nil, errorf("the units cost %d victory points; this turn's reinforcement roll allows %d", total, s.Reinforcements)
	}
	if total > s.VP {
		return nil, nil, errorf("the units cost %d victory points; %s has %d", total, s.Name, s.VP)
	}
	n := c.Clone()
	ns := n.Side(side)
	rbg := ns.RBG()
	var evs []Event
	for _, id := range units {
		u := ns.Unit(id)
		cost := u.Lance.Cost()
		newID := id
		if u.Status == UnitAvailable {
			u.Status, u.Step, u.Battlegroup = UnitActive, 0, rbg.ID
		} else {
			newID = n.newUnitID(ns)
			lance := u.Lance
			lance.Members = slices.Clone(u.Lance.Members)
			ns.Units = append(ns.Units, Unit{ID: newID, Lance: lance, Battalion: u.Battalion, Company: u.Company, Status: UnitActive, Battlegroup: rbg.ID})
			ns.Unit(id).Replaced = newID
		}
		rbg.Units = append(rbg.Units, newID)
		ns.Reinforcements -= cost
		ns.VPSpent += cost
		e := Event{Step: "reinforcements", Type: "reinforcement", Audience: secret(side), Side: side, VP: -cost,
			Text: fmt.Sprintf("%s joins the regimental battlegroup for %d victory points", newID, cost)}
		if newID != id {
			e.Text = fmt.Sprintf("%s (a new %s in place of %s) joins the regimental battlegroup for %d victory points", newID, u.Lance.Name, id, cost)
		}
		n.emit(e)
		evs = append(evs, e)
	}
	return n, evs, nil
}

// AIReinforcements chooses what the AI buys: the costliest units first
// that still fit the points available and the side's victory points.
func AIReinforcements(c *Campaign, side string) []string {
	return aiReinforcements(c.Side(side))
}

func aiReinforcements(s *Side) []string {
	if s == nil {
		return nil
	}
	choices := reinforcementChoices(s)
	sort.SliceStable(choices, func(i, j int) bool { return choices[i].Lance.Cost() > choices[j].Lance.Cost() })
	left := min(s.Reinforcements, s.VP)
	var out []string
	for _, u := range choices {
		if cost := u.Lance.Cost(); cost <= left {
			out = append(out, u.ID)
			left -= cost
		}
	}
	return out
}

func unitIDs(us []Unit) string {
	if len(us) == 0 {
		return "none"
	}
	var ids []string
	for _, u := range us {
		ids = append(ids, u.ID)
	}
	return strings.Join(ids, ", ")
}
