package quickstart

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/mapgen"
	"bfbot/referee/dice"
)

// NewBattle starts a battle on m between two sides with these Units
// placed, and rolls the first turn's Initiative. sides are the sides'
// IDs, names their names as the players read them (empty: the IDs).
func NewBattle(m *mapgen.Map, sides, names [2]string, units []UnitState, d *dice.Dice) (State, []Event, error) {
	s := State{Map: m, Sides: sides, Names: names, Units: slices.Clone(units), Turn: 1, Winner: -1}
	slices.SortFunc(s.Units, func(a, b UnitState) int { return strings.Compare(a.ID, b.ID) })
	s = s.Clone()
	if errs := s.Check(); len(errs) > 0 {
		return State{}, nil, fmt.Errorf("the battle cannot start: %w", errs[0])
	}
	ev, err := s.rollInitiative(d)
	if err != nil {
		return State{}, nil, err
	}
	return s, ev, nil
}

// rollInitiative rolls 2D6 a side, ties rolled again; the lower loses and
// acts first (002 lines 70–72).
func (s *State) rollInitiative(d *dice.Dice) ([]Event, error) {
	for {
		a, err := d.TwoD6("initiative " + s.Sides[0])
		if err != nil {
			return nil, err
		}
		b, err := d.TwoD6("initiative " + s.Sides[1])
		if err != nil {
			return nil, err
		}
		if a == b {
			continue
		}
		s.Loser = 0
		if a > b {
			s.Loser = 1
		}
		s.Phase, s.Acting = MovementPhase, s.Loser
		for i := range s.Units {
			s.Units[i].Moved = false
		}
		return []Event{{Type: "initiative", Turn: s.Turn, Side: 1 - s.Loser,
			Text: fmt.Sprintf("turn %d: %s %d, %s %d; %s wins the initiative", s.Turn, s.name(0), a, s.name(1), b, s.name(1-s.Loser))}}, nil
	}
}

// done ends the acting side's part of the phase: the loser's turn passes
// to the winner, the winner's ends the phase; the Combat Phase's end is
// the End Phase and the next turn's Initiative (002 lines 76–94).
func (s *State) done(d *dice.Dice) ([]Event, error) {
	var ev []Event
	if s.Phase == MovementPhase && s.Turn == 1 {
		var err error
		if ev, err = s.enterRest(); err != nil {
			return nil, err
		}
	}
	if s.Phase == CombatPhase {
		var err error
		if ev, err = s.resolveAttacks(d); err != nil {
			return nil, err
		}
	}
	if s.Acting == s.Loser {
		s.Acting = 1 - s.Loser
		return ev, nil
	}
	if s.Phase == MovementPhase {
		s.Phase, s.Acting = CombatPhase, s.Loser
		return ev, nil
	}
	ev = append(ev, s.endPhase()...)
	s.Hexsides = nil
	if s.Phase == Over {
		return ev, nil
	}
	s.Turn++
	more, err := s.rollInitiative(d)
	return append(ev, more...), err
}

// endPhase applies the End Phase to every Element (002 lines 454–476),
// removes destroyed Elements from play (they stay on the record, marked
// destroyed), holds and captures counters, and ends the battle when a
// side has no Element left (002 lines 532, 594: a draw when both are gone
// at once), has lost every counter (ruling QS14), or the turn limit is
// reached (ruling QS16).
func (s *State) endPhase() []Event {
	ev := s.holdCounters()
	alive := [2]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		for j := range u.Elements {
			if u.Elements[j].Destroyed {
				u.Elements[j].Removed = true
			} else {
				u.Elements[j] = u.Elements[j].EndPhase()
			}
		}
		if u.Alive() {
			alive[u.Side] = true
		}
	}
	text := ""
	switch {
	case !alive[0] && !alive[1]:
		s.Winner, text = -1, "the battle ends in a draw"
	case !alive[0] || !alive[1]:
		s.Winner = 0
		if alive[1] {
			s.Winner = 1
		}
		text = s.name(s.Winner) + " wins: the enemy is destroyed"
	case s.allCaptured(0) != s.allCaptured(1):
		// The second way to win the Veteran scenario (002 line 589).
		s.Winner = 1
		if s.allCaptured(1) {
			s.Winner = 0
		}
		text = s.name(s.Winner) + " wins: every enemy objective and headquarters is captured"
	case s.TurnLimit > 0 && s.Turn >= s.TurnLimit:
		// The third way to win (002 lines 590, 598): the most victory
		// points when the game ends, here at the scenario's turn limit
		// (ruling QS16).
		vp := [2]int{s.VictoryPoints(0), s.VictoryPoints(1)}
		switch {
		case vp[0] > vp[1]:
			s.Winner = 0
		case vp[1] > vp[0]:
			s.Winner = 1
		default:
			s.Winner = -1
		}
		text = fmt.Sprintf("turn %d was the last: %s %d victory points, %s %d", s.Turn, s.name(0), vp[0], s.name(1), vp[1])
		if s.Winner >= 0 {
			text += "; " + s.name(s.Winner) + " wins"
		} else {
			text += "; a draw"
		}
	default:
		return ev
	}
	s.Phase = Over
	return append(ev, Event{Type: "battle-over", Turn: s.Turn, Side: s.Winner, Text: text})
}
