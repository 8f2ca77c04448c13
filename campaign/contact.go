package campaign

import (
	"fmt"
	"slices"

	"bfbot/internal/english"
	"bfbot/referee/dice"
)

// resolveContacts makes a battle of every contact (000 lines 2601–2611):
// a sector where both sides have battlegroups that are not recon units
// and a search this turn by either side found the enemy. Enemies sharing
// a sector that nobody searched stay hidden from each other and do not
// fight (ruling CO5). Sectors are taken in ID order; each battle is set
// up by setUpBattle with the sides in campaign order, each listing its
// engaged battlegroups in ID order. Recon units never fight (000 line
// 2583).
func resolveContacts(n *Campaign, d *dice.Dice) error {
	var found []int
	for _, s := range n.Sides {
		for _, in := range s.Intel {
			if in.Turn == n.Turn && in.Present && !slices.Contains(found, in.Sector) {
				found = append(found, in.Sector)
			}
		}
	}
	slices.Sort(found)
	for _, sec := range found {
		var sides []BattleSide
		for i := range n.Sides {
			s := &n.Sides[i]
			var bgs []int
			for _, b := range s.BattlegroupsIn(sec) {
				if !b.Recon() {
					bgs = append(bgs, b.ID)
				}
			}
			if len(bgs) == 0 {
				break
			}
			slices.Sort(bgs)
			sides = append(sides, BattleSide{Side: s.ID, Battlegroups: bgs})
		}
		if len(sides) != len(n.Sides) {
			continue
		}
		for _, bs := range sides {
			s := n.Side(bs.Side)
			var mine []string
			for _, id := range bs.Battlegroups {
				mine = append(mine, fmt.Sprintf("%d “%s”", id, s.Battlegroup(id).Name))
			}
			which := "your battlegroups %s are engaged in sector %s"
			if len(mine) == 1 {
				which = "your battlegroup %s is engaged in sector %s"
			}
			n.emit(Event{Step: "contact", Type: "engaged", Audience: secret(s.ID), Side: s.ID, Sector: sec,
				Text: fmt.Sprintf(which, english.List(mine), sectorLabel(n, sec))})
		}
		if err := setUpBattle(n, sec, sides, d); err != nil {
			return err
		}
	}
	return nil
}
