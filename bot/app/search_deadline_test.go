package app

import (
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee/dice"
)

// Ensure the search step of a turn with drops (ruling CO10) is closed by
// the next deadline of either kind, a battle deadline included, so that
// it never waits a whole turn's period.
func TestSearchStepClosesAtDeadline(t *testing.T) {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			t.Fatal(err)
		}
		regs = append(regs, r)
	}
	c, err := campaign.New(1, "search step", campaign.DefaultSettings(), m, regs)
	if err != nil {
		t.Fatal(err)
	}
	if c, err = campaign.Start(c, nil); err != nil {
		t.Fatal(err)
	}
	c = c.Clone()
	c.Side("bandits").Battlegroup(2).Sector = 0 // in orbit
	d := dice.New(dice.NewSeeded(1))
	if c, _, err = campaign.GiveOrder(c, "bandits", campaign.Order{Kind: campaign.OrderDrop, Battlegroup: 2, Sectors: []int{1}}); err != nil {
		t.Fatal(err)
	}
	if c, _, err = campaign.ResolveTurn(c, d); err != nil || c.Phase != campaign.PhaseSearches {
		t.Fatalf("after a drop: phase %s, %v; want the search step", c.Phase, err)
	}
	n, _, err := battleDeadline(c, d, 1, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if n == nil || n.Phase == campaign.PhaseSearches {
		t.Fatal("the battle deadline left the search step open")
	}
}
