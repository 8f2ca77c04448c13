package campaign

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Choices in the middle of a turn: hidden infantry revealed as an enemy
// enters its hex may attack at once if its owner wishes (000 line 1052;
// default: the attack, ruling M14), and an AEP unit reads one enemy unit
// a sighting phase (lines 1342–1353; default: the nearest, ruling S5),
// and the fire at a dropping 'Mech is optional (lines 741–743; default:
// all that may, ruling DR6). A side whose players are asked (asks)
// chooses; the battle waits meanwhile (referee ambush.go,
// probe_choice.go, drop_fire_choice.go).

// DecideAmbush: revealed hidden infantry attacks the unit that entered
// its hex, or holds its fire. DecideProbe: which enemy unit an AEP unit
// reads this sighting phase (000 lines 1342–1353; the default, the
// nearest, is ruling S5's).
// DecideDropFire: which units fire at a dropping 'Mech as it lands (000
// lines 741–743; the default, every unit that may, is ruling DR6's).
const (
	DecideAmbush   DecisionKind = "ambush"
	DecideProbe    DecisionKind = "probe"
	DecideDropFire DecisionKind = "drop_fire"
)

// askedSides are the sides of b whose players are asked the choices the
// rules give them in the middle of a turn, in the battle's side order.
func (c *Campaign) askedSides(b *Battle) []string {
	var out []string
	for _, sd := range b.State.Sides {
		if c.asks(sd.ID, b) {
			out = append(out, sd.ID)
		}
	}
	return out
}

// askChoices asks the owner of each choice waiting in b (ambushes, AEP
// probes, fire at drops) that is not yet asked.
func (c *Campaign) askChoices(b *Battle, d *dice.Dice) ([]referee.Event, error) {
	var decs []Decision
	for _, a := range b.State.Ambushes {
		v, u := b.State.Unit(a.Infantry), b.State.Unit(a.Target)
		decs = append(decs, Decision{Kind: DecideAmbush, Side: v.Side, Battle: b.ID, Subject: a.Infantry, Options: []string{"attack", "hold"}, Default: "attack",
			Question: fmt.Sprintf("Your hidden %s %s at %s is revealed as the enemy's %s enters. Does it close-assault %s now (the +5 column, then it takes two damage steps), or hold its fire? The battle waits for your answer.",
				v.Class, v.ID, v.Hex, u.ID, u.ID)})
	}
	for _, p := range b.State.Probes {
		a := b.State.Unit(p.Unit)
		decs = append(decs, Decision{Kind: DecideProbe, Side: a.Side, Battle: b.ID, Subject: p.Unit, Options: slices.Clone(p.Targets), Default: p.Targets[0],
			Question: fmt.Sprintf("Your AEP unit %s at %s may probe one enemy unit this sighting phase, reading its values: %s (nearest first). Which? The battle waits for your answer.",
				a.ID, a.Hex, joinStrings(p.Targets))})
	}
	for _, f := range b.State.DropFires {
		decs = append(decs, Decision{Kind: DecideDropFire, Side: f.Side, Battle: b.ID, Subject: f.Mech, Options: slices.Clone(f.Shooters), Default: strings.Join(f.Shooters, " "),
			Question: fmt.Sprintf("The enemy's %s drops onto %s. Which of your units fire at it as it lands (each once this segment, free of its own attack later): %s? Name them, or none. The battle waits for your answer.",
				f.Mech, b.State.Unit(f.Mech).Hex, joinStrings(f.Shooters))})
	}
	var all []referee.Event
	for _, dec := range decs {
		if slices.ContainsFunc(c.Decisions, func(x Decision) bool { return x.Kind == dec.Kind && x.Battle == b.ID && x.Subject == dec.Subject }) {
			continue
		}
		evs, err := c.ask(dec, d)
		if err != nil {
			return nil, err
		}
		all = append(all, evs...)
	}
	return all, nil
}

// choose carries out the owner's answer to an ambush or a probe.
func (c *Campaign) choose(dec Decision, answer string, d *dice.Dice) ([]referee.Event, error) {
	b, err := c.openBattle(dec.Battle, dec.Side)
	if err != nil {
		return nil, err
	}
	var st *referee.State
	var evs []referee.Event
	switch dec.Kind {
	case DecideProbe:
		st, evs, err = referee.ResolveProbe(b.State, dec.Subject, answer, d)
	case DecideDropFire:
		var shooters []string
		if answer != AnswerNone {
			shooters = strings.Fields(answer)
		}
		st, evs, err = referee.ResolveDropFire(b.State, dec.Subject, shooters, d)
	default:
		st, evs, err = referee.ResolveAmbush(b.State, dec.Subject, answer == "attack", d)
	}
	return c.follow(b, st, evs, err, d)
}

// MidTurn matches the choices of one battle asked in the middle of a
// turn (ambushes, probes, fire at drops), for TakeDefaults: the AI playing a side's
// phase cannot wait for an answer.
func MidTurn(battle int) func(Decision) bool {
	return func(d Decision) bool {
		return d.Battle == battle && (d.Kind == DecideAmbush || d.Kind == DecideProbe || d.Kind == DecideDropFire)
	}
}

func joinStrings(s []string) string { return strings.Join(s, ", ") }
