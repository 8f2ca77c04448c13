package app

import (
	"strings"
	"testing"

	"bfbot/bot/discordtest"
	"bfbot/campaign"
)

// Ensure, against the fake Discord, that a campaign's end is refused to a
// member without Manage Server and to a manager of another server, and
// that a manager of its own server who plays no part in it ends it: the
// end is posted in the campaign's channel naming him, and he is sent
// nothing of his own (ruling SEAT5).
func TestServerManagerEndsOverDiscord(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Lyons"))
	r.fake.SetUserName(plcMallory, "Mallory")
	if got := srvContent(r.send(plcMallory, srvGuild, srvChannel, "campaign", "end", nil)); !strings.Contains(got, "Not allowed:") {
		t.Fatalf("a member without Manage Server:\n%s", got)
	}
	manager := discordtest.MemberPermissions | discordtest.PermManageGuild
	r.fake.SetMemberPermissions(plcGuild2, plcMallory, manager)
	if got := srvContent(r.send(plcMallory, plcGuild2, plcChannel2, "campaign", "end", map[string]any{"campaign": 1})); !strings.Contains(got, "no such campaign in this server") {
		t.Fatalf("a manager of another server:\n%s", got)
	}
	if c := r.campaign(); c.Phase == campaign.PhaseOver {
		t.Fatal("a refused end ended the campaign")
	}
	r.fake.SetMemberPermissions(srvGuild, plcMallory, manager)
	answer := srvContent(r.send(plcMallory, srvGuild, plcOther, "campaign", "end", map[string]any{"campaign": 1}))
	if c := r.campaign(); c.Phase != campaign.PhaseOver {
		t.Fatalf("the server's manager did not end the campaign:\n%s", answer)
	}
	posted := srvContent(r.fake.Messages(srvChannel))
	if !strings.Contains(posted, "server manager Mallory ends the campaign") {
		t.Errorf("the campaign's channel does not tell who ended it:\n%s", posted)
	}
	if dms := r.fake.Messages(r.fake.DMChannel(plcMallory)); len(dms) > 0 {
		t.Errorf("the manager was sent DMs: %s", srvContent(dms))
	}
	// Typed in another channel, his answer only points to the posts.
	if strings.TrimSpace(answer) != "Posted in the campaign's channel <#"+srvChannel+">." {
		t.Errorf("the manager's own answer:\n%s", answer)
	}
}
