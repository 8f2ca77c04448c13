package referee

import (
	"fmt"
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Attacks on buildings (000 lines 1005–1009;
// rulings K11, K12).

// cbTown is the ground of these tests, as cell records: a medium
// building (−3) at 0503 behind light woods at 0504, three light buildings
// in a row at 0703–0705, and heavy woods at 0510.
const cbTown = `cell 0503 medium-building; cell 0504 light-woods
	cell 0703 light-building; cell 0704 light-building; cell 0705 light-building
	cell 0510 heavy-woods
`

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
				s := cbPosition(t, PhaseAttack, cbTown+fmt.Sprintf(`
					unit A1 lancers heavy-mech %v 10/12/9 @0505 r=3 mp=4 ob=13
					unit B1 bandits heavy-mech regular 10/12/9 @2010 r=3 mp=4 ob=13`, exp))
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
	s := cbPosition(t, PhaseAttack, cbTown+`
		unit A1 lancers light-mech regular 3/3/6 @0505 r=3 mp=4 ob=5
		unit B1 bandits heavy-mech regular 10/12/9 @2010 r=3 mp=4 ob=13`)
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
	s := cbPosition(t, PhaseAttack, cbTown+`
		unit A1 lancers assault-mech regular 15/20/12 @0505 r=3 mp=4 ob=19
		unit A2 lancers assault-mech regular 15/20/12 @0605 r=3 mp=4 ob=19
		unit B1 bandits heavy-mech regular 10/12/9 @0503 r=3 mp=4 ob=13
		unit B2 bandits infantry regular 2/4/2 @0503 mp=4 disrupted`)
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
	s := cbPosition(t, PhaseAttack, cbTown+`
		unit A1 lancers heavy-mech regular 10/12/9 @0702 r=4 mp=4 ob=13
		unit B1 bandits heavy-mech regular 10/12/9 @0706 r=3 mp=4 ob=13`)
	cbRefuse(t, s, "lancers", "attack A1 B1", "three light woods or building hexes")
	// 0704 falls: 0703 and 0705 remain, −2 each: 10 − 9 − 4 = −3.
	s.Rubble = map[hex.Hex]bool{h("0704"): true}
	_, events := cbDo(t, s, "lancers", "attack A1 B1", 7)
	cbOneAttack(t, events, cbAttack{"A1", "B1", "ranged", 10, 9, -3, 7, ""})
}

// Ensure the other ways to attack a building: close (from beside it, on
// its level, line 837), indirect through an observer with a line of sight
// to the hex (the terrain between ignored), the Firepower chit, the night
// (line 2383), and what validAttacks lists.
func TestBuildingAttackModes(t *testing.T) {
	s := cbPosition(t, PhaseAttack, cbTown+`cell 0504 open
		unit A1 lancers heavy-mech veteran 10/12/9 @0504 r=3 mp=4 ob=13 chits=firepower2
		unit L1 lancers long-tom regular 10/0/4 @0515 r=5-40 mp=4
		unit B1 bandits heavy-mech regular 10/12/9 @2010 r=3 mp=4 ob=13`)
	m := s.Map

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
	for _, a := range validAttacks(&Legality{s: s}, s.Unit("A1")) {
		got = append(got, a.String())
	}
	slices.Sort(got)
	want := []string{"attack A1 0503 close", "attack A1 0503 ranged", "attack A1 0703 ranged", "attack A1 0704 ranged", "attack A1 0705 ranged"}
	if !slices.Equal(got, want) {
		t.Errorf("validAttacks %v, want %v", got, want)
	}
	got = nil
	for _, a := range validAttacks(&Legality{s: s}, s.Unit("L1")) {
		got = append(got, a.String())
	}
	if !slices.Contains(got, "attack L1 0503 ranged observer A1") {
		t.Errorf("Long Tom's attacks %v, want the building through A1", got)
	}
}
