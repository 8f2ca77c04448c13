package campaign

import (
	"reflect"
	"slices"
	"testing"
)

// ordGiveAll gives a list of orders that must all be accepted.
func ordGiveAll(tb testing.TB, c *Campaign, side string, orders []Order) *Campaign {
	tb.Helper()
	for _, o := range orders {
		c = ordGive(tb, c, side, o)
	}
	return c
}

// Ensure the AI's strategic orders are valid, sensible and deterministic,
// and that it reads only its own side's view.
func TestAIOrders(t *testing.T) {
	c := ordStarted(t)
	t.Run("Sensible", func(t *testing.T) {
		orders := AIOrders(c, "crucis", 7)
		if len(orders) == 0 || orders[len(orders)-1].Kind != OrderReady {
			t.Fatalf("orders %+v: want ready last", orders)
		}
		n := ordGiveAll(t, c, "crucis", orders)
		o := n.Side("crucis").Orders
		if !slices.Contains(o.Holds, 1) {
			t.Error("the RBG should stay back in a prepared position")
		}
		if o.LiftOff {
			t.Error("the AI lifted off")
		}
		for _, m := range o.Moves {
			from := n.Side("crucis").Battlegroup(m.Battlegroup).Sector
			if c.Map.ByID(m.Path[len(m.Path)-1]).Col <= c.Map.ByID(from).Col {
				t.Errorf("battlegroup %d moves %d → %v: want it to advance east toward the enemy's end", m.Battlegroup, from, m.Path)
			}
		}
		for _, bg := range []int{2, 3, 4} {
			if !slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == bg }) {
				t.Errorf("battalion %d does not advance: %+v", bg, o.Moves)
			}
		}
		// A9 carries a Recon chit (roster), so a recon unit costs nothing.
		if b := n.Side("crucis").Battlegroup(5); b == nil || !b.Recon() {
			t.Error("no free recon unit made")
		}
		for _, m := range o.Moves {
			if !slices.Contains(o.Searches, m.Path[len(m.Path)-1]) {
				t.Errorf("battlegroup %d's new sector is not searched", m.Battlegroup)
			}
		}
		if slices.Contains(o.Searches, 5) && len(n.Side("crucis").BattlegroupsIn(5)) > 0 && !slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Path[0] == 5 }) {
			t.Error("the AI searched from the RBG's sector alone")
		}
	})
	t.Run("Deterministic", func(t *testing.T) {
		for _, side := range []string{"crucis", "bandits"} {
			if a, b := AIOrders(c, side, 42), AIOrders(c, side, 42); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: same seed, different orders:\n%+v\n%+v", side, a, b)
			}
		}
	})
	t.Run("TowardIntel", func(t *testing.T) {
		n := c.Clone()
		n.Side("bandits").Intel = append(n.Side("bandits").Intel, Intel{Turn: 1, Sector: 2, Drop: true})
		n = ordGiveAll(t, n, "bandits", AIOrders(n, "bandits", 3))
		for _, m := range n.Side("bandits").Orders.Moves {
			if m.Battlegroup == 2 && m.Path[0] != 3 {
				t.Errorf("battlegroup 2 in sector 4 moves to %v, want 3 toward the drop into 2", m.Path)
			}
		}
	})
	t.Run("MakesRecon", func(t *testing.T) {
		n := ordVP(c, "bandits", 5)
		orders := AIOrders(n, "bandits", 1)
		if !slices.ContainsFunc(orders, func(o Order) bool { return o.Kind == OrderRecon }) {
			t.Fatalf("no recon unit with 5 VP: %+v", orders)
		}
		n = ordGiveAll(t, n, "bandits", orders)
		var recon *Battlegroup
		for i := range n.Side("bandits").Battlegroups {
			if b := &n.Side("bandits").Battlegroups[i]; b.Recon() {
				recon = b
			}
		}
		if recon == nil {
			t.Fatal("no recon unit made")
		}
	})
	t.Run("CannotCheat", func(t *testing.T) {
		for seed := uint64(1); seed <= 10; seed++ {
			want := AIOrders(c, "crucis", seed)
			n := c.Clone()
			e := n.Side("bandits")
			for i := range e.Battlegroups {
				e.Battlegroups[i].Sector = 1 + int(seed+uint64(i))%len(c.Map.Sectors)
				e.Battlegroups[i].Prepared = seed%2 == 0
			}
			e.Orders.Searches = []int{1, 2, 3}
			e.VP = 500
			if got := AIOrders(n, "crucis", seed); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: moving the enemy changed crucis's orders:\n%+v\n%+v", seed, want, got)
			}
		}
	})
	t.Run("NotInOrdersPhase", func(t *testing.T) {
		n := c.Clone()
		n.Phase = PhaseBattles
		if got := AIOrders(n, "crucis", 1); got != nil {
			t.Fatalf("orders outside the orders phase: %+v", got)
		}
		if got := AIOrders(c, "nobody", 1); got != nil {
			t.Fatalf("orders for an unknown side: %+v", got)
		}
	})
}
