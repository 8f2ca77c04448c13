package command

import (
	"context"
	"strings"
	"testing"

	"bfbot/campaign"
)

// scdFixture is a registry on a fresh MemStore with no campaign.
func scdFixture(tb testing.TB) *cmdFixture {
	tb.Helper()
	f := &cmdFixture{tb: tb, store: NewMemStore(7)}
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	return f
}

// scdCampaign is the campaign with the given ID.
func (f *cmdFixture) scdCampaign(id int64) *campaign.Campaign {
	f.tb.Helper()
	c, err := f.store.Get(context.Background(), id)
	if err != nil {
		f.tb.Fatal(err)
	}
	for _, err := range c.Check() {
		f.tb.Error(err)
	}
	return c
}

// Ensure /scenario list names every shipped scenario with its sides.
func TestScenarioList(t *testing.T) {
	f := scdFixture(t)
	got := cmdTexts(f.cmdMust("mallory", "scenario", "list"))
	for _, want := range []string{"surprise-encounter — Surprise Encounter: 7th Crucis Lancers (lancers) against Moore's Bandits (bandits)", "steel-tip", "hot-assault"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

// Ensure a player can fight Surprise Encounter (000 lines 2199–2213)
// against the AI with /battle commands: the AI plays the bandits' phases
// after each of his, the battle ends, and so does the campaign, won by
// the battle's winner.
func TestScenarioAgainstAI(t *testing.T) {
	f := scdFixture(t)
	out := cmdTexts(f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3"))
	for _, want := range []string{"Campaign 1 is the scenario Surprise Encounter", "the AI plays Moore's Bandits until someone takes it"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	c := f.scdCampaign(1)
	if c.Referee != "alice" || c.SideOf("alice") == nil || c.SideOf("alice").ID != "lancers" {
		t.Fatalf("referee %q, alice plays %v", c.Referee, c.SideOf("alice"))
	}
	// Whoever won the initiative, the lancers are to act now.
	if got := c.Battle(1).State.PhasingSide().ID; got != "lancers" {
		t.Fatalf("phasing side after start = %s, want lancers", got)
	}
	view := f.cmdMust("alice", "battle", "view")
	if len(view) != 1 || len(view[0].Files) != 1 || view[0].To != Private {
		t.Fatalf("/battle view = %s", cmdTexts(view))
	}
	// The lancers hold their ground and end every phase; the bandits' AI
	// comes on. A few turns in, the lancers give up.
	for i := 0; i < 12; i++ {
		f.cmdMust("alice", "battle", "end")
		c = f.scdCampaign(1)
		if c.Phase == campaign.PhaseOver {
			break
		}
		if got := c.Battle(1).State.PhasingSide().ID; got != "lancers" {
			t.Fatalf("after /battle end %d the %s are to act, want lancers", i+1, got)
		}
	}
	if c.Battle(1).State.Turn < 3 && c.Phase != campaign.PhaseOver {
		t.Errorf("game turn %d after 12 phases", c.Battle(1).State.Turn)
	}
	if c.Phase != campaign.PhaseOver {
		out = cmdTexts(f.cmdMust("alice", "battle", "surrender", "confirm", "true"))
		c = f.scdCampaign(1)
	}
	b := c.Battle(1)
	if !b.Over || c.Phase != campaign.PhaseOver {
		t.Fatalf("battle over %t, campaign %s:\n%s", b.Over, c.Phase, out)
	}
	if got, want := c.Winner, b.Outcome.Winner; got != want || want != "bandits" {
		t.Errorf("winner = %q, battle's %q, want bandits", got, want)
	}
	if !strings.Contains(out, "scenario surprise-encounter is over: Moore's Bandits wins") {
		t.Errorf("no public end of the scenario in:\n%s", out)
	}
	got := cmdTexts(f.cmdDo("alice", "battle", "end", "campaign", "1"))
	if !strings.Contains(got, "no battle is being fought") {
		t.Errorf("/battle end after the end:\n%s", got)
	}
}

// Ensure a second player can take the AI's side, after which the AI no
// longer plays it, and that with ai:true nobody can.
func TestScenarioJoin(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		f := scdFixture(t)
		f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3")
		f.cmdMust("bob", "scenario", "join", "side", "bandits")
		if c := f.scdCampaign(1); c.SideOf("bob") != nil {
			t.Fatal("bob sat down on bandits without the starter's approval")
		}
		f.cmdMust("alice", "campaign", "approve", "user", "bob")
		f.cmdMust("alice", "battle", "end") // movement
		f.cmdMust("alice", "battle", "end") // attack
		c := f.scdCampaign(1)
		if got := c.Battle(1).State.PhasingSide().ID; got != "bandits" {
			t.Fatalf("after the lancers' phase the %s are to act, want bandits (bob)", got)
		}
		got := cmdTexts(f.cmdDo("alice", "battle", "end"))
		if !strings.Contains(got, "⚠") {
			t.Errorf("alice ended the bandits' phase:\n%s", got)
		}
		f.cmdMust("bob", "battle", "end")
	})
	t.Run("ErrAISide", func(t *testing.T) {
		f := scdFixture(t)
		f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "ai", "true")
		got := cmdTexts(f.cmdDo("bob", "scenario", "join", "side", "bandits"))
		if !strings.Contains(got, "the AI plays bandits in this scenario for good") {
			t.Errorf("/scenario join side:bandits:\n%s", got)
		}
	})
	t.Run("ErrNotScenario", func(t *testing.T) {
		f := cmdNewFixture(t, false)
		got := cmdTexts(f.cmdDo("mallory", "scenario", "join", "side", "crucis"))
		if !strings.Contains(got, "is not a scenario") {
			t.Errorf("/scenario join on a campaign:\n%s", got)
		}
	})
	t.Run("ErrSide", func(t *testing.T) {
		f := scdFixture(t)
		got := cmdTexts(f.cmdDo("alice", "scenario", "start", "name", "surprise-encounter", "side", "crucis"))
		if !strings.Contains(got, "side:crucis: surprise-encounter is fought by") {
			t.Errorf("/scenario start side:crucis:\n%s", got)
		}
	})
}

// Ensure a player who asks to take over a scenario's side from the AI
// is told that the starter, who plays the other side and holds the
// referee role, could read that side's secrets until then (ruling
// SEAT3): he may have left his seat, read the whole battle and sat down
// again, and nothing else would tell the newcomer. A campaign whose
// referee plays no side, or one not yet started, tells nothing.
func TestScenarioJoinToldTheRefereeCouldRead(t *testing.T) {
	const note = "could read every side's secrets"
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3")
	f.cmdMust("alice", "campaign", "leave")
	f.cmdMust("alice", "battle", "view") // the whole battle, the AI's side too
	f.cmdMust("alice", "campaign", "join", "side", "lancers")
	if got := cmdTexts(f.cmdMust("bob", "scenario", "join", "side", "bandits")); !strings.Contains(got, note) || !strings.Contains(got, "7th Crucis Lancers") {
		t.Errorf("bob's request to take over the bandits:\n%s\nwant the note that the referee, who plays the lancers, could read them", got)
	}
	if got := cmdTexts(f.cmdMust("carol", "scenario", "join", "side", "bandits")); strings.Contains(got, note) {
		t.Errorf("carol, asking once bob has, is told the referee could read the side still:\n%s", got)
	}
	g := cmdNewFixture(t, true)
	g.cmdMust("alice", "campaign", "leave")
	if got := cmdTexts(g.cmdMust("alice", "campaign", "join", "side", "crucis")); strings.Contains(got, note) {
		t.Errorf("a neutral referee's campaign tells the joiner:\n%s", got)
	}
}
