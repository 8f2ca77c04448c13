package campaign

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// btlEnd deploys the contact battle, lets change set the end of the
// battle by hand, ends it (referee.EndBattle) and folds it into the
// campaign with d.
func btlEnd(t *testing.T, c *Campaign, id int, faces string, change func(st *referee.State)) *Campaign {
	t.Helper()
	c = btlDeployAll(t, c, id)
	btlSetState(c, id, change)
	st, _, err := referee.EndBattle(c.Battle(id).State, "test")
	if err != nil {
		t.Fatal(err)
	}
	n := c.Clone()
	b := n.Battle(id)
	b.State = st
	return btlMust(t, n, n.endBattle(b, btlDice(t, faces), nil))
}

// Ensure a battle's end goes into the campaign (000 lines 2647–2661, 970,
// 2694–2698). Costs (R8): A6 15, B8 22. Crucis scores B8 captured, 2 × 22
// = 44, and the salvage A7 carried off, 10: 54. The bandits score A6
// destroyed, 15, and the 2 counters left on the field they hold, 20: 35.
// A margin of 19 is a draw (line 2167, the table's Draw row).
func TestEndBattle(t *testing.T) {
	pile, ruin := hex.Hex{X: 30, Y: 8}, hex.Hex{X: 31, Y: 9}
	fates := func(st *referee.State) {
		st.Side("crucis").Retreating = true
		a6, a7, b8, b9 := st.Unit("A6"), st.Unit("A7"), st.Unit("B8"), st.Unit("B9")
		a6.Status, a6.Step = referee.Destroyed, 4
		a7.Status, a7.Step, a7.Salvage = referee.Withdrawn, 2, 1
		b8.Status, b8.Step = referee.Captured, 1
		b9.Step = 2
		st.Salvage = map[hex.Hex]int{pile: 2}
		st.Rubble = map[hex.Hex]bool{ruin: true}
	}
	t.Run("Fates", func(t *testing.T) {
		c, b := btlContact(t)
		group := b.Sides[0].Battlegroups[0]
		n := btlEnd(t, c, b.ID, "1", fates)
		cru, ban := n.Side("crucis"), n.Side("bandits")
		if u := cru.Unit("A6"); u.Status != UnitDestroyed || u.Step != 3 || u.Battlegroup != 0 {
			t.Errorf("A6: %s step %d battlegroup %d, want destroyed, 3, none", u.Status, u.Step, u.Battlegroup)
		}
		if u := cru.Unit("A7"); u.Status != UnitActive || u.Step != 2 || u.Battlegroup != cru.RBG().ID {
			t.Errorf("A7: %s step %d battlegroup %d, want active, 2, the RBG %d", u.Status, u.Step, u.Battlegroup, cru.RBG().ID)
		}
		if cru.Battlegroup(group) != nil {
			t.Error("crucis's emptied battlegroup is still on the worksheet")
		}
		if u := ban.Unit("B8"); u.Status != UnitCaptured || u.Battlegroup != 0 {
			t.Errorf("B8: %s in battlegroup %d, want captured", u.Status, u.Battlegroup)
		}
		if u := ban.Unit("B9"); u.Status != UnitActive || u.Step != 2 {
			t.Errorf("B9: %s step %d, want active at step 2", u.Status, u.Step)
		}
		// Crucis: 1 carried off + B8 broken up (no destroyed heavy 'Mech
		// lance of its own to replace): 4 − 1 = 3 steps left.
		if cru.Salvage != 4 || ban.Salvage != 2 {
			t.Errorf("salvage crucis %d bandits %d, want 4 and 2", cru.Salvage, ban.Salvage)
		}
		if cru.VP != 54 || ban.VP != 35 {
			t.Errorf("VP crucis %d bandits %d, want 54 and 35", cru.VP, ban.VP)
		}
		nb := n.Battle(b.ID)
		if !nb.Over || nb.Outcome.Winner != "" || !nb.Sides[0].Withdrew {
			t.Errorf("battle over %v winner %q crucis withdrew %v, want over, a draw, withdrew", nb.Over, nb.Outcome.Winner, nb.Sides[0].Withdrew)
		}
		if !slices.Contains(n.Sectors[6].Rubble, ruin) {
			t.Error("the rubble is not kept in the sector")
		}
		for _, e := range n.Log.Since(c.Log.Len()) {
			if len(e.Audience) == 0 && e.Type == "battle_report" {
				t.Errorf("a battle report is public: %s", e.Text)
			}
		}
	})
	t.Run("CapturedReplacesDestroyed", func(t *testing.T) {
		c, b := btlContact(t)
		cru := c.Side("crucis")
		c.loseUnit(cru, cru.Unit("A8"), UnitDestroyed) // a heavy 'Mech lance lost earlier
		c.pruneBattlegroups()
		want := fmt.Sprintf("A%d", len(cru.Units)+1)
		n := btlEnd(t, c, b.ID, "1", fates)
		cru = n.Side("crucis")
		u := cru.Unit(want)
		if u == nil || u.Status != UnitActive || u.Step != 1 || u.From != "bandits" || u.Battlegroup != cru.RBG().ID || u.Lance.Class != referee.HeavyMech {
			t.Fatalf("captured B8 in crucis service = %+v, want %s, active at step 1, from bandits, in the RBG", u, want)
		}
		if cru.Unit("A8").Replaced != want || cru.Salvage != 1 {
			t.Errorf("A8 replaced by %q, salvage %d; want %s and 1", cru.Unit("A8").Replaced, cru.Salvage, want)
		}
	})
	t.Run("FallBackIntoNewBattle", func(t *testing.T) {
		c, b := btlContact(t)
		group := b.Sides[0].Battlegroups[0]
		enemy := btlGroup(t, c, "bandits", 5, "B11")
		n := btlEnd(t, c, b.ID, "6,6,1,1", func(st *referee.State) {
			st.Side("crucis").Retreating = true
			st.Unit("A6").Status = referee.Withdrawn
			st.Unit("A7").Status = referee.Withdrawn
		})
		bg := n.Side("crucis").Battlegroup(group)
		if bg == nil || bg.Sector != 5 || !bg.Moved || bg.From != 6 {
			t.Fatalf("crucis battlegroup after withdrawing west = %+v, want in sector 5, moved from 6", bg)
		}
		if len(n.Battles) != 2 {
			t.Fatalf("%d battles, want a new one in sector 5", len(n.Battles))
		}
		nb := n.Battles[1]
		if nb.Sector != 5 || nb.State.Campaign.WithdrawAfterSteps != 0 || nb.Sides[1].Battlegroups[0] != enemy.ID {
			t.Errorf("new battle in sector %d, withdraw after %d steps, want sector 5 and no steps needed", nb.Sector, nb.State.Campaign.WithdrawAfterSteps)
		}
		if z := nb.State.Campaign.Zones["A6"]; z.Edge != referee.East {
			t.Errorf("crucis came from sector 6, east of 5, but deploys %v", z)
		}
		// Falling back again, into sector 6 where B8 and B9 still stand,
		// starts no third battle (ruling CB7).
		n2 := btlEnd(t, n, nb.ID, "1", func(st *referee.State) {
			st.Side("crucis").Retreating = true
			st.Unit("A6").Status = referee.Withdrawn
			st.Unit("A7").Status = referee.Withdrawn
		})
		if bg := n2.Side("crucis").Battlegroup(group); bg == nil || bg.Sector != 6 || len(n2.Battles) != 2 {
			t.Fatalf("after the second retreat: battlegroup %+v, %d battles; want it back in sector 6 and no new battle", bg, len(n2.Battles))
		}
	})
}

// Ensure a side's battle report names only the enemy losses it saw: a
// counter the referee's damage destroyed before it reached the battle is
// its owner's secret (ruling JD2), and the report at the battle's end
// does not name it to the enemy.
func TestEndBattleReportsSeenLosses(t *testing.T) {
	c, b := btlContact(t)
	n, _, err := JudgeBattle(c, b.ID, Judgement{Kind: JudgeDamage, Unit: "A6", Steps: 4, Why: "gauntlet damage, 004 line 56"}, btlDice(t, "1"))
	n = btlMust(t, n, err)
	if u := n.Battle(b.ID).State.Unit("A6"); u.Status != referee.Destroyed {
		t.Fatalf("A6 %v, want destroyed before the battle", u.Status)
	}
	n = btlEnd(t, n, b.ID, "1", func(st *referee.State) {})
	var crucis, bandits string
	for i := range n.Log.Len() {
		e := n.Log.At(i)
		if e.Type != "battle_report" {
			continue
		}
		if e.For("bandits") {
			bandits += e.Text
		}
		if e.For("crucis") {
			crucis += e.Text
		}
	}
	if !strings.Contains(crucis, "A6") {
		t.Errorf("crucis's report %q does not name its lost A6", crucis)
	}
	if strings.Contains(bandits, "A6") {
		t.Errorf("the bandits' report %q names A6, whose loss they never saw", bandits)
	}
}

// Ensure a loss told in the step that ended the battle, not yet in its
// record (the attack that destroyed the last enemy unit), is named in the
// enemy's report: the events endBattle is given as unlogged count as seen.
func TestEndBattleReportsTheLastStepsLosses(t *testing.T) {
	c, b := btlContact(t)
	c = btlDeployAll(t, c, b.ID)
	btlSetState(c, b.ID, func(st *referee.State) {
		a6 := st.Unit("A6")
		a6.Status, a6.Step = referee.Destroyed, 4
	})
	st, _, err := referee.EndBattle(c.Battle(b.ID).State, "test")
	if err != nil {
		t.Fatal(err)
	}
	report := func(unlogged []referee.Event) string {
		n := c.Clone()
		nb := n.Battle(b.ID)
		nb.State = st
		n = btlMust(t, n, n.endBattle(nb, btlDice(t, "1"), unlogged))
		text := ""
		for i := range n.Log.Len() {
			if e := n.Log.At(i); e.Type == "battle_report" && e.For("bandits") {
				text += e.Text
			}
		}
		return text
	}
	if got := report(nil); strings.Contains(got, "A6") {
		t.Fatalf("the bandits' report %q names A6 with no event telling its loss", got)
	}
	if got := report([]referee.Event{{Type: "destroyed", Unit: "A6"}}); !strings.Contains(got, "A6") {
		t.Errorf("the bandits' report %q does not name A6, destroyed in the step that ended the battle", got)
	}
}
