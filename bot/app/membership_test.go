package app

import (
	"strings"
	"testing"
)

const srvEve = "200000000000000304" // a late joiner

// Ensure, through the fake Discord with the real discordgo client, that a
// join after the start waits for the referee: Eve is answered privately,
// sees nothing of the side by DM or in the channel, the referee gets a
// DM with Approve and Deny buttons, and his Approve seats her with a
// notice in the campaign's channel that names her (ruling SEAT1).
func TestLateJoinEndToEnd(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.fake.SetUserName(srvEve, "Eve")
	fltSetUp(r)

	out := r.must(srvEve, false, "campaign", "join", srvOpts("side", "crucis"))
	if len(out) == 0 || !out[0].Ephemeral || !strings.Contains(out[0].Content, "The referee decides") {
		t.Fatalf("the request's answer: %+v", srvTexts(out))
	}
	for _, cmd := range [][2]string{{"bg", "list"}, {"orders", "show"}, {"map", "strategic"}} {
		got := r.do(srvEve, true, cmd[0], cmd[1], nil)
		if !srvContains(got, "Not allowed:") || srvContains(got, "Battlegroup Worksheet") || len(got[0].Files) > 0 {
			t.Errorf("/%s %s by Eve while she waits: %v", cmd[0], cmd[1], srvTexts(got))
		}
	}
	var approve string
	r.fake.MustWait(t, srvWait, "the referee's Approve button", func() bool {
		var ok bool
		approve, ok = srvButton(r.fake.DMs(srvRef), "Approve")
		return ok && srvContains(r.fake.DMs(srvRef), "Eve asks to join 7th Crucis Lancers")
	})
	if _, ok := srvButton(r.fake.DMs(srvRef), "Deny"); !ok {
		t.Error("no Deny button")
	}
	// Eve cannot press the referee's button for herself.
	in, err := r.fake.PressButton(srvEve, srvGuild, srvChannel, approve)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.answers(in.ID); !srvContains(got, "Not allowed:") {
		t.Errorf("Eve pressed Approve: %v", srvTexts(got))
	}
	if r.campaign().SideOf(srvEve) != nil {
		t.Fatal("Eve seated herself")
	}
	in, err = r.fake.PressButton(srvRef, "", r.fake.DMChannel(srvRef), approve)
	if err != nil {
		t.Fatal(err)
	}
	r.answers(in.ID)
	if s := r.campaign().SideOf(srvEve); s == nil || s.ID != "crucis" {
		t.Fatalf("Approve did not seat Eve on crucis: %v", s)
	}
	r.fake.MustWait(t, srvWait, "the public notice of Eve's seat", func() bool {
		return srvContains(r.fake.Messages(srvChannel), "Eve joins 7th Crucis Lancers")
	})
	if got := r.must(srvEve, true, "bg", "list", nil); !srvContains(got, "Battlegroup Worksheet") {
		t.Errorf("Eve, seated, does not see her worksheet: %v", srvTexts(got))
	}
	srvNoUserIDs(t, r)
}
