package app

import (
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee"
)

// Ensure a battle deadline plays the missed phases: the AI deploys a
// battle nobody deployed, the initiative winner who did not choose moves
// first (the default), and the next deadline moves the battle on by
// the phasing side's phase (missed_deadline ai).
func TestBattleDeadline(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Phases", "setup_tables", "false"))
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
	r.must(srvRef, false, "campaign", "schedule", srvOpts("order_deadline", "none", "battle_deadline", "0 * * * *"))
	var c *campaign.Campaign
	for turn := 1; ; turn++ {
		c = r.campaign()
		if c.Phase == campaign.PhaseBattles && len(campaign.Unfought(c)) > 0 {
			break
		}
		if turn > 8 || c.Phase == campaign.PhaseOver {
			t.Fatalf("no battle by turn %d", c.Turn)
		}
		if c.Phase == campaign.PhaseOrders {
			r.orders(srvAlice, "crucis", uint64(10+turn))
			r.orders(srvBob, "bandits", uint64(20+turn))
		}
		r.must(srvRef, false, "campaign", "advance", nil)
	}
	id := campaign.Unfought(c)[0]
	if ph := c.Battle(id).State.Phase; ph != referee.PhaseDeploy {
		t.Fatalf("battle %d starts in %s, want deploy", id, ph)
	}
	// The initiative winner is asked whether to move first or second
	// and does not answer: the deadline takes the default, first
	// (000 line 564; ruling B15).
	var winner string
	for _, d := range c.Decisions {
		if d.Battle == id && d.Kind == campaign.DecideInitiative {
			winner = d.Side
		}
	}
	if winner == "" {
		t.Fatalf("no initiative question for battle %d: %+v", id, c.Decisions)
	}
	r.clock.Set(srvStart.Truncate(time.Hour).Add(time.Hour))
	r.settle()
	b := r.campaign().Battle(id)
	if b.State.Phase == referee.PhaseDeploy {
		t.Fatalf("battle %d still deploying after its deadline", id)
	}
	if b.State.Turn != 1 || b.State.PhasingSide().ID != winner || b.State.Phase != referee.PhaseMovement || len(r.campaign().Decisions) != 0 {
		t.Errorf("after the deadline: turn %d, %s's %s phase, decisions %+v; want turn 1, %s moving first, none waiting",
			b.State.Turn, b.State.PhasingSide().ID, b.State.Phase, r.campaign().Decisions, winner)
	}
	user := srvAlice
	if winner == "bandits" {
		user = srvBob
	}
	r.fake.MustWait(t, srvWait, "the winner told the default was taken", func() bool {
		return srvContains(r.fake.DMs(user), "the default was taken: first")
	})
	turn, phasing, phase := b.State.Turn, b.State.Phasing, b.State.Phase
	r.clock.Advance(time.Hour)
	r.settle()
	b = r.campaign().Battle(id)
	if !b.Over && b.State.Turn == turn && b.State.Phasing == phasing && b.State.Phase == phase {
		t.Errorf("battle %d still in turn %d, side %d's %s phase after the next deadline", id, turn, phasing, phase)
	}
	threads := r.fake.Threads(srvChannel)
	if len(threads) == 0 || len(r.fake.Messages(threads[0].ID)) == 0 {
		t.Error("the deadline's battle events reached no battle thread")
	}
}
