package command

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// private is an answer only the caller sees.
func (x *call) private(text string, files ...File) Reply {
	return Reply{To: Private, User: x.User.ID, Text: text, Files: files}
}

// public goes to the campaign's channel (or, with no campaign, to the
// channel the request came from).
func (x *call) public(text string) Reply {
	r := Reply{To: Public, Text: text}
	if x.c != nil {
		r.Campaign = x.c.ID
	}
	return r
}

// update runs fn on the campaign in one store transaction and keeps the
// new value for the rest of the call.
func (x *call) update(ctx context.Context, fn func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error)) ([]campaign.Event, error) {
	var evs []campaign.Event
	var next *campaign.Campaign
	err := x.reg.deps.Store.Update(ctx, x.c.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
		n, e, err := fn(c, d)
		if err != nil {
			return nil, err
		}
		evs, next = e, n
		return n, nil
	})
	if err != nil {
		return nil, err
	}
	x.c = next
	if x.side != nil {
		x.side = next.Side(x.side.ID)
	}
	return evs, nil
}

// str, integer and flag read options checkOptions has already checked.
func (x *call) str(name string) string { return strings.TrimSpace(x.Option(name)) }

func (x *call) integer(name string) (int, bool) {
	v := x.Option(name)
	if v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

func (x *call) flag(name string) bool {
	b, _ := strconv.ParseBool(x.Option(name))
	return b
}

// sidesShown are the sides whose secrets the caller may read: his own,
// or for the referee the one named by the side option, else every side.
func (x *call) sidesShown() ([]*campaign.Side, error) {
	want := x.str("side")
	if x.side != nil {
		if want != "" && want != x.side.ID {
			return nil, userf("%s you play %s and see only its own records", refusedWho, x.side.ID)
		}
		return []*campaign.Side{x.side}, nil
	}
	if want != "" {
		s := x.c.Side(want)
		if s == nil {
			return nil, userf("side:%s: campaign %d has sides %s", want, x.c.ID, sideList(x.c))
		}
		return []*campaign.Side{s}, nil
	}
	var out []*campaign.Side
	for i := range x.c.Sides {
		out = append(out, &x.c.Sides[i])
	}
	return out, nil
}

func sideList(c *campaign.Campaign) string {
	var ids []string
	for _, s := range c.Sides {
		ids = append(ids, s.ID)
	}
	return strings.Join(ids, ", ")
}

// eventReplies addresses campaign events: public ones to the campaign
// channel, each secret one by direct message to the players of the sides
// in its audience (one message per player, events in order).
func eventReplies(c *campaign.Campaign, evs []campaign.Event) []Reply {
	var public []string
	dms := map[string][]string{}
	var users []string
	for _, e := range evs {
		line := eventLine(e)
		if len(e.Audience) == 0 {
			public = append(public, line)
			continue
		}
		for _, sideID := range e.Audience {
			s := c.Side(sideID)
			if s == nil {
				continue
			}
			for _, p := range s.Players {
				if _, ok := dms[p]; !ok {
					users = append(users, p)
				}
				dms[p] = append(dms[p], line)
			}
		}
	}
	var out []Reply
	if len(public) > 0 {
		out = append(out, Reply{To: Public, Campaign: c.ID, Text: strings.Join(public, "\n")})
	}
	for _, u := range users {
		out = append(out, Reply{To: DM, User: u, Campaign: c.ID, Text: strings.Join(dms[u], "\n")})
	}
	return out
}

func eventLine(e campaign.Event) string {
	prefix := ""
	if e.Turn > 0 {
		prefix = fmt.Sprintf("Turn %d", e.Turn)
		if e.Step != "" {
			prefix += ", " + e.Step
		}
		prefix += ": "
	}
	text := e.Text
	if text == "" {
		text = e.Type
	}
	if e.VP != 0 {
		text += fmt.Sprintf(" (%+d VP)", e.VP)
	}
	return prefix + text
}

// battleReplies addresses a battle's events: those every side may see to
// the battle's thread, the others by direct message to the players of
// the sides that may see them (ruling R10). Dice rolls are left to the
// public attack lines that carry them.
func battleReplies(c *campaign.Campaign, battle int, evs []referee.Event) []Reply {
	var public []string
	dms := map[string][]string{}
	var users []string
	for _, e := range evs {
		if e.Type == "roll" {
			continue
		}
		line := battleEventLine(e)
		if e.Audience == nil {
			public = append(public, line)
			continue
		}
		for _, sideID := range e.Audience {
			s := c.Side(sideID)
			if s == nil {
				continue
			}
			for _, p := range s.Players {
				if _, ok := dms[p]; !ok {
					users = append(users, p)
				}
				dms[p] = append(dms[p], line)
			}
		}
	}
	var out []Reply
	if len(public) > 0 {
		out = append(out, Reply{To: Public, Campaign: c.ID, Battle: int64(battle), Text: limitLines(public)})
	}
	sort.Strings(users)
	for _, u := range users {
		out = append(out, Reply{To: DM, User: u, Campaign: c.ID, Battle: int64(battle), Text: limitLines(dms[u])})
	}
	return out
}

// maxReplyLines keeps a message inside Discord's 2,000 characters in the
// common case; a long auto-resolved battle is summed up by its end lines.
const maxReplyLines = 30

func limitLines(lines []string) string {
	if len(lines) <= maxReplyLines {
		return strings.Join(lines, "\n")
	}
	head := lines[:10]
	tail := lines[len(lines)-(maxReplyLines-11):]
	return strings.Join(head, "\n") + fmt.Sprintf("\n… %d more events …\n", len(lines)-len(head)-len(tail)) + strings.Join(tail, "\n")
}

func battleEventLine(e referee.Event) string {
	var b strings.Builder
	if e.Turn > 0 {
		fmt.Fprintf(&b, "T%d ", e.Turn)
	}
	switch {
	case e.Type == "attack" && e.Column != nil && e.Roll != nil:
		fmt.Fprintf(&b, "%s %s attack on %s: ", e.Attacker, e.Mode, e.Target)
		if e.Value != nil && e.Defense != nil {
			fmt.Fprintf(&b, "%d vs %d, ", *e.Value, *e.Defense)
		}
		result := "miss"
		if e.Result != nil && *e.Result != "" {
			result = *e.Result
		}
		fmt.Fprintf(&b, "column %+d, roll %d → %s", *e.Column, *e.Roll, result)
		if e.Text != "" {
			fmt.Fprintf(&b, " (%s)", e.Text)
		}
	case e.Type == "battle_end":
		b.WriteString("battle over: ")
		if e.Winner != nil && *e.Winner != "" {
			fmt.Fprintf(&b, "%s wins", *e.Winner)
		} else {
			b.WriteString("a draw")
		}
		if e.Level != "" {
			fmt.Fprintf(&b, " (%s)", e.Level)
		}
		if len(e.VP) > 0 {
			keys := make([]string, 0, len(e.VP))
			for k := range e.VP {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var parts []string
			for _, k := range keys {
				parts = append(parts, fmt.Sprintf("%s %d", k, e.VP[k]))
			}
			fmt.Fprintf(&b, "; VP %s", strings.Join(parts, ", "))
		}
	case e.Text != "":
		b.WriteString(e.Text)
	default:
		b.WriteString(e.Type)
		if e.Unit != "" {
			b.WriteString(" " + e.Unit)
		}
		if e.Hex != nil {
			b.WriteString(" at " + e.Hex.String())
		}
	}
	return b.String()
}
