package command

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure /battle truce (ruling V18) as the players meet it: alice's
// offer is made at once, told in public and explained to her; a second
// is refused in the engine's words; /battle status and bob's /battle view
// show it standing; bob's truce, out of his phase, asks first and says
// only how the battle is scored, nothing of what his side cannot see;
// confirmed with its button, it ends the battle, a draw nobody is hurt in, which the
// campaign records as any end, with the after-action reports.
func TestBattleTruce(t *testing.T) {
	f := actFixture(t, actEdge) // battle_actions_test.go
	out := f.cmdMust("alice", "battle", "truce")
	public, mine := seenBy(out, ""), seenBy(out, "alice")
	if !strings.Contains(public, "Lancers offers to end the battle as it stands (ruling V18); Bandits may accept with truce (/battle truce), and any attack withdraws the offer") {
		t.Errorf("no public offer in:\n%s", cmdTexts(out))
	}
	if !strings.Contains(mine, "You offer to end battle 1 as it stands (ruling V18). If Bandits offers too (/battle truce), the battle ends at once") || !strings.Contains(mine, "any attack, strafe or bomb run by either side withdraws your offer") {
		t.Errorf("alice is not told what her offer means:\n%s", mine)
	}
	if !strings.Contains(mine, "your movement phase goes on") {
		t.Errorf("alice, in her phase, is not told it goes on:\n%s", mine)
	}
	if s := f.state(); !s.Side("a").OffersTruce || s.Phase != referee.PhaseMovement {
		t.Fatalf("after the offer: a offers %v, phase %v", s.Side("a").OffersTruce, s.Phase)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "truce")); !strings.Contains(got, "⚠") || !strings.Contains(got, "Lancers has already offered to end the battle; the offer stands until the battle ends by agreement or an attack is made") {
		t.Errorf("a second offer: %s", got)
	}
	standing := "Lancers offers to end the battle as it stands (ruling V18): Bandits may accept with /battle truce; any attack withdraws the offer."
	if got := cmdTexts(f.cmdMust("mallory", "battle", "status", "battle", "1")); !strings.Contains(got, standing) {
		t.Errorf("/battle status does not show the offer:\n%s", got)
	}
	if got := cmdTexts(f.cmdMust("bob", "battle", "view")); !strings.Contains(got, standing) {
		t.Errorf("bob's /battle view does not show the offer:\n%s", got)
	}

	ask := f.cmdMust("bob", "battle", "truce")
	got := cmdTexts(ask)
	if !strings.Contains(got, "private bob") || !strings.Contains(got, "Lancers offers to end battle 1 as it stands (ruling V18). Accepting ends it now, scored as at its turn limit") || !strings.Contains(got, "/battle truce battle:1 confirm:true") {
		t.Errorf("bob's acceptance is not asked first: %s", got)
	}
	for _, leak := range []string{"A1", "A2", "A3", "VP", "wins", "draw"} {
		if strings.Contains(got, leak) {
			t.Errorf("the question holds %q, which bob's side may not know or which would guess the result: %s", leak, got)
		}
	}
	if s := f.state(); s.Phase == referee.PhaseOver || s.Side("b").OffersTruce {
		t.Fatal("the question acted")
	}

	out = f.press("bob", ask) // the button: /battle truce confirm:true
	public = seenBy(out, "")
	for _, want := range []string{"Bandits accepts the offer to end the battle as it stands (ruling V18)", "battle over: a draw"} {
		if !strings.Contains(public, want) {
			t.Errorf("missing %q in the public replies:\n%s", want, cmdTexts(out))
		}
	}
	if strings.Contains(cmdTexts(out), "You offer") {
		t.Errorf("the acceptance is told as an offer:\n%s", cmdTexts(out))
	}
	c := f.scdCampaign(1)
	b := c.Battle(1)
	if !b.Over || b.Outcome == nil || b.Outcome.Winner != "" || c.Phase != campaign.PhaseOver {
		t.Fatalf("battle over %v, outcome %+v, campaign %s: want a draw recorded and the scenario over", b.Over, b.Outcome, c.Phase)
	}
	report := false
	for _, r := range out {
		report = report || r.To == DM && r.User == "bob" && len(r.Files) > 0
	}
	if !report {
		t.Errorf("no after-action report to bob:\n%s", cmdTexts(out))
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "truce", "battle", "1")); !strings.Contains(got, "⚠") || strings.Contains(got, "confirm") {
		t.Errorf("a truce after the end: %s", got)
	}
	if got := cmdTexts(f.cmdMust("mallory", "rules", "", "topic", "truce")); !strings.Contains(got, "/battle truce") || !strings.Contains(got, "ruling V18") || !strings.Contains(got, "Read: BattleForce p.") {
		t.Errorf("/rules topic:truce: %s", got)
	}
}

// Ensure /rules topic:truce says what ruling V18 decides for any number
// of sides (a scenario file may have three): every side still in the
// battle must offer, two offers at least, and a side with no unit left in
// sight is not waited for; not that "both sides" end it.
func TestRulesTruceAnySides(t *testing.T) {
	f := actFixture(t, actEdge)
	got := cmdTexts(f.cmdMust("mallory", "rules", "", "topic", "truce"))
	for _, want := range []string{"any side may offer", "any attack by any side withdraws every offer", "every side still in it has an offer standing, two offers at least", "with three or more, a side that is gone or has no unit left in sight is not waited for"} {
		if !strings.Contains(got, want) {
			t.Errorf("/rules topic:truce lacks %q: %s", want, got)
		}
	}
	for _, twoSides := range []string{"either side", "both sides have offered"} {
		if strings.Contains(got, twoSides) {
			t.Errorf("/rules topic:truce assumes two sides (%q): %s", twoSides, got)
		}
	}
}

// Ensure only a side's player offers for his side: a stranger, the
// referee who plays none, a member asking from another server and bob
// typing a side option are refused and change nothing; bob's offer is
// bandits', not crucis'.
func TestBattleTruceWho(t *testing.T) {
	f := actFixture(t, actEdge)
	// The campaign lives in server g, as one made by /campaign create.
	if err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Guild, n.Channel = "g", "c"
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ user, guild, want string }{
		{"mallory", "g", refusedWho}, {"ref", "g", refusedWho}, {"alice", "g2", refusedWhere},
	} {
		r := cmdRequest(c.user, "battle", "truce", "campaign", "1", "confirm", "true")
		if c.guild != "g" {
			r.Guild, r.Channel = c.guild, "c-"+c.guild
		}
		if got := cmdTexts(f.reg.Dispatch(t.Context(), r)); !strings.Contains(got, c.want) {
			t.Errorf("%s from %s: %s, want %q", c.user, c.guild, got, c.want)
		}
	}
	if got := cmdTexts(f.cmdDo("bob", "battle", "truce", "side", "a")); !strings.Contains(got, "⚠") {
		t.Errorf("bob with side:a: %s", got)
	}
	if s := f.state(); s.Side("a").OffersTruce || s.Side("b").OffersTruce {
		t.Fatal("a refused truce was recorded")
	}
	f.cmdMust("bob", "battle", "truce")
	if s := f.state(); s.Side("a").OffersTruce || !s.Side("b").OffersTruce {
		t.Errorf("bob's offer: a %v, b %v; want b's alone", s.Side("a").OffersTruce, s.Side("b").OffersTruce)
	}
}

// Ensure a truce in a campaign battle: refused in the deployment in the
// engine's words; an offer standing is told again as the turn of the
// side that may accept it begins, not the offering side's; an acceptance
// confirmed
// ends the battle and the campaign records it as any end.
func TestBattleTruceInCampaign(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign turn")
	}
	f := cmdNewFixture(t, true)
	id, _ := f.cmdContact()
	bid := strconv.Itoa(id)
	f.cmdSetUpTogether(id)
	if got := cmdTexts(f.cmdDo("alice", "battle", "truce", "battle", bid)); !strings.Contains(got, "a truce may be offered once the battle has begun") {
		t.Errorf("a truce in the deployment: %s", got)
	}
	f.cmdMust("alice", "battle", "deploy", "battle", bid, "auto", "true")
	f.cmdMust("bob", "battle", "deploy", "battle", bid, "auto", "true")
	cmdDecideBattle(f, id)
	users := map[string]string{"crucis": "alice", "bandits": "bob"}
	st := f.scdCampaign(1).Battle(id).State
	mover := users[st.PhasingSide().ID]
	other := users[st.Sides[0].ID]
	if other == mover {
		other = users[st.Sides[1].ID]
	}
	f.cmdMust(other, "battle", "truce", "battle", bid)
	f.cmdMust(mover, "battle", "end", "battle", bid)
	out := f.cmdMust(mover, "battle", "end", "battle", bid)
	c := f.scdCampaign(1)
	reminder := c.SideOf(other).Name + " offers to end the battle as it stands (ruling V18): " + c.SideOf(mover).Name + " may accept with /battle truce"
	if b := c.Battle(id); b.Over || b.State.PhasingSide().ID != c.SideOf(other).ID || !b.State.Side(c.SideOf(other).ID).OffersTruce {
		t.Fatalf("after %s's turn: over %v, phasing %s, the offer of %s stands %v", mover, b.Over, b.State.PhasingSide().ID, other, b.State.Side(c.SideOf(other).ID).OffersTruce)
	}
	if strings.Contains(seenBy(out, ""), reminder) {
		t.Errorf("the offering side's own turn began with a reminder of its offer:\n%s", cmdTexts(out))
	}
	f.cmdMust(other, "battle", "end", "battle", bid)
	out = f.cmdMust(other, "battle", "end", "battle", bid)
	if b := f.scdCampaign(1).Battle(id); b.Over || b.State.PhasingSide().ID != c.SideOf(mover).ID {
		t.Fatalf("after %s's turn: over %v, phasing %s", other, b.Over, b.State.PhasingSide().ID)
	}
	if !strings.Contains(seenBy(out, ""), reminder) {
		t.Errorf("the turn of %s, who may accept, began with the offer standing, untold:\n%s", mover, cmdTexts(out))
	}
	f.cmdMust(mover, "battle", "truce", "battle", bid)
	out = f.cmdMust(mover, "battle", "truce", "battle", bid, "confirm", "true")
	c = f.scdCampaign(1)
	b := c.Battle(id)
	if !b.Over || b.Outcome == nil {
		t.Fatalf("battle %d over %v after the acceptance:\n%s", id, b.Over, cmdTexts(out))
	}
	if !strings.Contains(seenBy(out, ""), "both sides agreed to end the battle as it stands (ruling V18)") && !strings.Contains(seenBy(out, ""), "accepts the offer") {
		t.Errorf("the end by agreement is not told:\n%s", cmdTexts(out))
	}
	logged := false
	for _, e := range c.Log.All() {
		logged = logged || e.Battle == id && e.Type == "battle_end"
	}
	if !logged {
		t.Errorf("the campaign's log has no end of battle %d", id)
	}
}

// Ensure a truce offered to the AI's side of a scenario: alice's offer
// stands through her phases; the AI then plays its turn, and whatever it
// makes of the offer (rulings V18, AIL1) is told as the battle stands
// after it: the battle ended by agreement, the offer lapsed at an
// attack, or the offer still standing as alice's turn begins, with no
// reminder of her own offer.
func TestBattleTruceAgainstAI(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3")
	if got := seenBy(f.cmdMust("alice", "battle", "truce"), ""); !strings.Contains(got, "7th Crucis Lancers offers to end the battle as it stands") {
		t.Fatalf("no public offer: %s", got)
	}
	f.cmdMust("alice", "battle", "end")
	out := f.cmdMust("alice", "battle", "end") // the AI's turn follows
	got := seenBy(out, "")
	c := f.scdCampaign(1)
	b := c.Battle(1)
	switch {
	case b.Over:
		if !strings.Contains(got, "accepts the offer to end the battle as it stands (ruling V18)") || c.Phase != campaign.PhaseOver {
			t.Errorf("the battle ended (campaign %s) but not told as by agreement:\n%s", c.Phase, got)
		}
	case !b.State.Side("lancers").OffersTruce:
		if !strings.Contains(got, "the offer of 7th Crucis Lancers to end the battle lapses: an attack was made (ruling V18)") {
			t.Errorf("the offer lapsed untold:\n%s", got)
		}
	default:
		if b.State.PhasingSide().ID != "lancers" || strings.Contains(got, "7th Crucis Lancers offers to end the battle as it stands (ruling V18): Moore's Bandits may accept with /battle truce") {
			t.Errorf("the offer stands as the lancers' turn begins (phasing %s): want no reminder of their own offer:\n%s", b.State.PhasingSide().ID, got)
		}
	}
}

// Ensure the question's button, pressed when no offer stands any longer
// (an attack withdrew it since it was asked), or confirm:true typed with
// none standing, is refused and makes no offer of the caller's own: the
// press meant "accept", and an offer is public and lasting.
func TestBattleTruceConfirmWithoutAnOffer(t *testing.T) {
	f := actFixture(t, actEdge) // battle_actions_test.go
	got := cmdTexts(f.cmdDo("bob", "battle", "truce", "confirm", "true"))
	if !strings.Contains(got, "no offer to end battle 1 stands for you to accept") || !strings.Contains(got, "/battle truce without confirm offers one of your own") {
		t.Errorf("confirm:true with no offer standing: %s", got)
	}
	if s := f.state(); s.Side("b").OffersTruce || s.Phase == referee.PhaseOver {
		t.Errorf("the refused acceptance acted: b offers %v, phase %v", s.Side("b").OffersTruce, s.Phase)
	}
}
