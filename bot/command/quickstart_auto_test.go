package command

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// qsTwoPlayers starts scenario name with alice (the referee) for blake
// and bob seated for the bears.
func qsTwoPlayers(t *testing.T, name, seed string) *cmdFixture {
	t.Helper()
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", name, "side", "blake", "seed", seed)
	f.cmdMust("bob", "scenario", "join", "side", "bears")
	f.cmdMust("alice", "campaign", "approve", "user", "bob")
	return f
}

// neutralReferee hands the referee role of campaign 1 to carol, who
// plays no side: alice, who plays against bob, may not auto-resolve the
// battle he is playing (ruling AIL1); a referee who plays no side may.
func neutralReferee(t *testing.T, f *cmdFixture) {
	t.Helper()
	if err := f.store.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Referee, n.Settings.RefereePlays = "carol", false
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
}

// Ensure /battle auto fights a Quick-Start battle to its end for both
// sides, as it does a 1987 one: refused to a player without the referee
// role and to a referee who plays against him (ruling AIL1), the Green scenario (no turn limit of its own) ends by game turn
// 20 (ruling QS21), the campaign is over with the battle's winner, the
// after-action reports go to the thread and to each side's players with
// their last map and the button to their log, a player reads his own
// side's log only, and a second /battle auto says it is over.
func TestQuickStartAuto(t *testing.T) {
	f := qsTwoPlayers(t, "green-training", "3")
	if got := cmdTexts(f.cmdDo("bob", "battle", "auto")); !strings.Contains(got, refusedWho) {
		t.Errorf("bob ran /battle auto:\n%s", got)
	}
	if s := f.scdCampaign(1).QuickStart.State; s.Phase == quickstart.Over || s.TurnLimit != 0 {
		t.Fatalf("before /battle auto: %v phase, turn limit %d", s.Phase, s.TurnLimit)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "auto")); !strings.Contains(got, "Clan Ghost Bear plays battle 1: the AI may not take it from its players") {
		t.Errorf("alice, who plays against bob, ran /battle auto:\n%s", got)
	}
	neutralReferee(t, f)
	out := f.cmdMust("carol", "battle", "auto")
	c := f.scdCampaign(1)
	s := c.QuickStart.State
	if c.Phase != campaign.PhaseOver || s.Phase != quickstart.Over || s.TurnLimit != campaign.AutoTurnLimit || s.Turn > campaign.AutoTurnLimit {
		t.Fatalf("after /battle auto: campaign %s, battle %v at turn %d, limit %d", c.Phase, s.Phase, s.Turn, s.TurnLimit)
	}
	if s.Winner >= 0 && c.Winner != s.Sides[s.Winner] {
		t.Errorf("campaign winner %q, battle winner %d", c.Winner, s.Winner)
	}
	reports := map[string]Reply{}
	for _, r := range out {
		if strings.HasPrefix(r.Text, "After-action report") {
			reports[string(r.To)+r.User] = r
		}
	}
	// The heading's parentheses close once, as a 1987 battle's do.
	heading := fmt.Sprintf("After-action report: battle 1, Green Training Scenario (Quick-Start rules, game turns 1–%d", s.Turn)
	pub, ok := reports[string(Public)]
	if !ok || strings.Contains(pub.Text, "saw it") || strings.Contains(pub.Text, "Your Elements") || !strings.HasPrefix(pub.Text, heading+")\n") {
		t.Errorf("the public report:\n%s", pub.Text)
	}
	for user, side := range map[string]string{"alice": "Word of Blake", "bob": "Clan Ghost Bear"} {
		r, ok := reports[string(DM)+user]
		if !ok || !strings.HasPrefix(r.Text, heading+", as "+side+" saw it)\n") || !strings.Contains(r.Text, "Result: ") || len(r.Buttons) != 1 ||
			len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Name, ".png") {
			t.Errorf("%s's report:\n%s", user, r.Text)
		}
	}
	if got := cmdTexts(f.cmdDo("carol", "battle", "auto")); !strings.Contains(got, "battle 1 is over") {
		t.Errorf("a second /battle auto:\n%s", got)
	}
	// Bob's record, turn by turn, ends with the battle's end; the
	// blake's record is not his to read.
	first := cmdTexts(f.cmdMust("bob", "battle", "log"))
	m := regexp.MustCompile(`Battle 1 \(Quick-Start rules\), as Clan Ghost Bear saw it — page 1 of (\d+)\n— Set-up —\nset-up: Word of Blake, the defender, places its Units first`).FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("bob's log:\n%s", first)
	}
	last := c.QuickStart.Log[len(c.QuickStart.Log)-1]
	if got := cmdTexts(f.cmdMust("bob", "battle", "log", "page", m[1])); last.Type != "battle-over" || !strings.HasSuffix(strings.TrimSpace(got), last.Text) {
		t.Errorf("the last page of bob's log does not end with the battle's end (%s %q):\n%s", last.Type, last.Text, got)
	}
	if got := cmdTexts(f.cmdDo("bob", "battle", "log", "side", "blake")); !strings.Contains(got, refusedWho) {
		t.Errorf("bob reads blake's log:\n%s", got)
	}
}

// Ensure a Quick-Start battle's after-action reports tell each side its
// own record sheet's marks and never the enemy's (ruling QS19): with the
// bears' Ocelot marked with armor and fire control and engine hits and
// blake's Malak Infernus with an MP hit, blake's report shows the MP hit
// and none of the bears' marks, the bears' the reverse, and the public
// one neither.
func TestQuickStartReportSecrecy(t *testing.T) {
	f := qsTwoPlayers(t, "veteran-training", "5")
	neutralReferee(t, f)
	f.cmdMust("carol", "battle", "auto")
	if err := f.store.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		for i := range n.QuickStart.State.Units {
			u := &n.QuickStart.State.Units[i]
			e := &u.Elements[0]
			switch u.ID {
			case "AR":
				e.Destroyed, e.Removed, e.ArmorLeft, e.StructureLeft, e.Crits = false, false, 1, 1, quickstart.Crits{FireControl: 2, Engine: 1}
			case "DF":
				e.Destroyed, e.Removed, e.ArmorLeft, e.StructureLeft, e.Crits = false, false, 2, 2, quickstart.Crits{MP: 1}
			}
		}
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
	c := f.scdCampaign(1)
	text := map[string]string{}
	for _, r := range QuickStartAfterAction(c) {
		text[string(r.To)+r.User] = r.Text
	}
	blake, bears, public := text[string(DM)+"alice"], text[string(DM)+"bob"], text[string(Public)]
	if !strings.Contains(blake, "DF/1 Malak Infernus: armor 2/3, structure 2/2 (MP hits 1)") {
		t.Errorf("blake's report lacks its own marks:\n%s", blake)
	}
	if !strings.Contains(bears, "AR/1 Ocelot: armor 1/4, structure 1/2 (engine hits 1, fire control hits 2)") {
		t.Errorf("the bears' report lacks their own marks:\n%s", bears)
	}
	for who, tc := range map[string]struct {
		text    string
		secrets []string
	}{
		"blake":  {blake, []string{"Ocelot: armor", "fire control hits", "engine hits"}},
		"bears":  {bears, []string{"Malak Infernus: armor", "MP hits"}},
		"public": {public, []string{": armor", "hits 1", "hits 2"}},
	} {
		for _, s := range tc.secrets {
			if strings.Contains(tc.text, s) {
				t.Errorf("%s's report shows %q:\n%s", who, s, tc.text)
			}
		}
	}
}
