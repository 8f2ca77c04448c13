package render

import (
	"errors"
	"fmt"

	"bfbot/mapgen"
)

// Orbit is the sector ID of a mark or an order end in orbit, aboard
// DropShips: it is drawn in the orbit box above the sectors.
const Orbit = 0

// SectorMark puts a battlegroup, a contact, a search or a deployment
// sector on the strategic map.
type SectorMark struct {
	SectorID int    // a sector, or Orbit
	Label    string // "" draws a question mark: a contact not yet identified
	Side     int
	// Seen is the campaign turn a contact was last seen, drawn as
	// "seen T3" (0: not said).
	Seen int
}

// ArrowKind says how an order arrow is drawn.
type ArrowKind int

const (
	// MoveArrow is a move to an adjacent sector: a solid arrow.
	MoveArrow ArrowKind = iota
	// AttackArrow is a move into a sector where the viewer knows the
	// enemy is: a solid arrow with a double head.
	AttackArrow
	// ReconArrow is a recon unit's path of several sectors: dashed.
	ReconArrow
	// DropArrow is a drop from orbit into a sector: dotted, from the
	// orbit box.
	DropArrow
	// LiftOffArrow is the regimental battlegroup's DropShips leaving for
	// orbit: dotted, into the orbit box.
	LiftOffArrow
	numArrowKinds
)

var arrowNames = [numArrowKinds]string{"move", "attack", "recon move", "drop from orbit", "lift-off to orbit"}

func (k ArrowKind) String() string {
	if k >= 0 && k < numArrowKinds {
		return arrowNames[k]
	}
	return fmt.Sprintf("ArrowKind(%d)", int(k))
}

// OrderArrow is one battlegroup's order for the turn, drawn as an arrow
// along Path: the sector it stands in first, then each sector it enters
// (Orbit first for a drop, last for a lift-off).
type OrderArrow struct {
	Kind  ArrowKind
	Path  []int
	Label string // the battlegroup's badge, written at the arrow's tail
	Side  int
}

// BattleMark is a battle being fought in a sector.
type BattleMark struct {
	SectorID int
	Label    string // "battle 3"
}

// Score is a side's victory points as the viewer knows them.
type Score struct {
	Name string
	VP   int
	Side int
}

// StrategicView is one viewer's picture of the strategic map: his own
// battlegroups and orders, the enemy contacts he knows of, the battles
// being fought, the score as he knows it and the order deadline. Every
// field is what the viewer may know; the renderer adds nothing.
type StrategicView struct {
	Map *mapgen.Strategic
	// Own are battlegroups (the viewer's; every side's for the referee),
	// in a sector or in Orbit.
	Own []SectorMark
	// Contacts are enemy sightings, with the turn of each.
	Contacts []SectorMark
	Orders   []OrderArrow
	// Searches are the sectors searched this turn.
	Searches []SectorMark
	// Holds are the battlegroups ordered to hold a prepared position,
	// by their badges' labels: their badges carry a rampart.
	Holds   []SectorMark
	Battles []BattleMark
	// Deploy are the sectors where the viewer may place his battlegroups
	// (the set-up phase).
	Deploy []SectorMark
	// Scores and Deadline make the header line under the title ("orders
	// due Fri 27 Nov 18:00 CET"; "" for none).
	Scores   []Score
	Deadline string
	Title    string
	Viewer   string
}

// ErrOrder: an order arrow's kind is unknown, or its path does not fit
// its kind.
var ErrOrder = errors.New("render: bad order arrow")

// check validates the view against its map before any pixel is drawn.
func (v *StrategicView) check() error {
	s := v.Map
	if s == nil {
		return ErrNoMap
	}
	if err := s.Check(); err != nil { // a grid may have holes (mapgen.ReadStrategic)
		return fmt.Errorf("render: strategic map: %w", err)
	}
	sector := func(id int, orbit bool, what string) error {
		if s.ByID(id) == nil && !(orbit && id == Orbit) {
			return fmt.Errorf("%w: %s in sector %d of %d", ErrSector, what, id, len(s.Sectors))
		}
		return nil
	}
	// Battlegroups, own or the enemy's, may be in orbit; searches,
	// deployment and prepared positions are of sectors.
	for _, marks := range [][]SectorMark{v.Own, v.Contacts} {
		for _, mk := range marks {
			if err := sector(mk.SectorID, true, fmt.Sprintf("mark %q", mk.Label)); err != nil {
				return err
			}
		}
	}
	for _, marks := range [][]SectorMark{v.Searches, v.Deploy, v.Holds} {
		for _, mk := range marks {
			if err := sector(mk.SectorID, false, fmt.Sprintf("search, deployment or hold mark %q", mk.Label)); err != nil {
				return err
			}
		}
	}
	for _, b := range v.Battles {
		if err := sector(b.SectorID, false, b.Label); err != nil {
			return err
		}
	}
	for i, a := range v.Orders {
		if a.Kind < 0 || a.Kind >= numArrowKinds {
			return fmt.Errorf("%w: order %d (%q): unknown arrow kind %d", ErrOrder, i, a.Label, int(a.Kind))
		}
		if len(a.Path) < 2 {
			return fmt.Errorf("%w: order %d (%q): a path needs the sector it starts in and at least one more", ErrOrder, i, a.Label)
		}
		if (a.Kind == DropArrow) != (a.Path[0] == Orbit) || (a.Kind == LiftOffArrow) != (a.Path[len(a.Path)-1] == Orbit) {
			return fmt.Errorf("%w: order %d (%q): a drop, and only a drop, starts in orbit; a lift-off, and only a lift-off, ends there", ErrOrder, i, a.Label)
		}
		for j, id := range a.Path {
			orbit := a.Kind == DropArrow && j == 0 || a.Kind == LiftOffArrow && j == len(a.Path)-1
			if err := sector(id, orbit, fmt.Sprintf("%s order of %q", a.Kind, a.Label)); err != nil {
				return err
			}
		}
	}
	return nil
}
