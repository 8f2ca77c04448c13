package render

import (
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// FromView is the picture of a battle exactly as a referee.View shows it
// to its viewer: the counters the view holds (own ones with their step
// and experience; enemy ones as sighted, a blind while the class is
// unknown, values only once probed), the battle's rubble drawn on a copy
// of the map, the sides' retreat edges (public, S13; an enemy's only
// once the battle has begun, TM1), the deployment
// zones the view holds (its own side's, every side's for the referee)
// while the sides deploy, and the extra highlights given (a move's path,
// a line of fire). It reads nothing but the view, so the picture can
// hold no more than the view does (ruling R10).
func FromView(v referee.View, title string, highlights ...Highlight) Tactical {
	t := Tactical{Map: v.Map, Title: title, Viewer: v.Viewer, Highlights: highlights}
	if v.Viewer == "" && v.Referee {
		t.Viewer = "referee"
	}
	if v.Map != nil && len(v.Rubble) > 0 {
		m := v.Map.Clone()
		for _, h := range v.Rubble {
			if c := m.Cell(h); c != nil {
				c.Terrain = mapgen.Rubble
			}
		}
		t.Map = m
	}
	for _, u := range v.Units {
		if u.Hex == nil {
			continue // in reserve, withdrawn or destroyed: not on the map
		}
		c := Counter{Hex: *u.Hex, Side: u.SideIndex, Kind: u.Kind, Label: u.ID, Own: u.Own, Disrupted: u.Disrupted}
		if !slices.Contains(kinds, c.Kind) {
			c.Kind = "vehicle"
		}
		if _, ok := classKinds[u.Class]; ok {
			c.Class = u.Class
		}
		if u.Values != nil {
			c.Step = min(max(u.Values.Step, 0), 3)
			if slices.Contains(experiences, u.Values.Experience) {
				c.Experience = u.Values.Experience
			}
		}
		t.Counters = append(t.Counters, c)
	}
	for _, sd := range v.Sides {
		for e := range numMapEdges {
			if sd.RetreatEdge == e.String() {
				t.Edges = append(t.Edges, EdgeMark{Edge: e, Side: sd.Index})
			}
		}
	}
	if v.Phase == referee.PhaseDeploy.String() && v.Map != nil {
		t.Highlights = append(zoneHighlights(v), t.Highlights...)
	}
	return t
}

// zoneHighlights hatches each side's deployment zones in the view (the
// hexes of all its zones together).
func zoneHighlights(v referee.View) []Highlight {
	var out []Highlight
	for _, z := range v.Zones {
		if z.Zone.Drop || z.Zone == (referee.Zone{}) {
			continue // anywhere on the map: nothing to mark
		}
		if len(out) == 0 || out[len(out)-1].Side != z.SideIndex {
			out = append(out, Highlight{Kind: Deployment, Side: z.SideIndex})
		}
		hl := &out[len(out)-1]
		for _, h := range v.Map.Hexes() {
			if z.Zone.Contains(v.Map, h) && !slices.Contains(hl.Hexes, h) {
				hl.Hexes = append(hl.Hexes, h)
			}
		}
	}
	return out
}

// PathHighlight draws a move from a unit's hex along path.
func PathHighlight(from hex.Hex, path []hex.Hex, side int) Highlight {
	return Highlight{Kind: Path, Hexes: append([]hex.Hex{from}, path...), Side: side}
}
