package quickstart

import (
	"slices"

	"bfbot/internal/cite"
	"bfbot/mapgen/hex"
)

// checkMove checks a Move or Jump of Unit ui and returns its final hex
// (002 lines 104–168).
func (s State) checkMove(ui int, a Action) (hex.Hex, error) {
	u := s.Units[ui]
	if a.Facing > hex.NW {
		return hex.Hex{}, illegal("facing %d: give one of N, NE, SE, S, SW, NW", a.Facing)
	}
	ground, jump := UnitMP(u.Elements)
	if ground == 0 && jump == 0 && a.Facing != u.Facing {
		// Ruling QS15: a Unit that cannot move cannot turn either.
		return hex.Hex{}, illegal("%s cannot move this turn (a shut-down element, or no MP left), so it cannot change its facing", u.ID)
	}
	if a.Kind == Jump {
		if len(a.Path) != 1 {
			return hex.Hex{}, illegal("a jump names one hex, where %s lands", u.ID)
		}
		to := a.Path[0]
		switch dist := s.distanceFrom(ui, to); {
		case jump == 0:
			return hex.Hex{}, illegal("%s cannot jump: every surviving element must be jump-capable", u.ID)
		case dist == 0:
			return hex.Hex{}, illegal("%s is already in %s: to turn, move with no hexes", u.ID, to)
		case dist > jump:
			return hex.Hex{}, illegal("%s jumps %d hexes at most, and %s is %d away", u.ID, jump, to, dist)
		}
		// Ruling QS10: a jump passes over any hex, enemy Units included;
		// only where it lands counts.
		return to, s.checkLanding(ui, to)
	}
	if u.OffBoard && len(a.Path) == 0 {
		return hex.Hex{}, illegal("%s is off the map and enters it this turn: name the hexes it enters, the first on the %v edge (%s)", u.ID, s.Home[u.Side], cite.QuickStart(578))
	}
	at, spent := u.Hex, 0
	for i, h := range a.Path {
		if !s.Map.Contains(h) {
			return hex.Hex{}, illegal("%s is off the map", h)
		}
		if i == 0 && u.OffBoard {
			if d := EdgeDepth(s.Map, h, s.Home[u.Side]); d != 1 {
				return hex.Hex{}, illegal("%s enters the map by a hex of its home edge, the %v, and %s is %d hexes in", u.ID, s.Home[u.Side], h, d)
			}
		} else if _, ok := at.DirectionTo(h); !ok {
			return hex.Hex{}, illegal("%s is not next to %s: list every hex entered", h, at)
		}
		cost, err := EnterCost(s.Map.At(h).Terrain)
		if err != nil {
			return hex.Hex{}, illegal("%v", err)
		}
		if o := s.occupant(h, ui); o >= 0 && s.Units[o].Side != u.Side {
			return hex.Hex{}, illegal("%s cannot move through %s: enemy unit %s is there", u.ID, h, s.Units[o].ID)
		}
		if spent += cost; spent > ground {
			return hex.Hex{}, illegal("%s has %d MP and entering %s brings it to %d", u.ID, ground, h, spent)
		}
		at = h
	}
	return at, s.checkLanding(ui, at)
}

// checkLanding refuses to end a move in a hex another Unit holds (002
// line 168), or off the map.
func (s State) checkLanding(ui int, h hex.Hex) error {
	if !s.Map.Contains(h) {
		return illegal("%s is off the map", h)
	}
	if o := s.occupant(h, ui); o >= 0 {
		return illegal("%s may not end its move in %s: unit %s is there", s.Units[ui].ID, h, s.Units[o].ID)
	}
	return s.counterRefusal(ui, h)
}

// groundPaths is, for every hex Unit ui can reach by ground movement, the
// cheapest path there: Dijkstra over the MP costs, through friends but
// never enemies.
func (s State) groundPaths(ui int) map[hex.Hex][]hex.Hex {
	u := s.Units[ui]
	mp, _ := UnitMP(u.Elements)
	best := map[hex.Hex]int{u.Hex: 0}
	paths := map[hex.Hex][]hex.Hex{u.Hex: nil}
	frontier := []hex.Hex{u.Hex}
	if u.OffBoard {
		// Entering: the first hex is one of the home edge's, at its cost
		// (ruling QS22); there is no standing off the map.
		best, paths, frontier = map[hex.Hex]int{}, map[hex.Hex][]hex.Hex{}, nil
		for _, h := range s.Map.Hexes() {
			if EdgeDepth(s.Map, h, s.Home[u.Side]) != 1 {
				continue
			}
			cost, err := EnterCost(s.Map.At(h).Terrain)
			if o := s.occupant(h, ui); err != nil || cost > mp || (o >= 0 && s.Units[o].Side != u.Side) {
				continue
			}
			best[h], paths[h] = cost, []hex.Hex{h}
			frontier = append(frontier, h)
		}
	}
	for len(frontier) > 0 {
		// The cheapest hex of the frontier, ties by hex order for a
		// deterministic result.
		i := 0
		for j, h := range frontier {
			if best[h] < best[frontier[i]] || (best[h] == best[frontier[i]] && lessHex(h, frontier[i])) {
				i = j
			}
		}
		at := frontier[i]
		frontier = slices.Delete(frontier, i, i+1)
		for _, h := range at.Neighbors() {
			if !s.Map.Contains(h) {
				continue
			}
			cost, err := EnterCost(s.Map.At(h).Terrain)
			if err != nil {
				continue
			}
			if o := s.occupant(h, ui); o >= 0 && s.Units[o].Side != u.Side {
				continue
			}
			c := best[at] + cost
			if old, ok := best[h]; c > mp || (ok && old <= c) {
				continue
			}
			best[h] = c
			paths[h] = append(slices.Clone(paths[at]), h)
			if !slices.Contains(frontier, h) {
				frontier = append(frontier, h)
			}
		}
	}
	return paths
}

func lessHex(a, b hex.Hex) bool { return a.X < b.X || (a.X == b.X && a.Y < b.Y) }

// PathTo is the cheapest ground path of Unit id to hex to, as Move takes
// it (the hexes entered, in order), and false when the Unit cannot get
// there this turn by ground movement.
func PathTo(s State, id string, to hex.Hex) ([]hex.Hex, bool) {
	ui := s.unit(id)
	if ui < 0 {
		return nil, false
	}
	p, ok := s.groundPaths(ui)[to]
	return p, ok && (to != s.Units[ui].Hex || s.Units[ui].OffBoard)
}
