package command

import (
	"context"
	"fmt"
	"strings"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// The players' decisions (campaign/decision.go): each is asked by direct
// message to the deciding side's players, with a button per answer, and
// answered with /battle decide or /campaign decide (the same command
// under the two names a player looks for). Without an answer the
// deadline takes the default.

var decideOptions = []Option{
	{Name: "decision", Description: "the decision's number (without it: your side's waiting decisions)", Type: Integer},
	{Name: "answer", Description: `your answer, e.g. second, keep, north, "A3 A7", or default (without it: the question again)`},
}

func (g *Registry) decideCommands() []*entry {
	spec := func(name string) *entry {
		return &entry{spec: Spec{Name: name, Sub: "decide", Description: "answer a decision the rules give your side (move order, set-up order, fire at drops, hidden infantry, AEP probe, retreat edge, captured units, repair); alone, lists them (secret)",
			Who: Player, Options: decideOptions}, scope: campaignScope, run: g.decide}
	}
	return []*entry{spec("battle"), spec("campaign")}
}

func (g *Registry) decide(ctx context.Context, x *call) ([]Reply, error) {
	if x.side == nil {
		return nil, userf("%s only a side's player answers its decisions", refusedWho)
	}
	if x.c.QuickStart != nil {
		return g.quickStartDecide(ctx, x)
	}
	id, ok := x.integer("decision")
	if !ok {
		return []Reply{x.private(decisionListText(x.c, x.side.ID))}, nil
	}
	dec := x.c.Decision(x.side.ID, id)
	if dec == nil {
		return nil, userf("decision:%d: none such is waiting for %s. %s", id, x.side.Name, decisionListText(x.c, x.side.ID))
	}
	answer := x.str("answer")
	if answer == "" {
		// The question again, with its buttons, for the caller alone.
		return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Text: decisionText(*dec), Buttons: decisionButtons(x.c.ID, *dec)}}, nil
	}
	return g.applyBattle(ctx, x, dec.Battle, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		return withLog(c)(campaign.Decide(c, x.side.ID, id, answer, d))
	})
}

// decisionListText lists side's waiting decisions with how to answer.
func decisionListText(c *campaign.Campaign, side string) string {
	decs := campaign.DecisionsFor(c, side)
	if len(decs) == 0 {
		return "No decision is waiting for your side."
	}
	var b strings.Builder
	b.WriteString("Waiting for your side's answer:")
	for _, d := range decs {
		fmt.Fprintf(&b, "\n%s", decisionText(d))
	}
	return b.String()
}

// decisionText is one decision's question with how to answer it.
func decisionText(d campaign.Decision) string {
	answers := strings.Join(d.Options, ", ")
	deadline := "the order deadline (the upkeep)"
	if d.Battle > 0 {
		deadline = fmt.Sprintf("battle %d's deadline", d.Battle)
	}
	if d.Multiple() {
		answers = fmt.Sprintf(`units from %s in order, e.g. answer:"%s", or none`, answers, d.Options[0])
	}
	return fmt.Sprintf("Decision %d: %s Answer with /campaign decide decision:%d answer:… (%s). Without an answer by %s: %s.",
		d.ID, d.Question, d.ID, answers, deadline, d.Default)
}

// DecisionPrompts asks the players of each side the decisions made since
// decision Seq since (campaign.Campaign.NextDecision before the change),
// by direct message with a button per answer: secret to the side.
func DecisionPrompts(c *campaign.Campaign, since int) []Reply {
	var out []Reply
	for _, d := range c.Decisions {
		if d.Seq < since {
			continue
		}
		s := c.Side(d.Side)
		if s == nil {
			continue
		}
		for _, p := range s.Players {
			out = append(out, Reply{To: DM, User: p, Campaign: c.ID, Battle: int64(d.Battle), Text: decisionText(d), Buttons: decisionButtons(c.ID, d)})
		}
	}
	return out
}

// maxDecisionButtons bounds a question's buttons (two rows); with more
// answers only the default has one, the others are typed.
const maxDecisionButtons = 10

// decisionButtons are a decision's answers as buttons: one per option,
// the default marked; one naming several units (repair, fire at a drop)
// has its default and none.
func decisionButtons(campaignID int64, d campaign.Decision) []Button {
	answers := d.Options
	switch {
	case d.Multiple():
		answers = []string{campaign.AnswerDefault, campaign.AnswerNone}
	case len(answers) > maxDecisionButtons:
		answers = []string{d.Default}
	}
	var buttons []Button
	for _, a := range answers {
		label := a
		switch {
		case a == campaign.AnswerDefault:
			// The default of a many-unit answer is its list of units.
			label = "default: " + d.Default
		case a == d.Default:
			label += " (default)"
		}
		buttons = append(buttons, button(label, false, ButtonID{Action: ButtonDecide, Campaign: campaignID, Args: []string{fmt.Sprint(d.ID), a}})...)
	}
	return buttons
}
