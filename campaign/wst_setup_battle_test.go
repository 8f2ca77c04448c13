package campaign

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The dice faces below build 004's bigger dice from d6s (ruling ST1):
// a d10 is a half die (1–3 low, 4–6 high) and a face (1–5), so "4,4" is
// 9 and "1,5" is 5; a d100 is a tens d10 and a units d10.
const (
	wstInitiative = "4,5,2,3" // crucis 9, bandits 5
	wstNormal     = "1,3,4,5" // weather d100 30: normal (004 line 8)
	wstFog        = "4,4,4,2" // 87: thick fog (line 12)
	wstNight      = "1,1,1,5" // 5: night (line 7), rolled again
	wstStorm      = "4,5,4,5" // 100: massive storm (line 15)
	wstDisaster   = "4,5,1,3" // 93: a local disaster (line 13)
)

// wstContact sets up, with the setup tables on, the contact of
// btlContact in sector 6 (crucis A6, A7 entering from sector 5; bandits
// B8, B9 standing), after prepare has changed the campaign, with the
// given dice faces after the initiative's.
func wstContact(tb testing.TB, faces string, prepare func(c *Campaign, a, b *Battlegroup)) (*Campaign, *Battle, []Event, error) {
	tb.Helper()
	c := btlCampaign(tb)
	c.Settings.SetupTables = true
	a := btlGroup(tb, c, "crucis", 6, "A6", "A7")
	a.Moved, a.From = true, 5
	b := btlGroup(tb, c, "bandits", 6, "B8", "B9")
	if prepare != nil {
		prepare(c, a, b)
	}
	mustCheck(tb, c)
	start := c.Log.Len()
	all := wstInitiative
	if faces != "" {
		all += "," + faces
	}
	err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(tb, all))
	if err != nil {
		return c, nil, nil, err
	}
	mustCheck(tb, c)
	return c, &c.Battles[len(c.Battles)-1], c.Log.Since(start), nil
}

func wstMustContact(tb testing.TB, faces string, prepare func(c *Campaign, a, b *Battlegroup)) (*Campaign, *Battle, []Event) {
	tb.Helper()
	c, bt, evs, err := wstContact(tb, faces, prepare)
	if err != nil {
		tb.Fatal(err)
	}
	return c, bt, evs
}

func wstHasText(evs []Event, typ, sub string) bool {
	return slices.ContainsFunc(evs, func(e Event) bool { return e.Type == typ && strings.Contains(e.Text, sub) })
}

// Ensure a contact rolls 004's weather when Settings.SetupTables is on,
// puts it in the battle's referee.State, and logs the rolls with the
// battle's ID between the initiative and the deployment.
func TestWstContactWeather(t *testing.T) {
	tests := []struct {
		name    string
		faces   string
		kind    referee.WeatherKind
		night   bool
		text    string
		refusal []string
	}{
		{"Normal", wstNormal, referee.WeatherNormal, false, "weather roll 30: normal", nil},
		{"Fog", wstFog, referee.WeatherFog, false, "weather roll 87: thick fog", nil},
		// Night halves infantry only; the scenario night rules stay off
		// (004 line 7, ST2).
		{"NightThenNormal", wstNight + "," + wstNormal, referee.WeatherNormal, false, "weather roll 5: night", nil},
		// Neither side holds a prepared position: both may refuse (ST6).
		{"Storm", wstStorm, referee.WeatherStorm, false, "weather roll 100: massive storm", []string{"bandits", "crucis"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, bt, evs := wstMustContact(t, tt.faces, nil)
			r := bt.State.Rules
			if r.Weather.Kind != tt.kind || r.Night != tt.night {
				t.Errorf("weather %v night %v, want %v night %v", r.Weather.Kind, r.Night, tt.kind, tt.night)
			}
			if !wstHasText(evs, "setup", tt.text) {
				t.Errorf("no setup event %q in %v", tt.text, evs)
			}
			if !slices.Equal(bt.Refusal, tt.refusal) {
				t.Errorf("refusal %v, want %v", bt.Refusal, tt.refusal)
			}
			var types []string
			for _, e := range evs {
				if e.Battle != bt.ID {
					t.Errorf("event %q has battle %d, want %d", e.Text, e.Battle, bt.ID)
				}
				if len(types) == 0 || types[len(types)-1] != e.Type {
					types = append(types, e.Type)
				}
			}
			if len(types) < 4 || types[0] != "contact" || types[1] != "initiative" || types[2] != "setup" || types[len(types)-1] != "deployment" {
				t.Errorf("event order %v: want contact, initiative, setup…, deployment", types)
			}
			for _, err := range bt.State.Check() {
				t.Error(err)
			}
		})
	}
	t.Run("Off", func(t *testing.T) {
		c := btlCampaign(t)
		a := btlGroup(t, c, "crucis", 6, "A6", "A7")
		b := btlGroup(t, c, "bandits", 6, "B8", "B9")
		// Only the initiative's dice: the tables would run out of them.
		if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(t, wstInitiative)); err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(c.Log.Events(), func(e Event) bool { return e.Type == "setup" }) {
			t.Error("setup tables rolled with SetupTables off")
		}
	})
	t.Run("ErrOutOfDice", func(t *testing.T) {
		c, _, _, err := wstContact(t, "", nil)
		if err == nil {
			t.Fatal("a contact without dice for the tables was set up")
		}
		if len(c.Battles) != 0 {
			t.Errorf("a failed set-up left %d battles", len(c.Battles))
		}
	})
}

// Ensure a prepared defender's defensive advantages reach the battle:
// installations on the map (and kept for Restore), mines laid in secret,
// the attackers' delayed arrival as late reinforcements (004 lines
// 116, 124, 130, 141; rulings ST11, ST12).
func TestWstContactDefense(t *testing.T) {
	prepared := func(_ *Campaign, _, b *Battlegroup) { b.Prepared = true }
	// Defensive advantage d100 50 (one random advantage, line 116), then
	// its d12: a half die and a d6.
	const oneAdvantage = wstNormal + ",1,5,4,5"
	t.Run("Installations", func(t *testing.T) {
		c, bt, evs := wstMustContact(t, oneAdvantage+",1,4,6,6", prepared) // d12 4; 2D6 12: 150 CP
		if len(bt.Installations) != 3 {
			t.Fatalf("installations %v, want 3 (150 CP, ruling ST12)", bt.Installations)
		}
		base, err := c.sectorMap(6)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range bt.Installations {
			if got := bt.State.Cell(h).Terrain; got != mapgen.HardenedBuilding {
				t.Errorf("installation %s is %v on the battle map", h, got)
			}
			if base.At(h).Terrain == mapgen.HardenedBuilding {
				t.Errorf("installation %s leaked into the shared sector map", h)
			}
		}
		if !wstHasText(evs, "installations", bt.Installations[0].String()) {
			t.Errorf("no installations event: %v", evs)
		}
	})
	t.Run("DelayedArrival", func(t *testing.T) {
		_, bt, _ := wstMustContact(t, oneAdvantage+",1,1", prepared) // d12 1
		st := bt.State
		if st.Scenario == nil {
			t.Fatal("no late arrivals")
		}
		late := map[string]int{}
		for _, r := range st.Scenario.Reinforcements {
			for _, u := range r.Units {
				late[u.ID] = r.Turn
				if r.Side != "crucis" || r.Edge != referee.West {
					t.Errorf("%s arrives for %s by the %v edge, want crucis by the west", u.ID, r.Side, r.Edge)
				}
			}
		}
		// MP 4: 1 + (9 − 4) = game turn 6 (ruling ST11).
		if late["A6"] != 6 || late["A7"] != 6 {
			t.Errorf("late arrivals %v, want A6 and A7 on turn 6", late)
		}
		if st.Unit("A6") != nil {
			t.Error("A6 is on the map before it arrives")
		}
	})
	t.Run("PriorSetup", func(t *testing.T) {
		_, bt, evs := wstMustContact(t, oneAdvantage+",4,4", prepared) // d12 10
		// Anywhere (004 line 145) but the attacker's ground (ruling CB18).
		if z, want := bt.State.Campaign.Zones["B8"], (referee.Zone{Edge: referee.East, Depth: bt.State.Map.Width - referee.CampaignZoneDepth}); z != want {
			t.Errorf("B8 deploys %v, want %v", z, want)
		}
		if z := bt.State.Campaign.Zones["A6"]; z.Edge != referee.West {
			t.Errorf("the attacker's A6 deploys %v, want by the west edge", z)
		}
		for _, e := range evs {
			if e.Type == "deployment" && e.Side == "bandits" && !strings.Contains(e.Text, fmt.Sprintf("within %d hexes of the east edge", bt.State.Map.Width-referee.CampaignZoneDepth)) {
				t.Errorf("bandits are told %q", e.Text)
			}
		}
	})
	t.Run("Mines", func(t *testing.T) {
		_, bt, evs := wstMustContact(t, oneAdvantage+",4,2,3", prepared) // d12 8; 1D6 3: 4 mines
		stock := 0
		for _, bs := range bt.Sides {
			if bs.Side == "bandits" {
				stock = mineTotal(bs.Mines)
			}
		}
		if got, want := mineTotal(bt.State.Side("bandits").Mines), 4*MineAttack+stock; got != want {
			t.Errorf("bandits' mines %d points, want %d", got, want)
		}
		if len(bt.State.Side("crucis").Mines) != 0 {
			t.Error("crucis has mines")
		}
		for _, e := range evs {
			if strings.Contains(e.Text, "you lay 4 mines") && !slices.Equal(e.Audience, []string{"bandits"}) {
				t.Errorf("the mines are told to %v, want bandits alone", e.Audience)
			}
		}
	})
}

// Ensure scouting and air availability reach the battle: a detailed
// count in State.Known, an air lance that comes a turn late as a
// reinforcement (004 lines 28, 50, 92; ST7, ST10).
func TestWstContactScoutingAndAir(t *testing.T) {
	scouts := func(c *Campaign, a, _ *Battlegroup) {
		r := btlGroup(t, c, "crucis", 5, "A10")
		r.ReconESR = true
		bg := c.Side("crucis").Battlegroup(a.ID)
		bg.Units = append(bg.Units, "A31")
		old := c.Side("crucis").Battlegroup(c.Side("crucis").Unit("A31").Battlegroup)
		old.Units = slices.DeleteFunc(old.Units, func(id string) bool { return id == "A31" })
		c.Side("crucis").Unit("A31").Battlegroup = a.ID
		c.pruneBattlegroups()
	}
	// Scouting d100 60 + 10 = 70 (one advantage, line 28); d20 5:
	// detailed count; A31's availability d100 85 + 20 = 105 (line 92).
	_, bt, _ := wstMustContact(t, wstNormal+",4,1,4,5,1,1,5,4,4,1,5", scouts)
	st := bt.State
	for _, id := range []string{"B8", "B9"} {
		if st.Known["crucis"][id]&referee.KnowClass == 0 {
			t.Errorf("crucis does not know %s's class: %v", id, st.Known)
		}
	}
	if len(st.Known["bandits"]) != 0 {
		t.Errorf("bandits learned %v", st.Known["bandits"])
	}
	found := false
	for _, r := range st.Scenario.Reinforcements {
		for _, u := range r.Units {
			if u.ID == "A31" {
				found = r.Turn == 2
			}
		}
	}
	if !found || st.Unit("A31") != nil {
		t.Errorf("A31 does not arrive on game turn 2: %+v", st.Scenario)
	}
}

// Ensure the tables' installations survive a JSON round trip: the map is
// left out of the JSON and Restore builds them again on the sector map.
func TestWstBattleJSONInstallations(t *testing.T) {
	c, bt, _ := wstMustContact(t, wstNormal+",1,5,4,5,1,4,6,6", func(_ *Campaign, _, b *Battlegroup) { b.Prepared = true })
	got := btlReload(t, c).Battle(bt.ID)
	if !slices.Equal(got.Installations, bt.Installations) {
		t.Fatalf("installations %v after loading, want %v", got.Installations, bt.Installations)
	}
	for _, h := range got.State.Map.Hexes() {
		if a, b := got.State.Cell(h), bt.State.Cell(h); a != b {
			t.Errorf("hex %s is %+v after loading, %+v before", h, a, b)
		}
	}
	if got.State.Rules.Weather != bt.State.Rules.Weather {
		t.Errorf("weather %+v after loading, want %+v", got.State.Rules.Weather, bt.State.Rules.Weather)
	}
	// The clone keeps its own copy.
	cl := c.Clone()
	cl.Battle(bt.ID).Installations[0] = hex.Hex{}
	if c.Battle(bt.ID).Installations[0] == (hex.Hex{}) {
		t.Error("Clone shares Installations")
	}
}

// Ensure the notes only a judge can settle (R11) are addressed to the
// referee role: the referee's view has them, no side's view does, and no
// side can be named like the referee's pseudo audience.
func TestWstRefereeNotes(t *testing.T) {
	c, bt, evs := wstMustContact(t, wstDisaster, nil)
	var note *Event
	for i := range evs {
		if evs[i].Type == "referee-note" {
			note = &evs[i]
		}
	}
	if note == nil {
		t.Fatalf("no referee note for a local disaster: %v", evs)
	}
	if !slices.Equal(note.Audience, []string{RefereeAudience}) || note.Battle != bt.ID {
		t.Errorf("note audience %v battle %d, want [%s] battle %d", note.Audience, note.Battle, RefereeAudience, bt.ID)
	}
	has := func(v SideView) bool {
		return slices.ContainsFunc(v.Events, func(e Event) bool { return e.Text == note.Text })
	}
	for _, s := range c.Sides {
		if note.For(s.ID) || has(View(c, s.ID)) {
			t.Errorf("side %s sees the referee's note", s.ID)
		}
	}
	if !has(RefereeView(c)) {
		t.Error("the referee's view lacks the note")
	}
	for _, r := range forces.BuiltIns() {
		if r.ID == RefereeAudience {
			t.Errorf("regiment %q takes the referee's audience", r.ID)
		}
	}
}

// Ensure a side the tables let refuse may decline the battle during
// deployment and game turn 1 only: the battle ends without a winner and
// its battlegroups fall back to the sector they came from.
func TestWstRefuseBattle(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		c, bt, _ := wstMustContact(t, wstStorm, nil)
		n, _, evs, err := RefuseBattle(c, bt.ID, "crucis", btlDice(t, "1"))
		n = btlMust(t, n, err)
		nb := n.Battle(bt.ID)
		if !nb.Over || nb.Outcome == nil || nb.Outcome.Winner != "" {
			t.Fatalf("battle over %v outcome %+v: want over, no winner", nb.Over, nb.Outcome)
		}
		for _, id := range nb.Sides[0].Battlegroups {
			if got := n.Side("crucis").Battlegroup(id).Sector; got != 5 {
				t.Errorf("crucis battlegroup %d is in sector %d, want 5 (it came from there)", id, got)
			}
		}
		if !wstHasText(evs, "refusal", "refuses the battle") {
			t.Errorf("no public refusal event: %v", evs)
		}
		if c.Battle(bt.ID).Over {
			t.Error("RefuseBattle changed its argument")
		}
	})
	errs := []struct {
		name    string
		faces   string
		side    string
		setup   func(*Battle)
		message string
	}{
		{"ErrNoRight", wstFog, "crucis", nil, "may not refuse"},
		{"ErrTooLate", wstStorm, "crucis", func(b *Battle) { b.State.Phase, b.State.Turn = referee.PhaseMovement, 2 }, "game turn 2"},
		{"ErrNotInBattle", wstStorm, "nobody", nil, "does not fight"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			c, bt, _ := wstMustContact(t, tt.faces, nil)
			if tt.setup != nil {
				tt.setup(bt)
			}
			_, _, _, err := RefuseBattle(c, bt.ID, tt.side, btlDice(t, "1"))
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), tt.message) {
				t.Errorf("err = %v, want an *Error saying %q", err, tt.message)
			}
		})
	}
}

// Ensure minefields an enemy survey finds are cleared (ruling ST12),
// the mines a prepared position laid from its stock with them: nothing
// is left for PlaceMines, and the owner is told.
func TestWstSurveyClearsStockMines(t *testing.T) {
	prepare := func(c *Campaign, _, b *Battlegroup) {
		b.Prepared = true
		c.Side("bandits").Mines = 2 * MineAttack
		r := btlGroup(t, c, "crucis", 5, "A10")
		r.ReconESR = true
	}
	// Scouting 60 + 10 = 70 (one advantage); d20 6: detailed survey;
	// defensive advantage 5: none (line 115); the survey's mine roll 1.
	c, bt, evs := wstMustContact(t, wstNormal+",4,1,4,5,1,4,1,1,1,1,5,1", prepare)
	if n := len(bt.State.Side("bandits").Mines); n != 0 {
		t.Errorf("bandits keep %d mined hexes after the survey", n)
	}
	if bt.Sides[1].Side != "bandits" || len(bt.Sides[1].Mines) != 0 {
		t.Errorf("battle sides %+v: the bandits' stock mines are still recorded", bt.Sides)
	}
	if !wstHasText(evs, "mines", "cleared") {
		t.Errorf("the bandits are not told their mines were cleared: %v", evs)
	}
	if _, _, err := PlaceMines(c, bt.ID, "bandits", map[hex.Hex]int{hex.MustParse("3209"): 10}); err == nil {
		t.Error("cleared mines placed again")
	}
}
