package command

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
)

// cmdSeen is a reply with the players who see it.
type cmdSeen struct {
	reply   Reply
	viewers []string
}

// cmdPlay plays turns of campaign 1 through Dispatch as the demo does:
// AI orders given as commands, battles auto-resolved by the referee, and
// each player asking for his worksheet and maps. It returns every reply
// and the campaign after each command.
func cmdPlay(t *testing.T, f *cmdFixture, turns int) ([]cmdSeen, []*campaign.Campaign) {
	t.Helper()
	var seen []cmdSeen
	var states []*campaign.Campaign
	players := map[string]string{"crucis": "alice", "bandits": "bob"}
	do := func(user, name, sub string, opts map[string]string) {
		r := cmdRequest(user, name, sub)
		for k, v := range opts {
			r.Options[k] = v
		}
		for _, rp := range f.reg.Dispatch(t.Context(), r) {
			if strings.HasPrefix(rp.Text, "Internal error") {
				t.Fatalf("@%s /%s %s %v: %s", user, name, sub, opts, rp.Text)
			}
			v := []string{rp.User}
			if rp.To == Public {
				v = []string{"alice", "bob"}
			}
			seen = append(seen, cmdSeen{rp, v})
		}
		c, err := f.store.Get(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, c)
	}
	rules := DefaultRules()
	do("ref", "campaign", "status", nil)
	for step := 0; step < 60; step++ {
		cur := states[len(states)-1]
		if cur.Phase == campaign.PhaseOver || cur.Turn > turns {
			break
		}
		switch cur.Phase {
		case campaign.PhaseOrders:
			for i, s := range cur.Sides {
				user := players[s.ID]
				do(user, "bg", "list", nil)
				do(user, "map", "strategic", nil)
				for _, o := range rules.AIOrders(states[len(states)-1], s.ID, uint64(10+i)) {
					name, sub, opts := OrderCommand(o)
					do(user, name, sub, opts)
				}
				do(user, "orders", "show", nil)
				do(user, "orders", "ready", nil)
			}
			do("ref", "campaign", "advance", nil)
		case campaign.PhaseBattles:
			ids := campaign.Unfought(cur)
			if len(ids) == 0 {
				do("ref", "campaign", "advance", nil)
				continue
			}
			id := strconv.Itoa(ids[0])
			do("alice", "battle", "view", map[string]string{"battle": id})
			do("ref", "battle", "auto", map[string]string{"battle": id})
			do("bob", "battle", "view", map[string]string{"battle": id})
		}
	}
	return seen, states
}

// Ensure no reply a player sees (public, or private or DM to him) holds
// the other side's secret battlegroup names or its secret orders and
// movements (ruling R10).
func TestSecrecy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two campaign turns")
	}
	f := cmdNewFixture(t, true)
	seen, states := cmdPlay(t, f, 2)
	last := states[len(states)-1]
	if last.Turn < 2 {
		t.Fatalf("the campaign reached only turn %d", last.Turn)
	}
	for _, tc := range []struct{ user, side, enemy string }{{"alice", "crucis", "bandits"}, {"bob", "bandits", "crucis"}} {
		t.Run(tc.user, func(t *testing.T) {
			forbidden := map[string]bool{}
			own := map[string]bool{}
			for _, c := range states {
				for _, b := range c.Side(tc.side).Battlegroups {
					own[b.Name] = true
				}
				for _, b := range c.Side(tc.enemy).Battlegroups {
					forbidden[b.Name] = true
				}
			}
			for name := range own {
				delete(forbidden, name) // a name both sides use says nothing
			}
			mine := map[string]bool{}
			for _, e := range last.Log {
				if e.For(tc.side) {
					mine[e.Text] = true
				}
			}
			for _, e := range last.Log {
				if !e.For(tc.side) && strings.Contains(e.Text, "battlegroup") && !mine[e.Text] {
					forbidden[e.Text] = true
				}
			}
			if len(forbidden) == 0 {
				t.Fatal("no enemy secrets to look for: the test would pass vacuously")
			}
			for _, s := range seen {
				sees := false
				for _, v := range s.viewers {
					sees = sees || v == tc.user
				}
				if !sees {
					continue
				}
				for secret := range forbidden {
					if strings.Contains(s.reply.Text, secret) {
						t.Errorf("%s reply to %s holds the enemy's secret %q:\n%s", s.reply.To, tc.user, secret, s.reply.Text)
					}
				}
			}
		})
	}
}

// Ensure a regiment file with `id: referee` cannot make a side (ruling
// SE3): /campaign create refuses it privately, naming the file and the
// reserved id, and stores nothing.
func TestCreateReservedSideIDRefused(t *testing.T) {
	reg, store := attRegistry(t)
	got := attDo(reg, attRequest("ref", "campaign", "create", map[string]File{"regiment_file": attFile(t, "testdata/att_referee_id.yaml")}, "name", "Spy", "regiments", "crucis"))
	for _, w := range []string{"private ref: ⚠", "att_referee_id.yaml", `"referee" is reserved`, "choose another id"} {
		if !strings.Contains(got, w) {
			t.Errorf("got %q\nwant it to contain %q", got, w)
		}
	}
	if list, _ := store.List(t.Context()); len(list) != 0 {
		t.Errorf("a refused create stored %d campaigns", len(list))
	}
}

// Ensure the referee's notes go to the referee alone even in a campaign
// stored before side ids were reserved, whose side is called "referee":
// the audience is read before any side, and that side's own secrets do
// not reach the referee either (ruling SE3).
func TestRefereeNotesReachOnlyTheReferee(t *testing.T) {
	f := cmdNewFixture(t, true)
	c, err := f.store.Get(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	c.Sides[0].ID = campaign.RefereeAudience // a legacy campaign: alice's side
	evs := []campaign.Event{
		{Turn: 1, Step: "contact", Type: "referee-note", Audience: []string{campaign.RefereeAudience}, Text: "the referee's private note"},
		{Turn: 1, Step: "orders", Type: "move", Audience: []string{"bandits"}, Text: "bob's secret order"},
	}
	got := map[string]string{}
	for _, r := range EventReplies(c, evs) {
		if r.To != DM {
			t.Errorf("a secret event went %s: %q", r.To, r.Text)
		}
		got[r.User] += r.Text
	}
	want := map[string]string{"ref": "Turn 1, contact: the referee's private note", "bob": "Turn 1, orders: bob's secret order"}
	if len(got) != len(want) || got["ref"] != want["ref"] || got["bob"] != want["bob"] {
		t.Errorf("DMs %q, want %q (alice, whose side is called referee, gets nothing)", got, want)
	}
}
