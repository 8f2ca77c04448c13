package forces

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bfbot/referee"
)

// The corpus under testdata/mtf is written for these tests in MegaMek's
// current .mtf format: generator:, mul id:, quirk: and weaponquirk:
// lines, OmniMech configs, a quad, ammunition fields on weapon lines, a
// weapons count that disagrees with its lines, Clan and mixed tech bases.

// mtfCorpus reads one corpus file.
func mtfCorpus(t *testing.T, name string) (Design, []string) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "mtf", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, ws, err := ReadMTF(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d, ws
}

// Ensure a weapon line with an ammunition field ("1 ISAC20, Right Torso,
// Ammo:10") counts: the name ends at the first comma. The Atlas AS7-D
// keeps all seven weapons: RA 21, range 3 (one weapon lost would show).
func TestMTFCorpusAmmoFields(t *testing.T) {
	d, ws := mtfCorpus(t, "atlas-as7-d.mtf")
	if len(ws) != 0 {
		t.Errorf("warnings %q", ws)
	}
	if d.Name != "Atlas AS7-D" || d.Tons != 100 || d.WalkMP != 3 || d.ArmorPoints != 304 || d.TechBase != "Inner Sphere" || d.RulesLevel != 1 {
		t.Errorf("design %+v", d)
	}
	want := []Mount{
		{"ISAC20", 1, "Right Torso", 42}, {"ISLRM20", 1, "Left Torso", 43}, {"ISSRM6", 1, "Left Torso", 44},
		{"ISMediumLaser", 1, "Left Arm", 45}, {"ISMediumLaser", 1, "Right Arm", 46},
		{"ISMediumLaser (R)", 1, "Center Torso", 47}, {"ISMediumLaser (R)", 1, "Center Torso", 48},
	}
	if len(d.Weapons) != len(want) {
		t.Fatalf("weapons %+v", d.Weapons)
	}
	for i := range want {
		if d.Weapons[i] != want[i] {
			t.Errorf("weapon %d = %+v, want %+v", i, d.Weapons[i], want[i])
		}
	}
	r := dsValues(t, d)
	if r.RA != 21 || r.Range != 3 || len(r.Warnings) != 0 || Judge1987(d) != "" {
		t.Errorf("Atlas RA %d R %d warnings %q verdict %q, want RA 21 R 3", r.RA, r.Range, r.Warnings, Judge1987(d))
	}
}

// Ensure "Weapons:7" followed by five lines is read, with a warning that
// names the count, and that a quad's leg blocks make it a quad.
func TestMTFCorpusWeaponsCount(t *testing.T) {
	d, ws := mtfCorpus(t, "goliath-gol-1h.mtf")
	if len(d.Weapons) != 5 || !d.Quad {
		t.Errorf("weapons %+v quad %v", d.Weapons, d.Quad)
	}
	if len(ws) != 1 || !strings.HasPrefix(ws[0], "line 33: Weapons:7 but 5 weapon lines follow") {
		t.Errorf("warnings %q", ws)
	}
	// More lines than the count: read, and warned about.
	d, ws, err := ReadMTF(strings.NewReader("chassis:A\nmass:20\nwalk mp:4\nLA armor:8\nWeapons:1\n1 ISMediumLaser, Left Arm\n1 ISSmallLaser, Head, Ammo:0\noverview:Fast, cheap\n"))
	if err != nil || len(d.Weapons) != 2 || len(ws) != 1 || !strings.Contains(ws[0], "line 5: Weapons:1 but 2 weapon lines follow") {
		t.Errorf("err %v weapons %+v warnings %q", err, d.Weapons, ws)
	}
	// The list at the end of the file, short of its count.
	d, ws, err = ReadMTF(strings.NewReader("chassis:A\nmass:20\nwalk mp:4\nLA armor:8\nweapons:3\nMedium Laser, Left Arm"))
	if err != nil || len(d.Weapons) != 1 || len(ws) != 1 || !strings.Contains(ws[0], "line 5: Weapons:3 but 1 weapon line follows") {
		t.Errorf("err %v weapons %+v warnings %q", err, d.Weapons, ws)
	}
}

// Ensure designs are judged against the 1987 rules as a whole: Clan or
// mixed tech base, rules level above 1, and K of N weapons not in the 1987
// table, in one warning; the lance is still built when a weapon counts.
func TestMTFCorpusJudge1987(t *testing.T) {
	for _, tc := range []struct{ file, verdict string }{
		{"daishi-prime.mtf", "Dire Wolf Prime is not a 1987 design: Clan tech base, rules level 2 (level 1 is the 1987 box set's), 7 of 8 weapons are not in the 1987 table; its values count only what the 1987 rules know (ruling D17)"},
		{"black-knight-bl-9-knt.mtf", "Black Knight BL-9-KNT is not a 1987 design: mixed tech base (Mixed (IS Chassis)), rules level 3 (level 1 is the 1987 box set's), 3 of 6 weapons are not in the 1987 table; its values count only what the 1987 rules know (ruling D17)"},
		{"uller-prime.mtf", "Kit Fox Prime is not a 1987 design: Clan tech base, rules level 2 (level 1 is the 1987 box set's), 4 of 4 weapons are not in the 1987 table; its values count only what the 1987 rules know (ruling D17)"},
	} {
		d, _ := mtfCorpus(t, tc.file)
		if got := Judge1987(d); got != tc.verdict {
			t.Errorf("%s: verdict\n%q\nwant\n%q", tc.file, got, tc.verdict)
		}
	}
	files := []string{"mtf/daishi-prime.mtf", "mtf/black-knight-bl-9-knt.mtf", "mtf/atlas-as7-d.mtf"}
	l, ws, err := LanceFromMTF(dsOpen(t, files...), files, referee.Regular)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(ws, "\n")
	for _, want := range []string{"mtf/daishi-prime.mtf: Dire Wolf Prime is not a 1987 design: Clan tech base", "mtf/black-knight-bl-9-knt.mtf: Black Knight BL-9-KNT is not a 1987 design: mixed tech base"} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "Atlas AS7-D is not") || len(l.Members) != 3 {
		t.Errorf("lance %v, warnings:\n%s", l.Members, joined)
	}
}

// Ensure a design with no weapon the 1987 rules count is refused for full
// lance creation, with a message that says why and points to quick
// generation from the Values Table.
func TestMTFCorpusNo1987Weapon(t *testing.T) {
	files := []string{"mtf/atlas-as7-d.mtf", "mtf/uller-prime.mtf"}
	_, _, err := LanceFromMTF(dsOpen(t, files...), files, referee.Regular)
	if !errors.Is(err, ErrNo1987Weapon) {
		t.Fatalf("err %v, want ErrNo1987Weapon", err)
	}
	for _, want := range []string{"mtf/uller-prime.mtf: Kit Fox Prime:", "none of its 4 weapons is in the 1987 weapons table", "no attack value", "quick generation from the Values Table"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	// Artillery only: refused too, saying so.
	d := Design{Name: "Gun", Kind: DesignMech, Tons: 50, WalkMP: 3, Weapons: []Mount{{Weapon: "Long Tom"}, {Weapon: "Gauss Rifle"}}}
	if err := check1987Weapons(d); !errors.Is(err, ErrNo1987Weapon) || !strings.Contains(err.Error(), "1 are not in the 1987 weapons table and 1 are artillery") {
		t.Errorf("artillery: %v", err)
	}
	// A design that lists no weapon is not refused here (nothing of
	// another era to count).
	if err := check1987Weapons(Design{Name: "Bare"}); err != nil {
		t.Errorf("no weapons: %v", err)
	}
}
