package campaign

import "slices"

// Orders are a side's sealed strategic orders for one campaign turn (000
// lines 2563–2575, 2587–2599). They stay secret to the side until the turn
// resolves. Dividing and combining battlegroups (step 1) and making recon
// units (step 2) are worksheet changes the side makes at once (Split,
// Merge, MakeRecon); they are secret all the same.
type Orders struct {
	// Moves: one adjacent sector per battlegroup; recon units follow a
	// path of up to their strategic rate (000 lines 2583, 2591).
	Moves []Move `json:"moves,omitempty"`
	// Drops: battlegroups in orbit dropping into a sector (public, no
	// further move; 000 line 2589).
	Drops []Drop `json:"drops,omitempty"`
	// Holds: battlegroups taking a prepared position (they must not move;
	// 000 line 2593).
	Holds []int `json:"holds,omitempty"`
	// LiftOff: the RBG's DropShips leave for space (000 line 2595).
	LiftOff bool `json:"lift_off,omitempty"`
	// Searches: the sectors searched (000 line 2599).
	Searches []int `json:"searches,omitempty"`
	// Ready: the side's players have finished their orders.
	Ready bool `json:"ready,omitempty"`
}

// Move is a battlegroup's strategic move: Path lists the sectors entered,
// one for a battlegroup, up to the rate for a recon unit.
type Move struct {
	Battlegroup int   `json:"battlegroup"`
	Path        []int `json:"path"`
}

// Drop is a battlegroup in orbit dropping into a sector.
type Drop struct {
	Battlegroup int `json:"battlegroup"`
	Sector      int `json:"sector"`
}

func (o Orders) clone() Orders {
	n := o.copyLists()
	for i := range n.Moves {
		n.Moves[i].Path = slices.Clone(n.Moves[i].Path)
	}
	return n
}

// copyLists copies the order lists but shares each move's path: enough
// for a copy whose lists change (a path is never changed in place).
func (o Orders) copyLists() Orders {
	n := o
	n.Moves = slices.Clone(o.Moves)
	n.Drops = slices.Clone(o.Drops)
	n.Holds = slices.Clone(o.Holds)
	n.Searches = slices.Clone(o.Searches)
	return n
}
