package command

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// jdgReplies sorts replies by who may read them: the public ones, and
// each user's private ones and direct messages.
func jdgReplies(rs []Reply) (public string, private map[string]string) {
	private = map[string]string{}
	for _, r := range rs {
		if r.To == Public {
			public += r.Text + "\n"
		} else {
			private[r.User] += r.Text + "\n"
		}
	}
	return public, private
}

// Ensure the referee's judgements (ruling JD2) change the battle, reach
// only those who may know them — a unit's damage and which counter stays
// out its owner, that a counter stays out everyone, the referee his
// record — and are taken back by /undo.
func TestJudgeCommands(t *testing.T) {
	f, id := wstBattle(t)
	bid := strconv.Itoa(id)
	c, err := f.store.Get(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var bandit string
	for _, u := range c.Battle(id).State.Units {
		if u.Side == "bandits" && u.Status == referee.Reserve {
			bandit = u.ID
			break
		}
	}
	if bandit == "" {
		t.Fatal("no bandits unit to judge")
	}

	out := f.cmdMust("ref", "judge", "damage", "battle", bid, "unit", bandit, "steps", "1", "why", "gauntlet damage, 004 line 56")
	pub, priv := jdgReplies(out)
	if strings.Contains(pub, bandit) || strings.Contains(priv["alice"], bandit) {
		t.Errorf("the damage to %s shows to crucis:\npublic %q\nalice %q", bandit, pub, priv["alice"])
	}
	if !strings.Contains(priv["bob"], bandit) || !strings.Contains(priv["bob"], "gauntlet damage") {
		t.Errorf("bob is not told of %s's damage: %q", bandit, priv["bob"])
	}
	if !strings.Contains(priv["ref"], "your judgement") {
		t.Errorf("the referee's record is missing: %q", priv["ref"])
	}
	if c, _ := f.store.Get(t.Context(), 1); c.Battle(id).State.Unit(bandit).Step != 1 {
		t.Fatalf("%s at step %d, want 1", bandit, c.Battle(id).State.Unit(bandit).Step)
	}
	f.cmdMust("ref", "undo", "")
	if c, _ := f.store.Get(t.Context(), 1); c.Battle(id).State.Unit(bandit).Step != 0 {
		t.Errorf("undo left %s at step %d", bandit, c.Battle(id).State.Unit(bandit).Step)
	}

	out = f.cmdMust("ref", "judge", "withhold", "battle", bid, "unit", bandit, "why", "sabotage")
	pub, priv = jdgReplies(out)
	if !strings.Contains(pub, "keeps a counter of Moore's Bandits out") || strings.Contains(pub, bandit) || strings.Contains(priv["alice"], bandit) {
		t.Errorf("withhold: public %q, alice %q: want the count public, the ID secret", pub, priv["alice"])
	}
	if !strings.Contains(priv["bob"], bandit+" stays out") {
		t.Errorf("bob is not told which unit stays out: %q", priv["bob"])
	}

	out = f.cmdMust("ref", "judge", "weather", "battle", bid, "weather", "fog", "night", "true", "why", "a forest fire, 004 line 13")
	if pub, _ := jdgReplies(out); !strings.Contains(pub, "fog, at night") {
		t.Errorf("the weather is not public: %q", pub)
	}

	out = f.cmdMust("ref", "judge", "terrain", "battle", bid, "hexes", "0101 0102", "terrain", "rough", "elevation", "1", "why", "terrain selection, 004 line 149")
	if pub, _ := jdgReplies(out); !strings.Contains(pub, "0101, 0102 rough at elevation 1") {
		t.Errorf("the terrain is not public: %q", pub)
	}
	if c, _ := f.store.Get(t.Context(), 1); c.Battle(id).State.Map.At(hex.MustParse("0102")).Terrain != mapgen.Rough {
		t.Errorf("0102 is %v after the judgement, want rough", c.Battle(id).State.Map.At(hex.MustParse("0102")).Terrain)
	}

	out = f.cmdMust("ref", "judge", "add", "battle", bid, "side", "bandits", "units", "Locust, Wasp", "experience", "green", "why", "local reinforcements, 004 line 147")
	pub, priv = jdgReplies(out)
	if strings.Contains(pub, "Locust") || strings.Contains(priv["alice"], "Locust") || !strings.Contains(priv["bob"], "Locust, Wasp joins the battle") {
		t.Errorf("add: public %q alice %q bob %q: want the bandits alone told", pub, priv["alice"], priv["bob"])
	}

	before := c.Side("bandits").VP
	out = f.cmdMust("ref", "judge", "vp", "side", "bandits", "points", "25", "why", "a lure", "secret", "true")
	pub, priv = jdgReplies(out)
	if strings.Contains(pub, "a lure") || strings.Contains(priv["alice"], "a lure") || !strings.Contains(priv["bob"], "+25") {
		t.Errorf("secret award: public %q alice %q bob %q", pub, priv["alice"], priv["bob"])
	}
	if c, _ := f.store.Get(t.Context(), 1); c.Side("bandits").VP != before+25 {
		t.Errorf("bandits VP %d, want %d", c.Side("bandits").VP, before+25)
	}

	for _, tc := range []struct {
		sub  string
		kv   []string
		want string
	}{
		{"damage", []string{"unit", "Z9", "steps", "1", "why", "x"}, "no unit Z9"},
		{"damage", []string{"unit", bandit, "steps", "7", "why", "x"}, "1 to 4 steps"},
		{"weather", []string{"weather", "hail", "why", "x"}, "weather:hail: use"},
		{"terrain", []string{"hexes", "01x1", "terrain", "rough", "why", "x"}, `"01x1" is not a hex`},
		{"terrain", []string{"hexes", "0101", "terrain", "lava", "why", "x"}, "unknown terrain"},
		{"add", []string{"side", "bandits", "units", "Zeppelin", "why", "x"}, "units: member 1"},
	} {
		got := cmdTexts(f.cmdDo("ref", "judge", tc.sub, append([]string{"battle", bid}, tc.kv...)...))
		if !strings.Contains(got, tc.want) {
			t.Errorf("/judge %s %v: %s, want %q", tc.sub, tc.kv, got, tc.want)
		}
	}
}
