package campaign

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"bfbot/referee/dice"
)

// ordDice is a seeded dice source for turns that may roll (contacts).
func ordDice(seed uint64) *dice.Dice { return dice.New(dice.NewSeeded(seed)) }

// ordResolve resolves the turn and checks the campaign.
func ordResolve(tb testing.TB, c *Campaign) (*Campaign, []Event) {
	tb.Helper()
	n, evs, err := ResolveTurn(c, ordDice(1))
	if err != nil {
		tb.Fatalf("ResolveTurn: %v", err)
	}
	mustCheck(tb, n)
	return n, evs
}

// ordNextTurn opens the next turn's orders by hand, standing in for the
// upkeep, so a movement test does not depend on steps 7–11.
func ordNextTurn(c *Campaign) *Campaign {
	n := c.Clone()
	n.Turn++
	n.Phase = PhaseOrders
	return n
}

// ordPlace puts a battlegroup of side in a sector (a test fixture).
func ordPlace(c *Campaign, side string, bg, sector int) *Campaign {
	n := c.Clone()
	n.Side(side).Battlegroup(bg).Sector = sector
	return n
}

// Ensure movement runs in the book's order (000 lines 2587–2595): public
// drops first, then secret moves, prepared positions for battlegroups that
// did not move, and the DropShips' lift-off; orders are cleared after.
func TestResolveMovement(t *testing.T) {
	c := ordDropShip(ordOrbit(ordStarted(t), "bandits", 2), "crucis")
	c = ordGive(t, c, "crucis", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2}})
	c = ordGive(t, c, "crucis", Order{Kind: OrderHold, Battlegroup: 3})
	c = ordGive(t, c, "crucis", Order{Kind: OrderLiftOff})
	c = ordGive(t, c, "crucis", Order{Kind: OrderSearch, Sectors: []int{2}})
	c = ordGive(t, c, "crucis", Order{Kind: OrderReady})
	c = ordGive(t, c, "bandits", Order{Kind: OrderMove, Battlegroup: 3, Sectors: []int{7}})
	c = ordGive(t, c, "bandits", Order{Kind: OrderDrop, Battlegroup: 2, Sectors: []int{3}})
	c = ordGive(t, c, "bandits", Order{Kind: OrderHold, Battlegroup: 4})
	before := c.Clone()
	n, evs := ordResolve(t, c)

	if c.Phase != PhaseOrders || c.Log.Len() != before.Log.Len() || c.Side("crucis").Battlegroup(2).Sector != 1 {
		t.Fatal("ResolveTurn changed the campaign it was given")
	}
	// The bandits dropped: searches wait for the search step (step 4
	// after step 3, 000 line 2599; ruling CO10), the searches given with
	// the orders kept.
	if n.Phase != PhaseSearches || !slices.Equal(n.Side("crucis").Orders.Searches, []int{2}) || n.Side("crucis").Orders.Ready {
		t.Fatalf("phase %s, crucis searches %v ready %v; want the search step with the search of 2 kept, not ready",
			n.Phase, n.Side("crucis").Orders.Searches, n.Side("crucis").Orders.Ready)
	}
	n, more, err := ResolveSearches(n, ordDice(1))
	n = btlMust(t, n, err)
	evs = append(evs, more...)
	if n.Phase != PhaseBattles || len(n.Battles) != 0 {
		t.Fatalf("phase %s with %d battles, want battles phase with none", n.Phase, len(n.Battles))
	}
	cr, ba := n.Side("crucis"), n.Side("bandits")
	if b := cr.Battlegroup(2); b.Sector != 2 || !b.Moved || b.From != 1 || b.Prepared {
		t.Errorf("crucis battlegroup 2 = %+v, want moved 1 → 2", b)
	}
	if b := cr.Battlegroup(3); !b.Prepared || b.Moved {
		t.Errorf("crucis battlegroup 3 = %+v, want a prepared position", b)
	}
	if u := cr.Unit("A99"); u.Status != UnitLeft || u.Battlegroup != 0 || slices.Contains(cr.RBG().Units, "A99") {
		t.Errorf("DropShip after lift-off: %+v", u)
	}
	if b := ba.Battlegroup(2); b.Sector != 3 || !b.Dropped {
		t.Errorf("bandits battlegroup 2 = %+v, want dropped into 3", b)
	}
	if !slices.Contains(cr.Intel, Intel{Turn: 1, Sector: 3, Drop: true}) {
		t.Errorf("crucis intel %+v lacks the public drop into 3", cr.Intel)
	}
	if !slices.Contains(cr.Intel, Intel{Turn: 1, Sector: 2}) {
		t.Errorf("crucis intel %+v lacks the empty search of 2", cr.Intel)
	}
	for _, s := range n.Sides {
		if s.Orders.Ready || len(s.Orders.Moves)+len(s.Orders.Holds)+len(s.Orders.Searches)+len(s.Orders.Drops) != 0 || s.Orders.LiftOff {
			t.Errorf("side %s orders not cleared: %+v", s.ID, s.Orders)
		}
	}
	// Drops come first and are public; every other movement event is
	// secret to its side.
	firstDrop, firstMove := -1, -1
	for i, e := range evs {
		switch e.Type {
		case "drop":
			if len(e.Audience) != 0 || e.Sector != 3 || e.Side != "bandits" || strings.Contains(e.Text, ba.Battlegroup(2).Name) {
				t.Errorf("drop event %+v: want public, sector 3, without the battlegroup's name", e)
			}
			if firstDrop < 0 {
				firstDrop = i
			}
		case "search":
			if len(e.Audience) != 0 {
				t.Errorf("search %q addressed to %v, want public (ruling CO4)", e.Text, e.Audience)
			}
		case "move", "hold", "liftoff":
			if len(e.Audience) != 1 || e.Audience[0] != e.Side {
				t.Errorf("%s event %q addressed to %v", e.Type, e.Text, e.Audience)
			}
			if e.Type == "move" && firstMove < 0 {
				firstMove = i
			}
		}
	}
	if firstDrop < 0 || firstMove < 0 || firstDrop > firstMove {
		t.Errorf("drop at event %d, first move at %d: drops come first (000 line 2589)", firstDrop, firstMove)
	}

	t.Run("NextTurn", func(t *testing.T) {
		c := ordNextTurn(n)
		c = ordGive(t, c, "crucis", Order{Kind: OrderMove, Battlegroup: 1, Sectors: []int{6}}) // no DropShips now
		c = ordGive(t, c, "bandits", Order{Kind: OrderMove, Battlegroup: 4, Sectors: []int{11}})
		if _, _, err := GiveOrder(c, "bandits", Order{Kind: OrderMove, Battlegroup: 2, Sectors: []int{2}}); err != nil {
			t.Fatalf("a battlegroup that dropped last turn may move this turn: %v", err)
		}
		n, _ := ordResolve(t, c)
		cr, ba := n.Side("crucis"), n.Side("bandits")
		if b := cr.Battlegroup(2); b.Moved || b.From != 0 {
			t.Errorf("per-turn flags not reset: %+v", b)
		}
		if !cr.Battlegroup(3).Prepared {
			t.Error("a prepared position stays while the battlegroup does not move (000 line 2593)")
		}
		if b := ba.Battlegroup(4); b.Prepared || b.Sector != 11 {
			t.Errorf("bandits battlegroup 4 = %+v: moving removes the prepared position", b)
		}
		if b := ba.Battlegroup(2); b.Dropped {
			t.Error("Dropped not reset")
		}
		if cr.RBG().Sector != 6 {
			t.Error("the RBG without DropShips should have moved")
		}
	})
	t.Run("ErrNotOrders", func(t *testing.T) {
		var e *Error
		if _, _, err := ResolveTurn(n, ordDice(1)); !errors.As(err, &e) {
			t.Fatalf("ResolveTurn in the battles phase: %v", err)
		}
	})
}

// Ensure searches answer only whether a battlegroup is there, never
// reveal recon units, are read aloud to both sides with their answers —
// the searched side learns where the searcher stands — and that contact
// needs a search (000 lines 2599–2601, rulings CO4, CO5).
func TestResolveSearchesAndContacts(t *testing.T) {
	base := ordStarted(t)
	// A bandit recon unit in sector 1 beside crucis battlegroup 2; bandit
	// battlegroup 4 in sector 9 with crucis battlegroup 4; bandit
	// battlegroup 2 in sector 5 with the crucis RBG and battlegroup 3.
	c, rec := ordRecon(t, base, "bandits", 2, "B11")
	c = ordPlace(c, "bandits", rec, 1)
	c = ordPlace(c, "bandits", 4, 9)
	c = ordPlace(c, "bandits", 2, 5)
	mustCheck(t, c)

	t.Run("AnswersAndContact", func(t *testing.T) {
		c := ordGive(t, c, "crucis", Order{Kind: OrderSearch, Sectors: []int{1, 9}})
		c = ordGive(t, c, "bandits", Order{Kind: OrderSearch, Sectors: []int{1}})
		n, evs := ordResolve(t, c)
		cr, ba := n.Side("crucis"), n.Side("bandits")
		for _, want := range []Intel{{Turn: 1, Sector: 1, Present: false}, {Turn: 1, Sector: 9, Present: true}} {
			if !slices.Contains(cr.Intel, want) {
				t.Errorf("crucis intel %+v lacks %+v", cr.Intel, want)
			}
		}
		if !slices.Contains(ba.Intel, Intel{Turn: 1, Sector: 1, Present: true}) {
			t.Errorf("the bandit recon unit's search of 1 should find crucis battlegroup 2: %+v", ba.Intel)
		}
		// Each side hears where the other searched (line 2599).
		for _, want := range []Intel{{Turn: 1, Sector: 1, Searched: true}, {Turn: 1, Sector: 9, Searched: true}} {
			if !slices.Contains(ba.Intel, want) {
				t.Errorf("bandits intel %+v lacks %+v", ba.Intel, want)
			}
		}
		if !slices.Contains(cr.Intel, Intel{Turn: 1, Sector: 1, Searched: true}) {
			t.Errorf("crucis intel %+v lacks the bandits' search of 1", cr.Intel)
		}
		for _, e := range evs {
			if e.Type == "search" && len(e.Audience) != 0 {
				t.Errorf("search answer %q addressed to %v, want public (ruling CO4)", e.Text, e.Audience)
			}
			if e.Type == "search" && e.Side == "crucis" && e.Sector == 1 && strings.Contains(e.Text, "are there") {
				t.Error("a recon unit was revealed by a search (000 line 2599)")
			}
		}
		// One contact: sector 9. Sector 1 holds only a recon unit, and
		// nobody searched sector 5.
		if len(n.Battles) != 1 {
			t.Fatalf("%d battles, want 1 (sector 9)", len(n.Battles))
		}
		b := n.Battles[0]
		if b.Sector != 9 || len(b.Sides) != 2 {
			t.Fatalf("battle %+v, want sector 9", b)
		}
		for _, bs := range b.Sides {
			if !slices.Equal(bs.Battlegroups, []int{4}) {
				t.Errorf("side %s engaged %v, want [4]", bs.Side, bs.Battlegroups)
			}
		}
		contact := 0
		for _, e := range evs {
			if e.Type == "contact" {
				contact++
				if len(e.Audience) != 0 || e.Sector != 9 {
					t.Errorf("contact event %+v: want public, sector 9", e)
				}
			}
			if e.Sector == 5 && e.Step == "contact" {
				t.Errorf("unsearched sector 5 appears in %q", e.Text)
			}
		}
		if contact != 1 {
			t.Errorf("%d contact events, want 1", contact)
		}
	})
	t.Run("NoSearchNoContact", func(t *testing.T) {
		n, _ := ordResolve(t, c)
		if len(n.Battles) != 0 {
			t.Fatalf("battles without a search: %+v (ruling CO5)", n.Battles)
		}
	})
	t.Run("SearchFromTheRBGSector", func(t *testing.T) {
		c := ordGive(t, c, "bandits", Order{Kind: OrderSearch, Sectors: []int{5}})
		n, _ := ordResolve(t, c)
		if len(n.Battles) != 1 || n.Battles[0].Sector != 5 {
			t.Fatalf("battles %+v, want one in sector 5", n.Battles)
		}
		for _, bs := range n.Battles[0].Sides {
			if bs.Side == "crucis" && !slices.Equal(bs.Battlegroups, []int{1, 3}) {
				t.Errorf("crucis engaged %v, want the RBG and battlegroup 3", bs.Battlegroups)
			}
		}
	})
	t.Run("StaleSearchSkipped", func(t *testing.T) {
		c := ordGive(t, c, "crucis", Order{Kind: OrderSearch, Sectors: []int{1}})
		c.Side("crucis").Orders.Moves = []Move{{Battlegroup: 2, Path: []int{2}}} // changed behind the validation
		n, evs := ordResolve(t, c)
		if slices.ContainsFunc(n.Side("crucis").Intel, func(in Intel) bool { return in.Sector == 1 }) {
			t.Error("a sector left by every battlegroup was searched")
		}
		if !slices.ContainsFunc(evs, func(e Event) bool { return e.Step == "search" && e.Type == "skipped" }) {
			t.Error("no note of the skipped search")
		}
	})
}

// Ensure Advance runs the upkeep when no battle is left and stops in the
// battles phase otherwise.
func TestAdvance(t *testing.T) {
	c := ordStarted(t)
	n, _, err := Advance(c, ordDice(2))
	var e *Error
	switch {
	case errors.As(err, &e) && strings.Contains(e.Msg, "not built yet"):
		t.Skip("upkeep not built yet")
	case err != nil:
		t.Fatal(err)
	}
	mustCheck(t, n)
	if n.Turn != 2 || n.Phase != PhaseOrders {
		t.Fatalf("after a quiet turn: turn %d phase %s, want turn 2 orders", n.Turn, n.Phase)
	}

	c = ordPlace(c, "bandits", 4, 9)
	c = ordGive(t, c, "crucis", Order{Kind: OrderSearch, Sectors: []int{9}})
	n, _, err = Advance(c, ordDice(2))
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, n)
	if n.Phase != PhaseBattles || len(Unfought(n)) != 1 {
		t.Fatalf("phase %s, unfought %v: want the battles phase with one battle", n.Phase, Unfought(n))
	}
	if _, _, err := Advance(n, ordDice(3)); !errors.As(err, &e) || !strings.Contains(e.Msg, "still being fought") {
		t.Fatalf("Advance with a battle unfought: %v", err)
	}
}

// BenchmarkCampaignTurn is one campaign turn with the two built-in
// regiments on a 4×3 map (12 sectors): both sides' AI orders given and
// validated, then the turn resolved; no rendering, no storage (budget
// 5 ms, BENCHMARKS.md). "Contact" places a bandit battalion in sector 9,
// where crucis's battalion 4 stands, and both hold there, crucis searching
// it, whatever else the AI orders, so the turn sets up a battle as well
// (the AI's own orders moved them apart once its strategy changed). Each
// op is the same
// turn (the same seeds for the orders and the dice), so the figure does
// not depend on b.N.
func BenchmarkCampaignTurn(b *testing.B) {
	quiet := ordStarted(b)
	contact := ordPlace(quiet, "bandits", 4, 9)
	for _, bc := range []struct {
		name    string
		c       *Campaign
		battles int
		meet    map[string][]Order // given after each side's AI orders
	}{{"Quiet", quiet, 0, nil}, {"Contact", contact, 1, map[string][]Order{
		"crucis":  {{Kind: OrderHold, Battlegroup: 4}, {Kind: OrderSearch, Sectors: []int{9}}},
		"bandits": {{Kind: OrderHold, Battlegroup: 4}},
	}}} {
		b.Run(bc.name, func(b *testing.B) {
			battles := 0
			for b.Loop() {
				c := bc.c
				for _, side := range []string{"crucis", "bandits"} {
					for _, o := range append(AIOrders(c, side, 1), bc.meet[side]...) {
						n, _, err := GiveOrder(c, side, o)
						if err != nil {
							b.Fatal(err)
						}
						c = n
					}
				}
				n, _, err := ResolveTurn(c, ordDice(1))
				if err != nil {
					b.Fatal(err)
				}
				battles = len(n.Battles)
			}
			if battles != bc.battles {
				b.Fatalf("%d battles set up, want %d", battles, bc.battles)
			}
			b.ReportMetric(float64(battles), "battles")
		})
	}
}

// Ensure searches come after movement (step 4 after step 3, 000 line
// 2599; ruling CO10): when the bandits drop in public (line 2589) into
// sector 1, where crucis battlegroup 2 stands and had no search, the turn
// stops for the search step; crucis searches in answer, nothing else may
// be ordered then, and contact follows. The AI answers a drop the same way.
func TestSearchStep(t *testing.T) {
	c := ordOrbit(ordStarted(t), "bandits", 2)
	c = ordGive(t, c, "bandits", Order{Kind: OrderDrop, Battlegroup: 2, Sectors: []int{1}})
	n, evs := ordResolve(t, c)
	if n.Phase != PhaseSearches || !slices.ContainsFunc(evs, func(e Event) bool { return e.Type == "drop" && e.Sector == 1 && len(e.Audience) == 0 }) {
		t.Fatalf("phase %s; want the search step after a public drop into 1", n.Phase)
	}
	if got := AIOrders(n, "crucis", 1); len(got) != 1 || got[0].Kind != OrderSearch || !slices.Equal(got[0].Sectors, []int{1}) {
		t.Errorf("the AI answers the drop with %+v, want a search of sector 1", got)
	}
	var e *Error
	if _, _, err := GiveOrder(n, "crucis", Order{Kind: OrderMove, Battlegroup: 3, Sectors: []int{6}}); !errors.As(err, &e) || !strings.Contains(e.Msg, "movement is over") {
		t.Errorf("a move in the search step: %v", err)
	}
	n = ordGive(t, n, "crucis", Order{Kind: OrderSearch, Sectors: []int{1}})
	n, _, err := Advance(n, ordDice(1))
	n = btlMust(t, n, err)
	if n.Phase != PhaseBattles || len(n.Battles) != 1 || n.Battles[0].Sector != 1 {
		t.Fatalf("phase %s, battles %d; want the contact in sector 1", n.Phase, len(n.Battles))
	}
	t.Run("NoDropNoStep", func(t *testing.T) {
		n, _ := ordResolve(t, ordStarted(t))
		if n.Phase != PhaseBattles {
			t.Errorf("phase %s after a turn without drops, want battles", n.Phase)
		}
	})
}
