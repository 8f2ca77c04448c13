package referee

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// CheapestPath is the route a move of unit id to h takes when no path is
// given: the cheapest legal route within its MP left, as Apply's move
// plans it (path.go), from what the unit's side knows (hidden enemy
// units and mines play no part). A move preview draws it. nil and the
// reason when the unit cannot get there this phase, or is not a ground
// unit on the map.
func CheapestPath(s *State, id string, h hex.Hex) ([]hex.Hex, error) {
	u := s.Unit(id)
	if u == nil {
		return nil, fmt.Errorf("no unit %s in the battle", id)
	}
	if !u.Class.Ground() || !u.Status.OnMap() || !s.Map.Contains(u.Hex) {
		return nil, fmt.Errorf("%s does not move over the ground", id)
	}
	return newMover(s, u, nil).plan(h)
}
