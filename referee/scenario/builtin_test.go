package scenario

import (
	"os"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Ensure every shipped scenario parses, has a name and a first line
// citing the book's page, and BuiltIn finds it by name (any case).
func TestBuiltIns(t *testing.T) {
	names := BuiltIns()
	if len(names) == 0 {
		t.Fatal("no shipped scenarios")
	}
	for _, want := range []string{"surprise-encounter", "steel-tip", "pounce", "dreaded-duty", "no-profit-in-dying",
		"no-mech", "mechs-versus-non-mechs", "hot-assault"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("BuiltIns() = %v lacks %s", names, want)
		}
	}
	for _, n := range names {
		data, err := BuiltIn(strings.ToUpper(n))
		if err != nil {
			t.Fatalf("BuiltIn(%s): %v", n, err)
		}
		if first, _, _ := strings.Cut(string(data), "\n"); !strings.Contains(first, "(BattleForce p. ") {
			t.Errorf("%s: its first line %q cites no page of the book", n, first)
		}
		sc, err := Parse(data, nil)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if sc.Name == "" {
			t.Errorf("%s has no name", n)
		}
	}
}

// Ensure an unknown name is refused with the shipped names listed.
func TestBuiltInUnknown(t *testing.T) {
	_, err := BuiltIn("steel-tip-deluxe")
	if err == nil {
		t.Fatal("no error")
	}
	for _, n := range BuiltIns() {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("error %q does not list %s", err, n)
		}
	}
}

// Ensure RunAI with one side under AI plays that side's turns, skips its
// commands in the file and plays the others' (here: none, so the battle
// ends when the other side's commands run out); with every side under AI
// the battle is played out and ends.
func TestRunAI(t *testing.T) {
	raw, err := os.ReadFile("testdata/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse(raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ends int
	var bandits int
	out := Output{Event: func(e referee.Event) {
		if e.Type == "battle_end" {
			ends++
		}
		if e.Side == "bandits" && e.Turn > 0 && e.Dice == nil {
			bandits++
		}
	}}
	s, err := sc.RunAI(dice.New(dice.NewSeeded(4)), out, map[string]*ai.Player{"bandits": ai.New("bandits", ai.Normal, 4)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase != referee.PhaseOver || ends != 1 {
		t.Errorf("phase %v, %d battle_end events", s.Phase, ends)
	}
	if bandits == 0 {
		t.Error("the AI played no bandits action")
	}

	ends = 0
	players := map[string]*ai.Player{"bandits": ai.New("bandits", ai.Normal, 1), "lancers": ai.New("lancers", ai.Normal, 2)}
	s, err = sc.RunAI(dice.New(dice.NewSeeded(4)), out, players, 2)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase != referee.PhaseOver || ends != 1 || s.Turn > 3 {
		t.Errorf("phase %v turn %d, %d battle_end events", s.Phase, s.Turn, ends)
	}
	if _, err := sc.RunAI(dice.New(dice.NewSeeded(4)), out, map[string]*ai.Player{"pirates": ai.New("pirates", ai.Normal, 1)}, 0); err == nil {
		t.Error("an AI for no side was accepted")
	}
}

// Ensure the shipped scenarios' fixed forces cost what their comments say
// (forces.PurchaseCost, 000 line 2124), within the book's purchase points
// (leftover points are lost, line 2120).
func TestBuiltInPoints(t *testing.T) {
	want := map[string]map[string]int{
		"surprise-encounter":     {"lancers": 199, "bandits": 200},
		"no-mech":                {"garrison": 200, "bandits": 199},
		"mechs-versus-non-mechs": {"lancers": 70, "bandits": 87},
	}
	for name, sides := range want {
		data, err := BuiltIn(name)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := Parse(data, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, u := range sc.Setup.Units {
			l := forces.Lance{Class: u.Class, Rows: u.Rows, OverburnRA: u.OverburnRA, Experience: u.Experience, Chits: u.Chits}
			got[u.Side] += forces.PurchaseCost(l)
			if name == "no-mech" && u.Class.Kind() == referee.KindMech {
				t.Errorf("no-mech: %s is a 'Mech lance", u.ID)
			}
			if k := u.Class.Kind(); k == referee.KindArtillery || k == referee.KindAir || k == referee.KindDropShip {
				t.Errorf("%s: %s is %v", name, u.ID, k)
			}
		}
		for side, pts := range sides {
			if got[side] != pts {
				t.Errorf("%s: %s costs %d points, want %d", name, side, got[side], pts)
			}
		}
	}
}
