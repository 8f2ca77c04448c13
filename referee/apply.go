package referee

import (
	"errors"
	"fmt"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/referee/dice"
)

// ErrIllegal is wrapped by every error that refuses an action because the
// rules forbid it; the message says which rule, in the player's words
// ("Hex 1212 costs 5 MP; A3 has 4 left").
var ErrIllegal = errors.New("illegal action")

// illegal returns an ErrIllegal with a sentence for the player. The
// sentence is formatted only when the error is read: ValidActions and the
// AI run the same checks on every candidate action and throw most
// refusals away unread. Pass values that do not change afterwards (IDs,
// numbers, hexes), not something the caller goes on to modify, and
// words that make no text until formatted: a citation as bookCite,
// bookSpan or setupCite, not cite's functions; counts and lists as the
// types below, not english's or strings' functions.
func illegal(format string, a ...any) error {
	return &refusal{phrase{format, a}}
}

// A refusal is the error illegal returns: ErrIllegal and the phrase of
// its sentence, formatted when read.
type refusal struct{ phrase }

func (r *refusal) Error() string {
	return ErrIllegal.Error() + ": " + r.String()
}

func (r *refusal) Unwrap() error { return ErrIllegal }

// A phrase is a format and its arguments, formatted when it is written:
// part of a refusal's sentence chosen before the refusal is made.
type phrase struct {
	format string
	args   []any
}

func (p phrase) String() string { return fmt.Sprintf(p.format, p.args...) }

// Words of refusals, for illegal to format only when they are read:
// bookCite, bookSpan and setupCite cite lines of the books as cite.Book
// (up to three lines; unused places are 0), cite.Span and cite.Setup
// (one or two lines) do, hexCount and unitCount count hexes and units as
// english.Counts and english.Count do, possessive is english.Possessive
// of a name, commaList lists names as strings.Join with ", " does,
// modeValue names the value an attack mode declares from ("ranged
// value"), and nightWoods is the note a blocked line of sight gets at
// night (000 line 2381). A citation of constant lines is an array of
// constants, which passes to illegal without being allocated.
type (
	bookCite   [3]int
	bookSpan   [2]int
	setupCite  [2]int
	hexCount   int
	unitCount  int
	possessive string
	commaList  []string
	modeValue  AttackMode
	nightWoods bool
)

func (c bookCite) String() string   { return cite.Book(citedLines(c[:])...) }
func (c bookSpan) String() string   { return cite.Span(c[0], c[1]) }
func (c setupCite) String() string  { return cite.Setup(citedLines(c[:])...) }
func (n hexCount) String() string   { return english.Counts(int(n), "hex", "hexes") }
func (n unitCount) String() string  { return english.Count(int(n), "unit") }
func (p possessive) String() string { return english.Possessive(string(p)) }
func (l commaList) String() string  { return strings.Join(l, ", ") }
func (m modeValue) String() string  { return AttackMode(m).String() + " value" }

func (n nightWoods) String() string {
	if !n {
		return ""
	}
	return "; at night light woods block as heavy woods do (" + cite.Book(2381) + ")"
}

// citedLines are a citation's lines, without the unused places (0) at
// its end.
func citedLines(lines []int) []int {
	for len(lines) > 0 && lines[len(lines)-1] == 0 {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// battle is the work of one Apply: the state to change (sharing the
// units it has not changed with the state before, State.own), the dice,
// and the events so far. Rules code changes b.s and calls emit and roll;
// Apply returns b.s only if nothing failed.
type battle struct {
	s      *State
	d      *dice.Dice
	side   string // the acting side
	events []Event
	// memo, when set, is the Legality of the state applied to, whose
	// memory the move search and the lines of sight work in
	// (Legality.Apply).
	memo *Legality
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
	return apply(s, a, d, nil)
}

// Apply is Apply(s, a, d) for the Legality's state s, done in the
// Legality's memory: the move search works in the tables validMoves
// works in, and an attack reads the lines of sight traced so far, rather
// than a move making tables as large as the map and an attack copying
// the map to lay its rubble on. The result is Apply's; Next carries the
// memory on to the state it returns.
func (q *Legality) Apply(a Action, d *dice.Dice) (*State, []Event, error) {
	return apply(q.s, a, d, q)
}

func apply(s *State, a Action, d *dice.Dice, memo *Legality) (*State, []Event, error) {
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
	// side may give up or offer to end the battle (V18).
	if s.Phase != PhaseDeploy && a.Kind != ActSurrender && a.Kind != ActTruce && s.PhasingSide().ID != a.Side {
		return s, nil, illegal("it is %s turn", possessive(s.PhasingSide().Name))
	}
	if a.Unit != "" {
		u := s.Unit(a.Unit)
		if u == nil || u.Side != a.Side {
			return s, nil, illegal("you have no unit %s", a.Unit)
		}
	}
	b := &battle{s: s.next(), d: d, side: a.Side, memo: memo}
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
	case ActTruce:
		err = b.truce()
	}
	if err != nil {
		return s, nil, err
	}
	b.truceHolds() // a side the truce waited for may have left the board (V18)
	b.s.building = nil
	return b.s, b.events, nil
}

// unit returns the acting side's unit (Apply has checked it exists).
func (b *battle) unit(id string) *Unit { return b.s.Unit(id) }

// moveScratch is the memory a move's search works in: the Legality's,
// when there is one (Legality.Apply), else its own (nil).
func (b *battle) moveScratch() *moveScratch {
	if b.memo == nil {
		return nil
	}
	if b.memo.moves == nil {
		b.memo.moves = &moveScratch{}
	}
	return b.memo.moves
}

// sightlines answers the lines of sight of an attack: the Legality's
// lines traced so far while the terrain is the one they were traced on,
// else lines of its own. (An attack traces its lines before its result
// makes any rubble; the check keeps that from mattering.)
func (b *battle) sightlines() *sightlines {
	if q := b.memo; q != nil && sameTerrain(q.s, b.s) {
		return q.sightlines()
	}
	return newSightlines(b.s)
}
