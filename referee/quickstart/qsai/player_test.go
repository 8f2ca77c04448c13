package qsai

import (
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

func unitOn(id string, side int, u quickstart.Unit, at string, f hex.Direction) quickstart.UnitState {
	return quickstart.Place(id, side, u, hex.MustParse(at), f)
}

// combat is Blake's Peaceful Cleansing (side 0) facing the bears' Recon
// Star two hexes north, in Blake's Combat Phase.
func combat(t *testing.T) quickstart.State {
	t.Helper()
	script, _ := dice.NewScript(1, 1, 6, 6)
	d := dice.New(script)
	s, _, err := quickstart.NewBattle(mapgen.New(15, 17), [2]string{"blake", "bears"}, [2]string{}, []quickstart.UnitState{
		unitOn("PC", 0, quickstart.PeacefulCleansing(), "0810", hex.N),
		unitOn("AR", 1, quickstart.AlphaRecon(), "0808", hex.S),
	}, d)
	if err != nil {
		t.Fatal(err)
	}
	for s.Phase != quickstart.CombatPhase {
		if s, _, err = quickstart.Apply(s, quickstart.Action{Kind: quickstart.Done}, d); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// Ensure both levels declare only offered attacks until every Element
// has fired, then end the phase; the Tactician keeps its heat at 1 or
// less and puts its Unit's fire on one Element until its printed circles
// are covered, then on the next; Greedy overheats as far as it may and
// fires everything at its likeliest target.
func TestCombatChoices(t *testing.T) {
	for _, level := range []Level{Tactician, Greedy} {
		s := combat(t)
		p := Player{Side: 0, Level: level}
		targets := map[int]int{}
		overheat := 0
		for range 20 {
			a := p.Next(s)
			if !slices.ContainsFunc(quickstart.ValidActions(s), func(v quickstart.Action) bool { return v.String() == a.String() }) {
				t.Fatalf("%v: %v is not offered", level, a)
			}
			if a.Kind == quickstart.Done {
				break
			}
			targets[a.Attack.TargetElement]++
			overheat += a.Attack.Overheat
			if level == Tactician && a.Attack.Overheat > 1 {
				t.Errorf("the Tactician overheats by %d", a.Attack.Overheat)
			}
			var err error
			if s, _, err = quickstart.Apply(s, a, nil); err != nil {
				t.Fatal(err)
			}
		}
		if len(s.Declared) != 6 {
			t.Errorf("%v declared %d attacks, want one for each of the 6 Elements", level, len(s.Declared))
		}
		switch level {
		case Tactician:
			// Six Elements at medium range on lights of 6 or 5 circles:
			// the fire goes on one until it is covered, then the next —
			// neither all on one nor one on each.
			if len(targets) < 2 || len(targets) > 3 {
				t.Errorf("the Tactician's fire by target Element: %v", targets)
			}
		case Greedy:
			// The Grigori, the Awesome (1 each), the Zeus and the Banshee
			// (2 each) overheat fully.
			if overheat != 6 || len(targets) != 1 {
				t.Errorf("Greedy overheated %d in all (want 6), at %v (want all on one)", overheat, targets)
			}
		}
	}
}

// Ensure in the Movement Phase both levels move every Unit once, by an
// offered action, and then end the phase; the Tactician turns its front
// toward the enemy it cannot yet reach.
func TestMovementChoices(t *testing.T) {
	script, _ := dice.NewScript(1, 1, 6, 6)
	s, _, err := quickstart.NewBattle(mapgen.New(15, 17), [2]string{"blake", "bears"}, [2]string{}, []quickstart.UnitState{
		unitOn("DF", 0, quickstart.DivineFire(), "0816", hex.S),
		unitOn("AF", 1, quickstart.AlphaFire(), "0801", hex.S),
	}, dice.New(script))
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range []Level{Tactician, Greedy} {
		a := Player{Side: 0, Level: level}.Next(s)
		if a.Kind != quickstart.Move && a.Kind != quickstart.Jump {
			t.Fatalf("%v: %v, want DF to move", level, a)
		}
		n, _, err := quickstart.Apply(s, a, nil)
		if err != nil {
			t.Fatalf("%v: %v: %v", level, a, err)
		}
		df := n.Units[1]
		if quickstart.FiringArcOf(df.Hex, df.Facing, hex.MustParse("0801")) != quickstart.InArc {
			t.Errorf("%v: DF ends in %s facing %v, the enemy out of its arc", level, df.Hex, df.Facing)
		}
		if hex.Distance(df.Hex, hex.MustParse("0801")) >= 15 {
			t.Errorf("%v: DF did not close (%s)", level, df.Hex)
		}
		if b := (Player{Side: 0, Level: level}).Next(n); b.Kind != quickstart.Done {
			t.Errorf("%v: after DF's move: %v, want done", level, b)
		}
	}
}
