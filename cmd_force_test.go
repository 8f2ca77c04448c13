package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure `bfbot force show` prints a roster in the book's layout (lines
// 2794–3086): battalions, companies, lances with values, experience and
// crew.
func TestForceShow(t *testing.T) {
	out, errs, code := run(t, "force", "show", "crucis")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"7th Crucis Lancers (BattleForce p. 68, 7th Crucis Lancers): 32 counters",
		"\nVanur's Battalion\n",
		"  McKinnon's Company — The Fox's Teeth\n",
		"    Command Lance — 10(13)/8-2 4 Elite, Medium 'Mech lance, 23 points (BattleForce p. 68, 7th Crucis Lancers)\n",
		"      Captain Ian McKinnon; Elite Marauder\n",
		"    Heavy Air Lance — 11(8)/6-15 H Elite, Heavy air lance, 21 points (BattleForce p. 68, 7th Crucis Lancers)\n",
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

// rgfWriteFile writes a regiment file into a temporary directory.
func rgfWriteFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

const rgfExample = "campaign/forces/testdata/regiments/example.yaml"

// Ensure `bfbot force show FILE` prints a regiment file as it prints a
// roster, with the hidden infantry, the DropShip and the special
// purchases.
func TestForceShowFile(t *testing.T) {
	out, errs, code := run(t, "force", "show", rgfExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"Harlech Guard: 6 counters, 137 purchase points\n",
		"\nFirst Battalion\n  Able Company\n",
		"    Command Lance — 19(25)/12-3 3 Veteran, Assault 'Mech lance, 31 points\n",
		"    Guard Platoon — 3(6)/5-1 1 Regular, Infantry platoon, 3 points (hidden)\n",
		"      Captain Ann Rhys; Elite Cyclops\n",
		"Regimental Battlegroup: 3 truck counters, 1 DropShips, 50 repair points\n",
		"    Cardiff — 8(0)/6-6 0 Regular, Leopard DropShip, 24 points\n",
		"Special purchases: mines 10\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	out, _, code = run(t, "force", "show", "--json", rgfExample)
	var r regimentJSON
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil {
		t.Fatalf("--json: exit %d, %v", code, err)
	}
	if r.ID != "harlech-guard" || r.Budget != "heavy" || r.Cost != 137 || r.Mines != 10 || !r.Units[5].Hidden || len(r.RBG.DropShips) != 1 {
		t.Errorf("json = %+v", r)
	}
}

// Ensure `bfbot force export` writes a regiment file that shows as the
// built-in it came from.
func TestForceExport(t *testing.T) {
	for _, id := range []string{"crucis", "bandits"} {
		t.Run(id, func(t *testing.T) {
			out, errs, code := run(t, "force", "export", id)
			if code != 0 || !strings.HasPrefix(out, "# A BattleForce regiment file") || !strings.Contains(out, "id: "+id+"\n") {
				t.Fatalf("exit %d: %s\n%s", code, errs, out)
			}
			p := rgfWriteFile(t, id+".yaml", out)
			fromFile, _, code := run(t, "force", "show", p)
			builtIn, _, _ := run(t, "force", "show", id)
			if code != 0 || fromFile != builtIn {
				t.Errorf("show of the export differs from show %s (exit %d)", id, code)
			}
			again, _, _ := run(t, "force", "export", p)
			if again != out {
				t.Errorf("export of the export differs")
			}
		})
	}
}

// Ensure `bfbot force check` prints the bill and every problem, with exit
// status 1 on problems, and --budget checks the points of any regiment.
func TestForceCheck(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		out, errs, code := run(t, "force", "check", rgfExample)
		if code != 0 || !strings.Contains(out, "total 137 purchase points") || !strings.Contains(out, "budget: Heavy regiment, 670 points, 50 of them special (BattleForce p. 47, Using Purchase Points)") ||
			!strings.Contains(out, "OK: the regiment may take the field") {
			t.Errorf("exit %d: %s\n%s", code, errs, out)
		}
	})
	t.Run("OKImported", func(t *testing.T) {
		out, _, code := run(t, "force", "check", "crucis")
		if code != 0 || !strings.Contains(out, "no budget: an imported force") {
			t.Errorf("exit %d\n%s", code, out)
		}
	})
	t.Run("ErrOverBudget", func(t *testing.T) {
		out, errs, code := run(t, "force", "check", "campaign/forces/testdata/regiments/over_budget.yaml")
		if code != 1 || !strings.Contains(out, "3 problem(s):\n") || !strings.Contains(out, "  - the regiment costs 673 points, 245 more than the 428 of a Light regiment\n") ||
			!strings.Contains(errs, "3 problem(s) keep the regiment off the field") {
			t.Errorf("exit %d: %s\n%s", code, errs, out)
		}
	})
	t.Run("ErrAirLancesOverSpecial", func(t *testing.T) {
		// A medium regiment of one Locust lance and eight Elite Chippewa
		// air lances fits the 524 points but not the 50 special points
		// that buy air units (lines 1961, 2038).
		out, _, code := run(t, "force", "check", "campaign/forces/testdata/regiments/air_special.yaml")
		if code != 1 || !strings.Contains(out, "special purchases 184") ||
			!strings.Contains(out, "  - special purchases (chits, air lances, artillery, DropShips, hidden infantry, mines, drops, salvage) cost 184, more than the 50 special points") {
			t.Errorf("exit %d\n%s", code, out)
		}
	})
	t.Run("ErrBudgetFlag", func(t *testing.T) {
		// The Lancers' 32 lances cost more than a light regiment's 428
		// points (line 1953).
		out, _, code := run(t, "force", "check", "crucis", "--budget", "light")
		if code != 1 || !strings.Contains(out, "more than the 428 of a Light regiment") {
			t.Errorf("exit %d\n%s", code, out)
		}
		_, errs, code := run(t, "force", "check", "crucis", "--budget", "huge")
		if code != 2 || !strings.Contains(errs, "use heavy, medium or light") {
			t.Errorf("exit %d: %s", code, errs)
		}
	})
	t.Run("ErrFile", func(t *testing.T) {
		p := rgfWriteFile(t, "bad.yaml", "id: x\nname: X\ngroups:\n  - units:\n      - {name: A, machines: [Atlass], experience: regular}\n")
		_, errs, code := run(t, "force", "check", p)
		if code != 1 || !strings.Contains(errs, "regiment file: line 5: groups[0].units[0].machines: member 1: unknown unit \"Atlass\"") {
			t.Errorf("exit %d: %s", code, errs)
		}
		_, errs, code = run(t, "force", "show", filepath.Join(t.TempDir(), "missing.yaml"))
		if code != 1 || !strings.Contains(errs, "missing.yaml") {
			t.Errorf("missing file: exit %d: %s", code, errs)
		}
	})
}

// Ensure the subcommands refuse a bad command line with exit 2.
func TestForceUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"force", "export"}, {"force", "export", "kell"}, {"force", "check"}, {"force", "check", "a", "b"}, {"force", "show", "a.yaml", "b.yaml"}} {
		_, errs, code := run(t, args...)
		if code != 2 || !strings.Contains(errs, "crucis") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// Ensure force check and force show give drop readiness and its cost: a
// 'Mech lance kept ready to drop, 10 points a 'Mech (000 lines 2040–2042), the
// only kind a campaign holds in orbit (ruling DR24).
func TestForceDropReadiness(t *testing.T) {
	p := rgfWriteFile(t, "drop.yaml", `id: drop-test
name: Drop Test
groups:
  - company: Able Company
    units:
      - {name: Assault Lance, machines: [BattleMaster, Stalker, Zeus, Zeus], experience: regular, drop: true}
      - {name: Fire Lance, machines: [Archer, Archer, Catapult, Catapult], experience: regular}
`)
	out, errs, code := run(t, "force", "check", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := "kept ready to drop from orbit, 40 points at 10 a 'Mech (BattleForce p. 48, Special Purchases): Able Company Assault Lance"; !strings.Contains(out, want) {
		t.Errorf("force check lacks %q:\n%s", want, out)
	}
	if out, _, _ = run(t, "force", "show", p); !strings.Contains(out, "kept ready to drop from orbit (40 points, BattleForce p. 48, Special Purchases): Able Company Assault Lance") {
		t.Errorf("force show lacks the drop:\n%s", out)
	}
}
