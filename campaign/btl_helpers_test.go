package campaign

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// btlCampaign is a started campaign in its battles phase.
func btlCampaign(tb testing.TB) *Campaign {
	tb.Helper()
	c, err := Start(mustNewCampaign(tb), nil)
	if err != nil {
		tb.Fatal(err)
	}
	c.Phase = PhaseBattles
	// The battle tests script exact dice for contact; 004's setup tables
	// would roll more (their own tests: wst_*_test.go, setup_*_test.go).
	c.Settings.SetupTables = false
	mustCheck(tb, c)
	return c
}

// btlGroup forms a new battlegroup of side in sector from the given
// units, taken out of their battlegroups (emptied ones are struck off),
// as the worksheet's divide and combine would (000 line 2579).
func btlGroup(tb testing.TB, c *Campaign, side string, sector int, units ...string) *Battlegroup {
	tb.Helper()
	s := c.Side(side)
	bg := s.newBattlegroup("test group", sector)
	for _, id := range units {
		u := s.Unit(id)
		if u == nil {
			tb.Fatalf("no unit %s", id)
		}
		if old := s.Battlegroup(u.Battlegroup); old != nil {
			old.Units = slices.DeleteFunc(old.Units, func(x string) bool { return x == id })
		}
		u.Battlegroup = bg.ID
		bg.Units = append(bg.Units, id)
	}
	s.Battlegroups = append(s.Battlegroups, bg)
	c.pruneBattlegroups()
	return s.Battlegroup(bg.ID)
}

// btlDice gives scripted faces ("3,4,6").
func btlDice(tb testing.TB, faces string) *dice.Dice {
	tb.Helper()
	s, err := dice.ParseFaces(faces)
	if err != nil {
		tb.Fatal(err)
	}
	return dice.New(s)
}

// btlContact sets up a battle in sector 6 (Strand Gap, a 64×17 map)
// between crucis A6, A7 (entered from sector 5, to the west) and bandits
// B8, B9 (did not move), crucis winning the initiative 9 to 5.
func btlContact(tb testing.TB) (*Campaign, *Battle) {
	tb.Helper()
	c := btlCampaign(tb)
	a := btlGroup(tb, c, "crucis", 6, "A6", "A7")
	a.Moved, a.From = true, 5
	b := btlGroup(tb, c, "bandits", 6, "B8", "B9")
	return c, btlSetUp(tb, c, a.ID, b.ID)
}

// btlSetUp sets up the battle in sector 6 between crucis battlegroup a
// and bandits battlegroup b, both standing there, crucis winning the
// initiative 9 to 5.
func btlSetUp(tb testing.TB, c *Campaign, a, b int) *Battle {
	tb.Helper()
	mustCheck(tb, c)
	if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a}}, {Side: "bandits", Battlegroups: []int{b}}}, btlDice(tb, "4,5,2,3")); err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, c)
	return &c.Battles[len(c.Battles)-1]
}

// btlMust fails the test on an error and checks the campaign.
func btlMust(tb testing.TB, c *Campaign, err error) *Campaign {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, c)
	return c
}

// btlDeployAll deploys both sides of a battle with the AI helper (which
// starts the battle).
func btlDeployAll(tb testing.TB, c *Campaign, battle int) *Campaign {
	tb.Helper()
	for _, side := range SetupOrder(c.Battle(battle).State) {
		n, _, err := AutoDeploy(c, battle, side, btlDice(tb, "1"))
		c = btlMust(tb, n, err)
	}
	if got := c.Battle(battle).State.Phase; got != referee.PhaseMovement {
		tb.Fatalf("after deployment the battle is in phase %v, want movement", got)
	}
	return c
}

// tdRead reads a file of the forces package's test data (design, .mtf
// and regiment files).
func tdRead(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile("forces/testdata/" + path)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// btlReload writes c as JSON and reads it back, the tactical maps
// restored, as the store does; the result passes the checks.
func btlReload(tb testing.TB, c *Campaign) *Campaign {
	tb.Helper()
	data, err := json.Marshal(c)
	if err != nil {
		tb.Fatal(err)
	}
	var back Campaign
	if err := json.Unmarshal(data, &back); err != nil {
		tb.Fatal(err)
	}
	if err := back.Restore(); err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, &back)
	return &back
}
