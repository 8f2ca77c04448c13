package command

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/mapgen/render"
)

// svCampaign is campaign 1 in turn 2's orders, after a turn played as
// the demo plays it (so each side has intel), with both sides' AI
// orders given.
func svCampaign(t *testing.T) *campaign.Campaign {
	t.Helper()
	f := cmdNewFixture(t, true)
	_, states := cmdPlay(t, f, 1)
	c := states[len(states)-1]
	if c.Phase != campaign.PhaseOrders || c.Turn != 2 {
		t.Fatalf("the campaign is in turn %d, %s phase; want turn 2's orders", c.Turn, c.Phase)
	}
	for i, s := range c.Sides {
		for _, o := range DefaultRules().AIOrders(c, s.ID, uint64(10+i)) {
			n, _, err := campaign.GiveOrder(c, s.ID, o)
			if err != nil {
				t.Fatalf("%s: %+v: %v", s.ID, o, err)
			}
			c = n
		}
	}
	return c
}

var svDue = time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)

// Ensure a side's strategic map, picture and words, is drawn from what
// it may know (ruling R10): changing the enemy's secret orders,
// searches, battlegroups' places (into orbit too) and names, its intel,
// the sectors it holds, reached and mined and its secret victory points
// changes not one pixel or word of it (nor, mid set-up, where it places
// its battlegroups), while the enemy's own map does change.
func TestStrategicMapSecrecy(t *testing.T) {
	c := svCampaign(t)
	draw := func(c *campaign.Campaign, side string) File {
		t.Helper()
		f, err := strategicPNG(c, c.Side(side), false, "", svDue)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	mine, theirs := draw(c, "crucis"), draw(c, "bandits")

	n := c.Clone()
	b := n.Side("bandits")
	if len(b.Battlegroups) < 2 {
		t.Fatalf("bandits have %d battlegroups; the test needs two", len(b.Battlegroups))
	}
	b.Battlegroups[0].Sector = 0 // into orbit
	b.Battlegroups[1].Name = "Secret Name"
	far := n.Map.Sectors[len(n.Map.Sectors)-1].ID
	b.Orders = campaign.Orders{
		Moves:    []campaign.Move{{Battlegroup: b.Battlegroups[1].ID, Path: n.Map.Neighbors(b.Battlegroups[1].Sector)[:1]}},
		Drops:    []campaign.Drop{{Battlegroup: b.Battlegroups[0].ID, Sector: far}},
		LiftOff:  true,
		Holds:    []int{b.Battlegroups[len(b.Battlegroups)-1].ID},
		Searches: []int{1, 2, 3, far},
	}
	b.Intel = append(slices.Clone(b.Intel), campaign.Intel{Turn: 2, Sector: 1, Present: true}, campaign.Intel{Turn: 2, Sector: far, Drop: true})
	b.VP += 77
	// What the bandits hold, reached and mined (CB9, CB14, CI3).
	if n.Sectors == nil {
		n.Sectors = map[int]campaign.SectorState{}
	}
	for _, id := range []int{1, far} {
		ss := n.Sectors[id]
		ss.Holder, ss.Reached = "bandits", []string{"bandits"}
		ss.Mines = map[string]map[hex.Hex]int{"bandits": {{X: 3, Y: 3}: 10}}
		n.Sectors[id] = ss
	}

	after := draw(n, "crucis")
	if !bytes.Equal(after.Data, mine.Data) {
		t.Error("crucis's strategic map changed with bandits' secrets")
	}
	if after.Description != mine.Description {
		t.Errorf("crucis's map description changed with bandits' secrets:\nbefore: %s\nafter:  %s", mine.Description, after.Description)
	}
	if bytes.Equal(draw(n, "bandits").Data, theirs.Data) {
		t.Error("bandits' own map did not change with its orders, places and intel: the changes reach nothing")
	}

	// Mid set-up (CB2): where the bandits place their battlegroups, in
	// their sectors or in orbit, is theirs alone.
	s, err := cmdNewFixture(t, false).store.Get(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	mine, theirs = draw(s, "crucis"), draw(s, "bandits")
	allowed, err := campaign.PlacementSectors(s, "bandits")
	if err != nil || len(allowed) < 2 {
		t.Fatalf("bandits may deploy in %v (%v): the test needs two sectors", allowed, err)
	}
	placed := s
	for i, bg := range s.Side("bandits").Battlegroups {
		to := allowed[(i+1)%len(allowed)]
		if to == bg.Sector {
			to = allowed[i%len(allowed)]
		}
		if next, _, err := campaign.Place(placed, "bandits", bg.ID, 0); err == nil && i == 0 {
			placed = next // into orbit, where it may be held there
			continue
		}
		if placed, _, err = campaign.Place(placed, "bandits", bg.ID, to); err != nil {
			t.Fatal(err)
		}
	}
	if after := draw(placed, "crucis"); !bytes.Equal(after.Data, mine.Data) || after.Description != mine.Description {
		t.Errorf("crucis's set-up map changed with bandits' secret placement:\nbefore: %s\nafter:  %s", mine.Description, after.Description)
	}
	if bytes.Equal(draw(placed, "bandits").Data, theirs.Data) {
		t.Error("bandits' own set-up map did not change with its placement: the changes reach nothing")
	}
}

// Ensure what a side's view holds is its own: every battlegroup, arrow
// and search in its colour, every contact the enemy's with the turn it
// was seen, and the score its own account beside the enemy's public
// points (ruling SE2), not the enemy's secret account.
func TestStrategicViewIsTheSidesOwn(t *testing.T) {
	c := svCampaign(t)
	sv := strategicView(c, c.Side("crucis"), false, "", svDue)
	const own, enemy = 0, 1
	if c.Sides[own].ID != "crucis" {
		t.Fatalf("crucis is side %q", c.Sides[own].ID)
	}
	for _, m := range slices.Concat(sv.Own, sv.Searches, sv.Holds, sv.Deploy) {
		if m.Side != own {
			t.Errorf("a mark of side %d on crucis's map: %+v", m.Side, m)
		}
	}
	if len(sv.Own) != len(c.Side("crucis").Battlegroups) {
		t.Errorf("%d badges for crucis's %d battlegroups", len(sv.Own), len(c.Side("crucis").Battlegroups))
	}
	o := c.Side("crucis").Orders
	if want := len(o.Moves) + len(o.Drops); len(sv.Orders) < want {
		t.Errorf("%d arrows for crucis's %d moves and drops", len(sv.Orders), want)
	}
	for _, a := range sv.Orders {
		if a.Side != own {
			t.Errorf("an arrow of side %d on crucis's map: %+v", a.Side, a)
		}
	}
	if len(sv.Contacts) == 0 {
		t.Error("crucis knows of no enemy after a turn of searches: the test would pass vacuously")
	}
	for _, m := range sv.Contacts {
		if m.Side != enemy || m.Label != "" || m.Seen < 1 || m.Seen > c.Turn {
			t.Errorf("contact %+v: want an unnamed enemy mark seen in turn 1 to %d", m, c.Turn)
		}
	}
	want := []render.Score{
		{Name: c.Sides[0].Name, VP: c.Side("crucis").VP, Side: 0},
		{Name: c.Sides[1].Name, VP: c.KnownVP("bandits", "crucis"), Side: 1},
	}
	if !slices.Equal(sv.Scores, want) {
		t.Errorf("scores %+v, want %+v", sv.Scores, want)
	}
	if sv.Deadline != "orders due Fri 27 Nov 18:00 UTC" {
		t.Errorf("deadline %q", sv.Deadline)
	}
}

// Ensure the set-up map marks the sectors where the side may place its
// battlegroups, and only those (not the enemy's).
func TestStrategicViewDeployment(t *testing.T) {
	f := cmdNewFixture(t, false)
	c, err := f.store.Get(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"crucis", "bandits"} {
		want, err := campaign.PlacementSectors(c, side)
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, m := range strategicView(c, c.Side(side), false, "", time.Time{}).Deploy {
			got = append(got, m.SectorID)
		}
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s may deploy in %v; its map marks %v", side, want, got)
		}
	}
}

// Ensure the strategic map's description says what each new element of
// the picture shows: the score and deadline, the battles, the
// battlegroups in orbit, each arrow by its kind, the searches, the
// contacts with the turn seen and the deployment sectors.
func TestStrategicDescriptionSaysEveryElement(t *testing.T) {
	f := cmdNewFixture(t, true)
	c, err := f.store.Get(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	sv := render.StrategicView{
		Map:    c.Map,
		Viewer: "7th Crucis Lancers",
		Own:    []render.SectorMark{{SectorID: 1, Label: "BG1"}, {SectorID: render.Orbit, Label: "BG4"}},
		Orders: []render.OrderArrow{
			{Kind: render.MoveArrow, Path: []int{1, 2}, Label: "BG1"},
			{Kind: render.AttackArrow, Path: []int{1, 5}, Label: "BG2"},
			{Kind: render.ReconArrow, Path: []int{1, 2, 3}, Label: "BG3"},
			{Kind: render.DropArrow, Path: []int{render.Orbit, 6}, Label: "BG4"},
			{Kind: render.LiftOffArrow, Path: []int{1, render.Orbit}, Label: "BG5"},
		},
		Searches: []render.SectorMark{{SectorID: 2}},
		Holds:    []render.SectorMark{{SectorID: 4, Label: "BG6"}},
		Contacts: []render.SectorMark{{SectorID: 7, Side: 1, Seen: 3}},
		Battles:  []render.BattleMark{{SectorID: 11, Label: "battle 2"}},
		Deploy:   []render.SectorMark{{SectorID: 9}},
		Scores:   []render.Score{{Name: "7th Crucis Lancers", VP: 35}, {Name: "Moore's Bandits", VP: 10, Side: 1}},
		Deadline: "orders due Fri 27 Nov 18:00 UTC",
	}
	got := strategicDescription(c, sv)
	for _, want := range []string{
		"Victory points as 7th Crucis Lancers knows them: 7th Crucis Lancers 35, Moore's Bandits 10.",
		"Orders are due Fri 27 Nov 18:00 UTC.",
		"Battles being fought: battle 2 in " + sectorName(c, 11) + ".",
		"BG4 in orbit",
		"Orders, drawn as arrows: BG1 moves to " + sectorName(c, 2),
		"BG2 attacks " + sectorName(c, 5),
		"BG3 scouts through " + sectorName(c, 2) + " to " + sectorName(c, 3),
		"BG4 drops from orbit into " + sectorName(c, 6),
		"BG5 lifts off from " + sectorName(c, 1) + " to orbit",
		"Holding a prepared position (a rampart on the badge): BG6 in " + sectorName(c, 4) + ".",
		"Searches: " + sectorName(c, 2) + ".",
		"Enemy seen, strength unknown: " + sectorName(c, 7) + " in turn 3.",
		"You may deploy in " + sectorName(c, 9) + ".",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the description does not say %q:\n%s", want, got)
		}
	}
	if len(got) > MaxDescription {
		t.Errorf("%d characters, over %d", len(got), MaxDescription)
	}
}
