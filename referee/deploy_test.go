package referee

import (
	"strings"
	"testing"
)

// Ensure a unit deployed before the battle starts may be deployed again
// elsewhere (ruling DP1), that the new hex is checked as the first was,
// and that the enemy hears of neither.
func TestRedeploy(t *testing.T) {
	s := cbPosition(t, PhaseDeploy, `
		unit A1 lancers medium-mech regular 8/8/8 reserve r=3 mp=4 ob=10
		unit A2 lancers medium-mech regular 8/8/8 @0606 r=3 mp=4 ob=10
		unit A3 lancers medium-mech regular 8/8/8 @0606 r=3 mp=4 ob=10
		unit B1 bandits medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10`)
	s, _ = cbDo(t, s, "lancers", "deploy A1 0505")
	s, ev := cbDo(t, s, "lancers", "deploy A1 0707")
	if u := s.Unit("A1"); u.Status != Active || u.Hex != h("0707") || u.StartHex != h("0707") {
		t.Errorf("A1 %v at %s (start %s), want active at 0707", u.Status, u.Hex, u.StartHex)
	}
	if len(ev) != 1 || ev[0].From == nil || *ev[0].From != h("0505") || ev[0].Visible("bandits") || !strings.Contains(ev[0].Text, "again") {
		t.Errorf("redeploy events %+v: want one, from 0505, for the lancers only", ev)
	}
	cbRefuse(t, s, "lancers", "deploy A1 0707", "already stands in 0707")
	cbRefuse(t, s, "lancers", "deploy A1 0606", "no more than 2")
	cbRefuse(t, s, "bandits", "deploy A1 0808", "you have no unit A1")
}

// Ensure only one infantry unit is hidden in a hex (000 line 1055): a
// second hidden platoon may not deploy there, nor be offered the hex by
// ValidActions (the AI's deployment), a visible unit may, and a state
// with two is broken.
func TestOneHiddenInfantryPerHex(t *testing.T) {
	s := cbPosition(t, PhaseDeploy, `
		unit A1 lancers medium-mech regular 8/8/8 @0505 r=3 mp=4 ob=10
		unit B1 bandits infantry regular 4/4/4 @1010 r=1 mp=4 hidden
		unit B2 bandits infantry regular 4/4/4 reserve r=1 mp=4 hidden
		unit B3 bandits infantry regular 4/4/4 reserve r=1 mp=4`)
	cbRefuse(t, s, "bandits", "deploy B2 1010", "a hex holds at most one hidden infantry unit (BattleForce p. 24, Special Combat Rules)")
	cbDo(t, s, "bandits", "deploy B3 1010")
	// The AI's deployment (campaign AutoDeploy) picks from ValidActions.
	offered := func(id string) bool {
		for _, a := range ValidActions(s, id) {
			if a.Kind == ActDeploy && a.To == h("1010") {
				return true
			}
		}
		return false
	}
	if offered("B2") || !offered("B3") {
		t.Errorf("1010 offered to hidden B2 %v, to visible B3 %v; want only B3", offered("B2"), offered("B3"))
	}
	s, _ = cbDo(t, s, "bandits", "deploy B2 1011")
	bad := s.Clone()
	bad.Unit("B2").Hex = h("1010")
	if errs := bad.Check(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "both hidden in 1010") {
		t.Errorf("Check with two hidden platoons in 1010: %v", errs)
	}
}
