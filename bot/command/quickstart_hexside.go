package command

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// The target's player's choice of hexes along a line that runs along
// hexsides (Quick-Start rules, line of sight; ruling QS11): a battle
// started on Discord or in the console asks him (State.AskHexside). The
// question goes by direct message to the target side's players, with a
// button per answer, and is answered with /battle decide (or /campaign
// decide) decision:1 answer:left|right|default, or a hex of the side
// chosen; the AI's side, and a missed deadline, take the automatic pick.
// The question names the two Units and the hexes, which both sides see
// at the table; the declared attack waiting for it stays the attacker's.

// hexsideDecision is the number a Quick-Start question is answered by:
// only one waits at a time.
const hexsideDecision = 1

// hexsideText is the question with how to answer it.
func hexsideText(c *campaign.Campaign, q *quickstart.HexsideQuestion) string {
	return fmt.Sprintf("Decision %d, battle %d: the line from %s to your %s runs exactly between hexes, and you choose which lie along it for every attack between the two this turn (%s): left, %s, or right, %s. Answer with /battle decide decision:%d answer:left or answer:right (or a hex of the side). Without an answer by the battle's deadline: %s, the automatic pick.",
		hexsideDecision, c.QuickStart.ID, q.Attacker, q.Target, cite.QuickStart(197), quickstart.HexList(q.Hexes[quickstart.Left]), quickstart.HexList(q.Hexes[quickstart.Right]),
		hexsideDecision, quickstart.HexsideDefault(c.QuickStart.State).Hexside)
}

// hexsidePrompts asks the target side's players the question the events
// raised, by direct message with a button per answer.
func hexsidePrompts(c *campaign.Campaign, evs []quickstart.Event) []Reply {
	q := c.QuickStart.State.Question
	if q == nil || len(evs) == 0 || evs[len(evs)-1].Type != "hexside" {
		return nil
	}
	s := c.Side(c.QuickStart.State.Sides[1-q.AttackerSide])
	if s == nil {
		return nil
	}
	var buttons []Button
	for _, a := range []string{"left", "right"} {
		buttons = append(buttons, button(a, false, ButtonID{Action: ButtonDecide, Campaign: c.ID, Args: []string{fmt.Sprint(hexsideDecision), a}})...)
	}
	var out []Reply
	for _, p := range s.Players {
		out = append(out, Reply{To: DM, User: p, Campaign: c.ID, Battle: int64(c.QuickStart.ID), Text: hexsideText(c, q), Buttons: buttons})
	}
	return out
}

// quickStartDecide is /battle decide (or /campaign decide) in a
// Quick-Start battle: alone, the question waiting for the caller's side;
// with an answer, the choice.
func (g *Registry) quickStartDecide(ctx context.Context, x *call) ([]Reply, error) {
	s := x.c.QuickStart.State
	q := s.Question
	if q == nil || s.Sides[1-q.AttackerSide] != x.side.ID {
		return []Reply{x.private("No decision is waiting for your side.")}, nil
	}
	id, ok := x.integer("decision")
	answer := strings.ToLower(strings.TrimSpace(x.str("answer")))
	switch {
	case !ok || answer == "":
		return []Reply{x.private(hexsideText(x.c, q))}, nil
	case id != hexsideDecision:
		return nil, userf("decision:%d: none such is waiting for %s. %s", id, x.side.Name, hexsideText(x.c, q))
	}
	a := quickstart.Action{Kind: quickstart.ChooseHexside}
	switch answer {
	case "left":
	case "right":
		a.Hexside = quickstart.Right
	case campaign.AnswerDefault:
		a = quickstart.HexsideDefault(s)
	default:
		h, err := hex.Parse(answer)
		side := -1
		for i, hs := range q.Hexes {
			for _, x := range hs {
				if err == nil && x == h {
					side = i
				}
			}
		}
		if side < 0 {
			return nil, userf("answer:%s: answer left (%s), right (%s), default, or one of those hexes", answer, quickstart.HexList(q.Hexes[quickstart.Left]), quickstart.HexList(q.Hexes[quickstart.Right]))
		}
		a.Hexside = quickstart.Side(side)
	}
	evs, logged, err := g.quickStartUpdate(ctx, x, x.update, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []quickstart.Event, error) {
		return campaign.QuickStartAct(c, x.side.ID, a, d)
	})
	if err != nil {
		return nil, err
	}
	return append(QuickStartReplies(x.c, evs), EventReplies(x.c, logged)...), nil
}

// hexsideWait refuses a command while the question waits: the declaring
// side waits for the answer, the asked side is told how to give it.
func (x *call) hexsideWait(s quickstart.State) error {
	q := s.Question
	switch {
	case q == nil:
		return nil
	case s.Sides[q.AttackerSide] == x.side.ID:
		return userf("your attack waits: %s chooses which hexes lie along the line from %s to %s", x.c.SideName(s.Sides[1-q.AttackerSide]), q.Attacker, q.Target)
	case x.Sub != "end":
		return userf("first choose which hexes lie along the line from %s to %s: %s", q.Attacker, q.Target, hexsideText(x.c, q))
	}
	return nil
}

// hexsideWarning tells the attacker, in an attack's preview, that the
// line to the target runs along hexsides (s, the battle as the
// declaration would leave it, waits on the question): the hexes on each
// side, whether the attack may be made with each, and that the target's
// side chooses — or, played by the AI, takes the automatic pick. Only
// the map and the two Units' hexes and facings go into it, which both
// sides see (ruling QS19). The to-hit number is the same either way:
// woods along the line block the attack (002 line 205), only the
// target's own hex modifies it (002 line 332).
func hexsideWarning(c *campaign.Campaign, s quickstart.State) string {
	q := s.Question
	blocks := quickstart.HexsideBlocks(s)
	var choices [2]string
	for side, why := range blocks {
		choices[side] = fmt.Sprintf("%s (%s): the attack may be made", quickstart.Side(side), quickstart.HexList(q.Hexes[side]))
		if why != "" {
			choices[side] = fmt.Sprintf("%s (%s): no attack (%s)", quickstart.Side(side), quickstart.HexList(q.Hexes[side]), why)
		}
	}
	either := ""
	switch {
	case blocks[quickstart.Left] == "" && blocks[quickstart.Right] == "":
		either = " The to-hit number is the same either way."
	case blocks[quickstart.Left] != "" && blocks[quickstart.Right] != "":
		either = " Either way the attack cannot be made."
	}
	target := s.Sides[1-q.AttackerSide]
	pick := quickstart.HexsideDefault(s).Hexside
	who := fmt.Sprintf("%s player chooses; your declaration waits for the answer, and without one by the battle's deadline the automatic pick, %s, is taken", english.Possessive(c.SideName(target)), pick)
	if slices.Contains(aiSides(c), target) {
		who = fmt.Sprintf("%s is played by the AI, which takes the automatic pick at once: %s", c.SideName(target), pick)
	}
	return fmt.Sprintf("Warning: the line from %s to %s runs along hexsides, between %s on its left and %s on its right (%s). Which lie along it is chosen for every attack between the two this turn: %s; %s.%s %s.",
		q.Attacker, q.Target, quickstart.HexList(q.Hexes[quickstart.Left]), quickstart.HexList(q.Hexes[quickstart.Right]), cite.QuickStart(197), choices[quickstart.Left], choices[quickstart.Right], either, who)
}
