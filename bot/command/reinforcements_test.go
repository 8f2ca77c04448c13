package command

import (
	"context"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// rlLose marks crucis's units destroyed as a battle would (out of their
// battlegroups) and gives crucis a reinforcement roll of 75 and 100 VP,
// as after an upkeep (000 line 2714, roll 11). Costs (R8): A6 15, A7 23.
func rlLose(t *testing.T, f *cmdFixture, ids ...string) {
	t.Helper()
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		s := n.Side("crucis")
		for _, id := range ids {
			u := s.Unit(id)
			if bg := s.Battlegroup(u.Battlegroup); bg != nil {
				bg.Units = slices.DeleteFunc(bg.Units, func(v string) bool { return v == id })
			}
			u.Status, u.Battlegroup = campaign.UnitDestroyed, 0
		}
		s.Reinforcements, s.VP = 75, 100
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Ensure /force buy lists what a side may buy and buys it through
// campaign.BuyReinforcements: the unit joins the RBG, the points are
// spent, the news is secret to the side.
func TestForceBuy(t *testing.T) {
	f := cmdNewFixture(t, true)
	rlLose(t, f, "A6", "A7")

	t.Run("List", func(t *testing.T) {
		got := cmdTexts(f.cmdMust("alice", "force", "buy"))
		for _, want := range []string{"up to 75 victory points", "A6 ", "15 VP (destroyed", "A7 ", "23 VP"} {
			if !strings.Contains(got, want) {
				t.Errorf("list lacks %q:\n%s", want, got)
			}
		}
		if got := cmdTexts(f.cmdMust("bob", "force", "buy")); !strings.Contains(got, "up to 0 victory points") || !strings.Contains(got, "No unit is waiting") {
			t.Errorf("bob's list:\n%s", got)
		}
	})
	t.Run("Complete", func(t *testing.T) {
		r := cmdRequest("alice", "force", "buy")
		for _, tt := range []struct {
			partial string
			want    []string
		}{
			{"", []string{"A6", "A7"}},
			{"a", []string{"A6", "A7"}},
			{"A7", []string{"A7"}},
			{"A6 ", []string{"A6 A7"}},
			{"A6,A", []string{"A6 A7"}},
			{"A6 A7 ", nil},
		} {
			if got := f.reg.Complete(context.Background(), r, "units", tt.partial); !slices.Equal(got, tt.want) {
				t.Errorf("complete %q = %q, want %q", tt.partial, got, tt.want)
			}
		}
		if got := f.reg.Complete(context.Background(), cmdRequest("bob", "force", "buy"), "units", ""); got != nil {
			t.Errorf("bob is offered %q", got)
		}
	})
	t.Run("Buy", func(t *testing.T) {
		got := cmdTexts(f.cmdMust("alice", "force", "buy", "units", "a6"))
		if !strings.Contains(got, "joins the regimental battlegroup for 15 victory points") ||
			!strings.Contains(got, "private alice: 7th Crucis Lancers has 85 victory points and 60 points of reinforcements left this turn.") {
			t.Errorf("buy A6:\n%s", got)
		}
		if strings.Contains(got, "dm bob") || strings.Contains(got, "public") {
			t.Errorf("the purchase is not secret:\n%s", got)
		}
		c, err := f.store.Get(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		s := c.Side("crucis")
		if s.Unit("A6").Replaced == "" || !slices.Contains(s.RBG().Units, s.Unit("A6").Replaced) {
			t.Errorf("A6 not replaced in the RBG: %+v", s.Unit("A6"))
		}
	})
	t.Run("AIOrder", func(t *testing.T) {
		// The AI's purchase is an order its player gives as /force buy.
		f := cmdNewFixture(t, true)
		rlLose(t, f, "A6", "A7")
		c, _ := f.store.Get(t.Context(), 1)
		orders := DefaultRules().AIOrders(c, "crucis", 1)
		i := slices.IndexFunc(orders, func(o campaign.Order) bool { return o.Kind == campaign.OrderBuy })
		if i < 0 {
			t.Fatalf("the AI buys nothing with 75 points to spend: %+v", orders)
		}
		if name, sub, _ := OrderCommand(orders[i]); name != "force" || sub != "buy" {
			t.Fatalf("the AI's buy is /%s %s", name, sub)
		}
		f.cmdGive("alice", orders[i:i+1])
		c, _ = f.store.Get(t.Context(), 1)
		for _, id := range []string{"A6", "A7"} {
			if c.Side("crucis").Unit(id).Replaced == "" {
				t.Errorf("the AI did not buy %s back", id)
			}
		}
	})
	t.Run("ErrBoughtAlready", func(t *testing.T) {
		got := cmdTexts(f.cmdDo("alice", "force", "buy", "units", "A6"))
		if !strings.Contains(got, "⚠ A6 is not a unit you may buy: choose from A7") {
			t.Errorf("buy A6 again:\n%s", got)
		}
	})
	t.Run("ErrOverRoll", func(t *testing.T) {
		f := cmdNewFixture(t, true)
		rlLose(t, f, "A6", "A7")
		err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			n.Side("crucis").Reinforcements = 20
			return n, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := cmdTexts(f.cmdDo("alice", "force", "buy", "units", "A6, A7")); !strings.Contains(got, "⚠ the units cost 38 victory points; this turn's reinforcement roll allows 20") {
			t.Errorf("buy A6 A7:\n%s", got)
		}
	})
}
