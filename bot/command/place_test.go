package command

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
)

// plcDo runs a command from guild and channel (guild "" is a DM), in the
// thread's parent channel when parent is set.
func (f *cmdFixture) plcDo(user, guild, channel, parent, name, sub string, kv ...string) string {
	f.tb.Helper()
	r := cmdRequest(user, name, sub, kv...)
	r.Guild, r.Channel, r.Parent, r.DM = guild, channel, parent, guild == ""
	return cmdTexts(f.reg.Dispatch(f.tb.Context(), r))
}

// Ensure /campaign create and /scenario start in a channel that holds a
// running campaign, or in a thread under it, are refused naming that
// campaign, and allowed there once it is over (ruling CH2).
func TestPlaceCreateRefused(t *testing.T) {
	f := cmdNewFixture(t, true) // campaign 1 "Test" in g/#c
	for _, tc := range []struct{ what, channel, parent string }{
		{"the channel", "c", ""}, {"a thread under it", "t1", "c"},
	} {
		for _, cmd := range [][]string{
			{"campaign", "create", "name", "Decoy"},
			{"scenario", "start", "name", "surprise-encounter", "side", "lancers"},
		} {
			got := f.plcDo("mallory", "g", tc.channel, tc.parent, cmd[0], cmd[1], cmd[2:]...)
			if !strings.Contains(got, "Not here: campaign #1 “Test” is running in this channel") {
				t.Errorf("/%s %s in %s answered:\n%s", cmd[0], cmd[1], tc.what, got)
			}
		}
	}
	if got := f.plcDo("alice", "g", "c", "", "campaign", "status"); !strings.Contains(got, "“Test”") {
		t.Errorf("campaign 1 no longer answers in its channel:\n%s", got)
	}
	if list, _ := f.store.List(t.Context()); len(list) != 1 {
		t.Fatalf("%d campaigns stored, want the refused ones not made", len(list))
	}
	// Elsewhere it is allowed; and in the channel once campaign 1 is over.
	if got := f.plcDo("mallory", "g", "c2", "", "campaign", "create", "name", "Second"); !strings.Contains(got, "Campaign 2 “Second” is set up") {
		t.Errorf("create in a free channel answered:\n%s", got)
	}
	f.cmdMust("ref", "campaign", "end", "campaign", "1")
	if got := f.plcDo("mallory", "g", "c", "", "campaign", "create", "name", "Third"); !strings.Contains(got, "Campaign 3 “Third” is set up") {
		t.Errorf("create in the channel of an ended campaign answered:\n%s", got)
	}
	c, err := f.store.Get(t.Context(), 3)
	if err != nil || c.Guild != "g" || c.Channel != "c" {
		t.Errorf("campaign 3 lives in %q/%q (%v), want g/c", c.Guild, c.Channel, err)
	}
}

// Ensure a command from another server never reaches a campaign, named
// by campaign:ID or not: it is answered exactly as a campaign that does
// not exist, and tells nothing of it (ruling CH3).
func TestPlaceOtherServer(t *testing.T) {
	f := cmdNewFixture(t, true)
	missing := f.plcDo("alice", "g", "c", "", "campaign", "status", "campaign", "99")
	want := strings.Replace(missing, "99", "1", 1)
	for _, cmd := range [][]string{
		{"campaign", "status", "campaign", "1"},
		{"campaign", "join", "side", "crucis", "campaign", "1"},
		{"bg", "list", "campaign", "1"},
		{"orders", "ready", "campaign", "1"},
	} {
		for _, user := range []string{"mallory", "alice", "ref"} {
			got := f.plcDo(user, "g2", "x", "", cmd[0], cmd[1], cmd[2:]...)
			if got != strings.Replace(want, "alice", user, 1) {
				t.Errorf("@%s /%s %s from another server:\n%s\nwant as for a missing campaign:\n%s", user, cmd[0], cmd[1], got, want)
			}
		}
	}
	// Without campaign:ID the default does not find it either.
	got := f.plcDo("mallory", "g2", "x", "", "campaign", "join", "side", "crucis")
	if !strings.Contains(got, "no campaign is running") || strings.Contains(got, "Test") {
		t.Errorf("a join from another server answered:\n%s", got)
	}
	if c, _ := f.store.Get(t.Context(), 1); c.SideOf("mallory") != nil {
		t.Error("mallory joined from another server")
	}
}

// Ensure a direct message reaches a campaign only for its members: a
// stranger's DM is answered as for a missing campaign, a player's and the
// referee's find it (ruling CH3).
func TestPlaceDirectMessage(t *testing.T) {
	f := cmdNewFixture(t, true)
	missing := f.plcDo("mallory", "", "dm-mallory", "", "campaign", "status", "campaign", "99")
	for _, cmd := range [][]string{
		{"campaign", "status", "campaign", "1"},
		{"campaign", "join", "side", "crucis", "campaign", "1"},
	} {
		got := f.plcDo("mallory", "", "dm-mallory", "", cmd[0], cmd[1], cmd[2:]...)
		if got != strings.Replace(missing, "99", "1", 1) {
			t.Errorf("a stranger's DM /%s %s:\n%s\nwant as for a missing campaign:\n%s", cmd[0], cmd[1], got, missing)
		}
	}
	if got := f.plcDo("mallory", "", "dm-mallory", "", "campaign", "join", "side", "crucis"); !strings.Contains(got, "you take part in no running campaign") {
		t.Errorf("a stranger's DM join without campaign:ID:\n%s", got)
	}
	if c, _ := f.store.Get(t.Context(), 1); c.SideOf("mallory") != nil {
		t.Error("mallory joined by DM")
	}
	if got := f.plcDo("alice", "", "dm-alice", "", "orders", "show"); strings.Contains(got, "⚠") {
		t.Errorf("a player's DM refused:\n%s", got)
	}
	if got := f.plcDo("ref", "", "dm-ref", "", "campaign", "status"); strings.Contains(got, "⚠") {
		t.Errorf("the referee's DM refused:\n%s", got)
	}
}

// Ensure a command typed in a campaign's channel, or in a thread under
// it, is about that campaign, and one created in a thread is the
// thread's (rulings CH1, CH2).
func TestPlaceChannelDefault(t *testing.T) {
	f := cmdNewFixture(t, true) // campaign 1 in #c, refereed by ref
	f.plcDo("ref", "g", "c2", "", "campaign", "create", "name", "Second")
	f.plcDo("ref", "g", "t3", "c3", "campaign", "create", "name", "Threaded")
	for _, tc := range []struct {
		channel, parent, want string
	}{
		{"c", "", "“Test”"}, {"c2", "", "“Second”"}, {"battle-thread", "c2", "“Second”"},
		{"t3", "c3", "“Threaded”"},
	} {
		if got := f.plcDo("ref", "g", tc.channel, tc.parent, "campaign", "status"); !strings.Contains(got, tc.want) {
			t.Errorf("/campaign status in %s (parent %q):\n%s\nwant %s", tc.channel, tc.parent, got, tc.want)
		}
	}
	// Elsewhere the referee of three campaigns must say which.
	if got := f.plcDo("ref", "g", "c9", "", "campaign", "status"); !strings.Contains(got, "you take part in campaigns 1, 2, 3") {
		t.Errorf("/campaign status in a channel of none:\n%s", got)
	}
}

// plcNoList is a MemStore that counts List calls: commands find their
// campaign through Find and Count.
type plcNoList struct {
	*MemStore
	lists atomic.Int64
}

func (s *plcNoList) List(ctx context.Context) ([]Summary, error) {
	s.lists.Add(1)
	return s.MemStore.List(ctx)
}

// Ensure no command lists every campaign to find its own or to count a
// server's (a List per command makes setting up n campaigns read n²/2
// summaries): creation, joins and start in each campaign's channel, a
// command in a battle thread, in a channel of none, and in direct
// messages without campaign:ID all go through the store's index, with
// the answers the place rules give.
func TestPlaceFindsWithoutList(t *testing.T) {
	store := &plcNoList{MemStore: NewMemStore(7)}
	f := &cmdFixture{tb: t, reg: New(Deps{Store: store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}, MaxCampaignsPerServer: 3})}
	for i, ch := range []string{"c1", "c2", "c3"} {
		ref, alice, bob := fmt.Sprintf("ref%d", i), fmt.Sprintf("alice%d", i), fmt.Sprintf("bob%d", i)
		for _, step := range []struct {
			user, sub string
			kv        []string
		}{{ref, "create", []string{"name", "C " + ch}}, {alice, "join", []string{"side", "crucis"}}, {bob, "join", []string{"side", "bandits"}}, {ref, "start", nil}} {
			if got := f.plcDo(step.user, "g", ch, "", "campaign", step.sub, step.kv...); strings.Contains(got, "⚠") {
				t.Fatalf("/campaign %s in %s: %s", step.sub, ch, got)
			}
		}
	}
	for _, tc := range []struct{ user, guild, channel, parent, want string }{
		{"ref1", "g", "thread", "c2", "“C c2”"},
		{"alice0", "", "dm", "", "“C c1”"},
		{"ref2", "g", "c9", "", "“C c3”"},
		{"stranger", "g", "c9", "", "campaigns 1, 2, 3 are running"},
		{"stranger", "", "dm", "", "you take part in no running campaign"},
	} {
		if got := f.plcDo(tc.user, tc.guild, tc.channel, tc.parent, "campaign", "status"); !strings.Contains(got, tc.want) {
			t.Errorf("/campaign status by %s in %q (parent %q):\n%s\nwant %s", tc.user, tc.channel, tc.parent, got, tc.want)
		}
	}
	if got := f.plcDo("ref9", "g", "c4", "", "campaign", "create", "name", "Fourth"); !strings.Contains(got, "already runs 3 campaigns") {
		t.Errorf("a 4th campaign past the cap of 3: %s", got)
	}
	if n := store.lists.Load(); n != 0 {
		t.Errorf("the commands listed every campaign %d times, want none", n)
	}
}
