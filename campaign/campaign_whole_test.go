package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// A whole campaign between the two built-in regiments, from scripted
// orders and scripted dice, checked against hand-computed expectations
// after every step.
//
// The map is 3×1 (mapgen.GenerateStrategic(7, 3, 1)): 1 Ravel Weald (the
// Lancers' end; the test adds the Ravel Depot there, an objective worth
// 100 VP), 2 Zarek Bend (a river sector; the Zarek Listening Post, an
// objective worth 100 VP), 3 Karsk Plain (the Bandits' end). Battles are
// kept small by splitting battlegroups (000 line 2579):
//
//	turn 1  Lancers "Scouts" [A15] and Bandits "Pickets" [B8 B11 B12] both
//	        enter sector 2: contact, battle 1, auto-resolved; both stay,
//	        so nobody holds the objective.
//	turn 2  Lancers "Strike" [A9 A10 A14] enter sector 2 where the
//	        Pickets hold a prepared position (with the Bandits' 10 points
//	        of mines): battle 2, fought action by action: B11 destroyed,
//	        the Lancers take 5 steps, declare a retreat, A9 and A10
//	        withdraw and fall back to sector 1, A14 leaves by the wrong
//	        edge and is captured; the Bandits hold the field and its
//	        salvage, and take the Listening Post. Repair, experience
//	        rolls, reinforcement rolls.
//	turn 3  The Bandits buy B11's replacement; the Pickets go home; the
//	        last turn's upkeep repairs with salvage and repair points and
//	        ends the campaign; the Lancers score the depot they held.

// whlDice is a scripted dice source; whlUsed checks it ran dry.
func whlDice(tb testing.TB, faces ...int) (*dice.Dice, *dice.Script) {
	tb.Helper()
	s, err := dice.NewScript(faces...)
	if err != nil {
		tb.Fatal(err)
	}
	return dice.New(s), s
}

func whlUsed(tb testing.TB, s *dice.Script) {
	tb.Helper()
	if n := s.Remaining(); n != 0 {
		tb.Fatalf("%d scripted dice left unused: the step rolled fewer dice than the rules ask", n)
	}
}

// whlNew is the campaign: both built-in regiments, the Bandits with 10
// points of mines bought for prepared positions (Special Purchases, 000
// line 2050; 2 purchase points), a 3-turn campaign whose battles last at
// most 2 game turns. The setup tables are off: the dice script holds the
// campaign rules' own rolls only.
func whlNew(tb testing.TB) *Campaign {
	tb.Helper()
	m, err := mapgen.GenerateStrategic(7, 3, 1)
	if err != nil {
		tb.Fatal(err)
	}
	var regs []forces.Regiment
	for _, id := range []string{"crucis", "bandits"} {
		r, err := forces.BuiltIn(id)
		if err != nil {
			tb.Fatal(err)
		}
		if id == "bandits" {
			r.Special.MineAttack = 10
		}
		regs = append(regs, r)
	}
	m.Sectors[0].Objectives = []mapgen.Objective{{Kind: mapgen.Installation, Name: "Ravel Depot", VP: 100}}
	st := DefaultSettings()
	st.MapCols, st.MapRows, st.MapSeed = 3, 1, 7
	st.TurnLimit, st.BattleTurnLimit, st.SetupTables = 3, 2, false
	c, err := New(1, "whole", st, m, regs)
	if err != nil {
		tb.Fatal(err)
	}
	c, err = Start(c, nil)
	if err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, c)
	return c
}

// whlOrder gives one order and checks the campaign.
func whlOrder(tb testing.TB, c *Campaign, side string, o Order) *Campaign {
	tb.Helper()
	n, _, err := GiveOrder(c, side, o)
	if err != nil {
		tb.Fatalf("%s order %+v: %v", side, o, err)
	}
	mustCheck(tb, n)
	return n
}

// whlAct plays one battle action given in the game's text form.
func whlAct(tb testing.TB, c *Campaign, battle int, side, text string, d *dice.Dice) *Campaign {
	tb.Helper()
	a, err := referee.ParseAction(text)
	if err != nil {
		tb.Fatalf("%q: %v", text, err)
	}
	n, _, err := BattleAct(c, battle, side, a, d)
	if err != nil {
		tb.Fatalf("%s %q: %v", side, text, err)
	}
	mustCheck(tb, n)
	return n
}

// whlUnit checks a unit's status, step, battlegroup and experience.
func whlUnit(tb testing.TB, c *Campaign, side, id string, status UnitStatus, step, bg int, exp referee.Experience) {
	tb.Helper()
	u := c.Side(side).Unit(id)
	if u == nil {
		tb.Fatalf("no unit %s", id)
	}
	if u.Status != status || u.Step != step || u.Battlegroup != bg || u.Lance.Experience != exp {
		tb.Errorf("%s: %s at step %d in battlegroup %d, %v; want %s at step %d in battlegroup %d, %v",
			id, u.Status, u.Step, u.Battlegroup, u.Lance.Experience, status, step, bg, exp)
	}
}

// whlSector checks where a battlegroup stands (0: struck off).
func whlSector(tb testing.TB, c *Campaign, side string, bg, sector int) {
	tb.Helper()
	b := c.Side(side).Battlegroup(bg)
	switch {
	case b == nil && sector != 0:
		tb.Errorf("%s battlegroup %d is gone, want it in sector %d", side, bg, sector)
	case b != nil && b.Sector != sector:
		tb.Errorf("%s battlegroup %d in sector %d, want %d", side, bg, b.Sector, sector)
	}
}

// whlBooks checks a side's VP, VP spent, salvage, repair points and mines.
func whlBooks(tb testing.TB, c *Campaign, side string, vp, spent, salvage, repair, mines int) {
	tb.Helper()
	s := c.Side(side)
	if s.VP != vp || s.VPSpent != spent || s.Salvage != salvage || s.RepairPoints != repair || s.Mines != mines {
		tb.Errorf("%s: VP %d spent %d salvage %d repair points %d mines %d; want %d, %d, %d, %d, %d",
			side, s.VP, s.VPSpent, s.Salvage, s.RepairPoints, s.Mines, vp, spent, salvage, repair, mines)
	}
}

// Ensure a whole campaign plays as the book has it; see the comment at the
// top of this file for the story and each step for the rule lines.
func TestWholeCampaign(t *testing.T) {
	c := whlNew(t)
	const (
		rbg     = 1 // both regiments' RBG (A1–A5; B1–B7)
		vanur   = 2 // the Lancers' Vanur's Battalion (A6–A15), sector 1
		ellis   = 2 // the Bandits' Ellis' Battalion (B8–B17), sector 3
		scouts  = 5 // the Lancers' first new battlegroup
		pickets = 5 // the Bandits' first new battlegroup
		strike  = 6 // the Lancers' second
	)
	// Opposite ends (000 line 2559): the Lancers in sector 1, the Bandits
	// in 3. Repair points 50 each (the default setting); the Bandits'
	// mines come with the side, unlaid.
	whlSector(t, c, "crucis", vanur, 1)
	whlSector(t, c, "bandits", ellis, 3)
	whlBooks(t, c, "crucis", 0, 0, 0, 50, 0)
	whlBooks(t, c, "bandits", 0, 0, 0, 50, 10)

	// ---- Turn 1: orders. Dividing a battlegroup is done at once (step 1,
	// line 2579); moves and searches are sealed (lines 2587–2601).
	c = whlOrder(t, c, "crucis", Order{Kind: OrderSplit, Battlegroup: vanur, Units: []string{"A15"}, Name: "Scouts"})
	c = whlOrder(t, c, "crucis", Order{Kind: OrderMove, Battlegroup: scouts, Sectors: []int{2}})
	c = whlOrder(t, c, "crucis", Order{Kind: OrderSearch, Sectors: []int{2}})
	c = whlOrder(t, c, "crucis", Order{Kind: OrderReady})
	c = whlOrder(t, c, "bandits", Order{Kind: OrderSplit, Battlegroup: ellis, Units: []string{"B8", "B11", "B12"}, Name: "Pickets"})
	c = whlOrder(t, c, "bandits", Order{Kind: OrderMove, Battlegroup: pickets, Sectors: []int{2}})
	c = whlOrder(t, c, "bandits", Order{Kind: OrderReady})
	whlUnit(t, c, "crucis", "A15", UnitActive, 0, scouts, referee.Regular)
	whlUnit(t, c, "bandits", "B11", UnitActive, 0, pickets, referee.Green)
	if got := c.Side("crucis").Battlegroup(vanur).Units; len(got) != 9 {
		t.Errorf("Vanur's Battalion has %d units after the split, want 10 − 1 = 9", len(got))
	}

	// ---- Turn 1: resolution. Both groups move into sector 2; the
	// Lancers' search finds the Bandits (line 2601), so there is contact
	// and a battle (line 2611). Initiative 2D6 a side (line 2615): the
	// Lancers 6+6 = 12, the Bandits 1+1 = 2; the Lancers move first.
	d, s := whlDice(t, 6, 6, 1, 1)
	c = whlAdvance(t, c, d)
	whlUsed(t, s)
	if c.Phase != PhaseBattles || len(c.Battles) != 1 {
		t.Fatalf("after resolving turn 1: phase %s, %d battles; want battles, 1", c.Phase, len(c.Battles))
	}
	b1 := c.Battles[0]
	if b1.Sector != 2 || b1.State.Sides[0].ID != "crucis" || b1.RetreatFrom != 0 {
		t.Errorf("battle 1 in sector %d, first side %s, retreat from %d; want 2, crucis, 0", b1.Sector, b1.State.Sides[0].ID, b1.RetreatFrom)
	}
	whlSector(t, c, "crucis", scouts, 2)
	whlSector(t, c, "bandits", pickets, 2)
	// Both entered: the Lancers from sector 1, west of 2, deploy by the
	// west edge, the Bandits by the east (ruling R7).
	if z := b1.State.Campaign.Zones["A15"]; z.Edge != referee.West {
		t.Errorf("A15 deploys %v, want by the west edge", z)
	}
	if z := b1.State.Campaign.Zones["B8"]; z.Edge != referee.East {
		t.Errorf("B8 deploys %v, want by the east edge", z)
	}

	// ---- Battle 1, auto-resolved (ruling CB4). The zones (3 hexes deep
	// by the west and east edges of the 64-hex-wide map) lie 58 hexes
	// apart. In the 2 game turns the battle lasts (BattleTurnLimit) each
	// side moves twice, at most 9 hexes a time (MP 6 overburned, R5), and
	// the longest range is 3: 36 + 3 < 58, so nobody can attack and no
	// die is rolled (the script is empty): a 0–0 draw (ruling V9), every
	// unit as it was.
	d, s = whlDice(t)
	n, _, err := AutoResolveBattle(c, b1.ID, d, 1)
	c = btlMust(t, n, err)
	whlUsed(t, s)
	b1 = *c.Battle(b1.ID)
	if !b1.Over || b1.Outcome.Winner != "" || b1.Outcome.VP["crucis"] != 0 || b1.Outcome.VP["bandits"] != 0 {
		t.Errorf("battle 1: over %v, outcome %+v; want over, a 0–0 draw", b1.Over, b1.Outcome)
	}
	for _, id := range []string{"B8", "B11", "B12"} {
		whlUnit(t, c, "bandits", id, UnitActive, 0, pickets, map[string]referee.Experience{"B8": referee.Veteran, "B11": referee.Green, "B12": referee.Regular}[id])
	}
	whlUnit(t, c, "crucis", "A15", UnitActive, 0, scouts, referee.Regular)

	// ---- Turn 1: upkeep (steps 7–11, lines 2571–2575). Nothing to
	// repair, nobody attacked (no experience roll, line 2679). Both sides
	// stand in sector 2: nobody holds the Zarek Listening Post, nobody
	// scores it (line 2704; ruling CB14). Reinforcement rolls (line 2714): the
	// Lancers 3+4 = 7, the Bandits 2+4 = 6: nothing available.
	d, s = whlDice(t, 3, 4, 2, 4)
	c = whlAdvance(t, c, d)
	whlUsed(t, s)
	if c.Turn != 2 || c.Phase != PhaseOrders {
		t.Fatalf("after turn 1's upkeep: turn %d phase %s, want turn 2, orders", c.Turn, c.Phase)
	}
	whlBooks(t, c, "crucis", 0, 0, 0, 50, 0)
	whlBooks(t, c, "bandits", 0, 0, 0, 50, 10)
	if c.Side("crucis").Reinforcements != 0 || c.Side("bandits").Reinforcements != 0 {
		t.Error("a roll of 6 or 7 makes no reinforcements available")
	}

	// ---- Turn 2: orders. The Scouts go home; the Strike group (A9 A10
	// A14) enters sector 2 and searches it; the Pickets hold: a prepared
	// position, for they do not move (line 2593).
	c = whlOrder(t, c, "crucis", Order{Kind: OrderSplit, Battlegroup: vanur, Units: []string{"A9", "A10", "A14"}, Name: "Strike"})
	c = whlOrder(t, c, "crucis", Order{Kind: OrderMove, Battlegroup: strike, Sectors: []int{2}})
	c = whlOrder(t, c, "crucis", Order{Kind: OrderMove, Battlegroup: scouts, Sectors: []int{1}})
	c = whlOrder(t, c, "crucis", Order{Kind: OrderSearch, Sectors: []int{2}})
	c = whlOrder(t, c, "bandits", Order{Kind: OrderHold, Battlegroup: pickets})

	// ---- Turn 2: resolution: contact in sector 2 (initiative 12 to 2
	// again). The Pickets deploy anywhere but the three edge hexes and
	// lay the Bandits' 10 points of mines in secret (line 2633; ruling
	// CI2): two 5-point mines (line 1042), the stock now empty.
	d, s = whlDice(t, 6, 6, 1, 1)
	c = whlAdvance(t, c, d)
	whlUsed(t, s)
	if len(c.Battles) != 2 {
		t.Fatalf("%d battles after turn 2's contact, want 2", len(c.Battles))
	}
	b2 := c.Battles[1]
	whlSector(t, c, "crucis", strike, 2)
	whlSector(t, c, "crucis", scouts, 1)
	if !c.Side("bandits").Battlegroup(pickets).Prepared {
		t.Error("the Pickets did not move and hold: they should be in a prepared position")
	}
	if z := b2.State.Campaign.Zones["B8"]; z != (referee.Zone{Depth: 3}) {
		t.Errorf("B8 (prepared) deploys %v, want anywhere 3 hexes from every edge", z)
	}
	if got := mineTotal(b2.State.Side("bandits").Mines); got != 10 || len(b2.Sides[1].Mines) != 2 {
		t.Errorf("the prepared position laid %d points in %d hexes, want 10 in 2", got, len(b2.Sides[1].Mines))
	}
	whlBooks(t, c, "bandits", 0, 0, 0, 50, 0)
	for _, e := range c.Log.All() {
		if e.Type == "mines" && !slices.Equal(e.Audience, []string{"bandits"}) {
			t.Errorf("the mines event is for %v, want the Bandits alone: %s", e.Audience, e.Text)
		}
	}

	// ---- Battle 2, action by action. The owner places its mines itself
	// (000 line 1040: written down in secret) before the battle starts.
	mine1, mine2 := hex.Hex{X: 4, Y: 12}, hex.Hex{X: 6, Y: 12} // 0513, 0713: open ground
	n, _, err = PlaceMines(c, b2.ID, "bandits", map[hex.Hex]int{mine1: 5, mine2: 5})
	c = btlMust(t, n, err)
	if got := c.Battle(b2.ID).State.Side("bandits").Mines; len(got) != 2 || got[mine1] != 5 || got[mine2] != 5 {
		t.Errorf("the Bandits' mines in battle 2 = %v, want 5 at 0513 and 0713", got)
	}
	// The ground (sector 2's map): open at every hex used below.
	// Lancers (zone: within 3 hexes of the west edge): A10 0308, A9 0309,
	// A14 0301 on the north edge. Bandits (prepared): B8 0407, B11 0408,
	// B12 0409. Adjacent pairs: A10–B8, A10–B11, A9–B11, A9–B12.
	place := map[string]hex.Hex{"A10": {X: 2, Y: 7}, "A9": {X: 2, Y: 8}, "A14": {X: 2, Y: 0}, "B8": {X: 3, Y: 6}, "B11": {X: 3, Y: 7}, "B12": {X: 3, Y: 8}}
	for _, p := range [][2]string{{"A10", "B8"}, {"A10", "B11"}, {"A9", "B11"}, {"A9", "B12"}} {
		if hex.Distance(place[p[0]], place[p[1]]) != 1 {
			t.Fatalf("%s and %s are not adjacent", p[0], p[1])
		}
	}
	for id, h := range place {
		if tr := c.Battle(b2.ID).State.Cell(h).Terrain; tr != mapgen.Open {
			t.Fatalf("%s's hex %s is %v, want open ground (no terrain shift)", id, h, tr)
		}
	}
	d, s = whlDice(t)                                        // deploying rolls nothing
	for _, side := range SetupOrder(c.Battle(b2.ID).State) { // the prepared bandits first (000 line 2629)
		for _, id := range []string{"A10", "A9", "A14", "B8", "B11", "B12"} {
			if c.Side(side).Unit(id) != nil {
				c = whlAct(t, c, b2.ID, side, "deploy "+id+" "+place[id].String(), d)
			}
		}
	}
	whlUsed(t, s)
	if st := c.Battle(b2.ID).State; st.Phase != referee.PhaseMovement || st.Sides[st.Phasing].ID != "crucis" {
		t.Fatalf("battle 2 after deployment: phase %v; want the Lancers' movement", st.Phase)
	}

	// Lancers, game turn 1. Close attacks (line 837) with the attacker's
	// experience shift (line 863: veteran +1), no terrain shift in the
	// open; the CRT is the rulebook's (line 871; R1).
	//   A10 on B11: CA 18 − D 5 = 13, +1 = column 14; roll 12: 4 steps,
	//   and a light 'Mech lance of 4 steps is destroyed, leaving a
	//   salvage counter (line 2647).
	//   A9 on B12: CA 8 − D 9 = −1, +1 = column 0; roll 11: 1 step.
	d, s = whlDice(t, 6, 6, 5, 6)
	c = whlAct(t, c, b2.ID, "crucis", "end", d) // movement → attack
	c = whlAct(t, c, b2.ID, "crucis", "attack A10 B11 close", d)
	c = whlAct(t, c, b2.ID, "crucis", "attack A9 B12 close", d)
	c = whlAct(t, c, b2.ID, "crucis", "end", d) // end phase → the Bandits
	whlUsed(t, s)
	st := c.Battle(b2.ID).State
	if u := st.Unit("B11"); u.Status != referee.Destroyed || st.Salvage[place["B11"]] != 1 {
		t.Errorf("B11 %v, salvage at 0408 %d; want destroyed, 1 counter", u.Status, st.Salvage[place["B11"]])
	}
	if u := st.Unit("B12"); u.Step != 1 {
		t.Errorf("B12 at step %d, want 1", u.Step)
	}

	// Bandits, game turn 1.
	//   B8 on A10: CA 17 − D 9 = 8, veteran +1 = column 9; roll 12: 3.
	//   B12 (step 1: CA 13) on A9: 13 − 7 = 6, regular ±0 = column 6;
	//   roll 12: 2 steps.
	d, s = whlDice(t, 6, 6, 6, 6)
	c = whlAct(t, c, b2.ID, "bandits", "end", d)
	c = whlAct(t, c, b2.ID, "bandits", "attack B8 A10 close", d)
	c = whlAct(t, c, b2.ID, "bandits", "attack B12 A9 close", d)
	c = whlAct(t, c, b2.ID, "bandits", "end", d)
	whlUsed(t, s)
	st = c.Battle(b2.ID).State
	if st.Unit("A10").Step != 3 || st.Unit("A9").Step != 2 || st.StepsTaken("crucis") != 5 {
		t.Errorf("A10 step %d, A9 step %d, the Lancers' steps %d; want 3, 2, 5", st.Unit("A10").Step, st.Unit("A9").Step, st.StepsTaken("crucis"))
	}

	// Lancers, game turn 2: 5 steps ≥ 4, so they may break off (line
	// 2653). A10 and A9 walk two hexes to the west edge, their retreat
	// edge, and withdraw (line 2655); A14 leaves by the north edge, the
	// wrong one, and is captured (line 2657). With no Lancer left on the
	// map the battle ends in the end phase (ruling V5). No die is rolled.
	d, s = whlDice(t)
	c = whlAct(t, c, b2.ID, "crucis", "retreat", d)
	c = whlAct(t, c, b2.ID, "crucis", "move A10 0108", d)
	c = whlAct(t, c, b2.ID, "crucis", "withdraw A10", d)
	c = whlAct(t, c, b2.ID, "crucis", "move A9 0109", d)
	c = whlAct(t, c, b2.ID, "crucis", "withdraw A9", d)
	c = whlAct(t, c, b2.ID, "crucis", "withdraw A14", d)
	c = whlAct(t, c, b2.ID, "crucis", "end", d)
	c = whlAct(t, c, b2.ID, "crucis", "end", d)
	whlUsed(t, s)
	b2 = *c.Battle(b2.ID)
	// Battle VP (R8, line 2160): the Bandits score A14 captured, 2 × 12,
	// and hold the field with B11's salvage counter, 10: 34. The Lancers
	// score B11 destroyed, 5. The margin of 29 makes the Bandits winners.
	if !b2.Over || b2.Outcome.Winner != "bandits" || b2.Outcome.VP["bandits"] != 34 || b2.Outcome.VP["crucis"] != 5 || b2.Outcome.Diff != 29 {
		t.Errorf("battle 2: over %v, outcome %+v; want over, the Bandits 34 to 5", b2.Over, b2.Outcome)
	}
	if !b2.Sides[0].Withdrew || b2.Sides[0].Side != "crucis" {
		t.Errorf("battle 2 sides %+v: the Lancers withdrew", b2.Sides)
	}
	// Into the campaign (lines 2647–2661, 970): A9 and A10 keep their
	// damage and fall back with the Strike group into sector 1, beyond
	// the west edge, where no enemy stands: no new battle (ruling CB7).
	// A14 is captured; the Bandits have no destroyed medium 'Mech lance
	// for its crew, so it is broken up: 4 steps left, 4 salvage (CB6).
	// The Bandits collect B11's counter from the field they hold: 5
	// salvage in all. The mines were not set off and stay in the sector
	// (line 2633; ruling CI3).
	whlUnit(t, c, "crucis", "A10", UnitActive, 3, strike, referee.Veteran)
	whlUnit(t, c, "crucis", "A9", UnitActive, 2, strike, referee.Veteran)
	whlUnit(t, c, "crucis", "A14", UnitCaptured, 0, 0, referee.Veteran)
	whlUnit(t, c, "bandits", "B11", UnitDestroyed, 3, 0, referee.Green)
	whlUnit(t, c, "bandits", "B12", UnitActive, 1, pickets, referee.Regular)
	whlUnit(t, c, "bandits", "B8", UnitActive, 0, pickets, referee.Veteran)
	whlSector(t, c, "crucis", strike, 1)
	whlSector(t, c, "bandits", pickets, 2)
	if bg := c.Side("crucis").Battlegroup(strike); bg == nil || !bg.Moved || bg.From != 2 {
		t.Errorf("the Strike group after falling back: %+v; want moved from 2", bg)
	}
	if len(c.Battles) != 2 || len(Unfought(c)) != 0 {
		t.Errorf("%d battles, unfought %v; want 2 and none", len(c.Battles), Unfought(c))
	}
	whlBooks(t, c, "crucis", 5, 0, 0, 50, 0)
	whlBooks(t, c, "bandits", 34, 0, 1+4, 50, 0)
	if got := c.Sectors[2].Mines["bandits"]; len(got) != 2 || got[mine1] != 5 || got[mine2] != 5 {
		t.Errorf("mines left in sector 2: %v, want 5 at 0513 and 0713", got)
	}

	// ---- Turn 2: upkeep.
	// Repair (lines 2665–2669): the Strike group stands in sector 1 with
	// the Lancers' RBG (ruling CB8); no salvage, so repair points, the
	// worst damaged first: A10 3 → 2, A9 2 → 1; 50 − 2 = 48 points. The
	// Pickets are not with the Bandits' RBG (sector 3): no repair.
	// Experience (lines 2679–2688), for units that attacked: A9 (veteran, needs
	// 12) rolls 6+6 = 12: elite; A10 1+2 = 3: stays; B8 (veteran) 2+3 = 5:
	// stays; B12 (regular, needs 10) 4+6 = 10: veteran. B11 is lost.
	// VP: the Pickets stand alone in sector 2 and take the Listening
	// Post, 100 VP (ruling CB14). Reinforcements: the Lancers
	// 3+4 = 7, nothing; the Bandits 5+5 = 10: 50 VP available.
	d, s = whlDice(t, 6, 6, 1, 2, 2, 3, 4, 6, 3, 4, 5, 5)
	c = whlAdvance(t, c, d)
	whlUsed(t, s)
	if c.Turn != 3 {
		t.Fatalf("turn %d after turn 2's upkeep, want 3", c.Turn)
	}
	whlUnit(t, c, "crucis", "A10", UnitActive, 2, strike, referee.Veteran)
	whlUnit(t, c, "crucis", "A9", UnitActive, 1, strike, referee.Elite)
	whlUnit(t, c, "bandits", "B8", UnitActive, 0, pickets, referee.Veteran)
	whlUnit(t, c, "bandits", "B12", UnitActive, 1, pickets, referee.Veteran)
	whlBooks(t, c, "crucis", 5, 0, 0, 48, 0)
	whlBooks(t, c, "bandits", 134, 0, 5, 50, 0)
	if got := c.Side("bandits").Reinforcements; got != 50 {
		t.Errorf("the Bandits' reinforcements %d, want 50 (roll 10)", got)
	}

	// ---- Turn 3: reinforcements (lines 2712–2729): the Bandits buy B11
	// back, a new counter (B41) at its cost, 5 VP, joining the RBG in
	// sector 3. 134 − 5 = 129 VP; 5 spent; 45 of the 50 left this turn.
	n, _, err = BuyReinforcements(c, "bandits", []string{"B11"})
	c = btlMust(t, n, err)
	whlUnit(t, c, "bandits", "B41", UnitActive, 0, rbg, referee.Green)
	if c.Side("bandits").Unit("B11").Replaced != "B41" || c.Side("bandits").Reinforcements != 45 {
		t.Errorf("B11 replaced by %q, reinforcements left %d; want B41, 45", c.Side("bandits").Unit("B11").Replaced, c.Side("bandits").Reinforcements)
	}
	whlBooks(t, c, "bandits", 129, 5, 5, 50, 0)

	// Orders: the Pickets go home to the RBG; nobody searches, so there
	// is no contact and no die is rolled. (Advance would go on to the
	// upkeep at once; ResolveTurn stops after the contacts.)
	c = whlOrder(t, c, "bandits", Order{Kind: OrderMove, Battlegroup: pickets, Sectors: []int{3}})
	d, s = whlDice(t)
	n, _, err = ResolveTurn(c, d)
	c = btlMust(t, n, err)
	whlUsed(t, s)
	if c.Phase != PhaseBattles || len(c.Battles) != 2 {
		t.Fatalf("turn 3: phase %s, %d battles; want battles (none to fight), 2", c.Phase, len(c.Battles))
	}
	whlSector(t, c, "bandits", pickets, 3)

	// ---- Turn 3: upkeep, the last (TurnLimit 3, step 11).
	// Repair: the Lancers, repair points again: A10 2 → 1, A9 1 → 0 (46
	// left; a unit mends one step a turn). The Bandits, with the RBG now:
	// B12 1 → 0 with a salvage counter (5 → 4).
	// No reinforcement roll: there is no next turn to spend it in (ruling
	// CB11). The campaign ends, and the Lancers, who held the Ravel Depot
	// from the start to the end, score it: 5 + 100 = 105. The Bandits lead
	// 129 to 105 (line 2743: both "pyrrhic victory"; the Bandits still hold
	// the Listening Post, scored once already).
	d, s = whlDice(t)
	c = whlAdvance(t, c, d)
	whlUsed(t, s)
	whlUnit(t, c, "crucis", "A10", UnitActive, 1, strike, referee.Veteran)
	whlUnit(t, c, "crucis", "A9", UnitActive, 0, strike, referee.Elite)
	whlUnit(t, c, "bandits", "B12", UnitActive, 0, pickets, referee.Veteran)
	whlBooks(t, c, "crucis", 105, 0, 0, 46, 0)
	whlBooks(t, c, "bandits", 129, 5, 4, 50, 0)
	if c.Phase != PhaseOver || c.Winner != "bandits" {
		t.Errorf("after turn 3: phase %s, winner %q; want over, bandits", c.Phase, c.Winner)
	}
	if got := c.Side("crucis").Reinforcements; got != 0 {
		t.Errorf("the Lancers' reinforcements %d after the last turn, want 0 (no roll, ruling CB11)", got)
	}
	if CampaignVictoryLevel(129) != "pyrrhic victory" {
		t.Error("129 VP reads as 100–250 on the Campaign Victory Point Table")
	}
}

// whlAdvance runs Advance and checks the campaign.
func whlAdvance(tb testing.TB, c *Campaign, d *dice.Dice) *Campaign {
	tb.Helper()
	n, _, err := Advance(c, d)
	return btlMust(tb, n, err)
}

// whlContact sets up a contact battle in sector 6 as btlContact does
// (crucis A6 A7 entering from sector 5; bandits B8 B9, who did not move),
// the bandits' group holding a prepared position when prepared, with the
// bandits' stock of mines given.
func whlContact(tb testing.TB, prepared bool, mines int) (*Campaign, *Battle) {
	tb.Helper()
	c := btlCampaign(tb)
	a := btlGroup(tb, c, "crucis", 6, "A6", "A7")
	a.Moved, a.From = true, 5
	b := btlGroup(tb, c, "bandits", 6, "B8", "B9")
	b.Prepared = prepared
	c.Side("bandits").Mines = mines
	c.Side("crucis").Mines = 10 // entered the sector: lays none
	mustCheck(tb, c)
	if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(tb, "4,5,2,3")); err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, c)
	return c, &c.Battles[len(c.Battles)-1]
}

// Ensure New gives a side the special purchases that are not counters:
// mines for prepared positions and salvage counters (000 lines 2044–2050,
// 2633; ruling CI2).
func TestNewCopiesSpecialPurchases(t *testing.T) {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			t.Fatal(err)
		}
		if id == "bandits" {
			r.Special.MineAttack, r.Special.Salvage = 15, 2
		}
		regs = append(regs, r)
	}
	c, err := New(1, "special", DefaultSettings(), m, regs)
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, c)
	if s := c.Side("bandits"); s.Mines != 15 || s.Salvage != 2 {
		t.Errorf("bandits mines %d salvage %d, want 15 and 2", s.Mines, s.Salvage)
	}
	if s := c.Side("crucis"); s.Mines != 0 || s.Salvage != 0 {
		t.Errorf("crucis mines %d salvage %d, want none", s.Mines, s.Salvage)
	}
	n := c.Clone()
	n.Side("bandits").Mines = 0
	if c.Side("bandits").Mines != 15 {
		t.Error("Clone shares the mine stock")
	}
}

// Ensure a prepared position lays its side's whole stock of mines in
// secret at the contact (000 line 2633; ruling CI2), one 5-point mine a
// hex (line 1042), in the prepared-position area, never in water (line
// 1046), no two adjacent, nearest the centre; points short of a whole
// mine stay in stock; a side that entered the sector lays none.
func TestPreparedPositionLaysMines(t *testing.T) {
	c, b := whlContact(t, true, 17)
	st := b.State
	got := st.Side("bandits").Mines
	if mineTotal(got) != 15 || len(got) != 3 || mineTotal(b.Sides[1].Mines) != 15 {
		t.Fatalf("laid %v (battle side %v), want three 5-point mines", got, b.Sides[1].Mines)
	}
	area := referee.Zone{Depth: referee.CampaignZoneDepth}
	centre := hex.Hex{X: st.Map.Width / 2, Y: st.Map.Height / 2}
	var hexes []hex.Hex
	for h, n := range got {
		if n != MineAttack || !area.Contains(st.Map, h) || st.Cell(h).Terrain.IsWater() {
			t.Errorf("mine at %s: %d points, in area %v, terrain %v", h, n, area.Contains(st.Map, h), st.Cell(h).Terrain)
		}
		if hex.Distance(h, centre) > 4 {
			t.Errorf("mine at %s is %d hexes from the centre %s", h, hex.Distance(h, centre), centre)
		}
		hexes = append(hexes, h)
	}
	for i := range hexes {
		for j := i + 1; j < len(hexes); j++ {
			if hex.Distance(hexes[i], hexes[j]) <= 1 {
				t.Errorf("mines at %s and %s are adjacent", hexes[i], hexes[j])
			}
		}
	}
	if s := c.Side("bandits"); s.Mines != 2 {
		t.Errorf("bandits keep %d points in stock, want 17 − 15 = 2", s.Mines)
	}
	if s := c.Side("crucis"); s.Mines != 10 || len(st.Side("crucis").Mines) != 0 || len(b.Sides[0].Mines) != 0 {
		t.Errorf("crucis entered the sector: stock %d, laid %v; want 10 kept, none laid", s.Mines, st.Side("crucis").Mines)
	}
	found := false
	for _, e := range c.Log.All() {
		if e.Type == "mines" {
			found = true
			if !slices.Equal(e.Audience, []string{"bandits"}) {
				t.Errorf("mines event for %v: %s", e.Audience, e.Text)
			}
		}
	}
	if !found {
		t.Error("the owner was not told where its mines lie")
	}
	if sd := st.View("crucis").Side("bandits"); sd != nil && len(sd.Mines) > 0 {
		t.Error("crucis's view shows the bandits' mines")
	}
	if sd := st.View("bandits").Side("bandits"); sd == nil || len(sd.Mines) != 3 {
		t.Error("the bandits' own view lacks their mines")
	}
	t.Run("NotPrepared", func(t *testing.T) {
		c, b := whlContact(t, false, 10)
		if len(b.State.Side("bandits").Mines) != 0 || c.Side("bandits").Mines != 10 {
			t.Errorf("a battlegroup not in a prepared position laid %v", b.State.Side("bandits").Mines)
		}
	})
}

// Ensure mines not set off stay in the sector after the battle, whoever
// won, and come back into the next battle there; mines set off are gone
// (000 lines 1042, 2633; ruling CI3).
func TestMinesStayInSector(t *testing.T) {
	c, b := whlContact(t, true, 10)
	laid := maps.Clone(b.State.Side("bandits").Mines)
	var spent hex.Hex
	for h := range laid {
		spent = h
		break
	}
	// The bandits lose every unit; one mine went off on the way.
	n := btlEnd(t, c, b.ID, "1", func(st *referee.State) {
		st.Unit("B8").Status = referee.Destroyed
		st.Unit("B9").Status = referee.Destroyed
		delete(st.Side("bandits").Mines, spent)
	})
	delete(laid, spent)
	if got := n.Sectors[6].Mines["bandits"]; len(got) != 1 || mineTotal(got) != 5 || got[spent] != 0 {
		t.Fatalf("mines kept in sector 6: %v, want the one not set off (%v)", got, laid)
	}
	if n.Battle(b.ID).Outcome.Winner != "crucis" {
		t.Fatalf("winner %q, want crucis: the mines stay even so", n.Battle(b.ID).Outcome.Winner)
	}
	// Their owner sees them on its map; the enemy does not.
	for side, want := range map[string]int{"bandits": 5, "crucis": 0} {
		for _, sec := range View(n, side).Sectors {
			if got := sec.Mines; sec.ID == 6 && got != want {
				t.Errorf("%s's view of sector 6 shows %d points of mines, want %d", side, got, want)
			}
		}
	}
	// They are kept through a save and load (hexes as map keys).
	raw, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	var back Campaign
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.Sectors[6].Mines["bandits"]; len(got) != 1 || mineTotal(got) != 5 {
		t.Fatalf("mines after JSON: %v", got)
	}
	// The next battle in sector 6 has them again, the sector none while it
	// is fought.
	a := btlGroup(t, n, "crucis", 6, "A8")
	bb := btlGroup(t, n, "bandits", 6, "B10")
	n.Turn++ // a later turn: one contact per sector and turn (CI1)
	if err := setUpBattle(n, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{bb.ID}}}, btlDice(t, "6,6,1,1")); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, n)
	nb := n.Battles[len(n.Battles)-1]
	for h, k := range laid {
		if nb.State.Side("bandits").Mines[h] != k {
			t.Errorf("the next battle lacks the mine at %s", h)
		}
	}
	if len(n.Sectors[6].Mines) != 0 {
		t.Errorf("sector 6 still lists %v while the battle holds them", n.Sectors[6].Mines)
	}
}

// Ensure the owner may place its laid mines itself before the battle
// starts (000 line 1040: written down in secret), and each wrong
// placement is refused with the reason.
func TestPlaceMines(t *testing.T) {
	c, b := whlContact(t, true, 10)
	m := b.State.Map
	open := func(x, y int) hex.Hex {
		h := hex.Hex{X: x, Y: y}
		for !m.Contains(h) || m.At(h).Terrain.IsWater() {
			h.X++
		}
		return h
	}
	h1, h2 := open(10, 8), open(20, 8)
	var water hex.Hex
	area := referee.Zone{Depth: referee.CampaignZoneDepth}
	for _, h := range m.Hexes() {
		if m.At(h).Terrain.IsWater() && area.Contains(m, h) {
			water = h
			break
		}
	}
	t.Run("OK", func(t *testing.T) {
		n, evs, err := PlaceMines(c, b.ID, "bandits", map[hex.Hex]int{h1: 5, h2: 5})
		n = btlMust(t, n, err)
		got := n.Battle(b.ID).State.Side("bandits").Mines
		if len(got) != 2 || got[h1] != 5 || got[h2] != 5 {
			t.Errorf("mines %v, want 5 at %s and %s", got, h1, h2)
		}
		if len(evs) != 1 || !slices.Equal(evs[0].Audience, []string{"bandits"}) {
			t.Errorf("events %+v, want one for the bandits alone", evs)
		}
		if len(c.Battle(b.ID).State.Side("bandits").Mines) != 2 || c.Battle(b.ID).State.Side("bandits").Mines[h1] != 0 {
			t.Error("PlaceMines changed the campaign it was given")
		}
	})
	refusals := []struct {
		name, side string
		mines      map[hex.Hex]int
	}{
		{"ErrNoMinesLaid", "crucis", map[hex.Hex]int{h1: 10}},
		{"ErrTotal", "bandits", map[hex.Hex]int{h1: 5}},
		{"ErrNotWholeMines", "bandits", map[hex.Hex]int{h1: 7, h2: 3}},
		{"ErrOutsideArea", "bandits", map[hex.Hex]int{{X: 1, Y: 8}: 10}},
		{"ErrWater", "bandits", map[hex.Hex]int{water: 10}},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "ErrWater" && !m.At(water).Terrain.IsWater() {
				t.Skip("sector 6 has no water in the prepared-position area")
			}
			_, _, err := PlaceMines(c, b.ID, tc.side, tc.mines)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("PlaceMines(%v) = %v, want a refusal", tc.mines, err)
			}
		})
	}
	t.Run("ErrStarted", func(t *testing.T) {
		n := btlDeployAll(t, c, b.ID)
		_, _, err := PlaceMines(n, b.ID, "bandits", map[hex.Hex]int{h1: 5, h2: 5})
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("PlaceMines after the start = %v, want a refusal", err)
		}
	})
}

// whlWithdrawCrucis ends a battle with crucis's units A6 and A7 withdrawn
// after a declared retreat.
func whlWithdrawCrucis(st *referee.State) {
	st.Side("crucis").Retreating = true
	st.Unit("A6").Status = referee.Withdrawn
	st.Unit("A7").Status = referee.Withdrawn
}

// Ensure a battle that a withdrawal started is marked with the battle it
// came from and starts no further one, whatever its own withdrawal rule
// says (000 line 2659; rulings CB7, CI1): the mark, not the step count,
// bounds the chain.
func TestRetreatBattleStartsNoFurther(t *testing.T) {
	c, b := btlContact(t)
	btlGroup(t, c, "bandits", 5, "B11")
	n := btlEnd(t, c, b.ID, "6,6,1,1", whlWithdrawCrucis)
	if len(n.Battles) != 2 || n.Battles[1].RetreatFrom != b.ID || n.Battles[1].Sector != 5 {
		t.Fatalf("battles %+v: want a second one in sector 5 started by battle %d", len(n.Battles), b.ID)
	}
	f := n.Battles[1].ID
	// Even were its rules to ask for four steps again, the retreat from
	// it into sector 6 (B8 and B9 are there) starts nothing.
	btlSetState(n, f, func(st *referee.State) {
		cr := *st.Campaign
		cr.WithdrawAfterSteps = WithdrawSteps
		st.Campaign = &cr
	})
	n2 := btlEnd(t, n, f, "1", whlWithdrawCrucis)
	if len(n2.Battles) != 2 {
		t.Fatalf("%d battles after retreating from a retreat's battle, want 2", len(n2.Battles))
	}
	whlSector(t, n2, "crucis", b.Sides[0].Battlegroups[0], 6)
}

// Ensure a withdrawal into a sector whose enemy battlegroups are already
// engaged in a battle not yet fought starts no second battle for them: a
// battlegroup fights one battle at a time (ruling CI1).
func TestFallBackIntoEngagedSector(t *testing.T) {
	c, b := btlContact(t)
	a := btlGroup(t, c, "crucis", 5, "A10")
	e := btlGroup(t, c, "bandits", 5, "B11")
	if err := setUpBattle(c, 5, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{e.ID}}}, btlDice(t, "6,6,1,1")); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, c)
	n := btlEnd(t, c, b.ID, "1", whlWithdrawCrucis)
	if len(n.Battles) != 2 {
		t.Fatalf("%d battles, want the two contacts only: B11 is engaged in battle 2", len(n.Battles))
	}
	whlSector(t, n, "crucis", b.Sides[0].Battlegroups[0], 5)
}

// Ensure Check finds every break of the bound on a turn's battles (ruling
// CI1).
func TestCheckBattleBound(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spoil func(c *Campaign)
		want  string
	}{
		{"TwoContactsInASector", func(c *Campaign) {
			d := c.Battles[0]
			d.ID, d.Over = c.NextBattle, true
			c.NextBattle++
			c.Battles = append(c.Battles, d)
		}, "both contacts in sector 6"},
		{"RetreatFromUnknownBattle", func(c *Campaign) { c.Battles[0].RetreatFrom = 9 }, "does not exist"},
		{"RetreatFromARetreat", func(c *Campaign) {
			c.Battles[0].Over = true
			c.Battles[0].Sides[0].Withdrew = true
			f := c.Battles[0]
			f.ID, f.RetreatFrom, f.Over, f.Sector = c.NextBattle, c.Battles[0].ID, true, 5
			g := f
			g.ID, g.RetreatFrom = f.ID+1, f.ID
			c.NextBattle += 2
			c.Battles = append(c.Battles, f, g)
		}, "itself started by a withdrawal"},
		{"MoreRetreatBattlesThanWithdrawals", func(c *Campaign) {
			c.Battles[0].Over = true
			f := c.Battles[0]
			f.ID, f.RetreatFrom, f.Over, f.Sector = c.NextBattle, c.Battles[0].ID, true, 5
			c.NextBattle++
			c.Battles = append(c.Battles, f)
		}, "but 0 sides withdrew"},
		{"BattlegroupInTwoBattles", func(c *Campaign) {
			d := c.Battles[0]
			d.ID, d.Sector = c.NextBattle, 5
			d.State = d.State.Clone()
			c.NextBattle++
			c.Battles = append(c.Battles, d)
		}, "fights battles 1 and 2 at once"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := btlContact(t)
			tc.spoil(c)
			var got []string
			for _, err := range c.Check() {
				got = append(got, err.Error())
			}
			if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, tc.want) }) {
				t.Errorf("Check = %q, want an error with %q", got, tc.want)
			}
		})
	}
}

// Ensure CheckLogVP finds what Check finds when given the log's sum, and
// the broken VP sum when given another; and that LogVP never changes the
// map it adds to.
func TestCheckLogVP(t *testing.T) {
	c := mustNewCampaign(t)
	c.Log.Append(Event{Side: c.Sides[0].ID, VP: 3}, Event{Side: c.Sides[1].ID, VP: 1}, Event{Side: c.Sides[0].ID, VP: -1})
	c.Sides[0].VP, c.Sides[1].VP = 2, 1
	if errs := c.Check(); len(errs) != 0 {
		t.Fatalf("Check: %v", errs)
	}
	k := c.Log.Len() - 2
	vp := LogVP(nil, c.Log.Prefix(k).Events())
	all := LogVP(vp, c.Log.Since(k))
	if vp[c.Sides[0].ID] != 3 || len(vp) != 1 {
		t.Errorf("LogVP changed the map it added to: %v", vp)
	}
	if errs := new(Checker).CheckLogVP(c, all); len(errs) != 0 {
		t.Errorf("CheckLogVP(%v): %v", all, errs)
	}
	if same := LogVP(vp, []Event{{Side: c.Sides[0].ID, Text: "no VP"}}); same[c.Sides[0].ID] != 3 || len(same) != 1 {
		t.Errorf("LogVP of events without VP = %v, want %v", same, vp)
	}
	errs := new(Checker).CheckLogVP(c, vp)
	if len(errs) != 2 || !strings.Contains(errs[0].Error(), "VP 2 but the log adds up to 3") || !strings.Contains(errs[1].Error(), "VP 1 but the log adds up to 0") {
		t.Errorf("CheckLogVP(%v) = %v, want both sides' VP refused", vp, errs)
	}
	// A Checker kept from one campaign to the next finds the same: what
	// its maps held for the one before counts for nothing.
	var kept Checker
	if errs := kept.CheckLogVP(c, all); len(errs) != 0 {
		t.Errorf("a kept Checker: %v", errs)
	}
	other := mustNewCampaign(t)
	other.Sides[1].Units = append(other.Sides[1].Units, c.Sides[0].Units[0])
	want := other.Check()
	if len(want) == 0 {
		t.Fatal("a unit added to the other side as well: Check found nothing")
	}
	if got := kept.CheckLogVP(other, other.Log.VP()); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("a kept Checker after another campaign = %v, want %v", got, want)
	}
	if errs := kept.CheckLogVP(c, all); len(errs) != 0 {
		t.Errorf("a kept Checker, the first campaign again: %v", errs)
	}
}
