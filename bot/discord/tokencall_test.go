package discord_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// Ensure the rate-limit buckets of the bot's REST calls do not grow with
// the interactions answered. Discord limits an interaction's routes per
// interaction token, and a token serves one interaction for 15 minutes;
// discordgo's session keeps a bucket per endpoint string for its whole
// life, so a bucket per token would never be freed.
func TestRateBucketsBounded(t *testing.T) {
	t.Parallel()
	one, five := dscBuckets(t, 1), dscBuckets(t, 5)
	if five != one {
		t.Errorf("%d rate-limit buckets after 5 rounds of interactions, %d after one: want no growth", five, one)
	}
}

// dscBuckets answers rounds rounds of every kind of interaction, all in
// one channel from the same two users, and counts the session's
// rate-limit buckets once the bot has finished (Close waits for the
// handlers in flight).
func dscBuckets(t *testing.T, rounds int) int {
	rig := dscStart(t, dscGuild)
	ch, alice, bob := rig.fresh()
	for range rounds {
		rig.send(t, alice, dscGuild, ch, "ping", "", nil)         // a callback
		rig.send(t, alice, dscGuild, ch, "picture", "", nil)      // described files: callback, follow-up, DM
		rig.send(t, alice, dscGuild, ch, "battle", "status", nil) // deferral, thread post, edited answer
		rig.send(t, alice, dscGuild, ch, "shout-slow", "", nil)   // deferral, edit, follow-ups, posts
		rig.send(t, alice, dscGuild, ch, "notify", "", map[string]any{"user": bob})
		rig.press(t, bob, dscGuild, ch, "btn:a")
		rig.modal(t, alice, dscGuild, ch, "modal:orders", map[string]string{"note": "hold"})
		rig.complete(t, alice, dscGuild, ch, "orders", "move", "battlegroup", map[string]any{"battlegroup": "a"})
	}
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()
	if err := rig.bot.Close(ctx); err != nil {
		t.Fatal(err)
	}
	return rig.bot.RateBuckets()
}

// Ensure a 429 on a call made with an interaction's token (here the edit
// of a deferred answer) is waited out in the exchange's own bucket and the
// call made again, once.
func TestTokenCallRateLimited(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "slow", "", nil)
	dscStarted(t, rig.d, "slow")
	rig.fake.RateLimitNext(1)
	close(rig.d.release)
	rig.fake.MustWait(t, dscWait, "the deferred answer", func() bool {
		ans := rig.fake.Answers(in.ID)
		return len(ans) == 1 && !ans[0].Loading
	})
	var edits []int
	for _, r := range rig.fake.Requests() {
		if r.Method == "PATCH" && strings.HasSuffix(r.Path, "/messages/@original") {
			edits = append(edits, r.Status)
		}
	}
	if len(edits) != 2 || edits[0] != http.StatusTooManyRequests || edits[1] != http.StatusOK {
		t.Errorf("edits of the answer answered %v, want a 429 then 200", edits)
	}
	if ans := rig.fake.Answers(in.ID); ans[0].Content != "slow done" {
		t.Errorf("answer %+v, want 'slow done'", ans[0])
	}
}
