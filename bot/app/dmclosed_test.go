package app

import (
	"context"
	"slices"
	"strings"
	"testing"

	"bfbot/bot/command"
	"bfbot/bot/discordtest"
)

// Ensure the DMs of a deadline that cannot reach a player whose direct
// messages are closed tell the other side nothing (ruling SE5): sent to
// his side alone (a decision's default, a sighting), they make no notice
// in the campaign's channel, and he is told privately at his next
// command; sent to every player (orders open), they make one notice that
// names him, however many of his failed, since their count would tell how
// many secret messages his side was sent.
func TestClosedDMsOneNoticePerDeadline(t *testing.T) {
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Lyons", "setup_tables", "false"))
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.fake.CloseDMs(srvBob)
	notices := func() int {
		n := 0
		for _, m := range r.fake.Messages(srvChannel) {
			if strings.HasPrefix(m.Content, "<@"+srvBob+"> the bot cannot send you direct messages") {
				n++
			}
		}
		return n
	}
	before := notices()
	secret := []command.Reply{
		{To: command.DM, User: srvBob, Campaign: 1, Battle: 1, Text: "the default was taken: your platoon attacks"},
		{To: command.DM, User: srvBob, Campaign: 1, Battle: 1, Text: "B4 sights A2"},
	}
	r.app.deliver(context.Background(), 1, secret)
	if got := notices() - before; got != 0 {
		t.Errorf("%d notices in the channel for DMs to Bob's side alone, want none", got)
	}
	// Each side sent a secret of its own at once: every player was sent
	// a DM, but not one they are all sent alike.
	r.app.deliver(context.Background(), 1, append([]command.Reply{{To: command.DM, User: srvAlice, Campaign: 1, Battle: 1, Text: "A2 sights B4"}}, secret[0]))
	if got := notices() - before; got != 0 {
		t.Errorf("%d notices in the channel for a secret DM to each side, want none", got)
	}
	// The marker is kept in the store, so that a restart, or the process
	// that answers Bob's commands not being the one that ran the deadline
	// (shared store), does not lose it.
	if v, err := r.app.db.GetRecord(context.Background(), missedDMKey(1, srvBob)); err != nil || v == nil {
		t.Fatalf("no missed-DM marker in the store for Bob: %q, %v", v, err)
	}
	own, err := r.fake.SendCommand(srvBob, srvGuild, srvChannel, "campaign", "status", nil)
	if err != nil {
		t.Fatal(err)
	}
	r.fake.MustWait(t, srvWait, "Bob told of his missed DMs at his next command", func() bool {
		return srvContains(r.fake.Answers(own.ID), "direct message for you could not be delivered")
	})
	again, err := r.fake.SendCommand(srvBob, srvGuild, srvChannel, "campaign", "status", nil)
	if err != nil {
		t.Fatal(err)
	}
	r.fake.MustWait(t, srvWait, "Bob's second command answered", func() bool { return len(r.fake.Answers(again.ID)) > 0 })
	if srvContains(r.fake.Answers(again.ID), "direct message for you could not be delivered") {
		t.Error("Bob told twice of the same missed DMs")
	}
	everyone := append([]command.Reply{{To: command.DM, User: srvAlice, Campaign: 1, Everyone: true, Text: "Turn 2: orders for 7th Crucis Lancers are open."}},
		append(secret, command.Reply{To: command.DM, User: srvBob, Campaign: 1, Everyone: true, Text: "Turn 2: orders for Moore's Bandits are open."})...)
	before = notices()
	r.app.deliver(context.Background(), 1, everyone)
	if got := notices() - before; got != 1 {
		t.Errorf("%d notices for Bob's three failed DMs of a deadline that DMs everyone, want 1", got)
	}
	// A member who turned pings off is named, not pinged.
	r.must(srvBob, false, "campaign", "notify", srvOpts("pings", "false"))
	before = notices()
	r.app.deliver(context.Background(), 1, everyone)
	if got := notices() - before; got != 0 {
		t.Errorf("Bob pinged %d times with his pings turned off", got)
	}
	if !slices.ContainsFunc(r.fake.Messages(srvChannel), func(m discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "Bob: the bot cannot send you direct messages") && len(m.Pings.Users) == 0
	}) {
		t.Error("no notice naming Bob, whose pings are off")
	}
}
