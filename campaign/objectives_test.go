package campaign

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
)

// objEvents are the objective events logged after mark.
func objEvents(c *Campaign, mark int) []Event {
	var out []Event
	for _, e := range c.Log.Since(mark) {
		if e.Type == "objective" {
			out = append(out, e)
		}
	}
	return out
}

// objMove stands battlegroup bg of side in sector, as a move would.
func objMove(c *Campaign, side string, bg, sector int) {
	c.Side(side).Battlegroup(bg).Sector = sector
}

// objUpkeep runs the upkeep of a turn without battles; neither side gets
// reinforcements (3+3, 3+4).
func objUpkeep(t *testing.T, c *Campaign) (*Campaign, []Event) {
	t.Helper()
	c.Phase = PhaseBattles
	mark := c.Log.Len()
	n, _ := btlUpkeep(t, c, "3,3,3,4")
	return n, objEvents(n, mark)
}

// Ensure objectives are worth what the book says and scored as ruling
// CB14 has them (000 line 2704: 100 to 250 VP for reaching an objective,
// each side's own objective being to capture or keep a city or an
// installation): standing on one's own start sector scores nothing; taking
// a sector scores its objectives once in the campaign, for one side;
// holding lasts until the enemy stands there alone.
//
// The map (4×3, seed 1) has one objective, the city of Carrick Landing in
// sector 12 at the Bandits' end (150 VP, mapgen.DefaultObjectiveVP);
// this test adds an installation in sector 7, Merrow Prairie, between the
// ends (100 VP).
func TestObjectives(t *testing.T) {
	c := btlCampaign(t)
	m := *c.Map
	m.Sectors = slices.Clone(m.Sectors)
	m.Sectors[6].Objectives = []mapgen.Objective{{Kind: mapgen.Installation, Name: "Merrow Depot", VP: mapgen.DefaultObjectiveVP(mapgen.Installation)}}
	c.Map = &m
	if got := m.ByID(12).Objectives[0].VP; got != 150 {
		t.Fatalf("Carrick Landing is worth %d, want 150 (100 to 250, 000 line 2704)", got)
	}
	if ss := c.Sectors[12]; ss.Home != "bandits" || ss.Holder != "bandits" {
		t.Fatalf("sector 12 home %q holder %q, want the bandits who start there", ss.Home, ss.Holder)
	}

	// Turn 1: the bandits stand on their own city and the crucis RBG on
	// its own start sector: nobody scores.
	c, evs := objUpkeep(t, c)
	if len(evs) != 0 || c.Side("bandits").VP != 0 {
		t.Fatalf("turn 1 scores %v, bandits VP %d: starting on an objective scores nothing", evs, c.Side("bandits").VP)
	}

	type move struct {
		side       string
		bg, sector int
	}
	for _, step := range []struct {
		what   string
		moves  []move
		scores string // "side sector VP", one per score
		holder string // who holds sector 7 after the upkeep
	}{
		{"turn 2: both sides enter Merrow Prairie: contested, nobody holds it",
			[]move{{"crucis", 2, 7}, {"bandits", 2, 7}}, "", ""},
		{"turn 3: the bandits leave; crucis alone takes the depot: 100 VP",
			[]move{{"bandits", 2, 8}}, "crucis 7 100", "crucis"},
		{"turn 4: crucis leaves the depot; it still holds it",
			[]move{{"crucis", 2, 6}}, "", "crucis"},
		// The depot's objectives were scored once already. The bandits
		// now hold every objective, but took none that crucis held at the
		// start: the campaign goes on.
		{"turn 5: the bandits take the depot back and score nothing for it",
			[]move{{"bandits", 2, 7}}, "", "bandits"},
	} {
		for _, m := range step.moves {
			objMove(c, m.side, m.bg, m.sector)
		}
		c, evs = objUpkeep(t, c)
		var got []string
		for _, e := range evs {
			got = append(got, fmt.Sprintf("%s %d %d", e.Side, e.Sector, e.VP))
		}
		if strings.Join(got, "; ") != step.scores || c.Sectors[7].Holder != step.holder {
			t.Fatalf("%s: scores %q, holder %q; want %q, %q", step.what, got, c.Sectors[7].Holder, step.scores, step.holder)
		}
	}
	// Each side's view shows what it holds, and nothing of the enemy's.
	if b, cr := View(c, "bandits").Sectors[6], View(c, "crucis").Sectors[6]; b.ID != 7 || !b.Held || cr.Held {
		t.Errorf("sector 7 in the views: bandits %+v, crucis %+v; want held for the bandits only", b, cr)
	}
	if c.Phase != PhaseOrders || c.Side("crucis").VP != 100 || c.Side("bandits").VP != 0 {
		t.Fatalf("phase %s, VP crucis %d bandits %d; want the campaign going on at 100 and 0", c.Phase, c.Side("crucis").VP, c.Side("bandits").VP)
	}
}

// Ensure an objective can end the campaign (step 11, 000 lines 2575,
// 2733; ruling CB14): once one side holds every objective sector, having
// taken at least one the enemy held at the start, the campaign ends;
// objectives nobody took are
// scored then by the side that held them from the start.
func TestObjectivesEndCampaign(t *testing.T) {
	t.Run("TakenAll", func(t *testing.T) {
		c := btlCampaign(t)
		objMove(c, "bandits", 4, 8) // Biggie's battalion leaves Carrick Landing
		objMove(c, "crucis", 2, 12) // Vanur's battalion stands there alone
		c, evs := objUpkeep(t, c)
		if len(evs) != 1 || evs[0].Side != "crucis" || evs[0].VP != 150 {
			t.Fatalf("scores %v, want crucis 150 for Carrick Landing", evs)
		}
		if c.Phase != PhaseOver || c.Winner != "crucis" || c.End != EndObjectives {
			t.Fatalf("phase %s winner %q end %q, want the campaign over by its objectives, won by crucis", c.Phase, c.Winner, c.End)
		}
		if e := c.Log.At(c.Log.Len() - 3); e.Type != "campaign_end" || !strings.Contains(e.Text, "7th Crucis Lancers holds every objective") {
			t.Errorf("end event %q", e.Text)
		}
	})
	t.Run("HeldToTheEnd", func(t *testing.T) {
		c := btlCampaign(t)
		c.Settings.TurnLimit = 1
		c, evs := objUpkeep(t, c)
		if len(evs) != 1 || evs[0].Side != "bandits" || evs[0].VP != 150 || c.Phase != PhaseOver {
			t.Fatalf("scores %v phase %s, want the bandits to score the city they held to the end", evs, c.Phase)
		}
	})
	t.Run("OnlyHomeHeld", func(t *testing.T) {
		// The bandits hold every objective (their own city) without having
		// taken one: the campaign goes on.
		c := btlCampaign(t)
		c, _ = objUpkeep(t, c)
		if c.Phase != PhaseOrders {
			t.Fatalf("phase %s, want the campaign to go on", c.Phase)
		}
	})
}

// Ensure raid objectives (004 lines 244–256; ruling ST14) are rolled at
// the start when the setting is on: each side's on the common list, in a
// sector of the enemy's end picked by a die, worth 100 or 250 VP, on a
// copy of the map; the enemy holds it from the start.
func TestRaidObjectivesAtStart(t *testing.T) {
	c := mustNewCampaign(t)
	c.Settings.RaidObjectives = true
	if _, err := Start(c, nil); err == nil {
		t.Fatal("a start without dice rolled the raid objectives")
	}
	// crucis 3+4 = 7: Acquisition, Major (line 251), die 2: the second
	// sector of the bandits' end; bandits 2+1 = 3: Acquisition, Minor
	// (line 247), die 1: the first of crucis's end.
	d, src := stbDice(t, []int{3, 4, 2, 2, 1, 1})
	n, err := Start(c, d)
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, n)
	if src.Remaining() != 0 {
		t.Errorf("%d faces left", src.Remaining())
	}
	for _, tc := range []struct {
		sector int
		want   mapgen.Objective
		home   string
	}{
		{8, mapgen.Objective{Kind: mapgen.Installation, Name: "Acquisition, Major", VP: RaidMajorVP}, "bandits"},
		{1, mapgen.Objective{Kind: mapgen.Installation, Name: "Acquisition, Minor", VP: RaidVP}, "crucis"},
	} {
		obs := n.Map.ByID(tc.sector).Objectives
		if len(obs) == 0 || obs[len(obs)-1] != tc.want || n.Sectors[tc.sector].Home != tc.home {
			t.Errorf("sector %d: objectives %v home %q, want %v held by %s", tc.sector, obs, n.Sectors[tc.sector].Home, tc.want, tc.home)
		}
		if len(c.Map.ByID(tc.sector).Objectives) != 0 {
			t.Errorf("sector %d: the map given to Start was changed", tc.sector)
		}
	}
}
