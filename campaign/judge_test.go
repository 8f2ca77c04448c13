package campaign

import (
	"slices"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure a referee's judgement in a battle (ruling JD2) changes the
// battle, is logged for the referee alone in the campaign's log, and
// starts a battle whose last unit it kept out; bad input changes nothing.
func TestJudgeBattle(t *testing.T) {
	c, b := btlContact(t)
	// B9 stays out (004 line 147's reinforcements did not come, say):
	// the crucis and B8 deploy, and the battle starts.
	n, evs, err := JudgeBattle(c, b.ID, Judgement{Kind: JudgeWithhold, Unit: "B9", Why: "a disaster, 004 line 13"}, btlDice(t, "1"))
	n = btlMust(t, n, err)
	if u := n.Battle(b.ID).State.Unit("B9"); u.Status != referee.Withdrawn || c.Battle(b.ID).State.Unit("B9").Status == referee.Withdrawn {
		t.Fatalf("B9 %v, want withdrawn in the new campaign only", u.Status)
	}
	last := n.Log.At(n.Log.Len() - 1)
	if last.Type != "judgement" || !slices.Equal(last.Audience, []string{RefereeAudience}) || !strings.Contains(last.Text, "B9 stays out") {
		t.Errorf("log %+v, want the referee's record of the judgement", last)
	}
	if len(evs) != 2 {
		t.Errorf("battle events %+v, want the public and the owner's", evs)
	}
	n = btlDeployAll(t, n, b.ID)
	// Damage in the battle, then the weather.
	n, _, err = JudgeBattle(n, b.ID, Judgement{Kind: JudgeDamage, Unit: "A6", Steps: 1, Why: "sniper support, 004 line 76"}, btlDice(t, "1"))
	n = btlMust(t, n, err)
	if got := n.Battle(b.ID).State.Unit("A6").Step; got != 1 {
		t.Errorf("A6 at step %d, want 1", got)
	}
	n, _, err = JudgeBattle(n, b.ID, Judgement{Kind: JudgeWeather, Weather: referee.WeatherStorm, Why: "a massive storm rolls in"}, btlDice(t, "1"))
	n = btlMust(t, n, err)
	if got := n.Battle(b.ID).State.Rules.Weather.Kind; got != referee.WeatherStorm {
		t.Errorf("weather %v, want storm", got)
	}
	for _, tc := range []struct {
		j    Judgement
		want string
	}{
		{Judgement{Kind: JudgeWithhold, Unit: "B8", Why: "x"}, "has started"},
		{Judgement{Kind: JudgeDamage, Unit: "A6", Steps: 9, Why: "x"}, "1 to 4 steps"},
		{Judgement{Kind: "bless", Why: "x"}, "unknown judgement"},
	} {
		if _, _, err := JudgeBattle(n, b.ID, tc.j, btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.j, err, tc.want)
		}
	}
	if _, _, err := JudgeBattle(n, 99, Judgement{Kind: JudgeDamage, Unit: "A6", Steps: 1, Why: "x"}, btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), "no battle 99") {
		t.Errorf("battle 99: %v", err)
	}
}

// Ensure the referee's victory point award (ruling JD2) goes through the
// log, public or secret to the side as he says (ruling SE2), within
// bounds.
func TestJudgeVP(t *testing.T) {
	c := btlCampaign(t)
	before := c.Side("crucis").VP
	n, err := JudgeVP(c, "crucis", 100, "the spaceport objective agreed on, 000 line 2704", false)
	n = btlMust(t, n, err)
	if n.Side("crucis").VP != before+100 || c.Side("crucis").VP != before || n.KnownVP("crucis", "bandits") != c.KnownVP("crucis", "bandits")+100 {
		t.Errorf("crucis VP %d, known to bandits %d: want +100 for all to see", n.Side("crucis").VP, n.KnownVP("crucis", "bandits"))
	}
	s, err := JudgeVP(n, "bandits", -20, "a lure uncovered", true)
	s = btlMust(t, s, err)
	if s.KnownVP("bandits", "crucis") != n.KnownVP("bandits", "crucis") || s.KnownVP("bandits", "bandits") != n.Side("bandits").VP-20 {
		t.Errorf("a secret award shows: crucis knows %d", s.KnownVP("bandits", "crucis"))
	}
	for _, tc := range []struct {
		side string
		vp   int
		why  string
		want string
	}{
		{"nobody", 5, "x", "no side"},
		{"crucis", 0, "x", "not 0"},
		{"crucis", 251, "x", "from -250 to 250"},
		{"crucis", 5, "", "say why"},
	} {
		if _, err := JudgeVP(c, tc.side, tc.vp, tc.why, false); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("JudgeVP(%s, %d, %q): %v, want %q", tc.side, tc.vp, tc.why, err, tc.want)
		}
	}
}

// Ensure the referee's terrain judgement (004 lines 13, 149; ruling JD2)
// is kept with the battle and laid again on the map regenerated from the
// sector when the campaign is read back.
func TestJudgeTerrainRestored(t *testing.T) {
	c, b := btlContact(t)
	at := []hex.Hex{hex.MustParse("3009"), hex.MustParse("3010")}
	n, evs, err := JudgeBattle(c, b.ID, Judgement{Kind: JudgeTerrain, Hexes: at, Terrain: mapgen.Water2, Elevation: 0, Why: "a flood, 004 line 13"}, btlDice(t, "1"))
	n = btlMust(t, n, err)
	if len(evs) != 1 || evs[0].Audience != nil || n.Battle(b.ID).State.Map.At(at[1]).Terrain != mapgen.Water2 {
		t.Fatalf("events %+v, cell %+v: want a public judgement and the water", evs, n.Battle(b.ID).State.Map.At(at[1]))
	}
	if c.Battle(b.ID).State.Map.At(at[0]).Terrain == mapgen.Water2 {
		t.Fatal("the old campaign's map changed")
	}
	back := btlReload(t, n)
	for _, h := range at {
		if got := back.Battle(b.ID).State.Map.At(h).Terrain; got != mapgen.Water2 {
			t.Errorf("restored %s is %v, want water-2", h, got)
		}
	}
}

// Ensure the referee's local reinforcements (004 lines 68, 147; ruling
// JD2) join the battle being set up as a new counter of the side: in its
// first battlegroup and in that battlegroup's zone, told to its side
// alone, deployable, and the side's once the battle is over.
func TestJudgeAddUnit(t *testing.T) {
	c, b := btlContact(t)
	lance, err := forces.QuickLance([]string{"Locust", "Wasp"}, referee.Green)
	if err != nil {
		t.Fatal(err)
	}
	lance.Name = "Militia lance"
	n, evs, id, err := JudgeAddUnit(c, b.ID, "bandits", lance, "local reinforcements, 004 line 147")
	n = btlMust(t, n, err)
	s := n.Side("bandits")
	cu := s.Unit(id)
	bg := s.Battlegroup(n.Battle(b.ID).Sides[1].Battlegroups[0])
	if cu == nil || cu.Battlegroup != bg.ID || !slices.Contains(bg.Units, id) || c.Side("bandits").Unit(id) != nil {
		t.Fatalf("new counter %s: %+v in battlegroup %+v", id, cu, bg)
	}
	st := n.Battle(b.ID).State
	if u := st.Unit(id); u == nil || u.Status != referee.Reserve || st.Campaign.Zones[id] != st.Campaign.Zones["B8"] {
		t.Errorf("battle unit %+v zone %v, want in reserve in B8's zone %v", u, st.Campaign.Zones[id], st.Campaign.Zones["B8"])
	}
	if _, ok := c.Battle(b.ID).State.Campaign.Zones[id]; ok {
		t.Error("the old battle's zones changed")
	}
	if len(evs) != 1 || !slices.Equal(evs[0].Audience, []string{"bandits"}) || !strings.Contains(evs[0].Text, "Militia lance joins the battle as "+id) {
		t.Errorf("events %+v, want one to the bandits", evs)
	}
	n = btlDeployAll(t, n, b.ID)
	if u := n.Battle(b.ID).State.Unit(id); u.Status != referee.Active {
		t.Errorf("%s is %v after deployment, want active", id, u.Status)
	}
	if _, _, _, err := JudgeAddUnit(n, b.ID, "bandits", lance, "x"); err == nil || !strings.Contains(err.Error(), "has started") {
		t.Errorf("started battle: %v", err)
	}
	for _, tc := range []struct {
		side, why string
		want      string
	}{
		{"", "x", "say which side"},
		{"nobody", "x", "does not fight"},
		{"bandits", " ", "say why"},
	} {
		if _, _, _, err := JudgeAddUnit(c, b.ID, tc.side, lance, tc.why); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc, err, tc.want)
		}
	}
}
