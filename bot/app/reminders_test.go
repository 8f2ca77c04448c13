package app

import (
	"strings"
	"testing"
	"time"

	"bfbot/bot/schedule"
)

// Ensure reminders are opt-in per player (ruling POL1): two hours before
// the order deadline only the player who asked with /orders remind gets
// a DM, and one whose side has sealed its orders gets none.
func TestRemindersOptIn(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	r.must(srvAlice, true, "orders", "remind", srvOpts("state", "on"))
	r.clock.Set(time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC))
	r.settle()
	srvWantDM(t, r, srvAlice, "Reminder: turn 1's orders for")
	for _, m := range r.fake.DMs(srvAlice) {
		// A reminder pings its player, and only him, with a real mention.
		if strings.Contains(m.Content, "Reminder:") && (!strings.HasPrefix(m.Content, "<@"+srvAlice+"> ") || len(m.Pings.Users) != 1 || m.Pings.Users[0] != srvAlice || m.Pings.Everyone) {
			t.Errorf("reminder %q pings %+v, want Alice alone", m.Content, m.Pings)
		}
	}
	if n := polReminders(r, srvBob); n != 0 {
		t.Errorf("bob, who never asked, got %d reminders", n)
	}

	// The next day Alice's side has sealed its orders; Bob opts in.
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	r.settle()
	r.must(srvAlice, true, "orders", "ready", nil)
	r.must(srvBob, true, "orders", "remind", srvOpts("state", "on"))
	r.clock.Set(time.Date(2026, 3, 3, 18, 0, 0, 0, time.UTC))
	r.settle()
	srvWantDM(t, r, srvBob, "Reminder: turn 2's orders for")
	if n := polReminders(r, srvAlice); n != 1 {
		t.Errorf("alice got %d reminders, want only the first (her side is ready)", n)
	}
}

// polReminders counts the reminder DMs user received.
func polReminders(r *srvRig, user string) int {
	n := 0
	for _, m := range r.fake.DMs(user) {
		if strings.Contains(m.Content, "Reminder:") {
			n++
		}
	}
	return n
}

// Ensure a deadline's reminder goes out once whichever process tries it:
// a second try of the same reminder (a process that took the campaign
// over in the reminder window, or restarted in it) finds the stored
// marker and sends nothing; the next deadline's reminder goes out.
func TestReminderOnce(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	r.must(srvAlice, true, "orders", "remind", srvOpts("state", "on"))
	r.clock.Set(time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC))
	r.settle()
	srvWantDM(t, r, srvAlice, "Reminder: turn 1's orders for")
	id, _ := r.app.binds.campaignIn(srvChannel)
	e, ok := r.app.scheduler.Entry(id, schedule.OrderDeadline)
	if !ok {
		t.Fatal("no order deadline scheduled")
	}
	due := time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC)
	h := deadlines{r.app}
	if err := h.Remind(t.Context(), e, due); err != nil {
		t.Fatal(err)
	}
	r.settle()
	if n := polReminders(r, srvAlice); n != 1 {
		t.Errorf("alice got %d reminders of the same deadline, want 1", n)
	}
	if err := h.Remind(t.Context(), e, due.Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	r.settle()
	if n := polReminders(r, srvAlice); n != 2 {
		t.Errorf("alice got %d reminders after the next deadline's, want 2", n)
	}
}
