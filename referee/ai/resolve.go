package ai

import (
	"errors"
	"fmt"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// maxActionsPerTurn bounds one player turn: a Player always ends its
// phases, so reaching it means a bug, which AutoResolve reports.
const maxActionsPerTurn = 2000

// AutoResolve plays a started battle to its end with a Player for each
// side (a Normal player, seed 0, for a side players lacks), or until game
// turn maxTurns is over, when referee.EndBattle counts the victory points
// as they stand (a cap on the run, which the players are not told of:
// AutoResolveLimit plays to a limit that is a rule of the battle). It
// returns the final state and every event, in order.
// State.Check runs after every Apply: a broken invariant, or an action
// Apply refuses, is returned as an error with the state reached so far.
func AutoResolve(s *referee.State, d *dice.Dice, players map[string]*Player, maxTurns int) (*referee.State, []referee.Event, error) {
	return AutoResolveWith(s, d, players, maxTurns, nil)
}

// After is called by AutoResolveWith after every action, with the state
// before and after it; it may change the battle (a campaign's morale
// checks at the end of a game turn) and returns the state to go on from
// and its own events.
type After func(prev, next *referee.State) (*referee.State, []referee.Event, error)

// AutoResolveWith is AutoResolve with a hook run after every action
// (nil: none).
func AutoResolveWith(s *referee.State, d *dice.Dice, players map[string]*Player, maxTurns int, after After) (*referee.State, []referee.Event, error) {
	return autoResolve(s, d, players, maxTurns, after, false)
}

// AutoResolveLimit is AutoResolveWith for a battle that ends after game
// turn limit by a rule the battle's own rules do not carry: an
// auto-resolved campaign battle's 20 turns (ruling CB4). The rule is
// public, so the players play to it as to a turn limit of the battle's
// own, and the battle ends sooner, as a game turn starts, once nothing
// can change its result before the limit (ruling V17,
// referee.Settle).
func AutoResolveLimit(s *referee.State, d *dice.Dice, players map[string]*Player, limit int, after After) (*referee.State, []referee.Event, error) {
	return autoResolve(s, d, players, limit, after, true)
}

// autoResolve is AutoResolveWith; with ruled, AutoResolveLimit.
func autoResolve(s *referee.State, d *dice.Dice, players map[string]*Player, maxTurns int, after After, ruled bool) (*referee.State, []referee.Event, error) {
	if s == nil {
		return nil, nil, errors.New("auto-resolve: no battle")
	}
	if s.Phase == referee.PhaseDeploy {
		return s, nil, errors.New("auto-resolve: the battle has not started: deploy every unit and call referee.Start first")
	}
	if players == nil {
		players = map[string]*Player{}
	}
	for _, sd := range s.Sides {
		if players[sd.ID] == nil {
			players[sd.ID] = New(sd.ID, Normal, 0)
		}
	}
	for _, p := range players {
		if ruled {
			p.limit = maxTurns
		}
	}
	var all []referee.Event
	actions, turnKey, settledKey := 0, -1, -1
	for s.Phase != referee.PhaseOver {
		if s.Turn > maxTurns {
			next, events, err := referee.EndBattle(s, fmt.Sprintf("game turn %d is over", maxTurns))
			if err != nil {
				return s, all, fmt.Errorf("auto-resolve: %w", err)
			}
			return next, append(all, events...), nil
		}
		if s.PlayerTurn != turnKey {
			turnKey, actions = s.PlayerTurn, 0
		}
		// Ruling V17 with CB4's limit, which the battle's rules do not
		// carry: asked as each game turn starts.
		if ruled && s.Turn != settledKey {
			settledKey = s.Turn
			next, events, ended, err := referee.Settle(s, maxTurns)
			if err != nil {
				return s, all, fmt.Errorf("auto-resolve: %w", err)
			}
			if ended {
				return next, append(all, events...), nil
			}
		}
		side := s.PhasingSide().ID
		a := players[side].Next(s)
		if actions++; actions > maxActionsPerTurn {
			return s, all, fmt.Errorf("auto-resolve: %s took more than %d actions in turn %d", side, maxActionsPerTurn, s.Turn)
		}
		next, events, err := players[side].cache.apply(s, a, d) // referee.Apply, in the player's memory
		if err != nil {
			return s, all, fmt.Errorf("auto-resolve: turn %d, %s %v: %w", s.Turn, side, a, err)
		}
		all = append(all, events...)
		for _, p := range players {
			p.Observe(events)
		}
		if errs := next.Check(); len(errs) > 0 {
			return next, all, fmt.Errorf("auto-resolve: turn %d after %s %v: %w", s.Turn, side, a, errors.Join(errs...))
		}
		if after != nil {
			if next, events, err = after(s, next); err != nil {
				return s, all, fmt.Errorf("auto-resolve: turn %d after %s %v: %w", s.Turn, side, a, err)
			}
			all = append(all, events...)
		}
		s = next
	}
	return s, all, nil
}
