package campaign

import (
	"fmt"
	"slices"
	"testing"

	"bfbot/referee"
)

// Ensure the strategic AI's estimate of the enemy weighs strength, not
// numbers: what it saw of the enemy's counters, its scouts' counts and
// how old its intel is.
func TestAIEstimate(t *testing.T) {
	c := ordStarted(t)
	v := View(c, "crucis")
	w := newAIWorth(v.Own)
	// battle is a battle crucis fought in sector on turn, ended with
	// left standing.
	battle := func(id, turn, sector int, left []referee.ViewUnit) BattleView {
		return BattleView{ID: id, Turn: turn, Sector: sector, Sides: []string{"crucis", "bandits"}, Own: []int{2}, Over: true, EnemyLeft: left}
	}
	t.Run("StrengthNotCount", func(t *testing.T) {
		// Three assault 'Mech lances in sector 2, eight trucks in 3:
		// the three are the stronger enemy; with their class hidden
		// (kind only) still, since the Lancers' own 'Mechs are worth
		// more than their trucks.
		for _, class := range [][2]string{{"assault-mech", "truck"}, {"", ""}} {
			v := v
			v.Battles = []BattleView{battle(8, 1, 2, aiLeft(3, "mech", class[0])), battle(9, 1, 3, aiLeft(8, "vehicle", class[1]))}
			est := aiEnemy(v, w)
			if est[2] <= est[3] {
				t.Errorf("classes %q: three 'Mech lances estimated at %.1f, eight trucks at %.1f: want the 'Mechs stronger", class, est[2], est[3])
			}
		}
		// A probed unit counts its steps left: a lance at step 2 is
		// worth half of one at full strength.
		full, hurt := aiLeft(1, "mech", "heavy-mech")[0], aiLeft(1, "mech", "heavy-mech")[0]
		full.Values, hurt.Values = &referee.UnitValues{}, &referee.UnitValues{Step: 2}
		if got, want := w.seen(hurt), w.seen(full)/2; got != want {
			t.Errorf("a heavy 'Mech lance probed at step 2 is worth %.2f, want half of full strength %.2f", got, want)
		}
	})
	t.Run("ScoutCounts", func(t *testing.T) {
		// A search found the enemy in sector 2: with no count, a
		// battalion of the side's typical counters; once the side's
		// scouts counted 25 enemy counters there, 25 of them. The
		// enemy's own scouts' count, secret to him, changes nothing.
		n := c.Clone()
		n.Turn = 2
		n.Side("crucis").Intel = append(n.Side("crucis").Intel, Intel{Turn: 1, Sector: 2, Present: true})
		if got, want := aiEnemy(View(n, "crucis"), w)[2], aiBattalion*w.typical; got != want {
			t.Fatalf("a sighting with no count: %.1f, want a battalion, %.1f", got, want)
		}
		n.Log.Append(Event{Turn: 1, Step: "contact", Type: "setup", Audience: secret("bandits"), Side: "bandits", Sector: 2, Text: fmt.Sprintf(scoutCount+" (004 line 27)", 40, 2)})
		if got, want := aiEnemy(View(n, "crucis"), w)[2], aiBattalion*w.typical; got != want {
			t.Fatalf("the enemy's scouts' count changed crucis's estimate: %.1f, want %.1f", got, want)
		}
		n.Log.Append(Event{Turn: 1, Step: "contact", Type: "setup", Audience: secret("crucis"), Side: "crucis", Sector: 2, Text: fmt.Sprintf(scoutCount+" (004 line 27)", 25, 2)})
		if got, want := aiEnemy(View(n, "crucis"), w)[2], 25*w.typical; got != want {
			t.Errorf("a sighting where the scouts counted 25: %.1f, want %.1f", got, want)
		}
		// Air lances alone are as wary of it.
		if got, want := aiWary(View(n, "crucis"), w, map[int]float64{})[2], 25*w.typical; got != want {
			t.Errorf("air lances alone keep away from %.1f in sector 2, want %.1f", got, want)
		}
	})
	t.Run("ReconSearches", func(t *testing.T) {
		// The enemy searched sector 2 in turn 1, where the Lancers
		// searched too and found no battlegroup: the searched side
		// reveals every battlegroup and never a recon unit (000 line
		// 2599), so it was a recon unit's search, no sighting; so is
		// his search there in turn 2, with nothing since saying
		// otherwise. A search of his with none of the Lancers' to tell
		// is a sighting, and so is his search after one of theirs that
		// found nobody while he did not search.
		sighted := func(turn int, intel ...Intel) bool {
			n := c.Clone()
			n.Turn = turn
			n.Side("crucis").Intel = append(n.Side("crucis").Intel, intel...)
			_, ok := aiEnemy(View(n, "crucis"), w)[2]
			return ok
		}
		none, his := Intel{Turn: 1, Sector: 2}, Intel{Turn: 1, Sector: 2, Searched: true}
		later := Intel{Turn: 2, Sector: 2, Searched: true}
		if sighted(2, none, his) {
			t.Error("the enemy's search in a sector the Lancers found empty that turn counts as a battlegroup")
		}
		if sighted(3, none, his, later) {
			t.Error("the enemy's search a turn after his recon unit's there counts as a battlegroup")
		}
		if !sighted(2, his) {
			t.Error("the enemy's search, with nothing to tell a recon unit's, is no sighting")
		}
		if !sighted(3, none, later) {
			t.Error("the enemy's search after the Lancers found sector 2 empty with no search of his is no sighting")
		}
		if !sighted(3, none, his, Intel{Turn: 2, Sector: 2, Present: true}) {
			t.Error("the Lancers' search that found the enemy is no sighting")
		}
	})
	t.Run("StaleIntelFades", func(t *testing.T) {
		// The same battle's result counts in full the turn after it,
		// aiStale less a turn later, and not at all beyond aiIntelAge.
		left := aiLeft(6, "mech", "")
		at := func(turn int) float64 {
			v := v
			v.Turn = turn
			v.Battles = []BattleView{battle(8, 1, 2, left)}
			e, ok := aiEnemy(v, w)[2]
			if !ok {
				return -1
			}
			return e
		}
		fresh, old, gone := at(2), at(3), at(2+aiIntelAge)
		if fresh <= 0 || old != fresh*(1-aiStale) || gone != -1 {
			t.Errorf("six 'Mech lances seen at the end of a battle in turn 1: estimated %.1f in turn 2, %.1f in turn 3, %.1f in turn %d (-1: forgotten): want the turn-3 figure %.0f%% of turn 2's, then forgotten",
				fresh, old, gone, 2+aiIntelAge, 100*(1-aiStale))
		}
	})
	t.Run("HoldsAgainstStrength", func(t *testing.T) {
		// Battalions 2 and 4 merge in sector 1 (19 units besides the
		// scout). Ten assault 'Mech lances were left standing in
		// sector 2 next door: fewer units than the odds the AI wants by
		// count, but stronger than it; it neither moves in nor searches
		// there. Twenty trucks, more units than it has, it attacks (or
		// waits for, half the time, searching where it stands).
		n := aiStand(c, "crucis", 4, 1)
		strong := View(n, "crucis")
		strong.Battles = append(strong.Battles, battle(9, 1, 2, aiLeft(10, "mech", "assault-mech")))
		weak := View(n, "crucis")
		weak.Battles = append(weak.Battles, battle(9, 1, 2, aiLeft(20, "vehicle", "truck")))
		attacks := 0
		for seed := uint64(1); seed <= 10; seed++ {
			for _, o := range aiOrders(strong, seed) {
				if (o.Kind == OrderSearch || o.Kind == OrderMove && o.Battlegroup == 2) && slices.Contains(o.Sectors, 2) {
					t.Fatalf("seed %d: order %+v goes into or searches sector 2, against ten assault 'Mech lances", seed, o)
				}
			}
			orders := aiOrders(weak, seed)
			if slices.ContainsFunc(orders, func(o Order) bool {
				return o.Kind == OrderMove && o.Battlegroup == 2 && slices.Equal(o.Sectors, []int{2})
			}) {
				attacks++
			}
		}
		if attacks == 0 {
			t.Error("over 10 seeds the main body never attacks twenty trucks in sector 2")
		}
	})
}
