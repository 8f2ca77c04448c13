package command

import (
	"fmt"
	"strings"

	"bfbot/campaign"
)

// The turn digest: what a campaign turn did to a side comes to each of
// its players as one direct message — the side's news step by step
// (movement, searches, contact, battles, repair, experience, victory
// points, reinforcements), the experience rolls summed up, and then what
// to do next (give orders) with its buttons — instead of a message per
// kind of news; a digest longer than a Discord message goes on in the
// next (splitDigest). The public news still goes to the campaign's
// channel. A player who turned digests off (/campaign notify) is told
// only what to do next.

// digestSteps are the campaign turn's steps in the book's order (000
// lines 2563–2575), with the heading a digest gives each.
var digestSteps = []struct{ step, heading string }{
	{"orders", "Orders"}, {"movement", "Movement"}, {"search", "Searches"}, {"contact", "Contact"},
	{"battle", "Battles"}, {"repair", "Repair"}, {"experience", "Experience"}, {"vp", "Victory points"},
	{"reinforcements", "Reinforcements"}, {"end", "End of the campaign"},
}

// TurnDigest addresses a campaign turn's events and the messages that
// follow them (next: orders open, deploy prompts): the public events to
// the campaign's channel, the referee's notes to the referee, and to
// each player one direct message with his side's digest and every
// direct message of next addressed to him but a battle's. Other
// replies of next pass as they are.
func TurnDigest(c *campaign.Campaign, evs []campaign.Event, next []Reply) []Reply {
	var out []Reply
	// The public lines and the referee's notes as EventReplies sends
	// them; the players' direct messages are the digests below.
	for _, r := range EventReplies(c, evs) {
		if r.To != DM || c.SideOf(r.User) == nil {
			out = append(out, r)
		}
	}
	digests := map[string]*Reply{}
	var order []string
	for _, s := range c.Sides {
		text := digestText(c, &s, evs)
		for _, p := range s.Players {
			if text == "" || c.NotifyOf(p).NoDigest {
				continue
			}
			digests[p] = &Reply{To: DM, User: p, Campaign: c.ID, Text: text}
			order = append(order, p)
		}
	}
	var rest []Reply
	for _, r := range next {
		d := digests[r.User]
		// A battle's messages (deploy prompts) stay its own, with
		// their buttons.
		if r.To != DM || r.Battle != 0 || c.SideOf(r.User) == nil {
			rest = append(rest, r)
			continue
		}
		if d == nil {
			d = &Reply{To: DM, User: r.User, Campaign: c.ID}
			digests[r.User] = d
			order = append(order, r.User)
		}
		if d.Text != "" {
			d.Text += "\n\nNext: "
		}
		d.Text += r.Text
		d.Files = append(d.Files, r.Files...)
		d.Buttons = append(d.Buttons, r.Buttons...)
		d.Ping = append(d.Ping, r.Ping...)
		// Every player is sent the orders opening, so a digest that
		// carries it is sent to every player too (ruling SE5).
		d.Everyone = d.Everyone || r.Everyone
	}
	for _, u := range order {
		out = append(out, splitDigest(*digests[u])...)
	}
	return append(out, rest...)
}

// digestChars is the most a digest message holds: one Discord message.
const digestChars = 2000

// splitDigest keeps a digest within Discord's 2,000 characters a
// message: a longer one goes as several messages in a row, cut between
// lines, each after the first marked as continued; the last carries the
// buttons, files and pings.
func splitDigest(d Reply) []Reply {
	if len(d.Text) <= digestChars {
		return []Reply{d}
	}
	const more = "(continued)\n"
	var texts []string
	cur := ""
	for _, line := range strings.Split(d.Text, "\n") {
		if len(line) > digestChars-len(more)-1 {
			line = strings.ToValidUTF8(line[:digestChars-len(more)-4], "") + "…"
		}
		if cur != "" && len(cur)+1+len(line) > digestChars-len(more) {
			texts, cur = append(texts, cur), ""
		}
		if cur != "" {
			cur += "\n"
		}
		cur += line
	}
	texts = append(texts, cur)
	out := make([]Reply, len(texts))
	for i, t := range texts {
		out[i] = Reply{To: DM, User: d.User, Campaign: d.Campaign, Text: t, Everyone: d.Everyone}
		if i > 0 {
			out[i].Text = more + t
		}
	}
	last := &out[len(out)-1]
	last.Files, last.Buttons, last.Ping = d.Files, d.Buttons, d.Ping
	return out
}

// digestText is side s's news in evs, step by step ("" when none): the
// events only its side may see, and the public ones about it.
func digestText(c *campaign.Campaign, s *campaign.Side, evs []campaign.Event) string {
	byStep := map[string][]string{}
	stays := map[string]int{}
	turn := 0
	for _, e := range evs {
		mine := len(e.Audience) > 0 && e.For(s.ID) || len(e.Audience) == 0 && e.Side == s.ID
		if !mine {
			continue
		}
		if turn == 0 {
			turn = e.Turn
		}
		if e.Type == campaign.ExperienceStays {
			stays[e.Step]++
			continue
		}
		text := e.Text
		if text == "" {
			text = e.Type
		}
		if e.VP != 0 {
			text += fmt.Sprintf(" (%+d VP)", e.VP)
		}
		byStep[e.Step] = append(byStep[e.Step], text)
	}
	if n := stays["experience"]; n == 1 {
		byStep["experience"] = append(byStep["experience"], "1 unit rolled for experience and stays as it is")
	} else if n > 1 {
		byStep["experience"] = append(byStep["experience"], fmt.Sprintf("%d units rolled for experience and stay as they are", n))
	}
	if len(byStep) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d report for %s", turn, s.Name)
	seen := map[string]bool{}
	write := func(heading string, lines []string) {
		fmt.Fprintf(&b, "\n%s:\n• %s", heading, strings.Join(lines, "\n• "))
	}
	for _, st := range digestSteps {
		seen[st.step] = true
		if lines := byStep[st.step]; len(lines) > 0 {
			write(st.heading, lines)
		}
	}
	for _, e := range evs { // a step the list does not name, in order
		if lines := byStep[e.Step]; !seen[e.Step] && len(lines) > 0 {
			seen[e.Step] = true
			write(e.Step, lines)
		}
	}
	return b.String()
}
