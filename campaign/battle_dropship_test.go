package campaign

import (
	"slices"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Line numbers below are of book 000, BattleForce (docs/sources.md).

// dsContact sets up a battle in sector 6 between crucis A6, A7 (entered
// from sector 5) and the bandits' RBG, standing there with its trucks
// and a Leopard DropShip (the Cardiff of the example regiment file);
// crucis wins the initiative 9 to 5. It returns the DropShip's ID.
func dsContact(tb testing.TB) (*Campaign, *Battle, string) {
	tb.Helper()
	return dsContactIn(tb, btlCampaign(tb))
}

// dsContactIn is dsContact on campaign c.
func dsContactIn(tb testing.TB, c *Campaign) (*Campaign, *Battle, string) {
	tb.Helper()
	guard, err := forces.ReadRegimentChecked(tdRead(tb, "regiments/example.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	ban := c.Side("bandits")
	rbg := ban.RBG()
	rbg.Sector = 6
	id := c.newUnitID(ban)
	ban.Units = append(ban.Units, Unit{ID: id, Lance: guard.RBG.DropShips[0].Lance, Status: UnitActive, Battlegroup: rbg.ID})
	rbg.Units = append(rbg.Units, id)
	a := btlGroup(tb, c, "crucis", 6, "A6", "A7")
	a.Moved, a.From = true, 5
	return c, btlSetUp(tb, c, a.ID, rbg.ID), id
}

// Ensure the RBG's DropShip deploys at contact (ruling DR22): landed, in
// the RBG's zone, alone on open ground at level 0 (000 lines 630, 1214),
// and that it may be attacked (000 lines 1263–1269).
func TestRBGDropShipDeploys(t *testing.T) {
	c, b, ds := dsContact(t)
	c = btlDeployAll(t, c, b.ID)
	st := c.Battle(b.ID).State
	u := st.Unit(ds)
	if u.Status != referee.Active {
		t.Fatalf("DropShip %s is %v after deployment, want on the map", ds, u.Status)
	}
	if z := st.Campaign.Zones[ds]; !z.Contains(st.Map, u.Hex) {
		t.Errorf("DropShip %s at %s, outside the RBG's zone %v", ds, u.Hex, z)
	}
	if cell := st.Cell(u.Hex); cell.Terrain != mapgen.Open || cell.Elevation != 0 {
		t.Errorf("DropShip %s stands on %v at level %d", ds, cell.Terrain, cell.Elevation)
	}
	if n := len(st.UnitsAt(u.Hex, true)); n != 1 {
		t.Errorf("%d units share the DropShip's hex", n)
	}
	// A6 comes beside the DropShip and may fire at it.
	btlSetState(c, b.ID, func(st *referee.State) {
		a6 := st.Unit("A6")
		for _, h := range st.Map.Neighbors(st.Unit(ds).Hex) {
			if st.Cell(h).Terrain == mapgen.Open && len(st.UnitsAt(h, true)) == 0 {
				a6.Hex, a6.StartHex = h, h
				break
			}
		}
	})
	n, _, err := BattleAct(c, b.ID, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1"))
	n = btlMust(t, n, err)
	attack := referee.Action{Kind: referee.ActAttack, Side: "crucis", Unit: "A6", Target: ds, Mode: referee.Ranged}
	if !slices.ContainsFunc(referee.ValidActions(n.Battle(b.ID).State, "A6"), func(a referee.Action) bool {
		return a.Kind == referee.ActAttack && a.Target == ds
	}) {
		t.Fatalf("A6 beside DropShip %s may not attack it", ds)
	}
	n, evs, err := BattleAct(n, b.ID, "crucis", attack, dice.New(dice.NewSeeded(3)))
	n = btlMust(t, n, err)
	if !slices.ContainsFunc(evs, func(e referee.Event) bool { return e.Type == "attack" && e.Target == ds }) {
		t.Errorf("A6's attack on %s made no attack event: %+v", ds, evs)
	}
	mustCheck(t, n)
}

// Ensure an RBG whose DropShip is destroyed, or flew off into space, and
// whose other units are gone is eliminated: the enemy scores 200 VP once
// at the next upkeep (000 lines 2547, 2703; rulings CB12, DR23), and a
// DropShip that lifted off has left the campaign.
func TestRBGDropShipElimination(t *testing.T) {
	for _, tc := range []struct {
		name string
		ship referee.Status
		want UnitStatus
	}{
		{"destroyed", referee.Destroyed, UnitDestroyed},
		{"lifted off", referee.Withdrawn, UnitLeft},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, b, ds := dsContact(t)
			rbg := c.Side("bandits").RBG().Units
			n := btlEnd(t, c, b.ID, "1", func(st *referee.State) {
				for _, id := range rbg {
					if u := st.Unit(id); id == ds {
						u.Status = tc.ship
					} else {
						u.Status, u.Step = referee.Destroyed, u.Class.Info().Steps
					}
				}
			})
			ban := n.Side("bandits")
			if u := ban.Unit(ds); u.Status != tc.want || u.Battlegroup != 0 {
				t.Errorf("DropShip %s is %s in battlegroup %d, want %s", ds, u.Status, u.Battlegroup, tc.want)
			}
			if ban.RBG() != nil {
				t.Fatal("the bandits' RBG is still on the worksheet")
			}
			before := n.Side("crucis").VP
			n = n.Clone()
			n.scoreVictoryPoints()
			if got := n.Side("crucis").VP - before; got != RBGEliminatedVP {
				t.Errorf("crucis scores %d for the RBG, want %d (000 line 2703)", got, RBGEliminatedVP)
			}
		})
	}
}

// Ensure a DropShip whose zone has no open ground at level 0 left (here
// earlier battles' rubble covers the RBG's edge) is still in orbit at the
// contact and lands later, by the landing rules (000 lines 1201, 1214;
// ruling DR22), so the battle can start.
func TestRBGDropShipNoRoom(t *testing.T) {
	c := btlCampaign(t)
	m, err := c.sectorMap(6)
	if err != nil {
		t.Fatal(err)
	}
	ss := c.Sectors[6]
	for _, h := range m.Hexes() {
		if (referee.Zone{Edge: referee.East, Depth: referee.CampaignZoneDepth}).Contains(m, h) {
			ss.Rubble = append(ss.Rubble, h)
		}
	}
	if c.Sectors == nil {
		c.Sectors = map[int]SectorState{}
	}
	c.Sectors[6] = ss
	// Trucks may not stand in rubble: this RBG has lost them.
	ban := c.Side("bandits")
	for _, id := range slices.Clone(ban.RBG().Units) {
		if u := ban.Unit(id); u.Lance.Class == referee.Truck {
			c.loseUnit(ban, u, UnitDestroyed)
		}
	}
	c, b, ds := dsContactIn(t, c)
	if z := b.State.Campaign.Zones[ds]; z.Edge != referee.East {
		t.Fatalf("the RBG deploys %v, want by the east edge", z)
	}
	if u := b.State.Unit(ds); !u.Drop || u.Status != referee.Reserve {
		t.Fatalf("DropShip %s with no room: drop %v, %v; want in orbit", ds, u.Drop, u.Status)
	}
	c = btlDeployAll(t, c, b.ID)
	if u := c.Battle(b.ID).State.Unit(ds); u.Status != referee.Reserve {
		t.Errorf("DropShip %s is %v after deployment, want still in orbit", ds, u.Status)
	}
}
