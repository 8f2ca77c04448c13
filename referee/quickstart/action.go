package quickstart

import (
	"errors"
	"fmt"

	"bfbot/internal/english"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// ErrIllegal wraps every refusal of an action the rules forbid.
var ErrIllegal = errors.New("illegal action")

// illegal returns an ErrIllegal with a sentence for the player,
// formatted only when the error is read: ValidActions tries every move,
// placing and attack and throws most refusals away unread. Pass values
// that do not change afterwards, and words that make no text until
// formatted (possessive, hexCount), not english's functions.
func illegal(format string, args ...any) error {
	return &refusal{sentence{format, args}}
}

// A refusal is the error illegal returns: ErrIllegal and its sentence.
type refusal struct{ sentence }

func (r *refusal) Error() string { return ErrIllegal.Error() + ": " + r.sentence.Error() }

func (r *refusal) Unwrap() error { return ErrIllegal }

// errorf is fmt.Errorf, without %w, for the reasons a rule check gives
// that a refusal then quotes (ToHit, DeclareAttack): the sentence is
// formatted only when the error is read.
func errorf(format string, args ...any) error {
	return &sentence{format, args}
}

// A sentence is a format and its arguments, formatted when read.
type sentence struct {
	format string
	args   []any
}

func (e *sentence) Error() string { return fmt.Sprintf(e.format, e.args...) }

// Words of refusals, formatted only when the refusal is read: possessive
// is english.Possessive of a name, hexCount counts hexes as
// english.Counts does.
type (
	possessive string
	hexCount   int
)

func (p possessive) String() string { return english.Possessive(string(p)) }
func (n hexCount) String() string   { return english.Counts(int(n), "hex", "hexes") }

// ActionKind is what an action does.
type ActionKind uint8

// The actions of a Quick-Start battle so far.
const (
	// Move: a Unit moves along Path (the hexes it enters, in order; none
	// to stand still) and ends facing Facing (002 lines 104–112, 162).
	Move ActionKind = iota
	// Jump: a Unit jumps to the last hex of Path and lands facing Facing
	// (002 lines 134–154).
	Jump
	// Declare: in the Combat Phase, an Element declares its attack
	// (Action.Attack); the side's attacks are resolved when it is done.
	Declare
	// Done: the acting side ends its part of the phase; in the set-up,
	// it leaves the choice due to the bot (SetUpChoice).
	Done
	// ChooseHome: the set-up roll's winner chooses his home map edge,
	// Edge (002 line 570).
	ChooseHome
	// PlaceCounter: a side places the objective or Headquarters due in
	// the set-up, of kind Counter, in Path's one hex (002 lines 572–574).
	PlaceCounter
	// ChooseHexside: the target's side answers the question waiting
	// (State.Question): the hexes on side Hexside of the line lie along
	// it (002 line 197).
	ChooseHexside
	// ChooseOrder: the starting positions roll's winner chooses to set
	// up first (First) or second (002 line 578).
	ChooseOrder
	// PlaceUnit: in the set-up a side places Unit in Path's one hex of
	// its Deployment Zone, facing Facing (002 lines 520, 528, 578–582).
	PlaceUnit
)

var actionNames = [...]string{"move", "jump", "attack", "done", "home", "place", "hexside", "order", "place unit"}

func (k ActionKind) String() string {
	if int(k) < len(actionNames) {
		return actionNames[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// Action is one thing the acting side does.
type Action struct {
	Kind   ActionKind
	Unit   string
	Path   []hex.Hex
	Facing hex.Direction
	Attack Attack
	// Edge is ChooseHome's edge; Counter PlaceCounter's kind; Hexside
	// ChooseHexside's side; First ChooseOrder's choice, to set up first
	// (else second).
	Edge    referee.Edge
	Counter CounterKind
	Hexside Side
	First   bool
}

func (a Action) String() string {
	switch a.Kind {
	case Move, Jump:
		s := a.Kind.String() + " " + a.Unit
		for _, h := range a.Path {
			s += " " + h.String()
		}
		return s + " facing " + a.Facing.String()
	case Declare:
		return "attack " + a.Attack.String()
	case ChooseHome:
		return "home " + a.Edge.String()
	case ChooseHexside:
		return "hexside " + a.Hexside.String()
	case PlaceCounter:
		s := "place " + a.Counter.String()
		for _, h := range a.Path {
			s += " " + h.String()
		}
		return s
	case ChooseOrder:
		if a.First {
			return "order first"
		}
		return "order second"
	case PlaceUnit:
		s := "place " + a.Unit
		for _, h := range a.Path {
			s += " " + h.String()
		}
		return s + " facing " + a.Facing.String()
	}
	return a.Kind.String()
}

// Event is something that happened, for everyone: the Quick-Start rules
// have no hidden information so far.
type Event struct {
	Type string `json:"type"`
	Turn int    `json:"turn"`
	Side int    `json:"side"` // the side it concerns, -1 for none
	Text string `json:"text"`
	// Attack is the resolution of an attack event.
	Attack *AttackReport `json:"attack,omitempty"`
}

// AttackReport is what resolving one declared attack gave: the to-hit
// number (0 when no roll was made), the roll, and a hit's direction,
// damage and critical hits.
type AttackReport struct {
	Attack    Attack   `json:"declared"`
	ToHit     int      `json:"to_hit"`
	Roll      int      `json:"roll,omitempty"`
	Hit       bool     `json:"hit"`
	Aborted   bool     `json:"aborted,omitempty"`
	Direction string   `json:"direction,omitempty"`
	Damage    int      `json:"damage,omitempty"`
	Criticals []string `json:"criticals,omitempty"`
	Destroyed bool     `json:"destroyed,omitempty"`
}
