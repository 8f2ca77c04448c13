package app

import (
	"context"
	"strings"
	"testing"

	"bfbot/bot/command"
)

// Ensure the DMs of a deadline that cannot reach a player whose direct
// messages are closed make one notice in the campaign's channel, however
// many there were: the count would tell the other side how many secret
// messages his side was sent (a decision's default, a sighting, a
// question; ruling SE5).
func TestClosedDMsOneNoticePerDeadline(t *testing.T) {
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Lyons", "setup_tables", "false"))
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
	r.app.deliver(context.Background(), 1, []command.Reply{
		{To: command.DM, User: srvBob, Campaign: 1, Battle: 1, Text: "the default was taken: your platoon attacks"},
		{To: command.DM, User: srvBob, Campaign: 1, Battle: 1, Text: "B4 sights A2"},
		{To: command.DM, User: srvBob, Campaign: 1, Text: "Next: give orders"},
	})
	if got := notices() - before; got != 1 {
		t.Errorf("%d notices for Bob's three failed DMs, want 1", got)
	}
}
