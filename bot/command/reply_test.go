package command

import (
	"context"
	"fmt"
	"strings"
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

// Ensure BattleReplies tells an offer to end the battle standing (ruling
// V18) as a side's turn begins only when that side may accept it, the
// batch did not tell of an offer already, and the battle goes on: Lancers
// offers in its own movement phase; its own next turn is not reminded of
// it, Bandits' turn is, a batch that holds the offer itself is not, nor
// one in which the battle ended (kept out twice: by BattleReplies'
// ended and by truceStanding's end phase, so the last case fails only
// when both go).
func TestBattleRepliesTruceReminder(t *testing.T) {
	f := actFixture(t, actEdge) // battle_actions_test.go
	f.cmdMust("alice", "battle", "truce")
	offering := f.scdCampaign(1) // Lancers, who offer, move
	f.cmdMust("alice", "battle", "end")
	f.cmdMust("alice", "battle", "end")
	accepting := f.scdCampaign(1) // Bandits, who may accept, move
	f.cmdMust("bob", "battle", "surrender", "confirm", "true")
	ended := f.scdCampaign(1)
	for _, c := range []struct {
		c       *campaign.Campaign
		phasing string
		over    bool
	}{{offering, "a", false}, {accepting, "b", false}, {ended, "b", true}} {
		if s := c.c.Battle(1).State; s.PhasingSide().ID != c.phasing || !s.Side("a").OffersTruce || s.Side("b").OffersTruce || c.c.Battle(1).Over != c.over {
			t.Fatalf("phasing %s, a offers %v, b offers %v, over %v; want %s phasing, a's offer alone standing, over %v",
				s.PhasingSide().ID, s.Side("a").OffersTruce, s.Side("b").OffersTruce, c.c.Battle(1).Over, c.phasing, c.over)
		}
	}
	// turn is the event of the phasing side's turn beginning, as the
	// engine gives it (referee/sequence.go).
	turn := func(c *campaign.Campaign) referee.Event {
		s := c.Battle(1).State
		return referee.Event{Type: "turn", Turn: s.Turn, Text: fmt.Sprintf("Turn %d: %s moves", s.Turn, s.PhasingSide().Name)}
	}
	// The offer as the engine told it, and the end of the battle.
	var offer, end referee.Event
	for _, l := range ended.Battle(1).Log {
		switch l.Event.Type {
		case "truce":
			offer = l.Event
		case "battle_end":
			end = l.Event
		}
	}
	if offer.Type == "" || end.Type == "" {
		t.Fatalf("the battle's log holds no offer (%+v) or no end (%+v)", offer, end)
	}
	const reminder = "Lancers offers to end the battle as it stands (ruling V18): Bandits may accept with /battle truce; any attack withdraws the offer."
	for _, tc := range []struct {
		name string
		c    *campaign.Campaign
		evs  []referee.Event
		want int // reminders in the battle's thread
	}{
		{"the turn of a side that may accept", accepting, []referee.Event{turn(accepting)}, 1},
		{"the offering side's own turn", offering, []referee.Event{turn(offering)}, 0},
		{"a batch that told the offer", accepting, []referee.Event{offer, turn(accepting)}, 0},
		{"a battle that ended", ended, []referee.Event{turn(ended), end}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := 0
			for _, r := range BattleReplies(tc.c, 1, tc.evs) {
				if n := strings.Count(r.Text, reminder); n > 0 && r.To != Public {
					t.Errorf("the reminder went %s %s, not to the battle's thread: %q", r.To, r.User, r.Text)
				} else {
					got += n
				}
			}
			if got != tc.want {
				t.Errorf("%d reminders of the offer, want %d, in:\n%s", got, tc.want, cmdTexts(BattleReplies(tc.c, 1, tc.evs)))
			}
		})
	}
}
