package quickstart

import (
	"slices"
	"testing"

	"bfbot/mapgen"
)

// liao is a stand-in for the example's House Liao 'Mechs, whose record
// sheets the book does not give: only their MP matters.
func liao(mv, jump int) ElementState {
	return NewElementState(Element{Name: "Liao 'Mech", MV: mv, Jump: jump, Damage: [3]int{3, 3, 1}, Weight: 2, Armor: 4, Structure: 2, PV: 12})
}

// Ensure the To-Hit Roll Diagram example (002 lines 271–277 and 237):
// Alice's Ghost Bear 'Mech in hex A attacks the 'Mech in hex F, 2 hexes
// away in light woods with 1 MP, at 7, and the one in hex D, 1 hex away in
// heavy woods with 6(j) MP, at 9.
func TestToHitExampleHexA(t *testing.T) {
	alice := NewElementState(AlphaRecon().Elements[0]) // any Ghost Bear 'Mech with short and medium damage
	f, err := ToHit(alice, liao(1, 0), 2, mapgen.LightWoods)
	if err != nil {
		t.Fatal(err)
	}
	if f.Number != 7 || f.Bracket != Medium {
		t.Errorf("hex F: %+v, want 7 at medium range (line 275)", f)
	}
	d, err := ToHit(alice, liao(6, 6), 1, mapgen.HeavyWoods)
	if err != nil {
		t.Fatal(err)
	}
	want := []Modifier{{"base", 4}, {"target movement", 2}, {"target jump-capable", 1}, {"target in heavy-woods", 2}}
	if d.Number != 9 || d.Bracket != Short || !slices.Equal(d.Modifiers, want) {
		t.Errorf("hex D: %+v, want 9 = %v (line 237)", d, want)
	}
}

// Ensure the Range Table and the Target Movement rows (002 lines 227–231,
// 307–317).
func TestRangeAndMovementTables(t *testing.T) {
	for d, want := range map[int]Bracket{0: Short, 1: Short, 2: Medium, 4: Medium, 5: Long, 8: Long} {
		if b, ok := BracketAt(d); !ok || b != want {
			t.Errorf("BracketAt(%d) = %v %v, want %v", d, b, ok, want)
		}
	}
	if _, ok := BracketAt(9); ok {
		t.Error("9 hexes is beyond Long range")
	}
	for mp, want := range map[int]int{0: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 9: 3, 10: 4, 17: 4, 18: 5, 30: 5} {
		if got := MovementModifier(mp); got != want {
			t.Errorf("MovementModifier(%d) = %d, want %d", mp, got, want)
		}
	}
}

// Ensure the attacker and target modifiers: fire control hits +2 each,
// heat level, a shut-down target -4 with neither movement nor jump
// modifier (002 lines 322–336, 468), and the attacks the table forbids.
func TestToHitModifiers(t *testing.T) {
	att := NewElementState(AlphaFire().Elements[4]) // Stormcrow 6/6/2
	att.Crits.FireControl, att.Heat = 2, 1
	tgt := liao(6, 6)
	n, err := ToHit(att, tgt, 5, mapgen.Open)
	if err != nil {
		t.Fatal(err)
	}
	// 4 + 4 long + 2 movement + 1 jump + 4 fire control + 1 heat.
	if n.Number != 16 || !n.Impossible() {
		t.Errorf("%+v: want 16, impossible", n)
	}
	tgt.Shutdown = true
	n, _ = ToHit(NewElementState(AlphaFire().Elements[4]), tgt, 3, mapgen.Rough)
	if n.Number != 2 || n.Impossible() {
		t.Errorf("shut-down target at medium range in rough: %+v, want 4+2-4 = 2", n)
	}
	// An element with no MP left (MP hits) is immobile (ruling QS4).
	still := liao(1, 0)
	still.Crits.MP = 1
	if n, _ := ToHit(att, still, 1, mapgen.Open); n.Number != 4+4+1-4 {
		t.Errorf("immobile target: %+v", n)
	}
	// Heat slows the target: 6 MP at heat 2 is 4 MP, +1 (line 330).
	hot := liao(6, 0)
	hot.Heat = 2
	if n, _ := ToHit(NewElementState(AlphaFire().Elements[4]), hot, 1, mapgen.Open); n.Number != 5 {
		t.Errorf("target at heat 2: %+v, want 5", n)
	}
	// Ruling QS3: a 7/4j target counts its 7 ground MP, +3, and +1 jump.
	lynx := NewElementState(AlphaRecon().Elements[3])
	if n, _ := ToHit(att, lynx, 1, mapgen.Open); n.Number != 4+3+1+4+1 {
		t.Errorf("Mist Lynx target: %+v", n)
	}

	ocelot := NewElementState(AlphaRecon().Elements[0]) // 3/3/0
	for _, tc := range []struct {
		att  ElementState
		dist int
		want string
	}{
		{ocelot, 5, "no damage at long range"},
		{ocelot, 9, "the longest range is 8"},
		{func() ElementState { s := ocelot; s.Shutdown = true; return s }(), 1, "shut down"},
		{func() ElementState { s := ocelot; s.Crits.Weapon = 3; return s }(), 1, "no damage at short range"},
	} {
		if _, err := ToHit(tc.att, tgt, tc.dist, mapgen.Open); err == nil || !contains(err.Error(), tc.want) {
			t.Errorf("ToHit at %d: %v, want %q", tc.dist, err, tc.want)
		}
	}
}

// Ensure a hit's damage: the Damage Value less weapon hits, plus the
// declared overheat where there is a value, plus 1 from the rear (002
// lines 287, 404, 414).
func TestAttackDamage(t *testing.T) {
	s := NewElementState(AlphaFire().Elements[4]) // Stormcrow 6/6/2, OV 1
	s, err := s.DeclareAttack(1)
	if err != nil {
		t.Fatal(err)
	}
	if got := AttackDamage(s, Long, true); got != 2+1+1 {
		t.Errorf("long, overheat 1, rear: %d, want 4", got)
	}
	s.Crits.Weapon = 2
	if got := AttackDamage(s, Long, false); got != 0 {
		t.Errorf("long with 2 weapon hits: %d, want 0 (no value, no overheat)", got)
	}
	if got := AttackDamage(s, Short, false); got != 4+1 {
		t.Errorf("short with 2 weapon hits: %d, want 5", got)
	}
}
