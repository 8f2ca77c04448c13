package forces

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"bfbot/referee"
)

// rgfMustRead parses a regiment file or stops the test.
func rgfMustRead(tb testing.TB, data []byte) Regiment {
	tb.Helper()
	r, err := ReadRegiment(data)
	if err != nil {
		tb.Fatalf("ReadRegiment: %v\n%s", err, data)
	}
	return r
}

// rgfErrText joins problems, one a line.
func rgfErrText(errs []error) string {
	var s []string
	for _, e := range errs {
		s = append(s, e.Error())
	}
	return strings.Join(s, "\n")
}

// rgfMinimal is the smallest file that takes the field: one lance, the
// standard supply train by default (ruling RF4).
const rgfMinimal = "id: min\nname: Minimal\ngroups:\n  - units:\n      - {name: A, machines: [Wasp], experience: regular}\n"

// Ensure the example file (a heavy regiment bought with purchase points,
// lines 1940-2096) reads as written and passes ValidateRegiment with the
// heavy budget (670 points, line 1951).
func TestReadRegimentExample(t *testing.T) {
	r, err := ReadRegimentChecked(tdRead(t, "regiments/example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if errs := ValidateRegiment(r, HeavyRegiment); len(errs) != 0 {
		t.Fatalf("ValidateRegiment(heavy): %s", rgfErrText(errs))
	}
	if r.ID != "harlech-guard" || r.Name != "Harlech Guard" || r.Budget != "heavy" || r.Mercenary || r.RBG.RepairPoints != 50 || r.Special.MineAttack != 10 {
		t.Errorf("regiment = %q %q budget %q merc %v repair %d mines %d", r.ID, r.Name, r.Budget, r.Mercenary, r.RBG.RepairPoints, r.Special.MineAttack)
	}
	var labels []string
	for _, u := range r.Units {
		labels = append(labels, UnitLabel(u)+"/"+ClassNoun(u.Lance.Class))
	}
	want := []string{"Command Lance/Assault 'Mech lance", "Able Company Assault Lance/Assault 'Mech lance", "Able Company Fire Lance/Fire 'Mech lance",
		"Able Company Striker Lance/Heavy 'Mech lance", "Baker Company Medium Lance/Medium 'Mech lance", "Baker Company Guard Platoon/Infantry platoon"}
	if !reflect.DeepEqual(labels, want) {
		t.Errorf("units = %q\nwant %q", labels, want)
	}
	// Quick generation: Atlas, Atlas, Stalker, Zeus as `bfbot lance` makes it.
	q, err := QuickLance([]string{"Atlas", "Atlas", "Stalker", "Zeus"}, referee.Veteran)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Units[0].Lance; got.Rows != q.Rows || got.OverburnRA != q.OverburnRA || got.Chits.Firepower != 2 || got.Name != "Command Lance" {
		t.Errorf("Command Lance = %+v, quick %+v", got, q)
	}
	if g := r.Units[5]; !g.Hidden || g.Lance.Class != referee.Infantry || g.Lance.Rows[0] != (referee.Values{RA: 3, CA: 6, D: 5}) {
		t.Errorf("Guard Platoon = %+v", g)
	}
	// The standard supply train (lines 2000-2004) and a Leopard at 3 × RA
	// 8 (lines 1810, 2062).
	if len(r.RBG.Trucks) != 3 || r.RBG.Trucks[0].Line != 2002 || len(r.RBG.DropShips) != 1 {
		t.Fatalf("RBG = %d trucks, %d DropShips", len(r.RBG.Trucks), len(r.RBG.DropShips))
	}
	if d := r.RBG.DropShips[0]; d.Lance.Class != referee.Leopard || PurchaseCost(d.Lance) != 24 || d.Lance.Range != 6 || d.Lance.Rows[0].D != 6 {
		t.Errorf("DropShip = %+v cost %d", d.Lance, PurchaseCost(d.Lance))
	}
	// Hand-computed bill: counters 31+20+17+15+15+3 (+10 hidden) + 24 = 135,
	// mines 2: 137.
	if c := r.Costs(); c.Total != 137 {
		t.Errorf("costs = %+v, want total 137", c)
	}
}

// Ensure WriteRegiment gives a file that reads back as the same regiment:
// both built-ins (every lance printed, the Lancers' supply train, the
// Bandits' rbg group) and the example (generated lances, class:, hidden,
// DropShips).
func TestRegimentRoundTrip(t *testing.T) {
	regs := BuiltIns()
	regs = append(regs, rgfMustRead(t, tdRead(t, "regiments/example.yaml")))
	drop := rgfMustRead(t, []byte(rgfMinimal+"      - {name: B, machines: [Atlas], experience: elite, drop: true, chits: [jump, jump, extra-mech]}\nsupply_train: []\nsalvage: 3\nmercenary: true\n"))
	regs = append(regs, drop)
	for _, r := range regs {
		t.Run(r.ID, func(t *testing.T) {
			out := WriteRegiment(r)
			back, err := ReadRegiment(out)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !reflect.DeepEqual(back, r) {
				t.Errorf("round trip changed the regiment\n%s", out)
			}
			if again := WriteRegiment(back); string(again) != string(out) {
				t.Errorf("second write differs")
			}
		})
	}
	if len(drop.Special.Drops) != 1 || drop.Special.Drops[0] != "B" || drop.Special.Salvage != 3 || len(drop.RBG.Trucks) != 0 || !drop.Mercenary {
		t.Errorf("drop regiment = %+v", drop)
	}
	t.Run("Exported", func(t *testing.T) {
		// The export of a built-in names every lance by seed line and
		// reads back through parseRoster as the built-in.
		out := WriteRegiment(rgMustBuiltIn(t, "crucis"))
		for _, want := range []string{"id: crucis\n", "line: 2794\n", "repair_points: 50\n", "{name: Ordnance Truck, machine: Ordnance Transport, line: 2002}", "counter: Type 6 Medium\n", "- Captain Ian McKinnon; Elite Marauder\n"} {
			if !strings.Contains(string(out), want) {
				t.Errorf("export lacks %q", want)
			}
		}
	})
	t.Run("MadeInCode", func(t *testing.T) {
		// A regiment built in code (no printed line, no counter column)
		// is written in the printed form with its class; its lances come
		// back with the same values.
		r := rgRegiment(rgLance("A1", referee.HeavyMech, 17, referee.Veteran), rgLance("Scouts", referee.Hover, 6, referee.Green))
		r.Units[0].Lance.Chits.Recon = true
		r.Special.Drops = []string{"A1"}
		back, err := ReadRegiment(WriteRegiment(r))
		if err != nil {
			t.Fatalf("%v\n%s", err, WriteRegiment(r))
		}
		for i, l := range back.Lances() {
			w := r.Units[i].Lance
			if l.Class != w.Class || l.Rows != w.Rows || l.OverburnRA != w.OverburnRA || l.Chits != w.Chits || l.Experience != w.Experience || l.MP != w.MP {
				t.Errorf("lance %d = %+v, want %+v", i, l, w)
			}
		}
		if !reflect.DeepEqual(back.Special.Drops, []string{"A Company A1"}) {
			t.Errorf("drops = %q", back.Special.Drops)
		}
	})
}

// Ensure every refusal names the line and field and says how to put it
// right, and matches ErrRegimentFile.
func TestReadRegimentErrors(t *testing.T) {
	unit := func(fields string) string {
		return "id: x\nname: X\ngroups:\n  - units:\n      - {name: A, experience: regular, " + fields + "}\n"
	}
	many := "id: x\nname: X\ngroups:\n  - units:\n" + strings.Repeat("      - {name: A, machines: [Wasp], experience: regular}\n", MaxRegimentCounters-2)
	for _, tc := range []struct {
		name, yaml string
		line       int
		field, msg string
	}{
		{"Empty", "# nothing\n", 0, "", "the file is empty"},
		{"SecondDocument", "id: x\n---\nid: y\n", 2, "", "a second YAML document"},
		{"NotYAML", "id: [x\n", 1, "", "not YAML"},
		{"NotMapping", "- x\n", 1, "", "want a mapping"},
		{"UnknownField", "id: x\nsupply-train: []\n", 2, "supply-train", "did you mean supply_train?"},
		{"UnknownUnitField", unit("machine: [Wasp]"), 5, "groups[0].units[0].machine", "did you mean machines?"},
		{"UnknownFieldFar", "id: x\nbogus: 1\n", 2, "bogus", "unknown field; use id, name"},
		{"Twice", "id: x\nid: y\n", 2, "id", "given twice (first at line 1)"},
		{"Alias", "id: &a x\nname: *a\n", 1, "id", "anchors"},
		{"Mercenary", "mercenary: maybe\n", 1, "mercenary", "want true or false"},
		{"Budget", "budget: huge\n", 1, "budget", "use heavy, medium or light"},
		{"RepairPoints", "repair_points: -5\n", 1, "repair_points", "out of range"},
		{"MinesInFives", "mines: 12\n", 1, "mines", "groups of 5"},
		{"NameTab", "name: \"a\\tb\"\n", 1, "name", `"a\tb" has a tab (U+0009) at position 2; use a space`},
		// Names from the file pass the one check of names (usertext).
		{"NameZeroWidth", "name: \"Harl\\u200Bech\"\n", 1, "name", `"Harl\u200bech" has a zero-width character (U+200B) at position 5; remove it`},
		{"IDBidi", "id: \"\\u202Ereferee\"\n", 1, "id", `"\u202ereferee" has a bidirectional-text control (U+202E) at position 1; remove it`},
		{"BattalionTooLong", "groups:\n  - battalion: " + strings.Repeat("b", 41) + "\n", 2, "groups[0].battalion", "has 41 characters; a battlegroup name has at most 40; shorten it"},
		{"CompanyLineBreak", "groups:\n  - company: \"a\\u2028b\"\n", 2, "groups[0].company", "has a line break (U+2028) at position 2; write it on one line"},
		{"CrewPrivateUse", unit("values: \"3(6)/5-1 1\", class: foot, crew: [\"\\uE000\"]"), 5, "groups[0].units[0].crew[0]", "has a private-use character (U+E000) at position 1"},
		{"UnitNameTooLong", unit("machines: [Wasp]") + "      - {name: " + strings.Repeat("x", 61) + ", machines: [Wasp], experience: regular}\n", 6, "groups[0].units[1].name", "has 61 characters; a unit name has at most 60; shorten it"},
		{"NoName", "groups:\n  - units:\n      - {machines: [Wasp], experience: regular}\n", 3, "groups[0].units[0]", "no name"},
		{"NoExperience", "groups:\n  - units:\n      - {name: A, machines: [Wasp]}\n", 3, "groups[0].units[0]", "no experience"},
		{"Experience", "groups:\n  - units:\n      - {name: A, machines: [Wasp], experience: ace}\n", 3, "groups[0].units[0].experience", "use green, regular, veteran or elite"},
		{"NoForm", unit("chits: [ecm]"), 5, "groups[0].units[0]", "no values or machines"},
		{"BothForms", unit("values: \"7(12)/6-2 4\", machines: [Wasp]"), 5, "groups[0].units[0].machines", "not both"},
		{"CrewWithMachines", unit("machines: [Wasp], crew: [Regular Wasp]"), 5, "groups[0].units[0].crew", "belongs to the printed form"},
		{"Values", unit("values: \"7/6-2 4\", counter: Type 1 Light, crew: [Regular Wasp]"), 5, "groups[0].units[0]", "want RA(CA)/D-R MP"},
		{"CounterNoClass", unit("values: \"7(1)/6-2 4\", counter: Type 1, crew: [Regular Wasp]"), 5, "groups[0].units[0]", "names no 'Mech weight class"},
		{"NoCrew", unit("values: \"7(1)/6-2 4\", counter: Type 1 Light"), 5, "groups[0].units[0]", "0 crew"},
		{"Class", unit("values: \"3(6)/5-1 1\", class: marines, crew: [Regular Foot]"), 5, "groups[0].units[0].class", "marines"},
		{"ClassAir", unit("values: \"3(6)/5-1 1\", class: heavy-air, crew: [Regular Foot]"), 5, "groups[0].units[0]", "prints H, M or L"},
		{"UnknownMachine", string(tdRead(t, "regiments/bad_machine.yaml")), 10, "groups[0].units[0].machines", "unknown unit \"Atlass\": did you mean Atlas?"},
		{"TooManyMachines", unit("machines: [Wasp, Wasp, Wasp, Wasp, Wasp]"), 5, "groups[0].units[0].machines", "5 machines: a counter holds 1 to 4"},
		{"MixedMachines", unit("machines: [Wasp, Scorpion]"), 5, "groups[0].units[0].machines", "member 2"},
		{"DropShipInGroup", unit("machines: [Union]"), 5, "groups[0].units[0].machines", "is a DropShip"},
		{"UnknownChit", unit("machines: [Wasp], chits: [laser]"), 5, "groups[0].units[0].chits[0]", "unknown chit \"laser\""},
		{"ChitTwice", unit("machines: [Wasp], chits: [ecm, ECM]"), 5, "groups[0].units[0].chits[1]", "one ecm chit"},
		{"ChitNumber", unit("machines: [Wasp], chits: [firepower]"), 5, "groups[0].units[0].chits[0]", "firepower+2"},
		{"BombOnMech", unit("machines: [Wasp], chits: [bomb5]"), 5, "groups[0].units[0].chits[0]", "bombs are carried by air lances"},
		{"BombInFives", unit("machines: [Sparrowhawk, Sparrowhawk], chits: [bomb7]"), 5, "groups[0].units[0].chits[0]", "bomb points come in fives"},
		{"JumpOnTank", unit("machines: [Scorpion (vehicle)], chits: [jump]"), 5, "groups[0].units[0].chits[0]", "jump chits make 'Mech lances jump"},
		{"HiddenMech", unit("machines: [Wasp], hidden: true"), 5, "groups[0].units[0].hidden", "only infantry may be bought hidden (BattleForce p. 48, Special Purchases)"},
		{"DropTank", unit("machines: [Scorpion (vehicle)], drop: true"), 5, "groups[0].units[0].drop", "only 'Mech lances are kept in space for a drop (BattleForce p. 48, Special Purchases)"},
		{"RBGNotTruck", "groups:\n  - rbg: true\n    units:\n      - {name: A, machines: [Wasp], experience: regular}\n", 4, "groups[0].units[0]", "an rbg group holds the RBG's truck counters"},
		{"SupplyMachine", "supply_train:\n  - {name: T, machine: Wasp}\n", 2, "supply_train[0].machine", "not a truck"},
		{"SupplyNoMachine", "supply_train:\n  - {name: T}\n", 2, "supply_train[0]", "no machine"},
		{"DropShipMachine", "dropships:\n  - {name: D, machine: Atlas}\n", 2, "dropships[0].machine", "not a DropShip: use Leopard, Union or Overlord"},
		{"DropShipField", "dropships:\n  - {name: D, machine: Union, crew: [x]}\n", 2, "dropships[0].crew", "unknown field"},
		{"Groups", "groups: {a: 1}\n", 1, "groups", "want a list"},
		{"TooManyCounters", many, 1, "", "more than 200 counters"},
		{"TooManyUnits", many + strings.Repeat("      - {name: A, machines: [Wasp], experience: regular}\n", 3) + "supply_train: []\n", 5 + MaxRegimentCounters, "groups[0].units[200]", "more than 200 counters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ReadRegiment([]byte(tc.yaml))
			var fe *RegimentFileError
			if !errors.As(err, &fe) || !errors.Is(err, ErrRegimentFile) {
				t.Fatalf("err = %v (%T), want a RegimentFileError; regiment %+v", err, err, r.ID)
			}
			if fe.Line != tc.line || fe.Field != tc.field || !strings.Contains(fe.Msg, tc.msg) {
				t.Errorf("got line %d field %q: %s\nwant line %d field %q: …%s…", fe.Line, fe.Field, fe.Msg, tc.line, tc.field, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), "regiment file: ") {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
	t.Run("TooBig", func(t *testing.T) {
		data := []byte("# " + strings.Repeat("x", MaxRegimentFileBytes) + "\n")
		_, err := ReadRegiment(data)
		var fe *RegimentFileError
		if !errors.As(err, &fe) || !strings.Contains(fe.Msg, "byte limit") {
			t.Errorf("err = %v", err)
		}
	})
}

// Ensure the supply train defaults as ruling RF4 says: the standard one
// when a file gives neither supply_train nor an rbg group; none for an
// empty supply_train; the rbg group's trucks alone otherwise.
func TestReadRegimentSupplyTrain(t *testing.T) {
	r := rgfMustRead(t, []byte(rgfMinimal))
	std := rgMustBuiltIn(t, "crucis").RBG.Trucks
	if !reflect.DeepEqual(r.RBG.Trucks, std) {
		t.Errorf("default trucks = %+v", r.RBG.Trucks)
	}
	if r := rgfMustRead(t, []byte(rgfMinimal+"supply_train: []\n")); len(r.RBG.Trucks) != 0 {
		t.Errorf("supply_train: [] gives %d trucks", len(r.RBG.Trucks))
	}
	rbg := rgfMustRead(t, []byte(rgfMinimal+"  - rbg: true\n    company: Support\n    units:\n      - {name: T, machines: [Coolant Truck, Coolant Truck], experience: veteran}\n"))
	if len(rbg.RBG.Trucks) != 1 || rbg.RBG.Trucks[0].Lance.Class != referee.Truck || rbg.RBG.Trucks[0].Company != "Support" {
		t.Errorf("rbg group trucks = %+v", rbg.RBG.Trucks)
	}
}

// Ensure CheckRegiment reports what keeps a regiment off the field, with
// and without a budget (rulings RF2, RF3, RF6), and ReadRegimentChecked
// refuses with every problem.
func TestCheckRegiment(t *testing.T) {
	t.Run("OKBuiltIns", func(t *testing.T) {
		for _, r := range BuiltIns() {
			if errs := CheckRegiment(r); len(errs) != 0 {
				t.Errorf("%s: %s", r.ID, rgfErrText(errs))
			}
		}
	})
	t.Run("OKRepairPointsZero", func(t *testing.T) {
		// 0: the campaign's setting decides (RF3).
		if errs := CheckRegiment(rgfMustRead(t, []byte(rgfMinimal))); len(errs) != 0 {
			t.Error(rgfErrText(errs))
		}
	})
	t.Run("OKImportedForceNoPoints", func(t *testing.T) {
		// Without a budget a force is imported as it is: the over-budget
		// file's lances pass once its budget line is gone (RF2).
		data := strings.Replace(string(tdRead(t, "regiments/over_budget.yaml")), "budget: light\n", "", 1)
		if errs := CheckRegiment(rgfMustRead(t, []byte(data))); len(errs) != 0 {
			t.Error(rgfErrText(errs))
		}
	})
	for _, tc := range []struct {
		name string
		edit func(*Regiment)
		want string
	}{
		{"ErrNoID", func(r *Regiment) { r.ID = "" }, "has no id"},
		{"ErrID", func(r *Regiment) { r.ID = "Harlech Guard" }, "lowercase letters, digits and hyphens"},
		{"ErrIDLong", func(r *Regiment) { r.ID = strings.Repeat("a", 21) }, "1 to 20"},
		{"ErrIDHyphen", func(r *Regiment) { r.ID = "-a" }, "starting with a letter or digit"},
		{"ErrNoName", func(r *Regiment) { r.Name = " " }, "name: empty: give a regiment name"},
		{"ErrNameLong", func(r *Regiment) { r.Name = strings.Repeat("é", 61) }, "has 61 characters; a regiment name has at most 60; shorten it"},
		{"ErrNameControl", func(r *Regiment) { r.Name = "a\x00b" }, `name: "a\x00b" has a control character (U+0000) at position 2; remove it`},
		{"ErrNoCounters", func(r *Regiment) { r.Units = nil }, "no combat counters"},
		{"ErrTooMany", func(r *Regiment) {
			for len(r.Units) <= MaxRegimentCounters {
				u := r.Units[0]
				u.Lance.Name = strings.Repeat("x", len(r.Units))
				r.Units = append(r.Units, u)
			}
		}, "more than 200"},
		{"ErrDuplicateLabel", func(r *Regiment) { r.Units = append(r.Units, r.Units[0]) }, "two counters are called \"A\""},
		{"ErrRepairPoints", func(r *Regiment) { r.RBG.RepairPoints = 101 }, "101 repair points; a campaign starts with 25 to 100 (BattleForce p. 65, Repair Damaged Lances)"},
		{"ErrTrucks", func(r *Regiment) { r.RBG.Trucks = r.RBG.Trucks[:2] }, "2 truck counters; it needs at least 3 (BattleForce p. 62, The Regimental Battlegroup)"},
		{"ErrDropNotMech", func(r *Regiment) { r.Special.Drops = []string{"Nobody"} }, "no lance \"Nobody\""},
		{"ErrBudget", func(r *Regiment) { r.Budget = "huge" }, "budget: unknown regiment category"},
		{"ErrOverBudget", func(r *Regiment) { r.Budget = "light"; r.Units[0].Lance.OverburnRA = 500 }, "more than the 428 of a Light regiment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rgfMustRead(t, []byte(rgfMinimal))
			tc.edit(&r)
			got := rgfErrText(CheckRegiment(r))
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want …%s…", got, tc.want)
			}
		})
	}
	t.Run("ErrOverBudgetFile", func(t *testing.T) {
		// Light regiment: 428 points, 378 for lances (line 1953). Twenty
		// Elite Atlas lances: 20 × (20 + 5 overburn, R5) = 500 base... the
		// file's bill is costed by Costs; every problem is listed.
		r, err := ReadRegimentChecked(tdRead(t, "regiments/over_budget.yaml"))
		var pe *RegimentProblemsError
		if !errors.As(err, &pe) || !errors.Is(err, ErrRegimentFile) || r.ID != "over-budget" {
			t.Fatalf("err = %v (%T)", err, err)
		}
		got := err.Error()
		for _, want := range []string{
			"(3 problems)",
			"the regiment costs 673 points, 245 more than the 428 of a Light regiment",
			"the 50 special points may not buy 'Mech lances: the 'Mech lances cost 400 before experience, 22 more than the 378 points for lances; Assault 'Mech lance Charlie Lance 8 costs 25",
			"special purchases (chits, air lances, artillery, DropShips, hidden infantry, mines, drops, salvage) cost 113",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("missing %q in\n%s", want, got)
			}
		}
		// The bill by hand: 16 Elite Atlas lances at 25 + 10 = 35 (560),
		// an Overlord 3 × 16 = 48 (line 1812), a drop 40, mines 5, two
		// salvage 20: 673; special 48 + 40 + 5 + 20 = 113.
		if c := r.Costs(); c.Total != 673 || c.SpecialPurchases != 113 || c.MechBase != 400 {
			t.Errorf("costs = %+v", c)
		}
	})
	t.Run("ErrImportedForceFile", func(t *testing.T) {
		_, err := ReadRegimentChecked(tdRead(t, "regiments/no_supply.yaml"))
		var pe *RegimentProblemsError
		if !errors.As(err, &pe) || len(pe.Problems) != 3 {
			t.Fatalf("err = %v", err)
		}
		for _, want := range []string{"id \"Bad Id\"", "0 truck counters", "10 repair points"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("missing %q in %v", want, err)
			}
		}
	})
}

// Ensure the built-in rosters still report a bad counter by its seed
// line through the shared reader.
func TestParseRosterSeedLine(t *testing.T) {
	data := "id: x\ngroups:\n  - units:\n      - {line: 9, name: A, values: \"7(1)/6-2 4\", experience: regular, counter: Type 1 Light, crew: [\"Regular Wasp\"], chits: [laser]}\n"
	_, err := parseRoster("x.yaml", []byte(data))
	if err == nil || !strings.Contains(err.Error(), "x.yaml line 9 (A): chits[0]: unknown chit") {
		t.Errorf("err = %v", err)
	}
	_, err = parseRoster("x.yaml", []byte("id: x\nname: [\n"))
	if err == nil || !strings.Contains(err.Error(), "x.yaml: regiment file: line 2") {
		t.Errorf("err = %v", err)
	}
}
