package forces

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"bfbot/referee"
)

// tdRead reads a file of testdata ("designs/x.yaml", "regiments/x.yaml").
func tdRead(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile("testdata/" + path)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// Ensure the Scorpion light tank read from YAML is the design
// TestVehicleDesign builds and checks out against the values table's RA 3,
// CA 1, range 3 (line 1848; ruling D5), and four of them make the platoon.
func TestReadDesignsScorpion(t *testing.T) {
	ds, err := ReadDesigns(tdRead(t, "designs/scorpion.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 1 {
		t.Fatalf("%d designs, want 1", len(ds))
	}
	d := ds[0]
	want := Design{Name: "Scorpion", Kind: DesignVehicle, Tons: 25, WalkMP: 4, RunMP: 6, ArmorTons: 4, Motive: MotiveTracked,
		Weapons: []Mount{{Weapon: "AC/5", Count: 1, Location: "Turret", Line: 12}, {Weapon: "Machine Gun", Count: 1, Line: 13}}}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("design\n%+v, want\n%+v", d, want)
	}
	r := dsValues(t, d)
	if r.RA != 3 || r.CA != 1 || r.Range != 3 || r.D != 4 || r.Punch != 0 || r.Kick != 0 || len(r.Warnings) > 0 {
		t.Errorf("Scorpion RA %d CA %d R %d D %d punch %d kick %d warnings %q, want 3, 1, 3, 4, 0, 0", r.RA, r.CA, r.Range, r.D, r.Punch, r.Kick, r.Warnings)
	}

	// Two more from a designs: list (armor_points 64 = 4 tons, run given).
	files := [][]byte{tdRead(t, "designs/scorpion.yaml"), tdRead(t, "designs/scorpions.yaml"), tdRead(t, "designs/scorpion.yaml")}
	l, warnings, err := LanceFromDesignFiles(files, []string{"scorpion.yaml", "scorpions.yaml"}, referee.Regular)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("err %v warnings %q", err, warnings)
	}
	if l.Class != referee.Tracked || l.Rows[0] != (referee.Values{RA: 3, CA: 1, D: 4}) || l.Range != 3 || l.MP != 4 || l.OverburnRA != 0 || l.OverburnMP != 6 || len(l.Members) != 4 {
		t.Errorf("platoon %+v", l)
	}
}

// Ensure the two-fighter air lance from YAML equals the one TestAirLance
// builds (lines 1660–1683; ruling D12), and JSON, which is YAML, reads too.
func TestReadDesignsAirLance(t *testing.T) {
	f := Design{Name: "Test Fighter", Kind: DesignFighter, Tons: 50, ArmorTons: 8,
		Weapons: []Mount{{Weapon: "Large Laser", Count: 2}, {Weapon: "Medium Laser", Count: 2}, {Weapon: "LRM-10"}, {Weapon: "Flamer"}}}
	want, err := CombineDesigns("Test Fighter, Test Fighter", []Design{f, f}, referee.Regular)
	if err != nil {
		t.Fatal(err)
	}
	data := tdRead(t, "designs/test-fighter.yaml")
	l, warnings, err := LanceFromDesignFiles([][]byte{data, data}, nil, referee.Regular)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("err %v warnings %q", err, warnings)
	}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("lance\n%+v, want\n%+v", l, want)
	}
	if l.AirAttack != 6 || l.Strafe != 5 || l.Range != 10 || l.MP != 15 || l.Class != referee.MediumAir {
		t.Errorf("air lance %+v", l)
	}

	json := `{"designs": [
  {"name": "Test Fighter", "kind": "fighter", "tons": 50, "armor_tons": 8,
   "weapons": [{"name": "Large Laser", "count": 2}, {"name": "Medium Laser", "count": 2}, "LRM-10", "Flamer"]},
  {"name": "Test Fighter", "kind": "fighter", "tons": 50, "armor_points": 128,
   "weapons": [{"name": "Large Laser", "count": 2}, {"name": "Medium Laser", "count": 2}, "LRM-10", "Flamer"]}
]}`
	l, _, err = LanceFromDesignFiles([][]byte{[]byte(json)}, []string{"air.json"}, referee.Regular)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("JSON lance\n%+v, want\n%+v", l, want)
	}
}

// Ensure the other kinds and optional fields read as the Design fields.
func TestReadDesignsFields(t *testing.T) {
	ds, err := ReadDesigns([]byte(`designs:
  - name: Jump Platoon
    kind: infantry
    tons: 3
    walk: 3
    jump: 3
    armor_tons: 1
    weapons: [{name: SRM-2, count: 2}]
  - name: Motor Platoon
    kind: Infantry
    tons: 3
    walk: 2
    motive: wheeled
    weapons:
  - name: Quad
    kind: mech
    tons: 50
    walk: 4
    quad: true
    indirect: true
    weapons: [Medium Laser]
  - name: Armless
    kind: mech
    tons: 40
    walk: 4
    no_lower_arms: true
    weapons: [Medium Laser]
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 4 {
		t.Fatalf("%d designs", len(ds))
	}
	if d := ds[0]; d.Kind != DesignInfantry || d.JumpMP != 3 || d.RunMP != 5 || d.Weapons[0].Count != 2 || d.Weapons[0].Line != 8 {
		t.Errorf("jump platoon %+v", d)
	}
	if d := ds[1]; d.Motive != MotiveWheeled || d.Weapons != nil || d.Armor() != 0 {
		t.Errorf("motor platoon %+v", d)
	}
	if d := ds[2]; !d.Quad || !d.Indirect || d.Kind != DesignMech || d.Weapons[0].Line != 21 {
		t.Errorf("quad %+v", d)
	}
	// A 'Mech without lower arm actuators punches for nothing (D4).
	if d := ds[3]; !d.NoLowerArms || dsValues(t, d).Punch != 0 {
		t.Errorf("no lower arms %+v", d)
	}
	r := dsValues(t, ds[0])
	if r.D != 3 || r.RA != 2 || r.CA != 2 { // as TestCombineDesigns/Infantry
		t.Errorf("infantry %+v", r)
	}
}

// Ensure a weapon the 1987 tables do not know is kept and named with its
// line in a warning, not an error (ruling D7).
func TestReadDesignsUnknownWeapon(t *testing.T) {
	data := tdRead(t, "designs/gauss.yaml")
	ds, err := ReadDesigns(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds[0].Weapons) != 2 || ds[0].Weapons[0].Line != 8 {
		t.Errorf("weapons %+v", ds[0].Weapons)
	}
	l, warnings, err := LanceFromDesignFiles([][]byte{data}, []string{"gauss.yaml"}, referee.Regular)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 2 || !strings.HasPrefix(warnings[0], `gauss.yaml: line 8: Gauss Test: "Gauss Rifle" is not in the 1987 weapons table`) ||
		warnings[1] != "gauss.yaml: Gauss Test is not a 1987 design: 1 of 2 weapons are not in the 1987 table; its values count only what the 1987 rules know (ruling D17)" {
		t.Errorf("warnings %q", warnings)
	}
	if len(l.Members) != 1 {
		t.Errorf("lance %+v", l)
	}
	// CombineDesigns stays strict (D7).
	if _, err := CombineDesigns("x", ds, referee.Regular); !errors.Is(err, ErrUnknownWeapon) {
		t.Errorf("CombineDesigns: %v, want ErrUnknownWeapon", err)
	}
}

// Ensure every malformed file is refused with its line and field.
func TestReadDesignsErrors(t *testing.T) {
	const base = "name: X\nkind: mech\ntons: 50\nwalk: 4\n"
	for _, tc := range []struct {
		name, file string
		line       int
		want       string
	}{
		{"Empty", "", 0, "the file is empty"},
		{"Comments", "# nothing\n", 0, "the file is empty"},
		{"NotYAML", "name: [x\n", 1, "not YAML"},
		{"BadIndent", "name: X\n  kind: mech\n", 2, "not YAML"},
		{"TwoDocs", base + "---\n" + base, 5, "a second YAML document"},
		{"Scalar", "Scorpion\n", 1, `want a design (name: …, kind: …) or a designs: list, found "Scorpion"`},
		{"List", "- name: X\n", 1, "found a list"},
		{"Unknown", base + "armour: 4\n", 5, "armour: unknown field; use name, kind, tons"},
		{"Twice", base + "tons: 60\n", 5, "tons: given twice (first at line 3)"},
		{"NoName", "kind: mech\ntons: 50\nwalk: 4\n", 1, "no name"},
		{"EmptyName", "name:\nkind: mech\ntons: 50\nwalk: 4\n", 1, "name: is empty"},
		{"NoKind", "name: X\ntons: 50\nwalk: 4\n", 1, "no kind"},
		{"BadKind", "name: X\nkind: dropship\ntons: 50\n", 2, `kind: unknown design kind "dropship"`},
		{"NoTons", "name: X\nkind: mech\nwalk: 4\n", 1, "no tons"},
		{"TonsText", "name: X\nkind: mech\ntons: heavy\nwalk: 4\n", 3, `tons: want a number, found "heavy"`},
		{"TonsNaN", "name: X\nkind: mech\ntons: NaN\nwalk: 4\n", 3, "tons: want a number"},
		{"TonsZero", "name: X\nkind: mech\ntons: 0\nwalk: 4\n", 3, "tons: 0 tons is out of range"},
		{"TonsList", "name: X\nkind: mech\ntons: [50]\nwalk: 4\n", 3, "tons: want a value, found a list"},
		{"NoWalk", "name: X\nkind: vehicle\ntons: 50\nmotive: hover\n", 1, "no walk"},
		{"WalkZeroMech", "name: X\nkind: mech\ntons: 50\nwalk: 0\n", 4, "walk: 0 is out of range: use 1 to 30"},
		{"WalkFloat", "name: X\nkind: mech\ntons: 50\nwalk: 4.5\n", 4, `walk: want a whole number, found "4.5"`},
		{"RunBelowWalk", base + "run: 3\n", 5, "run: 3 is out of range: use 4 to 45"},
		{"JumpNegative", base + "jump: -1\n", 5, "jump: -1 is out of range"},
		{"FighterWalk", "name: F\nkind: fighter\ntons: 50\nwalk: 5\n", 4, "walk: a fighter's MP comes from its weight"},
		{"NoMotive", "name: V\nkind: vehicle\ntons: 25\nwalk: 4\n", 1, "no motive"},
		{"BadMotive", "name: V\nkind: vehicle\ntons: 25\nwalk: 4\nmotive: legs\n", 5, `motive: "legs" is not a movement mode`},
		{"MechMotive", base + "motive: tracked\n", 5, "motive: a 'Mech has no motive"},
		{"InfantryHover", "name: I\nkind: infantry\ntons: 3\nwalk: 1\nmotive: hover\n", 5, "infantry may only be wheeled"},
		{"BothArmor", base + "armor_tons: 4\narmor_points: 64\n", 6, "armor_points: armor_tons is given too (line 5)"},
		{"ArmorNegative", base + "armor_tons: -1\n", 5, "armor_tons: -1 tons is out of range"},
		{"ArmorPointsFloat", base + "armor_points: 6.5\n", 5, "armor_points: want a whole number"},
		{"Indirect", base + "indirect: maybe\n", 5, `indirect: want true or false, found "maybe"`},
		{"QuadVehicle", "name: V\nkind: vehicle\ntons: 25\nwalk: 4\nmotive: wheeled\nquad: true\n", 6, "quad: only a 'Mech can be a quad"},
		{"ArmlessVehicle", "name: V\nkind: vehicle\ntons: 25\nwalk: 4\nmotive: wheeled\nno_lower_arms: true\n", 6, "no_lower_arms: only a 'Mech has arm actuators"},
		{"WeaponsMap", base + "weapons: {name: PPC}\n", 5, "weapons: want a list, found a mapping"},
		{"WeaponEmpty", base + "weapons:\n  - PPC\n  - \"\"\n", 7, "weapons[1]: is empty"},
		{"WeaponNoName", base + "weapons:\n  - {count: 2}\n", 6, "weapons[0]: no name"},
		{"WeaponCount", base + "weapons:\n  - PPC\n  - {name: PPC, count: 0}\n", 7, "weapons[1].count: 0 is out of range: use 1 to 100"},
		{"WeaponField", base + "weapons:\n  - {name: PPC, ammo: 10}\n", 6, "weapons[0].ammo: unknown field; use name, count, location"},
		{"WeaponList", base + "weapons:\n  - [PPC]\n", 6, "weapons[0]: want a weapon name or {name: …, count: …}, found a list"},
		{"Alias", "name: &n X\nkind: mech\ntons: 50\nwalk: 4\n", 1, "anchors (&name) are not supported"},
		{"DesignsMap", "designs: {name: X}\n", 1, "designs: want a list, found a mapping"},
		{"DesignsEmpty", "designs: []\n", 1, "designs: the list is empty"},
		{"DesignsExtra", "designs:\n  - name: X\n    kind: mech\n    tons: 50\n    walk: 4\nname: Y\n", 6, "name: unknown field; use designs"},
		{"DesignsItem", "designs:\n  - " + strings.ReplaceAll(base, "\n", "\n    ") + "\n  - name: Y\n    kind: mech\n    tons: lots\n", 9, `designs[1].tons: want a number, found "lots"`},
		{"JSON", `{"name": "X", "kind": "mech", "tons": 50, "walk": 4, "armor": 3}`, 1, "armor: unknown field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadDesigns([]byte(tc.file))
			var e *DesignFileError
			if !errors.As(err, &e) || !errors.Is(err, ErrDesignFile) {
				t.Fatalf("err %v, want a DesignFileError", err)
			}
			if e.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %q (line %d), want line %d and %q", err, e.Line, tc.line, tc.want)
			}
			if tc.line > 0 && !strings.HasPrefix(err.Error(), "malformed design file: line ") {
				t.Errorf("err %q does not begin with the line", err)
			}
		})
	}
	t.Run("TooLarge", func(t *testing.T) {
		if _, err := ReadDesigns(make([]byte, designFileMaxBytes+1)); !errors.Is(err, ErrDesignFile) {
			t.Errorf("err %v", err)
		}
	})
}

// Ensure LanceFromDesignFiles labels errors by file and refuses what
// cannot form one lance.
func TestLanceFromDesignFilesErrors(t *testing.T) {
	scorpion := tdRead(t, "designs/scorpion.yaml")
	two := tdRead(t, "designs/scorpions.yaml")
	fighter := tdRead(t, "designs/test-fighter.yaml")
	for _, tc := range []struct {
		name  string
		files [][]byte
		is    error
		want  string
	}{
		{"None", nil, ErrLance, "no design files"},
		{"Five", [][]byte{two, two, scorpion}, ErrLance, "file 3: cannot form a lance: more than 4 designs"},
		{"ThreeFighters", [][]byte{fighter, fighter, fighter}, ErrLance, "at most 2"},
		{"Mixed", [][]byte{scorpion, fighter}, ErrLance, "one kind"},
		{"Malformed", [][]byte{scorpion, []byte("name: X\nkind: mech\ntons: 50\nwalk: fast\n")}, ErrDesignFile, "b.yaml: malformed design file: line 4: walk:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := LanceFromDesignFiles(tc.files, []string{"", "b.yaml"}, referee.Regular)
			if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v, want %v and %q", err, tc.is, tc.want)
			}
		})
	}
}
