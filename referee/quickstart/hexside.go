package quickstart

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/mapgen/hex"
)

// The target's player's choice of hexside (002 line 197): where the line
// between two Units runs exactly along a hexside, the target's owner
// picks which of the two hexes the line passes through, and the choice
// holds for all attacks between the two Units for the rest of the turn.
// With State.AskHexside the declaration that meets such a line waits
// (State.Question): the target's side acts, answering ChooseHexside, or
// Done for the automatic pick (HexsideDefault); then the declaring side
// acts again, its attack declared if the chosen hexes let it be made.
// Without AskHexside, and for the AI, the automatic pick is made at once
// (ruling QS11).

// HexsideQuestion is the choice the target's side is asked: what both
// sides may know of it — the two Units and the hexes on each side of the
// line — not the declared attack's Element or overheat, which stay the
// attacker's (ruling QS19).
type HexsideQuestion struct {
	// Attacker and Target are the Units; AttackerSide declares.
	Attacker, Target string
	AttackerSide     int
	// Hexes are, for each Side of the line as seen from the attacker,
	// the hexes along it that the choice puts on the line.
	Hexes [2][]hex.Hex
}

// tieHexes are the hexes on each side of the line from a to t where it
// runs along hexsides.
func tieHexes(a, t hex.Hex) [2][]hex.Hex {
	var out [2][]hex.Hex
	v := t.Cube().Sub(a.Cube())
	for _, lh := range hex.Line(a, t) {
		if !lh.Tie() {
			continue
		}
		for _, h := range []hex.Hex{lh.Hex, lh.Alt} {
			if s, ok := sideOf(v, h.Cube().Sub(a.Cube())); ok {
				out[s] = append(out[s], h)
			}
		}
	}
	return out
}

// ask makes the target's side answer for attack at, which meets a line
// along hexsides not yet chosen this turn.
func (s *State) ask(at Attack) []Event {
	ai, ti := s.unit(at.Unit), s.unit(at.Target)
	a, t := s.Units[ai], s.Units[ti]
	s.Question = &HexsideQuestion{Attacker: a.ID, Target: t.ID, AttackerSide: a.Side, Hexes: tieHexes(a.Hex, t.Hex)}
	s.Pending = at
	s.Acting = t.Side
	return []Event{{Type: "hexside", Turn: s.Turn, Side: t.Side,
		Text: fmt.Sprintf("the line from %s to %s runs along hexsides: %s chooses which hexes lie along it", a.ID, t.ID, s.name(t.Side))}}
}

// answer records side as the target's choice for the question, gives
// the turn back to the declaring side and declares its attack if the
// choice lets it be made.
func (s *State) answer(side Side) ([]Event, error) {
	q, at := *s.Question, s.Pending
	if side > Right {
		return nil, illegal("side %d: choose left or right", side)
	}
	lo, hi, stored := q.Attacker, q.Target, side
	if lo > hi {
		lo, hi, stored = hi, lo, 1-side
	}
	s.Hexsides = append(s.Hexsides, HexsideChoice{lo, hi, stored})
	s.Question, s.Pending, s.Acting = nil, Attack{}, q.AttackerSide
	text := fmt.Sprintf("%s chooses the line from %s to %s to run through %s", s.name(1-q.AttackerSide), q.Attacker, q.Target, HexList(q.Hexes[side]))
	ev := []Event{{Type: "hexside", Turn: s.Turn, Side: 1 - q.AttackerSide, Text: text}}
	if _, err := s.declare(at); err != nil {
		ev = append(ev, Event{Type: "hexside", Turn: s.Turn, Side: q.AttackerSide,
			Text: fmt.Sprintf("with those hexes %s cannot attack %s: no line of sight, or outside its firing arc", q.Attacker, q.Target)})
	}
	return ev, nil
}

// HexList names hexes for a player: "0708 and 0809".
func HexList(hs []hex.Hex) string {
	s := ""
	for i, h := range hs {
		switch {
		case i == 0:
		case i == len(hs)-1:
			s += " and "
		default:
			s += ", "
		}
		s += h.String()
	}
	return s
}

// HexsideDefault is the automatic pick for the question waiting, the
// answer of the AI and of a missed deadline (ruling QS11): the side that
// denies the attack, else the other.
func HexsideDefault(s State) Action {
	if s.Question == nil {
		return Action{Kind: Done}
	}
	side := Left
	if HexsideBlocks(s)[Left] == "" {
		side = Right
	}
	return Action{Kind: ChooseHexside, Hexside: side}
}

// HexsideBlocks says, for each side of the line of the question waiting,
// what stops the waiting attack with that side's hexes along the line:
// woods on it, or the target outside the attacker's firing arc (002
// lines 197–215); "" where nothing does. It reads only the map and the
// two Units' hexes and facings, which both sides see (ruling QS19).
func HexsideBlocks(s State) [2]string {
	q := s.Question
	a, t := s.Units[s.unit(q.Attacker)], s.Units[s.unit(q.Target)]
	var out [2]string
	for side := Left; side <= Right; side++ {
		var why []string
		if !LineOfSight(s.Map, a.Hex, t.Hex, side) {
			woods := slices.DeleteFunc(slices.Clone(q.Hexes[side]), func(h hex.Hex) bool { return !s.Map.At(h).Terrain.IsWoods() })
			if len(woods) == 0 { // woods off the hexsides block either way
				why = append(why, "woods along the line")
			} else {
				why = append(why, "woods in "+HexList(woods))
			}
		}
		if !InFiringArc(a.Hex, a.Facing, t.Hex, side) {
			why = append(why, t.ID+" outside "+a.ID+"'s firing arc")
		}
		out[side] = strings.Join(why, ", ")
	}
	return out
}

// answerQuestion plays the asked side's action while a question waits:
// its choice, or Done for the automatic pick.
func (s *State) answerQuestion(a Action) ([]Event, error) {
	switch a.Kind {
	case Done:
		a = HexsideDefault(*s)
	case ChooseHexside:
	default:
		return nil, illegal("%s first chooses which hexes lie along the line from %s to %s (left: %s; right: %s)",
			s.name(s.Acting), s.Question.Attacker, s.Question.Target, HexList(s.Question.Hexes[Left]), HexList(s.Question.Hexes[Right]))
	}
	return s.answer(a.Hexside)
}
