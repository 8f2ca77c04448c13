package command

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
)

// rsOutputs is everything the new report paths show crucis of battle
// id: its after-action report, the public one, its record, its replay,
// the descriptions of its maps, its strategic map, and its digest of the
// whole campaign.
func rsOutputs(t *testing.T, c *campaign.Campaign, id int) map[string]string {
	t.Helper()
	b := c.Battle(id)
	replay, err := replayGIF(c, b, "crucis")
	if err != nil {
		t.Fatal(err)
	}
	strategic, err := strategicPNG(c, c.Side("crucis"), false, "", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{
		"strategic map":      string(strategic.Data),
		"report":             afterActionReport(c, b, "crucis"),
		"public report":      afterActionReport(c, b, ""),
		"log":                fmt.Sprint(logLines(c, b, "crucis")),
		"replay":             string(replay.Data),
		"replay description": replay.Description,
		"battle map words":   tacticalDescription(c, b, b.State.View("crucis")),
		"strategic words":    strategicDescription(c, strategicView(c, c.Side("crucis"), false, "", time.Time{})),
		"digest":             digestText(c, c.Side("crucis"), c.Log.Events()),
	}
}

// Ensure the after-action report, the battle's record, the replay and
// the maps' descriptions and the turn digest are built from crucis's
// view alone: changing what crucis may not know — bandits' secret battle
// and campaign events, bandits' pictures
// of the battle, its battlegroups' names, its units' movement and
// overburn, its mines — changes none of them (ruling R10), while
// bandits' own report does change (ruling SE4).
func TestReportsChangeOnlyWithWhatTheReaderKnows(t *testing.T) {
	if testing.Short() {
		t.Skip("plays campaign turns and a battle")
	}
	f, id, _ := rbFought(t)
	c := f.scdCampaign(1)
	before := rsOutputs(t, c, id)
	theirsBefore := afterActionReport(c, c.Battle(id), "bandits")

	n := c.Clone()
	b := n.Battle(id)
	// The record is shared between clones: copy before changing it.
	b.Log, b.Frames = slices.Clone(b.Log), slices.Clone(b.Frames)
	hidden := 0
	for i := range b.Log {
		if !b.Log[i].Visible("crucis") {
			hidden++
			b.Log[i].Event.Text = "a secret only bandits know"
			b.Log[i].Event.Type = "critical"
		}
	}
	if hidden == 0 {
		t.Fatal("no event of the battle was hidden from crucis: the test would pass vacuously")
	}
	for i := range b.Frames {
		if b.Frames[i].Side == "bandits" {
			b.Frames[i] = campaign.Frame{Turn: b.Frames[i].Turn, Side: "bandits"}
		}
	}
	events := n.Log.Events()
	for i := range events {
		if !events[i].For("crucis") {
			events[i].Text = "a campaign secret only bandits know"
		}
	}
	n.Log = campaign.NewLog(events...)
	for i := range n.Side("bandits").Battlegroups {
		n.Side("bandits").Battlegroups[i].Name = "Secret Name"
	}
	for i := range b.State.Units {
		if u := b.State.Units[i]; u.Side == "bandits" {
			u.MPLeft, u.Overburning = u.MPLeft+3, !u.Overburning
		}
	}
	b.State.Side("bandits").Mines = map[hex.Hex]int{{X: 3, Y: 3}: 10}

	after := rsOutputs(t, n, id)
	for k, v := range before {
		if after[k] != v {
			t.Errorf("crucis's %s changed with bandits' secrets:\nbefore: %.300q\nafter:  %.300q", k, v, after[k])
		}
	}
	if afterActionReport(n, b, "bandits") == theirsBefore {
		t.Error("bandits' own report did not change with its battlegroups' names and secret events: the changes reach nothing")
	}
}
