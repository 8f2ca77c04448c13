package campaign

import (
	"fmt"
	"maps"

	"sort"

	"bfbot/internal/cite"
)

// Dropping into a battle in progress (000 lines 2589, 2641): 'Mechs
// dropping from orbit can also join a battle as reinforcements. A
// battlegroup held in orbit drops, while the turn's battles are fought,
// into a sector where its side fights a battle: the drop is public as any
// drop (ruling CO8), the battlegroup joins the battle, and its lances
// wait in orbit as units kept for a drop, each coming down when its owner
// declares it (drop UNIT HEX, /battle drop) in a movement phase of the
// side, under the drop rules (referee/drop.go; ruling DR25).

// dropIntoBattle carries out a drop order given while battles are fought:
// battlegroup o.Battlegroup of side, in orbit, joins the battle of its
// side not yet over in sector o.Sectors[0].
func dropIntoBattle(c *Campaign, side string, o Order) (*Campaign, []Event, error) {
	n := c.Clone()
	s := n.Side(side)
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return nil, nil, err
	}
	if err := dropRefusal(n, s, b, o); err != nil {
		return nil, nil, err
	}
	sector := o.Sectors[0]
	bt := battleOfSideIn(n, side, sector)
	if bt == nil {
		return nil, nil, errorf("%s fights no battle in sector %s now: a drop into a battle joins one of your battles in progress (%s); to drop into sector %s, give the order when the next turn's orders open", s.Name, sectorLabel(n, sector), cite.Book(2641), sectorLabel(n, sector))
	}
	st := bt.State.Clone()
	// The battle's campaign rules are shared by its states (State.Clone):
	// the new units get a copy of their own.
	rules := *st.Campaign
	rules.StartSteps = maps.Clone(rules.StartSteps)
	st.Campaign = &rules
	for _, id := range b.Units {
		cu := s.Unit(id)
		u := cu.Lance.Unit(cu.ID, s.ID)
		u.Step, u.Drop = cu.Step, true
		st.Units = append(st.Units, &u)
		rules.StartSteps[u.ID] = cu.Step
	}
	sort.Slice(st.Units, func(i, j int) bool { return st.Units[i].ID < st.Units[j].ID })
	if errs := st.Check(); len(errs) > 0 {
		return nil, nil, fmt.Errorf("battle %d: %v", bt.ID, errs[0])
	}
	bt.State = st
	for i := range bt.Sides {
		if bt.Sides[i].Side == side {
			bt.Sides[i].Battlegroups = append(bt.Sides[i].Battlegroups, b.ID)
		}
	}
	b.Sector, b.Dropped, b.Moved, b.Prepared = sector, true, true, false
	n.emit(Event{Step: "battle", Type: "drop", Side: side, Sector: sector, Battle: bt.ID,
		Text: fmt.Sprintf("%s drops 'Mechs from orbit into battle %d in sector %s", s.Name, bt.ID, sectorLabel(n, sector))})
	n.emit(Event{Step: "battle", Type: "dropped", Audience: secret(side), Side: side, Sector: sector, Battle: bt.ID,
		Text: fmt.Sprintf("battlegroup %d %q joins battle %d: its lances %v wait in orbit; drop each with /battle drop in your movement phase (%s)", b.ID, b.Name, bt.ID, b.Units, cite.Book(735, 2641))})
	for j := range n.Sides {
		if e := &n.Sides[j]; e.ID != side {
			e.Intel = append(e.Intel, Intel{Turn: n.Turn, Sector: sector, Drop: true})
		}
	}
	return n, n.Log.Since(c.Log.Len()), nil
}

// battleOfSideIn is the battle not yet over in sector in which side
// fights, or nil.
func battleOfSideIn(c *Campaign, side string, sector int) *Battle {
	for i := range c.Battles {
		if b := &c.Battles[i]; !b.Over && b.Sector == sector && b.State != nil && b.State.Side(side) != nil {
			return b
		}
	}
	return nil
}
