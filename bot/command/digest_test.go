package command

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure a campaign turn comes to each player as one direct message: his
// side's news under the steps' headings, then what to do next with its
// Ready button; none of it is the other side's.
func TestTurnDigestOneMessagePerPlayer(t *testing.T) {
	f := cmdNewFixture(t, true)
	f.cmdAIOrders(DefaultRules())
	out := f.cmdMust("ref", "campaign", "advance")
	dms := map[string][]Reply{}
	for _, r := range out {
		if r.To == DM && r.Battle == 0 {
			dms[r.User] = append(dms[r.User], r)
		}
	}
	c := f.scdCampaign(1)
	for user, side := range map[string]string{"alice": "crucis", "bob": "bandits"} {
		if len(dms[user]) != 1 {
			t.Fatalf("%s got %d direct messages, want one digest:\n%s", user, len(dms[user]), cmdTexts(out))
		}
		d := dms[user][0]
		for _, want := range []string{"Turn 1 report for " + c.Side(side).Name + "\n", "\nMovement:\n• ", "\n\nNext: Turn 2: orders for " + c.Side(side).Name + " are open"} {
			if !strings.Contains(d.Text, want) {
				t.Errorf("%s's digest lacks %q:\n%s", user, want, d.Text)
			}
		}
		if len(d.Buttons) != 1 || d.Buttons[0].Label != "Ready" {
			t.Errorf("%s's digest has buttons %v, want Ready", user, d.Buttons)
		}
		enemy := c.Enemy(side)
		own := map[string]bool{} // a text both sides got says nothing
		for _, e := range c.Log.All() {
			own[e.Text] = own[e.Text] || e.For(side)
		}
		for _, e := range c.Log.All() {
			if len(e.Audience) == 1 && e.Audience[0] == enemy.ID && !own[e.Text] && strings.Contains(d.Text, e.Text) {
				t.Errorf("%s's digest holds %s's secret %q", user, enemy.ID, e.Text)
			}
		}
	}
}

// Ensure the experience rolls are summed up: the units that improved are
// named, the ones that stay are counted.
func TestDigestSumsUpExperience(t *testing.T) {
	c := cmdNewFixture(t, true).scdCampaign(1)
	s := c.Side("crucis")
	var evs []campaign.Event
	for _, u := range []string{"A1", "A2", "A3"} {
		evs = append(evs, campaign.Event{Turn: 2, Step: "experience", Type: campaign.ExperienceStays, Audience: []string{"crucis"}, Text: u + " rolls 5 for experience (needs 10): stays regular"})
	}
	evs = append(evs, campaign.Event{Turn: 2, Step: "experience", Type: "experience", Audience: []string{"crucis"}, Text: "A4 rolls 11 for experience (needs 10): regular to veteran"},
		campaign.Event{Turn: 2, Step: "experience", Type: campaign.ExperienceStays, Audience: []string{"bandits"}, Text: "B1 rolls 3 for experience (needs 10): stays regular"})
	got := digestText(c, s, evs)
	want := "Turn 2 report for 7th Crucis Lancers\nExperience:\n• A4 rolls 11 for experience (needs 10): regular to veteran\n• 3 units rolled for experience and stay as they are"
	if got != want {
		t.Errorf("digest:\n%s\nwant:\n%s", got, want)
	}
}

// Ensure /campaign notify keeps a player's preferences: without a digest
// he is told only what to do next; quiet hours and pings are checked and
// shown back; bad hours are refused with the form to use.
func TestCampaignNotify(t *testing.T) {
	f := cmdNewFixture(t, true)
	if got := cmdTexts(f.cmdMust("alice", "campaign", "notify")); !strings.Contains(got, "a digest each turn, pings on, no quiet hours") {
		t.Errorf("the defaults: %s", got)
	}
	for _, bad := range []string{"22", "25-07", "7-7", "late"} {
		if got := cmdTexts(f.cmdDo("alice", "campaign", "notify", "quiet_hours", bad)); !strings.Contains(got, "quiet_hours:"+bad) || !strings.Contains(got, `"22-07"`) {
			t.Errorf("quiet_hours:%s: %s", bad, got)
		}
	}
	got := cmdTexts(f.cmdMust("alice", "campaign", "notify", "digest", "false", "pings", "false", "quiet_hours", "22-07"))
	if !strings.Contains(got, "private alice: ") || !strings.Contains(got, "no digest (only what to do next), no pings, quiet from 22:00 to 07:00") {
		t.Errorf("set: %s", got)
	}
	f.cmdAIOrders(DefaultRules())
	for _, r := range f.cmdMust("ref", "campaign", "advance") {
		if r.To == DM && r.User == "alice" && r.Battle == 0 && (strings.Contains(r.Text, "report for") || !strings.HasPrefix(r.Text, "Turn 2: orders for")) {
			t.Errorf("alice turned digests off but got: %q", r.Text)
		}
	}
	if got := cmdTexts(f.cmdMust("alice", "campaign", "notify", "quiet_hours", "none", "digest", "true")); !strings.Contains(got, "a digest each turn, no pings, no quiet hours") {
		t.Errorf("back: %s", got)
	}
}

// Ensure Notify drops the pings of a member who turned them off or is in
// his quiet hours (the campaign's time zone), sends him a direct message
// then silently, and leaves everyone else's messages as they were.
func TestNotifyAppliesPreferences(t *testing.T) {
	f := cmdNewFixture(t, true)
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		c.Settings.TimeZone = "Europe/Berlin"
		n, err := campaign.SetNotify(c, "alice", campaign.NotifyPrefs{QuietFrom: 22, QuietTo: 7})
		if err != nil {
			return nil, err
		}
		return campaign.SetNotify(n, "bob", campaign.NotifyPrefs{NoPings: true})
	})
	if err != nil {
		t.Fatal(err)
	}
	c := f.scdCampaign(1)
	out := []Reply{
		{To: DM, User: "alice", Ping: []string{"alice"}, Text: "a"},
		{To: DM, User: "bob", Ping: []string{"bob"}, Text: "b"},
		{To: Public, Ping: []string{"alice", "bob"}, Text: "c"},
	}
	// 21:30 UTC is 22:30 in Berlin in winter: alice's quiet hours.
	got := Notify(c, out, time.Date(2026, 1, 10, 21, 30, 0, 0, time.UTC))
	if !got[0].Silent || len(got[0].Ping) != 0 {
		t.Errorf("alice in her quiet hours: %+v", got[0])
	}
	if got[1].Silent || len(got[1].Ping) != 0 {
		t.Errorf("bob without pings: %+v", got[1])
	}
	if len(got[2].Ping) != 0 {
		t.Errorf("the public message pings %v, want nobody (alice is quiet, bob takes no pings)", got[2].Ping)
	}
	if len(out[1].Ping) != 1 {
		t.Error("Notify changed the replies it was given")
	}
	// 12:00 UTC: nobody is quiet.
	if got := Notify(c, out, time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)); got[0].Silent || len(got[0].Ping) != 1 || len(got[2].Ping) != 1 || got[2].Ping[0] != "alice" {
		t.Errorf("alice at noon: %+v; the public message pings %v, want alice", got[0], got[2].Ping)
	}
}

// Ensure the MP a unit has left after a move is told to the player who
// moved it, in his private answer, and to no teammate by direct message.
func TestMPLeftOnlyToTheMover(t *testing.T) {
	f := actFixture(t, secPreviewScenario(t))
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Side("a").Players = append(n.Side("a").Players, "carol")
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := f.cmdMust("alice", "battle", "move", "unit", "A1", "to", "0708")
	told := false
	for _, r := range out {
		if !strings.Contains(r.Text, "MP left") {
			continue
		}
		if r.To != Private || r.User != "alice" {
			t.Errorf("MP left went %s to %q: %q", r.To, r.User, r.Text)
		}
		told = true
	}
	if !told {
		t.Errorf("alice was not told A1's MP left:\n%s", cmdTexts(out))
	}
}

// Ensure a digest longer than a Discord message goes as several, cut
// between lines, every line kept once, the buttons on the last.
func TestSplitDigest(t *testing.T) {
	var lines []string
	for i := range 120 {
		lines = append(lines, fmt.Sprintf("• battlegroup %d moves to sector %d (Somewhere Far Away)", i, i%12))
	}
	d := Reply{To: DM, User: "alice", Campaign: 1, Text: strings.Join(lines, "\n"), Buttons: []Button{{Label: "Ready"}}}
	out := splitDigest(d)
	if len(out) < 3 {
		t.Fatalf("%d characters in %d messages", len(d.Text), len(out))
	}
	var back []string
	for i, r := range out {
		if len(r.Text) > digestChars || r.To != DM || r.User != "alice" {
			t.Errorf("message %d: %s %s, %d characters", i, r.To, r.User, len(r.Text))
		}
		if (len(r.Buttons) > 0) != (i == len(out)-1) {
			t.Errorf("message %d has buttons %v", i, r.Buttons)
		}
		text := r.Text
		if i > 0 {
			var ok bool
			if text, ok = strings.CutPrefix(text, "(continued)\n"); !ok {
				t.Errorf("message %d is not marked continued", i)
			}
		}
		back = append(back, text)
	}
	if strings.Join(back, "\n") != d.Text {
		t.Error("the messages do not hold the digest, each line once")
	}
	if got := splitDigest(Reply{Text: "short"}); len(got) != 1 || got[0].Text != "short" {
		t.Errorf("a short digest: %+v", got)
	}
}
