package campaign

import (
	"os"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure a campaign between regiments read from files (one bought with
// purchase points, one an exported roster read back) on a strategic map
// read from a file plays like one between the built-in regiments: the AI
// orders both sides for several turns, every battle is fought with the
// setup tables and 004's morale table on, and Check holds after every
// step. The bought regiment's hidden infantry, mines and DropShip are
// all in play.
func TestFileRegimentsCampaign(t *testing.T) {
	guard, err := forces.ReadRegimentChecked(tdRead(t, "regiments/example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	bandits, err := forces.BuiltIn("bandits")
	if err != nil {
		t.Fatal(err)
	}
	if bandits, err = forces.ReadRegimentChecked(forces.WriteRegiment(bandits)); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../mapgen/testdata/strategic_example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := mapgen.ReadStrategic(data)
	if err != nil {
		t.Fatal(err)
	}
	// The file's objectives all lie in the Bandits' half or between the
	// ends; one in sector 4, in the Guard's end where its RBG stands,
	// gives both sides a home objective, so that neither meets the
	// campaign objectives (ruling CB14) without a fight, nor before the
	// several turns this test plays.
	m.ByID(4).Objectives = []mapgen.Objective{{Kind: mapgen.City, Name: "Caerleon", VP: 150}}
	st := DefaultSettings()
	st.MapCols, st.MapRows, st.MapSeed = m.Cols, m.Rows, 0
	st.BattleTurnLimit = 4
	st.MoraleTable = true
	c, err := New(1, "files", st, m, []forces.Regiment{guard, bandits})
	if err != nil {
		t.Fatal(err)
	}
	g := c.Side("harlech-guard")
	if g.Mines != 10 || !bandits.Mercenary || !c.Side("bandits").Mercenary {
		t.Fatalf("the files' special purchases did not reach the sides: mines %d, bandits mercenary %v/%v", g.Mines, bandits.Mercenary, c.Side("bandits").Mercenary)
	}
	hidden, dropships := 0, 0
	for _, u := range g.Units {
		if u.Hidden {
			hidden++
		}
		if u.Lance.Class.Kind() == referee.KindDropShip {
			dropships++
		}
	}
	if hidden != 1 || dropships != 1 {
		t.Errorf("%d hidden counters and %d DropShips, want the Guard Platoon and the Cardiff", hidden, dropships)
	}
	if c, err = Start(c, nil); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, c)
	d := dice.New(dice.NewSeeded(11))
	battles := 0
	for turn := 0; turn < 6 && c.Phase == PhaseOrders; turn++ {
		for i, s := range c.Sides {
			for _, o := range AIOrders(c, s.ID, uint64(100+turn*2+i)) {
				n, _, err := GiveOrder(c, s.ID, o)
				if err != nil {
					t.Fatalf("turn %d: %s's AI order %+v refused: %v", c.Turn, s.ID, o, err)
				}
				c = n
			}
		}
		n, _, err := ResolveTurn(c, d)
		if err != nil {
			t.Fatalf("turn %d: %v", c.Turn, err)
		}
		mustCheck(t, n)
		c = n
		for len(Unfought(c)) > 0 {
			id := Unfought(c)[0]
			n, _, err := AutoResolveBattle(c, id, d, 5)
			if err != nil {
				t.Fatalf("battle %d: %v", id, err)
			}
			mustCheck(t, n)
			c = n
			battles++
		}
		if n, _, err = Advance(c, d); err != nil {
			t.Fatalf("turn %d upkeep: %v", c.Turn, err)
		}
		mustCheck(t, n)
		c = n
	}
	t.Logf("turn %d, %d battles, phase %s", c.Turn, battles, c.Phase)
	if c.Turn < 3 || battles == 0 {
		t.Errorf("the campaign reached turn %d with %d battles; want several turns with battles", c.Turn, battles)
	}
}
