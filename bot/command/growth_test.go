package command

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// grCreate runs /campaign create (or, with scenario, /scenario start) as
// user in guild and channel at rlT0+at and returns the replies' text.
func grCreate(reg *Registry, at time.Duration, user, guild, channel string, scenario bool) string {
	r := cmdRequest(user, "campaign", "create", "name", "C "+channel)
	if scenario {
		r = cmdRequest(user, "scenario", "start", "name", "surprise-encounter", "side", "lancers")
	}
	r.Guild, r.Channel, r.Now = guild, channel, rlT0.Add(at)
	return cmdTexts(reg.Dispatch(context.Background(), r))
}

// Ensure /campaign create and /scenario start share a per-user bucket
// (two, then one a minute) and a per-server one (five, then one a minute)
// that all the server's users draw on, and that another server's bucket
// is its own.
func TestCreateRateLimits(t *testing.T) {
	reg := New(Deps{Store: NewMemStore(7), ErrorID: func() string { return "test" }})
	n := 0
	create := func(at time.Duration, user, guild string, scenario bool) string {
		n++
		return grCreate(reg, at, user, guild, fmt.Sprintf("c%d", n), scenario)
	}
	for i := range 2 {
		if got := create(0, "u1", "g", false); strings.Contains(got, "⚠") {
			t.Fatalf("u1 create %d: %s", i, got)
		}
	}
	if got, want := create(0, "u1", "g", false), "private u1: ⚠ Slow down: /campaign create creates a campaign, which takes a while. Try again in 60 seconds.\n"; got != want {
		t.Errorf("u1's 3rd create:\n got %q\nwant %q", got, want)
	}
	// u2 and u3 bring the server to its burst of five.
	for _, u := range []string{"u2", "u2", "u3"} {
		if got := create(0, u, "g", false); strings.Contains(got, "⚠") {
			t.Fatalf("%s create: %s", u, got)
		}
	}
	if got := create(0, "u3", "g", true); !strings.Contains(got, "⚠ Slow down: campaigns are being created quickly on this server, and /scenario start creates a campaign. Try again in 60 seconds.") {
		t.Errorf("6th creation on the server: %s", got)
	}
	// Another server has its own bucket; u3 still has one of his two.
	if got := create(0, "u3", "g2", true); strings.Contains(got, "⚠") {
		t.Errorf("u3 in another server: %s", got)
	}
	// A minute on, the server has one token again.
	if got := create(time.Minute, "u4", "g", false); strings.Contains(got, "⚠") {
		t.Errorf("a minute later: %s", got)
	}
	if got := create(time.Minute, "u5", "g", false); !strings.Contains(got, "on this server") {
		t.Errorf("again at once: %s", got)
	}
}

// Ensure a server runs at most Deps.MaxCampaignsPerServer campaigns not
// yet over: a creation past it is refused saying why and what to do,
// another server is not counted, and ending a campaign makes room.
func TestCampaignCapPerServer(t *testing.T) {
	store := NewMemStore(7)
	reg := New(Deps{Store: store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}, MaxCampaignsPerServer: 2})
	for i, ch := range []string{"c1", "c2"} {
		if got := grCreate(reg, 0, "ref", "g", ch, i == 1); strings.Contains(got, "⚠") {
			t.Fatalf("creation %d: %s", i, got)
		}
	}
	want := "⚠ This server already runs 2 campaigns, as many as the bot allows a server (max_campaigns_per_server): its referee, or a member with Manage Server (ruling SEAT5), ends one with /campaign end before another starts, or the bot's operator raises the limit."
	for _, scenario := range []bool{false, true} {
		if got := grCreate(reg, 0, "ref", "g", "c3", scenario); !strings.Contains(got, want) {
			t.Errorf("3rd campaign (scenario %t):\n got %s\nwant %s", scenario, got, want)
		}
	}
	if list, _ := store.List(context.Background()); len(list) != 2 {
		t.Errorf("%d campaigns stored, want 2", len(list))
	}
	if got := grCreate(reg, 0, "ref", "g2", "c3", false); strings.Contains(got, "⚠") {
		t.Errorf("another server: %s", got)
	}
	end := cmdRequest("ref", "campaign", "end", "campaign", "1")
	end.Channel = "c1"
	if got := cmdTexts(reg.Dispatch(context.Background(), end)); strings.Contains(got, "⚠") {
		t.Fatalf("end: %s", got)
	}
	if got := grCreate(reg, 0, "ref", "g", "c3", false); strings.Contains(got, "⚠") {
		t.Errorf("after an end: %s", got)
	}
}

// Ensure the default cap is config's default.
func TestDefaultCampaignCap(t *testing.T) {
	reg := New(Deps{Store: NewMemStore(7), ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	for i := range DefaultMaxCampaignsPerServer {
		if got := grCreate(reg, 0, "ref", "g", fmt.Sprintf("c%d", i), false); strings.Contains(got, "⚠") {
			t.Fatalf("creation %d: %s", i, got)
		}
	}
	if got := grCreate(reg, 0, "ref", "g", "last", false); !strings.Contains(got, "already runs 20 campaigns") {
		t.Errorf("21st: %s", got)
	}
}
