package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
)

// demoPlayed plays the whole demo campaign of seed and returns it and
// the run, failing on an internal error.
func demoPlayed(t *testing.T, seed uint64) (*campaign.Campaign, *demo) {
	t.Helper()
	ctx := context.Background()
	d := newDemo(t.TempDir(), seed, io.Discard)
	if _, err := d.play(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if d.internal > 0 {
		t.Fatalf("%d internal errors", d.internal)
	}
	c, err := d.campaign(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return c, d
}

// Ensure the demo's default campaign (seed demoSeed) shows the drop rules
// (000 lines 729–765, 2639): a battlegroup drops from orbit into a
// battle, its lance declaring its hex in secret and landing with a
// landing roll. The declared drop hex reaches the dropping side alone.
func TestDemoDropsAndDropShip(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole campaign")
	}
	c, d := demoPlayed(t, demoSeed)
	landed := false
	for _, b := range c.Battles {
		st := b.State
		for i := range st.Units {
			if u := st.Units[i]; st.Campaign.Zones[u.ID].Drop && u.Side == "crucis" && u.LandedAt > 0 {
				landed = true
			}
		}
	}
	if !landed {
		t.Error("no lance dropped from orbit into a battle and landed")
	}
	// Secrecy: each reply is a block headed by its addressee; a declared
	// drop hex is only ever in the Lancers' own.
	told := 0
	for _, block := range strings.Split(d.transcript.String(), "\n**") {
		if !strings.Contains(block, "will drop onto") {
			continue
		}
		told++
		if !strings.HasPrefix(block, "dm → crucis-ai") && !strings.HasPrefix(block, "private → crucis-ai") {
			t.Errorf("a drop hex reaches someone else: %.200s", block)
		}
	}
	if told == 0 {
		t.Error("the transcript tells no declared drop hex, not even to the Lancers")
	}
	t.Run("DropShip", testDemoDropShip)
}

// demoDropShipSeed is a demo seed whose campaign has the Bandits'
// DropShip fight and their RBG eliminated (testDemoDropShip).
const demoDropShipSeed = 111

// testDemoDropShip checks the demo campaign of seed demoDropShipSeed
// (000 lines 1173–1269, 2703): the Bandits' RBG holds a DropShip that
// deploys in battle and fights, and that RBG is eliminated, DropShip and
// all, for 200 VP.
func testDemoDropShip(t *testing.T) {
	c, _ := demoPlayed(t, demoDropShipSeed)
	shipFought := false
	for _, b := range c.Battles {
		st := b.State
		for i := range st.Units {
			if u := st.Units[i]; u.Side == "bandits" && u.Class.Kind() == referee.KindDropShip {
				// It fired in its arcs, or took fire.
				shipFought = shipFought || u.ArcsAt > 0 || u.Step > 0 || u.Status == referee.Destroyed
			}
		}
	}
	if !shipFought {
		t.Error("the Bandits' DropShip never fought in a battle")
	}
	eliminated := false
	for _, e := range c.Log.All() {
		eliminated = eliminated || e.Type == "rbg_eliminated" && e.Side == "crucis" && e.VP == campaign.RBGEliminatedVP
	}
	if !eliminated {
		t.Error("the Bandits' RBG was not eliminated")
	}
}
