package forces

import (
	"errors"
	"fmt"
	"strings"

	"bfbot/internal/cite"
	"bfbot/referee"
)

// AirLanceSize is how many AeroSpace Fighters one air counter holds (000
// lines 201, 1063).
const AirLanceSize = 2

// The support vehicles of the values table that make a Truck counter: the
// coolant trucks, mobile headquarters and hospital units of the "other
// vehicles" (000 line 330), the ordnance trucks of line 2305, and the
// members of the rosters' Truck counters (lines 3180–3203). Ruling Q8.
var quickSupportVehicles = map[string]bool{
	"Mobile HQ": true, "Coolant Truck": true, "Ordnance Transport": true, "MASH": true,
}

// QuickLance makes one counter from the BattleForce Values Table by the
// quick lance generation method (000 lines 1697–1711): 1 to 4 'Mechs, or
// 1 to 4 vehicles of one movement mode, or 1 or 2 AeroSpace Fighters of
// one weight class; names are looked up with Lookup and kept in Members by
// catalog ID.
//
//   - RA, CA, D and range are the members' sums divided by 4 whatever the
//     number of members (line 1361; air: line 1658), halves rounded up
//     (R6). Rulings Q1, Q2.
//   - MP is the slowest member's; the lance jumps only if every member
//     does (lines 1516, 1518).
//   - Rows are the step table's (line 1528, referee.DeriveSteps); an air
//     counter has two (line 1163, ruling Q5).
//   - 'Mech lances get the red row: overburn RA = step-0 RA plus its step
//     decrement (R5); vehicles have none (V14). OverburnMP is half again
//     the MP for classes that may overburn (R5).
//   - The class: ruling Q6 ('Mechs), Q7 (indirect fire), Q8 (vehicles),
//     Q4 (fighters).
//
// The lance has the given experience and no chits; Name is left empty.
// Every error names the member it is about.
func QuickLance(names []string, exp referee.Experience) (Lance, error) {
	var l Lance
	if exp > referee.Elite {
		return l, fmt.Errorf("experience %v: use green, regular, veteran or elite", exp)
	}
	if len(names) == 0 {
		return l, errors.New("name the lance's machines: 1 to 4 'Mechs or vehicles, or 1 or 2 AeroSpace Fighters")
	}
	members := make([]Entry, len(names))
	for i, name := range names {
		e, err := Lookup(name)
		if err != nil {
			return l, fmt.Errorf("member %d: %w", i+1, err)
		}
		if err := quickFits(members[:i], i, e); err != nil {
			return l, err
		}
		members[i] = e
		l.Members = append(l.Members, e.ID)
	}
	first := members[0]
	limit := LanceSize
	if first.Kind == KindFighter {
		limit = AirLanceSize
	}
	if len(members) > limit {
		return l, fmt.Errorf("member %d (%s): a counter holds at most %d %ss (%s); %d are named",
			limit+1, members[limit].ID, limit, first.Kind, cite.Book(201, 1361), len(members))
	}

	var ra, ca, d, r, av, st, tons2 int
	l.Jump, l.Indirect = true, true
	support := true
	for i, e := range members {
		ra, ca, d, r, av, st = ra+e.RA, ca+e.CA, d+e.D, r+e.R, av+e.AV, st+e.ST
		tons2 += 2*e.Tons + quickB2I(e.HalfTon)
		l.MinRange = max(l.MinRange, e.MinRange)
		if i == 0 || e.MP < l.MP {
			l.MP = e.MP
		}
		l.Jump = l.Jump && e.Jump
		l.Indirect = l.Indirect && e.Indirect
		support = support && quickSupportVehicles[e.ID]
	}
	l.Experience = exp

	if first.Kind == KindFighter {
		// Air counters: AA and ST stand in the RA and CA places, as the
		// rosters print them (line 3055), so that Cost is the air attack
		// value (R8). Ruling Q3.
		l.AirAttack, l.Strafe = roundHalfUp(av, LanceSize), roundHalfUp(st, LanceSize)
		l.Rows = airRows(l.AirAttack, l.Strafe, roundHalfUp(d, LanceSize))
		// The table's air range is already ×5 (line 1666): the counter's is
		// the fighters' mean, to the nearest 5, halves up. Ruling Q2.
		l.Range = 5 * roundHalfUp(r, 5*len(members))
		l.Jump, l.Indirect = false, false
		l.Class = quickAirClass(first.Section)
		return l, nil
	}

	full := referee.Values{RA: roundHalfUp(ra, LanceSize), CA: roundHalfUp(ca, LanceSize), D: roundHalfUp(d, LanceSize)}
	l.Rows = referee.DeriveSteps(full)
	l.Range = roundHalfUp(r, LanceSize)
	if first.Kind == KindMech {
		l.Class = quickMechClass(tons2, len(members), l.Indirect)
		l.OverburnRA = full.RA + referee.StepDecrement(full.RA) // R5
	} else {
		switch {
		case l.Indirect && l.MinRange > 0:
			l.Class = referee.LongTom
		case l.Indirect:
			l.Class = referee.Sniper
		case support:
			l.Class = referee.Truck
		default:
			l.Class = first.Motive.Class()
		}
		// Vehicles have no red row (V14): only the overburn MP.
	}
	if l.Class.Info().Overburn {
		l.OverburnMP = referee.OverburnMP(l.MP)
	}
	return l, nil
}

// quickFits says why machine e cannot join the members before it (i is its
// index): one kind per counter (lines 1361, 1709), DropShips never, vehicles of
// one movement mode (line 1654), fighters of one weight class (lines 1063, 1081–1089).
func quickFits(before []Entry, i int, e Entry) error {
	who := fmt.Sprintf("member %d (%s)", i+1, e.ID)
	if e.Kind == KindDropShip {
		return fmt.Errorf("%s is a DropShip: a DropShip is a counter of its own, not a lance member (%s); give a DropShip counter its values", who, cite.Book(1181))
	}
	if len(before) == 0 {
		return nil
	}
	f := before[0]
	switch {
	case e.Kind != f.Kind:
		return fmt.Errorf("%s is %s but member 1 (%s) is %s: a counter holds one kind of machine (%s)", who, quickA(e.Kind), f.ID, quickA(f.Kind), cite.Book(1361, 1709))
	case e.Kind == KindVehicle && e.Motive != f.Motive:
		return fmt.Errorf("%s moves %v but member 1 (%s) moves %v: a platoon's vehicles share one movement mode (%s)", who, e.Motive, f.ID, f.Motive, cite.Book(1654))
	case e.Kind == KindFighter && e.Section != f.Section:
		return fmt.Errorf("%s is listed with the %s but member 1 (%s) with the %s: an air lance's two fighters are of one type (%s; ruling Q4)", who, e.Section, f.ID, f.Section, cite.Book(1063))
	}
	return nil
}

// quickA is the kind with its article: "a 'Mech", "an AeroSpace fighter".
func quickA(k Kind) string {
	if k == KindFighter {
		return "an " + k.String()
	}
	return "a " + k.String()
}

// quickMechClass is a 'Mech lance's class (rulings Q6, Q7 = V13): a Fire
// 'Mech lance when every member fires indirectly, else by the members'
// mean weight against the values table's weight classes (lines 1721–1783)
// — a mean between two classes belongs to the lighter one: under 40 tons
// light, under 60 medium, under 80 heavy, else assault. tons2 is twice
// the members' total weight.
func quickMechClass(tons2, n int, indirect bool) referee.Class {
	switch {
	case indirect:
		return referee.FireMech
	case tons2 < 2*n*40:
		return referee.LightMech
	case tons2 < 2*n*60:
		return referee.MediumMech
	case tons2 < 2*n*80:
		return referee.HeavyMech
	}
	return referee.AssaultMech
}

// quickAirClass is an air lance's class: the values table block its
// fighters are listed in (ruling Q4; the Transgressor stays heavy, C10).
func quickAirClass(section string) referee.Class {
	switch {
	case strings.HasPrefix(section, "Light"):
		return referee.LightAir
	case strings.HasPrefix(section, "Medium"):
		return referee.MediumAir
	}
	return referee.HeavyAir
}

// quickRoundHalfUp divides a non-negative sum by n, rounding halves up (R6).
func quickB2I(b bool) int {
	if b {
		return 1
	}
	return 0
}
