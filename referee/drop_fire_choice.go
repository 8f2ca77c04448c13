package referee

import (
	"fmt"
	"slices"

	"bfbot/referee/dice"
)

// Fire at a dropping 'Mech is optional (000 line 743), decided "at the
// moment he lands" (line 741). For an enemy side in State.Asked with a
// unit that may fire, the drop waits after the 'Mech is placed: the side
// chooses its firers (a DropFire; nothing else happens in the battle until
// it has, ResolveDropFire), then the landing roll and the remaining drops
// follow. For other sides every unit that may fire does, the default
// (ruling DR6).

// DropFire is a dropping 'Mech at which Side chooses which of Shooters
// (the units that may fire, air first, then ground, in ID order) fire;
// Before is the 'Mech's step when it was placed.
type DropFire struct {
	Mech     string   `json:"mech"`
	Side     string   `json:"side"`
	Shooters []string `json:"shooters"`
	Before   int      `json:"before"`
}

// askDropFire records the choice of fire at u for the first enemy side in
// s.Asked with a unit that may fire, and reports whether it did.
func (b *battle) askDropFire(u *Unit) bool {
	for _, side := range b.s.Asked {
		if side == u.Side {
			continue
		}
		var shooters []string
		for _, air := range []bool{true, false} {
			for _, v := range b.s.Units {
				if _, ok := dropFirePlan(b.s, v, u); ok && v.Side == side && (v.Class.Kind() == KindAir) == air {
					shooters = append(shooters, v.ID)
				}
			}
		}
		if len(shooters) > 0 {
			b.s.DropFires = append(b.s.DropFires, DropFire{Mech: u.ID, Side: side, Shooters: shooters, Before: u.Step})
			return true
		}
	}
	return false
}

// ResolveDropFire carries out the side's choice of fire at dropping
// mech: the chosen units fire (none: it holds its fire), the 'Mech rolls
// to land, and the movement phase's end goes on (more drops, sighting,
// the attack phase).
func ResolveDropFire(s *State, mech string, shooters []string, d *dice.Dice) (*State, []Event, error) {
	i := slices.IndexFunc(s.DropFires, func(f DropFire) bool { return f.Mech == mech })
	if i < 0 {
		return s, nil, illegal("no fire at %s waits to be chosen", mech)
	}
	df := s.DropFires[i]
	only := map[string]bool{}
	for _, id := range shooters {
		if !slices.Contains(df.Shooters, id) {
			return s, nil, illegal("%s may not fire at %s: the units that may are %s", id, mech, commaList(df.Shooters))
		}
		only[id] = true
	}
	b := &battle{s: s.Clone(), d: d, side: s.PhasingSide().ID}
	b.s.DropFires = slices.Delete(b.s.DropFires, i, i+1)
	u := b.s.Unit(mech)
	if len(shooters) == 0 {
		b.emit(Event{Type: "hold_fire", Unit: mech, Audience: []string{df.Side}, Text: fmt.Sprintf("your units hold their fire at dropping %s", mech)})
	}
	if err := b.dropFire(u, df.Side, only); err != nil {
		return s, nil, err
	}
	if err := b.dropLand(u, df.Before); err != nil {
		return s, nil, err
	}
	if err := b.endingGoesOn(); err != nil {
		return s, nil, err
	}
	return b.s, b.events, nil
}
