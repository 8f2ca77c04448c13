package scenario

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"bfbot/internal/consoleline"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
)

func shippedQuickStart(t *testing.T, name string) *QuickStart {
	t.Helper()
	data, ok := QuickStartBuiltIn(name)
	if !ok {
		t.Fatalf("no shipped %s", name)
	}
	if Ruleset(data) != RulesetQuickStart {
		t.Fatalf("%s: ruleset %q", name, Ruleset(data))
	}
	qs, err := ParseQuickStart(data, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return qs
}

// Ensure the shipped training scenarios set up as the book has them: the
// record sheets' Units (Point Values 70, 104, 67, 103: 002 lines 670,
// 754, 720, 796) on a 15×17 map of clear and woods (ruling QS17), Blake
// within 3 hexes of the south edge and the bears on the north edge (002
// lines 520, 528); the Veteran counters valued by the table (002 lines
// 644–660: 57 for Blake's, 56 for the bears').
func TestQuickStartShipped(t *testing.T) {
	if got := QuickStartBuiltIns(); strings.Join(got, " ") != "green-training veteran-training" {
		t.Fatalf("QuickStartBuiltIns() = %v", got)
	}
	green := shippedQuickStart(t, "green-training")
	if green.Map.Width != 15 || green.Map.Height != 17 || len(green.Warnings) > 0 {
		t.Errorf("map %d×%d, warnings %v", green.Map.Width, green.Map.Height, green.Warnings)
	}
	pv := map[string]int{}
	for _, u := range green.Units {
		for _, e := range u.Elements {
			pv[u.ID] += e.PV
		}
		row := u.Hex.Y + 1
		if (u.Side == 0 && row < 15) || (u.Side == 1 && row != 1) {
			t.Errorf("%s (side %d) set up in row %d", u.ID, u.Side, row)
		}
	}
	if pv["DF"] != 70 || pv["PC"] != 104 || pv["AR"] != 67 || pv["AF"] != 103 {
		t.Errorf("Point Values %v; want DF 70, PC 104, AR 67, AF 103", pv)
	}
	vet := shippedQuickStart(t, "veteran-training")
	if vet.TurnLimit == 0 || len(vet.Counters) != 6 {
		t.Fatalf("veteran: turn limit %d, %d counters", vet.TurnLimit, len(vet.Counters))
	}
	for _, c := range vet.Counters {
		want := []int{57, 56}[c.Owner]
		if c.Value != want {
			t.Errorf("%v of side %d in %s worth %d, want %d", c.Kind, c.Owner, c.Hex, c.Value, want)
		}
		if c.Points() != 0 {
			t.Errorf("%v scores before it is occupied", c)
		}
	}
}

// Ensure a file's commands play a Quick-Start battle: moves with facing,
// a jump, attacks declared and resolved with the scripted dice, the
// events carrying the attack's to-hit number, roll, direction and
// damage; a command out of turn stops the run naming its line.
func TestQuickStartCommands(t *testing.T) {
	file := `name: Test
ruleset: quickstart
map: {width: 15, height: 17, heavy-woods: ["0808"]}
sides:
  - id: blake
    home: south
    zone: 17
    units:
      - {id: DF, unit: divine-fire, hex: "0610", facing: N}
  - id: bears
    home: north
    zone: 17
    units:
      - {id: AR, unit: alpha-recon, hex: "0607", facing: S}
commands:
  - "@blake /battle move unit:DF path:\"0609\" facing:N"
  - "@blake /battle end"
  - "@bears /battle jump unit:AR to:0606 facing:S"
  - "@bears /battle end"
  - "@blake /battle attack unit:DF element:2 target:AR target_element:1"
  - "@blake /battle end"
  - "@bears /battle end"
`
	qs, err := ParseQuickStart([]byte(file), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Initiative: blake 1+1, bears 6+6: blake loses and acts first. The
	// Malak Luminos (3/3/1) at 3 hexes, medium: 4 + 2 + 2 (Ocelot 6j) +
	// 1 (jump-capable) = 9; rolls 5+5, a hit from the front for 3.
	d := dice.New(mustScript(t, 1, 1, 6, 6, 5, 5, 1, 1, 2, 2))
	var attacks []quickstart.Event
	s, err := qs.Run(d, QuickStartOutput{Event: func(e quickstart.Event) {
		if e.Type == "attack" {
			attacks = append(attacks, e)
		}
	}}, [2]*qsai.Player{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if u := s.Units[1]; u.ID != "DF" || u.Hex != hex.MustParse("0609") {
		t.Errorf("DF at %s", u.Hex)
	}
	if len(attacks) != 1 {
		t.Fatalf("attacks %v", attacks)
	}
	r := attacks[0].Attack
	if r == nil || r.ToHit != 9 || r.Roll != 10 || !r.Hit || r.Direction != "front" || r.Damage != 3 {
		t.Errorf("attack report %+v", r)
	}
	bad := strings.Replace(file, "@blake /battle end\"\n  - \"@bears /battle jump", "@bears /battle jump", 1)
	qs, err = ParseQuickStart([]byte(bad), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = qs.Run(dice.New(mustScript(t, 1, 1, 6, 6)), QuickStartOutput{}, [2]*qsai.Player{}, 0)
	var ce *QuickStartCommandError
	if !errors.As(err, &ce) || ce.Command.Line != 17 || !strings.Contains(err.Error(), "blake's movement phase") {
		t.Errorf("out of turn: %v", err)
	}
}

func mustScript(t *testing.T, faces ...int) *dice.Script {
	t.Helper()
	s, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Ensure mistakes in a Quick-Start file are refused naming the line and
// field and saying how to put them right; a file without start: under
// setup: veteran starts its Units off the map (ruling QS22).
func TestQuickStartErrors(t *testing.T) {
	base := `ruleset: quickstart
map: {width: 15, height: 17}
sides:
  - id: blake
    home: south
    zone: 3
    units:
      - {id: DF, unit: divine-fire, hex: "0616"}
  - id: bears
    home: north
    units:
      - {id: AR, unit: alpha-recon, hex: "0501"}
`
	if _, err := ParseQuickStart([]byte(base), nil); err != nil {
		t.Fatalf("base: %v", err)
	}
	for _, tc := range []struct{ from, to, want string }{
		{`"0616"`, `"0612"`, "line 8: sides[0].units[0].hex: hex 0612 is 6 hexes from the south edge"},
		{"divine-fire", "divine-fyre", `no record sheet Unit "divine-fyre": use one of alpha-fire, alpha-recon, divine-fire, peaceful-cleansing`},
		{`"0501"}`, `"0501", facing: W}`, `facing "W": use N, NE, SE, S, SW or NW`},
		{"id: AR", "id: DF", "unit DF is also in sides[0].units[0]"},
		{"ruleset: quickstart", "ruleset: quick", `"quick": use quickstart`},
		{"{width: 15, height: 17}", "{width: 15, height: 17, heavy-woods: [\"1620\"]}", "hex 1620 is off the 15×17 map"},
		{"home: north", "home: up", `edge "up": use north, east, south or west`},
		{"units:\n      - {id: AR", "counters: [{kind: objective, hex: \"0816\"}]\n    units:\n      - {id: AR", "hex 0816 is 16 hexes from the north edge, outside side bears's Deployment Zone of 1"},
	} {
		bad := strings.Replace(base, tc.from, tc.to, 1)
		_, err := ParseQuickStart([]byte(bad), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s → %s: %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
	green, _ := QuickStartBuiltIn("green-training")
	if _, err := ParseQuickStart(append(green, "start: off-board\n"...), nil); err == nil || !strings.Contains(err.Error(), "only setup: veteran chooses how the Units start") {
		t.Errorf("start: in the Green file: %v", err)
	}
	data, _ := QuickStartBuiltIn("veteran-training")
	off, err := ParseQuickStart([]byte(strings.Replace(string(data), "\nstart: on-board", "", 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := runSetUp(off, dice.New(mustScript(t, 1, 1, 6, 6, 1, 1, 6, 6)))
	if err != nil || off.OnBoard || s.Phase != quickstart.MovementPhase || !s.Units[0].OffBoard {
		t.Errorf("without start: the book's usual start, off the map: %v, on board %v, %v phase, %+v", err, off.OnBoard, s.Phase, s.Units[0])
	}
}

// Ensure the console lines of a Quick-Start battle are read, and refused
// with what to write instead.
func TestQuickStartAction(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{`@b /battle move unit:DF path:"0609 0608" facing:NE`, "move DF 0609 0608 facing NE"},
		{`@b /battle move unit:DF facing:S`, "move DF facing S"},
		{`@b /battle jump unit:AR to:0606 facing:SW`, "jump AR 0606 facing SW"},
		{`@b /battle attack unit:DF element:2 target:AR target_element:1 overheat:1`, "attack DF/2 at AR/1 overheat 1"},
		{`@b /battle end`, "done"},
		{`@b /battle move unit:DF`, "/battle move needs facing:"},
		{`@b /battle attack unit:DF element:7 target:AR target_element:1`, "element:7: an element's number on its record sheet, 1 to 6"},
		{`@b /battle overburn unit:DF`, "not a Quick-Start action; use move, jump, attack, end"},
	} {
		l, err := consoleline.ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		a, err := QuickStartAction(l)
		got := a.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.line, got, tc.want)
		}
		if err == nil {
			back, _ := consoleline.ParseLine(QuickStartLine("b", a))
			if again, err := QuickStartAction(back); err != nil || again.String() != a.String() {
				t.Errorf("%s written back as %s: %v %v", tc.line, QuickStartLine("b", a), again, err)
			}
		}
	}
}

// Ensure the Veteran set-up (002 lines 566–580; ruling QS18) is played in
// the book's order: the set-up roll's winner (the bears, 12 to 2) takes a
// home edge and Blake the opposite; Blake, the loser, places first an
// objective it attacks in the bears' zone, then the bears one in Blake's;
// then each one it defends in its own zone, the winner first; the
// Headquarters, the loser first; then the second roll's winner (Blake, 4
// to 2) sets up second and the Units go down in turn, the bears first.
// Every counter ends in its owner's zone of 5 hexes, every Unit in its
// side's zone and off its own counters, and the file's set-up is left as
// it was for the next start.
func TestVeteranSetUp(t *testing.T) {
	qs := shippedQuickStart(t, "veteran-training")
	d := dice.New(mustScript(t, 1, 1, 6, 6, 2, 2, 1, 1, 1, 1, 6, 6))
	s, evs, err := runSetUp(qs, d)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range evs {
		if e.Type == "setup" {
			got = append(got, e.Text)
		}
	}
	want := []string{
		"set-up: Word of Blake 2, Clan Ghost Bear 12; Clan Ghost Bear chooses the home edge",
		"set-up: Clan Ghost Bear chooses the",
		"set-up: Word of Blake places Clan Ghost Bear's objective in",
		"set-up: Clan Ghost Bear places Word of Blake's objective in",
		"set-up: Clan Ghost Bear places Clan Ghost Bear's objective in",
		"set-up: Word of Blake places Word of Blake's objective in",
		"set-up: Word of Blake places Word of Blake's headquarters in",
		"set-up: Clan Ghost Bear places Clan Ghost Bear's headquarters in",
		"starting positions: Word of Blake 4, Clan Ghost Bear 2; Word of Blake chooses to set up first or second",
		"starting positions: Word of Blake sets up second; Clan Ghost Bear places the first Unit",
		"set-up: Clan Ghost Bear places AF in", "set-up: Word of Blake places DF in", "set-up: Clan Ghost Bear places AR in", "set-up: Word of Blake places PC in",
	}
	if len(got) != len(want) {
		t.Fatalf("set-up events:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("event %d: %q, want %q…", i, got[i], want[i])
		}
	}
	homes := [2]referee.Edge{referee.South, referee.North}
	if strings.Contains(got[1], "chooses the south edge") {
		homes = [2]referee.Edge{referee.North, referee.South}
	}
	for _, c := range s.Counters {
		if d := quickstart.EdgeDepth(s.Map, c.Hex, homes[c.Owner]); d > 5 || c.Value == 0 {
			t.Errorf("%v of side %d in %s, %d hexes from its home edge, worth %d", c.Kind, c.Owner, c.Hex, d, c.Value)
		}
		for _, u := range s.Units {
			if u.Hex == c.Hex && u.Side == c.Owner {
				t.Errorf("%s stands on its own %v", u.ID, c.Kind)
			}
		}
	}
	for _, u := range s.Units {
		if d := quickstart.EdgeDepth(s.Map, u.Hex, homes[u.Side]); d > 5 {
			t.Errorf("%s in %s, %d hexes from its home edge", u.ID, u.Hex, d)
		}
	}
	if s.Turn != 1 || s.Phase != quickstart.MovementPhase || s.Loser != 0 {
		t.Errorf("after the set-up: turn %d %v, loser %d", s.Turn, s.Phase, s.Loser)
	}
	if again := shippedQuickStart(t, "veteran-training"); !reflect.DeepEqual(again.Units, qs.Units) || !reflect.DeepEqual(again.Counters, qs.Counters) {
		t.Error("Begin changed the scenario's own set-up")
	}
	for _, tc := range []struct{ from, to, want string }{
		{"setup: veteran\n", "setup: veteran\n", ""},
		{"{id: DF, unit: divine-fire}", `{id: DF, unit: divine-fire, hex: "0616"}`, "setup: veteran places the Units: drop hex"},
		{"counters: [{kind: objective}, {kind: objective}", `counters: [{kind: objective, hex: "0716"}, {kind: objective}`, "setup: veteran places the counters: drop hex"},
		{"    name: Word of Blake\n", "    name: Word of Blake\n    home: south\n", "setup: veteran chooses the home edges: drop home"},
		{"\nsetup: veteran", "\nsetup: blue", `"blue": use veteran`},
		{"\nstart: on-board", "\nstart: sideways", `"sideways": use off-board (the Units enter from their home edges in turn 1) or on-board`},
	} {
		data, _ := QuickStartBuiltIn("veteran-training")
		_, err := ParseQuickStart([]byte(strings.Replace(string(data), tc.from, tc.to, 1)), nil)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s → %s: %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}
