package command

import (
	"context"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
)

// Ensure the exported reply builders (used by the scheduler's turns in
// bot/app as well) address each event by its audience (ruling R10):
// public lines to the channel or the battle's thread, secret ones by DM
// to the players of the sides that may see them only.
func TestAudienceReplies(t *testing.T) {
	f := cmdNewFixture(t, true)
	c, err := f.store.Get(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("EventReplies", func(t *testing.T) {
		got := EventReplies(c, []campaign.Event{
			{Type: "note", Text: "everyone"},
			{Type: "note", Text: "crucis only", Audience: []string{"crucis"}},
		})
		want := []Reply{
			{To: Public, Campaign: 1, Text: "everyone"},
			{To: DM, User: "alice", Campaign: 1, Text: "crucis only"},
		}
		polSameReplies(t, got, want)
	})
	t.Run("BattleReplies", func(t *testing.T) {
		got := BattleReplies(c, 2, []referee.Event{
			{Type: "roll"},
			{Type: "sighting", Text: "seen by all"},
			{Type: "sighting", Text: "bandits only", Audience: []string{"bandits"}},
			{Type: "mine", Text: "no side", Audience: []string{}},
		})
		want := []Reply{
			{To: Public, Campaign: 1, Battle: 2, Text: "seen by all"},
			{To: DM, User: "bob", Campaign: 1, Battle: 2, Text: "bandits only"},
		}
		polSameReplies(t, got, want)
	})
}

func polSameReplies(t *testing.T, got, want []Reply) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d replies, want %d:\n%s", len(got), len(want), cmdTexts(got))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.To != w.To || g.User != w.User || g.Campaign != w.Campaign || g.Battle != w.Battle || g.Text != w.Text {
			t.Errorf("reply %d = %+v, want %+v", i, g, w)
		}
	}
}
