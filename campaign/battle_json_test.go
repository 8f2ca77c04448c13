package campaign

import (
	"encoding/json"
	"strings"
	"testing"

	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Ensure a campaign with a battle being fought survives a JSON round trip
// without its tactical map, and once restored continues exactly as the
// original does.
func TestBattleJSONRoundTrip(t *testing.T) {
	c, b := btlContact(t)
	c = btlDeployAll(t, c, b.ID)
	// Play the first game turn and a half action by action.
	d := dice.New(dice.NewSeeded(11))
	players := map[string]*ai.Player{"crucis": ai.New("crucis", ai.Normal, 1), "bandits": ai.New("bandits", ai.Normal, 2)}
	for c.Battle(b.ID).State.Turn < 2 || c.Battle(b.ID).State.Phasing == 0 {
		st := c.Battle(b.ID).State
		side := st.PhasingSide().ID
		n, _, err := BattleAct(c, b.ID, side, players[side].Next(st), d)
		c = btlMust(t, n, err)
		if c.Battle(b.ID).Over {
			t.Fatal("the battle ended in its first turn")
		}
	}
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"Cells"`) {
		t.Fatal("the JSON holds the tactical map")
	}
	var back Campaign
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Battle(b.ID).State.Map != nil {
		t.Fatal("a map came back from JSON")
	}
	if _, _, err := AutoResolveBattle(&back, b.ID, dice.New(dice.NewSeeded(3)), 3); err == nil {
		t.Fatal("a battle without its map was fought")
	}
	if err := back.Restore(); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, &back)
	again, err := json.Marshal(&back)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(data) {
		t.Fatal("the restored campaign marshals differently")
	}
	x, _, err := AutoResolveBattle(c, b.ID, dice.New(dice.NewSeeded(3)), 3)
	btlMust(t, x, err)
	y, _, err := AutoResolveBattle(&back, b.ID, dice.New(dice.NewSeeded(3)), 3)
	btlMust(t, y, err)
	xj, _ := json.Marshal(x)
	yj, _ := json.Marshal(y)
	if string(xj) != string(yj) {
		t.Fatal("the restored campaign fought the battle differently")
	}
}
