package scenario

import (
	"errors"
	"fmt"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Output receives what a scenario run produces, in order.
type Output struct {
	// Event gets every event, die rolls included, in the order they
	// happened; nil to ignore them.
	Event func(referee.Event)
	// Command, when set, gets each command just before it is played.
	Command func(Command)
}

// CommandError is a command of the file that the referee refused (or
// that failed for want of dice): the run stops there.
type CommandError struct {
	Command Command
	Err     error
}

func (e *CommandError) Error() string { return fmt.Sprintf("%v: %v", e.Command, e.Err) }

func (e *CommandError) Unwrap() error { return e.Err }

// Run plays the scenario with the dice d: it announces the deployment,
// starts the battle, plays the commands in order and returns the final
// state. It stops at the first command the referee refuses, with a
// *CommandError naming the file's line, after reporting the events so far.
// A battle still going when the commands run out is ended there and its
// victory points counted as they stand (ruling V11), so every run ends
// with a battle_end event.
func (sc *Scenario) Run(d *dice.Dice, out Output) (*referee.State, error) {
	s, err := sc.begin(d, out)
	if err != nil {
		return s, err
	}
	for _, c := range sc.Commands {
		if s, err = sc.play(s, c, d, out); err != nil {
			return s, err
		}
	}
	if s.Phase != referee.PhaseOver {
		next, events, err := referee.EndBattle(s, fmt.Sprintf("the scenario's commands ran out in turn %d", s.Turn))
		if err != nil {
			return s, err
		}
		s = next
		out.emit(events)
	}
	return s, nil
}

// emit passes events to the output, if it wants them.
func (out Output) emit(events []referee.Event) {
	if out.Event != nil {
		for _, e := range events {
			out.Event(e)
		}
	}
}

// begin announces the deployment, rolls for the initiative when the file
// names no side to move first (000 line 564), and starts the battle.
func (sc *Scenario) begin(d *dice.Dice, out Output) (*referee.State, error) {
	out.emit(sc.deployed)
	s := sc.Setup
	if sc.rollInitiative {
		next, events, err := referee.RollInitiative(s, d)
		if err != nil {
			return s, fmt.Errorf("rolling for the initiative: %w", err)
		}
		s = next
		out.emit(events)
	}
	s, events, err := referee.StartWithDice(s, d)
	if err != nil {
		return sc.Setup, fmt.Errorf("the battle cannot start: %w", err)
	}
	out.emit(events)
	return s, nil
}

// play applies one command of the file: a refusal, or a state that fails
// its invariants, is a *CommandError naming the file's line.
func (sc *Scenario) play(s *referee.State, c Command, d *dice.Dice, out Output) (*referee.State, error) {
	if out.Command != nil {
		out.Command(c)
	}
	next, events, err := referee.Apply(s, c.Action, d)
	if err != nil {
		return s, &CommandError{Command: c, Err: err}
	}
	if errs := next.Check(); len(errs) > 0 {
		return s, &CommandError{Command: c, Err: fmt.Errorf("internal error: the referee left a broken state: %w", errors.Join(errs...))}
	}
	out.emit(events)
	return next, nil
}
