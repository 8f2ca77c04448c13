package app

import (
	"strings"
	"testing"
)

// srvPinned is the campaign channel's pinned status: how many times it
// was edited, and its text.
func srvPinned(t *testing.T, r *srvRig) (int, string) {
	t.Helper()
	for _, m := range r.fake.Messages(srvChannel) {
		if m.Pinned {
			return m.Edits, m.Content
		}
	}
	t.Fatal("no pinned status")
	return 0, ""
}

// Ensure the pinned status is edited only by a command whose news
// everyone is told: a player's own command that answers him alone (his
// notification settings, a refusal, his side's orders) leaves it
// untouched, since every edit reaches every member (Discord's Message
// Update event, the message's edited time) and would tell the other side
// when he acted; a public change still shows. A command that changes the
// campaign renames its caller as the server now shows him (reply.go), so
// Bob's orders after a change of nickname change the status's text: it
// must still not be written then.
func TestStatusUntouchedBySecretCommands(t *testing.T) {
	r := srvNewRig(t)
	srvSetUp(r)
	before, _ := srvPinned(t, r)
	r.fake.SetNick(srvBob, "Robert")
	r.must(srvBob, false, "campaign", "notify", srvOpts("quiet_hours", "22-07"))
	r.do(srvBob, false, "campaign", "decide", srvOpts("decision", "7", "answer", "keep")) // no decision 7: a refusal
	r.must(srvBob, false, "orders", "hold", srvOpts("bg", "1"))                           // in the channel: the nickname is a member's
	if c := r.campaign(); c.NameOf(srvBob) != "Robert" {
		t.Fatalf("Bob's orders did not rename him: %q", c.NameOf(srvBob))
	}
	if after, text := srvPinned(t, r); after != before || strings.Contains(text, "Robert") {
		t.Errorf("the pinned status was edited %d times by Bob's own commands, want none:\n%s", after-before, text)
	}
	r.must(srvRef, false, "campaign", "settings", srvOpts("turn_limit", "8"))
	if after, text := srvPinned(t, r); after == before || !strings.Contains(text, "Robert") {
		t.Errorf("the pinned status %q was not edited by a public change of the settings", text)
	}
}

// Ensure the pinned status follows public news whatever the command:
// a side sealing its orders with /orders ready (before, only /campaign
// and /undo refreshed it, so it said "orders not ready" until the
// deadline), and that a refresh whose text is unchanged edits nothing,
// since every edit reaches every member (ruling SE9).
func TestStatusFollowsPublicNews(t *testing.T) {
	r := srvNewRig(t)
	srvSetUp(r)
	before, text := srvPinned(t, r)
	if !strings.Contains(text, "Moore's Bandits (bandits): 0 VP; Bob, orders not ready") {
		t.Fatalf("pinned status before the orders are sealed:\n%s", text)
	}
	r.orders(srvBob, "bandits", 2)
	r.must(srvBob, true, "orders", "ready", nil)
	after, text := srvPinned(t, r)
	if !strings.Contains(text, "Bob, orders ready") || after != before+1 {
		t.Fatalf("pinned status after Bob sealed his orders (%d edits, want 1):\n%s", after-before, text)
	}
	r.app.refreshStatus(t.Context(), r.campaign().ID)
	if again, _ := srvPinned(t, r); again != after {
		t.Errorf("the pinned status was edited %d times with its text unchanged, want none", again-after)
	}
}
