package referee

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// applyUnchanged is Apply, failing the test if the action changed the
// state it was applied to in any way (a deep comparison with a copy taken
// before), accepted or refused. States share the units an action does not
// change (State.own), so a unit written in place would show here.
func applyUnchanged(t *testing.T, s *State, a Action, d *dice.Dice) (*State, []Event, error) {
	t.Helper()
	before := s.Clone()
	if s.Known == nil {
		before.Known = nil // Clone makes an empty map of none
	}
	next, events, err := Apply(s, a, d)
	if !reflect.DeepEqual(s, before) {
		t.Fatalf("%s %v (error %v) changed the state it was applied to:\n%s", a.Side, a, err, firstStateDiff(before, s))
	}
	if next != s && next.building != nil {
		t.Fatalf("%s %v returned a state still being built", a.Side, a)
	}
	return next, events, err
}

// firstStateDiff names the first unit or field of s that differs from
// want.
func firstStateDiff(want, s *State) string {
	for i := range min(len(want.Units), len(s.Units)) {
		if !reflect.DeepEqual(want.Units[i], s.Units[i]) {
			return fmt.Sprintf("unit %s: was %+v, now %+v", want.Units[i].ID, *want.Units[i], *s.Units[i])
		}
	}
	w, g := reflect.ValueOf(want).Elem(), reflect.ValueOf(s).Elem()
	for i := range w.NumField() {
		if f := w.Type().Field(i); f.IsExported() && !reflect.DeepEqual(w.Field(i).Interface(), g.Field(i).Interface()) {
			return fmt.Sprintf("%s: was %+v, now %+v", f.Name, w.Field(i).Interface(), g.Field(i).Interface())
		}
	}
	return "an unexported field"
}

// Ensure applying an action never changes the state it was applied to,
// for every kind of action, accepted or refused: random battles with
// ground and air units, 'Mech drops and DropShips are played to their end
// from the deployment on, every action offered checked, and after each
// one an action of a random kind for a random unit of the side (mostly
// refused, some accepted) checked too. Every kind must have been accepted
// at least once.
func TestApplyLeavesItsStateUnchanged(t *testing.T) {
	seed := uint64(20261127)
	battles := 16
	if testing.Short() {
		battles = 4
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	d := dice.New(dice.NewSeeded(seed))
	accepted := map[ActionKind]int{}
	try := func(s *State, a Action) *State {
		next, _, err := applyUnchanged(t, s, a, d)
		if err != nil {
			return s
		}
		accepted[a.Kind]++
		if errs := next.Check(); len(errs) > 0 {
			t.Fatalf("after %s %v: %v", a.Side, a, errs)
		}
		return next
	}
	// Deployment: every unit in reserve, placed by the actions offered.
	for range battles {
		s := cbPosition(t, PhaseDeploy, `
			unit A1 lancers medium-mech regular 8/8/8 reserve r=3 mp=4 ob=10
			unit A2 lancers infantry regular 4/4/4 reserve r=1 mp=2 hidden
			unit B1 bandits heavy-mech regular 10/12/8 reserve r=3 mp=4 ob=13
			unit B2 bandits light-air regular 6/0/4 reserve r=2 mp=8`)
		for s.Phase == PhaseDeploy {
			var options []Action
			for _, u := range s.Units {
				options = append(options, ValidActions(s, u.ID)...)
			}
			if len(options) == 0 {
				break
			}
			s = try(s, options[rng.IntN(len(options))])
		}
	}
	for b := range battles {
		s := rpBattle(t, rng)
		rpAirUnits(rng, s)
		drpRandomArrivals(rng, s)
		for s.Phase != PhaseOver && s.Turn <= 30 {
			side := s.PhasingSide().ID
			if u := s.Units[rng.IntN(len(s.Units))]; u.Side == side {
				h := hex.Hex{X: rng.IntN(s.Map.Width), Y: rng.IntN(s.Map.Height)}
				target := s.Units[rng.IntN(len(s.Units))].ID
				a := Action{Kind: ActionKind(rng.IntN(int(numActions))), Side: side, Unit: u.ID, To: h, Target: target}
				if a.Kind != ActSurrender && a.Kind != ActRetreat && a.Kind != ActEnd {
					s = try(s, a)
				}
			}
			if s.Phase == PhaseOver || s.PhasingSide().ID != side {
				continue
			}
			var options []Action
			for _, u := range s.Units {
				if u.Side == side {
					options = append(options, ValidActions(s, u.ID)...)
				}
			}
			for _, a := range ValidSideActions(s, side) {
				if a.Kind != ActSurrender && a.Kind != ActTruce || rng.IntN(50) == 0 {
					options = append(options, a)
				}
			}
			a := Action{Kind: ActEnd, Side: side}
			if len(options) > 0 && (airUnmoved(s) != nil || rng.IntN(6) > 0) {
				a = options[rng.IntN(len(options))]
			}
			next := try(s, a)
			if next == s && s.Phase != PhaseOver && s.waitError(side) == nil {
				t.Fatalf("battle %d turn %d: %s %v was offered but refused", b, s.Turn, side, a)
			}
			s = next
		}
	}
	// Kinds random play seldom reaches: a pickup, a bomb load and a
	// strafe, an embark, a rally (the positions of TestPickup,
	// TestAirAttackRules, TestDropShipEmbarkDebark and TestRally).
	pickup := vcBattle(t, `
		unit A1 lancers truck regular 0/0/4 @1010 r=3 mp=4
		unit B1 bandits medium-mech regular 10/12/8 @2505 r=3 mp=4 ob=13`)
	pickup.Salvage = map[hex.Hex]int{hex.MustParse("1010"): 2}
	try(pickup, Action{Kind: ActPickup, Side: "lancers", Unit: "A1"})
	bomber := airUnit("A1", "lancers", LightAir, "0505", 8, 6, 6, 3, 12, Regular)
	bomber.Chits.Bomb = 10
	bomb := cbBattle(t, terrain(nil), PhaseAttack, bomber,
		cbUnit("A2", "lancers", MediumMech, "0506", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
		cbUnit("B1", "bandits", MediumMech, "0506", Values{RA: 8, CA: 8, D: 8}, 3, Regular))
	try(bomb, Action{Kind: ActBomb, Side: "lancers", Unit: "A1", To: hex.MustParse("0506")})
	try(bomb, Action{Kind: ActStrafe, Side: "lancers", Unit: "A1", To: hex.MustParse("0506")})
	embark := cbBattle(t, terrain(nil), PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"),
		cbUnit("A1", "lancers", MediumMech, drpNear("1010", hex.N, 1), Values{RA: 10, CA: 10, D: 8}, 3, Regular),
		cbUnit("B9", "bandits", LightMech, "3016", Values{RA: 6, CA: 6, D: 6}, 3, Regular))
	embark.Unit("A1").MPLeft = 4
	try(embark, Action{Kind: ActEmbark, Side: "lancers", Unit: "A1", Target: "D1"})
	broken := scnUnit("A2", "lancers", MediumMech, "0505", 10, 12, 8)
	broken.Status = Broken
	rally := vcBattle(t, "", scnUnit("A1", "lancers", HeavyMech, "0808", 13, 16, 10), broken,
		scnUnit("B1", "bandits", MediumMech, "2505", 10, 12, 8))
	try(rally, Action{Kind: ActRally, Side: "lancers", Unit: "A2", To: hex.MustParse("0809")})
	t.Logf("accepted: %v", accepted)
	for k := range numActions {
		if accepted[k] == 0 {
			t.Errorf("no %v action was accepted: its state was never checked (accepted %v)", k, accepted)
		}
	}
}

// rpAirUnits adds two or three air lances a side, on the map, to a
// random battle.
func rpAirUnits(rng *rand.Rand, s *State) {
	air := []Class{LightAir, MediumAir, HeavyAir}
	for _, side := range []string{"red", "blue"} {
		for i := range 2 + rng.IntN(2) {
			c := air[rng.IntN(3)]
			u := Unit{ID: fmt.Sprintf("%cA%d", side[0]-32, i+1), Side: side, Class: c, Status: Active, Experience: Experience(rng.IntN(4)),
				Rows: DeriveSteps(Values{RA: 4 + rng.IntN(12), CA: 4 + rng.IntN(10), D: 4 + rng.IntN(8)}), Range: 2 + rng.IntN(14), MP: 6 + rng.IntN(10)}
			u.Chits.Bomb = 5 * rng.IntN(airBombMax(c)/5+1)
			for range 200 {
				u.Hex = hex.Hex{X: rng.IntN(s.Map.Width), Y: rng.IntN(s.Map.Height)}
				if len(s.UnitsAt(u.Hex, true)) < StackLimit {
					break
				}
			}
			u.StartHex = u.Hex
			s.Units = append(s.Units, &u)
		}
	}
	sortUnits(s)
}
