package command

import (
	"strings"
	"testing"
)

// cmdAsManager is request r from a member who may manage the server
// guild (Discord's Manage Server permission).
func cmdAsManager(r *Request, guild string) *Request {
	r.Guild, r.Manager = guild, true
	return r
}

// Ensure a manager of the campaign's server who plays no part in it may
// end it, while a member without the permission and a manager of another
// server may not, and that he gets nothing but the public end everyone
// sees: the same replies as the referee's own end, none addressed to him
// (ruling SEAT5).
func TestServerManagerEnds(t *testing.T) {
	f := cmdNewFixture(t, true)
	if got := cmdTexts(f.cmdDo("mallory", "campaign", "end")); !strings.Contains(got, refusedWho) {
		t.Fatalf("a member without Manage Server ended the campaign:\n%s", got)
	}
	other := cmdTexts(f.reg.Dispatch(t.Context(), cmdAsManager(cmdRequest("mallory", "campaign", "end", "campaign", "1"), "g2")))
	if !strings.Contains(other, "no such campaign in this server") {
		t.Fatalf("a manager of another server was not told the campaign does not exist:\n%s", other)
	}
	// No other referee power comes with it: the export shows every side.
	if got := cmdTexts(f.reg.Dispatch(t.Context(), cmdAsManager(cmdRequest("mallory", "campaign", "export"), "g"))); !strings.Contains(got, refusedWho) {
		t.Fatalf("a manager exported the campaign:\n%s", got)
	}

	// Nor of a campaign made outside any server, which every server reaches.
	loose := cmdRequest("ref", "campaign", "create", "name", "Loose")
	loose.Guild, loose.Channel = "", "c3"
	f.reg.Dispatch(t.Context(), loose)
	if got := cmdTexts(f.reg.Dispatch(t.Context(), cmdAsManager(cmdRequest("mallory", "campaign", "end", "campaign", "2"), "g"))); !strings.Contains(got, refusedWho) {
		t.Fatalf("a server's manager ended a campaign of no server:\n%s", got)
	}

	byManager := f.reg.Dispatch(t.Context(), cmdAsManager(cmdRequest("mallory", "campaign", "end"), "g"))
	got := cmdTexts(byManager)
	if !strings.Contains(got, "server manager mallory ends the campaign") {
		t.Fatalf("the manager's end does not say who ended it:\n%s", got)
	}
	for _, r := range byManager {
		if r.To != Public || r.User == "mallory" {
			t.Errorf("the manager got a reply not everyone sees: %+v", r)
		}
	}
	if got := cmdTexts(f.cmdDo("mallory", "help", "", "command", "campaign end")); !strings.Contains(got, "(referee or server manager)") {
		t.Errorf("/help does not say a server manager may end a campaign:\n%s", got)
	}
	ref := cmdNewFixture(t, true)
	want := cmdTexts(ref.cmdMust("ref", "campaign", "end"))
	if strings.ReplaceAll(got, "server manager mallory", "the referee") != want {
		t.Errorf("the manager's end differs from the referee's:\n%s\nwant\n%s", got, want)
	}
}
