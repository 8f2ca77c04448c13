package command

import (
	"fmt"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure /bg place answers the player privately before the start, tells
// nobody else, refuses orbit to lances not kept ready to drop (000 line
// 2040; ruling DR24) and a sector outside the side's end, and is refused
// once the campaign has started.
func TestBgPlace(t *testing.T) {
	f := cmdNewFixture(t, false)
	if got := cmdTexts(f.cmdDo("alice", "bg", "place", "bg", "2", "sector", "orbit")); !strings.Contains(got, "not kept ready to drop") || !strings.Contains(got, "BattleForce p. 48, Special Purchases") {
		t.Errorf("orbit for lances the regiment did not keep ready to drop:\n%s", got)
	}
	// The regiment buys the drop for battlegroup 2's lances.
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		s := n.Side("crucis")
		for _, id := range s.Battlegroup(2).Units {
			s.Unit(id).DropReady = true
		}
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := cmdTexts(f.cmdMust("alice", "bg", "show", "bg", "2")); !strings.Contains(got, "kept ready to drop from orbit") {
		t.Errorf("/bg show does not tell the drop readiness:\n%s", got)
	}
	out := f.cmdMust("alice", "bg", "place", "bg", "2", "sector", "orbit")
	for _, r := range out {
		if r.To != Private {
			t.Errorf("placement reply addressed %s: %s", r.To, r.Text)
		}
	}
	if got := cmdTexts(out); !strings.Contains(got, "held in orbit") {
		t.Errorf("reply does not confirm the orbit:\n%s", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "bg", "list")); !strings.Contains(got, "in orbit") {
		t.Errorf("/bg list after the placement:\n%s", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "bg", "place", "bg", "3", "sector", "4")); !strings.Contains(got, "not one of your deployment sectors") {
		t.Errorf("placement at the enemy's end accepted:\n%s", got)
	}
	f.cmdMust("ref", "campaign", "start")
	if got := cmdTexts(f.cmdDo("alice", "bg", "place", "bg", "2", "sector", "1")); !strings.Contains(got, "placement is over") {
		t.Errorf("placement after the start:\n%s", got)
	}
	t.Run("OrderCommand", func(t *testing.T) {
		name, sub, opts := OrderCommand(campaign.Order{Kind: campaign.OrderPlace, Battlegroup: 2, Sectors: []int{0}})
		if name != "bg" || sub != "place" || opts["bg"] != "2" || opts["sector"] != "orbit" {
			t.Fatalf("OrderCommand = %s %s %v", name, sub, opts)
		}
	})
}

// Ensure /bg holdback answers the player privately before the start
// (000 lines 2559, 2712; ruling CB13) and is refused after it.
func TestBgHoldBack(t *testing.T) {
	f := cmdNewFixture(t, false)
	out := f.cmdMust("alice", "bg", "holdback", "units", "A6")
	for _, r := range out {
		if r.To != Private {
			t.Errorf("hold-back reply addressed %s: %s", r.To, r.Text)
		}
	}
	if got := cmdTexts(out); !strings.Contains(got, "A6 held back") {
		t.Errorf("reply does not confirm the hold-back:\n%s", got)
	}
	f.cmdMust("ref", "campaign", "start")
	if got := cmdTexts(f.cmdDo("alice", "bg", "holdback", "units", "A7")); !strings.Contains(got, "only before the campaign starts") {
		t.Errorf("hold-back after the start:\n%s", got)
	}
	name, sub, opts := OrderCommand(campaign.Order{Kind: campaign.OrderHoldBack, Units: []string{"A6", "A7"}})
	if name != "bg" || sub != "holdback" || opts["units"] != "A6 A7" {
		t.Fatalf("OrderCommand = %s %s %v", name, sub, opts)
	}
}

// Ensure holding a unit back is the side's secret (R10): bob, a stranger
// and the status board see the same with and without alice's hold-back.
func TestBgHoldBackSecret(t *testing.T) {
	others := func(hold bool) string {
		f := cmdNewFixture(t, false)
		if hold {
			f.cmdMust("alice", "bg", "holdback", "units", "A6")
		}
		var b strings.Builder
		for _, q := range [][]string{
			{"mallory", "campaign", "status"}, {"bob", "campaign", "status"}, {"bob", "bg", "list"}, {"bob", "force", "show"},
		} {
			for _, r := range f.cmdDo(q[0], q[1], q[2]) {
				fmt.Fprintf(&b, "%s /%s %s → %s %s: %s\n", q[0], q[1], q[2], r.To, r.User, r.Text)
			}
		}
		return b.String()
	}
	if with, without := others(true), others(false); with != without {
		t.Errorf("others see the hold-back:\nwith it:\n%s\nwithout:\n%s", with, without)
	}
}
