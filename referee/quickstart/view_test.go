package quickstart

import (
	"reflect"
	"testing"

	"bfbot/mapgen"
)

// Ensure a side's View holds its own Elements' marks and none of the
// enemy's: two battles that differ only in an enemy Element's damage,
// heat and critical hits give the same View, and the own Element's
// armor, structure and heat are in it.
func TestViewHidesEnemyMarks(t *testing.T) {
	s := battle(t, mapgen.New(16, 17), 1, 1, 6, 6)
	hurt := s.Clone()
	for i := range hurt.Units {
		if hurt.Units[i].ID == "AR" {
			e := &hurt.Units[i].Elements[0]
			e.ArmorLeft, e.StructureLeft, e.Heat, e.Crits = 1, 1, 2, Crits{Engine: 1, Weapon: 1}
		}
		if hurt.Units[i].ID == "DF" {
			hurt.Units[i].Elements[1].ArmorLeft = 1
		}
	}
	if errs := hurt.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	blake, blakeHurt := ViewOf(s, 0), ViewOf(hurt, 0)
	bears, bearsHurt := ViewOf(s, 1), ViewOf(hurt, 1)
	for _, v := range []View{blake, blakeHurt} {
		for _, u := range v.Units {
			for _, e := range u.Elements {
				if e.Known != u.Own || (!u.Own && (e.ArmorLeft != 0 || e.Heat != 0 || e.Crits != (Crits{}))) {
					t.Errorf("blake's view of %s %s: %+v", u.ID, e.Name, e)
				}
			}
		}
	}
	if reflect.DeepEqual(blake, blakeHurt) {
		t.Error("blake's view does not show its own damage")
	}
	if reflect.DeepEqual(bears, bearsHurt) {
		t.Error("the bears' view does not show their own damage")
	}
	// Without the own damage, the enemy's marks change nothing.
	only := hurt.Clone()
	for i := range only.Units {
		if only.Units[i].ID == "DF" {
			only.Units[i].Elements[1].ArmorLeft = s.Units[i].Elements[1].ArmorLeft
		}
	}
	if !reflect.DeepEqual(blake, ViewOf(only, 0)) {
		t.Error("the enemy's damage, heat or criticals show in blake's view")
	}
}
