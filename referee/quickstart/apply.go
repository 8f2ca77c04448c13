package quickstart

import (
	"fmt"
	"slices"

	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Apply plays action a for the acting side and returns the new State and
// what happened. It refuses an illegal action with an error wrapping
// ErrIllegal and leaves s unchanged either way.
func Apply(s State, a Action, d *dice.Dice) (State, []Event, error) {
	if s.Phase == Over {
		return s, nil, illegal("the battle is over")
	}
	n := s.Clone()
	if s.Phase == SetUpPhase {
		ev, err := n.setUpAct(a, d)
		if err != nil {
			return s, nil, err
		}
		return n, ev, nil
	}
	if s.Question != nil {
		ev, err := n.answerQuestion(a)
		if err != nil {
			return s, nil, err
		}
		return n, ev, nil
	}
	switch a.Kind {
	case ChooseHexside:
		return s, nil, illegal("no choice of hexes is waiting")
	case ChooseHome, PlaceCounter, ChooseOrder, PlaceUnit:
		return s, nil, illegal("the set-up is over: game turn %d has begun", s.Turn)
	case Done:
		ev, err := n.done(d)
		if err != nil {
			return s, nil, err
		}
		return n, ev, nil
	case Declare:
		if s.Phase != CombatPhase {
			return s, nil, illegal("attacks are declared in the Combat Phase, and this is the %v phase", s.Phase)
		}
		ev, err := n.declare(a.Attack)
		if err != nil {
			return s, nil, err
		}
		return n, ev, nil
	case Move, Jump:
		if s.Phase != MovementPhase {
			return s, nil, illegal("units move in the Movement Phase, and this is the %v phase", s.Phase)
		}
		ui := s.unit(a.Unit)
		switch {
		case ui < 0:
			return s, nil, illegal("there is no unit %q", a.Unit)
		case s.Units[ui].Side != s.Acting:
			return s, nil, illegal("unit %s is %s, and %s is moving now", a.Unit, possessive(s.name(s.Units[ui].Side)), s.name(s.Acting))
		case !s.Units[ui].Alive():
			return s, nil, illegal("unit %s is destroyed", a.Unit)
		case s.Units[ui].Moved:
			return s, nil, illegal("unit %s has already moved this turn", a.Unit)
		}
		to, err := s.checkMove(ui, a)
		if err != nil {
			return s, nil, err
		}
		u := &n.Units[ui]
		from := u.Hex.String()
		if u.OffBoard {
			from = "the " + s.Home[u.Side].String() + " edge"
		}
		u.Hex, u.Facing, u.Moved, u.OffBoard = to, a.Facing, true, false
		ev := []Event{{Type: a.Kind.String(), Turn: s.Turn, Side: u.Side,
			Text: fmt.Sprintf("%s %ss from %s to %s, facing %v", u.ID, a.Kind, from, to, a.Facing)}}
		return n, append(ev, n.occupy(ui, to)...), nil
	}
	return s, nil, illegal("unknown action %v", a.Kind)
}

// ValidActions lists every action Apply accepts now: in the Movement
// Phase each unmoved Unit of the acting side to every hex it can reach
// (by the cheapest ground path, and by jumping) with each facing, and
// Done; in the Combat Phase every attack an Element of the acting side
// may declare, at each overheat it may use, and Done.
func ValidActions(s State) []Action {
	if s.Phase == Over {
		return nil
	}
	if s.Phase == SetUpPhase {
		return s.setUpActions()
	}
	if s.Question != nil {
		return []Action{{Kind: ChooseHexside, Hexside: Left}, {Kind: ChooseHexside, Hexside: Right}, {Kind: Done}}
	}
	var out []Action
	if s.Phase == MovementPhase {
		for ui, u := range s.Units {
			if u.Side != s.Acting || u.Moved || !u.Alive() {
				continue
			}
			paths := s.groundPaths(ui)
			ends := make([]hex.Hex, 0, len(paths))
			for h := range paths {
				ends = append(ends, h)
			}
			slices.SortFunc(ends, func(a, b hex.Hex) int {
				if lessHex(a, b) {
					return -1
				}
				if a == b {
					return 0
				}
				return 1
			})
			for _, h := range ends {
				if s.checkLanding(ui, h) != nil {
					continue
				}
				for _, f := range hex.Directions {
					if ground, jump := UnitMP(u.Elements); ground > 0 || jump > 0 || f == u.Facing {
						out = append(out, Action{Kind: Move, Unit: u.ID, Path: paths[h], Facing: f})
					}
				}
			}
			if _, jump := UnitMP(u.Elements); jump > 0 {
				for _, h := range s.jumpTargets(ui, jump) {
					if (h == u.Hex && !u.OffBoard) || s.checkLanding(ui, h) != nil {
						continue
					}
					for _, f := range hex.Directions {
						out = append(out, Action{Kind: Jump, Unit: u.ID, Path: []hex.Hex{h}, Facing: f})
					}
				}
			}
		}
	}
	if s.Phase == CombatPhase {
		out = append(out, s.validAttacks()...)
	}
	return append(out, Action{Kind: Done})
}

func (s State) validAttacks() []Action {
	var out []Action
	for _, u := range s.Units {
		if u.Side != s.Acting {
			continue
		}
		for ei := range u.Elements {
			e, ok := u.element(ei)
			if !ok || e.Fired || e.Shutdown {
				continue
			}
			for _, t := range s.Units {
				if t.Side == s.Acting {
					continue
				}
				for ti := range t.Elements {
					for oh := 0; oh <= e.MaxOverheat(); oh++ {
						at := Attack{Unit: u.ID, Element: ei, Target: t.ID, TargetElement: ti, Overheat: oh}
						c := s
						c.Hexsides = slices.Clone(s.Hexsides)
						if _, _, err := c.checkAttack(at); err == nil {
							out = append(out, Action{Kind: Declare, Attack: at})
						}
					}
				}
			}
		}
	}
	return out
}
