package app

import (
	"strings"
	"testing"
)

// Ensure the pinned status is edited only by a campaign command whose
// news everyone is told: a player's own /campaign command that answers
// him alone (his notification settings, a decision of his side, a
// refusal) leaves it untouched, since every edit reaches every member
// (Discord's Message Update event, the message's edited time) and would
// tell the other side when he acted; a public change still shows.
func TestStatusUntouchedBySecretCommands(t *testing.T) {
	r := srvNewRig(t)
	srvSetUp(r)
	edits := func() (int, string) {
		for _, m := range r.fake.Messages(srvChannel) {
			if m.Pinned {
				return m.Edits, m.Content
			}
		}
		t.Fatal("no pinned status")
		return 0, ""
	}
	before, _ := edits()
	r.must(srvBob, false, "campaign", "notify", srvOpts("quiet_hours", "22-07"))
	r.do(srvBob, false, "campaign", "decide", srvOpts("decision", "7", "answer", "keep"))
	if after, _ := edits(); after != before {
		t.Errorf("the pinned status was edited %d times by Bob's own commands, want none", after-before)
	}
	r.must(srvRef, false, "campaign", "settings", srvOpts("turn_limit", "8"))
	if after, text := edits(); after == before {
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
	pinned := func() (int, string) {
		for _, m := range r.fake.Messages(srvChannel) {
			if m.Pinned {
				return m.Edits, m.Content
			}
		}
		t.Fatal("no pinned status")
		return 0, ""
	}
	before, text := pinned()
	if !strings.Contains(text, "Moore's Bandits (bandits): 0 VP; Bob, orders not ready") {
		t.Fatalf("pinned status before the orders are sealed:\n%s", text)
	}
	r.orders(srvBob, "bandits", 2)
	r.must(srvBob, true, "orders", "ready", nil)
	after, text := pinned()
	if !strings.Contains(text, "Bob, orders ready") || after != before+1 {
		t.Fatalf("pinned status after Bob sealed his orders (%d edits, want 1):\n%s", after-before, text)
	}
	r.app.refreshStatus(t.Context(), r.campaign().ID)
	if again, _ := pinned(); again != after {
		t.Errorf("the pinned status was edited %d times with its text unchanged, want none", again-after)
	}
}
