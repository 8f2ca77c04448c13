package app

import (
	"context"
	"os"
	"testing"

	"bfbot/bot/command"
)

// Ensure battle 1 of two campaigns gets two threads (battle IDs count
// from 1 in every campaign), and that after a restart each battle's
// replies go on in its own thread instead of starting a new one.
func TestBattleThreadsPerCampaign(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "First"))
	// One running campaign a channel: the first ends before the second.
	r.must(srvRef, false, "campaign", "end", srvOpts("campaign", "1"))
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Second"))
	post := func(campaign int64, text string) {
		t.Helper()
		rep := command.Reply{To: command.Public, Campaign: campaign, Battle: 1, Text: text}
		if err := r.app.bot.Post(context.Background(), srvChannel, []command.Reply{rep}); err != nil {
			t.Fatalf("post %q: %v", text, err)
		}
	}
	post(1, "campaign 1 battle 1: first")
	post(2, "campaign 2 battle 1: first")
	if got := len(r.fake.Threads(srvChannel)); got != 2 {
		t.Fatalf("%d threads, want one per campaign's battle 1", got)
	}
	r.close()
	r.open()
	post(1, "campaign 1 battle 1: after the restart")
	post(2, "campaign 2 battle 1: after the restart")
	threads := r.fake.Threads(srvChannel)
	if len(threads) != 2 {
		t.Fatalf("%d threads after a restart, want the same 2", len(threads))
	}
	for i, th := range threads {
		msgs := r.fake.Messages(th.ID)
		if len(msgs) != 2 {
			t.Errorf("thread %d holds %d messages, want 2", i, len(msgs))
			continue
		}
		if msgs[0].Content[:10] != msgs[1].Content[:10] {
			t.Errorf("thread %d mixes campaigns: %q and %q", i, msgs[0].Content, msgs[1].Content)
		}
	}
}

// polWriteFile writes a test file owner-only.
func polWriteFile(path string, data []byte) error { return os.WriteFile(path, data, 0o600) }
