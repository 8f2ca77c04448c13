package referee

import (
	"fmt"
	"slices"

	"bfbot/referee/dice"
)

// Hidden infantry's choice (000 line 1052): revealed as the first enemy
// land unit enters its hex, it may attack at once, at its owner's choice.
// For a side in State.Asked the choice waits for its owner (an Ambush;
// nothing else happens in the battle until it is made, ResolveAmbush);
// any other side's hidden infantry attacks at once, the default (ruling
// M14).

// Ambush is a revealed hidden infantry unit whose owner chooses whether
// it close-assaults the unit that entered its hex.
type Ambush struct {
	Infantry string `json:"infantry"`
	Target   string `json:"target"`
}

// waitError refuses every action of side while a choice waits for its
// owner: an ambush, the fire at a dropping 'Mech, an AEP probe's target.
// The owner is told which choice; any other side only that the battle
// waits for the owner, since the choice may be the owner's secret (an
// AEP unit probing it, units able to fire at its drop; ruling SE7).
func (s *State) waitError(side string) error {
	if p, ok := s.waitFor(side); ok {
		return &refusal{p}
	}
	return nil
}

// waitFor is the sentence waitError refuses side's actions with, and
// whether a choice waits.
func (s *State) waitFor(side string) (phrase, bool) {
	var owner string
	var what phrase
	switch {
	case len(s.Ambushes) > 0:
		a := s.Ambushes[0]
		owner = s.unitSide(a.Infantry)
		what = phrase{"whether %s attacks %s (%s)", []any{a.Infantry, a.Target, bookCite{1052}}}
	case len(s.DropFires) > 0:
		f := s.DropFires[0]
		owner = f.Side
		what = phrase{"which of its units fire at dropping %s (%s)", []any{f.Mech, bookCite{741}}}
	case len(s.Probes) > 0:
		p := s.Probes[0]
		owner = s.unitSide(p.Unit)
		what = phrase{"which enemy unit %s probes (%s)", []any{p.Unit, bookCite{1342}}}
	default:
		return phrase{}, false
	}
	if side != owner {
		return phrase{"the battle waits for a choice of %s: it goes on once %s has answered, or the battle deadline takes the default", []any{s.sideName(owner), s.sideName(owner)}}, true
	}
	return phrase{"%s chooses first %s: the battle goes on once it has", []any{s.sideName(owner), what}}, true
}

func (s *State) unitSide(id string) string {
	if u := s.Unit(id); u != nil {
		return u.Side
	}
	return ""
}

// ResolveAmbush carries out the owner's choice for the waiting ambush of
// infantry: a close assault on the unit that entered, when both can
// still fight (000 lines 1013, 1053), or holding its fire.
func ResolveAmbush(s *State, infantry string, attack bool, d *dice.Dice) (*State, []Event, error) {
	i := slices.IndexFunc(s.Ambushes, func(a Ambush) bool { return a.Infantry == infantry })
	if i < 0 {
		return s, nil, illegal("%s has no attack to choose", infantry)
	}
	a := s.Ambushes[i]
	b := &battle{s: s.Clone(), d: d, side: s.unitSide(infantry)}
	b.s.Ambushes = slices.Delete(b.s.Ambushes, i, i+1)
	v, u := b.s.Unit(a.Infantry), b.s.Unit(a.Target)
	if !attack || !canAmbush(v, u) {
		b.emit(Event{Type: "hold_fire", Unit: v.ID, Hex: hexp(v.Hex), Text: fmt.Sprintf("%s holds its fire", v.ID)})
	} else if err := b.closeAssault(v, u); err != nil {
		return s, nil, err
	}
	if err := b.endingGoesOn(); err != nil {
		return s, nil, err
	}
	return b.s, b.events, nil
}

// canAmbush reports whether revealed infantry v can close-assault u, the
// enemy that entered its hex (and may have been pushed back out of a
// full hex since, ruling M12: the attack is the one made as it entered).
func canAmbush(v, u *Unit) bool {
	return v != nil && u != nil && v.Status == Active && !v.Disrupted && !v.Class.Info().NoCombat && u.Status == Active
}
