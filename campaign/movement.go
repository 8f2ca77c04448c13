package campaign

import (
	"fmt"
	"slices"

	"bfbot/referee"
)

// Strategic map movement, in the book's order (000 lines 2587–2595):
// drops from orbit first and in public, then the secret moves, then
// prepared positions for battlegroups that did not move, then the RBG's
// DropShips lifting off. Orders were validated when given; they are
// checked again here so that a stale order is skipped with a note
// instead of breaking the campaign.

// skipped tells a side one of its orders could not be carried out.
func orderSkipped(n *Campaign, s *Side, why string) {
	n.emit(Event{Step: "movement", Type: "skipped", Audience: secret(s.ID), Side: s.ID, Text: "order not carried out: " + why})
}

// resolveDrops places dropping battlegroups. The drop is public (000 line
// 2589): everyone hears that the side dropped into the sector, never
// which battlegroup or what it holds; the enemy notes it as intel.
func resolveDrops(n *Campaign) {
	for i := range n.Sides {
		s := &n.Sides[i]
		for _, d := range s.Orders.Drops {
			b := s.Battlegroup(d.Battlegroup)
			if b == nil || b.Sector != 0 || n.Map.ByID(d.Sector) == nil {
				orderSkipped(n, s, fmt.Sprintf("drop of battlegroup %d into sector %s", d.Battlegroup, sectorLabel(n, d.Sector)))
				continue
			}
			b.Sector, b.Dropped, b.Moved, b.Prepared = d.Sector, true, true, false
			n.emit(Event{Step: "movement", Type: "drop", Side: s.ID, Sector: d.Sector,
				Text: fmt.Sprintf("%s drops 'Mechs from orbit into sector %s", s.Name, sectorLabel(n, d.Sector))})
			n.emit(Event{Step: "movement", Type: "dropped", Audience: secret(s.ID), Side: s.ID, Sector: d.Sector,
				Text: fmt.Sprintf("battlegroup %d %q has landed in sector %s", b.ID, b.Name, sectorLabel(n, d.Sector))})
			for j := range n.Sides {
				if e := &n.Sides[j]; e.ID != s.ID {
					e.Intel = append(e.Intel, Intel{Turn: n.Turn, Sector: d.Sector, Drop: true})
				}
			}
		}
	}
}

// resolveMoves carries out the secret moves. A battlegroup that moves
// leaves its prepared position (000 line 2593) and notes the sector it
// came from for deployment (ruling R7).
func resolveMoves(n *Campaign) {
	for i := range n.Sides {
		s := &n.Sides[i]
		for _, m := range s.Orders.Moves {
			b := s.Battlegroup(m.Battlegroup)
			if b == nil || !validPath(n, s, b, m.Path) {
				orderSkipped(n, s, fmt.Sprintf("move of battlegroup %d", m.Battlegroup))
				continue
			}
			from := b.Sector
			if len(m.Path) > 1 {
				from = m.Path[len(m.Path)-2]
			}
			b.From, b.Sector, b.Moved, b.Prepared = from, m.Path[len(m.Path)-1], true, false
			n.emit(Event{Step: "movement", Type: "move", Audience: secret(s.ID), Side: s.ID, Sector: b.Sector,
				Text: fmt.Sprintf("battlegroup %d %q moves to sector %s", b.ID, b.Name, sectorLabel(n, b.Sector))})
		}
	}
}

// validPath is the move order's check at resolution.
func validPath(n *Campaign, s *Side, b *Battlegroup, path []int) bool {
	if b.Sector == 0 || b.Dropped || len(path) == 0 || len(path) > StrategicRate(s, b) || (b.RBG && holdsDropShips(s, b)) {
		return false
	}
	from := b.Sector
	for _, to := range path {
		if !n.Map.Adjacent(from, to) {
			return false
		}
		from = to
	}
	return true
}

// resolveHolds gives a prepared position to battlegroups ordered to hold
// that did not move (000 line 2593); it stays until they move.
func resolveHolds(n *Campaign) {
	for i := range n.Sides {
		s := &n.Sides[i]
		for _, id := range s.Orders.Holds {
			b := s.Battlegroup(id)
			if b == nil || b.Moved || b.Sector == 0 || b.Recon() {
				orderSkipped(n, s, fmt.Sprintf("prepared position for battlegroup %d", id))
				continue
			}
			b.Prepared = true
			n.emit(Event{Step: "movement", Type: "hold", Audience: secret(s.ID), Side: s.ID, Sector: b.Sector,
				Text: fmt.Sprintf("battlegroup %d %q holds a prepared position in sector %s", b.ID, b.Name, sectorLabel(n, b.Sector))})
		}
	}
}

// resolveLiftOff sends the RBG's DropShips to space for good (000 line
// 2547): their units leave the campaign (UnitLeft) and the RBG may move
// from the next turn on.
func resolveLiftOff(n *Campaign) {
	for i := range n.Sides {
		s := &n.Sides[i]
		if !s.Orders.LiftOff {
			continue
		}
		rbg := s.RBG()
		if rbg == nil || rbg.Sector == 0 || !holdsDropShips(s, rbg) {
			orderSkipped(n, s, "lift-off")
			continue
		}
		var gone []string
		rbg.Units = slices.DeleteFunc(rbg.Units, func(id string) bool {
			u := s.Unit(id)
			if u.Lance.Class.Kind() != referee.KindDropShip {
				return false
			}
			u.Status, u.Battlegroup = UnitLeft, 0
			gone = append(gone, id)
			return true
		})
		if len(rbg.Units) == 0 {
			id := rbg.ID
			s.Battlegroups = slices.DeleteFunc(s.Battlegroups, func(b Battlegroup) bool { return b.ID == id })
		}
		n.emit(Event{Step: "movement", Type: "liftoff", Audience: secret(s.ID), Side: s.ID,
			Text: fmt.Sprintf("DropShips %v lift off for space; the regimental battlegroup may move from next turn", gone)})
	}
}
