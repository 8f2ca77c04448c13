package campaign

import (
	"fmt"
	"slices"
)

// resolveSearches answers every side's searches (000 lines 2599). A
// side searches only where one of its battlegroups or recon units stands
// after movement. The answer says only whether at least one enemy
// battlegroup is there: never how many, which or what, and never a recon
// unit. Both players read off the sectors searched and the searched side
// answers aloud (2599), so the search and its answer are public: the
// searched side learns that an enemy battlegroup or recon unit stands in
// the sector, which is why not searching keeps one hidden (2599; ruling
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
				if e := &n.Sides[j]; e.ID != s.ID {
					present = present || enemyFound(e, sec)
					e.Intel = append(e.Intel, Intel{Turn: n.Turn, Sector: sec, Searched: true})
				}
			}
			s.Intel = append(s.Intel, Intel{Turn: n.Turn, Sector: sec, Present: present})
			text := fmt.Sprintf("%s searches sector %s: no enemy battlegroup there", s.Name, sectorLabel(n, sec))
			if present {
				text = fmt.Sprintf("%s searches sector %s: enemy battlegroups are there", s.Name, sectorLabel(n, sec))
			}
			n.emit(Event{Step: "search", Type: "search", Side: s.ID, Sector: sec, Text: text})
		}
	}
}

// enemyFound reports whether a search of sector finds side s: it has a
// battlegroup there that is not a recon unit (000 line 2599).
func enemyFound(s *Side, sector int) bool {
	for _, b := range s.BattlegroupsIn(sector) {
		if !b.Recon() {
			return true
		}
	}
	return false
}
