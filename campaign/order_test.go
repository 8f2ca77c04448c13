package campaign

import (
	"errors"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/referee"
)

// ordStarted is the built-in regiments' campaign with turn 1's orders
// open. Crucis: RBG 1 in sector 5, battlegroups 2 (1), 3 (5), 4 (9);
// bandits: RBG 1 in 8, battlegroups 2 (4), 3 (8), 4 (12). Sectors are a
// 4×3 grid numbered row by row.
func ordStarted(tb testing.TB) *Campaign {
	tb.Helper()
	c, err := Start(mustNewCampaign(tb), nil)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// ordGive gives an order that must be accepted.
func ordGive(tb testing.TB, c *Campaign, side string, o Order) *Campaign {
	tb.Helper()
	n, _, err := GiveOrder(c, side, o)
	if err != nil {
		tb.Fatalf("order %+v refused: %v", o, err)
	}
	mustCheck(tb, n)
	return n
}

// ordDropShip puts a Leopard DropShip into side's RBG (the built-in
// rosters have none).
func ordDropShip(c *Campaign, side string) *Campaign {
	n := c.Clone()
	s := n.Side(side)
	id := s.Letter + "99"
	rbg := s.RBG()
	s.Units = append(s.Units, Unit{ID: id, Lance: forces.Lance{Name: "Leopard", Class: referee.Leopard}, Status: UnitActive, Battlegroup: rbg.ID})
	rbg.Units = append(rbg.Units, id)
	return n
}

// ordOrbit puts one of side's battlegroups in orbit.
func ordOrbit(c *Campaign, side string, bg int) *Campaign {
	n := c.Clone()
	n.Side(side).Battlegroup(bg).Sector = 0
	return n
}

// ordVP grants side victory points through the log, as battles would.
func ordVP(c *Campaign, side string, vp int) *Campaign {
	n := c.Clone()
	n.emit(Event{Step: "vp", Type: "test", Audience: secret(side), Side: side, VP: vp, Text: "test grant"})
	return n
}

// ordRecon splits unit off battlegroup bg and makes it a recon unit with
// +2 ESR; it returns the campaign and the recon unit's ID.
func ordRecon(tb testing.TB, c *Campaign, side string, bg int, unit string) (*Campaign, int) {
	tb.Helper()
	c = ordVP(c, side, 3)
	id := c.Side(side).NextBattlegroup
	c = ordGive(tb, c, side, Order{Kind: OrderSplit, Battlegroup: bg, Units: []string{unit}, Name: "Scouts " + unit})
	return ordGive(tb, c, side, Order{Kind: OrderRecon, Battlegroup: id, ESR: true}), id
}

// Ensure every sealed order kind is accepted when the rules allow it and
// refused, with the reason, when they do not (000 lines 2587–2599).
func TestGiveOrder(t *testing.T) {
	base := ordStarted(t)
	withDS := ordDropShip(base, "crucis")
	orbit := ordOrbit(base, "crucis", 2)                   // battlegroup 2: all 'Mechs
	orbitAir := ordOrbit(base, "crucis", 4)                // battlegroup 4 holds air lances
	recon, reconID := ordRecon(t, base, "crucis", 2, "A6") // light 'Mech in sector 1
	air, airID := ordRecon(t, base, "crucis", 4, "A32")    // light air lance in sector 9
	prepared := base.Clone()
	prepared.Side("crucis").Battlegroup(2).Prepared = true
	closed := base.Clone()
	closed.Phase = PhaseBattles
	liftoff := ordGive(t, withDS, "crucis", Order{Kind: OrderLiftOff})
	dsOnly := withDS.Clone()
	{ // an RBG holding nothing but its DropShip
		s := dsOnly.Side("crucis")
		rbg := s.RBG()
		for _, id := range rbg.Units[:len(rbg.Units)-1] {
			s.Unit(id).Battlegroup = 3
			s.Battlegroup(3).Units = append(s.Battlegroup(3).Units, id)
		}
		rbg.Units = rbg.Units[len(rbg.Units)-1:]
		mustCheck(t, dsOnly)
	}
	searching := ordGive(t, base, "crucis", Order{Kind: OrderSearch, Sectors: []int{1}})
	moving := ordGive(t, base, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2}})

	for _, tc := range []struct {
		name string
		c    *Campaign
		side string
		o    Order
		want string // "" = accepted; else a part of the refusal
	}{
		{"MoveOK", base, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2}}, ""},
		{"MoveRBGWithoutDropShipsOK", base, "crucis", Order{Kind: OrderMove, Battlegroup: 1, Sectors: []int{6}}, ""},
		{"MoveReconTwoOK", recon, "crucis", Order{Kind: OrderMove, Battlegroup: reconID, Sectors: []int{2, 3}}, ""},
		{"MoveAirReconFourOK", air, "crucis", Order{Kind: OrderMove, Battlegroup: airID, Sectors: []int{10, 11, 12, 8}}, ""},
		{"MoveChangeOK", moving, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{5}}, ""},
		{"ErrClosed", closed, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2}}, "orders are closed"},
		{"ErrNoSide", base, "kurita", Order{Kind: OrderReady}, "no side"},
		{"ErrUnknownKind", base, "crucis", Order{Kind: "attack"}, "unknown order"},
		{"ErrMoveNoBattlegroup", base, "crucis", Order{Kind: OrderMove, Sectors: []int{2}}, "name a battlegroup"},
		{"ErrMoveUnknownBattlegroup", base, "crucis", Order{Kind: OrderMove, Battlegroup: 9, Sectors: []int{2}}, "no battlegroup 9"},
		{"ErrMoveInOrbit", orbit, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2}}, "in orbit"},
		{"ErrMoveRBGWithDropShips", withDS, "crucis", Order{Kind: OrderMove, Battlegroup: 1, Sectors: []int{6}}, "while it holds DropShips"},
		{"ErrMoveRBGLiftingOff", liftoff, "crucis", Order{Kind: OrderMove, Battlegroup: 1, Sectors: []int{6}}, "while it holds DropShips"},
		{"ErrMoveNoPath", base, "crucis", Order{Kind: OrderMove, Battlegroup: 2}, "name the sector"},
		{"ErrMoveTwoSectors", base, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2, 3}}, "one sector a turn"},
		{"ErrMoveReconThree", recon, "crucis", Order{Kind: OrderMove, Battlegroup: reconID, Sectors: []int{2, 3, 4}}, "at most 2"},
		{"ErrMoveAirReconFive", air, "crucis", Order{Kind: OrderMove, Battlegroup: airID, Sectors: []int{10, 11, 12, 8, 4}}, "at most 4"},
		{"ErrMoveCorner", base, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{6}}, "not next to"},
		{"ErrMoveFar", base, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{3}}, "not next to"},
		{"ErrMoveReconBrokenPath", recon, "crucis", Order{Kind: OrderMove, Battlegroup: reconID, Sectors: []int{2, 4}}, "not next to"},
		{"ErrMoveOffMap", base, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{99}}, "no sector 99"},

		{"DropOK", orbit, "crucis", Order{Kind: OrderDrop, Battlegroup: 2, Sectors: []int{7}}, ""},
		{"ErrDropNotInOrbit", base, "crucis", Order{Kind: OrderDrop, Battlegroup: 2, Sectors: []int{7}}, "only battlegroups in orbit drop"},
		{"ErrDropNotMechs", orbitAir, "crucis", Order{Kind: OrderDrop, Battlegroup: 4, Sectors: []int{7}}, "only 'Mech battlegroups drop"},
		{"ErrDropNoSector", orbit, "crucis", Order{Kind: OrderDrop, Battlegroup: 2}, "the one sector"},
		{"ErrDropTwoSectors", orbit, "crucis", Order{Kind: OrderDrop, Battlegroup: 2, Sectors: []int{6, 7}}, "the one sector"},
		{"ErrDropOffMap", orbit, "crucis", Order{Kind: OrderDrop, Battlegroup: 2, Sectors: []int{13}}, "no sector 13"},
		{"ErrDropUnknown", orbit, "crucis", Order{Kind: OrderDrop, Battlegroup: 7, Sectors: []int{6}}, "no battlegroup 7"},

		{"HoldOK", base, "crucis", Order{Kind: OrderHold, Battlegroup: 2}, ""},
		{"HoldReplacesMoveOK", moving, "crucis", Order{Kind: OrderHold, Battlegroup: 2}, ""},
		{"ErrHoldInOrbit", orbit, "crucis", Order{Kind: OrderHold, Battlegroup: 2}, "in orbit"},
		{"ErrHoldRecon", recon, "crucis", Order{Kind: OrderHold, Battlegroup: reconID}, "fights no battles"},
		{"ErrHoldPrepared", prepared, "crucis", Order{Kind: OrderHold, Battlegroup: 2}, "already holds"},
		{"ErrHoldUnknown", base, "crucis", Order{Kind: OrderHold, Battlegroup: 8}, "no battlegroup 8"},

		{"LiftOffOK", withDS, "crucis", Order{Kind: OrderLiftOff}, ""},
		{"ErrLiftOffNoDropShips", base, "crucis", Order{Kind: OrderLiftOff}, "holds no DropShips"},
		{"ErrLiftOffTwice", liftoff, "crucis", Order{Kind: OrderLiftOff}, "already ordered"},
		{"ErrLiftOffOnlyDropShips", dsOnly, "crucis", Order{Kind: OrderLiftOff}, "nothing but DropShips"},
		{"ErrLiftOffInOrbit", ordOrbit(withDS, "crucis", 1), "crucis", Order{Kind: OrderLiftOff}, "still in orbit"},

		{"SearchOK", base, "crucis", Order{Kind: OrderSearch, Sectors: []int{1, 5, 9}}, ""},
		{"SearchAfterMoveOK", moving, "crucis", Order{Kind: OrderSearch, Sectors: []int{2}}, ""},
		{"SearchReconOK", recon, "crucis", Order{Kind: OrderSearch, Sectors: []int{1}}, ""},
		{"ErrSearchNone", base, "crucis", Order{Kind: OrderSearch}, "name the sectors"},
		{"ErrSearchOffMap", base, "crucis", Order{Kind: OrderSearch, Sectors: []int{0}}, "no sector 0"},
		{"ErrSearchNobodyThere", base, "crucis", Order{Kind: OrderSearch, Sectors: []int{3}}, "only with a battlegroup"},
		{"ErrSearchLeftBehind", moving, "crucis", Order{Kind: OrderSearch, Sectors: []int{1}}, "only with a battlegroup"},
		{"ErrSearchTwice", searching, "crucis", Order{Kind: OrderSearch, Sectors: []int{1}}, "already being searched"},

		{"ReadyOK", base, "bandits", Order{Kind: OrderReady}, ""},

		{"ClearBattlegroupOK", moving, "crucis", Order{Kind: OrderClear, Battlegroup: 2}, ""},
		{"ClearLiftOffOK", liftoff, "crucis", Order{Kind: OrderClear, Battlegroup: 1}, ""},
		{"ClearSearchOK", searching, "crucis", Order{Kind: OrderClear, Sectors: []int{1}}, ""},
		{"ClearAllOK", base, "crucis", Order{Kind: OrderClear}, ""},
		{"ErrClearNothing", base, "crucis", Order{Kind: OrderClear, Battlegroup: 2}, "no order to clear"},
		{"ErrClearUnknown", base, "crucis", Order{Kind: OrderClear, Battlegroup: 6}, "no battlegroup 6"},
		{"ErrClearSearchNotGiven", base, "crucis", Order{Kind: OrderClear, Sectors: []int{1}}, "not being searched"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mustCheck(t, tc.c)
			before := tc.c.Clone()
			n, evs, err := GiveOrder(tc.c, tc.side, tc.o)
			if tc.want != "" {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("err = %v, want a refusal containing %q", err, tc.want)
				}
				if !strings.Contains(e.Msg, tc.want) {
					t.Fatalf("refusal %q, want it to contain %q", e.Msg, tc.want)
				}
				if n != nil || evs != nil {
					t.Fatal("a refused order returned a campaign or events")
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			mustCheck(t, n)
			if len(evs) == 0 {
				t.Fatal("no event")
			}
			for _, e := range evs {
				if len(e.Audience) != 1 || e.Audience[0] != tc.side {
					t.Errorf("event %q is addressed to %v, want only %s", e.Text, e.Audience, tc.side)
				}
			}
			if tc.c.Log.Len() != before.Log.Len() || tc.c.Side(tc.side).Orders.Ready != before.Side(tc.side).Orders.Ready ||
				len(tc.c.Side(tc.side).Orders.Moves) != len(before.Side(tc.side).Orders.Moves) {
				t.Fatal("GiveOrder changed the campaign it was given")
			}
		})
	}

	t.Run("ChangeReplaces", func(t *testing.T) {
		c := ordGive(t, moving, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{5}})
		o := c.Side("crucis").Orders
		if len(o.Moves) != 1 || o.Moves[0].Path[0] != 5 {
			t.Fatalf("moves = %+v, want one move to 5", o.Moves)
		}
		c = ordGive(t, c, "crucis", Order{Kind: OrderHold, Battlegroup: 2})
		if o := c.Side("crucis").Orders; len(o.Moves) != 0 || len(o.Holds) != 1 {
			t.Fatalf("orders = %+v, want the hold alone", o)
		}
	})
	t.Run("ChangeTakesBackReady", func(t *testing.T) {
		c := ordGive(t, base, "crucis", Order{Kind: OrderReady})
		if !c.Side("crucis").Orders.Ready || AllReady(c) {
			t.Fatal("ready not marked for crucis alone")
		}
		c = ordGive(t, c, "crucis", Order{Kind: OrderHold, Battlegroup: 3})
		if c.Side("crucis").Orders.Ready {
			t.Fatal("a changed order kept the ready mark")
		}
		c = ordGive(t, c, "crucis", Order{Kind: OrderReady})
		c = ordGive(t, c, "bandits", Order{Kind: OrderReady})
		if !AllReady(c) {
			t.Fatal("AllReady false with both sides ready")
		}
	})
	t.Run("ClearOrders", func(t *testing.T) {
		c := ordGive(t, moving, "crucis", Order{Kind: OrderSearch, Sectors: []int{2}})
		c, _, err := ClearOrders(c, "crucis")
		if err != nil {
			t.Fatal(err)
		}
		if o := c.Side("crucis").Orders; len(o.Moves)+len(o.Searches) != 0 {
			t.Fatalf("orders after clear: %+v", o)
		}
	})
	t.Run("Describe", func(t *testing.T) {
		c := ordGive(t, moving, "crucis", Order{Kind: OrderSearch, Sectors: []int{2}})
		got := strings.Join(DescribeOrders(c, "crucis"), "\n")
		for _, want := range []string{"move: battlegroup 2", "Jessop Weald", "search: 2"} {
			if !strings.Contains(got, want) {
				t.Errorf("DescribeOrders = %q, want %q in it", got, want)
			}
		}
	})
}

// Ensure sectors and battlegroups are read by number or name.
func TestParseSector(t *testing.T) {
	c := ordStarted(t)
	for _, tc := range []struct {
		text string
		want int
		err  string
	}{
		{"7", 7, ""},
		{" merrow prairie ", 7, ""},
		{"CARRICK LANDING", 12, ""},
		{"13", 0, "no sector 13"},
		{"0", 0, "no sector 0"},
		{"", 0, "name a sector"},
		{"Atlantis", 0, "no sector is called"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			got, err := ParseSector(c, tc.text)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ParseSector(%q) = %d, %v; want %d", tc.text, got, err, tc.want)
			}
		})
	}
	t.Run("Battlegroup", func(t *testing.T) {
		if id, err := ParseBattlegroup(c, "crucis", "vanur's battalion"); err != nil || id != 2 {
			t.Fatalf("by name: %d, %v", id, err)
		}
		if id, err := ParseBattlegroup(c, "crucis", "3"); err != nil || id != 3 {
			t.Fatalf("by number: %d, %v", id, err)
		}
		for _, bad := range []string{"9", "nobody", ""} {
			if _, err := ParseBattlegroup(c, "crucis", bad); err == nil {
				t.Errorf("ParseBattlegroup(%q) accepted", bad)
			}
		}
	})
}
