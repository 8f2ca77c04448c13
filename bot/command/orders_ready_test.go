package command

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
)

// Ensure /orders ready answers with the orders it sealed, names the
// battlegroups left without an order and gives the deadline as a Discord
// timestamp; a change after that unseals the orders, says so to the
// player with a Ready button, and tells the channel.
func TestOrdersReadySummary(t *testing.T) {
	f := cmdNewFixture(t, true)
	due := time.Date(3028, 1, 2, 20, 0, 0, 0, time.UTC)
	f.reg = New(Deps{Store: f.store, Scheduler: &rlScheduler{due: due}, RateLimits: RateLimits{Off: true}})
	stamp := "<t:" + strconv.FormatInt(due.Unix(), 10)
	when := stamp + ":F> (" + stamp + ":R>)"

	if got := cmdTexts(f.cmdMust("bob", "orders", "ready")); !strings.Contains(got, "private bob: Sealed for turn 1: no orders: every battlegroup stays where it is.") {
		t.Errorf("ready with no orders: %s", got)
	}

	f.cmdMust("alice", "orders", "move", "bg", "2", "path", "2")
	got := cmdTexts(f.cmdMust("alice", "orders", "ready"))
	for _, want := range []string{
		"private alice: Sealed for turn 1:\n  move: battlegroup 2 \"Vanur's Battalion\" to 2 (Jessop Weald)\n",
		"⚠ Battlegroups 1 “Regimental Battlegroup”, 3 “Clifton's Battalion” and 4 “Smif's Battalion” have no orders: they stay where they are.",
		"Orders are due " + when + ".",
		"public : 7th Crucis Lancers has sealed its orders for turn 1.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("/orders ready lacks %q:\n%s", want, got)
		}
	}

	out := f.cmdMust("alice", "orders", "hold", "bg", "3")
	got = cmdTexts(out)
	for _, want := range []string{
		"private alice: This change unsealed your side's orders: seal them again with /orders ready",
		"public : 7th Crucis Lancers has unsealed its orders for turn 1.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("an order after ready lacks %q:\n%s", want, got)
		}
	}
	ready := false
	for _, r := range out {
		for _, b := range r.Buttons {
			ready = ready || b.Label == "Ready" && r.User == "alice"
		}
	}
	if !ready {
		t.Errorf("the unsealed notice has no Ready button: %+v", out)
	}
	if got := cmdTexts(f.cmdMust("alice", "orders", "hold", "bg", "4")); strings.Contains(got, "unsealed") {
		t.Errorf("a second change after unsealing says it again: %s", got)
	}

	// The deadline shows as Discord timestamps in /orders show, on the
	// status board and in the "orders are open" DMs of the next turn.
	if got := cmdTexts(f.cmdMust("alice", "orders", "show")); !strings.Contains(got, "Orders are due "+when) {
		t.Errorf("/orders show: %s", got)
	}
	if got := cmdTexts(f.cmdMust("mallory", "campaign", "status")); !strings.Contains(got, "refereed by ref; AI level normal. Orders are due "+when+".\n") {
		t.Errorf("/campaign status: %s", got)
	}
	f.cmdMust("alice", "orders", "ready")
	got = cmdTexts(f.cmdMust("ref", "campaign", "advance"))
	if !strings.Contains(got, "Turn 2: orders for 7th Crucis Lancers are open. Orders are due "+when+". /bg list") {
		t.Errorf("the orders-open DM gives no deadline:\n%s", got)
	}
}

// Ensure early_resolution resolves the turn when the last side seals its
// orders, and only then; without it the turn waits for the deadline.
func TestEarlyResolution(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(strconv.FormatBool(on), func(t *testing.T) {
			f := cmdNewFixture(t, true)
			f.cmdMust("ref", "campaign", "settings", "early_resolution", strconv.FormatBool(on))
			f.cmdMust("alice", "orders", "move", "bg", "2", "path", "2")
			f.cmdMust("alice", "orders", "ready")
			if c, _ := f.store.Get(t.Context(), 1); c.Turn != 1 || c.Phase != campaign.PhaseOrders {
				t.Fatalf("one side sealed: turn %d %s, want turn 1 orders", c.Turn, c.Phase)
			}
			got := cmdTexts(f.cmdMust("bob", "orders", "ready"))
			c, _ := f.store.Get(t.Context(), 1)
			resolved := c.Turn > 1 || c.Phase != campaign.PhaseOrders
			if resolved != on {
				t.Fatalf("early_resolution %t: after both sealed, turn %d %s", on, c.Turn, c.Phase)
			}
			if on && (!strings.Contains(got, "the turn resolves now (early_resolution)") || !strings.Contains(got, "Turn 1, movement: orders are closed; movement begins")) {
				t.Errorf("the resolution is not announced:\n%s", got)
			}
			if !on && !strings.Contains(got, "the turn resolves at the deadline") {
				t.Errorf("without early_resolution: %s", got)
			}
		})
	}
}
