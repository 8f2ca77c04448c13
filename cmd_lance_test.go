package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// Line numbers in this file are of book 000, BattleForce (docs/sources.md).

// Ensure `bfbot lance` makes the Four Brothers (Wasp, Thunderbolt,
// Vindicator, Hatchetman: line 1385) as the book does: RA 8, CA 12, D 8,
// R 3, MP 4, no jump (lines 1532–1538, 1518), printed as a counter with
// its red overburn row (R5) and the cost of R8 for a Veteran lance (line
// 1634).
func TestLanceFourBrothers(t *testing.T) {
	out, errs, code := run(t, "lance", "--exp", "veteran", "--name", "Four Brothers", "Wasp", "Thunderbolt", "Vindicator", "Hatchetman")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		`medium-mech "Four Brothers": Wasp, Thunderbolt, Vindicator, Hatchetman`,
		"overburn (red)        3   6  10\n",
		"step 0 (blue)         3   4   8  12   8\n",
		"step 1 (green)        3   4   6   9   6\n",
		"step 3 (orange)       3   4   2   3   2\n",
		"jump: no",
		"experience: veteran   cost: 15",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// Ensure --json prints exactly docs/architecture.md's fields for the same lance.
func TestLanceJSON(t *testing.T) {
	out, errs, code := run(t, "lance", "--json", "Wasp", "Thunderbolt", "Vindicator", "Hatchetman")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, f := range []string{"ra", "ca", "d", "r", "mp", "jump", "overburn_ra", "overburn_mp", "steps", "experience", "cost"} {
		if _, ok := got[f]; !ok {
			t.Errorf("no field %q in %s", f, out)
		}
	}
	var l struct {
		RA, CA, D, R, MP int
		Jump             bool
		OverburnRA       int `json:"overburn_ra"`
		OverburnMP       int `json:"overburn_mp"`
		Steps            []struct{ RA, CA, D int }
		Experience       string
		Cost             int
		Class            string
		Members          []string
	}
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatal(err)
	}
	if l.RA != 8 || l.CA != 12 || l.D != 8 || l.R != 3 || l.MP != 4 || l.Jump || l.OverburnRA != 10 || l.OverburnMP != 6 {
		t.Errorf("lance = %+v", l)
	}
	// Default experience Regular: cost = overburn RA 10 (R8).
	if len(l.Steps) != 4 || l.Steps[1].RA != 6 || l.Experience != "regular" || l.Cost != 10 || l.Class != "medium-mech" || len(l.Members) != 4 {
		t.Errorf("lance = %+v", l)
	}
}

// Ensure an air lance prints AA and ST and its two rows (line 1163), and
// York's Heavy Air Lance (line 3055) comes out 11(8)/6-15.
func TestLanceAir(t *testing.T) {
	out, errs, code := run(t, "lance", "--exp", "elite", "Stuka", "Stuka")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"heavy-air: Stuka, Stuka", " AA  ST   D\n", "step 0 (blue)        15  10  11   8   6\n", "cost: 21"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "step 2") || strings.Contains(out, "overburn") {
		t.Errorf("air counter with steps 2–3 or overburn:\n%s", out)
	}
}

// Ensure bad names fail with Lookup's suggestion (exit 1) and bad command
// lines with exit 2.
func TestLanceErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"ErrUnknown", []string{"lance", "Wasp", "Atlos"}, 1, `member 2: unknown unit "Atlos": did you mean Atlas?`},
		{"ErrMix", []string{"lance", "Atlas", "Pegasus"}, 1, "a counter holds one kind of machine"},
		{"ErrFive", []string{"lance", "Atlas", "Atlas", "Atlas", "Atlas", "Atlas"}, 1, "at most 4"},
		{"ErrNoNames", []string{"lance", "--json"}, 2, "name the lance's machines"},
		{"ErrExp", []string{"lance", "--exp", "ace", "Atlas"}, 2, `--exp: experience "ace"`},
		{"ErrFlag", []string{"lance", "--colour", "red", "Atlas"}, 2, "flag provided but not defined"},
		{"ErrMTFFile", []string{"lance", "--mtf", "no-such.mtf"}, 1, "no-such.mtf"},
		{"ErrMTFNone", []string{"lance", "--mtf"}, 2, "name the lance's .mtf files"},
		{"ErrDesignFile", []string{"lance", "--design", "no-such.yaml"}, 1, "--design: open no-such.yaml"},
		{"ErrDesignNone", []string{"lance", "--design", "--json"}, 2, "name the lance's design files"},
		{"ErrDesignAndMTF", []string{"lance", "--design", "--mtf", "a.yaml"}, 2, "--mtf and --design cannot be given together"},
		{"ErrDesignMalformed", []string{"lance", "--design", filepath.Join("campaign", "forces", "testdata", "wasp.mtf")}, 1, "wasp.mtf: malformed design file: line 28: not YAML"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs, code := run(t, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, errs, tc.code, tc.want)
			}
		})
	}
}

// Ensure --mtf reads design files through forces.LanceFromMTF: the Four
// Brothers' TRO 3025 designs (line 1385; the design engineer's test data)
// give the book's 8/12/8, range 3, MP 4 (lines 1532–1538).
func TestLanceMTF(t *testing.T) {
	args := []string{"lance", "--mtf", "--json"}
	for _, f := range []string{"wasp", "thunderbolt", "vindicator", "hatchetman"} {
		args = append(args, filepath.Join("campaign", "forces", "testdata", f+".mtf"))
	}
	out, errs, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var l struct{ RA, CA, D, R, MP int }
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if l.RA != 8 || l.CA != 12 || l.D != 8 || l.R != 3 || l.MP != 4 {
		t.Errorf("lance = %+v, want 8/12/8-3 4", l)
	}
}

// Ensure --design reads YAML design files through
// forces.LanceFromDesignFiles, flags after the files included: four
// Scorpions (line 1848; ruling D5), one file holding two, make a tracked
// platoon of RA 3, CA 1, D 4, range 3, MP 4, as text and as JSON; a weapon
// the 1987 tables do not know is a warning naming file and line (D7).
func TestLanceDesign(t *testing.T) {
	dir := filepath.Join("campaign", "forces", "testdata", "designs")
	a, b := filepath.Join(dir, "scorpion.yaml"), filepath.Join(dir, "scorpions.yaml")
	out, errs, code := run(t, "lance", "--design", a, b, a, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var l struct {
		RA, CA, D, R, MP int
		OverburnRA       int `json:"overburn_ra"`
		OverburnMP       int `json:"overburn_mp"`
		Class            string
		Members          []string
	}
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if l.RA != 3 || l.CA != 1 || l.D != 4 || l.R != 3 || l.MP != 4 || l.OverburnRA != 0 || l.OverburnMP != 6 || l.Class != "tracked" || len(l.Members) != 4 {
		t.Errorf("lance = %+v, want tracked 3/1/4-3 4", l)
	}

	out, errs, code = run(t, "lance", "--design", "--name", "Scorpions", a, b, a)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{`tracked "Scorpions": Scorpion, Scorpion, Scorpion, Scorpion`, "step 0 (blue)         3   4   3   1   4\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	out, errs, code = run(t, "lance", "--design", filepath.Join(dir, "gauss.yaml"))
	if code != 0 || !strings.Contains(errs, "gauss.yaml: line 8: Gauss Test: \"Gauss Rifle\" is not in the 1987 weapons table") || !strings.Contains(out, "Gauss Test") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// Ensure `bfbot lance --mtf` refuses a design with no 1987 weapon with a
// failing exit status and the reason, and builds a lance of 1987 'Mechs
// with their ammunition-field weapons counted (ruling D17).
func TestLanceMTFNo1987Weapon(t *testing.T) {
	dir := filepath.Join("campaign", "forces", "testdata", "mtf")
	out, errs, code := run(t, "lance", "--mtf", filepath.Join(dir, "uller-prime.mtf"))
	if code == 0 || !strings.Contains(errs, "none of its 4 weapons is in the 1987 weapons table") || !strings.Contains(errs, "quick generation from the Values Table") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	out, errs, code = run(t, "lance", "--mtf", "--json", filepath.Join(dir, "atlas-as7-d.mtf"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var l struct{ RA, R int }
	if err := json.Unmarshal([]byte(out), &l); err != nil || l.RA != 5 || l.R != 1 {
		t.Errorf("Atlas lance %s (err %v), want RA 5 and range 1 (the Atlas's 21 and 3 over four, ruling Q1)", out, err)
	}
}
