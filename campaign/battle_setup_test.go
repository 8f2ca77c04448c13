package campaign

import (
	"errors"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure a contact makes a battle in its deployment phase: initiative by
// 2D6 a side (000 line 2615), the sector's map, the engaged units in
// reserve with their steps, and zones by ruling R7 (line 2625).
func TestSetUpBattle(t *testing.T) {
	c, b := btlContact(t)
	st := b.State
	t.Run("Initiative", func(t *testing.T) {
		// Faces 4,5 (crucis 9) and 2,3 (bandits 5): crucis moves first.
		if got, want := st.Sides[0].ID, "crucis"; got != want {
			t.Fatalf("first side %s, want %s", got, want)
		}
	})
	t.Run("Map", func(t *testing.T) {
		m, _ := c.Map.ByID(6).Map()
		if st.Map.Width != m.Width || st.Map.Height != m.Height || st.Map.Name != m.Name {
			t.Fatalf("map %s %dx%d, want the sector's %s %dx%d", st.Map.Name, st.Map.Width, st.Map.Height, m.Name, m.Width, m.Height)
		}
	})
	t.Run("Units", func(t *testing.T) {
		var ids []string
		for _, u := range st.Units {
			ids = append(ids, u.ID)
			if u.Status != referee.Reserve {
				t.Errorf("%s is %v, want reserve", u.ID, u.Status)
			}
		}
		if got, want := strings.Join(ids, " "), "A6 A7 B8 B9"; got != want {
			t.Fatalf("units %s, want %s", got, want)
		}
	})
	t.Run("Zones", func(t *testing.T) {
		// Crucis came from sector 5, west of 6: the west edge. The bandits
		// did not move: the edge opposite the enemy's entry, east.
		for id, want := range map[string]referee.Zone{
			"A6": {Edge: referee.West, Depth: 3}, "B8": {Edge: referee.East, Depth: 3},
		} {
			if got := st.Campaign.Zones[id]; got != want {
				t.Errorf("zone of %s = %v, want %v", id, got, want)
			}
		}
		if st.Side("crucis").RetreatEdge != referee.West || st.Side("bandits").RetreatEdge != referee.East {
			t.Errorf("retreat edges %v/%v, want west/east", st.Side("crucis").RetreatEdge, st.Side("bandits").RetreatEdge)
		}
	})
	t.Run("Events", func(t *testing.T) {
		var public, secretToCrucis int
		for _, e := range c.Log.All() {
			if e.Battle != b.ID {
				continue
			}
			if len(e.Audience) == 0 {
				public++
				if strings.Contains(e.Text, "B8") || strings.Contains(e.Text, "A6") {
					t.Errorf("public event names a unit: %s", e.Text)
				}
			}
			if e.For("crucis") && !e.For("bandits") {
				secretToCrucis++
			}
		}
		if public != 2 || secretToCrucis != 1 {
			t.Errorf("%d public and %d crucis-only events, want 2 and 1", public, secretToCrucis)
		}
	})
	t.Run("ErrDeployOutsideZone", func(t *testing.T) {
		_, _, err := BattleAct(c, b.ID, "crucis", referee.Action{Kind: referee.ActDeploy, Unit: "A6", To: hex.Hex{X: 10, Y: 8}}, btlDice(t, "1"))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "west edge") {
			t.Fatalf("deploy at 1109 = %v, want a refusal naming the west edge", err)
		}
	})
	t.Run("ErrOtherSidesUnit", func(t *testing.T) {
		_, _, err := BattleAct(c, b.ID, "crucis", referee.Action{Kind: referee.ActDeploy, Unit: "B8", To: hex.Hex{X: 63, Y: 8}}, btlDice(t, "1"))
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("deploying the enemy's unit = %v, want *Error", err)
		}
	})
	t.Run("ValidDeploysInZone", func(t *testing.T) {
		acts := referee.ValidActions(st, "B8")
		if len(acts) == 0 {
			t.Fatal("no deploy actions offered")
		}
		for _, a := range acts {
			if a.Kind != referee.ActDeploy || a.To.X < st.Map.Width-3 {
				t.Fatalf("offered %v, outside the east zone", a)
			}
		}
	})
	t.Run("DeployStarts", func(t *testing.T) {
		n := btlDeployAll(t, c, b.ID)
		if n.Battle(b.ID).State.PhasingSide().ID != "crucis" {
			t.Fatal("the initiative winner does not move first")
		}
		if c.Battle(b.ID).State.Phase != referee.PhaseDeploy {
			t.Fatal("BattleAct changed the campaign it was given")
		}
	})
}

// Ensure the deployment rules of R7 and 000 line 2633 cover every case.
func TestDeploymentZones(t *testing.T) {
	for _, tc := range []struct {
		name           string
		aFrom, bFrom   int // 0: did not move
		aPrep, bPrep   bool
		wantA, wantB   referee.Zone
		wantRA, wantRB referee.Edge
	}{
		{"BothMoved", 5, 7, false, false, referee.Zone{Edge: referee.West, Depth: 3}, referee.Zone{Edge: referee.East, Depth: 3}, referee.West, referee.East},
		{"FromNorthAndSouth", 2, 10, false, false, referee.Zone{Edge: referee.North, Depth: 3}, referee.Zone{Edge: referee.South, Depth: 3}, referee.North, referee.South},
		{"NoneMovedWinnerWest", 0, 0, false, false, referee.Zone{Edge: referee.West, Depth: 3}, referee.Zone{Edge: referee.East, Depth: 3}, referee.West, referee.East},
		{"StayerFacesEntry", 0, 2, false, false, referee.Zone{Edge: referee.South, Depth: 3}, referee.Zone{Edge: referee.North, Depth: 3}, referee.South, referee.North},
		{"Prepared", 0, 7, true, false, referee.Zone{Depth: 3}, referee.Zone{Edge: referee.East, Depth: 3}, referee.West, referee.East},
		// Both prepared: each its half of the 64-column map (ruling CB17).
		{"BothPrepared", 0, 0, true, true, referee.Zone{Edge: referee.West, Depth: 32}, referee.Zone{Edge: referee.East, Depth: 32}, referee.West, referee.East},
		{"BothPreparedOneMovedIn", 0, 2, true, true, referee.Zone{Edge: referee.South, Depth: 8}, referee.Zone{Edge: referee.North, Depth: 3}, referee.South, referee.North},
		// Both came from sector 5, where neither searched (ruling CO5):
		// the initiative winner keeps its edge, the other side takes the
		// opposite one (ruling CB18).
		{"BothFromOneSector", 5, 5, false, false, referee.Zone{Edge: referee.West, Depth: 3}, referee.Zone{Edge: referee.East, Depth: 3}, referee.West, referee.East},
		// From the west and from the north: each keeps its edge, and the
		// loser leaves the shared corner to the winner (ruling CB18).
		{"PerpendicularEntries", 5, 2, false, false, referee.Zone{Edge: referee.West, Depth: 3}, referee.Zone{Edge: referee.North, Depth: 3, Off: [4]int{3: 3}}, referee.West, referee.North},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := btlCampaign(t)
			a := btlGroup(t, c, "crucis", 6, "A6")
			a.Moved, a.From, a.Prepared = tc.aFrom != 0, tc.aFrom, tc.aPrep
			b := btlGroup(t, c, "bandits", 6, "B8")
			b.Moved, b.From, b.Prepared = tc.bFrom != 0, tc.bFrom, tc.bPrep
			if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(t, "6,6,1,1")); err != nil {
				t.Fatal(err)
			}
			st := c.Battles[0].State
			if got := st.Campaign.Zones["A6"]; got != tc.wantA {
				t.Errorf("crucis zone %v, want %v", got, tc.wantA)
			}
			if got := st.Campaign.Zones["B8"]; got != tc.wantB {
				t.Errorf("bandits zone %v, want %v", got, tc.wantB)
			}
			// The sides set up in secret, at once by default: no hex may
			// lie in both zones, or a refusal there (a full hex) would
			// tell where the enemy's counters stand (ruling CB17).
			za, zb := st.Campaign.Zones["A6"], st.Campaign.Zones["B8"]
			for x := range st.Map.Width {
				for y := range st.Map.Height {
					if h := (hex.Hex{X: x, Y: y}); za.Contains(st.Map, h) && zb.Contains(st.Map, h) {
						t.Fatalf("hex %v lies in both sides' zones", h)
					}
				}
			}
			if st.Side("crucis").RetreatEdge != tc.wantRA || st.Side("bandits").RetreatEdge != tc.wantRB {
				t.Errorf("retreat edges %v/%v, want %v/%v", st.Side("crucis").RetreatEdge, st.Side("bandits").RetreatEdge, tc.wantRA, tc.wantRB)
			}
			mustCheck(t, c)
		})
	}
	// The winner's zones leave no edge free: it came in by every edge it
	// needs, and holds a prepared position too (ruling CB18).
	type group struct {
		unit string
		from int // 0: did not move
		prep bool
	}
	west3 := referee.Zone{Edge: referee.West, Depth: 3, Off: [4]int{0: 3, 2: 3}}
	for _, tc := range []struct {
		name           string
		crucis, bandit []group
		want           map[string]referee.Zone // the bandits' zones
		reads          string                  // how B8's zone reads
		overlap        bool                    // the winner's zones cover the map
	}{
		// Both prepared (CB17): the crucis half is the east, its edge
		// zones the north, south and west; the bandits' half and their
		// entry edge are the crucis's ground, so both set up inside the
		// edges, beyond the crucis half.
		{"WinnersHalfAndThreeEdges", []group{{"A1", 0, true}, {"A2", 2, false}, {"A4", 10, false}, {"A5", 5, false}}, []group{{"B8", 0, true}, {"B9", 5, false}},
			map[string]referee.Zone{"B8": {Depth: 3, Off: [4]int{1: 32}}, "B9": {Depth: 3, Off: [4]int{1: 32}}},
			"anywhere at least 3 hexes from every edge, but not within 32 hexes of the east edge", false},
		// Every edge and the ground inside them are the crucis's: the
		// bandits keep their entry edge, corners left to the winner, and
		// set up second, seeing the crucis counters there.
		{"WinnerCoversTheMap", []group{{"A1", 0, true}, {"A2", 2, false}, {"A3", 7, false}, {"A4", 10, false}, {"A5", 5, false}}, []group{{"B8", 5, false}},
			map[string]referee.Zone{"B8": west3},
			"within 3 hexes of the west edge, but not within 3 hexes of the north edge or within 3 hexes of the south edge", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := btlCampaign(t)
			sides := []BattleSide{{Side: "crucis"}, {Side: "bandits"}}
			for i, gs := range [][]group{tc.crucis, tc.bandit} {
				for _, g := range gs {
					bg := btlGroup(t, c, sides[i].Side, 6, g.unit)
					bg.Moved, bg.From, bg.Prepared = g.from != 0, g.from, g.prep
					sides[i].Battlegroups = append(sides[i].Battlegroups, bg.ID)
				}
			}
			if err := setUpBattle(c, 6, sides, btlDice(t, "6,6,1,1")); err != nil {
				t.Fatal(err)
			}
			st := c.Battles[0].State
			for id, want := range tc.want {
				if got := st.Campaign.Zones[id]; got != want {
					t.Errorf("%s deploys %v, want %v", id, got, want)
				}
			}
			if got := st.Campaign.Zones["B8"].String(); got != tc.reads {
				t.Errorf("B8's zone reads %q, want %q", got, tc.reads)
			}
			for _, h := range st.Map.Hexes() {
				for _, b := range tc.bandit {
					for _, a := range tc.crucis {
						za, zb := st.Campaign.Zones[a.unit], st.Campaign.Zones[b.unit]
						if !za.Contains(st.Map, h) || !zb.Contains(st.Map, h) {
							continue
						}
						// Shared ground is safe only in plain sight: the
						// winner sets up first (DEC5), and its hidden
						// infantry and mines keep to its prepared position.
						if !tc.overlap || a.prep || st.Campaign.SetupFirst != "crucis" {
							t.Fatalf("hex %v lies in both %s's zone (%v) and %s's (%v), set-up first %q", h, a.unit, za, b.unit, zb, st.Campaign.SetupFirst)
						}
					}
				}
			}
			mustCheck(t, c)
		})
	}
}

// Ensure the book's own set-up example (000 line 2625; BattleForce,
// Contact, Deployment: two Lancer battlegroups come into the contested sector
// by opposite mapsides and one of Moore's Bandits by the left) gives each
// battlegroup the three hexes of the mapside it entered by, the bandits
// without the corners the Lancers hold (ruling CB18).
func TestDeploymentZonesBookExample(t *testing.T) {
	c := btlCampaign(t)
	a := btlGroup(t, c, "crucis", 6, "A6")
	a.Moved, a.From = true, 2 // from the north
	a2 := btlGroup(t, c, "crucis", 6, "A9")
	a2.Moved, a2.From = true, 10 // from the south
	b := btlGroup(t, c, "bandits", 6, "B8")
	b.Moved, b.From = true, 5 // from the west, the left
	if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID, a2.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(t, "6,6,1,1")); err != nil {
		t.Fatal(err)
	}
	st := c.Battles[0].State
	for id, want := range map[string]referee.Zone{
		"A6": {Edge: referee.North, Depth: 3},
		"A9": {Edge: referee.South, Depth: 3},
		"B8": {Edge: referee.West, Depth: 3, Off: [4]int{0: 3, 2: 3}},
	} {
		if got := st.Campaign.Zones[id]; got != want {
			t.Errorf("%s deploys %v, want %v", id, got, want)
		}
	}
	if got := st.Campaign.Zones["B8"].String(); got != "within 3 hexes of the west edge, but not within 3 hexes of the north edge or within 3 hexes of the south edge" {
		t.Errorf("the bandits' zone reads %q", got)
	}
	for _, h := range st.Map.Hexes() {
		if st.Campaign.Zones["B8"].Contains(st.Map, h) && (st.Campaign.Zones["A6"].Contains(st.Map, h) || st.Campaign.Zones["A9"].Contains(st.Map, h)) {
			t.Fatalf("hex %v lies in both sides' zones", h)
		}
	}
	if st.Side("bandits").RetreatEdge != referee.West {
		t.Errorf("the bandits retreat by the %v edge, want west", st.Side("bandits").RetreatEdge)
	}
	mustCheck(t, c)
}

// Ensure recon units stay out of battles (000 line 2583), hidden infantry
// of a prepared position deploys hidden (line 2633), rubble from an
// earlier battle stays (ruling CB19) and ties for initiative roll again.
func TestSetUpBattleSpecial(t *testing.T) {
	c := btlCampaign(t)
	a := btlGroup(t, c, "crucis", 6, "A6")
	r := btlGroup(t, c, "crucis", 6, "A9")
	r.ReconESR = true
	b := btlGroup(t, c, "bandits", 6, "B8")
	b.Prepared = true
	c.Side("bandits").Unit("B8").Hidden = true // only infantry hides: a 'Mech does not
	bs := c.Side("bandits")
	bs.Units = append(bs.Units, Unit{ID: "B99", Status: UnitActive, Hidden: true, Battlegroup: b.ID,
		Lance: forces.Lance{Name: "hidden platoon", Class: referee.Infantry, Rows: referee.DeriveSteps(referee.Values{RA: 4, CA: 6, D: 4}), Range: 1, MP: 1, Experience: referee.Regular}})
	b.Units = append(b.Units, "B99")
	rubble := hex.Hex{X: 20, Y: 5}
	c.Sectors = map[int]SectorState{6: {Rubble: []hex.Hex{rubble}}}
	t.Run("ErrOnlyRecon", func(t *testing.T) {
		err := setUpBattle(c.Clone(), 6, []BattleSide{{Side: "crucis", Battlegroups: []int{r.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(t, "6,6,1,1"))
		if err == nil {
			t.Fatal("a battle with only a recon unit on one side was set up")
		}
	})
	// Ties: 3+3 against 4+2, then 1+1 against 2+1: the bandits win.
	if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID, r.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(t, "3,3,4,2,1,1,2,1")); err != nil {
		t.Fatal(err)
	}
	st := c.Battles[0].State
	if st.Unit("A9") != nil {
		t.Error("the recon unit A9 is in the battle")
	}
	if got := c.Battles[0].Sides[0]; got.Side != "bandits" {
		t.Errorf("initiative to %s, want bandits after the tie", got.Side)
	}
	if st.Unit("B8").Hidden {
		t.Error("a 'Mech lance deploys hidden")
	}
	if !st.Unit("B99").Hidden || st.Campaign.Zones["B99"] != (referee.Zone{Depth: 3}) {
		t.Errorf("hidden infantry of a prepared position: hidden %v, zone %v; want hidden, away from the edges", st.Unit("B99").Hidden, st.Campaign.Zones["B99"])
	}
	n, evs, err := AutoDeploy(c, 1, "bandits", btlDice(t, "1"))
	n = btlMust(t, n, err)
	for _, e := range evs {
		if e.Unit == "B99" && e.Visible("crucis") {
			t.Errorf("crucis sees the hidden infantry deploy: %s", e.Text)
		}
	}
	if h := n.Battles[0].State.Unit("B99").Hex; referee.EdgeDistance(st.Map, h, referee.North) < 3 || referee.EdgeDistance(st.Map, h, referee.West) < 3 {
		t.Errorf("B99 deployed at %s, inside the three edge hexes", h)
	}
	if !st.Rubble[rubble] {
		t.Error("the sector's rubble is not on the battle map")
	}
	mustCheck(t, c)
}
