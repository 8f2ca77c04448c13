package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Ensure `bfbot force show` prints a roster in the book's layout (lines
// 2794–3088): battalions, companies, lances with values, experience and
// crew.
func TestForceShow(t *testing.T) {
	out, errs, code := run(t, "force", "show", "crucis")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"7th Crucis Lancers (seed 000 line 2794): 32 counters",
		"\nVanur's Battalion\n",
		"  McKinnon's Company — The Fox's Teeth\n",
		"    Command Lance — 10(13)/8-2 4 Elite, Medium 'Mech lance, 23 points (line 2838)\n",
		"      Captain Ian McKinnon; Elite Marauder\n",
		"    Heavy Air Lance — 11(8)/6-15 H Elite, Heavy air lance, 21 points (line 3055)\n",
		"Regimental Battlegroup: 3 truck counters, 0 DropShips, 50 repair points",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	out, _, code = run(t, "force", "show", "bandits")
	if code != 0 || !strings.Contains(out, "      Elite Long Tom\n") || !strings.Contains(out, "Mangrove's Battalion") {
		t.Errorf("bandits: exit %d\n%s", code, out)
	}
}

// Ensure --json gives the regiment with every lance in the lance JSON form.
func TestForceShowJSON(t *testing.T) {
	out, errs, code := run(t, "force", "show", "--json", "bandits")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r regimentJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.ID != "bandits" || len(r.Units) != 37 || len(r.RBG.Trucks) != 3 || r.RBG.RepairPoints != 50 {
		t.Fatalf("got %s %d units %d trucks", r.ID, len(r.Units), len(r.RBG.Trucks))
	}
	u := r.Units[1] // DeLaney Battery, line 3151
	if u.Line != 3151 || u.Printed != "7(0)/4-(5-40) 2t" || u.Lance.Class != "long-tom" || u.Lance.MinRange != 5 || u.Lance.R != 40 ||
		u.Lance.Cost != 19 || len(u.Crew) != 4 || u.Crew[0].Experience != "elite" {
		t.Errorf("DeLaney Battery = %+v", u)
	}
}

// Ensure a bad id or command line exits 2 naming the choices.
func TestForceShowErrors(t *testing.T) {
	for _, args := range [][]string{{"force", "show", "kell"}, {"force", "show"}, {"force"}, {"force", "list"}} {
		_, errs, code := run(t, args...)
		if code != 2 || !strings.Contains(errs, "crucis") || !strings.Contains(errs, "bandits") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
