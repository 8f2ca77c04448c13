package quickstart

import (
	"testing"

	"bfbot/mapgen"
	"bfbot/referee/dice"
)

func scripted(t *testing.T, faces ...int) *dice.Dice {
	t.Helper()
	s, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	return dice.New(s)
}

func hit(t *testing.T, s ElementState, dmg int, d *dice.Dice) (ElementState, DamageReport) {
	t.Helper()
	next, rep, err := s.TakeDamage(dmg, d, "test")
	if err != nil {
		t.Fatal(err)
	}
	return next, rep
}

// Ensure the Vulture example (002 lines 362–366): Kevin's Vulture C takes
// 3 from a Banshee at medium range (armor 4 → 1, structure 3), then 3
// from an Awesome at long range (armor 0, structure 1) and rolls for a
// critical hit. The example's roll of 9 is read on the table, which gives
// no critical hit for 9 (lines 428, 895, 976); the example's fire control
// hit comes from a 4 or a 10 (ruling QS8).
func TestVultureExample(t *testing.T) {
	banshee := NewElementState(PeacefulCleansing().Elements[5])
	awesome := NewElementState(PeacefulCleansing().Elements[3])
	for _, tc := range []struct {
		faces []int
		want  Critical
		fc    int
	}{
		{[]int{4, 5}, NoCritical, 0},
		{[]int{4, 6}, FireControlHit, 1},
	} {
		d := scripted(t, tc.faces...)
		v := NewElementState(AlphaFire().Elements[3])
		v, rep := hit(t, v, AttackDamage(banshee, Medium, false), d)
		if v.ArmorLeft != 1 || v.StructureLeft != 3 || len(rep.Criticals) != 0 || len(d.Log()) != 0 {
			t.Fatalf("after the Banshee: armor %d structure %d, %+v; want 1 and 3, no roll", v.ArmorLeft, v.StructureLeft, rep)
		}
		v, rep = hit(t, v, AttackDamage(awesome, Long, false), d)
		if v.ArmorLeft != 0 || v.StructureLeft != 1 || rep.Armor != 1 || rep.Structure != 2 || rep.Destroyed {
			t.Fatalf("after the Awesome: %+v, report %+v; want armor 0 structure 1", v, rep)
		}
		if len(rep.Criticals) != 1 || rep.Criticals[0].Critical != tc.want {
			t.Fatalf("roll %v: %+v, want %v", tc.faces, rep.Criticals, tc.want)
		}
		// The hit is marked now and takes effect in the End Phase: the
		// Vulture's shots this turn are unaffected, later ones +2.
		target := liao(1, 0)
		before, _ := ToHit(v, target, 1, mapgen.Open)
		v = v.EndPhase()
		after, _ := ToHit(v, target, 1, mapgen.Open)
		if before.Number != 4 || after.Number != 4+2*tc.fc || v.Crits.FireControl != tc.fc {
			t.Errorf("roll %v: to-hit %d before and %d after the End Phase, want 4 and %d", tc.faces, before.Number, after.Number, 4+2*tc.fc)
		}
	}
}

// Ensure the Applying Damage steps' ends (002 lines 338–360): damage past
// the structure destroys, structure reduced to exactly 0 destroys, no roll
// either way; armor alone never rolls; a destroyed element takes nothing
// more and its hits count (002 line 193).
func TestDamageDestroys(t *testing.T) {
	v := NewElementState(AlphaFire().Elements[3]) // 4/3
	d := scripted(t)
	v1, rep := hit(t, v, 7, d)
	if !v1.Destroyed || !rep.Destroyed || v1.StructureLeft != 0 || len(rep.Criticals) != 0 {
		t.Errorf("7 on 4/3: %+v %+v, want destroyed without a roll", v1, rep)
	}
	v2, rep := hit(t, v, 8, d)
	if !v2.Destroyed || rep.Structure != 3 {
		t.Errorf("8 on 4/3: %+v %+v", v2, rep)
	}
	v3, rep := hit(t, v2, 3, d)
	if v3 != v2 || rep.Armor != 0 || rep.Structure != 0 {
		t.Errorf("a hit on a destroyed element changed it: %+v %+v", v3, rep)
	}
	v4, rep := hit(t, v, 4, d)
	if v4.Destroyed || v4.StructureLeft != 3 || len(rep.Criticals) != 0 {
		t.Errorf("4 on 4/3: %+v %+v, want armor gone and no roll", v4, rep)
	}
	if _, _, err := v.TakeDamage(-1, d, "test"); err == nil {
		t.Error("negative damage: want an error")
	}
	// A destroyed element stays in play until the End Phase and may fire.
	if _, err := v1.DeclareAttack(0); err != nil {
		t.Errorf("a destroyed element may still return fire this turn: %v", err)
	}
}

// Ensure every row of the Determining Critical Hits Table (002 lines
// 885–898) and its effects (002 lines 374–404).
func TestCriticalHits(t *testing.T) {
	for roll, want := range map[int]Critical{2: AmmoHit, 3: EngineHit, 4: FireControlHit, 5: NoCritical, 6: WeaponHit,
		7: MPHit, 8: WeaponHit, 9: NoCritical, 10: FireControlHit, 11: EngineHit, 12: HeadBlownOff} {
		if got, err := CriticalFor(roll); err != nil || got != want {
			t.Errorf("CriticalFor(%d) = %v %v, want %v", roll, got, err, want)
		}
	}
	if _, err := CriticalFor(13); err == nil {
		t.Error("13 is no 2D6 roll")
	}
	// One point past the armor of a fresh element, then the roll.
	crit := func(e Element, faces ...int) (ElementState, DamageReport) {
		s := NewElementState(e)
		return hit(t, s, s.ArmorLeft+1, scripted(t, faces...))
	}
	plain := AlphaFire().Elements[0]  // Mad Dog F, no special, 4/3
	caseEl := AlphaFire().Elements[3] // Vulture C, CASE, 4/3
	ene := AlphaFire().Elements[2]    // Gargoyle, ENE, 8/4

	if s, rep := crit(plain, 1, 1); !s.Destroyed || rep.Criticals[0].Effect != DestroyedBy {
		t.Errorf("ammo hit without CASE or ENE: %+v", rep)
	}
	if s, rep := crit(ene, 1, 1); s.Destroyed || s.StructureLeft != 3 || rep.Criticals[0].Effect != Nothing {
		t.Errorf("ammo hit with ENE is ignored: %+v %+v", s, rep)
	}
	// CASE: 1 damage, which damages structure and rolls again (a 9: none).
	if s, rep := crit(caseEl, 1, 1, 4, 5); s.Destroyed || s.StructureLeft != 1 || len(rep.Criticals) != 2 ||
		rep.Criticals[0].Effect != CaseDamage || rep.Criticals[1].Critical != NoCritical || rep.Structure != 2 {
		t.Errorf("ammo hit with CASE: %+v %+v", s, rep)
	}
	// Engine: +1 heat on every firing once in effect; the second destroys.
	s, rep := crit(plain, 1, 2)
	if s.Destroyed || s.NewCrits.Engine != 1 || rep.Criticals[0].Effect != Marked {
		t.Errorf("first engine hit: %+v", s)
	}
	s = s.EndPhase()
	s, _ = s.DeclareAttack(0)
	if s = s.EndPhase(); s.Heat != 1 {
		t.Errorf("firing with an engine hit: heat %d, want 1", s.Heat)
	}
	s, rep = hit(t, s, 1, scripted(t, 5, 6))
	if !s.Destroyed || rep.Criticals[0].Effect != DestroyedBy {
		t.Errorf("second engine hit: %+v", rep)
	}
	if s, rep := crit(plain, 6, 6); !s.Destroyed || rep.Criticals[0].Critical != HeadBlownOff {
		t.Errorf("head blown off: %+v", rep)
	}
	// Weapon: -1 to every value once in effect.
	if s, _ := crit(plain, 3, 3); s.EndPhase().DamageAt(Short) != 5 || s.EndPhase().DamageAt(Long) != 2 {
		t.Errorf("weapon hit: %+v", s.EndPhase())
	}
}

// Ensure the MP hit (002 lines 398–400): half the current MP lost,
// rounded normally, at least 1; and a critical hit that cannot apply
// deals 1 damage instead, without another roll (002 line 374).
func TestMPHitAndOneDamage(t *testing.T) {
	for _, tc := range []struct{ mv, hits, want int }{
		{5, 1, 2}, {4, 1, 2}, {7, 1, 3}, {1, 1, 0}, {2, 1, 1}, {8, 2, 2}, {3, 2, 0},
	} {
		if got := afterMPHits(tc.mv, tc.hits); got != tc.want {
			t.Errorf("%d MP after %d MP hits: %d, want %d", tc.mv, tc.hits, got, tc.want)
		}
	}
	lynx := NewElementState(AlphaRecon().Elements[3]) // 7/4j, 2/1
	lynx.Crits.MP = 1                                 // 7/4 → 3/2
	if lynx.MP() != 3 || lynx.JumpMP() != 2 {
		t.Errorf("Mist Lynx after an MP hit: %d/%dj, want 3/2j (ruling QS5)", lynx.MP(), lynx.JumpMP())
	}

	// A weapon hit on an element whose values are all 0 already.
	weak := NewElementState(Element{Name: "weak", MV: 4, Damage: [3]int{1, 1, 0}, Weight: 1, Armor: 1, Structure: 4, PV: 5})
	weak.Crits.Weapon = 1
	s, rep := hit(t, weak, 2, scripted(t, 3, 3))
	if s.StructureLeft != 2 || rep.Criticals[0].Effect != OneDamage || len(rep.Criticals) != 1 || s.NewCrits.Weapon != 0 {
		t.Errorf("weapon hit that cannot apply: %+v %+v, want 1 more damage and no roll", s, rep)
	}
	// An MP hit on an element with no MP left; marked hits this turn count.
	weak.Crits = Crits{}
	weak.MV = 1
	s, _ = hit(t, weak, 2, scripted(t, 3, 4))
	if s.NewCrits.MP != 1 || s.StructureLeft != 3 {
		t.Fatalf("first MP hit: %+v", s)
	}
	s, rep = hit(t, s, 1, scripted(t, 3, 4))
	if s.StructureLeft != 1 || rep.Criticals[0].Effect != OneDamage || s.NewCrits.MP != 1 {
		t.Errorf("MP hit on 0 MP: %+v %+v", s, rep)
	}
	// The extra point may destroy.
	s, rep = hit(t, s.EndPhase(), 0, scripted(t))
	if len(rep.Criticals) != 0 {
		t.Errorf("0 damage rolled: %+v", rep)
	}
	weak.StructureLeft = 2
	weak.Crits.Weapon = 1
	s, rep = hit(t, weak, 2, scripted(t, 4, 4))
	if !s.Destroyed || !rep.Destroyed || rep.Criticals[0].Effect != OneDamage {
		t.Errorf("the point a critical hit deals destroys: %+v %+v", s, rep)
	}
}
