package campaign

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// btlSetState replaces a battle's state by a changed copy.
func btlSetState(c *Campaign, id int, change func(st *referee.State)) {
	b := c.Battle(id)
	st := b.State.Clone()
	change(st)
	b.State = st
}

// Ensure a side may withdraw only once its units have taken four damage
// steps in the battle (000 line 2653), counted over the whole side.
func TestWithdrawAfterFourSteps(t *testing.T) {
	c, b := btlContact(t)
	c = btlDeployAll(t, c, b.ID)
	retreat := referee.Action{Kind: referee.ActRetreat}
	btlSetState(c, b.ID, func(st *referee.State) { st.Unit("A6").Step = 3 })
	_, _, err := BattleAct(c, b.ID, "crucis", retreat, btlDice(t, "1"))
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "3 damage steps") {
		t.Fatalf("retreat after 3 steps = %v, want a refusal counting 3 steps", err)
	}
	btlSetState(c, b.ID, func(st *referee.State) { st.Unit("A7").Step = 1 })
	n, evs, err := BattleAct(c, b.ID, "crucis", retreat, btlDice(t, "1"))
	n = btlMust(t, n, err)
	if !n.Battle(b.ID).State.Side("crucis").Retreating || len(evs) == 0 {
		t.Fatal("retreat after 4 steps was not declared")
	}
	t.Run("StepsBeforeTheBattleDoNotCount", func(t *testing.T) {
		c, b := btlContact(t)
		c.Side("crucis").Unit("A6").Step = 2
		c2 := c.Clone()
		if err := setUpBattle(c2, 6, b.Sides, btlDice(t, "6,6,1,1")); err != nil {
			t.Fatal(err)
		}
		st := c2.Battles[len(c2.Battles)-1].State
		if got := st.StepsTaken("crucis"); got != 0 {
			t.Fatalf("steps taken at the start = %d, want 0", got)
		}
	})
	t.Run("ErrNotYourTurn", func(t *testing.T) {
		_, _, err := BattleAct(c, b.ID, "bandits", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1"))
		if !errors.As(err, &e) {
			t.Fatalf("bandits acting in crucis's turn = %v, want *Error", err)
		}
	})
	t.Run("ErrWrongSide", func(t *testing.T) {
		_, _, err := BattleAct(c, b.ID, "crucis", referee.Action{Kind: referee.ActEnd, Side: "bandits"}, btlDice(t, "1"))
		if !errors.As(err, &e) {
			t.Fatalf("acting for the other side = %v, want *Error", err)
		}
	})
	t.Run("ErrNoBattle", func(t *testing.T) {
		_, _, err := BattleAct(c, 99, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1"))
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "battles being fought: 1") {
			t.Fatalf("battle 99 = %v, want *Error listing battle 1", err)
		}
	})
}

// Ensure an auto-resolved battle ends and its results are in the
// campaign: every unit's fate and steps, the battle's VP as events, the
// attackers marked, the battle over; and the same seed gives the same
// campaign.
func TestAutoResolveBattle(t *testing.T) {
	c, b := btlContact(t)
	run := func() (*Campaign, []referee.Event) {
		n, evs, err := AutoResolveBattle(c, b.ID, dice.New(dice.NewSeeded(7)), 7)
		return btlMust(t, n, err), evs
	}
	n, evs := run()
	nb := n.Battle(b.ID)
	if !nb.Over || nb.Outcome == nil || nb.State.Phase != referee.PhaseOver {
		t.Fatal("the battle is not over")
	}
	attacked := map[string]bool{}
	for _, e := range evs {
		if e.Type == "attack" && e.Attacker != "" && e.Target != "" && e.Attacker[0] != e.Target[0] {
			attacked[e.Attacker] = true
		}
	}
	for _, u := range nb.State.Units {
		cu := n.Side(u.Side).Unit(u.ID)
		switch u.Status {
		case referee.Destroyed:
			if cu.Status != UnitDestroyed {
				t.Errorf("%s destroyed in battle, %s in the campaign", u.ID, cu.Status)
			}
		case referee.Captured:
			if cu.Status != UnitCaptured {
				t.Errorf("%s captured in battle, %s in the campaign", u.ID, cu.Status)
			}
		default:
			if cu.Status != UnitActive || cu.Step != u.Step {
				t.Errorf("%s %v at step %d in battle, %s at step %d in the campaign", u.ID, u.Status, u.Step, cu.Status, cu.Step)
			}
			if cu.Attacked != attacked[u.ID] {
				t.Errorf("%s attacked = %v, want %v", u.ID, cu.Attacked, attacked[u.ID])
			}
		}
	}
	vp := map[string]int{}
	for _, e := range n.Log.All() {
		if e.Battle == b.ID && e.Type == "vp" {
			vp[e.Side] += e.VP
		}
	}
	for side, want := range nb.Outcome.VP {
		if vp[side] != want {
			t.Errorf("%s VP events add to %d, the battle gave %d", side, vp[side], want)
		}
	}
	if c.Battle(b.ID).Over {
		t.Fatal("AutoResolveBattle changed the campaign it was given")
	}
	again, _ := run()
	x, _ := json.Marshal(n)
	y, _ := json.Marshal(again)
	if string(x) != string(y) {
		t.Fatal("the same seed gave two different campaigns")
	}
	if _, _, err := AutoResolveBattle(n, b.ID, dice.New(dice.NewSeeded(7)), 7); err == nil {
		t.Fatal("a battle that is over was resolved again")
	}
}
