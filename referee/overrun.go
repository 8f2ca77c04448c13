package referee

import (
	"fmt"
	"slices"

	"bfbot/mapgen/hex"
)

// Overrun (000 lines 697–725): a ground unit that moves into a hex held by
// a single enemy unit, and has the MP to pay for it, tries to brush the
// defender aside. It reveals its Ranged Attack Value and the defender its
// Defensive Value; at 6 or more above it, the attack is resolved on the
// spot and a destroyed defender lets the unit move on. Anything else ends
// its move there; falling short of 6 also costs a Disruption Roll.

// OverrunMargin is how far the attacker's RA must top the defender's D for
// the overrun to go ahead (000 line 701).
const OverrunMargin = 6

// overrunCost is the Overrun Attack Table (000 line 709): the MP an
// attempt costs on top of entering the hex.
func overrunCost(e Experience) int {
	return [...]int{Green: 3, Regular: 2, Veteran: 1, Elite: 0}[min(e, Elite)]
}

// canOverrun reports whether the mover, having spent spent MP this move
// up to and including entering h, will try to overrun the enemy there, by
// what its side knows: the enemy is alone in the hex (000 line 699), has
// not already been tried by this unit this turn (000 line 705), and the
// unit has the MP for the attempt (000 line 707). Moving into such a hex
// with the MP to spare is an overrun attempt (ruling M7). Only ground
// units overrun or are overrun, and this is never a drop (000 line 719).
// An overrun is an attack resolved by the Combat rules (000 line 703),
// which a truck, having no combat ability (000 line 847), never makes: it
// may still enter the hex, where its move ends (000 line 626).
func (m *mover) canOverrun(h hex.Hex, spent int) bool {
	c := m.at(h)
	if c.enemies != 1 || c.stand != 1 || m.u.Class.Info().NoCombat {
		return false
	}
	def := m.s.Units[c.enemy]
	if slices.Contains(m.u.Overrun, def.ID) {
		return false
	}
	return spent+overrunCost(m.u.Experience) <= m.mp
}

// overrunTarget returns the defender u would overrun in its own hex now,
// by the units that really stand there: the one other unit, an active
// enemy ground unit it has not tried this turn. nil if there is none,
// and for a truck, which never overruns (canOverrun).
func overrunTarget(s *State, u *Unit) *Unit {
	if u.Class.Info().NoCombat {
		return nil
	}
	var def *Unit
	for i, v := range s.Units {
		if v.ID == u.ID || !v.Status.OnMap() || v.Hex != u.Hex {
			continue
		}
		if def != nil {
			return nil // not alone
		}
		def = s.own(i) // the overrun changes it
	}
	if def == nil || def.Side == u.Side || def.Status != Active || !def.Class.Ground() || slices.Contains(u.Overrun, def.ID) {
		return nil
	}
	return def
}

// overrun resolves u's overrun of def, in u's hex; the attempt's MP is
// paid here. It reports whether u may move on: only if def was destroyed
// and u is still fit to move (000 lines 703–705).
func (b *battle) overrun(u, def *Unit) (goOn bool, err error) {
	u.Overrun = append(u.Overrun, def.ID)
	u.MPLeft -= overrunCost(u.Experience)
	ra, d := u.Current().RA, def.Current().D
	b.emit(Event{Type: "overrun", Unit: u.ID, Attacker: u.ID, Target: def.ID, Hex: hexp(u.Hex),
		Value: intp(ra), Defense: intp(d),
		Text: fmt.Sprintf("%s tries to overrun %s at %s: RA %d against D %d", u.ID, def.ID, u.Hex, ra, d)})
	if ra-d < OverrunMargin {
		b.emit(Event{Type: "overrun_failed", Unit: u.ID, Target: def.ID, Hex: hexp(u.Hex),
			Text: fmt.Sprintf("%s's RA is not %d above %s's D: the overrun fails and %s stops", u.ID, OverrunMargin, def.ID, u.ID)})
		return false, b.disruptionRoll(u, "failed overrun")
	}
	// The attacker stands in the defender's hex: no terrain shift (ruling
	// M8); experience, and +2 on a disrupted defender (000 line 719).
	shifts := []int{ExperienceShift(u.Experience)}
	if def.Disrupted {
		shifts = append(shifts, DisruptedTargetShift)
	}
	e := Event{Attacker: u.ID, Mode: "overrun", Value: intp(ra), Defense: intp(d), Column: intp(Column(ra, d, shifts...))}
	if err := b.attackRoll(e, def); err != nil {
		return false, err
	}
	goOn = def.Status == Destroyed && u.Status == Active && !u.Disrupted
	if goOn {
		b.emit(Event{Type: "overrun_through", Unit: u.ID, Target: def.ID, Hex: hexp(u.Hex),
			Text: fmt.Sprintf("%s overruns %s and may move on", u.ID, def.ID)})
	}
	return goOn, nil
}

// overrunInPlace is a move to the unit's own hex: an overrun of the single
// enemy that shares it, as the Assault Lance of the book's example does
// (000 line 725; ruling M9). It costs only the Overrun Attack Table's MP.
func (b *battle) overrunInPlace(u *Unit, m *mover) error {
	def := overrunTarget(b.s, u)
	if def == nil {
		return illegal("%s is already in %s: a move to its own hex is an overrun, and there is no single enemy unit there it may overrun", u.ID, u.Hex)
	}
	if cost := overrunCost(u.Experience); cost > u.MPLeft {
		return illegal("an overrun costs %s %d MP; it has %d left (%s)", u.ID, cost, u.MPLeft, bookCite{707})
	}
	b.startMove(u, m)
	goOn, err := b.overrun(u, def)
	if err != nil {
		return err
	}
	u.RoadBonus = false
	if !goOn || m.jump {
		b.halt(u)
	}
	b.reportMP(u)
	return nil
}

// canOverrunInPlace reports whether a move to u's own hex is an overrun
// Apply accepts (for validMoves).
func canOverrunInPlace(s *State, u *Unit) bool {
	return overrunTarget(s, u) != nil && overrunCost(u.Experience) <= u.MPLeft
}
