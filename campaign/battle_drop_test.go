package campaign

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Line numbers below are of book 000, BattleForce (docs/sources.md).

// drpContact sets up a battle in sector 6 between crucis A6, A7, which
// dropped from orbit into it this turn, and bandits B8, B9 (did not
// move), crucis winning the initiative 9 to 5.
func drpContact(tb testing.TB) (*Campaign, *Battle) {
	tb.Helper()
	c := btlCampaign(tb)
	a := btlGroup(tb, c, "crucis", 6, "A6", "A7")
	a.Dropped, a.Moved = true, true
	b := btlGroup(tb, c, "bandits", 6, "B8", "B9")
	return c, btlSetUp(tb, c, a.ID, b.ID)
}

// Ensure a battlegroup that dropped into a sector with a contact deploys
// by the drop rules (000 line 2639; ruling DR21): its lances wait in
// orbit, the owner (here the AI) declares their drop hexes in secret —
// the enemy hears nothing of them and its view holds no trace of them —
// the battle starts only once both sides are ready, and in turn 1 the
// lances come down with their landing rolls (000 lines 735–765).
func TestCampaignDropAtContact(t *testing.T) {
	c, b := drpContact(t)
	st := b.State
	for _, id := range []string{"A6", "A7"} {
		if u := st.Unit(id); !u.Drop || u.Status != referee.Reserve || !st.Campaign.Zones[id].Drop {
			t.Fatalf("%s at set-up: drop %v, %v, zone %v; want in orbit with a drop zone", id, u.Drop, u.Status, st.Campaign.Zones[id])
		}
	}
	n, evs, err := AutoDeploy(c, b.ID, "crucis", btlDice(t, "1"))
	n = btlMust(t, n, err)
	declared := 0
	for _, e := range evs {
		if e.Type == "drop_declared" {
			declared++
			if e.Visible("bandits") {
				t.Errorf("the bandits hear of the drop hex: %+v", e)
			}
		}
	}
	if declared != 2 {
		t.Errorf("%d drops declared, want A6 and A7", declared)
	}
	st = n.Battle(b.ID).State
	for _, id := range []string{"A6", "A7"} {
		if u := st.Unit(id); u.DropTurn != 1 || u.Status != referee.Reserve {
			t.Errorf("%s after deployment: drop turn %d, %v", id, u.DropTurn, u.Status)
		}
		if st.View("bandits").Unit(id) != nil {
			t.Errorf("the bandits' view shows %s before it lands", id)
		}
	}
	n, evs, err = AutoResolveBattle(n, b.ID, dice.New(dice.NewSeeded(5)), 5)
	btlMust(t, n, err)
	var landed []string
	for _, e := range evs {
		if e.Type == "landing" && e.Visible("bandits") {
			landed = append(landed, e.Unit)
		}
		if e.Type == "drop" && e.Turn != 1 {
			t.Errorf("%s drops in turn %d, want 1 (000 line 2639)", e.Unit, e.Turn)
		}
	}
	slices.Sort(landed)
	if !slices.Equal(landed, []string{"A6", "A7"}) {
		t.Errorf("landing rolls for %v, want A6 and A7, in public", landed)
	}
}

// Ensure the AI's drop at contact keeps off its own side's mines, which
// would go off under the 'Mech coming down (rulings DR8, M13, AIX1), and
// takes no account of the enemy's, which it cannot know.
func TestCampaignDropAtContactMines(t *testing.T) {
	aims := func(tb testing.TB, side string, mined map[string]bool) map[string]string {
		tb.Helper()
		c, b := drpContact(tb)
		if len(mined) > 0 {
			sd := c.Battle(b.ID).State.Side(side)
			sd.Mines = map[hex.Hex]int{}
			for h := range mined {
				sd.Mines[hex.MustParse(h)] = 10
			}
		}
		n, _, err := AutoDeploy(c, b.ID, "crucis", btlDice(tb, "1"))
		n = btlMust(tb, n, err)
		out := map[string]string{}
		for _, id := range []string{"A6", "A7"} {
			out[id] = n.Battle(b.ID).State.Unit(id).DropAt.String()
		}
		return out
	}
	plain := aims(t, "crucis", nil)
	mined := map[string]bool{}
	for _, h := range plain {
		mined[h] = true
	}
	t.Run("OwnMines", func(t *testing.T) {
		for id, h := range aims(t, "crucis", mined) {
			if mined[h] {
				t.Errorf("%s drops onto its own side's mines at %s", id, h)
			}
		}
	})
	t.Run("EnemyMines", func(t *testing.T) {
		if got := aims(t, "bandits", mined); !maps.Equal(got, plain) {
			t.Errorf("the enemy's mines moved the drops: %v, without them %v", got, plain)
		}
	})
}

// Ensure a battlegroup in orbit drops into a battle in progress in its
// side's sector (000 line 2641; ruling DR25): the drop is public, its
// lances join the battle waiting in orbit, no hex is told to the enemy,
// and each comes down under the drop rules in a later movement phase of
// its side, when declared; a drop where the side fights no battle is
// refused with the reason.
func TestCampaignDropIntoBattle(t *testing.T) {
	c, b := btlContact(t)
	orbit := btlGroup(t, c, "crucis", 0, "A8")
	c.Side("crucis").Unit("A8").DropReady = true
	c = btlDeployAll(t, c, b.ID)
	if _, _, err := GiveOrder(c, "crucis", Order{Kind: OrderDrop, Battlegroup: orbit.ID, Sectors: []int{5}}); err == nil || !strings.Contains(err.Error(), "fights no battle in sector 5") {
		t.Errorf("drop into a sector with no battle: %v", err)
	}
	n, cevs, err := GiveOrder(c, "crucis", Order{Kind: OrderDrop, Battlegroup: orbit.ID, Sectors: []int{6}})
	n = btlMust(t, n, err)
	var public bool
	for _, e := range cevs {
		public = public || e.Type == "drop" && e.For("bandits") && e.Battle == b.ID
		if e.For("bandits") && strings.Contains(e.Text, "A8") {
			t.Errorf("the bandits learn which lance drops: %q", e.Text)
		}
	}
	if !public {
		t.Errorf("the drop into battle %d is not public: %+v", b.ID, cevs)
	}
	st := n.Battle(b.ID).State
	if u := st.Unit("A8"); u == nil || !u.Drop || u.Status != referee.Reserve || u.DropTurn != 0 {
		t.Fatalf("A8 in the battle: %+v, want waiting in orbit", u)
	}
	if bg := n.Side("crucis").Battlegroup(orbit.ID); bg.Sector != 6 || !slices.Contains(n.Battle(b.ID).Sides[0].Battlegroups, orbit.ID) {
		t.Errorf("battlegroup %d in sector %d, in the battle %v", orbit.ID, bg.Sector, n.Battle(b.ID).Sides[0].Battlegroups)
	}
	if st.View("bandits").Unit("A8") != nil {
		t.Error("the bandits see A8 in orbit")
	}
	// Crucis moves first: it declares A8's drop, which lands when its
	// movement phase ends.
	drops := slices.DeleteFunc(referee.ValidActions(st, "A8"), func(a referee.Action) bool { return a.Kind != referee.ActDrop })
	if len(drops) == 0 {
		t.Fatal("A8 is offered no drop")
	}
	n, evs, err := BattleAct(n, b.ID, "crucis", drops[len(drops)/2], btlDice(t, "1"))
	n = btlMust(t, n, err)
	for _, e := range evs {
		if e.Visible("bandits") {
			t.Errorf("the bandits hear of the declared drop: %+v", e)
		}
	}
	n, evs, err = BattleAct(n, b.ID, "crucis", referee.Action{Kind: referee.ActEnd}, dice.New(dice.NewSeeded(2)))
	n = btlMust(t, n, err)
	if u := n.Battle(b.ID).State.Unit("A8"); u.Status != referee.Active && u.Status != referee.Destroyed {
		t.Errorf("A8 after its side's movement phase: %v", u.Status)
	}
	if !slices.ContainsFunc(evs, func(e referee.Event) bool { return e.Type == "landing" && e.Unit == "A8" }) {
		t.Error("A8 made no landing roll (000 line 751)")
	}
}

// Ensure the AI drops its 'Mechs in orbit into a battle its side fights,
// the one where it has the most units engaged, and only while battles
// are fought (ruling DR25).
func TestAIBattleDrops(t *testing.T) {
	c, b := btlContact(t)
	orbit := btlGroup(t, c, "crucis", 0, "A8")
	c.Side("crucis").Unit("A8").DropReady = true
	got := AIBattleDrops(c, "crucis")
	if len(got) != 1 || got[0].Kind != OrderDrop || got[0].Battlegroup != orbit.ID || !slices.Equal(got[0].Sectors, []int{b.Sector}) {
		t.Fatalf("AIBattleDrops = %+v, want battlegroup %d into sector %d", got, orbit.ID, b.Sector)
	}
	if got := AIBattleDrops(c, "bandits"); got != nil {
		t.Errorf("the bandits, with nothing in orbit, drop %+v", got)
	}
	n, _, err := GiveOrder(c, "crucis", got[0])
	n = btlMust(t, n, err)
	if again := AIBattleDrops(n, "crucis"); again != nil {
		t.Errorf("after the drop the AI drops again: %+v", again)
	}
	// With a second battle where crucis has more units engaged, the
	// drop goes there.
	big := btlGroup(t, c, "crucis", 7, "A10", "A11", "A12")
	small := btlGroup(t, c, "bandits", 7, "B10")
	if err := setUpBattle(c, 7, []BattleSide{{Side: "crucis", Battlegroups: []int{big.ID}}, {Side: "bandits", Battlegroups: []int{small.ID}}}, btlDice(t, "4,5,2,3")); err != nil {
		t.Fatal(err)
	}
	if got := AIBattleDrops(c, "crucis"); len(got) != 1 || !slices.Equal(got[0].Sectors, []int{7}) {
		t.Errorf("AIBattleDrops = %+v, want a drop into sector 7, where crucis has 3 units engaged, not 2", got)
	}
	c.Phase = PhaseOrders
	if got := AIBattleDrops(c, "crucis"); got != nil {
		t.Errorf("AIBattleDrops while orders are open = %+v", got)
	}
}
