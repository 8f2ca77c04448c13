package campaign

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"bfbot/referee"
)

// aiAirAlone splits the Lancers' three air lances (A30–A32) off
// battalion 4 into a battlegroup of their own in sector, with an enemy
// known in sector 2; it returns the campaign and that battlegroup's ID.
func aiAirAlone(tb testing.TB, c *Campaign, sector int) (*Campaign, int) {
	tb.Helper()
	n := ordGive(tb, c, "crucis", Order{Kind: OrderSplit, Battlegroup: 4, Units: []string{"A30", "A31", "A32"}, Name: "Air"})
	air := n.Side("crucis").NextBattlegroup - 1
	n.Side("crucis").Battlegroup(air).Sector = sector
	n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 2, Present: true})
	return n, air
}

// ordGiveAll gives a list of orders that must all be accepted.
func ordGiveAll(tb testing.TB, c *Campaign, side string, orders []Order) *Campaign {
	tb.Helper()
	for _, o := range orders {
		c = ordGive(tb, c, side, o)
	}
	return c
}

// aiLeft are n enemy counters of kind and class ("" while the
// information blind hides it) seen standing at a battle's end.
func aiLeft(n int, kind, class string) []referee.ViewUnit {
	out := make([]referee.ViewUnit, n)
	for i := range out {
		out[i] = referee.ViewUnit{ID: fmt.Sprintf("E%d", i), Side: "enemy", Kind: kind, Class: class, Status: referee.Active.String()}
	}
	return out
}

// aiStand is c with side's battlegroup bg standing in sector.
func aiStand(c *Campaign, side string, bg, sector int) *Campaign {
	n := c.Clone()
	n.Side(side).Battlegroup(bg).Sector = sector
	return n
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
		s := n.Side("crucis")
		o := s.Orders
		if !slices.Contains(o.Holds, 1) {
			t.Error("the RBG should stay back in a prepared position")
		}
		if o.LiftOff {
			t.Error("the AI lifted off")
		}
		// Battalion 3 stands with the RBG (sector 5): it stays as its
		// garrison. Battalion 4 (sector 9) is the biggest left once A9
		// leaves battalion 2 as a recon unit: it waits, and battalion 2
		// (sector 1) marches to join it.
		if rbg := s.Battlegroup(1); len(rbg.Units) != 15 || s.Battlegroup(3) != nil {
			t.Errorf("the RBG has %d units: want battalion 3 merged into it as its garrison", len(rbg.Units))
		}
		if !slices.Contains(o.Holds, 4) {
			t.Errorf("battalion 4 should wait for the others: %+v", o)
		}
		if !slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 && m.Path[0] == 5 }) {
			t.Errorf("battalion 2 in sector 1 should move to 5 on its way to battalion 4 in 9: %+v", o.Moves)
		}
		// A9 carries a Recon chit (roster), so a recon unit costs nothing.
		if b := s.Battlegroup(5); b == nil || !b.Recon() {
			t.Error("no free recon unit made")
		}
		// Searches only where the side will have a battalion (it knows
		// of no enemy yet), or a recon unit alone.
		for _, sec := range o.Searches {
			// The units of the side's fighting battlegroups that end
			// there, and whether a recon unit does.
			units, recon := 0, false
			ends := func(b *Battlegroup) {
				if b.Recon() {
					recon = true
				} else {
					units += len(b.Units)
				}
			}
			for _, b := range s.BattlegroupsIn(sec) {
				if !slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == b.ID }) {
					ends(b)
				}
			}
			for _, m := range o.Moves {
				if m.Path[len(m.Path)-1] == sec {
					ends(s.Battlegroup(m.Battlegroup))
				}
			}
			if !(recon && units == 0) && units < aiBattalion {
				t.Errorf("sector %d searched with %d units there", sec, units)
			}
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
		// Both battalions in sector 4 merge (20 units), and march on the
		// drop into 2, which a battalion would not hold against them.
		n := aiStand(c, "bandits", 4, 4)
		n.Side("bandits").Intel = append(n.Side("bandits").Intel, Intel{Turn: 1, Sector: 2, Drop: true})
		n = ordGiveAll(t, n, "bandits", AIOrders(n, "bandits", 3))
		if !slices.ContainsFunc(n.Side("bandits").Orders.Moves, func(m Move) bool { return m.Battlegroup == 2 && m.Path[0] == 3 }) {
			t.Errorf("battalions 2 and 4 in sector 4 do not move to 3 toward the drop into 2: %+v", n.Side("bandits").Orders.Moves)
		}
	})
	t.Run("AttacksWithOdds", func(t *testing.T) {
		// Battalions 2 and 4 merge in sector 1 (18 units besides the
		// recon unit): the search that found the enemy in 2 means a
		// battalion, which they outnumber, so they go and search there,
		// or, half the time (the enemy knows of them too), wait for him
		// where they stand and search there.
		n := aiStand(c, "crucis", 4, 1)
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 2, Present: true})
		attacks, waits := 0, 0
		for seed := uint64(1); seed <= 10; seed++ {
			orders := AIOrders(n, "crucis", seed)
			if !slices.ContainsFunc(orders, func(o Order) bool {
				return o.Kind == OrderMerge && o.Battlegroup == 2 && slices.Equal(o.With, []int{4})
			}) {
				t.Fatalf("battalions 2 and 4 in sector 1 do not merge: %+v", orders)
			}
			o := ordGiveAll(t, n, "crucis", orders).Side("crucis").Orders
			switch {
			case slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 && m.Path[0] == 2 }) && slices.Contains(o.Searches, 2):
				attacks++
			case slices.Contains(o.Holds, 2) && slices.Contains(o.Searches, 1):
				waits++
			default:
				t.Fatalf("seed %d: the merged battlegroup neither attacks sector 2 nor waits in 1: %+v", seed, o)
			}
		}
		if attacks == 0 || waits == 0 {
			t.Errorf("over 10 seeds %d attacks and %d waits: want both", attacks, waits)
		}
	})
	t.Run("WaitsWithItsRBG", func(t *testing.T) {
		// Battalions 2 and 4 merge in sector 5, where the RBG stands,
		// with an enemy battalion found next door in 6 that they would
		// beat: they wait for him there (aiAtHome), never marching out
		// and leaving the RBG to meet him alone, and search where they
		// stand.
		n := aiStand(aiStand(c, "crucis", 4, 5), "crucis", 2, 5)
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 6, Present: true})
		if !slices.Contains(c.Map.Neighbors(5), 6) {
			t.Fatal("sector 6 is not next to 5 (the map changed?)")
		}
		for seed := uint64(1); seed <= 10; seed++ {
			o := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", seed)).Side("crucis").Orders
			if !slices.Contains(o.Holds, 2) || !slices.Contains(o.Searches, 5) {
				t.Fatalf("seed %d: the battalion beside its RBG does not wait for the enemy next door: %+v", seed, o)
			}
		}
	})
	t.Run("WaitsNotForASearch", func(t *testing.T) {
		// As in WaitsWithItsRBG, but all the Lancers know of sector 6
		// is that the enemy searched it: his battlegroup or a recon
		// unit, which never comes to fight. They march on 6 and search
		// it every time rather than wait for him beside their RBG.
		n := aiStand(aiStand(c, "crucis", 4, 5), "crucis", 2, 5)
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 6, Searched: true})
		for seed := uint64(1); seed <= 10; seed++ {
			o := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", seed)).Side("crucis").Orders
			if !slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 && m.Path[0] == 6 }) || !slices.Contains(o.Searches, 6) {
				t.Fatalf("seed %d: the battalions do not march on the enemy's search next door and search it: %+v", seed, o)
			}
		}
	})
	t.Run("KeepsItsObjective", func(t *testing.T) {
		// The Bandits' battalion 3 stands alone on Carrick Landing
		// (12), theirs, and their search found the Lancers in sector 11
		// next to it, more than it would attack: it stays and holds a prepared position rather than join the
		// main body (battalion 2, in 4) and leave 12 for him to take
		// (aiKeep, ruling CB14). Against twenty-five units counted next
		// door, a hopeless stand, it goes.
		n := aiStand(aiStand(c, "bandits", 3, 12), "bandits", 4, 8)
		n.Turn = 2
		n.Side("bandits").Intel = append(n.Side("bandits").Intel, Intel{Turn: 1, Sector: 11, Present: true})
		if !slices.Contains(n.Map.Neighbors(12), 11) || len(n.Map.ByID(12).Objectives) == 0 {
			t.Fatal("objective sector 12 is not next to 11 (the map changed?)")
		}
		for seed := uint64(1); seed <= 10; seed++ {
			o := ordGiveAll(t, n, "bandits", AIOrders(n, "bandits", seed)).Side("bandits").Orders
			if slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 3 }) || !slices.Contains(o.Holds, 3) {
				t.Fatalf("seed %d: battalion 3 leaves objective sector 12 with an enemy next door: %+v", seed, o)
			}
		}
		n.Log.Append(Event{Turn: 1, Step: "setup", Type: "setup", Audience: secret("bandits"), Side: "bandits", Sector: 11, Text: fmt.Sprintf(scoutCount, 25, 11)})
		o := ordGiveAll(t, n, "bandits", AIOrders(n, "bandits", 1)).Side("bandits").Orders
		if slices.Contains(o.Holds, 3) {
			t.Errorf("battalion 3 holds 12 against twenty-five units counted next door: %+v", o)
		}
	})
	t.Run("SearchesOnItsWay", func(t *testing.T) {
		// Battalions 2 and 4 (the main body) stand in sector 6 and march
		// on Carrick Landing (12), the one objective they do not hold,
		// by 7, off the enemy's end of the map, where his RBG cannot be.
		// In turn 10 of 12, fewer turns left than the map's four
		// columns (aiRunningOut), they search there for his
		// battlegroups on their way; in turn 3 they pass unseen.
		n := aiStand(aiStand(c, "crucis", 4, 6), "crucis", 2, 6)
		for _, turn := range []int{3, 10} {
			n.Turn = turn
			o := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", 1)).Side("crucis").Orders
			i := slices.IndexFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 })
			if i < 0 || n.Map.ByID(o.Moves[i].Path[0]).Col == 3 {
				t.Fatalf("turn %d: the main body does not step toward 12 off the enemy's end: %+v", turn, o)
			}
			if searched := slices.Contains(o.Searches, o.Moves[i].Path[0]); searched != (turn == 10) {
				t.Errorf("turn %d of %d: the main body searches sector %d on its way: %v, want %v", turn, n.Settings.TurnLimit, o.Moves[i].Path[0], searched, turn == 10)
			}
		}
	})
	t.Run("UnheldObjectives", func(t *testing.T) {
		// The side marches on every objective sector it does not hold,
		// scored or not (ruling CB14): Carrick Landing (12), the
		// bandits' own, until the Lancers hold it.
		n := c.Clone()
		n.Log.Append(Event{Turn: 1, Step: "vp", Type: "objective", Side: "bandits", Sector: 12, Text: "taken"})
		if got := aiUnheld(View(n, "crucis")); !slices.Equal(got, []int{12}) {
			t.Errorf("unheld %v, want [12]", got)
		}
		n.hold(12, "crucis", false)
		if got := aiUnheld(View(n, "crucis")); len(got) != 0 {
			t.Errorf("unheld %v once the Lancers hold 12, want none", got)
		}
	})
	t.Run("Closes", func(t *testing.T) {
		// Battalions 2 and 4 stand next to Carrick Landing, the only
		// objective the Lancers do not hold, with an enemy battalion
		// sighted in sector 7 that they would beat: holding 12 at the
		// upkeep meets the campaign objectives (ruling CB14), so they
		// go there and not to the fight.
		n := aiStand(aiStand(c, "crucis", 4, 11), "crucis", 2, 11)
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 7, Present: true})
		n.Turn = 2
		if got := aiSeen(View(n, "crucis"), []*aiBattlegroup{{Sector: 11, Units: append(n.Side("crucis").Battlegroup(2).Units, n.Side("crucis").Battlegroup(4).Units...), worth: newAIWorth(n.Side("crucis"))}}, aiEnemy(View(n, "crucis"), newAIWorth(n.Side("crucis")))); !slices.Equal(got, []int{7}) {
			t.Fatalf("fights seen %v, want the one in sector 7", got)
		}
		o := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", 1)).Side("crucis").Orders
		if !slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 && slices.Equal(m.Path, []int{12}) }) || !slices.Contains(o.Searches, 12) {
			t.Errorf("the battalions next to the last objective do not take it: %+v", o)
		}
	})
	t.Run("RoutesRound", func(t *testing.T) {
		// Battalion 2 in sector 2 marches on sector 4 past 3, where it
		// knows of twenty-five enemy units: not through 3 (two moves)
		// but round it by 6, 7 and 8 (four).
		v := View(c, "crucis")
		b := &aiBattlegroup{Sector: 2, Units: c.Side("crucis").Battlegroup(2).Units, worth: newAIWorth(v.Own)}
		enemy := map[int]float64{3: 25 * b.worth.typical}
		if got := aiDistances(v, []int{4})[2]; got != 2 {
			t.Fatalf("sector 2 is %d moves from 4, want 2 (the map changed?)", got)
		}
		route := aiRoute(v, b, []int{4}, enemy)
		if route[2] != 4 || route[3] != 1 {
			t.Errorf("round sector 3: sector 2 is %d moves from 4 and 3 is %d: want 4 and 1", route[2], route[3])
		}
		if got := aiRoute(v, b, []int{4}, map[int]float64{3: b.strength() / aiOdds})[2]; got != 2 {
			t.Errorf("with an enemy in 3 it beats, sector 2 is %d moves from 4: want 2, through it", got)
		}
	})
	t.Run("Presses", func(t *testing.T) {
		// Carrick Landing (12) is the one objective sector the Lancers
		// do not hold, at the bandits' end of the map (ruling CB14).
		// Within two moves of it they press on; not from farther, nor
		// with two to take, nor with an enemy expected beside it.
		v := View(aiStand(c, "crucis", 2, 7), "crucis")
		worth := newAIWorth(v.Own)
		var bgs []*aiBattlegroup
		for _, b := range v.Own.Battlegroups {
			bgs = append(bgs, &aiBattlegroup{ID: b.ID, Sector: b.Sector, RBG: b.RBG, Units: b.Units, worth: worth})
		}
		if !aiPress(v, bgs, []int{12}, nil) {
			t.Error("battalion 2 in sector 7, two moves from 12: it does not press on")
		}
		if aiPress(v, bgs, []int{11, 12}, nil) {
			t.Error("it presses on with two objective sectors to take")
		}
		if aiPress(v, bgs, []int{12}, map[int]float64{8: 1}) {
			t.Error("it presses on with an enemy expected in 8, beside 12")
		}
		far := View(aiStand(c, "crucis", 2, 6), "crucis")
		bgs[slices.IndexFunc(bgs, func(b *aiBattlegroup) bool { return b.ID == 2 })].Sector = 6
		if aiPress(far, bgs, []int{12}, nil) {
			t.Error("battalion 2 in sector 6, three moves from 12: it presses on")
		}
		// With the map's objectives in sector 7 alone, none at the
		// bandits' end: taking it cannot be taking one they held at the
		// start, so the fight comes first.
		m := *v.Map
		m.Sectors = slices.Clone(m.Sectors)
		for i := range m.Sectors {
			sec := &m.Sectors[i]
			switch sec.ID {
			case 12:
				sec.Objectives = nil
			case 7:
				sec.Objectives = c.Map.ByID(12).Objectives
			}
		}
		mid := v
		mid.Map = &m
		bgs[slices.IndexFunc(bgs, func(b *aiBattlegroup) bool { return b.ID == 2 })].Sector = 7
		if aiPress(mid, bgs, []int{7}, nil) {
			t.Error("it presses on to an objective sector with none at the enemy's end of the map")
		}
		// Pressing, the main body in 7 marches on 12 (by 8 or 11) and
		// does not turn aside to a fight it would win in 6; holding 12,
		// it seeks that fight.
		n := aiStand(aiStand(c, "crucis", 4, 7), "crucis", 2, 7)
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 6, Present: true})
		n.Turn = 2
		held := n.Clone()
		held.hold(12, "crucis", false)
		fights := 0
		for seed := uint64(1); seed <= 10; seed++ {
			o := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", seed)).Side("crucis").Orders
			if !slices.ContainsFunc(o.Moves, func(m Move) bool {
				return m.Battlegroup == 2 && (slices.Equal(m.Path, []int{8}) || slices.Equal(m.Path, []int{11}))
			}) {
				t.Fatalf("seed %d: the main body in 7 does not march on 12: %+v", seed, o)
			}
			o = ordGiveAll(t, held, "crucis", AIOrders(held, "crucis", seed)).Side("crucis").Orders
			if slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 && slices.Equal(m.Path, []int{6}) }) {
				fights++
			}
		}
		if fights == 0 {
			t.Error("holding 12, the main body never goes for the fight in 6")
		}
	})
	t.Run("WeakMainMarches", func(t *testing.T) {
		// Battalions 2 and 4, together in sector 7, and 3, with the
		// RBG, are down to one step a counter: too weak to fight alone
		// (3 joins the RBG, which is left too small for a sortie).
		// Marching on Carrick Landing (12), which the Lancers do not
		// hold, they go on toward it (by 8 or 11) while they expect no
		// enemy next to them, and home to the RBG (by 6) once they
		// expect one in sector 3.
		n := aiStand(aiStand(c, "crucis", 4, 7), "crucis", 2, 7)
		s := n.Side("crucis")
		for _, bg := range []int{2, 3, 4} {
			for _, id := range s.Battlegroup(bg).Units {
				u := s.Unit(id)
				u.Step = u.Lance.Class.Info().Steps - 1
			}
		}
		move := func(n *Campaign) []int {
			o := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", 1)).Side("crucis").Orders
			i := slices.IndexFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 })
			if i < 0 {
				t.Fatalf("the battalions do not move: %+v", o)
			}
			return o.Moves[i].Path
		}
		if got := move(n); !slices.Equal(got, []int{8}) && !slices.Equal(got, []int{11}) {
			t.Errorf("unthreatened, the weak battalions move to %v, want on toward sector 12", got)
		}
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 3, Present: true})
		n.Turn = 2
		if got := move(n); !slices.Equal(got, []int{6}) {
			t.Errorf("with an enemy sighted next door, the weak battalions move to %v, want home by 6", got)
		}
	})
	t.Run("Hunts", func(t *testing.T) {
		// With no intel and every objective held, the main body heads
		// for the far column; there, once it has searched a sector and
		// found nobody, it moves on to one it has not.
		n := aiStand(aiStand(c, "crucis", 4, 4), "crucis", 2, 4)
		for _, sec := range n.Map.Sectors {
			if len(sec.Objectives) > 0 {
				n.hold(sec.ID, "crucis", false)
			}
		}
		// Battalions 2 and 4 merge in the north-east corner, in the far
		// column, which they searched last turn.
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 4})
		n.Turn = 2
		o := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", 1)).Side("crucis").Orders
		if !slices.ContainsFunc(o.Moves, func(m Move) bool { return m.Battlegroup == 2 && m.Path[0] == 8 }) || !slices.Contains(o.Searches, 8) {
			t.Errorf("battalion 2 in cleared sector 4 does not move on to search 8: %+v", o)
		}
	})
	t.Run("Sortie", func(t *testing.T) {
		// Every battalion has joined the RBG in sector 5: with nothing
		// left to march, the RBG sends out all but a battalion's worth
		// of home guard that may leave it.
		n := c.Clone()
		for _, id := range []int{2, 4} {
			n = ordGive(t, aiStand(n, "crucis", id, 5), "crucis", Order{Kind: OrderMerge, Battlegroup: 1, With: []int{id}})
		}
		n = ordGive(t, n, "crucis", Order{Kind: OrderMerge, Battlegroup: 1, With: []int{3}})
		s := n.Side("crucis")
		orders := AIOrders(n, "crucis", 1)
		i := slices.IndexFunc(orders, func(o Order) bool { return o.Kind == OrderSplit && o.Battlegroup == 1 })
		if i < 0 {
			t.Fatalf("no sortie from an RBG of %d units: %+v", len(s.Battlegroup(1).Units), orders)
		}
		if left := len(s.Battlegroup(1).Units) - len(orders[i].Units); left != aiHomeGuard {
			t.Errorf("the RBG keeps %d units, want %d", left, aiHomeGuard)
		}
		sortie := ordGiveAll(t, n, "crucis", orders).Side("crucis").Battlegroup(s.NextBattlegroup)
		if sortie == nil || len(sortie.Units) < aiBattalion {
			t.Errorf("the sortie is %+v: want a battlegroup of a battalion or more", sortie)
		}
	})
	t.Run("BuysReinforcements", func(t *testing.T) {
		// A reinforcement roll of 100 points and 100 VP in hand: the AI
		// buys the costliest units it may, and they join the RBG.
		n := ordVP(c, "crucis", 100)
		s := n.Side("crucis")
		u := s.Unit("A6")
		u.Status = UnitDestroyed
		b := s.Battlegroup(u.Battlegroup)
		b.Units = slices.DeleteFunc(b.Units, func(id string) bool { return id == "A6" })
		s.Reinforcements = 100
		want := AIReinforcements(n, "crucis")
		orders := AIOrders(n, "crucis", 1)
		if len(orders) == 0 || orders[0].Kind != OrderBuy || !slices.Equal(orders[0].Units, want) || len(want) == 0 {
			t.Fatalf("orders %+v: want a buy of %v first", orders, want)
		}
		after := ordGiveAll(t, n, "crucis", orders).Side("crucis")
		if after.VP >= 100 || len(after.RBG().Units) <= len(s.RBG().Units) {
			t.Errorf("after the buy: %d VP, RBG of %d units", after.VP, len(after.RBG().Units))
		}
		// In the campaign's last turn, no buy: the points are the score.
		last := View(n, "crucis")
		last.LastTurn = last.Turn
		if slices.ContainsFunc(aiOrders(last, 1), func(o Order) bool { return o.Kind == OrderBuy }) {
			t.Error("the AI buys reinforcements in the campaign's last turn")
		}
		// Without the points, no buy.
		s.VP = 0
		if slices.ContainsFunc(aiOrders(View(n, "crucis"), 1), func(o Order) bool { return o.Kind == OrderBuy }) {
			t.Error("the AI buys with no victory points")
		}
	})
	t.Run("HoldsOutnumbered", func(t *testing.T) {
		// The same battlegroup fought in sector 2 and saw 25 enemy units
		// still standing there when the battle ended: it keeps out.
		v := View(aiStand(c, "crucis", 4, 1), "crucis")
		v.Battles = append(v.Battles, BattleView{ID: 9, Turn: 1, Sector: 2, Sides: []string{"crucis", "bandits"}, Own: []int{2}, Over: true, EnemyLeft: aiLeft(25, "mech", "")})
		for seed := uint64(1); seed <= 5; seed++ {
			for _, o := range aiOrders(v, seed) {
				// The recon unit may pass: it never fights.
				if (o.Kind == OrderSearch || o.Kind == OrderMove && o.Battlegroup == 2) && slices.Contains(o.Sectors, 2) {
					t.Fatalf("seed %d: order %+v goes into or searches sector 2, where it is outnumbered", seed, o)
				}
			}
		}
	})
	t.Run("AirOnlyKeepsOutOfContact", func(t *testing.T) {
		// The three air lances of battalion 4 on their own in sector 6,
		// next to a battalion in 2 that the main body attacks from 1:
		// they head for the main body but not into the fight nor where
		// the enemy may reach them next turn, and search nothing; from
		// 9, with no enemy known, they go where it goes.
		n, air := aiAirAlone(t, aiStand(c, "crucis", 4, 1), 6)
		for _, o := range AIOrders(n, "crucis", 1) {
			if o.Battlegroup == air && o.Kind == OrderMove && slices.Contains(o.Sectors, 2) {
				t.Errorf("the air lances move into the fight in 2: %+v", o)
			}
			if o.Kind == OrderSearch && slices.Contains(o.Sectors, 6) {
				t.Error("the air lances searched")
			}
		}
		// airEnds gives c the AI's orders for crucis and says where the
		// air lances, in sector from, end their move.
		airEnds := func(c *Campaign, from int) (end int, o Orders) {
			c.Side("crucis").Battlegroup(air).Sector = from
			o = ordGiveAll(t, c, "crucis", AIOrders(c, "crucis", 1)).Side("crucis").Orders
			end = from
			for _, m := range o.Moves {
				if m.Battlegroup == air {
					end = m.Path[len(m.Path)-1]
				}
			}
			return end, o
		}
		// In sector 3, next to 2, the enemy there may come next turn:
		// the air lances leave for a sector out of its reach.
		reach := append([]int{2}, n.Map.Neighbors(2)...)
		end, o := airEnds(n, 3)
		if !slices.Contains(reach, 3) || slices.Contains(reach, end) {
			t.Errorf("the air lances end in sector %d, which the enemy in 2 may reach next turn (%v): %+v", end, reach, o.Moves)
		}
		// Caught in 2 itself, where every way out is within the enemy's
		// reach: they leave the enemy's sector rather than wait there to
		// be caught again.
		end, o = airEnds(n, 2)
		if end == 2 {
			t.Errorf("the air lances stay in sector 2 with the enemy: %+v", o.Moves)
		}
		// The same sighting long forgotten by the fighting battlegroups
		// (older than aiIntelAge turns), the main body marching to 5:
		// air lances alone in 7 still keep out of its reach (6 is on
		// their way), for they can only be caught there.
		old := n.Clone()
		old.Turn = 1 + aiIntelAge + 3
		end, o = airEnds(old, 7)
		if slices.Contains(reach, end) {
			t.Errorf("turn %d, the sighting in 2 from turn 1: the air lances end in sector %d, within its reach %v: %+v", old.Turn, end, reach, o.Moves)
		}
		n.Side("crucis").Battlegroup(air).Sector = 9
		n.Side("crucis").Intel = nil
		o = ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", 1)).Side("crucis").Orders
		to := map[int]int{}
		for _, m := range o.Moves {
			to[m.Battlegroup] = m.Path[len(m.Path)-1]
		}
		if to[air] == 0 || to[air] != to[2] {
			t.Errorf("the air lances in 9 do not go where the main body goes: %+v", o.Moves)
		}
	})
	t.Run("AirOnlyFliesHomeAsRecon", func(t *testing.T) {
		// The three air lances of battalion 4 alone in sector 3, an
		// enemy battalion seen in 2, beside them, and 9 VP in hand:
		// each becomes a recon unit (+2 ESR, 3 VP a lance), which the
		// enemy may not attack, and flies to where the main body
		// (battalions 2 and 4's ground units, in sector 1) ends. A9
		// is the side's scout already.
		n, scout := ordRecon(t, aiStand(c, "crucis", 4, 1), "crucis", 2, "A9")
		n, air := aiAirAlone(t, ordVP(n, "crucis", -3), 3)
		n = ordVP(n, "crucis", 9)
		after := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", 1))
		s := after.Side("crucis")
		mainEnd := 1
		ends := map[int]int{}
		for _, m := range s.Orders.Moves {
			ends[m.Battlegroup] = m.Path[len(m.Path)-1]
			if m.Battlegroup == 2 {
				mainEnd = ends[2]
			}
		}
		for _, id := range []string{"A30", "A31", "A32"} {
			b := s.Battlegroup(s.Unit(id).Battlegroup)
			if !b.Recon() || len(b.Units) != 1 {
				t.Fatalf("%s is in battlegroup %+v: want a recon unit of its own", id, b)
			}
			if ends[b.ID] != mainEnd {
				t.Errorf("recon unit %d (%s) ends in sector %d, the main body in %d: %+v", b.ID, id, ends[b.ID], mainEnd, s.Orders.Moves)
			}
		}
		if s.VP != 0 {
			t.Errorf("%d VP left: want the 9 spent on three +2 ESR chits", s.VP)
		}
		// There, next turn, they join the main body; the scout beside
		// them stays as it is.
		for _, id := range []string{"A30", "A31", "A32", "A9"} {
			s.Battlegroup(s.Unit(id).Battlegroup).Sector = s.Battlegroup(2).Sector
		}
		after.Turn = 2
		after.Side("crucis").Orders = Orders{}
		var merge *Order
		for _, o := range AIOrders(after, "crucis", 1) {
			if o.Kind == OrderMerge && o.Battlegroup == 2 {
				merge = &o
			}
		}
		if merge == nil || len(merge.With) != 3 || slices.Contains(merge.With, scout) {
			t.Errorf("merge %+v: want the three air recon units, not the scout, joining battalion 2", merge)
		}
		// In the campaign's last turn, or with too few VP for all
		// three, they walk as before, out of the enemy's reach.
		last := n.Clone()
		last.Settings.TurnLimit = last.Turn
		n = ordVP(n, "crucis", -1)
		for what, c := range map[string]*Campaign{"the last turn": last, "8 VP for three lances at 3 each": n} {
			for _, o := range AIOrders(c, "crucis", 1) {
				if o.Kind == OrderRecon || o.Kind == OrderSplit && o.Battlegroup == air {
					t.Errorf("%s: order %+v", what, o)
				}
			}
		}
	})
	t.Run("AirOnlyFliesHomeBesideANewScout", func(t *testing.T) {
		// As above with no scout yet, and VP for a scout too: the
		// scout is a lance split off a ground battlegroup, never one of
		// the air lances alone, and all three of those fly home.
		n, _ := aiAirAlone(t, aiStand(c, "crucis", 4, 1), 3)
		n = ordVP(n, "crucis", 9+ReconCost(n.Side("crucis").Unit("A9").Lance, true, false))
		after := ordGiveAll(t, n, "crucis", AIOrders(n, "crucis", 1))
		s := after.Side("crucis")
		scouts := 0
		for _, b := range s.Battlegroups {
			if !b.Recon() {
				continue
			}
			if u := s.Unit(b.Units[0]); u.Lance.Class.Kind() != referee.KindAir {
				scouts++
				continue
			}
			if b.Units[0] != "A30" && b.Units[0] != "A31" && b.Units[0] != "A32" {
				t.Errorf("recon unit %+v: an air lance that was not alone", b)
			}
		}
		for _, id := range []string{"A30", "A31", "A32"} {
			if b := s.Battlegroup(s.Unit(id).Battlegroup); !b.Recon() || len(b.Units) != 1 {
				t.Errorf("%s is in battlegroup %+v: want a recon unit of its own", id, b)
			}
		}
		if scouts != 1 || s.VP != 0 {
			t.Errorf("%d ground scouts, %d VP left: want one scout and every VP spent", scouts, s.VP)
		}
	})
	t.Run("MarchesToItsRBG", func(t *testing.T) {
		// The RBG in sector 5 saw 4 enemy units left in its sector
		// when its battle there ended; the main body next door in 1
		// (battalions 2 and 4) goes to its help every time, never
		// waiting for that enemy to come to it.
		n := aiStand(c, "crucis", 4, 1)
		v := View(n, "crucis")
		v.Battles = append(v.Battles, BattleView{ID: 9, Turn: 1, Sector: 5, Sides: []string{"crucis", "bandits"}, Own: []int{1}, Over: true, EnemyLeft: aiLeft(4, "mech", "")})
		for seed := uint64(1); seed <= 10; seed++ {
			if !slices.ContainsFunc(aiOrders(v, seed), func(o Order) bool {
				return o.Kind == OrderMove && o.Battlegroup == 2 && slices.Equal(o.Sectors, []int{5})
			}) {
				t.Fatalf("seed %d: the main body does not march to its RBG's fight in 5: %+v", seed, aiOrders(v, seed))
			}
		}
	})
	t.Run("AirOnlyKeepsOffObjectives", func(t *testing.T) {
		// An enemy next to an objective nobody has scored may march on
		// it (aiTargets): the objective counts that enemy twice, as its
		// own sector does, a sector without one once; once scored, the
		// objective draws nobody.
		v := View(c, "crucis")
		obj, at, plain := 0, 0, 0
		for _, sec := range v.Map.Sectors {
			for _, nb := range v.Map.Neighbors(sec.ID) {
				for _, nb2 := range v.Map.Neighbors(nb) {
					if obj == 0 && len(sec.Objectives) > 0 && nb2 != sec.ID && len(v.Map.ByID(nb2).Objectives) == 0 {
						obj, at, plain = sec.ID, nb, nb2
					}
				}
			}
		}
		if obj == 0 {
			t.Fatal("the map has no objective beside a sector that has a neighbour without one")
		}
		reach := aiReach(v, map[int]float64{at: 10})
		if reach[at] != 20 || reach[obj] != 20 || reach[plain] != 10 {
			t.Errorf("enemy 10 in sector %d: reach %v: want 20 there and in objective %d, 10 in %d", at, reach, obj, plain)
		}
		v.Events = append(v.Events, Event{Turn: 1, Step: "vp", Type: "objective", Side: "bandits", Sector: obj})
		if reach := aiReach(v, map[int]float64{at: 10}); reach[obj] != 10 {
			t.Errorf("objective %d scored: reach %v: want 10 there", obj, reach)
		}
	})
	t.Run("CaughtGoesTheNearestWay", func(t *testing.T) {
		// Air lances with every way within the enemy's reach take the
		// least enemy, and of equal ones the way nearest their targets
		// (the main body, the RBG).
		b := &aiBattlegroup{Air: true, Units: []string{"A30", "A31", "A32"}}
		dist := map[int]int{3: 2, 5: 1, 7: 0}
		enemy := map[int]float64{3: 10, 5: 10, 7: 20}
		score := func(sec int) float64 { return aiStepScore(b, sec, enemy, map[int]float64{}, dist, nil) }
		if score(5) <= score(3) {
			t.Errorf("equal reach: sector 5 (%v from the targets 1 step) should beat 3 (%v, 2 steps)", score(5), score(3))
		}
		if score(7) >= score(3) {
			t.Errorf("sector 7 at the targets but with twice the enemy (%v) should not beat 3 (%v)", score(7), score(3))
		}
	})
	t.Run("DropsOnBestTarget", func(t *testing.T) {
		// Battalion 2 in orbit (10 'Mechs): a battalion in 3 is too many
		// for it alone; of the battles it saw end in 7 (3 enemy units
		// left) and 10 (6 left), it beats the bigger one.
		v := View(ordOrbit(c, "crucis", 2), "crucis")
		v.Sectors[3-1].Intel = &Intel{Turn: 1, Sector: 3, Present: true}
		v.Battles = append(v.Battles,
			BattleView{ID: 8, Turn: 1, Sector: 7, Own: []int{4}, Over: true, EnemyLeft: aiLeft(3, "mech", "")},
			BattleView{ID: 9, Turn: 1, Sector: 10, Own: []int{4}, Over: true, EnemyLeft: aiLeft(6, "mech", "")})
		for seed := uint64(1); seed <= 10; seed++ {
			i := slices.IndexFunc(aiOrders(v, seed), func(o Order) bool { return o.Kind == OrderDrop })
			if got := aiOrders(v, seed); i < 0 || !slices.Equal(got[i].Sectors, []int{10}) {
				t.Fatalf("seed %d: orders %+v: want a drop into sector 10", seed, got)
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
