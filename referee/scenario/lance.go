package scenario

import (
	"fmt"

	"bfbot/campaign/forces"
	"bfbot/internal/cite"
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
	Kind           forces.Kind
	Motive         forces.Motive
	Names          []string // the catalog IDs, in the order given
}

// QuickLance is forces.QuickLance (000 lines 1697–1711) for a scenario
// file's catalog lance: averages rounded half up (R6), the slowest MP
// (line 1516), jump only if all jump (line 1518), minimum range the
// largest of the members', indirect fire only if every member has it.
// Scenario files name exactly four 'Mechs or vehicles; a counter of
// fighters or a DropShip takes its values from the file.
//
// The class is derived when not given (ruling V13): a 'Mech lance by its
// average weight (under 40 tons light, under 60 medium, under 80 heavy,
// else assault), a vehicle platoon by its movement mode (all members must
// share it), or long-tom when every member fires indirectly. V13 knows no
// trucks: support vehicles stay wheeled here.
func QuickLance(names []string) (Lance, error) {
	var l Lance
	if len(names) != LanceSize {
		return l, fmt.Errorf("a lance or platoon is %d machines (%s); %d are named", LanceSize, cite.Book(201), len(names))
	}
	var tons2 int
	for i, name := range names {
		e, err := forces.Lookup(name)
		if err != nil {
			return l, err
		}
		if e.Kind != forces.KindMech && e.Kind != forces.KindVehicle {
			return l, fmt.Errorf("%s is a %v: quick lance generation here makes 'Mech lances and vehicle platoons; give a %v counter its values", e.ID, e.Kind, e.Kind)
		}
		if i == 0 {
			l.Kind, l.Motive = e.Kind, e.Motive
		}
		tons2 += 2*e.Tons + b2i(e.HalfTon)
	}
	c, err := forces.QuickLance(names, referee.Regular)
	if err != nil {
		return l, err
	}
	l.Class = c.Class
	switch c.Class {
	case referee.Truck:
		l.Class = referee.Wheeled
	case referee.Sniper:
		l.Class = referee.LongTom
	}
	l.RA, l.CA, l.D, l.R = c.Rows[0].RA, c.Rows[0].CA, c.Rows[0].D, c.Range
	l.MinRange, l.MP, l.Jump, l.Indirect = c.MinRange, c.MP, c.Jump, c.Indirect
	l.Tons = float64(tons2) / float64(2*LanceSize)
	l.Names = c.Members
	return l, nil
}

// fitsClass says why class c cannot be given to lance l (a named class
// overrides the derived one within the same kind and movement).
func (l Lance) fitsClass(c referee.Class) error {
	if l.Kind == forces.KindMech {
		if c.Kind() != referee.KindMech {
			return fmt.Errorf("%v is not a 'Mech class, but the catalog names 'Mechs", c)
		}
		return nil
	}
	want := map[forces.Motive]mapgen.Movement{forces.MotiveHover: mapgen.Hover, forces.MotiveTracked: mapgen.Tracked, forces.MotiveWheeled: mapgen.Wheeled}[l.Motive]
	if !c.Ground() || c.Kind() == referee.KindMech || c.Kind() == referee.KindInfantry || c.Info().Movement != want {
		return fmt.Errorf("%v does not fit a platoon of %v vehicles", c, l.Motive)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
