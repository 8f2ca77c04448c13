package discord_test

import (
	"context"
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
