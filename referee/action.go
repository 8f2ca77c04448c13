package referee

import (
	"fmt"
	"strconv"
	"strings"

	"bfbot/mapgen/hex"
)

// ActionKind names what a player does.
type ActionKind uint8

// The actions of a tactical battle.
const (
	ActDeploy    ActionKind = iota // deploy UNIT HEX
	ActMove                        // move UNIT HEX [HEX…]: to a hex by the cheapest path, or along the given path
	ActOverburn                    // overburn UNIT: declared before the unit moves (000 line 689)
	ActAttack                      // attack UNIT TARGET [ranged|close|assault] [value N] [observer UNIT]
	ActRally                       // rally UNIT HEX: a broken unit tries to return (12 on 2D6)
	ActPickup                      // pickup UNIT: take the salvage counters in its hex
	ActWithdraw                    // withdraw UNIT: leave the map by the side's retreat edge
	ActRetreat                     // retreat: the side declares it breaks off the engagement
	ActSurrender                   // surrender: the side gives up the battle
	ActEnd                         // end: end the current phase
	ActStrafe                      // strafe UNIT HEX: an air lance strafes a hex (000 line 1134)
	ActBomb                        // bomb UNIT HEX: an air lance drops its bomb load (000 line 1144)
	ActDrop                        // drop UNIT HEX: declare a 'Mech drop or DropShip landing (000 lines 735, 1214)
	ActEmbark                      // embark UNIT DROPSHIP: a unit goes inside a friendly DropShip (000 line 1257)
	ActDebark                      // debark UNIT HEX: a unit leaves its DropShip (000 line 1253)
	ActLiftoff                     // liftoff UNIT: a DropShip leaves the battle upward (ruling DR16)
	ActTruce                       // truce: the side offers to end the battle as it stands, or accepts the enemy's offer (ruling V18)
	numActions
)

var actionNames = [numActions]string{"deploy", "move", "overburn", "attack", "rally", "pickup", "withdraw", "retreat", "surrender", "end", "strafe", "bomb", "drop", "embark", "debark", "liftoff", "truce"}

func (k ActionKind) String() string {
	if k < numActions {
		return actionNames[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// AttackMode is how a unit attacks (000 lines 809–837, 1013).
type AttackMode uint8

// The attack modes.
const (
	Ranged AttackMode = iota
	Close
	// CloseAssault is infantry's attack in its own hex on the +5 column
	// (000 line 1013).
	CloseAssault
)

var modeNames = [...]string{"ranged", "close", "assault"}

func (m AttackMode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("AttackMode(%d)", uint8(m))
}

// ParseAttackMode reads ranged, close or assault.
func ParseAttackMode(s string) (AttackMode, error) {
	for i, n := range modeNames {
		if n == s {
			return AttackMode(i), nil
		}
	}
	return 0, fmt.Errorf("attack mode %q: use ranged, close or assault (infantry close assault)", s)
}

// Action is one thing a side does in a battle. Its text form reads like
// the game: "move A3 0807", "attack A1 B1 close", "attack F1 B1 ranged
// value 9 observer A1".
type Action struct {
	Kind ActionKind
	Side string // the acting side's ID
	Unit string
	// To is the destination of deploy, move and rally; Path, when given,
	// is the exact route of a move (excluding the start, ending at To).
	To   hex.Hex
	Path []hex.Hex
	// Attack: the target, the mode, a declared value lower than the unit's
	// best (0 = full strength, 000 line 849) and the forward observer for
	// indirect fire.
	Target   string
	Mode     AttackMode
	Value    int
	Observer string
}

// String writes the action in its text form, without the side.
func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Kind.String())
	switch a.Kind {
	case ActDeploy, ActRally, ActStrafe, ActBomb, ActDrop, ActDebark:
		fmt.Fprintf(&b, " %s %s", a.Unit, a.To)
	case ActEmbark:
		fmt.Fprintf(&b, " %s %s", a.Unit, a.Target)
	case ActMove:
		fmt.Fprintf(&b, " %s", a.Unit)
		if len(a.Path) == 0 {
			fmt.Fprintf(&b, " %s", a.To)
		}
		for _, h := range a.Path {
			fmt.Fprintf(&b, " %s", h)
		}
	case ActOverburn, ActPickup, ActWithdraw, ActLiftoff:
		fmt.Fprintf(&b, " %s", a.Unit)
	case ActAttack:
		fmt.Fprintf(&b, " %s %s %s", a.Unit, a.Target, a.Mode)
		if a.Value > 0 {
			fmt.Fprintf(&b, " value %d", a.Value)
		}
		if a.Observer != "" {
			fmt.Fprintf(&b, " observer %s", a.Observer)
		}
	}
	return b.String()
}

// ParseAction reads the text form of an action (the side is set by the
// caller). Errors say what was expected.
func ParseAction(s string) (Action, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty action: say one of %s", strings.Join(actionNames[:], ", "))
	}
	var a Action
	kind := -1
	for i, n := range actionNames {
		if n == f[0] {
			kind = i
		}
	}
	if kind < 0 {
		return Action{}, fmt.Errorf("unknown action %q: say one of %s", f[0], strings.Join(actionNames[:], ", "))
	}
	a.Kind = ActionKind(kind)
	usage := map[ActionKind]string{
		ActDeploy: "deploy UNIT HEX", ActMove: "move UNIT HEX [HEX…]", ActOverburn: "overburn UNIT",
		ActAttack: "attack UNIT TARGET [ranged|close|assault] [value N] [observer UNIT]", ActRally: "rally UNIT HEX",
		ActPickup: "pickup UNIT", ActWithdraw: "withdraw UNIT", ActRetreat: "retreat", ActSurrender: "surrender", ActEnd: "end",
		ActStrafe: "strafe UNIT HEX", ActBomb: "bomb UNIT HEX",
		ActDrop: "drop UNIT HEX", ActEmbark: "embark UNIT DROPSHIP", ActDebark: "debark UNIT HEX", ActLiftoff: "liftoff UNIT", ActTruce: "truce",
	}[a.Kind]
	wrong := func() (Action, error) { return Action{}, fmt.Errorf("%q: write it as %s", s, usage) }
	args := f[1:]
	switch a.Kind {
	case ActRetreat, ActSurrender, ActEnd, ActTruce:
		if len(args) != 0 {
			return wrong()
		}
	case ActOverburn, ActPickup, ActWithdraw, ActLiftoff:
		if len(args) != 1 {
			return wrong()
		}
		a.Unit = args[0]
	case ActEmbark:
		if len(args) != 2 {
			return wrong()
		}
		a.Unit, a.Target = args[0], args[1]
	case ActDeploy, ActRally, ActStrafe, ActBomb, ActDrop, ActDebark:
		if len(args) != 2 {
			return wrong()
		}
		a.Unit = args[0]
		h, err := hex.Parse(args[1])
		if err != nil {
			return Action{}, err
		}
		a.To = h
	case ActMove:
		if len(args) < 2 {
			return wrong()
		}
		a.Unit = args[0]
		for _, t := range args[1:] {
			h, err := hex.Parse(t)
			if err != nil {
				return Action{}, err
			}
			a.Path = append(a.Path, h)
		}
		a.To = a.Path[len(a.Path)-1]
		if len(a.Path) == 1 {
			a.Path = nil // a destination: the cheapest legal path
		}
	case ActAttack:
		if len(args) < 2 {
			return wrong()
		}
		a.Unit, a.Target = args[0], args[1]
		rest := args[2:]
		if len(rest) > 0 && rest[0] != "value" && rest[0] != "observer" {
			m, err := ParseAttackMode(rest[0])
			if err != nil {
				return Action{}, err
			}
			a.Mode, rest = m, rest[1:]
		}
		for len(rest) > 0 {
			if len(rest) < 2 {
				return wrong()
			}
			switch rest[0] {
			case "value":
				v, err := strconv.Atoi(rest[1])
				if err != nil || v < 1 {
					return Action{}, fmt.Errorf("declared value %q: a whole number of 1 or more", rest[1])
				}
				a.Value = v
			case "observer":
				a.Observer = rest[1]
			default:
				return wrong()
			}
			rest = rest[2:]
		}
	}
	return a, nil
}

// MarshalText implements encoding.TextMarshaler (without the side).
func (a Action) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (a *Action) UnmarshalText(b []byte) error {
	v, err := ParseAction(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}
