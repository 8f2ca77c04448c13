package command

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/campaign"
	"bfbot/mapgen/render"
)

// strategicDescription says what the strategic picture sv shows, in the
// order a reader needs it: whose map, the score and the deadline, the
// battles, the battlegroups (in orbit too), their orders as the arrows
// draw them, the searches, the enemy seen and when, and where the viewer
// may deploy. It reads sv alone, as the picture does.
func strategicDescription(c *campaign.Campaign, sv render.StrategicView) string {
	var w strings.Builder
	fmt.Fprintf(&w, "Strategic map of %s, turn %d, as %s knows it: %d sectors; a line joins each two that are adjacent (sharing an edge, not a corner).", c.Name, c.Turn, sv.Viewer, len(c.Map.Sectors))
	if len(sv.Scores) > 0 {
		var parts []string
		for _, s := range sv.Scores {
			parts = append(parts, fmt.Sprintf("%s %d", s.Name, s.VP))
		}
		fmt.Fprintf(&w, " Victory points as %s knows them: %s.", sv.Viewer, strings.Join(parts, ", "))
	}
	if sv.Deadline != "" {
		fmt.Fprintf(&w, " Orders are due %s.", strings.TrimPrefix(sv.Deadline, "orders due "))
	}
	if len(sv.Battles) > 0 {
		var parts []string
		for _, b := range sv.Battles {
			parts = append(parts, fmt.Sprintf("%s in %s", b.Label, sectorName(c, b.SectorID)))
		}
		fmt.Fprintf(&w, " Battles being fought: %s.", strings.Join(parts, "; "))
	}
	bySide := map[int]map[int][]string{}
	var sides []int
	for _, m := range sv.Own {
		if bySide[m.Side] == nil {
			bySide[m.Side] = map[int][]string{}
			sides = append(sides, m.Side)
		}
		bySide[m.Side][m.SectorID] = append(bySide[m.Side][m.SectorID], m.Label)
	}
	slices.Sort(sides)
	for _, i := range sides {
		name := fmt.Sprintf("side %d", i+1)
		if i < len(c.Sides) {
			name = c.Sides[i].Name
		}
		var parts []string
		for _, sec := range sortedKeys(bySide[i]) {
			parts = append(parts, fmt.Sprintf("%s in %s", strings.Join(bySide[i][sec], ", "), sectorName(c, sec)))
		}
		fmt.Fprintf(&w, " Battlegroups of %s, by their badges on the map: %s.", name, strings.Join(parts, "; "))
	}
	if len(sv.Orders) > 0 {
		var parts []string
		for _, a := range sv.Orders {
			parts = append(parts, arrowWords(c, a))
		}
		fmt.Fprintf(&w, " Orders, drawn as arrows: %s.", strings.Join(parts, "; "))
	}
	if len(sv.Holds) > 0 {
		var parts []string
		for _, m := range sv.Holds {
			parts = append(parts, fmt.Sprintf("%s in %s", m.Label, sectorName(c, m.SectorID)))
		}
		fmt.Fprintf(&w, " Holding a prepared position (a rampart on the badge): %s.", strings.Join(parts, "; "))
	}
	if len(sv.Orders) == 0 && len(sv.Holds) == 0 && len(sv.Own) > 0 && c.Phase == campaign.PhaseOrders {
		w.WriteString(" No orders given yet.")
	}
	if len(sv.Searches) > 0 {
		fmt.Fprintf(&w, " Searches: %s.", markSectors(c, sv.Searches))
	}
	if len(sv.Contacts) > 0 {
		var parts []string
		for _, m := range sv.Contacts {
			parts = append(parts, fmt.Sprintf("%s in turn %d", sectorName(c, m.SectorID), m.Seen))
		}
		fmt.Fprintf(&w, " Enemy seen, strength unknown: %s.", strings.Join(parts, ", "))
	} else if sv.Viewer != "referee" {
		w.WriteString(" No enemy contact known.")
	}
	if len(sv.Deploy) > 0 {
		fmt.Fprintf(&w, " You may deploy in %s.", markSectors(c, sv.Deploy))
	}
	return fitDescription(w.String())
}

// markSectors names the sectors of marks: "sector 2 (Greenwood), sector
// 5 (Kessel Flats)".
func markSectors(c *campaign.Campaign, marks []render.SectorMark) string {
	var parts []string
	for _, m := range marks {
		parts = append(parts, sectorName(c, m.SectorID))
	}
	return strings.Join(parts, ", ")
}

// arrowWords says what an order arrow shows: "BG1 moves to sector 2
// (Greenwood)".
func arrowWords(c *campaign.Campaign, a render.OrderArrow) string {
	to := a.Path[len(a.Path)-1]
	switch a.Kind {
	case render.AttackArrow:
		return fmt.Sprintf("%s attacks %s", a.Label, sectorName(c, to))
	case render.ReconArrow:
		var path []string
		for _, id := range a.Path[1:] {
			path = append(path, sectorName(c, id))
		}
		return fmt.Sprintf("%s scouts through %s", a.Label, strings.Join(path, " to "))
	case render.DropArrow:
		return fmt.Sprintf("%s drops from orbit into %s", a.Label, sectorName(c, to))
	case render.LiftOffArrow:
		return fmt.Sprintf("%s lifts off from %s to orbit", a.Label, sectorName(c, a.Path[0]))
	}
	return fmt.Sprintf("%s moves to %s", a.Label, sectorName(c, to))
}
