package referee

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/referee/dice"
)

// Line numbers below are of book 000 (BattleForce); AIR ids are the air
// rulings (the report of the air-lance work).

// airUnit is an air lance at full strength: AA in the RA place, ST in the
// CA place (Q3), D, range R and MP M; two damage steps.
func airUnit(id, side string, c Class, at string, aa, st, d, r, mp int, e Experience) Unit {
	return unitOf(fmt.Sprintf("%s %s %v %v %d/%d/%d @%s name=%q r=%d mp=%d mp-left=%[11]d", id, side, c, e, aa, st, d, at, id, r, mp))
}

// airDo applies an action with dice that always roll 7, unused dice
// allowed; it fails the test on refusal or a broken invariant.
func airDo(tb testing.TB, s *State, side, text string) (*State, []Event) {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatal(err)
	}
	a.Side = side
	d, _ := cbDice(tb, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7)
	ns, events, err := Apply(s, a, d)
	if err != nil {
		tb.Fatalf("%s: %v", text, err)
	}
	cbCheck(tb, ns)
	return ns, events
}

// airAttacks returns the attack events as comparable numbers.
func airAttacks(events []Event) []cbAttack {
	var out []cbAttack
	for _, e := range cbOf(events, "attack") {
		a := cbAttackOf(e)
		a.Roll, a.Result = 0, ""
		out = append(out, a)
	}
	return out
}

// Ensure the air movement example (000 lines 1114–1116): the Heavy lance
// flies a straight line to 0911; the Light lance with a 30-point bomb load
// flies no more than 6 of its 12 hexes, to 1111; the Medium lance must fly
// at least two hexes, to 1515.
func TestAirMovementExample(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `cell 0907 heavy-woods; cell 0908 water-2
		unit A1 lancers heavy-air veteran 15/13/10 @0905 r=15 mp=10 mp-left=10
		unit A2 lancers light-air green 8/6/6 @1105 r=15 mp=12 mp-left=12 chits=bomb30
		unit A3 lancers medium-air regular 10/8/8 @1513 r=15 mp=15 mp-left=15
		unit B1 bandits light-air regular 8/6/4 @1505 r=15 mp=12 mp-left=12`)
	if got := airMP(s.Unit("A2")); got != 6 {
		t.Errorf("light lance with 30 bomb points flies %d hexes, want 12 − 6 = 6 (000 line 1110)", got)
	}
	cbRefuse(t, s, "lancers", "move A2 1112", "flies at most 6 with its 30-point bomb load")
	cbRefuse(t, s, "lancers", "move A3 1514", "must fly at least 2 hexes (BattleForce p. 26, Movement)")
	cbRefuse(t, s, "lancers", "move A1 1011", "not in line")
	cbRefuse(t, s, "lancers", "end", "must fly at least 2 hexes each turn")
	s, ev := airDo(t, s, "lancers", "move A1 0911") // over heavy woods and deep water
	if e := cbOf(ev, "move"); len(e) != 1 || !strings.Contains(e[0].Text, "A1 flies") {
		t.Errorf("move events %+v", e)
	}
	s, _ = airDo(t, s, "lancers", "move A2 1111")
	s, _ = airDo(t, s, "lancers", "move A3 1515")
	for id, want := range map[string]string{"A1": "0911", "A2": "1111", "A3": "1515"} {
		if got := s.Unit(id).Hex.String(); got != want {
			t.Errorf("%s at %s, want %s", id, got, want)
		}
	}
	cbRefuse(t, s, "lancers", "move A3 1517", "already flown this turn")
	airDo(t, s, "lancers", "end")
}

// Ensure the rules of air movement (000 lines 1095–1114; AIR1–AIR4): a
// straight line given as a path, on the map, not into a DropShip's hex nor
// a full hex; enemy units and mines do not stop it; ground units move
// first; a disrupted air lance still flies (000 line 1163); a dropped
// bomb load gives back the full MP.
func TestAirMovementRules(t *testing.T) {
	setup := func() *State {
		return mustPosition(t, `map blank 32x17; turn 1 movement lancers player=1
			side lancers; side bandits mines=0506:20
			unit A1 lancers medium-air regular 10/8/8 @0505 r=15 mp=6 mp-left=6
			unit A2 lancers medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10 mp-left=4
			unit B1 bandits medium-mech regular 8/8/8 @0507 r=3 mp=4 ob=10
			unit B2 bandits medium-mech regular 8/8/8 @0509 r=3 mp=4 ob=10
			unit B3 bandits medium-mech regular 8/8/8 @0509 r=3 mp=4 ob=10
			unit B4 bandits union regular 8/8/8 @0503 r=3`)
	}
	s := setup()
	cbRefuse(t, s, "lancers", "move A1 0509", "no more than 2 may stand")
	cbRefuse(t, s, "lancers", "move A1 0503", "DropShip B4")
	cbRefuse(t, s, "lancers", "move A1 0506 0606 0508", "straight line")
	cbRefuse(t, s, "lancers", "move A1 0518", "not on the map")
	// Over the minefield and the enemy in 0507 without stopping.
	ns, ev := cbDo(t, s, "lancers", "move A1 0506 0507 0508")
	if ns.Unit("A1").Hex != h("0508") || len(cbOf(ev, "mines")) > 0 || ns.Unit("A1").Step != 0 {
		t.Errorf("A1 at %s, step %d; events %+v", ns.Unit("A1").Hex, ns.Unit("A1").Step, ev)
	}
	cbRefuse(t, ns, "lancers", "move A2 2011", "ground units move before air units")
	// Ending in the enemy's hex is allowed (stacking 2, M6).
	cbDo(t, s, "lancers", "move A1 0507")
	// A hidden platoon beside B1 is not counted, which would tell of it:
	// the flight reveals it and falls back to 0506 (ruling M12).
	hidden := setup()
	platoon := unitOf("B5 bandits infantry veteran 3/6/5 @0507 r=1 mp=2 hidden")
	hidden.Units = append(hidden.Units, &platoon)
	ns, ev = cbDo(t, hidden, "lancers", "move A1 0507")
	if ns.Unit("A1").Hex != h("0506") || ns.Unit("B5").Hidden || cbOf(ev, "revealed") == nil {
		t.Errorf("A1 at %s, B5 hidden %t; events %+v", ns.Unit("A1").Hex, ns.Unit("B5").Hidden, ev)
	}
	// Falling back from a hex B6 and a hidden B7 fill, past 0507, where a
	// hidden platoon stands beside B1: that platoon is revealed too, as
	// landing in 0506 would otherwise tell that 0507 was full (ruling M12).
	hidden = setup()
	for _, r := range []string{"B5 bandits infantry veteran 3/6/5 @0507 r=1 mp=2 hidden",
		"B6 bandits medium-mech regular 8/8/8 @0508 r=3 mp=4 ob=10",
		"B7 bandits infantry veteran 3/6/5 @0508 r=1 mp=2 hidden"} {
		v := unitOf(r)
		hidden.Units = append(hidden.Units, &v)
	}
	ns, _ = cbDo(t, hidden, "lancers", "move A1 0508")
	if ns.Unit("A1").Hex != h("0506") || ns.Unit("B5").Hidden || ns.Unit("B7").Hidden {
		t.Errorf("A1 at %s, B5 hidden %t, B7 hidden %t", ns.Unit("A1").Hex, ns.Unit("B5").Hidden, ns.Unit("B7").Hidden)
	}
	// A hidden platoon alone in the hex where the flight ends is flown
	// over, not entered: only a land unit finds hidden infantry
	// (BattleForce, Hidden Infantry; rulings AIR1, M14), so it stays
	// hidden and does not attack.
	hidden = setup()
	alone := unitOf("B5 bandits infantry veteran 3/6/5 @0508 r=1 mp=2 hidden")
	hidden.Units = append(hidden.Units, &alone)
	ns, ev = cbDo(t, hidden, "lancers", "move A1 0508")
	if ns.Unit("A1").Hex != h("0508") || !ns.Unit("B5").Hidden || cbOf(ev, "revealed") != nil || cbOf(ev, "attack") != nil {
		t.Errorf("A1 at %s, B5 hidden %t; events %+v", ns.Unit("A1").Hex, ns.Unit("B5").Hidden, ev)
	}
	if slices.ContainsFunc(ns.View("lancers").Units, func(u ViewUnit) bool { return u.ID == "B5" }) {
		t.Error("the lancers' view shows the hidden platoon their air lance flew over")
	}
	// Disrupted: it still flies.
	s = setup()
	s.Unit("A1").Disrupted = true
	cbDo(t, s, "lancers", "move A1 0507")
	// The bomb load costs MP until dropped.
	s = setup()
	s.Unit("A1").Chits.Bomb = 15
	cbRefuse(t, s, "lancers", "move A1 0501", "flies at most 3")
	s.Unit("A1").BombDropped = true
	cbDo(t, s, "lancers", "move A1 0511")
	// Leaving by flying up (000 line 1099): the phase may then end.
	s = setup()
	ns, ev = cbDo(t, s, "lancers", "withdraw A1")
	if ns.Unit("A1").Status != Withdrawn || cbOf(ev, "withdraw") == nil {
		t.Errorf("A1 is %v after leaving", ns.Unit("A1").Status)
	}
	cbDo(t, ns, "lancers", "end")
	cbRefuse(t, ns, "lancers", "move A1 0507", "withdrawn")
	s.Phase = PhaseAttack
	cbRefuse(t, s, "lancers", "withdraw A1", "ruling AIR5")
}

// Ensure the Bomb Load Table (000 lines 1103–1112): 1 MP per 5 points,
// and Heavy 10, Medium 15, Light 30 at most; Start refuses more.
func TestAirBombLoad(t *testing.T) {
	for load := 5; load <= 30; load += 5 {
		u := airUnit("A1", "lancers", LightAir, "0505", 8, 6, 6, 15, 12, Regular)
		u.Chits.Bomb = load
		if got := u.MP - airMP(&u); got != load/5 {
			t.Errorf("load %d reduces MP by %d, want %d", load, got, load/5)
		}
	}
	for _, tc := range []struct {
		c    Class
		load int
		ok   bool
	}{{HeavyAir, 10, true}, {HeavyAir, 15, false}, {MediumAir, 15, true}, {MediumAir, 20, false}, {LightAir, 30, true}, {LightAir, 35, false}, {LightAir, 7, false}, {MediumMech, 5, false}} {
		u := airUnit("A1", "lancers", tc.c, "0505", 8, 6, 6, 15, 12, Regular)
		u.Chits.Bomb = tc.load
		if err := airLoadError(&u); (err == nil) != tc.ok {
			t.Errorf("%v with %d bomb points: %v", tc.c, tc.load, err)
		}
	}
	u := airUnit("A1", "lancers", HeavyAir, "0505", 8, 6, 6, 15, 12, Regular)
	u.Chits.Bomb = 20
	s := cbBattle(t, terrain(nil), PhaseDeploy, u, cbUnit("B1", "bandits", MediumMech, "2010", Values{RA: 8, CA: 8, D: 8}, 3, Regular))
	if _, _, err := Start(s); err == nil || !strings.Contains(err.Error(), "more than the 10") {
		t.Errorf("Start with an overloaded heavy lance: %v", err)
	}
}

// Ensure the air combat example (000 lines 1165–1169): the Veteran Heavy
// lance (ST 13) in 0911 strafes both units in 0912, the Fire Lance (D 9)
// on +5 and the Medium Tracked unit (D 6) on +8; the Green Light lance
// bombs the Medium 'Mech (D 10) in 1210 with 30 points on +15, −1 Green
// and the terrain; the Regular Light lance (AA 8) attacks the Bandit Light
// lance (D 4) on +4.
func TestAirCombatExample(t *testing.T) {
	setup := func(woods mapgen.Terrain) *State {
		light := airUnit("A2", "lancers", LightAir, "1111", 8, 6, 6, 15, 12, Green)
		light.Chits.Bomb = 30
		s := cbBattle(t, terrain(map[string]mapgen.Cell{"1210": {Terrain: woods}}), PhaseAttack,
			airUnit("A1", "lancers", HeavyAir, "0911", 15, 13, 10, 15, 10, Veteran),
			light,
			airUnit("A3", "lancers", LightAir, "1515", 8, 6, 6, 15, 12, Regular),
			cbUnit("B1", "bandits", FireMech, "0912", Values{RA: 10, CA: 6, D: 9}, 4, Regular),
			cbUnit("B2", "bandits", Tracked, "0912", Values{RA: 8, CA: 8, D: 6}, 3, Regular),
			cbUnit("B3", "bandits", MediumMech, "1210", Values{RA: 8, CA: 8, D: 10}, 3, Regular),
			airUnit("B4", "bandits", LightAir, "1512", 8, 6, 4, 15, 12, Regular),
		)
		s.Unit("A2").Experience = Green
		return s
	}
	s := setup(mapgen.HeavyWoods)
	_, ev := airDo(t, s, "lancers", "strafe A1 0912")
	want := []cbAttack{
		{Attacker: "A1", Target: "B1", Mode: "strafe", Value: 13, Defense: 9, Column: 5},
		{Attacker: "A1", Target: "B2", Mode: "strafe", Value: 13, Defense: 6, Column: 8},
	}
	if got := airAttacks(ev); !slices.Equal(got, want) {
		t.Errorf("strafe: %+v, want %+v", got, want)
	}
	// The example's −3 for heavy woods (line 1167) is the +11 column; the
	// terrain table gives heavy woods −2 (+12), and a medium building −3.
	for _, tc := range []struct {
		t    mapgen.Terrain
		want int
	}{{mapgen.HeavyWoods, 12}, {mapgen.MediumBuilding, 11}} {
		ns, ev := airDo(t, setup(tc.t), "lancers", "bomb A2 1210")
		want := []cbAttack{{Attacker: "A2", Target: "B3", Mode: "bomb", Value: 30, Defense: 10, Column: tc.want}}
		if got := airAttacks(ev); !slices.Equal(got, want) {
			t.Errorf("bomb on %v: %+v, want %+v", tc.t, got, want)
		}
		if !ns.Unit("A2").BombDropped || airMP(ns.Unit("A2")) != 12 || cbOf(ev, "bomb_removed") == nil {
			t.Errorf("after the bomb: dropped %v, MP %d", ns.Unit("A2").BombDropped, airMP(ns.Unit("A2")))
		}
	}
	_, ev = airDo(t, s, "lancers", "attack A3 B4")
	want = []cbAttack{{Attacker: "A3", Target: "B4", Mode: "ranged", Value: 8, Defense: 4, Column: 4}}
	if got := airAttacks(ev); !slices.Equal(got, want) {
		t.Errorf("air attack: %+v, want %+v", got, want)
	}
}

// Ensure the rules of air attacks (000 lines 1128–1150; AIR6–AIR9): one
// attack a turn; strafe and bomb on the same or an adjacent hex, every
// ground unit in it friend or foe; one bomb load per game; air attacks
// within R, experience only (no terrain, no disrupted target); an air
// lance attacks ground units only by strafe and bomb; air fire comes
// before ground fire; a disrupted air lance does not attack, spot or
// detect (000 line 1163).
func TestAirAttackRules(t *testing.T) {
	setup := func() *State {
		a1 := airUnit("A1", "lancers", LightAir, "0505", 8, 6, 6, 3, 12, Regular)
		a1.Chits.Bomb = 10
		return cbBattle(t, terrain(map[string]mapgen.Cell{"0506": heavyWoods, "0504": heavyWoods}), PhaseAttack,
			a1,
			cbUnit("A2", "lancers", MediumMech, "0506", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
			cbUnit("B1", "bandits", MediumMech, "0506", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
			cbUnit("B2", "bandits", MediumMech, "0508", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
			airUnit("B3", "bandits", HeavyAir, "0905", 15, 13, 10, 15, 10, Regular),
			airUnit("B4", "bandits", HeavyAir, "0504", 15, 13, 10, 15, 10, Regular),
		)
	}
	s := setup()
	s.Unit("B1").Disrupted = true
	ns, ev := airDo(t, s, "lancers", "bomb A1 0506")
	want := []cbAttack{
		{Attacker: "A1", Target: "A2", Mode: "bomb", Value: 10, Defense: 8, Column: 0},
		{Attacker: "A1", Target: "B1", Mode: "bomb", Value: 10, Defense: 8, Column: 2},
	}
	if got := airAttacks(ev); !slices.Equal(got, want) {
		t.Errorf("bomb on a hex with a friend and a disrupted foe: %+v, want %+v", got, want)
	}
	cbRefuse(t, ns, "lancers", "strafe A1 0506", "already attacked")
	ns.Unit("A1").Attacked = false
	cbRefuse(t, ns, "lancers", "bomb A1 0506", "one load per game")
	cbRefuse(t, s, "lancers", "strafe A1 0508", "in or next to the hex")
	cbRefuse(t, s, "lancers", "strafe A1 0605", "no ground unit")
	cbRefuse(t, s, "lancers", "attack A1 B2", "by strafing or bombing")
	cbRefuse(t, s, "lancers", "attack A1 B3", "beyond its air combat range of 3")
	cbRefuse(t, s, "lancers", "attack A1 B4 close", "no mode or observer")
	// An air attack ignores terrain and a disrupted target: experience only.
	s.Unit("B4").Disrupted = true
	_, ev = airDo(t, s, "lancers", "attack A1 B4")
	if got := airAttacks(ev); len(got) != 1 || got[0].Column != -2 {
		t.Errorf("air attack: %+v, want column 8 − 10 = −2", got)
	}
	// Air fire first (000 line 602).
	s = setup()
	ns, _ = airDo(t, s, "lancers", "attack A2 B1 close")
	cbRefuse(t, ns, "lancers", "strafe A1 0506", "air units fire before ground units")
	// Air fire in an adjacent hex does not close same-hex combat.
	s = setup()
	ns, _ = airDo(t, s, "lancers", "strafe A1 0506")
	if ns.SameHexClosed == ns.PlayerTurn {
		t.Error("a strafe closed same-hex combat")
	}
	// Disrupted: no attack, no sighting, no forward observing.
	s = setup()
	s.Unit("A1").Disrupted = true
	cbRefuse(t, s, "lancers", "strafe A1 0506", "BattleForce p. 24, Disruption Effects")
	if sensorReady(s.Unit("A1")) {
		t.Error("a disrupted air lance still sights")
	}
	if err := observerFor(s, newSightlines(s), s.Unit("A2"), s.Unit("A1"), "A1", h("0508"), "B2"); err == nil {
		t.Error("an air lance acts as forward observer")
	}
	// An unmoved air lance holds up attacks in the movement phase.
	s = setup()
	s.Phase = PhaseMovement
	cbRefuse(t, s, "lancers", "attack A2 B1 close", "must fly at least 2 hexes")
	if got := validAttacks(&Legality{s: s}, s.Unit("A2")); len(got) != 0 {
		t.Errorf("attacks listed before the air lance has flown: %v", got)
	}
}

// Ensure ground fire at air lances (000 lines 1154–1157; AIR8): from the
// same or an adjacent hex only, terrain ignored, −4 from an adjacent hex.
func TestAirGroundFire(t *testing.T) {
	s := cbBattle(t, terrain(map[string]mapgen.Cell{"0505": heavyWoods, "0506": level(2)}), PhaseAttack,
		cbUnit("A1", "lancers", HeavyMech, "0505", Values{RA: 12, CA: 10, D: 9}, 3, Veteran),
		cbUnit("A2", "lancers", MediumMech, "0506", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
		cbUnit("A3", "lancers", LongTom, "0507", Values{RA: 8, CA: 8, D: 8}, 20, Regular),
		airUnit("B1", "bandits", MediumAir, "0505", 10, 8, 8, 15, 15, Regular),
		airUnit("B2", "bandits", MediumAir, "0508", 10, 8, 8, 15, 15, Regular),
	)
	s.Unit("A3").MinRange = 5
	_, ev := airDo(t, s, "lancers", "attack A1 B1")
	if got := airAttacks(ev); len(got) != 1 || got[0].Column != 12-8+1 {
		t.Errorf("same hex: %+v, want 12 − 8 + 1 (Veteran), heavy woods ignored", got)
	}
	_, ev = airDo(t, s, "lancers", "attack A2 B1 close") // adjacent, up on level 2
	if got := airAttacks(ev); len(got) != 1 || got[0].Column != -4 {
		t.Errorf("adjacent: %+v, want 8 − 8 − 4", got)
	}
	cbRefuse(t, s, "lancers", "attack A1 B2", "only in the same or an adjacent hex")
	cbRefuse(t, s, "lancers", "attack A3 B2", "minimum range")
	cbRefuse(t, s, "lancers", "attack A1 B1 assault", "close assault")
	listed := map[string]bool{}
	for _, a := range validAttacks(&Legality{s: s}, s.Unit("A1")) {
		listed[a.String()] = true
	}
	if !listed["attack A1 B1 ranged"] || !listed["attack A1 B1 close"] || listed["attack A1 B2 ranged"] {
		t.Errorf("A1's attacks: %v", listed)
	}
}

// Ensure air lances have two damage steps and leave no salvage (000 line
// 1163).
func TestAirDamage(t *testing.T) {
	s := cbBattle(t, terrain(nil), PhaseAttack,
		airUnit("A1", "lancers", HeavyAir, "0505", 15, 13, 10, 15, 10, Regular),
		airUnit("B1", "bandits", HeavyAir, "0506", 15, 13, 10, 15, 10, Regular),
	)
	b, src := cbFight(t, s)
	if err := b.takeSteps(b.s.Unit("B1"), 1, "test", true); err != nil {
		t.Fatal(err)
	}
	if u := b.s.Unit("B1"); u.Status != Active || u.Current() != u.Rows[1] {
		t.Errorf("after one step: %v, values %v", u.Status, u.Current())
	}
	if err := b.takeSteps(b.s.Unit("B1"), 1, "test", true); err != nil {
		t.Fatal(err)
	}
	cbDone(t, b, src)
	if u := b.s.Unit("B1"); u.Status != Destroyed || len(b.s.Salvage) != 0 {
		t.Errorf("after two steps: %v, salvage %v", u.Status, b.s.Salvage)
	}
}

// Ensure the air actions read and write their text form.
func TestAirActionText(t *testing.T) {
	for _, text := range []string{"strafe A1 0912", "bomb A2 1210"} {
		a, err := ParseAction(text)
		if err != nil || a.String() != text {
			t.Errorf("%q: %v, %q", text, err, a.String())
		}
	}
	if _, err := ParseAction("bomb A2"); err == nil || !strings.Contains(err.Error(), "bomb UNIT HEX") {
		t.Errorf("bomb without a hex: %v", err)
	}
}

// Ensure random legal play with air lances never breaks an invariant:
// every action ValidActions offers (air moves, strafes, bombs, air
// attacks, ground fire at air, leaving) is accepted by Apply and State.Check
// holds; ending a phase is tried too and refused only by the air lances'
// duty to fly.
func TestAirRandomPlay(t *testing.T) {
	seed := uint64(20261123)
	turns := 400
	if testing.Short() {
		turns = 60
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	d := dice.New(dice.NewSeeded(seed))
	kinds := map[string]int{}
	played := 0
	for battles := 1; played < turns; battles++ {
		s := rpBattle(t, rng)
		rpAirUnits(rng, s)
		if errs := s.Check(); len(errs) > 0 {
			t.Fatalf("battle %d set-up: %v", battles, errs)
		}
		for s.Phase != PhaseOver && s.Turn <= 30 {
			side := s.PhasingSide().ID
			var options []Action
			for i := range s.Units {
				if s.Units[i].Side == side {
					options = append(options, ValidActions(s, s.Units[i].ID)...)
				}
			}
			a := Action{Kind: ActEnd, Side: side}
			if airUnmoved(s) != nil || (len(options) > 0 && rng.IntN(6) > 0) {
				if len(options) == 0 {
					t.Fatalf("battle %d: %v", battles, airUnmoved(s))
				}
				a = options[rng.IntN(len(options))]
			}
			turn := s.Turn
			next, _, err := Apply(s, a, d)
			if err != nil {
				t.Fatalf("battle %d turn %d: %s %v was offered but refused: %v", battles, s.Turn, side, a, err)
			}
			if u := s.Unit(a.Unit); u != nil && u.Class.Kind() == KindAir {
				kinds[a.Kind.String()]++
			} else if v := s.Unit(a.Target); v != nil && v.Class.Kind() == KindAir {
				kinds["ground fire"]++
			}
			if errs := next.Check(); len(errs) > 0 {
				t.Fatalf("battle %d turn %d after %s %v: %v", battles, s.Turn, side, a, errs)
			}
			if next.Turn > turn {
				played++
			}
			s = next
		}
	}
	t.Logf("air actions: %v", kinds)
	for _, k := range []string{"move", "strafe", "attack", "ground fire"} {
		if kinds[k] == 0 {
			t.Errorf("no %s was played with air lances: %v", k, kinds)
		}
	}
}
