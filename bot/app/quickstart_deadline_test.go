package app

import (
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee/quickstart"
)

// qsActed counts the moves, jumps and attacks side made in events.
func qsActed(evs []quickstart.Event, side int) int {
	n := 0
	for _, e := range evs {
		if e.Side == side && (e.Type == "move" || e.Type == "jump" || e.Type == "attack") {
			n++
		}
	}
	return n
}

// Ensure a battle deadline acts on a Quick-Start battle as on a 1987 one
// (ruling QS21): alice, playing blake against the AI, lets a deadline
// pass in the deployment: the bot places her Units; then in play: the
// AI plays her part of the phase (missed_deadline ai) and the
// bears' AI answers at once, so the battle is hers to play again; with
// missed_deadline pass the next deadline ends her part with nothing
// moved or fired.
func TestQuickStartDeadline(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvAlice, false, "scenario", "start", srvOpts("name", "green-training", "side", "blake"))
	r.must(srvAlice, false, "campaign", "schedule", srvOpts("order_deadline", "none", "battle_deadline", "0 * * * *"))
	missed := func(when time.Time) []quickstart.Event {
		t.Helper()
		before := r.campaign().QuickStart
		if s := before.State; s.Sides[s.Acting] != "blake" {
			t.Fatalf("the bears (the AI) are to act before the deadline: %v phase", s.Phase)
		}
		r.clock.Set(when)
		r.settle()
		after := r.campaign().QuickStart
		s, b := after.State, before.State
		// The bears' AI waits for her answer, or her next phase is hers.
		if s.Phase != quickstart.Over && (s.Sides[s.Acting] != "blake" || s.Turn == b.Turn && s.Phase == b.Phase && s.Question == nil) {
			t.Fatalf("after the deadline: turn %d %v phase, %s to act; before it turn %d %v phase", s.Turn, s.Phase, s.Sides[s.Acting], b.Turn, b.Phase)
		}
		return after.Log[len(before.Log):]
	}
	hour := srvStart.Truncate(time.Hour)
	// In the Green deployment the deadline places her Units by the bot,
	// at the file's hexes (ruling QS23), and the bears' AI places its own.
	placed := 0
	for _, e := range missed(hour.Add(time.Hour)) {
		if e.Type == "setup" && (e.Text == "set-up: Word of Blake places DF in 0616 facing N" || e.Text == "set-up: Word of Blake places PC in 1016 facing N" || e.Text == "set-up: Clan Ghost Bear places AR in 0501 facing S") {
			placed++
		}
	}
	if placed != 3 {
		t.Errorf("the deadline in the deployment placed %d of blake's DF and PC and the bears' AR as the file has them", placed)
	}
	hour = hour.Add(time.Hour)
	// (the bears' AI has answered when blake is to act again: missed;
	// with seed and map as they are, its part in this window holds no
	// move or attack, so only hers is counted).
	if evs := missed(hour.Add(time.Hour)); qsActed(evs, 0) == 0 {
		t.Errorf("the deadline with missed_deadline ai: blake acted %d times, want her part played by the AI: %+v", qsActed(evs, 0), evs)
	}
	threads := r.fake.Threads(srvChannel)
	if len(threads) == 0 || !srvContains(r.fake.Messages(threads[0].ID), " moves from ") {
		t.Error("the deadline's moves reached no battle thread")
	}
	r.must(srvAlice, false, "campaign", "settings", srvOpts("missed_deadline", "pass"))
	if evs := missed(hour.Add(2 * time.Hour)); qsActed(evs, 0) != 0 {
		t.Errorf("the deadline with missed_deadline pass played blake's part: %+v", evs)
	}
}

// Ensure /battle auto on a Quick-Start battle on Discord ends it, posts
// the public after-action report in the battle's thread and alice's own
// by DM, whose Whole log button opens her record of the battle.
func TestEndToEndQuickStartAuto(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvAlice, false, "scenario", "start", srvOpts("name", "veteran-training", "side", "blake"))
	r.must(srvAlice, false, "battle", "auto", nil)
	if c := r.campaign(); c.Phase != campaign.PhaseOver || c.QuickStart.State.Phase != quickstart.Over {
		t.Fatalf("after /battle auto: campaign %s, battle %v", c.Phase, c.QuickStart.State.Phase)
	}
	r.fake.MustWait(t, srvWait, "alice's after-action report", func() bool {
		return srvContains(r.fake.DMs(srvAlice), "as Word of Blake saw it")
	})
	threads := r.fake.Threads(srvChannel)
	if len(threads) == 0 || !srvContains(r.fake.Messages(threads[0].ID), "After-action report: battle 1, Veteran Training Scenario") {
		t.Fatal("no after-action report in the battle's thread")
	}
	id, ok := srvButton(r.fake.DMs(srvAlice), "Whole log")
	if !ok {
		t.Fatal("no Whole log button on alice's report")
	}
	in, err := r.fake.PressButton(srvAlice, "", r.fake.DMChannel(srvAlice), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := srvContent(r.answers(in.ID)); !strings.Contains(got, "Battle 1 (Quick-Start rules), as Word of Blake saw it — page 1 of") {
		t.Errorf("the Whole log button:\n%s", got)
	}
	srvNoUserIDs(t, r)
}

// Ensure a battle deadline in the Veteran set-up makes the choice due for
// the side that missed it (ruling QS18): alice, playing blake against
// the AI (the bears win the set-up roll with seed 1 and choose their edge
// at once), lets the deadline pass for her first objective; the bot
// places it, the bears' AI places its own at once, and the thread reads
// both placings and that the set-up waits for her again.
func TestQuickStartSetUpDeadline(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvAlice, false, "scenario", "start", srvOpts("name", "veteran-training", "side", "blake", "seed", "1"))
	r.must(srvAlice, false, "campaign", "schedule", srvOpts("order_deadline", "none", "battle_deadline", "0 * * * *"))
	s := r.campaign().QuickStart.State
	if s.Phase != quickstart.SetUpPhase || s.Sides[s.Acting] != "blake" || len(s.Counters) != 0 {
		t.Fatalf("before the deadline: %v phase, %s to act, %d counters down", s.Phase, s.Sides[s.Acting], len(s.Counters))
	}
	r.clock.Set(srvStart.Truncate(time.Hour).Add(time.Hour))
	r.settle()
	s = r.campaign().QuickStart.State
	if s.Phase != quickstart.SetUpPhase || s.Sides[s.Acting] != "blake" || len(s.Counters) != 3 {
		t.Fatalf("after the deadline: %v phase, %s to act, %d counters down; want blake's own objective due after three", s.Phase, s.Sides[s.Acting], len(s.Counters))
	}
	threads := r.fake.Threads(srvChannel)
	if len(threads) == 0 {
		t.Fatal("no battle thread")
	}
	msgs := r.fake.Messages(threads[0].ID)
	for _, w := range []string{"set-up: Word of Blake places Clan Ghost Bear's objective in", "set-up: Clan Ghost Bear places Clan Ghost Bear's objective in", "Battle 1 set-up: Word of Blake places its own objective"} {
		if !srvContains(msgs, w) {
			t.Errorf("the thread does not read %q", w)
		}
	}
}
