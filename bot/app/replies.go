package app

import (
	"fmt"
	"sort"
	"strings"

	"bfbot/bot/command"
	"bfbot/campaign"
	"bfbot/referee"
)

// The scheduler's turns answer no interaction, so their replies are
// addressed here the way the command layer addresses a command's: an
// event everyone may see goes to the campaign's channel (a battle's to its
// thread), any other by DM to the players of the sides in its audience
// (ruling R10).

// audienceReplies turns lines with their audiences (nil: everyone) into
// one public reply and one DM per player who may see something.
func audienceReplies(c *campaign.Campaign, battle int64, lines []string, audiences [][]string) []command.Reply {
	var public []string
	dms := map[string][]string{}
	for i, line := range lines {
		if len(audiences[i]) == 0 {
			public = append(public, line)
			continue
		}
		for _, sideID := range audiences[i] {
			s := c.Side(sideID)
			if s == nil {
				continue
			}
			for _, p := range s.Players {
				dms[p] = append(dms[p], line)
			}
		}
	}
	var out []command.Reply
	if len(public) > 0 {
		out = append(out, command.Reply{To: command.Public, Campaign: c.ID, Battle: battle, Text: limitLines(public)})
	}
	users := make([]string, 0, len(dms))
	for u := range dms {
		users = append(users, u)
	}
	sort.Strings(users)
	for _, u := range users {
		out = append(out, command.Reply{To: command.DM, User: u, Campaign: c.ID, Battle: battle, Text: limitLines(dms[u])})
	}
	return out
}

// campaignReplies addresses campaign events.
func campaignReplies(c *campaign.Campaign, evs []campaign.Event) []command.Reply {
	lines := make([]string, 0, len(evs))
	auds := make([][]string, 0, len(evs))
	for _, e := range evs {
		text := e.Text
		if text == "" {
			text = e.Type
		}
		if e.VP != 0 {
			text += fmt.Sprintf(" (%+d VP)", e.VP)
		}
		if e.Turn > 0 {
			text = fmt.Sprintf("Turn %d: %s", e.Turn, text)
		}
		lines = append(lines, text)
		auds = append(auds, e.Audience)
	}
	return audienceReplies(c, 0, lines, auds)
}

// battleReplies addresses a battle's referee events; dice rolls are left
// out (the attack lines carry their rolls).
func battleReplies(c *campaign.Campaign, battle int, evs []referee.Event) []command.Reply {
	var lines []string
	var auds [][]string
	for _, e := range evs {
		if e.Type == "roll" {
			continue
		}
		var b strings.Builder
		if e.Turn > 0 {
			fmt.Fprintf(&b, "T%d ", e.Turn)
		}
		switch {
		case e.Type == "attack" && e.Roll != nil:
			result := "miss"
			if e.Result != nil && *e.Result != "" {
				result = *e.Result
			}
			fmt.Fprintf(&b, "%s %s attack on %s: roll %d → %s", e.Attacker, e.Mode, e.Target, *e.Roll, result)
		case e.Text != "":
			b.WriteString(e.Text)
		default:
			b.WriteString(e.Type)
			if e.Unit != "" {
				b.WriteString(" " + e.Unit)
			}
		}
		lines = append(lines, b.String())
		auds = append(auds, e.Audience)
	}
	return audienceReplies(c, int64(battle), lines, auds)
}

// maxLines keeps a scheduled message inside Discord's 2,000 characters in
// the common case (the adapter sends anything longer as a file as well).
const maxLines = 30

func limitLines(lines []string) string {
	if len(lines) <= maxLines {
		return strings.Join(lines, "\n")
	}
	head, tail := lines[:10], lines[len(lines)-(maxLines-11):]
	return strings.Join(head, "\n") + fmt.Sprintf("\n… %d more events …\n", len(lines)-len(head)-len(tail)) + strings.Join(tail, "\n")
}
