package referee

import (
	"fmt"
	"slices"
	"testing"

	"bfbot/referee/dice"
)

// Effects of fire (000 lines 940–1003), called
// directly on a battle so that each table row is tested alone; the
// attacks that lead here are tested through Apply in combat_test.go.

// cbFight is the work of one Apply on s with the scripted 2D6 rolls.
func cbFight(tb testing.TB, s *State, rolls ...int) (*battle, *dice.Script) {
	tb.Helper()
	d, src := cbDice(tb, rolls...)
	return &battle{s: s.Clone(), d: d, side: s.PhasingSide().ID}, src
}

// cbDone wants every scripted die used and the state sound.
func cbDone(tb testing.TB, b *battle, src *dice.Script) {
	tb.Helper()
	if src.Remaining() != 0 {
		tb.Errorf("%d dice faces left over", src.Remaining())
	}
	cbCheck(tb, b.s)
}

// cbLone is a Heavy 'Mech lance of the Bandits of experience exp with
// the attributes attrs (in the notation) alone in 0505, and a Lancers
// unit far away so that the battle has two sides.
func cbLone(tb testing.TB, exp Experience, attrs string) *State {
	tb.Helper()
	return cbPosition(tb, PhaseAttack, fmt.Sprintf(`
		unit A1 lancers heavy-mech regular 14/16/12 @2010 r=3 mp=4 ob=17
		unit B1 bandits heavy-mech %v 14/16/12 @0505 r=3 mp=4 ob=17 %s`, exp, attrs))
}

// Ensure the Disruption Roll Table (line 988: Elite 4, Veteran 6, Regular
// 7, Green 9) with its modifiers (lines 998–999: damaged −1, already disrupted
// −1) and the night's −1 (line 2385): one short of the number fails, the
// number passes. A failure topples the unit; a disrupted unit that fails
// again loses a step (000 line 984; ruling K17).
func TestDamageDisruptionTable(t *testing.T) {
	need := map[Experience]int{Elite: 4, Veteran: 6, Regular: 7, Green: 9}
	for exp, n := range need {
		for _, damaged := range []bool{false, true} {
			for _, disrupted := range []bool{false, true} {
				for _, night := range []bool{false, true} {
					mod := 0
					for _, m := range []bool{damaged, disrupted, night} {
						if m {
							mod--
						}
					}
					for _, pass := range []bool{false, true} {
						roll := n - mod - 1
						if pass {
							roll++
						}
						name := fmt.Sprintf("%v damaged=%v disrupted=%v night=%v roll %d", exp, damaged, disrupted, night, roll)
						t.Run(name, func(t *testing.T) {
							attrs := ""
							if disrupted {
								attrs += " disrupted"
							}
							if damaged {
								attrs += " step=1"
							}
							s := cbLone(t, exp, attrs)
							s.Rules.Night = night
							b, src := cbFight(t, s, roll)
							if err := b.disruptionRoll(b.s.Unit("B1"), "test"); err != nil {
								t.Fatal(err)
							}
							cbDone(t, b, src)
							u := b.s.Unit("B1")
							ev := cbOf(b.events, "disruption")
							want := map[bool]string{true: "passed", false: "failed"}[pass]
							if len(ev) != 1 || *ev[0].Result != want || *ev[0].Roll != roll {
								t.Fatalf("events %+v, want one %s roll of %d", b.events, want, roll)
							}
							step := map[bool]int{true: 1, false: 0}[damaged]
							if !pass && disrupted {
								step++ // the second failure costs a step
							}
							if u.Step != step || u.Disrupted != (disrupted || !pass) {
								t.Errorf("after: step %d disrupted %v, want step %d disrupted %v", u.Step, u.Disrupted, step, disrupted || !pass)
							}
							if !pass && !disrupted && u.DisruptedAt != s.PlayerTurn {
								t.Errorf("DisruptedAt %d, want %d", u.DisruptedAt, s.PlayerTurn)
							}
						})
					}
				}
			}
		}
	}
}

// Ensure every row of the Critical Hit Table (line 950): 2 and 12
// destroyed (an explosion, no salvage), 3 and 11 surrender (toppled, line
// 970), 4 and 10 break and flee (off the map, line 968), 5 and 9 three
// steps, 6 and 8 two, 7 one.
func TestDamageCriticalTable(t *testing.T) {
	for roll := 2; roll <= 12; roll++ {
		t.Run(fmt.Sprint(roll), func(t *testing.T) {
			b, src := cbFight(t, cbLone(t, Regular, ""), roll)
			if err := b.criticalHit(b.s.Unit("B1"), "test"); err != nil {
				t.Fatal(err)
			}
			cbDone(t, b, src)
			u := b.s.Unit("B1")
			crit := cbOf(b.events, "critical")
			if len(crit) != 1 || *crit[0].Roll != roll {
				t.Fatalf("critical events %+v", crit)
			}
			got := *crit[0].Result
			switch roll {
			case 2, 12:
				if got != "destroyed" || u.Status != Destroyed || u.Step != 4 || len(b.s.Salvage) != 0 {
					t.Errorf("%s: %v step %d salvage %v, want destroyed without salvage", got, u.Status, u.Step, b.s.Salvage)
				}
			case 3, 11:
				if got != "surrenders" || u.Status != Surrendered || !u.Disrupted {
					t.Errorf("%s: %v disrupted %v, want surrendered and toppled", got, u.Status, u.Disrupted)
				}
			case 4, 10:
				if got != "breaks" || u.Status != Broken || u.Status.OnMap() {
					t.Errorf("%s: %v, want broken", got, u.Status)
				}
			default:
				want := map[int]int{5: 3, 6: 2, 7: 1, 8: 2, 9: 3}[roll]
				if got != fmt.Sprint(want) || u.Step != want || u.Status != Active {
					t.Errorf("%s: %v step %d, want %d steps", got, u.Status, u.Step, want)
				}
			}
		})
	}
}

// Ensure a C result through Apply: the attacker's roll, the attack event,
// the critical roll and its result, in that order (lines 944, 950).
func TestDamageCriticalThroughApply(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers light-mech regular 8/6/6 @0605 r=3 mp=4 ob=10
		unit B1 bandits heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17`)
	// 8 − 12 = −4: a 2 is C; the critical roll of 7 is one step.
	s, events := cbDo(t, s, "lancers", "attack A1 B1", 2, 7)
	cbOneAttack(t, events, cbAttack{"A1", "B1", "ranged", 8, 12, -4, 2, "C"})
	var types []string
	for _, e := range events {
		types = append(types, e.Type)
	}
	if want := []string{"roll", "attack", "roll", "critical", "damage"}; !slices.Equal(types, want) {
		t.Errorf("events %v, want %v", types, want)
	}
	if s.Unit("B1").Step != 1 {
		t.Errorf("B1 step %d, want 1", s.Unit("B1").Step)
	}
}

// Ensure an ammunition explosion (line 972; ruling K18): the unit is
// destroyed at once (its Extra 'Mech chit does not save it) and leaves no
// salvage; every ground unit in or beside its hex, friend or foe, is
// attacked on the +5 column with no modifiers and then makes a Disruption
// Roll; units two hexes off, air units and hidden infantry are not
// caught.
func TestDamageExplosion(t *testing.T) {
	// B2 is disrupted: no +2 for it, since no modifiers apply.
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 14/16/12 @0506 r=3 mp=4 ob=17
		unit A2 lancers heavy-mech regular 14/16/12 @0507 r=3 mp=4 ob=17
		unit B1 bandits heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17 chits=extra-mech
		unit B2 bandits medium-mech regular 10/10/8 @0505 r=3 mp=4 ob=13 disrupted
		unit B3 bandits infantry regular 2/4/2 @0405 mp=4 hidden
		unit B4 bandits light-air regular 6/0/6 @0504 r=6 mp=4`)
	// Critical 12; A1 (ID order) is hit on a 12 for two steps and holds on
	// a 9 (−1 damaged: 8); B2 is missed on an 8 and, already disrupted,
	// fails on a 7 (−1: 6) and loses a step.
	b, src := cbFight(t, s, 12, 12, 9, 8, 7)
	if err := b.criticalHit(b.s.Unit("B1"), "test"); err != nil {
		t.Fatal(err)
	}
	cbDone(t, b, src)
	if u := b.s.Unit("B1"); u.Status != Destroyed || u.ExtraMechUsed {
		t.Errorf("exploding unit: %v, extra 'Mech used %v", u.Status, u.ExtraMechUsed)
	}
	if len(b.s.Salvage) != 0 {
		t.Errorf("salvage %v, want none from an explosion", b.s.Salvage)
	}
	var got []cbAttack
	for _, e := range cbOf(b.events, "attack") {
		got = append(got, cbAttackOf(e))
	}
	want := []cbAttack{
		{"B1 explosion", "A1", "explosion", -99, -99, ExplosionColumn, 12, "2"},
		{"B1 explosion", "B2", "explosion", -99, -99, ExplosionColumn, 8, ""},
	}
	if !slices.Equal(got, want) {
		t.Errorf("blast attacks\n got %+v\nwant %+v", got, want)
	}
	if a1, b2 := b.s.Unit("A1"), b.s.Unit("B2"); a1.Step != 2 || a1.Disrupted || b2.Step != 1 || !b2.Disrupted {
		t.Errorf("A1 step %d disrupted %v; B2 step %d disrupted %v", a1.Step, a1.Disrupted, b2.Step, b2.Disrupted)
	}
	for _, id := range []string{"A2", "B3", "B4"} {
		if u := b.s.Unit(id); u.Step != 0 || u.Disrupted {
			t.Errorf("%s was caught: %+v", id, u)
		}
	}
	for _, e := range b.events {
		if e.Unit == "B3" || e.Target == "B3" {
			t.Errorf("an event names the hidden unit: %+v", e)
		}
	}
}

// Ensure explosions chain: a unit the blast hits with a C may blow up in
// turn (on the reference card the +5 column reads C on a 2), catching its
// own neighbours; no exploding unit leaves salvage (K18).
func TestDamageExplosionChain(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `rules crt=reference
		unit A1 lancers heavy-mech regular 14/16/12 @0506 r=3 mp=4 ob=17
		unit A2 lancers heavy-mech regular 14/16/12 @0507 r=3 mp=4 ob=17
		unit B1 bandits heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17`)
	// B1 explodes (12); A1 is hit on a 2: C, critical 2, explodes; A2 is
	// hit on a 4 (one step) and holds on a 10. A1, destroyed, makes no
	// Disruption Roll.
	b, src := cbFight(t, s, 12, 2, 2, 4, 10)
	if err := b.criticalHit(b.s.Unit("B1"), "test"); err != nil {
		t.Fatal(err)
	}
	cbDone(t, b, src)
	if b.s.Unit("A1").Status != Destroyed || b.s.Unit("A2").Step != 1 || len(b.s.Salvage) != 0 {
		t.Errorf("A1 %v, A2 step %d, salvage %v", b.s.Unit("A1").Status, b.s.Unit("A2").Step, b.s.Salvage)
	}
}

// Ensure the Extra 'Mech chit absorbs the first damage step and only the
// first (line 1304), and the damage is told only to the owner (R10).
func TestDamageExtraMech(t *testing.T) {
	s := cbLone(t, Regular, "chits=extra-mech")
	b, src := cbFight(t, s)
	u := b.s.Unit("B1")
	if err := b.takeSteps(u, 1, "test", true); err != nil {
		t.Fatal(err)
	}
	if u.Step != 0 || !u.ExtraMechUsed || len(cbOf(b.events, "damage")) != 0 {
		t.Errorf("first step: step %d used %v events %+v, want absorbed", u.Step, u.ExtraMechUsed, b.events)
	}
	if err := b.takeSteps(u, 2, "test", true); err != nil {
		t.Fatal(err)
	}
	if u.Step != 2 {
		t.Errorf("after the chit: step %d, want 2", u.Step)
	}
	for _, e := range b.events {
		if !slices.Equal(e.Audience, []string{"bandits"}) {
			t.Errorf("%s event audience %v, want the owner only", e.Type, e.Audience)
		}
	}
	cbDone(t, b, src)
	// Two steps at once: the chit takes one.
	b, _ = cbFight(t, s)
	u = b.s.Unit("B1")
	if err := b.takeSteps(u, 2, "test", true); err != nil || u.Step != 1 {
		t.Errorf("two steps on a fresh chit: step %d, want 1 (%v)", u.Step, err)
	}
}

// Ensure destruction: a unit past its last step is destroyed, publicly;
// only 'Mech lances leave a salvage counter (line 514), and counters in
// one hex add up.
func TestDamageDestroyedSalvage(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 14/16/12 @2010 r=3 mp=4 ob=17
		unit B1 bandits heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17 step=3
		unit B2 bandits light-mech regular 6/6/6 @0505 r=3 mp=4 ob=8 step=2
		unit B3 bandits tracked regular 10/10/10 @0707 r=3 mp=4`)
	b, src := cbFight(t, s)
	for _, id := range []string{"B1", "B2", "B3"} {
		if err := b.takeSteps(b.s.Unit(id), 4, "test", true); err != nil {
			t.Fatal(err)
		}
		if u := b.s.Unit(id); u.Status != Destroyed || u.Step != 4 {
			t.Errorf("%s: %v step %d", id, u.Status, u.Step)
		}
	}
	cbDone(t, b, src)
	if want := map[string]int{"0505": 2}; len(b.s.Salvage) != 1 || b.s.Salvage[h("0505")] != want["0505"] {
		t.Errorf("salvage %v, want two counters in 0505 and none for the tank", b.s.Salvage)
	}
	for _, e := range cbOf(b.events, "destroyed") {
		if e.Audience != nil {
			t.Errorf("destruction of %s is secret: %v", e.Unit, e.Audience)
		}
	}
}

// Ensure the optional morale check (line 1003): one Disruption Roll per
// step taken, after the damage; a disrupted unit that fails loses a step,
// and that step calls for no further roll (ruling K16). Off, no roll.
func TestDamageMoraleCheck(t *testing.T) {
	for _, tc := range []struct {
		name      string
		morale    bool
		rolls     []int
		step      int
		disrupted bool
	}{
		{"off", false, nil, 2, false},
		{"both hold", true, []int{8, 9}, 2, false},
		{"first fails", true, []int{7, 9}, 2, true},
		{"both fail", true, []int{7, 8}, 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cbLone(t, Regular, "")
			s.Rules.MoraleCheck = tc.morale
			b, src := cbFight(t, s, tc.rolls...)
			u := b.s.Unit("B1")
			if err := b.takeSteps(u, 2, "test", true); err != nil {
				t.Fatal(err)
			}
			cbDone(t, b, src)
			if u.Step != tc.step || u.Disrupted != tc.disrupted {
				t.Errorf("step %d disrupted %v, want %d %v", u.Step, u.Disrupted, tc.step, tc.disrupted)
			}
			if n := len(cbOf(b.events, "disruption")); n != len(tc.rolls) {
				t.Errorf("%d disruption rolls, want %d", n, len(tc.rolls))
			}
		})
	}
}

// Ensure results through Apply reach the target: a D calls its
// Disruption Roll, steps take effect, and a destroyed 'Mech lance leaves
// its counter where it stood.
func TestDamageThroughApply(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers assault-mech regular 20/24/12 @0605 r=3 mp=4 ob=24
		unit B1 bandits heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17 step=3`)
	// 20 − 12 at step 3 (D 3) is +17, clamped to +15; a 7 is 3 steps.
	s2, events := cbDo(t, s, "lancers", "attack A1 B1", 7)
	cbOneAttack(t, events, cbAttack{"A1", "B1", "ranged", 20, 3, 15, 7, "3"})
	if s2.Unit("B1").Status != Destroyed || s2.Salvage[h("0505")] != 1 {
		t.Errorf("B1 %v, salvage %v", s2.Unit("B1").Status, s2.Salvage)
	}
	// A D: 18 declared against D 12 is +6; a 7 is D, and B1 fails its
	// Disruption Roll on a 6.
	s.Unit("B1").Step = 0
	s4, events := cbDo(t, s, "lancers", "attack A1 B1 ranged value 18", 7, 6)
	cbOneAttack(t, events, cbAttack{"A1", "B1", "ranged", 18, 12, 6, 7, "D"})
	if !s4.Unit("B1").Disrupted || s4.Unit("B1").Step != 0 {
		t.Errorf("after D and a failed roll of 6: %+v", s4.Unit("B1"))
	}
}

// Ensure a destroyed unit carrying salvage leaves one counter, not two,
// whatever its class (000 line 2647), and an explosion leaves none.
func TestDestroyedCarrierLeavesOneCounter(t *testing.T) {
	for _, tc := range []struct {
		class   Class
		carried int
		salvage bool
		want    int
	}{
		{MediumMech, 0, true, 1},
		{MediumMech, 1, true, 1}, // not two
		{Tracked, 0, true, 0},
		{Tracked, 1, true, 1}, // the carried counter drops
		{MediumMech, 1, false, 0},
	} {
		s := mustPosition(t, fmt.Sprintf(`map blank 32x17; turn 0 deploy a; side a; side b
			unit A1 a %v green 0/0/0 @0505 carries=%d`, tc.class, tc.carried))
		b := &battle{s: s}
		b.destroy(s.Unit("A1"), "test", tc.salvage)
		if got := s.Salvage[h("0505")]; got != tc.want {
			t.Errorf("%v carrying %d (salvage %v): %d counters, want %d", tc.class, tc.carried, tc.salvage, got, tc.want)
		}
		if s.Unit("A1").Salvage != 0 {
			t.Errorf("%v still carries salvage after destruction", tc.class)
		}
	}
}
