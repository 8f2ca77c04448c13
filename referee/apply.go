package referee

import (
	"errors"
	"fmt"

	"bfbot/internal/english"
	"bfbot/referee/dice"
)

// ErrIllegal is wrapped by every error that refuses an action because the
// rules forbid it; the message says which rule, in the player's words
// ("Hex 1212 costs 5 MP; A3 has 4 left").
var ErrIllegal = errors.New("illegal action")

// illegal returns an ErrIllegal with a sentence for the player.
func illegal(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrIllegal, fmt.Sprintf(format, a...))
}

// battle is the work of one Apply: a fresh copy of the state to change,
// the dice, and the events so far. Rules code changes b.s and calls emit
// and roll; Apply returns b.s only if nothing failed.
type battle struct {
	s      *State
	d      *dice.Dice
	side   string // the acting side
	events []Event
}

// emit records an event, stamped with the turn and the acting side.
func (b *battle) emit(e Event) {
	e.Turn = b.s.Turn
	if e.Side == "" {
		e.Side = b.side
	}
	b.events = append(b.events, e)
}

// roll throws n dice for purpose and records the roll as an event that
// audience may see (nil: everyone).
func (b *battle) roll(purpose string, n int, audience []string) (int, error) {
	r, err := b.d.Roll(purpose, n)
	if err != nil {
		return 0, err
	}
	b.emit(Event{Type: "roll", Dice: &r, Audience: audience})
	return r.Sum(), nil
}

// Apply carries out one action and returns the new state and what
// happened. The state passed in is never changed: on error it is still
// the current state, and the error says which rule forbids the action.
// Dice already thrown when an action fails (scripted dice running out)
// stay thrown; callers save the dice state with the battle state.
func Apply(s *State, a Action, d *dice.Dice) (*State, []Event, error) {
	if s.Phase == PhaseOver {
		return s, nil, illegal("the battle is over")
	}
	side := s.Side(a.Side)
	if side == nil {
		return s, nil, illegal("there is no side %q in this battle", a.Side)
	}
	if err := s.waitError(a.Side); err != nil {
		return s, nil, err
	}
	if a.Kind >= numActions {
		return s, nil, illegal("unknown action")
	}
	// Only the phasing side acts, except that every side deploys and any
	// side may give up.
	if s.Phase != PhaseDeploy && a.Kind != ActSurrender && s.PhasingSide().ID != a.Side {
		return s, nil, illegal("it is %s turn", english.Possessive(s.PhasingSide().Name))
	}
	if a.Unit != "" {
		u := s.Unit(a.Unit)
		if u == nil || u.Side != a.Side {
			return s, nil, illegal("you have no unit %s", a.Unit)
		}
	}
	b := &battle{s: s.Clone(), d: d, side: a.Side}
	var err error
	switch a.Kind {
	case ActDeploy:
		err = b.deploy(a)
	case ActMove:
		err = b.move(a)
	case ActOverburn:
		err = b.overburn(a)
	case ActAttack:
		err = b.attack(a)
	case ActRally:
		err = b.rally(a)
	case ActPickup:
		err = b.pickup(a)
	case ActWithdraw:
		err = b.withdraw(a)
	case ActRetreat:
		err = b.retreat()
	case ActSurrender:
		err = b.surrender()
	case ActEnd:
		err = b.end()
	case ActStrafe, ActBomb:
		err = b.airHexAttack(a, a.Kind == ActBomb)
	case ActDrop:
		err = b.declareDrop(a)
	case ActEmbark:
		err = b.embark(a)
	case ActDebark:
		err = b.debark(a)
	case ActLiftoff:
		err = b.liftoff(a)
	}
	if err != nil {
		return s, nil, err
	}
	return b.s, b.events, nil
}

// unit returns the acting side's unit (Apply has checked it exists).
func (b *battle) unit(id string) *Unit { return b.s.Unit(id) }
