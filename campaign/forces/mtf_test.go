package forces

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"bfbot/referee"
)

// dsOpen opens testdata files for LanceFromMTF.
func dsOpen(tb testing.TB, files ...string) []io.Reader {
	tb.Helper()
	var rs []io.Reader
	for _, f := range files {
		b, err := os.ReadFile("testdata/" + f)
		if err != nil {
			tb.Fatal(err)
		}
		rs = append(rs, strings.NewReader(string(b)))
	}
	return rs
}

// Ensure the Four Brothers lance comes out of LanceFromMTF as the book
// prints it (000 lines 1534–1538): 8/12/8, range 3, MP 4.
func TestLanceFromMTF(t *testing.T) {
	files := []string{"wasp.mtf", "thunderbolt.mtf", "vindicator.mtf", "hatchetman.mtf"}
	l, warnings, err := LanceFromMTF(dsOpen(t, files...), files, referee.Veteran)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
	j := l.JSON()
	if j.RA != 8 || j.CA != 12 || j.D != 8 || j.R != 3 || j.MP != 4 || j.Jump || j.OverburnMP != 6 || j.Experience != "veteran" {
		t.Errorf("lance %+v", j)
	}
	if l.Name != "Wasp WSP-1A, Thunderbolt TDR-5S, Vindicator VND-1R, Hatchetman HCT-3F" {
		t.Errorf("name %q", l.Name)
	}

	t.Run("ErrCount", func(t *testing.T) {
		for _, n := range []int{0, 5} {
			rs := dsOpen(t, "wasp.mtf", "wasp.mtf", "wasp.mtf", "wasp.mtf", "wasp.mtf")[:n]
			if _, _, err := LanceFromMTF(rs, nil, referee.Regular); !errors.Is(err, ErrLance) {
				t.Errorf("%d files: err %v, want ErrLance", n, err)
			}
		}
	})
	t.Run("ErrNamesTheFile", func(t *testing.T) {
		rs := []io.Reader{strings.NewReader("chassis:X\nmass:heavy\n")}
		_, _, err := LanceFromMTF(rs, []string{"x.mtf"}, referee.Regular)
		if err == nil || !strings.HasPrefix(err.Error(), "x.mtf: ") || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("err %v, want it to name x.mtf and line 2", err)
		}
	})
	t.Run("Warnings", func(t *testing.T) {
		_, warnings, err := LanceFromMTF(dsOpen(t, "unknown.mtf"), []string{"unknown.mtf"}, referee.Regular)
		if err != nil {
			t.Fatal(err)
		}
		joined := strings.Join(warnings, "\n")
		for _, want := range []string{"unknown.mtf: line 10: armor", `line 24: Oddity X-3050: "ER Large Laser"`, `line 25: Oddity X-3050: "Gauss Rifle"`, "line 27: Oddity X-3050: Long Tom is artillery"} {
			if !strings.Contains(joined, want) {
				t.Errorf("warnings lack %q:\n%s", want, joined)
			}
		}
	})
}

// Ensure every weapon of the 1987 tables is read from the MegaMek
// spellings of testdata/arsenal.mtf, and jump jets stand in for a missing
// Jump MP line (ruling D14).
func TestReadMTFArsenal(t *testing.T) {
	d := dsReadDesign(t, "arsenal.mtf")
	if d.Name != "Arsenal TEST-1" || d.Tons != 100 || d.WalkMP != 3 || d.RunMP != 5 || d.JumpMP != 3 || d.ArmorPoints != 264 {
		t.Errorf("design %+v", d)
	}
	r := dsValues(t, d)
	if len(r.Warnings) > 0 {
		t.Errorf("warnings %q", r.Warnings)
	}
	seen := map[string]bool{}
	for _, c := range r.Counted {
		seen[c.Weapon.Name] = true
	}
	for _, w := range Weapons() {
		if w.Converts() && !seen[w.Name] {
			t.Errorf("%s not read", w.Name)
		}
	}
	// Every weapon once: damage 113, ratings 356 (000 lines 1451–1467);
	// 356/113 = 3.15 → 3; AV 113/3 + 1 = 38 (D3). Close: 113 + 2 × 10 +
	// 20 − 47 (PPC, AC/2, AC/5, LRMs) = 106 → 36. Armor 264/16 = 16.5
	// tons → 13, +1 for jumping.
	if r.MaxDamage != 113 || r.RangeRating != 356 || r.Range != 3 || r.RA != 38 || r.NoCloseDamage != 47 || r.CloseDamage != 106 || r.CA != 36 || r.D != 14 {
		t.Errorf("arsenal %+v", r)
	}
}

// Ensure ReadMTF's reading of details: rear mounts, counts, quads,
// walking MP from the engine, armor types.
func TestReadMTF(t *testing.T) {
	read := func(t *testing.T, text string) (Design, []string) {
		t.Helper()
		d, w, err := ReadMTF(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		return d, w
	}
	t.Run("CountAndRear", func(t *testing.T) {
		d, _ := read(t, "chassis:A\nmass:30\nwalk mp:5\nweapons:2\n2 Medium Laser, Left Arm\nMedium Laser (R), Center Torso\n")
		r := dsValues(t, d)
		if r.MaxDamage != 15 || len(d.Weapons) != 2 || d.Weapons[0].Count != 2 || d.Weapons[1].Line != 6 {
			t.Errorf("weapons %+v damage %d", d.Weapons, r.MaxDamage)
		}
	})
	t.Run("Quad", func(t *testing.T) {
		d, _ := read(t, "chassis:Q\nmass:40\nwalk mp:4\n\nFront Left Leg:\nHip\n")
		if !d.Quad {
			t.Error("front leg block: quad")
		}
		d, _ = read(t, "chassis:Q\nconfig:Quad\nmass:40\nwalk mp:4\n")
		if !d.Quad {
			t.Error("config:Quad")
		}
	})
	t.Run("EngineAndJets", func(t *testing.T) {
		d, w := read(t, "chassis:E\nmass:50\nengine:250 Fusion Engine\njump mp:4\n\nLeft Leg:\nJump Jet\nImproved Jump Jet\n")
		if d.WalkMP != 5 || d.RunMP != 8 || d.JumpMP != 4 {
			t.Errorf("walk %d run %d jump %d", d.WalkMP, d.RunMP, d.JumpMP)
		}
		if len(w) != 2 || !strings.Contains(w[0], "line 4: jump MP 4 but 2 jump jet slots") {
			t.Errorf("warnings %q", w)
		}
	})
	t.Run("Patchwork", func(t *testing.T) {
		d, w := read(t, "chassis:P\nmass:50\nwalk mp:5\nLA armor:Reactive(Inner Sphere):16\nRA armor:16\n")
		if d.ArmorPoints != 32 || len(w) != 1 || !strings.HasPrefix(w[0], "line 4: armor type") {
			t.Errorf("armor %d warnings %q", d.ArmorPoints, w)
		}
	})
}

// Ensure a malformed file is an error that names its line.
func TestReadMTFErrors(t *testing.T) {
	for name, tc := range map[string]struct{ text, line string }{
		"no chassis":       {"mass:20\nwalk mp:4\n", "line 1:"},
		"no mass":          {"chassis:A\nwalk mp:4\n\n", "line 4:"},
		"bad mass":         {"chassis:A\nmass:heavy\nwalk mp:4\n", "line 2:"},
		"mass too small":   {"chassis:A\nmass:5\nwalk mp:4\n", "line 2:"},
		"bad walk":         {"chassis:A\nmass:20\nwalk mp:-1\n", "line 3:"},
		"no walk":          {"chassis:A\nmass:20\n", "line 3:"},
		"bad engine":       {"chassis:A\nmass:20\nengine:Fusion\n", "line 3:"},
		"bad jump":         {"chassis:A\nmass:20\nwalk mp:4\njump mp:x\n", "line 4:"},
		"bad armor":        {"chassis:A\nmass:20\nwalk mp:4\nLA armor:lots\n", "line 4:"},
		"bad count":        {"chassis:A\nmass:20\nwalk mp:4\nweapons:many\n", "line 4:"},
		"no location":      {"chassis:A\nmass:20\nwalk mp:4\nweapons:1\nMedium Laser\n", "line 5:"},
		"empty name":       {"chassis:A\nmass:20\nwalk mp:4\nweapons:1\n, Left Arm\n", "line 5:"},
		"zero count":       {"chassis:A\nmass:20\nwalk mp:4\nweapons:1\n0 Medium Laser, Left Arm\n", "line 5:"},
		"two lists":        {"chassis:A\nmass:20\nwalk mp:4\nweapons:0\nweapons:0\n", "line 5:"},
		"mass twice":       {"chassis:A\nmass:20\nmass:25\nwalk mp:4\n", "line 3:"},
		"empty file":       {"", "line 1:"},
		"binary":           {"\x00\x01\x02", "line 1:"},
		"version no names": {"Version:1.0\n\nmass:20\nwalk mp:4\n", "line 1:"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := ReadMTF(strings.NewReader(tc.text))
			if !errors.Is(err, ErrMTF) || !strings.Contains(err.Error(), tc.line) {
				t.Errorf("err %v, want ErrMTF at %s", err, tc.line)
			}
		})
	}
}

// Ensure a 'Mech whose arms have no lower arm actuator, or that MegaMek
// marks quirk:no_arms, punches for nothing (001 line 4348; ruling D4),
// while one arm with the actuator, or a file without arm blocks, keeps
// both fists.
func TestReadMTFLowerArms(t *testing.T) {
	head := "chassis:Test\nmodel:T-1\nConfig:Biped\nmass:60\nwalk mp:4\nLA armor:10\nWeapons:1\nMedium Laser, Center Torso\n\n"
	arm := func(side string, lower bool) string {
		s := side + " Arm:\nShoulder\nUpper Arm Actuator\n"
		if lower {
			s += "Lower Arm Actuator\n"
		}
		return s + "-Empty-\n\n"
	}
	for _, tc := range []struct {
		name, text string
		no         bool
		punch      int
	}{
		{"no arm blocks", head, false, 6},
		{"both arms", head + arm("Left", true) + arm("Right", true), false, 6},
		{"one arm", head + arm("Left", true) + arm("Right", false), false, 6},
		{"no lower arms", head + arm("Left", false) + arm("Right", false), true, 0},
		{"quirk no_arms", "quirk:no_arms\n" + head, true, 0},
		{"lower leg only", head + "Left Leg:\nHip\nLower Leg Actuator\n\n" + arm("Left", false), true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _, err := ReadMTF(strings.NewReader(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			r := dsValues(t, d)
			if d.NoLowerArms != tc.no || r.Punch != tc.punch {
				t.Errorf("NoLowerArms %v punch %d, want %v, %d", d.NoLowerArms, r.Punch, tc.no, tc.punch)
			}
		})
	}
}
