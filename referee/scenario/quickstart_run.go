package scenario

import (
	"errors"
	"fmt"

	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
)

// QuickStartOutput receives what a Quick-Start run produces, in order.
type QuickStartOutput struct {
	Event   func(quickstart.Event)
	Command func(QuickStartCommand)
}

func (out QuickStartOutput) emit(events []quickstart.Event) {
	if out.Event != nil {
		for _, e := range events {
			out.Event(e)
		}
	}
}

// Run plays the scenario with dice d: it rolls the first Initiative,
// or plays the set-up (the sides' own /battle place lines, the bot's
// choices where a side has none left, rulings QS18 and QS23),
// then plays the file's commands in order, a side with a player in
// players being played by it instead (its commands skipped, its set-up
// choices the bot's). It stops at
// the first command the rules refuse, with a *QuickStartCommandError.
// When the battle is still going as the commands run out, or when turn
// maxTurns (if over 0) is over, it stops with a "stopped" event: the
// battle has no result.
func (qs *QuickStart) Run(d *dice.Dice, out QuickStartOutput, players [2]*qsai.Player, maxTurns int) (quickstart.State, error) {
	s, events, err := qs.Begin(d, qs.OnBoard)
	if err != nil {
		return s, fmt.Errorf("the battle cannot start: %w", err)
	}
	out.emit(events)
	var setUp [2][]QuickStartCommand
	var cmds []QuickStartCommand
	for _, c := range qs.Commands {
		switch {
		case players[c.Side] != nil:
		case IsSetUpAction(c.Action):
			setUp[c.Side] = append(setUp[c.Side], c)
		default:
			cmds = append(cmds, c)
		}
	}
	// The set-up: each side's own choices, in its order, taken at its
	// turn to choose; the bot's where it has none left, or where its
	// next line makes another kind of choice (rulings QS18, QS23).
	for s.Phase == quickstart.SetUpPhase {
		a, err := quickstart.SetUpChoice(s)
		if err != nil {
			return s, fmt.Errorf("the set-up: %w", err)
		}
		c := (*QuickStartCommand)(nil)
		if own := setUp[s.Acting]; len(own) > 0 && own[0].Action.Kind == a.Kind {
			c, a = &own[0], own[0].Action
			setUp[s.Acting] = own[1:]
			if out.Command != nil {
				out.Command(*c)
			}
		}
		next, events, err := quickstart.Apply(s, a, d)
		if err == nil {
			if errs := next.Check(); len(errs) > 0 {
				err = fmt.Errorf("internal error: the rules left a broken state: %w", errors.Join(errs...))
			}
		}
		if err != nil {
			if c != nil {
				return s, &QuickStartCommandError{*c, err}
			}
			return s, fmt.Errorf("the set-up, the bot's %v: %w", a, err)
		}
		s = next
		out.emit(events)
	}
	for side, left := range setUp {
		if len(left) > 0 {
			return s, &QuickStartCommandError{left[0], fmt.Errorf("%s has no set-up choice of this kind left to make", qs.Sides[side].ID)}
		}
	}
	actions, turn := 0, s.Turn
	for s.Phase != quickstart.Over {
		if maxTurns > 0 && s.Turn > maxTurns {
			out.emit([]quickstart.Event{stopped(s, fmt.Sprintf("turn %d is over", maxTurns))})
			return s, nil
		}
		var a quickstart.Action
		var c *QuickStartCommand
		if p := players[s.Acting]; p != nil {
			if s.Turn != turn {
				turn, actions = s.Turn, 0
			}
			if actions++; actions > maxActionsPerTurn {
				return s, fmt.Errorf("the AI for %s took more than %d actions in turn %d", s.Sides[s.Acting], maxActionsPerTurn, s.Turn)
			}
			a = p.Next(s)
		} else {
			if len(cmds) == 0 {
				out.emit([]quickstart.Event{stopped(s, fmt.Sprintf("the scenario's commands ran out in turn %d", s.Turn))})
				return s, nil
			}
			c = &cmds[0]
			cmds = cmds[1:]
			if out.Command != nil {
				out.Command(*c)
			}
			if c.Side != s.Acting {
				return s, &QuickStartCommandError{*c, fmt.Errorf("it is %s's %v phase, not %s's", s.Sides[s.Acting], s.Phase, s.Sides[c.Side])}
			}
			a = c.Action
		}
		next, events, err := quickstart.Apply(s, a, d)
		if err == nil {
			if errs := next.Check(); len(errs) > 0 {
				err = fmt.Errorf("internal error: the rules left a broken state: %w", errors.Join(errs...))
			}
		}
		if err != nil {
			if c != nil {
				return s, &QuickStartCommandError{*c, err}
			}
			return s, fmt.Errorf("the AI for %s, turn %d, %v: %w", s.Sides[s.Acting], s.Turn, a, err)
		}
		s = next
		out.emit(events)
	}
	return s, nil
}

func stopped(s quickstart.State, why string) quickstart.Event {
	return quickstart.Event{Type: "stopped", Turn: s.Turn, Side: -1, Text: why + ": the battle stops without a result"}
}

// QuickStartCommandError is a command of the file that the rules refused
// (or that failed for want of dice): the run stops there.
type QuickStartCommandError struct {
	Command QuickStartCommand
	Err     error
}

func (e *QuickStartCommandError) Error() string { return fmt.Sprintf("%v: %v", e.Command, e.Err) }

func (e *QuickStartCommandError) Unwrap() error { return e.Err }
