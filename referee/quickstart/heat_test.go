package quickstart

import (
	"testing"

	"bfbot/mapgen"
)

// ryokenB is the Ryoken B of the overheating example (002 lines 433–440):
// MP 6, damage 5/5/—, Overheat 3, weight 2, armor 6 structure 3, PV 23.
var ryokenB = Element{Name: "Ryoken B", MV: 6, Damage: [3]int{5, 5, 0}, Overheat: 3, Weight: 2, Armor: 6, Structure: 3, PV: 23}

// Ensure the Ryoken B example (002 lines 442–444): overheating by 3 it
// deals 8 at short or medium range and still nothing at long; at heat 3
// it may overheat by only 1 more.
func TestRyokenBExample(t *testing.T) {
	s := NewElementState(ryokenB)
	if s.MaxOverheat() != 3 {
		t.Fatalf("MaxOverheat %d, want 3", s.MaxOverheat())
	}
	if _, err := s.DeclareAttack(4); err == nil || !contains(err.Error(), "at most 3") {
		t.Errorf("overheat 4: %v", err)
	}
	s, err := s.DeclareAttack(3)
	if err != nil {
		t.Fatal(err)
	}
	if AttackDamage(s, Short, false) != 8 || AttackDamage(s, Medium, false) != 8 || AttackDamage(s, Long, false) != 0 {
		t.Errorf("overheat 3: %d/%d/%d, want 8/8/0", AttackDamage(s, Short, false), AttackDamage(s, Medium, false), AttackDamage(s, Long, false))
	}
	if _, err := ToHit(s, liao(4, 0), 6, mapgen.Open); err == nil {
		t.Error("no damage value at long range: the attack may not be made (line 225)")
	}
	if _, err := s.DeclareAttack(0); err == nil {
		t.Error("a second attack in one turn: want an error (line 176)")
	}
	s = s.EndPhase()
	if s.Heat != 3 || s.Shutdown || s.MaxOverheat() != 1 {
		t.Errorf("after the End Phase: heat %d shutdown %v, max overheat %d; want 3, false, 1", s.Heat, s.Shutdown, s.MaxOverheat())
	}
	if _, err := s.DeclareAttack(2); err == nil {
		t.Error("overheat 2 at heat 3: want an error (line 444)")
	}
}

// Ensure the Mad Cat Prime example (002 lines 478–480): full overheat 2
// raises heat to 2 in the End Phase, where it stays while the Mad Cat
// fires, costing 2 MP and adding +2 to its shots; full overheat again
// shuts it down in that End Phase. And cooling (002 lines 474–476): no
// weapon attack, heat 0; a shut-down Element restarts at 0 in the next
// End Phase, and meanwhile cannot attack and is hit at -4.
func TestMadCatExample(t *testing.T) {
	// The example gives only the Overheat Value of the Prime; the rest is
	// the record sheet's Timber Wolf (Mad Cat) E (002 line 806).
	madCat := AlphaFire().Elements[1]
	madCat.Name, madCat.Overheat = "Mad Cat Prime", 2
	s, err := NewElementState(madCat).DeclareAttack(2)
	if err != nil {
		t.Fatal(err)
	}
	if s.Heat != 0 {
		t.Errorf("heat changes only in the End Phase (line 462): %d", s.Heat)
	}
	s = s.EndPhase()
	tgt := liao(2, 0)
	if n, _ := ToHit(s, tgt, 1, mapgen.Open); s.Heat != 2 || s.MP() != 3 || n.Number != 6 {
		t.Errorf("heat %d, MP %d, to-hit %d; want 2, 3, 6", s.Heat, s.MP(), n.Number)
	}
	stay, _ := s.DeclareAttack(0)
	if stay = stay.EndPhase(); stay.Heat != 2 {
		t.Errorf("firing without overheat keeps heat 2, got %d", stay.Heat)
	}
	if cool := s.EndPhase(); cool.Heat != 0 {
		t.Errorf("a turn without an attack cools to 0, got %d", cool.Heat)
	}
	s, err = s.DeclareAttack(2)
	if err != nil {
		t.Fatal(err)
	}
	s = s.EndPhase()
	if s.Heat != 4 || !s.Shutdown {
		t.Fatalf("second full overheat: heat %d shutdown %v, want 4 and shut down", s.Heat, s.Shutdown)
	}
	if _, err := s.DeclareAttack(0); err == nil {
		t.Error("a shut-down element attacked")
	}
	if mp, _ := UnitMP([]ElementState{s, NewElementState(AlphaFire().Elements[0])}); mp != 0 {
		t.Errorf("a unit with a shut-down element moves %d, want 0 (line 470)", mp)
	}
	if n, _ := ToHit(NewElementState(AlphaFire().Elements[0]), s, 1, mapgen.Open); n.Number != 0 {
		t.Errorf("to-hit on the shut-down Mad Cat %+v, want 4-4 = 0", n)
	}
	if s = s.EndPhase(); s.Heat != 0 || s.Shutdown {
		t.Errorf("restart: heat %d shutdown %v", s.Heat, s.Shutdown)
	}
}

// Ensure ruling QS6: an engine hit's heat takes room on the scale before
// the voluntary overheat.
func TestEngineHeatOnTheScale(t *testing.T) {
	s := NewElementState(PeacefulCleansing().Elements[4]) // Zeus, OV 2
	s.Crits.Engine, s.Heat = 1, 2
	if s.MaxOverheat() != 1 {
		t.Errorf("heat 2 and an engine hit: max overheat %d, want 1", s.MaxOverheat())
	}
	s, _ = s.DeclareAttack(1)
	if s = s.EndPhase(); !s.Shutdown {
		t.Errorf("heat 2 + 1 + 1 engine: %+v, want shut down", s)
	}
}
