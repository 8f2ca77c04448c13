package campaign

import (
	"fmt"
	"slices"
)

// resolveSearches answers every side's searches (000 lines 2612–2618). A
// side searches only where one of its battlegroups or recon units stands
// after movement. The answer says only whether at least one enemy
// battlegroup is there: never how many, which or what, and never a recon
// unit. It goes to the searching side alone (its Intel and an event
// addressed to it); the searched side is not told it was searched (ruling
// CO4). A sector nobody searches stays hidden, whatever stands in it.
func resolveSearches(n *Campaign) {
	for i := range n.Sides {
		s := &n.Sides[i]
		searches := slices.Clone(s.Orders.Searches)
		slices.Sort(searches)
		searches = slices.Compact(searches)
		for _, sec := range searches {
			if n.Map.ByID(sec) == nil || len(s.BattlegroupsIn(sec)) == 0 {
				n.emit(Event{Step: "search", Type: "skipped", Audience: secret(s.ID), Side: s.ID, Sector: sec,
					Text: fmt.Sprintf("no battlegroup of yours stands in sector %s after movement, so it was not searched", sectorLabel(n, sec))})
				continue
			}
			present := false
			for j := range n.Sides {
				if e := &n.Sides[j]; e.ID != s.ID && enemyFound(e, sec) {
					present = true
				}
			}
			s.Intel = append(s.Intel, Intel{Turn: n.Turn, Sector: sec, Present: present})
			text := fmt.Sprintf("search of sector %s: no enemy battlegroup found", sectorLabel(n, sec))
			if present {
				text = fmt.Sprintf("search of sector %s: enemy battlegroups are there", sectorLabel(n, sec))
			}
			n.emit(Event{Step: "search", Type: "search", Audience: secret(s.ID), Side: s.ID, Sector: sec, Text: text})
		}
	}
}

// enemyFound reports whether a search of sector finds side s: it has a
// battlegroup there that is not a recon unit (000 line 2614).
func enemyFound(s *Side, sector int) bool {
	for _, b := range s.BattlegroupsIn(sector) {
		if !b.Recon() {
			return true
		}
	}
	return false
}
