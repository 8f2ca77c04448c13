package referee

import (
	"fmt"
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Attacks on buildings (000_7068ba969e06a83c.txt lines 1005–1009;
// rulings K11, K12).

// cbTownMap has a medium building (−3) at 0503 behind light woods at 0504,
// three light buildings in a row at 0703–0705, and heavy woods at 0510.
func cbTownMap() *mapgen.Map {
	return terrain(map[string]mapgen.Cell{
		"0503": {Terrain: mapgen.MediumBuilding}, "0504": lightWoods,
		"0703": {Terrain: mapgen.LightBuilding}, "0704": {Terrain: mapgen.LightBuilding}, "0705": {Terrain: mapgen.LightBuilding},
		"0510": heavyWoods,
	})
}

// Ensure the building attack: the attack value is the column, the
// building's own modifier and the terrain between shift it left (10 − 3
// − 1 = +6); experience does not count (K12); two or more steps turn the
// hex to rubble for the rest of the battle, while one step, D and C do
// nothing (no Disruption Roll, no critical roll: the dice are exact).
func TestBuildingToRubble(t *testing.T) {
	// The rulebook table's +6 column, roll by roll (line 874–884).
	cells := map[int]string{2: "2", 3: "2", 4: "1", 5: "1", 6: "1", 7: "D", 8: "D", 9: "1", 10: "1", 11: "2", 12: "2"}
	for roll := 2; roll <= 12; roll++ {
		for _, exp := range []Experience{Regular, Elite} {
			t.Run(fmt.Sprintf("%v roll %d", exp, roll), func(t *testing.T) {
				a1 := cbUnit("A1", "lancers", HeavyMech, "0505", Values{RA: 10, CA: 12, D: 9}, 3, exp)
				s := cbBattle(cbTownMap(), PhaseAttack, a1,
					cbUnit("B1", "bandits", HeavyMech, "2010", Values{RA: 10, CA: 12, D: 9}, 3, Regular))
				ns, events := cbDo(t, s, "lancers", "attack A1 0503", roll)
				e := cbOneAttack(t, events, cbAttack{"A1", "0503", "ranged", 10, 0, 6, roll, cells[roll]})
				if e.Hex == nil || *e.Hex != h("0503") {
					t.Errorf("attack event hex %v", e.Hex)
				}
				rubble := cells[roll] == "2"
				if ns.Rubble[h("0503")] != rubble || (ns.Cell(h("0503")).Terrain == mapgen.Rubble) != rubble {
					t.Errorf("rubble %v, want %v", ns.Rubble, rubble)
				}
				r := cbOf(events, "rubble")
				if (len(r) == 1) != rubble || (rubble && r[0].Audience != nil) {
					t.Errorf("rubble events %+v, want one public event: %v", r, rubble)
				}
				if s.Map.At(h("0503")).Terrain != mapgen.MediumBuilding {
					t.Error("the shared map was changed")
				}
				if rubble {
					again := ns.Clone()
					again.Unit("A1").Attacked = false
					cbRefuse(t, again, "lancers", "attack A1 0503", "already rubble")
				}
			})
		}
	}
	// A C on the far left is ignored: 3 − 3 − 1 = −1, a 2.
	a1 := cbUnit("A1", "lancers", LightMech, "0505", Values{RA: 3, CA: 3, D: 6}, 3, Regular)
	s := cbBattle(cbTownMap(), PhaseAttack, a1, cbUnit("B1", "bandits", HeavyMech, "2010", Values{RA: 10, CA: 12, D: 9}, 3, Regular))
	ns, events := cbDo(t, s, "lancers", "attack A1 0503", 2)
	cbOneAttack(t, events, cbAttack{"A1", "0503", "ranged", 3, 0, -1, 2, "C"})
	if len(ns.Rubble) != 0 || len(cbOf(events, "critical")) != 0 {
		t.Errorf("a C hurt the building: %v %+v", ns.Rubble, events)
	}
}

// Ensure the units inside a building are not harmed by an attack on it
// and stay in the rubble, where their hex now gives rubble's −1 instead of
// the building's −3 (K11).
func TestBuildingUnitsInside(t *testing.T) {
	b1 := cbUnit("B1", "bandits", HeavyMech, "0503", Values{RA: 10, CA: 12, D: 9}, 3, Regular)
	b2 := cbUnit("B2", "bandits", Infantry, "0503", Values{RA: 2, CA: 4, D: 2}, 0, Regular)
	b2.Disrupted = true
	a1 := cbUnit("A1", "lancers", AssaultMech, "0505", Values{RA: 15, CA: 20, D: 12}, 3, Regular)
	a2 := cbUnit("A2", "lancers", AssaultMech, "0605", Values{RA: 15, CA: 20, D: 12}, 3, Regular)
	s := cbBattle(cbTownMap(), PhaseAttack, a1, a2, b1, b2)
	// 15 − 3 − 1 = +11; a 7 is two steps: rubble. A disrupted unit inside
	// gives no +2 to a building attack.
	s, events := cbDo(t, s, "lancers", "attack A1 0503", 7)
	cbOneAttack(t, events, cbAttack{"A1", "0503", "ranged", 15, 0, 11, 7, "2"})
	for _, id := range []string{"B1", "B2"} {
		if u := s.Unit(id); u.Step != 0 || u.Hex != h("0503") || u.Status != Active {
			t.Errorf("%s inside: %+v", id, u)
		}
	}
	if n := len(cbOf(events, "damage")) + len(cbOf(events, "disruption")); n != 0 {
		t.Errorf("%d damage or disruption events from a building attack", n)
	}
	// A2 fires at B1 in the rubble: 15 − 9 = +6, rubble −1, and whatever
	// the terrain between gives.
	p, err := planAttack(s, newSightlines(s), s.Unit("A2"), mustAction(t, "attack A2 B1"))
	if err != nil {
		t.Fatal(err)
	}
	l := LineOfSight(s.Map, h("0605"), h("0503"))
	if want := Column(15, 9, -1, l.Shift); p.column != want {
		t.Errorf("column into the rubble %d, want %d (line shift %d)", p.column, want, l.Shift)
	}
}

// Ensure fallen buildings no longer count for line of sight (ruling K15):
// three light buildings in a row block (R4), two do not.
func TestBuildingRubbleLineOfSight(t *testing.T) {
	a1 := cbUnit("A1", "lancers", HeavyMech, "0702", Values{RA: 10, CA: 12, D: 9}, 4, Regular)
	b1 := cbUnit("B1", "bandits", HeavyMech, "0706", Values{RA: 10, CA: 12, D: 9}, 3, Regular)
	s := cbBattle(cbTownMap(), PhaseAttack, a1, b1)
	cbRefuse(t, s, "lancers", "attack A1 B1", "three light woods or building hexes")
	// 0704 falls: 0703 and 0705 remain, −2 each: 10 − 9 − 4 = −3.
	s.Rubble = map[hex.Hex]bool{h("0704"): true}
	_, events := cbDo(t, s, "lancers", "attack A1 B1", 7)
	cbOneAttack(t, events, cbAttack{"A1", "B1", "ranged", 10, 9, -3, 7, ""})
}

// Ensure the other ways to attack a building: close (from beside it, on
// its level, line 839), indirect through an observer with a line of sight
// to the hex (the terrain between ignored), the Firepower chit, the night
// (line 2383), and what validAttacks lists.
func TestBuildingAttackModes(t *testing.T) {
	m := cbTownMap()
	m.Set(h("0504"), mapgen.Cell{})
	a1 := cbUnit("A1", "lancers", HeavyMech, "0504", Values{RA: 10, CA: 12, D: 9}, 3, Veteran)
	a1.Chits.Firepower = 2
	l1 := cbUnit("L1", "lancers", LongTom, "0515", Values{RA: 10, CA: 0, D: 4}, 40, Regular)
	l1.MinRange = 5
	b1 := cbUnit("B1", "bandits", HeavyMech, "2010", Values{RA: 10, CA: 12, D: 9}, 3, Regular)
	s := cbBattle(m, PhaseAttack, a1, l1, b1)

	// Close: 12 − 3 = +9 (no experience): a 7 is one step, nothing.
	_, events := cbDo(t, s, "lancers", "attack A1 0503 close", 7)
	cbOneAttack(t, events, cbAttack{"A1", "0503", "close", 12, 0, 9, 7, "1"})
	// Ranged with the chit: 12 − 3 = +9.
	ns, events := cbDo(t, s, "lancers", "attack A1 0503", 7)
	cbOneAttack(t, events, cbAttack{"A1", "0503", "ranged", 12, 0, 9, 7, "1"})
	if !ns.Unit("A1").FirepowerUsed {
		t.Error("the Firepower chit was not spent on a building")
	}
	// At night: −2 for ranged fire.
	night := s.Clone()
	night.Rules.Night = true
	_, events = cbDo(t, night, "lancers", "attack A1 0503", 7)
	cbOneAttack(t, events, cbAttack{"A1", "0503", "ranged", 12, 0, 7, 7, "D"})
	// Indirect: the Long Tom cannot see past the heavy woods; A1 observes.
	if LineOfSight(m, h("0515"), h("0503")).Clear {
		t.Fatal("layout: the Long Tom sees the building")
	}
	_, events = cbDo(t, s, "lancers", "attack L1 0503", 11)
	cbOneAttack(t, events, cbAttack{"L1", "0503", "ranged", 10, 0, 7, 11, "2"})
	// Close from a different level is refused.
	up := s.Clone()
	up.Map = m.Clone()
	up.Map.Set(h("0503"), mapgen.Cell{Terrain: mapgen.MediumBuilding, Elevation: 1})
	cbRefuse(t, up, "lancers", "attack A1 0503 close", "BattleForce p. 19, Range")

	var got []string
	for _, a := range validAttacks(s, s.Unit("A1")) {
		got = append(got, a.String())
	}
	slices.Sort(got)
	want := []string{"attack A1 0503 close", "attack A1 0503 ranged", "attack A1 0703 ranged", "attack A1 0704 ranged", "attack A1 0705 ranged"}
	if !slices.Equal(got, want) {
		t.Errorf("validAttacks %v, want %v", got, want)
	}
	got = nil
	for _, a := range validAttacks(s, s.Unit("L1")) {
		got = append(got, a.String())
	}
	if !slices.Contains(got, "attack L1 0503 ranged observer A1") {
		t.Errorf("Long Tom's attacks %v, want the building through A1", got)
	}
}
