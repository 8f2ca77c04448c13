package app

import (
	"context"
	"slices"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// srvCaptures puts campaign 1 where a battle left crucis two captured
// bandit units it could put in service (each replacing a destroyed
// crucis unit of its class, 000 line 970) and the battles over: two
// keep-or-scrap questions wait for crucis. It returns the prisoners.
func srvCaptures(t *testing.T, r *srvRig) []string {
	t.Helper()
	var prisoners []string
	_, err := r.app.db.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		cru, ban := n.Side("crucis"), n.Side("bandits")
		strike := func(s *campaign.Side, u *campaign.Unit, st campaign.UnitStatus) {
			bg := s.Battlegroup(u.Battlegroup)
			bg.Units = slices.DeleteFunc(bg.Units, func(id string) bool { return id == u.ID })
			u.Status, u.Battlegroup = st, 0
		}
		for i := range ban.Units {
			b := &ban.Units[i]
			for j := range cru.Units {
				a := &cru.Units[j]
				if len(prisoners) < 2 && a.Status == campaign.UnitActive && !cru.Battlegroup(a.Battlegroup).RBG && b.Status == campaign.UnitActive &&
					!ban.Battlegroup(b.Battlegroup).RBG && a.Lance.Class == b.Lance.Class {
					strike(cru, a, campaign.UnitDestroyed)
					strike(ban, b, campaign.UnitCaptured)
					prisoners = append(prisoners, b.ID)
					n.Decisions = append(n.Decisions, campaign.Decision{ID: len(prisoners), Kind: campaign.DecideCaptured, Side: "crucis", Subject: b.ID,
						Question: "You captured " + b.ID + ": keep it or scrap it?", Options: []string{"keep", "scrap"}, Default: "keep"})
					break
				}
			}
		}
		n.NextDecision = len(prisoners) + 1
		n.Phase = campaign.PhaseBattles
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(prisoners) != 2 {
		t.Fatalf("found %d prisoners to set up, want 2", len(prisoners))
	}
	return prisoners
}

// Ensure keep or scrap goes through Discord: Alice asks for her first
// question in a DM, presses its "scrap" button and her RBG gets the
// salvage; the second question is left unanswered and the referee's
// advance (the upkeep, its deadline) keeps that prisoner by default
// (ruling CB6). Bob is never asked, and nothing leaks (srvCheckSecrecy).
func TestDecideCapturedEndToEnd(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	log := &srvCampaignLog{orders: map[string][]string{}}
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Lyons", "setup_tables", "false"))
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
	prisoners := srvCaptures(t, r)
	log.snap(r)
	salvage := r.campaign().Side("crucis").Salvage

	r.must(srvAlice, true, "campaign", "decide", nil)
	out := r.must(srvAlice, true, "campaign", "decide", srvOpts("decision", "1"))
	scrap, ok := srvButton(out, "scrap")
	if !ok {
		t.Fatalf("no scrap button on the question: %v", srvTexts(out))
	}
	if got := r.do(srvBob, true, "campaign", "decide", srvOpts("decision", "1", "answer", "keep")); !srvContains(got, "none such is waiting") {
		t.Errorf("Bob answered crucis's question: %v", srvTexts(got))
	}
	in, err := r.fake.PressButton(srvAlice, "", r.fake.DMChannel(srvAlice), scrap)
	if err != nil {
		t.Fatal(err)
	}
	r.answers(in.ID)
	c := log.snap(r)
	if got := c.Side("crucis").Salvage; got <= salvage || c.Decision("crucis", 1) != nil {
		t.Fatalf("after scrapping %s: salvage %d (was %d), decision 1 %+v", prisoners[0], got, salvage, c.Decision("crucis", 1))
	}

	r.must(srvRef, false, "campaign", "advance", nil)
	c = log.snap(r)
	kept := false
	for _, u := range c.Side("crucis").Units {
		kept = kept || (u.From == "bandits" && u.Status == campaign.UnitActive)
	}
	if !kept || len(c.Decisions) != 0 {
		t.Errorf("after the upkeep: a prisoner in crucis service %v, decisions left %+v; want %s kept by default", kept, c.Decisions, prisoners[1])
	}
	r.fake.MustWait(t, srvWait, "Alice told the default was taken", func() bool {
		return srvContains(r.fake.DMs(srvAlice), "the default was taken: keep")
	})
	if srvContains(r.fake.DMs(srvBob), "the default was taken") {
		t.Error("Bob heard of crucis's decision")
	}
	for user := range srvPlayers {
		srvWantPNG(t, r.must(user, true, "map", "strategic", nil))
	}
	r.close()
	srvCheckSecrecy(t, r, log)
	srvNoUserIDs(t, r)
}
