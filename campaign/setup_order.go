package campaign

import (
	"fmt"
	"slices"

	"bfbot/internal/cite"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// The set-up order at contact (000 line 2629): a side whose battlegroup
// holds a prepared position sets up first; otherwise (or when both do)
// the initiative winner may have his opponent set up first, or both set
// up at once and in secret, the default (rulings CB2, DEC5). The side
// setting up second sees the first side's counters (referee
// setup_order.go).

// DecideSetup: the initiative winner has the opponent set up first, or
// both at once.
const DecideSetup DecisionKind = "setup"

// Answers of the set-up decision.
const (
	setupTogether = "together"
	setupOpponent = "opponent"
)

// orderSetup settles who sets up first in a new battle b (c changed in
// place): a lone prepared position, else the winner's choice.
func (c *Campaign) orderSetup(b *Battle, d *dice.Dice) error {
	var prepared []string
	for _, bs := range b.Sides {
		s := c.Side(bs.Side)
		if slices.ContainsFunc(bs.Battlegroups, func(id int) bool { return s.Battlegroup(id).Prepared }) {
			prepared = append(prepared, bs.Side)
		}
	}
	if len(prepared) == 1 {
		c.setSetupFirst(b, prepared[0], "holds a prepared position and ")
		return nil
	}
	winner, other := b.Sides[0].Side, b.Sides[1].Side
	_, err := c.ask(Decision{Kind: DecideSetup, Side: winner, Battle: b.ID, Options: []string{setupTogether, setupOpponent}, Default: setupTogether,
		Question: fmt.Sprintf("As the initiative winner in battle %d you may have %s set up first: its units are placed, then yours, seeing its counters. Or both sides set up together, in secret. Which?",
			b.ID, c.Side(other).Name)}, d)
	return err
}

// chooseSetup carries out the winner's answer.
func (c *Campaign) chooseSetup(dec Decision, answer string) error {
	b := c.Battle(dec.Battle)
	if b == nil || b.Over || b.State == nil || b.State.Phase != referee.PhaseDeploy {
		return errorf("battle %d has already started: the set-up is over", dec.Battle)
	}
	if answer == setupOpponent {
		c.setSetupFirst(b, c.Enemy(dec.Side).ID, "")
	}
	return nil
}

// setSetupFirst makes side set up first in b, announced to both sides
// (why is what the announcement says before "sets up first").
func (c *Campaign) setSetupFirst(b *Battle, side, why string) {
	cr := *b.State.Campaign // shared between states: copied, never changed
	cr.SetupFirst = side
	b.State.Campaign = &cr
	c.emit(Event{Step: "contact", Type: "setup_order", Sector: b.Sector, Battle: b.ID, Side: side,
		Text: fmt.Sprintf("battle %d: %s %ssets up first (%s)", b.ID, c.Side(side).Name, why, cite.Book(2629))})
}

// SetupOrder lists b's sides in the order they set up: the side that
// sets up first, then the others.
func SetupOrder(st *referee.State) []string {
	var out []string
	if st.Campaign != nil && st.Campaign.SetupFirst != "" {
		out = append(out, st.Campaign.SetupFirst)
	}
	for _, sd := range st.Sides {
		if !slices.Contains(out, sd.ID) {
			out = append(out, sd.ID)
		}
	}
	return out
}

// DeployWait says why side may not deploy in b now: the set-up order is
// still to be chosen, or the other side sets up first.
func (c *Campaign) DeployWait(b *Battle, side string) error {
	for _, dec := range c.Decisions {
		if dec.Battle == b.ID && dec.Kind == DecideSetup && dec.Side == side {
			return errorf("first choose who sets up first in battle %d (%s): answer decision %d", b.ID, cite.Book(2629), dec.ID)
		}
		if dec.Battle == b.ID && dec.Kind == DecideSetup {
			return errorf("%s is choosing who sets up first in battle %d (%s): deploy once it has (the battle deadline takes the default, both at once)", c.Side(dec.Side).Name, b.ID, cite.Book(2629))
		}
	}
	return refusal(b.State.SetupWait(side))
}
