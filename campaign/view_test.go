package campaign

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// ordUnitIDs matches the quoted unit IDs of a side's letter in JSON.
func ordUnitIDs(letter string) *regexp.Regexp {
	return regexp.MustCompile(`"` + letter + `[0-9]+"`)
}

// Ensure a side's view holds its own worksheet, orders and intel and
// nothing of the enemy's but what is public (R10).
func TestView(t *testing.T) {
	c, rec := ordRecon(t, ordStarted(t), "bandits", 2, "B11")
	c = ordPlace(c, "bandits", rec, 1)
	c = ordPlace(c, "bandits", 4, 9)
	c = ordGive(t, c, "crucis", Order{Kind: OrderSearch, Sectors: []int{9}})
	c = ordGive(t, c, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2}})
	c = ordGive(t, c, "bandits", Order{Kind: OrderHold, Battlegroup: 3})
	c = ordGive(t, c, "bandits", Order{Kind: OrderRename, Battlegroup: 3, Name: "Secret Hammer"})
	open := c
	c, _ = ordResolve(t, c)

	t.Run("Own", func(t *testing.T) {
		v := View(open, "crucis")
		if v.Own == nil || v.Own.ID != "crucis" || len(v.Own.Orders.Moves) != 1 || len(v.Own.Orders.Searches) != 1 {
			t.Fatalf("own side in view: %+v", v.Own)
		}
		raw, _ := json.Marshal(v)
		if ordUnitIDs("B").Match(raw) || strings.Contains(string(raw), "Secret Hammer") || strings.Contains(string(raw), "Recon B11") {
			t.Fatalf("crucis view holds bandit units, names or orders: %s", raw)
		}
		for _, e := range v.Events {
			if !e.For("crucis") {
				t.Errorf("event %q for %v in the crucis view", e.Text, e.Audience)
			}
		}
	})
	t.Run("AfterResolution", func(t *testing.T) {
		v := View(c, "crucis")
		sec := v.Sectors[9-1]
		if sec.Intel == nil || !sec.Intel.Present {
			t.Fatalf("sector 9 intel %+v, want the search's answer", sec.Intel)
		}
		if got := v.Sectors[2-1].Own; len(got) != 1 || got[0] != 2 {
			t.Fatalf("sector 2 own battlegroups %v, want [2]", got)
		}
		if v.Sectors[0].Intel != nil { // sector 1
			t.Fatal("an unsearched sector holds intel")
		}
		if len(v.Battles) != 1 || v.Battles[0].Sector != 9 || len(v.Battles[0].Own) != 1 || v.Battles[0].Own[0] != 4 {
			t.Fatalf("battles in view: %+v", v.Battles)
		}
		raw, _ := json.Marshal(v)
		if strings.Contains(string(raw), "Secret Hammer") {
			t.Fatal("enemy battlegroup name in the view")
		}
		v.Own.Battlegroups[0].Sector = 12
		v.Own.Units[0].Step = 3
		if c.Side("crucis").Battlegroups[0].Sector == 12 || c.Side("crucis").Units[0].Step == 3 {
			t.Fatal("the view shares data with the campaign")
		}
	})
	t.Run("Spectator", func(t *testing.T) {
		v := View(c, "")
		if v.Own != nil || v.All != nil {
			t.Fatal("a spectator sees a side")
		}
		for _, e := range v.Events {
			if len(e.Audience) != 0 {
				t.Errorf("secret event %q in the spectator's view", e.Text)
			}
		}
		for _, s := range v.Sectors {
			if len(s.Own) != 0 || s.Intel != nil {
				t.Errorf("sector %d shows battlegroups or intel to a spectator", s.ID)
			}
		}
		if len(v.Battles) != 1 || v.Battles[0].Own != nil {
			t.Fatalf("spectator battles %+v: the contact is public, the battlegroups are not", v.Battles)
		}
	})
	t.Run("Referee", func(t *testing.T) {
		v := RefereeView(c)
		if !v.Referee || len(v.All) != 2 || len(v.Events) != c.Log.Len() {
			t.Fatalf("referee view: referee %v, %d sides, %d of %d events", v.Referee, len(v.All), len(v.Events), c.Log.Len())
		}
	})
}

// Ensure a side's view of a battle it fought counts the enemy counters
// it saw still fighting when the battle ended, from its own picture of
// the battle, and nothing before the end.
func TestViewEnemyLeft(t *testing.T) {
	c, b := btlContact(t)
	if v := View(c, "crucis"); len(v.Battles[0].EnemyLeft) != 0 {
		t.Fatalf("battle not over: enemy left %d, want 0", len(v.Battles[0].EnemyLeft))
	}
	seen := 0
	for seed := uint64(1); seed <= 5; seed++ {
		n, _, err := AutoResolveBattle(c, b.ID, dice.New(dice.NewSeeded(seed)), seed)
		if err != nil {
			t.Fatal(err)
		}
		st := n.Battle(b.ID).State
		for _, side := range []string{"crucis", "bandits"} {
			want := 0
			for _, u := range st.View(side).Units {
				if u.Side != side && u.Status == referee.Active.String() {
					want++
				}
			}
			if got := len(View(n, side).Battles[0].EnemyLeft); got != want {
				t.Errorf("seed %d, %s: enemy left %d, want %d", seed, side, got, want)
			}
			seen += want
		}
		if got := len(View(n, "").Battles[0].EnemyLeft); got != 0 {
			t.Errorf("a spectator is told %d enemy units left", got)
		}
	}
	if seen == 0 {
		t.Error("no battle ended with enemy units standing: the check proves nothing")
	}
}
