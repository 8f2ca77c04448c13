package campaign

import (
	"fmt"
	"slices"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Hidden infantry's choice (000 line 1051): revealed as an enemy enters
// its hex, it "may attack immediately if the player so chooses". A side
// whose players are asked (asks) chooses; the battle waits meanwhile
// (referee ambush.go). The default is the attack (ruling M14).

// DecideAmbush: revealed hidden infantry attacks the unit that entered
// its hex, or holds its fire.
const DecideAmbush DecisionKind = "ambush"

// askedSides are the sides of b whose players are asked the choices the
// rules give them in the middle of the other side's turn.
func (c *Campaign) askedSides(b *Battle) []string {
	var out []string
	for _, bs := range b.Sides {
		if c.asks(bs.Side, b) {
			out = append(out, bs.Side)
		}
	}
	return out
}

// askAmbushes asks the owner of each ambush waiting in b that is not yet
// asked.
func (c *Campaign) askAmbushes(b *Battle, d *dice.Dice) ([]referee.Event, error) {
	var all []referee.Event
	for _, a := range b.State.Ambushes {
		if slices.ContainsFunc(c.Decisions, func(x Decision) bool { return x.Kind == DecideAmbush && x.Battle == b.ID && x.Subject == a.Infantry }) {
			continue
		}
		v, u := b.State.Unit(a.Infantry), b.State.Unit(a.Target)
		evs, err := c.ask(Decision{Kind: DecideAmbush, Side: v.Side, Battle: b.ID, Subject: a.Infantry, Options: []string{"attack", "hold"}, Default: "attack",
			Question: fmt.Sprintf("Your hidden %s %s at %s is revealed as the enemy's %s enters. Does it close-assault %s now (the +5 column, then it takes two damage steps), or hold its fire? The battle waits for your answer.",
				v.Class, v.ID, v.Hex, u.ID, u.ID)}, d)
		if err != nil {
			return nil, err
		}
		all = append(all, evs...)
	}
	return all, nil
}

// ambush carries out the owner's answer.
func (c *Campaign) ambush(dec Decision, answer string, d *dice.Dice) ([]referee.Event, error) {
	b, err := c.openBattle(dec.Battle, dec.Side)
	if err != nil {
		return nil, err
	}
	st, evs, err := referee.ResolveAmbush(b.State, dec.Subject, answer == "attack", d)
	if err != nil {
		return nil, refusal(err)
	}
	b.State = st
	more, err := c.advanceBattle(b, evs, d)
	if err != nil {
		return nil, err
	}
	return append(evs, more...), nil
}

// IsAmbush matches the hidden-infantry decisions of one battle, for
// TakeDefaults: the AI playing a side's phase cannot wait for the other
// side's answer.
func IsAmbush(battle int) func(Decision) bool {
	return func(d Decision) bool { return d.Battle == battle && d.Kind == DecideAmbush }
}
