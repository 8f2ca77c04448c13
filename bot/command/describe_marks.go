package command

import (
	"fmt"
	"strings"

	"bfbot/internal/english"
	"bfbot/mapgen/render"
	"bfbot/referee"
)

// tacticalMarks says in words what a battle picture marks besides the
// counters, from the same view and highlights it is drawn from
// (render.FromView): the retreat edges, the deployment zones the view
// holds while the sides deploy, a move's path and its reachable hexes.
func tacticalMarks(v referee.View, hl []render.Highlight) string {
	var w strings.Builder
	var edges []string
	for _, sd := range v.Sides {
		if sd.RetreatEdge != "" {
			edges = append(edges, fmt.Sprintf("%s by the %s edge", sd.Name, sd.RetreatEdge))
		}
	}
	if len(edges) > 0 {
		fmt.Fprintf(&w, " Retreat edges, marked by a bar beside the map: %s.", english.List(edges))
	}
	if v.Phase == referee.PhaseDeploy.String() {
		var zones []string
		for _, z := range v.Zones {
			if z.Zone.Drop || z.Zone == (referee.Zone{}) {
				continue // anywhere on the map: the picture marks nothing
			}
			zones = append(zones, fmt.Sprintf("%s deploys %s", viewSideName(v, z.Side), z.Zone))
		}
		if len(zones) > 0 {
			fmt.Fprintf(&w, " Deployment zones, hatched: %s.", strings.Join(zones, "; "))
		}
	}
	for _, h := range hl {
		switch {
		case h.Kind == render.Reachable:
			fmt.Fprintf(&w, " %s marked by a yellow tag behind the hex number.", english.Counts(len(h.Hexes), "reachable hex", "reachable hexes"))
		case h.Kind == render.Path && len(h.Hexes) > 1:
			names := make([]string, len(h.Hexes))
			for i, x := range h.Hexes {
				names[i] = x.String()
			}
			fmt.Fprintf(&w, " Path drawn as an arrow: %s.", strings.Join(names, " → "))
		}
	}
	return w.String()
}

// viewSideName is a side's name as the view has it.
func viewSideName(v referee.View, id string) string {
	for _, sd := range v.Sides {
		if sd.ID == id {
			return sd.Name
		}
	}
	return id
}
