package quickstart

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// Entry from off the map (002 line 578: as a rule Units start off the
// map and come onto it in the first turn). The book says no more;
// ruling QS22 fills it in. A Unit off the map (UnitState.OffBoard)
// enters in its side's part of game turn 1's Movement Phase: by ground
// movement its first hex is any hex of its home edge, entered at that
// hex's cost; a jump lands anywhere within its jumping MP counting the
// edge row as 1. Until it enters it is nowhere: it blocks nothing, sees
// nothing and is seen by nobody. A Unit still off the map when its side
// ends its part of the phase is brought in by the bot (enterRest).

// distanceFrom is how far h lies from Unit ui: from its hex, or for a
// Unit off the map from beyond its home edge.
func (s State) distanceFrom(ui int, h hex.Hex) int {
	u := s.Units[ui]
	if u.OffBoard {
		return EdgeDepth(s.Map, h, s.Home[u.Side])
	}
	return hex.Distance(u.Hex, h)
}

// jumpTargets are the hexes Unit ui may jump to with jump MP, landing
// not yet checked.
func (s State) jumpTargets(ui, jump int) []hex.Hex {
	u := s.Units[ui]
	if !u.OffBoard {
		return hex.Within(u.Hex, jump)
	}
	var out []hex.Hex
	for _, h := range s.Map.Hexes() {
		if s.distanceFrom(ui, h) <= jump {
			out = append(out, h)
		}
	}
	return out
}

// enterRest brings in, for the acting side ending its part of game turn
// 1's Movement Phase, each of its Units still off the map: into the free
// hex of its home edge nearest the middle that it can afford to enter,
// facing away from the edge (ruling QS22: the book has every Unit enter
// in the first turn).
func (s *State) enterRest() ([]Event, error) {
	var ev []Event
	for ui := range s.Units {
		u := &s.Units[ui]
		if u.Side != s.Acting || !u.OffBoard || !u.Alive() {
			continue
		}
		paths := s.groundPaths(ui)
		h, ok := s.rowFree(u.Side, 1, func(h hex.Hex) bool {
			p, reach := paths[h]
			return reach && len(p) == 1 && s.checkLanding(ui, h) == nil
		})
		if !ok {
			return nil, illegal("%s cannot enter: no hex of the %v edge is free for it", u.ID, s.Home[u.Side])
		}
		u.Hex, u.OffBoard, u.Moved = h, false, true
		ev = append(ev, Event{Type: "move", Turn: s.Turn, Side: u.Side,
			Text: fmt.Sprintf("%s had not entered: it enters in %s from the %v edge, facing %v", u.ID, h, s.Home[u.Side], u.Facing)})
		ev = append(ev, s.occupy(ui, h)...)
	}
	return ev, nil
}
