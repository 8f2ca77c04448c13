package scenario

import (
	"fmt"

	"bfbot/campaign"
	"bfbot/mapgen"
	"bfbot/referee"
)

// LanceSize is how many machines one counter holds: four 'Mechs or
// vehicles (000 line 201).
const LanceSize = 4

// Lance is a counter's values worked out from the BattleForce Values
// Table by quick lance generation (000 lines 1697–1711, 1516–1518).
type Lance struct {
	Class          referee.Class
	RA, CA, D, R   int
	MinRange, MP   int
	Jump, Indirect bool
	Tons           float64 // the members' average weight
	Kind           campaign.Kind
	Motive         campaign.Motive
	Names          []string // the catalog IDs, in the order given
}

// QuickLance adds the four machines' values from the catalog and divides
// by four, rounding half up (R6); MP is the slowest member's (000 line
// 1516) and the lance jumps only if every member does (000 line 1518).
// Minimum range is the largest of the members'. Indirect fire needs every
// member to have it. 'Mech lances and vehicle platoons only: a counter of
// fighters or a DropShip takes its values from the file.
//
// The class is derived when not given (ruling V13): a 'Mech lance by its
// average weight (under 40 tons light, under 60 medium, under 80 heavy,
// else assault), a vehicle platoon by its movement mode (all members must
// share it), or long-tom when every member fires indirectly.
func QuickLance(names []string) (Lance, error) {
	var l Lance
	if len(names) != LanceSize {
		return l, fmt.Errorf("a lance or platoon is %d machines (000 line 201); %d are named", LanceSize, len(names))
	}
	var ra, ca, d, r, tons2 int
	l.Jump, l.Indirect = true, true
	for i, name := range names {
		e, err := campaign.Lookup(name)
		if err != nil {
			return l, err
		}
		switch {
		case e.Kind != campaign.KindMech && e.Kind != campaign.KindVehicle:
			return l, fmt.Errorf("%s is a %v: quick lance generation here makes 'Mech lances and vehicle platoons; give a %v counter its values", e.ID, e.Kind, e.Kind)
		case i > 0 && e.Kind != l.Kind:
			return l, fmt.Errorf("%s is a %v but %s is a %v: a counter holds one kind of machine (000 line 1711)", e.ID, e.Kind, l.Names[0], l.Kind)
		case i > 0 && e.Motive != l.Motive:
			return l, fmt.Errorf("%s moves %v but %s moves %v: a platoon's members share one movement mode", e.ID, e.Motive, l.Names[0], l.Motive)
		}
		l.Kind, l.Motive = e.Kind, e.Motive
		l.Names = append(l.Names, e.ID)
		ra, ca, d, r = ra+e.RA, ca+e.CA, d+e.D, r+e.R
		tons2 += 2*e.Tons + b2i(e.HalfTon)
		l.MinRange = max(l.MinRange, e.MinRange)
		if i == 0 || e.MP < l.MP {
			l.MP = e.MP
		}
		l.Jump = l.Jump && e.Jump
		l.Indirect = l.Indirect && e.Indirect
	}
	l.RA, l.CA, l.D, l.R = roundHalfUp(ra, LanceSize), roundHalfUp(ca, LanceSize), roundHalfUp(d, LanceSize), roundHalfUp(r, LanceSize)
	l.Tons = float64(tons2) / float64(2*LanceSize)
	if l.Kind == campaign.KindMech {
		avg := tons2 // twice the total: compare with 2 × 4 × the bound
		switch {
		case avg < 2*LanceSize*40:
			l.Class = referee.LightMech
		case avg < 2*LanceSize*60:
			l.Class = referee.MediumMech
		case avg < 2*LanceSize*80:
			l.Class = referee.HeavyMech
		default:
			l.Class = referee.AssaultMech
		}
		if l.Indirect {
			l.Class = referee.FireMech
		}
		return l, nil
	}
	switch {
	case l.Indirect:
		l.Class = referee.LongTom
	case l.Motive == campaign.MotiveHover:
		l.Class = referee.Hover
	case l.Motive == campaign.MotiveTracked:
		l.Class = referee.Tracked
	default:
		l.Class = referee.Wheeled
	}
	return l, nil
}

// fitsClass says why class c cannot be given to lance l (a named class
// overrides the derived one within the same kind and movement).
func (l Lance) fitsClass(c referee.Class) error {
	if l.Kind == campaign.KindMech {
		if c.Kind() != referee.KindMech {
			return fmt.Errorf("%v is not a 'Mech class, but the catalog names 'Mechs", c)
		}
		return nil
	}
	want := map[campaign.Motive]mapgen.Movement{campaign.MotiveHover: mapgen.Hover, campaign.MotiveTracked: mapgen.Tracked, campaign.MotiveWheeled: mapgen.Wheeled}[l.Motive]
	if !c.Ground() || c.Kind() == referee.KindMech || c.Kind() == referee.KindInfantry || c.Info().Movement != want {
		return fmt.Errorf("%v does not fit a platoon of %v vehicles", c, l.Motive)
	}
	return nil
}

// roundHalfUp divides a non-negative sum by n, rounding halves up (R6).
func roundHalfUp(sum, n int) int { return (2*sum + n) / (2 * n) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
