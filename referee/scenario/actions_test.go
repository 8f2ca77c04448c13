package scenario

import (
	"errors"
	"strings"
	"testing"

	"bfbot/internal/consoleline"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The actions beyond move and attack as scenario-file commands: strafe,
// bomb, drop, embark, debark and liftoff, played through the book's
// worked examples.

// airExample is the air combat example (000 lines 1116, 1165–1169): the
// Lancers' Veteran Heavy lance flies 4 hexes north to 0911, the Green
// Light lance with its 30-point bomb load 6 hexes (12 − 6, line 1114) to
// 1111, the Regular lance 2 hexes to 1515; then the Heavy lance strafes
// the Fire Lance (D 9) and the Medium Tracked unit (D 6) in 0912, the
// Light lance bombs the Medium 'Mech (D 10) in the heavy woods of 1210,
// and the third attacks the Bandit Light lance (D 4) in the air.
const airExample = `name: York's Air Company
map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "0912": {terrain: open, elevation: 0}
  "1210": {terrain: heavy-woods, elevation: 0}
rules: {crt: rulebook}
first: lancers
sides:
  - id: lancers
    retreat: west
    units:
      - {id: A1, class: heavy-air, values: {ra: 15, ca: 13, d: 10, r: 15, mp: 10}, experience: veteran, hex: "0915"}
      - {id: A2, class: light-air, values: {ra: 8, ca: 6, d: 6, r: 15, mp: 12}, experience: green, chits: [bomb30], hex: "1117"}
      - {id: A3, class: light-air, values: {ra: 8, ca: 6, d: 6, r: 15, mp: 12}, hex: "1517"}
  - id: bandits
    retreat: east
    units:
      - {id: B1, class: fire-mech, values: {ra: 10, ca: 6, d: 9, r: 4, mp: 4}, hex: "0912"}
      - {id: B2, class: tracked, values: {ra: 8, ca: 8, d: 6, r: 3, mp: 6}, hex: "0912"}
      - {id: B3, class: medium-mech, values: {ra: 8, ca: 8, d: 10, r: 3, mp: 5}, hex: "1210"}
      - {id: B4, class: light-air, values: {ra: 8, ca: 6, d: 4, r: 15, mp: 12}, hex: "1512"}
commands:
  - "@lancers /battle move unit:A1 to:0911"
  - "@lancers /battle move unit:A2 to:1111"
  - "@lancers /battle move unit:A3 to:1515"
  - "@lancers /battle end"
  - "@lancers /battle strafe unit:A1 hex:0912"
  - "@lancers /battle bomb unit:A2 hex:1210"
  - "@lancers /battle attack unit:A3 target:B4"
`

// attacksOf lists the attack events as attacker→target mode value−D
// column.
type actAttack struct {
	Attacker, Target, Mode string
	Value, Defense, Column int
}

func attacksOf(evs []referee.Event) []actAttack {
	var out []actAttack
	for _, e := range evs {
		if e.Type == "attack" && e.Column != nil {
			out = append(out, actAttack{e.Attacker, e.Target, e.Mode, *e.Value, *e.Defense, *e.Column})
		}
	}
	return out
}

// Ensure the air combat example plays through the scenario-file
// commands strafe and bomb (000 lines 1165–1167): the strafe on +5 and
// +8; the bomb 30 − 10 read on the +15 column, −1 Green and −2 for heavy
// woods (ruling AIR10: the terrain table, not the example's −3); the air
// attack on +4 (line 1169).
func TestScenarioAirExample(t *testing.T) {
	sc := mustParse(t, airExample, nil)
	s, evs, err := play(t, sc, scripted(t, 2, 2, 2, 2, 2, 2, 2, 2))
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := []actAttack{
		{"A1", "B1", "strafe", 13, 9, 5},
		{"A1", "B2", "strafe", 13, 6, 8},
		{"A2", "B3", "bomb", 30, 10, 12},
		{"A3", "B4", "ranged", 8, 4, 4},
	}
	got := attacksOf(evs)
	if len(got) != len(want) {
		t.Fatalf("attacks %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("attack %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if a2 := s.Unit("A2"); !a2.BombDropped {
		t.Error("A2 still holds its bomb load after bombing (000 line 1146)")
	}
	if lastOf(evs, "bomb_removed") == nil {
		t.Error("no bomb_removed event: the counter leaves the board after the attack (000 line 1146)")
	}
}

// Ensure the engine's refusals reach a scenario file as the command's
// error, naming its line: a strafe from further than the adjacent hex
// (000 line 1134), a bomb from a lance with no load (line 1142), a second
// hex in one turn (line 1138), a side acting out of its turn.
func TestScenarioAirRefusals(t *testing.T) {
	base := airExample[:strings.Index(airExample, `  - "@lancers /battle strafe`)]
	for _, tc := range []struct{ line, want string }{
		{`"@lancers /battle strafe unit:A3 hex:0912"`, "must stand in or next to the hex"},
		{`"@lancers /battle bomb unit:A1 hex:0912"`, "carries no bomb load"},
		{"\"@lancers /battle strafe unit:A1 hex:0912\"\n  - \"@lancers /battle strafe unit:A1 hex:0911\"", "already attacked this turn"},
		{`"@bandits /battle strafe unit:B4 hex:0912"`, "lancers' turn"},
	} {
		text := base + "  - " + tc.line + "\n"
		sc := mustParse(t, text, nil)
		_, _, err := play(t, sc, scripted(t, 2, 2, 2, 2, 2, 2, 2, 2))
		var ce *CommandError
		if !errors.As(err, &ce) || ce.Command.Line != strings.Count(text, "\n") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a refusal on the last line saying %q", tc.line, err, tc.want)
		}
	}
}

// dropExample is the drop example (000 line 765): the Elite Heavy lance
// of Christoph's Company, kept in orbit, drops onto 1407; a Bandit lance
// (RA 20) in the adjacent 1406 fires at it as it comes down.
const dropExample = `name: Christoph's Company drops
map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "1406": {terrain: open, elevation: 0}
  "1407": {terrain: open, elevation: 0}
  "1409": {terrain: open, elevation: 0}
rules: {crt: rulebook}
first: lancers
sides:
  - id: lancers
    retreat: west
    units:
      - {id: A1, class: heavy-mech, values: {ra: 16, ca: 18, d: 10, r: 3, mp: 4}, experience: elite, drop: true}
  - id: bandits
    retreat: east
    units:
      - {id: B1, class: medium-mech, values: {ra: 20, ca: 12, d: 9, r: 3, mp: 5}, hex: "1406"}
commands:
  - "@lancers /battle drop unit:A1 hex:1407"
  - "@lancers /battle end"
`

// Ensure the drop example through the scenario-file command (000 lines
// 741–765): the declared hex is told to the lancers alone (ruling DR1);
// B1 fires from the adjacent hex at 20 − 10 − 4; one step taken, the
// Elite lance needs 8 (5 + 5 − 2) and lands on 8 where it meant to.
func TestScenarioDropExample(t *testing.T) {
	col := referee.Column(20, 10, referee.DropAdjacentShift)
	hit := 0
	for r := 2; r <= 12; r++ {
		if res, _ := referee.RulebookCRT.Lookup(col, r); res.String() == "1" {
			hit = r
			break
		}
	}
	if hit == 0 {
		t.Fatalf("no roll gives one step on column %d", col)
	}
	two := func(n int) []int { return []int{n / 2, n - n/2} }
	faces := append(two(hit), two(8)...)
	sc := mustParse(t, dropExample, nil)
	s, evs, err := play(t, sc, scripted(t, faces...))
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	decl := lastOf(evs, "drop_declared")
	if decl == nil || len(decl.Audience) != 1 || decl.Audience[0] != "lancers" || !decl.Visible("lancers") || decl.Visible("bandits") {
		t.Errorf("drop_declared %+v: want it told to the lancers only (ruling DR1)", decl)
	}
	if got := attacksOf(evs); len(got) != 1 || got[0] != (actAttack{"B1", "A1", "ranged", 20, 10, col}) {
		t.Errorf("fire at the dropping lance: %+v", got)
	}
	need := lastOf(evs, "landing_target")
	if need == nil || *need.Value != 8 {
		t.Errorf("landing target %+v, want 8 (000 line 765)", need)
	}
	if u := s.Unit("A1"); u.Status != referee.Active || u.Hex != hex.MustParse("1407") || u.Step != 1 || u.HardLanding {
		t.Errorf("A1 %v at %s, step %d, hard %v: want landed safely on 1407 with one step", u.Status, u.Hex, u.Step, u.HardLanding)
	}
}

// dropShipExample: a Leopard DropShip carrying a Medium lance lands on
// open ground at level 0 (000 line 1214), the lance debarks in the next
// movement phase and may move its whole allowance (line 1253), boards
// again (line 1257), and the ship lifts off with it (ruling DR16).
const dropShipExample = `name: The Leopard lands
map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "1010": {terrain: open, elevation: 0}
  "1009": {terrain: open, elevation: 0}
  "1008": {terrain: open, elevation: 0}
rules: {crt: rulebook}
first: lancers
sides:
  - id: lancers
    retreat: west
    units:
      - {id: D1, class: leopard, values: {ra: 8, ca: 0, d: 6, r: 6, mp: 0}, drop: true}
      - {id: A1, class: medium-mech, values: {ra: 10, ca: 10, d: 8, r: 3, mp: 5}, aboard: D1}
  - id: bandits
    retreat: east
    units:
      - {id: B1, class: light-mech, values: {ra: 6, ca: 6, d: 6, r: 3, mp: 6}, hex: "3016"}
commands:
  - "@lancers /battle drop unit:D1 hex:1010"
  - "@lancers /battle end"          # the Leopard lands: 5 or better
  - "@lancers /battle end"          # attack phase
  - "@bandits /battle end"
  - "@bandits /battle end"
  - "@lancers /battle debark unit:A1 hex:1009"
  - "@lancers /battle move unit:A1 to:1008"
  - "@lancers /battle end"
  - "@lancers /battle end"
  - "@bandits /battle end"
  - "@bandits /battle end"
  - "@lancers /battle move unit:A1 to:1009"
  - "@lancers /battle embark unit:A1 dropship:D1"
  - "@lancers /battle liftoff unit:D1"
`

// Ensure the DropShip commands through a scenario file: the landing on a
// roll of 5 (000 line 1214), debark and move on (line 1253), embark
// (line 1257) and lift-off with the load (ruling DR16).
func TestScenarioDropShip(t *testing.T) {
	sc := mustParse(t, dropShipExample, nil)
	var debarked, embarked bool
	s, evs, err := play(t, sc, scripted(t, 2, 3))
	for _, e := range evs {
		debarked = debarked || e.Type == "debark" && e.Unit == "A1" && e.Hex != nil && *e.Hex == hex.MustParse("1009")
		embarked = embarked || e.Type == "embark" && e.Unit == "A1" && e.Target == "D1"
	}
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if l := lastOf(evs, "landing"); l == nil || l.Unit != "D1" || *l.Result != "passed" {
		t.Errorf("landing %+v, want D1 down on a 5", l)
	}
	if !debarked || !embarked {
		t.Errorf("debarked %v, embarked %v", debarked, embarked)
	}
	if d1, a1 := s.Unit("D1"), s.Unit("A1"); d1.Status != referee.Withdrawn || a1.Status != referee.Withdrawn {
		t.Errorf("after lift-off D1 %v, A1 %v: want both withdrawn", d1.Status, a1.Status)
	}
}

// Ensure the console grammar of the new actions: each reads into its
// referee action, and a missing or unknown option is named.
func TestBattleActionAirAndDrops(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"@a /battle strafe unit:F1 hex:0912", "strafe F1 0912"},
		{"@a /battle bomb unit:F1 hex:1210", "bomb F1 1210"},
		{"@a /battle drop unit:A1 hex:1407", "drop A1 1407"},
		{"@a /battle embark unit:A1 dropship:D1", "embark A1 D1"},
		{"@a /battle debark unit:A1 hex:1009", "debark A1 1009"},
		{"@a /battle liftoff unit:D1", "liftoff D1"},
	} {
		l, err := consoleline.ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		a, err := BattleAction(l)
		if err != nil || a.String() != tc.want || a.Side != "a" {
			t.Errorf("%s: %v %v, want %s", tc.line, a, err, tc.want)
		}
	}
	for _, tc := range []struct{ line, want string }{
		{"@a /battle embark unit:A1", "needs dropship:"},
		{"@a /battle strafe unit:F1 hex:9", "hex:"},
		{"@a /battle liftoff unit:D1 hex:1010", "unknown option hex:"},
		{"@a /battle drop hex:1407", "needs unit:"},
	} {
		l, err := consoleline.ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := BattleAction(l); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.line, err, tc.want)
		}
	}
}

// Ensure a scenario file may not hide two infantry platoons of a side in
// one hex (000 line 1055; ruling M20): the error names the second.
func TestScenarioOneHiddenInfantryPerHex(t *testing.T) {
	text := `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "1010": {terrain: open, elevation: 0}
sides:
  - id: a
    units:
      - {id: A1, class: medium-mech, values: {ra: 8, ca: 8, d: 8, r: 3, mp: 5}, hex: "0505"}
  - id: b
    units:
      - {id: B1, class: infantry, values: {ra: 3, ca: 6, d: 5, r: 1, mp: 1}, hidden: true, hex: "1010"}
      - {id: B2, class: infantry, values: {ra: 3, ca: 6, d: 5, r: 1, mp: 1}, hidden: true, hex: "1010"}
`
	_, err := Parse([]byte(text), nil)
	if err == nil || !strings.Contains(err.Error(), "a hex holds at most one hidden infantry unit (BattleForce p. 24, Special Combat Rules)") || !strings.Contains(err.Error(), "line 11") {
		t.Errorf("two hidden platoons in 1010: %v", err)
	}
	if _, err := Parse([]byte(strings.Replace(text, `hidden: true, hex: "1010"}
`, `hidden: true, hex: "1011"}
`, 1)), nil); err != nil {
		t.Errorf("hidden platoons in 1011 and 1010: %v", err)
	}
}
