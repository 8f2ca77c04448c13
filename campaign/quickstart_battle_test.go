package campaign

import (
	"encoding/json"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

func qsUnit(id string, side int, u quickstart.Unit, at string, f hex.Direction) quickstart.UnitState {
	return quickstart.Place(id, side, u, hex.MustParse(at), f)
}

// qsCampaign is a Quick-Start scenario campaign: Divine Fire (blake)
// against the Alpha Recon Star (bears) on a clear map, blake to move
// first.
func qsCampaign(t *testing.T) *Campaign {
	t.Helper()
	script, _ := dice.NewScript(1, 1, 6, 6)
	st, _, err := quickstart.NewBattle(mapgen.New(15, 17), [2]string{"blake", "bears"}, [2]string{}, []quickstart.UnitState{
		qsUnit("DF", 0, quickstart.DivineFire(), "0610", hex.N),
		qsUnit("AR", 1, quickstart.AlphaRecon(), "0605", hex.S),
	}, dice.New(script))
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewQuickStartScenario(4, "", st, [2]string{"Word of Blake", "Clan Ghost Bear"}, "green-training", 1)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Ensure a Quick-Start scenario campaign plays its battle: a side acts
// only in its part of the phase, a refusal says why, the AI plays a side
// to the end of its part, and the campaign is not advanced past the
// battle (Unfought) until it ends, won by the battle's winner; its JSON
// leaves the map out and RestoreWith builds it again.
func TestQuickStartScenarioCampaign(t *testing.T) {
	c := qsCampaign(t)
	if got := Unfought(c); len(got) != 1 || got[0] != 1 {
		t.Errorf("Unfought = %v, want [1]", got)
	}
	d := dice.New(dice.NewSeeded(5))
	if _, _, err := QuickStartAct(c, "bears", quickstart.Action{Kind: quickstart.Done}, d); err == nil || !strings.Contains(err.Error(), "it is Word of Blake's movement phase") {
		t.Errorf("bears out of turn: %v", err)
	}
	if _, _, err := QuickStartAct(c, "blake", quickstart.Action{Kind: quickstart.Move, Unit: "DF", Path: []hex.Hex{hex.MustParse("0608")}, Facing: hex.N}, d); err == nil || !strings.Contains(err.Error(), "0608 is not next to 0610") {
		t.Errorf("a move that skips a hex: %v", err)
	}
	n, evs, err := QuickStartAct(c, "blake", quickstart.Action{Kind: quickstart.Done}, d)
	if err != nil || len(evs) != 0 || n.QuickStart.State.Acting != 1 || c.QuickStart.State.Acting != 0 {
		t.Fatalf("blake done: %v, events %v, acting %d (original %d)", err, evs, n.QuickStart.State.Acting, c.QuickStart.State.Acting)
	}
	if n, _, err = PlayQuickStartAI(n, []string{"bears"}, d); err != nil {
		t.Fatal(err)
	}
	if s := n.QuickStart.State; s.Phase != quickstart.CombatPhase || s.Sides[s.Acting] != "blake" {
		t.Fatalf("after the bears' AI: %v, %s to act", s.Phase, s.Sides[s.Acting])
	}
	raw, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	var back Campaign
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.QuickStart == nil || back.QuickStart.State.Map != nil {
		t.Fatalf("the JSON kept the map or lost the battle: %+v", back.QuickStart)
	}
	if err := back.RestoreWith(func(string, uint64) (*mapgen.Map, error) { return mapgen.New(15, 17), nil }); err != nil {
		t.Fatal(err)
	}
	if errs := back.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	both := []string{"blake", "bears"}
	if n, _, err = PlayQuickStartAI(&back, both, d); err != nil {
		t.Fatal(err)
	}
	if n.Phase != PhaseOver || n.QuickStart.State.Phase != quickstart.Over || len(Unfought(n)) != 0 {
		t.Fatalf("after the AI on both sides: campaign %s, battle %v", n.Phase, n.QuickStart.State.Phase)
	}
	if w := n.QuickStart.State.Winner; (w < 0 && n.Winner != "") || (w >= 0 && n.Winner != both[w]) {
		t.Errorf("campaign winner %q, battle's %d", n.Winner, w)
	}
	if errs := n.Check(); len(errs) > 0 {
		t.Error(errs)
	}
}
