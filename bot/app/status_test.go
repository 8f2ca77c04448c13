package app

import (
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
