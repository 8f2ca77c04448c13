package command

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
)

// cmdFixture is a registry on a fresh MemStore with campaign 1 created
// by "ref", "alice" playing crucis and "bob" bandits, started.
type cmdFixture struct {
	tb    testing.TB
	store *MemStore
	reg   *Registry
}

func cmdNewFixture(tb testing.TB, start bool) *cmdFixture {
	tb.Helper()
	f := &cmdFixture{tb: tb, store: NewMemStore(7)}
	// Every request of the fixture comes at the same instant, so the rate
	// limits (tested in ratelimit_test.go) are off here.
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	f.cmdMust("ref", "campaign", "create", "name", "Test", "turn_limit", "3")
	f.cmdMust("alice", "campaign", "join", "side", "crucis")
	f.cmdMust("bob", "campaign", "join", "side", "bandits")
	if start {
		f.cmdMust("ref", "campaign", "start")
	}
	return f
}

// cmdRequest builds a request; kv are option name/value pairs.
func cmdRequest(user, name, sub string, kv ...string) *Request {
	r := &Request{User: User{ID: user, Name: user}, Guild: "g", Channel: "c", Name: name, Sub: sub, Options: map[string]string{}, Now: time.Unix(0, 0)}
	for i := 0; i+1 < len(kv); i += 2 {
		r.Options[kv[i]] = kv[i+1]
	}
	return r
}

func (f *cmdFixture) cmdDo(user, name, sub string, kv ...string) []Reply {
	f.tb.Helper()
	return f.reg.Dispatch(context.Background(), cmdRequest(user, name, sub, kv...))
}

// cmdMust runs a command and fails on a refusal or internal error.
func (f *cmdFixture) cmdMust(user, name, sub string, kv ...string) []Reply {
	f.tb.Helper()
	out := f.cmdDo(user, name, sub, kv...)
	for _, r := range out {
		if strings.HasPrefix(r.Text, "⚠") || strings.HasPrefix(r.Text, "Internal error") {
			f.tb.Fatalf("@%s /%s %s %v: %s", user, name, sub, kv, r.Text)
		}
	}
	return out
}

func cmdTexts(rs []Reply) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(string(r.To) + " " + r.User + ": " + r.Text + "\n")
	}
	return b.String()
}

// cmdAIOrders gives both sides of campaign 1 the AI's orders as their
// players' commands (alice crucis, bob bandits) and seals them.
func (f *cmdFixture) cmdAIOrders(rules *Rules) {
	f.tb.Helper()
	c, _ := f.store.Get(context.Background(), 1)
	for i, s := range c.Sides {
		cur, _ := f.store.Get(context.Background(), 1)
		f.cmdGive(cmdPlayers[s.ID], rules.AIOrders(cur, s.ID, uint64(i)))
		f.cmdMust(cmdPlayers[s.ID], "orders", "ready")
	}
}

// cmdPlayers are the fixture's players by side.
var cmdPlayers = map[string]string{"crucis": "alice", "bandits": "bob"}

// cmdGive gives orders as user's commands.
func (f *cmdFixture) cmdGive(user string, orders []campaign.Order) {
	f.tb.Helper()
	for _, o := range orders {
		name, sub, opts := OrderCommand(o)
		var kv []string
		for k, v := range opts {
			kv = append(kv, k, v)
		}
		f.cmdMust(user, name, sub, kv...)
	}
}

// cmdMeetings are where cmdContactOrders brings the sides together on
// the fixture's map: each side's battlegroup 2 (crucis's in sector 1,
// the bandits' in 4) in sector 3, and each side's battlegroup 4
// (crucis's in 9, the bandits' in 12) in sector 10.
var cmdMeetings = []struct{ bg, sector int }{{2, 3}, {4, 10}}

// cmdContactOrders are side's orders that make contact by the players'
// own orders, whatever the AI would do: each battlegroup of cmdMeetings
// marches on its sector, one sector a turn, stays there and searches it.
// Given each turn from the start, the battalions meet in turn 2.
func cmdContactOrders(tb testing.TB, c *campaign.Campaign, side string) []campaign.Order {
	tb.Helper()
	s := c.Side(side)
	var out []campaign.Order
	for _, m := range cmdMeetings {
		b := s.Battlegroup(m.bg)
		if b == nil || b.Sector == 0 {
			tb.Fatalf("%s has no battlegroup %d on the map to make contact with", side, m.bg)
		}
		// Each sector's distance in moves to the meeting.
		dist := map[int]int{m.sector: 0}
		for queue := []int{m.sector}; len(queue) > 0; queue = queue[1:] {
			for _, nb := range c.Map.Neighbors(queue[0]) {
				if _, ok := dist[nb]; !ok {
					dist[nb] = dist[queue[0]] + 1
					queue = append(queue, nb)
				}
			}
		}
		at := b.Sector
		switch {
		case at != m.sector:
			at = slices.MinFunc(c.Map.Neighbors(at), func(x, y int) int { return cmp.Or(cmp.Compare(dist[x], dist[y]), cmp.Compare(x, y)) })
			out = append(out, campaign.Order{Kind: campaign.OrderMove, Battlegroup: b.ID, Sectors: []int{at}})
		case slices.ContainsFunc(s.Orders.Moves, func(mv campaign.Move) bool { return mv.Battlegroup == b.ID }) || slices.Contains(s.Orders.Holds, b.ID):
			// There it stays, whatever order it had, in no prepared
			// position.
			out = append(out, campaign.Order{Kind: campaign.OrderClear, Battlegroup: b.ID})
		}
		if at == m.sector && !slices.Contains(s.Orders.Searches, m.sector) {
			out = append(out, campaign.Order{Kind: campaign.OrderSearch, Sectors: []int{m.sector}})
		}
	}
	return out
}

// cmdContact plays campaign 1 by the players' commands, both sides
// giving cmdContactOrders, until a battle waits to be fought, and
// returns its ID and the replies to the /campaign advance that set it
// up; it fails the test when none comes by turn 2.
func (f *cmdFixture) cmdContact() (int, []Reply) {
	f.tb.Helper()
	for range 2 {
		c, _ := f.store.Get(context.Background(), 1)
		if c.Phase == campaign.PhaseBattles {
			f.cmdMust("ref", "campaign", "advance")
		}
		for _, s := range c.Sides {
			cur, _ := f.store.Get(context.Background(), 1)
			f.cmdGive(cmdPlayers[s.ID], cmdContactOrders(f.tb, cur, s.ID))
			f.cmdMust(cmdPlayers[s.ID], "orders", "ready")
		}
		advance := f.cmdMust("ref", "campaign", "advance")
		if c, _ = f.store.Get(context.Background(), 1); len(campaign.Unfought(c)) > 0 {
			return campaign.Unfought(c)[0], advance
		}
	}
	f.tb.Fatal("the battalions sent to meet made no contact by turn 2")
	return 0, nil
}

// cmdSetUpTogether answers the set-up order decision of battle id, which
// the initiative winner makes first (000 line 2629): both at once.
func (f *cmdFixture) cmdSetUpTogether(id int) {
	f.tb.Helper()
	c, _ := f.store.Get(context.Background(), 1)
	for _, d := range c.Decisions {
		if d.Battle == id && d.Kind == campaign.DecideSetup {
			f.cmdMust(cmdPlayers[d.Side], "campaign", "decide", "decision", strconv.Itoa(d.ID), "answer", "together")
		}
	}
}
