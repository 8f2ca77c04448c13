package campaign

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Decisions the book leaves to the players (rulings DEC1–DEC6): the
// initiative winner moves first or second (000 line 564) and may have his
// opponent set up first (line 2629; setup_order.go), revealed hidden
// infantry attacks or holds its fire (line 1052; ambush.go), an AEP unit
// picks the enemy it probes (lines 1342–1353) and a side the units that
// fire at a dropping 'Mech (lines 741–743; ambush.go), a retreating
// side names its edge and with it the sector it falls back into (lines
// 2655–2659), a captor keeps or scraps a captured unit (line 970), a side
// chooses which damaged units the turn's repair mends (line 2665). Each
// is a pending Decision in the campaign, asked at the moment the book
// asks it and visible only to the deciding side; the side answers it
// (Decide), or its default, the answer the AI gives, is taken when the
// deadline passes (TakeDefaults) or at once when no player plays the side
// or the AI fights the battle.

// DecisionKind says what a decision is about.
type DecisionKind string

// The decisions.
const (
	// DecideInitiative: the initiative winner moves first or second.
	DecideInitiative DecisionKind = "initiative"
	// DecideRetreat: the edge a retreating side withdraws by.
	DecideRetreat DecisionKind = "retreat"
	// DecideCaptured: keep a captured unit in service or break it up.
	DecideCaptured DecisionKind = "captured"
	// DecideRepair: which damaged units the turn's repair mends.
	DecideRepair DecisionKind = "repair"
)

// Decision is a question waiting for a side's answer.
type Decision struct {
	// ID is the number the side answers it by, counted per side (from
	// 1): a number counted over every side would tell a player, by its
	// gaps, that the others were asked something meanwhile (ruling SE6).
	ID int `json:"id"`
	// Seq is its place among every side's decisions (from 1; 0 for one
	// stored before decisions were numbered per side): what was asked
	// since a change (DecisionPrompts).
	Seq  int          `json:"seq,omitempty"`
	Kind DecisionKind `json:"kind"`
	// Side decides; no other side learns that the question was asked.
	Side string `json:"side"`
	// Battle is the battle it belongs to (0: the campaign's upkeep); its
	// deadline is that battle's phase deadline, else the order deadline.
	Battle int `json:"battle,omitempty"`
	// Subject is the unit a captured-unit decision is about.
	Subject  string `json:"subject,omitempty"`
	Question string `json:"question"`
	// Options are the answers; a Multiple one names any of them, in
	// order (or "none").
	Options []string `json:"options"`
	Default string   `json:"default"`
}

// Answers that every decision takes.
const (
	// AnswerDefault takes the decision's default.
	AnswerDefault = "default"
	// AnswerNone: a repair that mends nothing this turn.
	AnswerNone = "none"
)

// DecisionsFor lists the decisions waiting for side, oldest first.
func DecisionsFor(c *Campaign, side string) []Decision {
	var out []Decision
	for _, d := range c.Decisions {
		if d.Side == side {
			out = append(out, d)
		}
	}
	return out
}

// Decision returns side's pending decision with the given ID, or nil.
func (c *Campaign) Decision(side string, id int) *Decision {
	for i := range c.Decisions {
		if c.Decisions[i].Side == side && c.Decisions[i].ID == id {
			return &c.Decisions[i]
		}
	}
	return nil
}

// ask records a question for dec.Side (changing c in place), or, when
// nobody is to be asked (asks), takes its default at once.
func (c *Campaign) ask(dec Decision, d *dice.Dice) ([]referee.Event, error) {
	if !c.asks(dec.Side, c.Battle(dec.Battle)) {
		return c.answer(dec, dec.Default, d)
	}
	c.pose(dec)
	return nil, nil
}

// asks reports whether side's players are asked a decision of battle b
// (nil for none): not when no player plays the side, nor when the AI
// fights the battle.
func (c *Campaign) asks(side string, b *Battle) bool {
	s := c.Side(side)
	return s != nil && len(s.Players) > 0 && (b == nil || !b.Auto)
}

// pose records dec as waiting and returns its new ID: the next of its
// side's numbers (past any waiting one), and the next Seq.
func (c *Campaign) pose(dec Decision) int {
	c.NextDecision = max(c.NextDecision, 1)
	dec.Seq = c.NextDecision
	c.NextDecision++
	s := c.Side(dec.Side)
	n := s.DecisionsAsked
	for _, d := range DecisionsFor(c, dec.Side) {
		n = max(n, d.ID)
	}
	dec.ID = n + 1
	s.DecisionsAsked = dec.ID
	c.Decisions = append(c.Decisions, dec)
	return dec.ID
}

// Decide answers side's decision id with answer (an option, "default",
// or for a repair unit IDs in order or "none").
func Decide(c *Campaign, side string, id int, answer string, d *dice.Dice) (*Campaign, []referee.Event, error) {
	dec := c.Decision(side, id)
	if dec == nil {
		return nil, nil, errorf("decision:%d: %s has no such decision waiting: %s", id, side, decisionList(c, side))
	}
	answer = strings.TrimSpace(answer)
	if strings.EqualFold(answer, AnswerDefault) {
		answer = dec.Default
	}
	if err := dec.check(answer); err != nil {
		return nil, nil, err
	}
	n := c.Clone()
	evs, err := n.settle(*dec, answer, false, d)
	if err != nil {
		return nil, nil, err
	}
	return n, evs, nil
}

// TakeDefaults answers every waiting decision that match accepts with its
// default: a deadline has passed, or the AI fights the battle.
func TakeDefaults(c *Campaign, match func(Decision) bool, d *dice.Dice) (*Campaign, []referee.Event, error) {
	if !slices.ContainsFunc(c.Decisions, match) {
		return c, nil, nil
	}
	n := c.Clone()
	evs, err := n.takeDefaults(match, d)
	if err != nil {
		return nil, nil, err
	}
	return n, evs, nil
}

// InBattle matches the decisions of one battle, for TakeDefaults.
func InBattle(battle int) func(Decision) bool {
	return func(d Decision) bool { return d.Battle == battle }
}

// takeDefaults is TakeDefaults on c in place.
func (c *Campaign) takeDefaults(match func(Decision) bool, d *dice.Dice) ([]referee.Event, error) {
	var all []referee.Event
	for _, dec := range slices.Clone(c.Decisions) {
		if !match(dec) {
			continue
		}
		evs, err := c.settle(dec, dec.Default, true, d)
		if err != nil {
			return nil, err
		}
		all = append(all, evs...)
	}
	return all, nil
}

// settle takes dec off the list and carries out the answer. A default
// the rules no longer allow (a retreat after the side's turn ended) is
// dropped with a note; a player's answer they refuse is an error.
func (c *Campaign) settle(dec Decision, answer string, byDefault bool, d *dice.Dice) ([]referee.Event, error) {
	c.Decisions = slices.DeleteFunc(c.Decisions, func(x Decision) bool { return x.Side == dec.Side && x.ID == dec.ID })
	how := "you chose"
	if byDefault {
		// At the deadline, or at once when the AI plays on (DEC6).
		how = "the default was taken:"
	}
	// The turn's digest files the note with the step it belongs to.
	step := "battle"
	if dec.Kind == DecideRepair {
		step = "repair"
	}
	evs, err := c.answer(dec, answer, d)
	var refused *Error
	if err != nil && byDefault && errors.As(err, &refused) {
		c.emit(Event{Step: step, Type: "decision", Audience: secret(dec.Side), Side: dec.Side, Battle: dec.Battle,
			Text: fmt.Sprintf("decision %d lapsed: %s", dec.ID, refused.Msg)})
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c.emit(Event{Step: step, Type: "decision", Audience: secret(dec.Side), Side: dec.Side, Battle: dec.Battle,
		Text: fmt.Sprintf("decision %d (%s): %s %s", dec.ID, strings.ReplaceAll(string(dec.Kind), "_", " "), how, answer)})
	return evs, nil
}

// Multiple reports whether the decision's answer names any of its
// options, in order, or none (repair, fire at a drop).
func (dec *Decision) Multiple() bool { return dec.Kind == DecideRepair || dec.Kind == DecideDropFire }

// check refuses an answer the decision does not take.
func (dec *Decision) check(answer string) error {
	if dec.Multiple() {
		if answer == AnswerNone {
			return nil
		}
		seen := map[string]bool{}
		for _, id := range strings.Fields(answer) {
			if !slices.Contains(dec.Options, id) {
				return errorf("answer: %s is not one of %s; name units from them, in order, or none", id, strings.Join(dec.Options, ", "))
			}
			if seen[id] {
				return errorf("answer: %s is named twice; name each unit once", id)
			}
			seen[id] = true
		}
		if len(seen) == 0 {
			return errorf("answer: name units from %s, in order, or none", strings.Join(dec.Options, ", "))
		}
		return nil
	}
	if !slices.Contains(dec.Options, answer) {
		return errorf("answer:%s: decision %d takes %s (or default: %s)", answer, dec.ID, strings.Join(dec.Options, ", "), dec.Default)
	}
	return nil
}

// answer carries out an answer on c in place.
func (c *Campaign) answer(dec Decision, answer string, d *dice.Dice) ([]referee.Event, error) {
	switch dec.Kind {
	case DecideInitiative:
		return c.chooseOrder(dec, answer, d)
	case DecideRetreat:
		return c.declareRetreat(dec, answer, d)
	case DecideAmbush, DecideProbe, DecideDropFire:
		return c.choose(dec, answer, d)
	case DecideSetup:
		return nil, c.chooseSetup(dec, answer)
	case DecideCaptured:
		return nil, c.keepOrScrap(dec, answer)
	case DecideRepair:
		s := c.Side(dec.Side)
		s.RepairChosen, s.RepairOrder = true, nil
		if answer != AnswerNone {
			s.RepairOrder = strings.Fields(answer)
		}
		return nil, nil
	}
	return nil, fmt.Errorf("decision %d: unknown kind %q", dec.ID, dec.Kind)
}

// waiting reports whether a decision of kind is waiting in battle.
func (c *Campaign) waiting(battle int, kind DecisionKind) bool {
	return slices.ContainsFunc(c.Decisions, func(d Decision) bool { return d.Battle == battle && d.Kind == kind })
}

// decisionList names side's waiting decisions, for a refusal.
func decisionList(c *Campaign, side string) string {
	var ids []string
	for _, d := range DecisionsFor(c, side) {
		ids = append(ids, fmt.Sprint(d.ID))
	}
	if len(ids) == 0 {
		return "none is waiting"
	}
	return "waiting: " + strings.Join(ids, ", ")
}
