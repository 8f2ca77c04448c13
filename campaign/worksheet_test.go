package campaign

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/internal/usertext"
)

// Ensure worksheet changes (000 lines 2579–2583) are made at once, only
// within a sector, and refused with the reason otherwise.
func TestWorksheet(t *testing.T) {
	base := ordStarted(t)
	withDS := ordDropShip(base, "crucis")
	rich := ordVP(base, "crucis", 20)
	recon, reconID := ordRecon(t, base, "crucis", 2, "A6")
	orbit := ordOrbit(ordOrbit(base, "crucis", 2), "crucis", 4)
	moving := ordGive(t, base, "crucis", Order{Kind: OrderMove, Battlegroup: 3, Sectors: []int{6}})
	chit := base.Clone()
	chit.Side("crucis").Unit("A12").Lance.Chits.Recon = true
	chit = ordGive(t, chit, "crucis", Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A12"}, Name: "Chit"})
	long := strings.Repeat("x", usertext.Battlegroup.Max+1)

	for _, tc := range []struct {
		name string
		c    *Campaign
		o    Order
		want string
	}{
		{"SplitOK", base, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6", "A7"}, Name: "Strike"}, ""},
		{"SplitDefaultNameOK", base, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6"}}, ""},
		{"SplitFromRBGOK", withDS, Order{Kind: OrderSplit, Battlegroup: 1, Units: []string{"A4"}, Name: "Guard"}, ""},
		{"SplitInOrbitOK", orbit, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6"}, Name: "Drop"}, ""},
		{"ErrSplitNoUnits", base, Order{Kind: OrderSplit, Battlegroup: 2}, "name the units"},
		{"ErrSplitNotThere", base, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A16"}}, "not in battlegroup 2"},
		{"ErrSplitTwice", base, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6", "A6"}}, "named twice"},
		{"ErrSplitAll", recon, Order{Kind: OrderSplit, Battlegroup: reconID, Units: []string{"A6"}}, "leave at least one"},
		{"ErrSplitTruck", base, Order{Kind: OrderSplit, Battlegroup: 1, Units: []string{"A1"}}, "stays with the regimental"},
		{"ErrSplitDropShip", withDS, Order{Kind: OrderSplit, Battlegroup: 1, Units: []string{"A99"}}, "stays with the regimental"},
		{"ErrSplitLongName", base, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6"}, Name: long}, "at most"},
		{"ErrSplitTakenName", base, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6"}, Name: "clifton's battalion"}, "already called"},
		{"ErrSplitUnknown", base, Order{Kind: OrderSplit, Battlegroup: 9, Units: []string{"A6"}}, "no battlegroup 9"},

		{"MergeOK", base, Order{Kind: OrderMerge, Battlegroup: 3, With: []int{1}}, ""},
		{"MergeReconBackOK", recon, Order{Kind: OrderMerge, Battlegroup: 2, With: []int{reconID}}, ""},
		{"MergeInOrbitOK", orbit, Order{Kind: OrderMerge, Battlegroup: 2, With: []int{4}}, ""},
		{"ErrMergeNothing", base, Order{Kind: OrderMerge, Battlegroup: 3}, "name the battlegroups"},
		{"ErrMergeOtherSector", base, Order{Kind: OrderMerge, Battlegroup: 2, With: []int{3}}, "only battlegroups in the same sector"},
		{"ErrMergeSelf", base, Order{Kind: OrderMerge, Battlegroup: 3, With: []int{3}}, "named twice"},
		{"ErrMergeUnknown", base, Order{Kind: OrderMerge, Battlegroup: 3, With: []int{8}}, "no battlegroup 8"},

		{"RenameOK", base, Order{Kind: OrderRename, Battlegroup: 2, Name: "  Hammer  "}, ""},
		{"RenameSameOK", base, Order{Kind: OrderRename, Battlegroup: 2, Name: "VANUR'S BATTALION"}, ""},
		{"ErrRenameEmpty", base, Order{Kind: OrderRename, Battlegroup: 2, Name: " "}, "name: empty: give a battlegroup name"},
		{"ErrRenameLong", base, Order{Kind: OrderRename, Battlegroup: 2, Name: long}, "at most"},
		{"ErrRenameTwoLines", base, Order{Kind: OrderRename, Battlegroup: 2, Name: "a\nb"}, "one line"},
		{"ErrRenameZeroWidth", base, Order{Kind: OrderRename, Battlegroup: 2, Name: "Ham\u200Bmer"}, `name: "Ham\u200bmer" has a zero-width character (U+200B) at position 4; remove it`},
		{"ErrSplitBidi", base, Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6"}, Name: "\u202Eregnir"}, `name: "\u202eregnir" has a bidirectional-text control (U+202E) at position 1; remove it`},
		{"ErrRenameTaken", base, Order{Kind: OrderRename, Battlegroup: 2, Name: "Regimental Battlegroup"}, "already called"},

		{"ErrReconAEPNoVP", recon, Order{Kind: OrderRecon, Battlegroup: reconID, AEP: true}, "cost 10 victory points and you have 0"},
		{"ReconFreeWithChitOK", chit, Order{Kind: OrderRecon, Battlegroup: 5, ESR: true}, ""},
		{"ErrReconNothing", rich, Order{Kind: OrderRecon, Battlegroup: 2}, "+2 ESR, AEP or both"},
		{"ErrReconRBG", rich, Order{Kind: OrderRecon, Battlegroup: 1, ESR: true}, "cannot be a recon unit"},
		{"ErrReconBig", rich, Order{Kind: OrderRecon, Battlegroup: 2, ESR: true}, "one lance"},
		{"ErrReconAgain", recon, Order{Kind: OrderRecon, Battlegroup: reconID, ESR: true}, "already has"},
		{"ErrReconNoVP", ordGive(t, base, "crucis", Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A10"}}), Order{Kind: OrderRecon, Battlegroup: 5, ESR: true}, "cost 3 victory points and you have 0"},
		{"ErrReconInOrbit", ordOrbit(chit, "crucis", 5), Order{Kind: OrderRecon, Battlegroup: 5, ESR: true}, "in orbit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, evs, err := GiveOrder(tc.c, "crucis", tc.o)
			if tc.want != "" {
				var e *Error
				if !errors.As(err, &e) || !strings.Contains(e.Msg, tc.want) {
					t.Fatalf("err = %v, want a refusal containing %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			mustCheck(t, n)
			for _, e := range evs {
				if !slices.Equal(e.Audience, []string{"crucis"}) {
					t.Errorf("event %q addressed to %v", e.Text, e.Audience)
				}
			}
		})
	}

	t.Run("Split", func(t *testing.T) {
		c := ordGive(t, base, "crucis", Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6", "A7"}, Name: "Strike"})
		s := c.Side("crucis")
		nb := s.Battlegroup(5)
		if nb == nil || nb.Name != "Strike" || nb.Sector != 1 || !slices.Equal(nb.Units, []string{"A6", "A7"}) {
			t.Fatalf("new battlegroup = %+v", nb)
		}
		if got := len(s.Battlegroup(2).Units); got != 8 {
			t.Fatalf("battlegroup 2 keeps %d units, want 8", got)
		}
		if s.Unit("A6").Battlegroup != 5 || s.NextBattlegroup != 6 {
			t.Fatal("unit or next ID not updated")
		}
	})
	t.Run("MergeIntoRBG", func(t *testing.T) {
		c := ordGive(t, moving, "crucis", Order{Kind: OrderMerge, Battlegroup: 3, With: []int{1}})
		s := c.Side("crucis")
		if s.Battlegroup(3) != nil || s.RBG() == nil || s.RBG().ID != 1 || len(s.RBG().Units) != 15 {
			t.Fatalf("merge with the RBG should keep the RBG (ID 1) with 15 units: %+v", s.Battlegroups)
		}
		if len(s.Orders.Moves) != 0 {
			t.Fatalf("the merged battlegroups' orders should be cancelled (CO3): %+v", s.Orders.Moves)
		}
	})
	t.Run("MergeSaysWhoJoins", func(t *testing.T) {
		split := ordGive(t, moving, "crucis", Order{Kind: OrderSplit, Battlegroup: 3, Units: moving.Side("crucis").Battlegroup(3).Units[:1]})
		id := split.Side("crucis").NextBattlegroup - 1
		for _, tc := range []struct {
			c    *Campaign
			with []int
			want string
		}{
			{moving, []int{1}, "battlegroup 3 joins battlegroup 1 "},
			{ordGive(t, ordDropShip(moving, "crucis"), "crucis", Order{Kind: OrderLiftOff}), []int{1}, "cancelled, the lift-off too: give them again"},
			{split, []int{1, id}, fmt.Sprintf("battlegroups 3 and %d join battlegroup 1 ", id)},
		} {
			_, ev, err := GiveOrder(tc.c, "crucis", Order{Kind: OrderMerge, Battlegroup: 3, With: tc.with})
			if err != nil || len(ev) == 0 || !strings.Contains(ev[len(ev)-1].Text, tc.want) {
				t.Fatalf("merge with %v: %v, %+v; want a text with %q", tc.with, err, ev, tc.want)
			}
		}
	})
	t.Run("MergeEndsRecon", func(t *testing.T) {
		c := ordGive(t, recon, "crucis", Order{Kind: OrderMerge, Battlegroup: reconID, With: []int{2}})
		b := c.Side("crucis").Battlegroup(reconID)
		if b == nil || b.Recon() || len(b.Units) != 10 {
			t.Fatalf("merged recon unit = %+v, want a 10-unit battlegroup that is no recon unit", b)
		}
		if !c.Side("crucis").Unit("A6").Lance.Chits.Recon {
			t.Fatal("the bought Recon chit should stay on the lance (CO1)")
		}
	})
	t.Run("ReconCost", func(t *testing.T) {
		c := ordGive(t, recon, "crucis", Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A10"}})
		c = ordVP(c, "crucis", 13)
		c = ordGive(t, c, "crucis", Order{Kind: OrderRecon, Battlegroup: 6, ESR: true, AEP: true})
		s := c.Side("crucis")
		// 3 spent by ordRecon, then 3 + 10 (000 lines 2072, 2096 chit costs).
		if s.VP != 0 || s.VPSpent != 16 {
			t.Fatalf("VP %d spent %d, want 0 and 16", s.VP, s.VPSpent)
		}
		if b := s.Battlegroup(6); !b.ReconESR || !b.ReconAEP || StrategicRate(s, b) != 2 {
			t.Fatalf("recon unit = %+v", b)
		}
		if u := s.Unit("A10"); !u.Lance.Chits.Recon || !u.Lance.Chits.AEP {
			t.Fatal("chits not on the lance")
		}
		free := ordGive(t, chit, "crucis", Order{Kind: OrderRecon, Battlegroup: 5, ESR: true})
		if s := free.Side("crucis"); s.VPSpent != 0 || !s.Battlegroup(5).Recon() {
			t.Fatal("a lance carrying the Recon chit should become a recon unit for nothing")
		}
	})
}
