package referee

import (
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
)

// Line numbers below are of book 000, BattleForce (docs/sources.md).

// Ensure a DropShip deployed before the battle stands alone on open
// ground at level 0 (000 lines 630, 1214; ruling DR22): no other unit may
// deploy into its hex, it may not deploy onto another unit or off open
// level ground, ValidActions offers it only such hexes, and the battle
// does not start until it stands on the map. Stacking a unit with it was
// accepted and broke the state's invariants (an internal error).
func TestDeployDropShip(t *testing.T) {
	s := cbPosition(t, PhaseDeploy, `cell 0707 light-woods; cell 0808 open level=1
		unit A1 lancers medium-mech regular 8/8/8 @0505 r=3 mp=4 ob=10
		unit B1 bandits medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10
		unit D1 lancers union regular 13/0/7,13/0/7,13/0/7,13/0/7 reserve r=6`)
	if _, _, err := Start(s); err == nil || !strings.Contains(err.Error(), "D1 has not been deployed") {
		t.Errorf("Start with D1 in reserve: %v", err)
	}
	cbRefuse(t, s, "lancers", "deploy D1 0707", "open ground at level 0 (BattleForce p. 30, Movement)")
	cbRefuse(t, s, "lancers", "deploy D1 0808", "open ground at level 0")
	for _, a := range ValidActions(s, "D1") {
		if c := s.Cell(a.To); a.Kind == ActDeploy && (c.Terrain != mapgen.Open || c.Elevation != 0) {
			t.Errorf("D1 offered %s, %v at level %d", a.To, c.Terrain, c.Elevation)
		}
	}
	s, _ = cbDo(t, s, "lancers", "deploy D1 0606")
	cbRefuse(t, s, "lancers", "deploy A1 0606", "DropShip D1 stands there (BattleForce p. 12, Stacking)")
	cbRefuse(t, s, "lancers", "deploy D1 0505", "no unit may share a DropShip's hex")
	s, _ = cbDo(t, s, "lancers", "deploy D1 0909")
	if u := s.Unit("D1"); u.Status != Active || u.Hex != h("0909") {
		t.Errorf("D1 redeployed: %v at %s", u.Status, u.Hex)
	}
	if _, _, err := Start(s); err != nil {
		t.Errorf("Start: %v", err)
	}
}

// Ensure a battlegroup that dropped into a campaign sector (000 line
// 2639; ruling DR21): its lances declare their drop hexes in secret
// before the battle starts (deploy UNIT HEX), the battle does not start
// until each has one, the enemy hears and sees nothing of them, and they
// come down in turn 1 under the drop rules: fire as they land, the
// landing roll with its modifiers (000 lines 741–765).
func TestDeployDropAtStart(t *testing.T) {
	s := mustPosition(t, `map blank 32x17; turn 0 deploy lancers
		side lancers name="7th Crucis Lancers"; side bandits name="Moore's Bandits"
		unit A1 lancers heavy-mech elite 16/16/10 reserve drop r=3 mp=4 ob=20
		unit A2 lancers medium-mech green 10/10/8 reserve drop r=3 mp=4 ob=13
		unit B1 bandits medium-mech regular 8/8/8 reserve @1408 r=3 mp=4 ob=10
		campaign zone=A1:none:0:drop zone=A2:none:0:drop zone=B1:east:32`)
	if !strings.Contains(s.Campaign.Zones["A1"].String(), "drop") {
		t.Errorf("zone text %q", s.Campaign.Zones["A1"])
	}
	s, ev := cbDo(t, s, "lancers", "deploy A1 1407")
	if u := s.Unit("A1"); u.Status != Reserve || u.DropAt != h("1407") || u.DropTurn != 1 {
		t.Errorf("A1 after deploy: %v, drop at %s in turn %d", u.Status, u.DropAt, u.DropTurn)
	}
	if len(EventsFor(ev, "bandits")) != 0 {
		t.Errorf("the bandits hear of the drop hex: %+v", EventsFor(ev, "bandits"))
	}
	cbRefuse(t, s, "lancers", "deploy A2 4010", "hex 4010 is not on the map")
	if _, _, err := Start(s); err == nil || !strings.Contains(err.Error(), "A2 drops in turn 1 and has no drop hex yet") {
		t.Errorf("Start before A2 declared: %v", err)
	}
	// The enemy's deployment is secret: B1 in 1408 does not count
	// against the dropping side's choice.
	s, _ = cbDo(t, s, "bandits", "deploy B1 1408")
	s, _ = cbDo(t, s, "lancers", "deploy A2 1408")
	s, _ = cbDo(t, s, "lancers", "deploy A2 1410")
	if !slices.ContainsFunc(ValidActions(s, "A2"), func(a Action) bool { return a.To == h("1408") }) {
		t.Error("A2 is not offered 1408, which only the enemy holds")
	}
	s, _, err := Start(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"bandits"} {
		v := s.View(side)
		if v.Unit("A1") != nil || v.Unit("A2") != nil {
			t.Errorf("%s sees the lances in orbit", side)
		}
	}
	// Turn 1: the lancers move first; the drops land as their movement
	// phase ends, A1 first. B1 beside 1407 fires (−4 adjacent, 000 line
	// 741) and misses, then A1 rolls to land: 5 −2 Elite = 3 (DR2); A2 rolls 5 +1
	// Green = 6 and lands hard on a 4: a step, the Failed Landing Table
	// (7: scatter 2), the scatter's direction, a Disruption Roll.
	s, ev = drpDo(t, s, "lancers", "end", drpTwo(drpRollFor(t, Column(8, 10, DropAdjacentShift), "")), drpTwo(3), drpTwo(4), drpTwo(7), drpOne(1), drpTwo(9))
	if u := s.Unit("A1"); u.Status != Active || u.Hex != h("1407") {
		t.Errorf("A1 %v at %s, want landed at 1407", u.Status, u.Hex)
	}
	var fired, landings int
	for _, e := range ev {
		if e.Type == "attack" && e.Attacker == "B1" && e.Target == "A1" {
			fired++
		}
		if e.Type == "landing" {
			landings++
		}
	}
	if fired != 1 || landings != 2 {
		t.Errorf("B1 fired %d times at A1, %d landings; want 1 and 2", fired, landings)
	}
	if u := s.Unit("A2"); !u.HardLanding || u.Step != 1 {
		t.Errorf("A2 after a hard landing: step %d, hard %v", u.Step, u.HardLanding)
	}
}

// Ensure a unit kept in orbit for a later drop (not one dropping at the
// start) is not deployed: it drops in its movement phase (000 line 735).
func TestDeployKeptInOrbit(t *testing.T) {
	s := cbPosition(t, PhaseDeploy, `
		unit A1 lancers heavy-mech elite 16/16/10 reserve drop r=3 mp=4 ob=20
		unit B1 bandits medium-mech regular 8/8/8 @1408 r=3 mp=4 ob=10`)
	cbRefuse(t, s, "lancers", "deploy A1 1010", "drops with drop UNIT HEX (/battle drop) in your movement phase")
	if got := ValidActions(s, "A1"); len(got) != 0 {
		t.Errorf("A1 in orbit offered %v before the battle", got)
	}
}
