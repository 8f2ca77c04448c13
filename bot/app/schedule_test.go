package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"bfbot/bot/schedule"
	"bfbot/campaign"
)

// srvSetUp creates campaign 1 in the rig's channel (battles fought by the
// AI, so every turn ends in the orders of the next), joins both players
// and starts it.
func srvSetUp(r *srvRig) {
	r.t.Helper()
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Deadline", "auto_resolve", "true", "turn_limit", "6"))
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
}

// Ensure an order deadline runs the turn once: the side that gave no
// orders gets the AI's, and the clock moving on within the day runs
// nothing again.
func TestDeadlineRunsTurnOnce(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	if c := r.campaign(); c.Phase != campaign.PhaseOrders || c.Settings.OrderDeadline != "0 20 * * *" {
		t.Fatalf("phase %s, order deadline %q: want orders open and the configured deadline", c.Phase, c.Settings.OrderDeadline)
	}
	r.orders(srvBob, "bandits", 2)
	r.must(srvBob, true, "orders", "ready", nil)

	r.clock.Set(time.Date(2026, 3, 2, 19, 59, 0, 0, time.UTC))
	r.settle()
	if got := srvCountTurnsClosed(r.campaign(), 1); got != 0 {
		t.Fatalf("turn 1 closed %d times before its deadline", got)
	}
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	r.settle()
	c := r.campaign()
	if got := srvCountTurnsClosed(c, 1); got != 1 {
		t.Fatalf("turn 1 closed %d times at its deadline, want 1", got)
	}
	if c.Turn != 2 || c.Phase != campaign.PhaseOrders {
		t.Errorf("after the deadline: turn %d %s, want turn 2's orders", c.Turn, c.Phase)
	}
	srvWantDM(t, r, srvAlice, "the AI gave them")
	srvWantDM(t, r, srvBob, "Turn 2: orders for")

	r.clock.Advance(3 * time.Hour)
	r.settle()
	if got := srvCountTurnsClosed(r.campaign(), 1); got != 1 {
		t.Errorf("turn 1 closed %d times after the clock moved on, want 1", got)
	}
	e, ok, err := r.app.sched.load(context.Background(), 1, schedule.OrderDeadline)
	if err != nil || !ok || !e.LastRun.Equal(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC)) {
		t.Errorf("stored entry %+v ok %v err %v, want LastRun 20:00", e, ok, err)
	}
	// The pinned status follows the turn.
	var pinned string
	for _, m := range r.fake.Messages(srvChannel) {
		if m.Pinned {
			pinned = m.Content
		}
	}
	if !strings.Contains(pinned, "turn 2") {
		t.Errorf("pinned status %q, want turn 2", pinned)
	}
}

// Ensure the handler's Done check makes a repeated call for one deadline
// a no-op (the copy the scheduler started from was older than the commit).
func TestDeadlineDoneCheck(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	entry, ok := r.app.scheduler.Entry(1, schedule.OrderDeadline)
	if !ok {
		t.Fatal("no order deadline scheduled for campaign 1")
	}
	due := time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC)
	run := schedule.Run{Entry: entry, Due: due}
	run.Entry.LastRun = due
	h := deadlines{r.app}
	for i := range 2 {
		if err := h.Deadline(context.Background(), run); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	c := r.campaign()
	if got, got2 := srvCountTurnsClosed(c, 1), srvCountTurnsClosed(c, 2); got != 1 || got2 != 0 || c.Turn != 2 {
		t.Errorf("two calls for one deadline closed turn 1 %d times and turn 2 %d times (now turn %d), want once and never",
			got, got2, c.Turn)
	}
}

// Ensure deadlines missed while the bot was down run once on start, as
// the latest one only, and a second restart runs nothing.
func TestRestartCatchUpOnce(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	r.settle()
	if got := srvCountTurnsClosed(r.campaign(), 1); got != 1 {
		t.Fatalf("turn 1 closed %d times, want 1", got)
	}
	r.close()

	// Down for two deadlines (3 and 4 March, 20:00).
	r.clock.Set(time.Date(2026, 3, 4, 21, 0, 0, 0, time.UTC))
	r.open()
	r.settle()
	c := r.campaign()
	if got := srvCountTurnsClosed(c, 2); got != 1 {
		t.Fatalf("turn 2 closed %d times after the restart, want 1", got)
	}
	if got := srvCountTurnsClosed(c, 3); got != 0 {
		t.Fatalf("turn 3 closed %d times: the missed deadlines were replayed", got)
	}
	r.close()

	r.open()
	r.settle()
	if got, want := r.campaign().Log.Len(), c.Log.Len(); got != want {
		t.Errorf("a second restart changed the campaign: %d log events, want %d", got, want)
	}
}

// Ensure pause stops the deadline and resume restarts it, both kept in
// the database across a restart.
func TestPauseResume(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	r.must(srvRef, false, "campaign", "pause", nil)
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	r.settle()
	if got := srvCountTurnsClosed(r.campaign(), 1); got != 0 {
		t.Fatalf("a paused deadline closed turn 1 %d times", got)
	}
	r.close()
	r.open()
	if e, ok := r.app.scheduler.Entry(1, schedule.OrderDeadline); !ok || !e.Paused {
		t.Fatalf("after a restart the entry is %+v (ok %v), want paused", e, ok)
	}
	r.must(srvRef, false, "campaign", "resume", nil)
	r.clock.Set(time.Date(2026, 3, 3, 20, 0, 0, 0, time.UTC))
	r.settle()
	if got := srvCountTurnsClosed(r.campaign(), 1); got != 1 {
		t.Errorf("after resume turn 1 closed %d times at the next deadline, want 1", got)
	}
	if out := r.do(srvAlice, false, "campaign", "pause", nil); len(out) == 0 || !strings.Contains(out[0].Content, "Not allowed") {
		t.Errorf("a player pausing: %+v, want a refusal", out)
	}
}

// srvWantDM fails unless user received a DM containing text.
func srvWantDM(t *testing.T, r *srvRig, user, text string) {
	t.Helper()
	r.fake.MustWait(t, srvWait, "a DM to "+user+" with "+text, func() bool {
		for _, m := range r.fake.DMs(user) {
			if strings.Contains(m.Content, text) {
				return true
			}
		}
		return false
	})
}
