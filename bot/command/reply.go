package command

import (
	"context"
	"fmt"
	"slices"
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
	if err := x.reg.deps.Store.Update(ctx, x.c.ID, x.storing(fn, &evs, &next)); err != nil {
		return nil, err
	}
	return x.updated(evs, next), nil
}

// storing is fn as a store's change: it names the caller in the new
// campaign as the server shows him now, and keeps fn's events and
// campaign in evs and next.
func (x *call) storing(fn func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error), evs *[]campaign.Event, next **campaign.Campaign) func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error) {
	return func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
		n, e, err := fn(c, d)
		if err != nil {
			return nil, err
		}
		if n.IsMember(x.User.ID) {
			// Messages name people as the server shows them now.
			n = campaign.WithName(n, x.User.ID, x.User.Name)
		}
		*evs, *next = e, n
		return n, nil
	}
}

// updated keeps the stored campaign, next, for the rest of the call and
// returns the change's events.
func (x *call) updated(evs []campaign.Event, next *campaign.Campaign) []campaign.Event {
	x.c = next
	if x.side != nil {
		x.side = next.Side(x.side.ID)
	}
	return evs
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
// ownOnly refuses a player's side option naming another side: he sees
// only his own side's what (a referee's side option is his to choose).
func (x *call) ownOnly(what string) error {
	if want := x.str("side"); x.side != nil && want != "" && want != x.side.ID {
		return userf("%s you play %s and see only its own %s", refusedWho, x.side.Name, what)
	}
	return nil
}

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

// EventReplies addresses campaign events: public ones to the campaign
// channel, each secret one by direct message to the players of the sides
// in its audience (one message per player, events in order). The
// scheduler's turns (bot/app) address theirs with it too.
func EventReplies(c *campaign.Campaign, evs []campaign.Event) []Reply {
	lines := make([]audienceLine, 0, len(evs))
	for _, e := range evs {
		lines = append(lines, audienceLine{text: eventLine(e), public: len(e.Audience) == 0, sides: e.Audience})
	}
	return splitLong(audienceReplies(c, 0, lines, joinLines))
}

// BattleReplies addresses a battle's events: those every side may see to
// the battle's thread, the others by direct message to the players of
// the sides that may see them (ruling R10). Dice rolls are left to the
// public attack lines that carry them, and a unit's MP left to the
// private answer of the player who moved it (MoveNotes). A message of
// more events than a reader takes in at once points to /battle log
// instead; when the battle ended, the after-action reports follow. A
// side's turn that begins while an offer to end the battle stands says
// so (ruling V18), when that side may accept it and nothing in the batch
// told of an offer already.
func BattleReplies(c *campaign.Campaign, battle int, evs []referee.Event) []Reply {
	lines := make([]audienceLine, 0, len(evs)+1)
	ended, turnBegan, told := false, false, false
	for _, e := range evs {
		if e.Type == "roll" || e.Type == "mp" {
			continue
		}
		ended = ended || e.Type == "battle_end"
		turnBegan = turnBegan || e.Type == "turn"
		told = told || e.Type == "truce"
		// An empty, non-nil audience is an event no side may see.
		lines = append(lines, audienceLine{text: battleEventLine(c, e), public: e.Audience == nil, sides: e.Audience})
	}
	// The side whose turn began is reminded, if the truce awaits its offer.
	if b := c.Battle(battle); turnBegan && !told && !ended && b != nil && b.State != nil && truceAwaits(b.State, b.State.PhasingSide().ID) {
		if t := truceStanding(c, b.State); t != "" {
			lines = append(lines, audienceLine{text: t, public: true})
		}
	}
	out := audienceReplies(c, int64(battle), lines, func(l []string) string {
		if ended && len(l) > maxReplyLines {
			return "" // the after-action report says it, the log a button away
		}
		return limitLines(battle, l)
	})
	if ended {
		out = slices.DeleteFunc(out, func(r Reply) bool { return r.Text == "" })
		out = append(out, AfterActionReplies(c, battle)...)
	}
	return out
}

// MoveNotes are the lines only the mover needs of a battle step: what MP
// his side's units have left.
func MoveNotes(evs []referee.Event, side string) []string {
	var out []string
	for _, e := range evs {
		if e.Type == "mp" && e.Visible(side) {
			out = append(out, battleEventLine(nil, e))
		}
	}
	return out
}

// audienceLine is one event's line with who may read it: everyone
// (public), or the players of sides.
type audienceLine struct {
	text   string
	public bool
	sides  []string
}

// audienceReplies makes one public reply of the public lines (to the
// battle's thread when battle is set) and one DM per player of the rest,
// players in order of their ids; join makes a message of lines.
func audienceReplies(c *campaign.Campaign, battle int64, lines []audienceLine, join func([]string) string) []Reply {
	var public []string
	dms := map[string][]string{}
	var users []string
	for _, l := range lines {
		if l.public {
			public = append(public, l.text)
			continue
		}
		for _, sideID := range l.sides {
			// The referee's notes (004 results a judge settles, R11) go to
			// the referee role alone, never to a side: the audience is
			// read before any side lookup, and no side may take the id
			// (ruling SE3). A referee who may play against human players
			// (RefereeConflicted, seated or not) gets none (ruling SEAT3).
			var s *campaign.Side
			switch {
			case sideID == campaign.RefereeAudience:
				if c.Referee == "" || c.RefereeConflicted() {
					continue
				}
				s = &campaign.Side{Players: []string{c.Referee}}
			case c.Side(sideID) != nil:
				s = c.Side(sideID)
			default:
				continue
			}
			for _, p := range s.Players {
				if _, ok := dms[p]; !ok {
					users = append(users, p)
				}
				dms[p] = append(dms[p], l.text)
			}
		}
	}
	var out []Reply
	if len(public) > 0 {
		out = append(out, Reply{To: Public, Campaign: c.ID, Battle: battle, Text: join(public)})
	}
	sort.Strings(users)
	for _, u := range users {
		out = append(out, Reply{To: DM, User: u, Campaign: c.ID, Battle: battle, Text: join(dms[u])})
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

// joinLines makes a message of every line: a campaign turn's events are
// all kept (splitLong cuts a long one into messages Discord shows).
func joinLines(lines []string) string { return strings.Join(lines, "\n") }

// maxReplyLines keeps a message inside Discord's 2,000 characters in the
// common case; more events than that (an auto-resolved battle, an AI's
// phase) are read with /battle log, turn by turn.
const maxReplyLines = 30

func limitLines(battle int, lines []string) string {
	if len(lines) <= maxReplyLines {
		return strings.Join(lines, "\n")
	}
	return fmt.Sprintf("%d battle events: /battle log battle:%d shows them all, turn by turn.", len(lines), battle)
}

// battleEventLine is a battle event's line in a reply: its turn, then
// what happened (referee.Event.Describe), the end of the battle with its
// winner, level and victory points.
func battleEventLine(c *campaign.Campaign, e referee.Event) string {
	if e.Turn > 0 && e.Type != "turn" { // a turn's first line names its turn
		return fmt.Sprintf("T%d %s", e.Turn, battleEventText(c, e))
	}
	return battleEventText(c, e)
}

// battleEventText is what a battle event says, without its turn; c names
// the sides of a battle's end (nil: no battle's end is among the events).
func battleEventText(c *campaign.Campaign, e referee.Event) string {
	var b strings.Builder
	if e.Type != "battle_end" {
		b.WriteString(e.Describe())
		return b.String()
	}
	b.WriteString("battle over: ")
	name := func(id string) string {
		if c == nil {
			return id
		}
		return c.SideName(id)
	}
	switch {
	case e.Winner == nil || *e.Winner == "":
		b.WriteString("a draw")
	case e.Level != "":
		fmt.Fprintf(&b, "%s wins a %s", name(*e.Winner), e.Level)
	default:
		fmt.Fprintf(&b, "%s wins", name(*e.Winner))
	}
	if len(e.VP) > 0 {
		keys := make([]string, 0, len(e.VP))
		for k := range e.VP {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s %d", name(k), e.VP[k]))
		}
		fmt.Fprintf(&b, "; VP %s", strings.Join(parts, ", "))
	}
	return b.String()
}
