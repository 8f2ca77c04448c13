package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/referee/scenario"
)

// skirmish is the test scenario of the scenario package: deployment, the
// book's first combat example (000 line 928), moves in turn 2, and the
// turn limit ending the battle.
const skirmish = "referee/scenario/testdata/skirmish.yaml"

// Ensure `bfbot scenario run` plays a scenario with the book's dice and
// prints readable lines: deployment, commands, the attack, the battle's
// end by the turn limit, then the dice log.
func TestScenarioRunText(t *testing.T) {
	out, errs, code := run(t, "scenario", "run", skirmish, "--dice", "3,4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"setup lancers: A1 deploys at 0314 [seen by lancers]",
		"line 50> @lancers /battle attack unit:A1 target:B1 mode:close",
		"T2 bandits: B2 moves 2010 → 1910 → 1810",
		"T1 lancers: A1 close attack on B1: 20 vs 12, column +10, roll 7 → 1",
		"T2 bandits: The battle ends: the turn limit (2) is reached. A draw",
		"dice: 3,4 (close attack A1 on B1)\ndice faces: 3,4\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "dice faces: 3,4\n") {
		t.Errorf("the dice log is not last:\n%s", out)
	}
	if errs != "" {
		t.Errorf("stderr %q", errs)
	}
	// Dice left over are pointed out, and do not fail the run.
	_, errs, code = run(t, "scenario", "run", skirmish, "--dice", "3,4,5,6")
	if code != 0 || !strings.Contains(errs, "2 of the --dice faces were not used") {
		t.Errorf("leftover dice: exit %d, stderr %q", code, errs)
	}
}

// Ensure --json prints one object per line, each with type, turn and
// side, rolls as {"type":"roll","purpose","faces"} before the attack they
// decide, and battle_end last with winner, vp and level (docs/architecture.md).
func TestScenarioRunJSON(t *testing.T) {
	out, errs, code := run(t, "scenario", "run", skirmish, "--json", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var objs []map[string]any
	for i, l := range lines {
		var o map[string]any
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatalf("line %d is not a JSON object: %q: %v", i+1, l, err)
		}
		for _, k := range []string{"type", "turn", "side"} {
			if _, ok := o[k]; !ok {
				t.Errorf("line %d has no %q: %s", i+1, k, l)
			}
		}
		objs = append(objs, o)
	}
	var sawRoll bool
	for i, o := range objs {
		if o["type"] == "roll" {
			sawRoll = true
			faces, _ := o["faces"].([]any)
			if o["purpose"] != "close attack A1 on B1" || len(faces) != 2 || i+1 >= len(objs) || objs[i+1]["type"] != "attack" {
				t.Errorf("roll %v is not the attack's 2D6 followed by the attack", o)
			}
		}
		if o["type"] == "attack" {
			for _, k := range []string{"attacker", "target", "mode", "value", "defense", "column", "roll", "result"} {
				if _, ok := o[k]; !ok {
					t.Errorf("attack lacks %q: %v", k, o)
				}
			}
		}
	}
	if !sawRoll {
		t.Error("no roll event")
	}
	last := objs[len(objs)-1]
	vp, _ := last["vp"].(map[string]any)
	if last["type"] != "battle_end" || last["level"] == nil || last["winner"] == nil || len(vp) != 2 {
		t.Errorf("last line %v, want battle_end with winner, vp for both sides, level", last)
	}
	if strings.Contains(out, "dice:") {
		t.Error("--json output holds the text dice log")
	}
	// The same seed plays the same battle.
	again, _, _ := run(t, "scenario", "run", skirmish, "--json", "--seed", "5")
	if again != out {
		t.Error("the same seed gave another battle")
	}
}

// Ensure a board named by a scenario is read relative to the scenario
// file, wherever bfbot runs.
func TestScenarioRunBoard(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "maps"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "maps", "sheet.board"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := mapgen.WriteBoard(w, mapgen.New(32, 17)); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	yaml := `board: maps/sheet.board
first: a
sides:
  - id: a
    units: [{id: A1, class: medium-mech, values: {ra: 10, ca: 12, d: 8, r: 3, mp: 5}, hex: "0505"}]
  - id: b
    units: [{id: B1, class: medium-mech, values: {ra: 10, ca: 12, d: 8, r: 3, mp: 5}, hex: "2505"}]
commands: ["@a /battle end"]
`
	file := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "scenario", "run", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "commands ran out in turn 1") || !strings.Contains(out, "dice: none rolled") {
		t.Errorf("output:\n%s", out)
	}
}

// Ensure bad command lines exit 2, and bad files and refused commands
// exit 1 with the file's line on stderr.
func TestScenarioRunErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good, err := os.ReadFile(skirmish)
	if err != nil {
		t.Fatal(err)
	}
	badClass := write("class.yaml", strings.Replace(string(good), "class: heavy-mech", "class: heavy-meck", 1))
	badCmd := write("cmd.yaml", strings.Replace(string(good), `"@bandits /battle end"        # movement`, `"@lancers /battle end"`, 1))
	badYAML := write("yaml.yaml", "map: {seed: 1\n")
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"scenario"}, "scenario: say list or run", 2},
		{[]string{"scenario", "play", skirmish}, "scenario play: unknown; use list or run", 2},
		{[]string{"scenario", "run"}, "name one shipped scenario or scenario file", 2},
		{[]string{"scenario", "run", skirmish, skirmish}, "name one shipped scenario or scenario file", 2},
		{[]string{"scenario", "run", skirmish, "--seed", "x"}, `invalid value "x" for flag -seed`, 2},
		{[]string{"scenario", "run", skirmish, "--dice", "3,7"}, "--dice: ", 2},
		{[]string{"scenario", "run", skirmish, "--dice", "3,4", "--seed", "2"}, "give --seed or --dice, not both", 2},
		{[]string{"scenario", "run", skirmish, "--ai", "both", "--turns", "0"}, "--turns 0: want a number of game turns, 1 or more", 2},
		{[]string{"scenario", "run", filepath.Join(dir, "missing.yaml")}, "no such file", 1},
		{[]string{"scenario", "run", badClass}, `line 39: sides[1].units[0].class: unknown unit class "heavy-meck": use one of`, 1},
		{[]string{"scenario", "run", badYAML}, "yaml.yaml: line 1: did not find expected", 1},
		{[]string{"scenario", "run", badCmd, "--dice", "3,4"}, `line 52: "@lancers /battle end": illegal action: it is Moore's Bandits' turn`, 1},
		{[]string{"scenario", "run", skirmish, "--dice", "3"}, `line 50: "@lancers /battle attack unit:A1 target:B1 mode:close": `, 1},
	} {
		out, errs, code := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("bfbot %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tc.args, " "), code, errs, tc.code, tc.want)
		}
		if tc.code == 2 && out != "" {
			t.Errorf("bfbot %s printed %q", strings.Join(tc.args, " "), out)
		}
	}
	// A refused command still shows the battle up to it.
	out, _, _ := run(t, "scenario", "run", badCmd, "--dice", "3,4")
	if !strings.Contains(out, "T1 lancers: A1 close attack on B1") || !strings.Contains(out, "dice: 3,4") {
		t.Errorf("output before the refused command:\n%s", out)
	}
}

// Ensure `bfbot scenario list` prints every shipped scenario, name and
// title.
func TestScenarioList(t *testing.T) {
	out, errs, code := run(t, "scenario", "list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"surprise-encounter", "Surprise Encounter", "no-mech", "mechs-versus-non-mechs",
		"steel-tip", "The Steel Tip", "pounce", "The Pounce", "dreaded-duty", "Dreaded Duty",
		"no-profit-in-dying", "No Profit in Dying", "hot-assault", "Hot Assault"} {
		if !strings.Contains(out, want) {
			t.Errorf("list lacks %q:\n%s", want, out)
		}
	}
	if n := len(scenario.BuiltIns()) + len(scenario.QuickStartBuiltIns()); len(strings.Split(strings.TrimSpace(out), "\n")) != n {
		t.Errorf("not %d lines, one a scenario:\n%s", n, out)
	}
	for _, want := range []string{"green-training               quickstart Green Training Scenario", "veteran-training             quickstart Veteran Training Scenario", "surprise-encounter           1987"} {
		if !strings.Contains(out, want) {
			t.Errorf("list lacks %q:\n%s", want, out)
		}
	}
}

// Ensure a shipped scenario runs by name with the AI on both sides and
// its JSON events end with battle_end; the same seed gives the same
// battle.
func TestScenarioRunBuiltInAI(t *testing.T) {
	out, errs, code := run(t, "scenario", "run", "surprise-encounter", "--ai", "both", "--seed", "3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var last map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if last["type"] != "battle_end" {
		t.Errorf("last event %v", last)
	}
	var attacks int
	for _, l := range lines {
		if strings.Contains(l, `"type":"attack"`) {
			attacks++
		}
	}
	if attacks == 0 {
		t.Error("the AI made no attack")
	}
	again, _, _ := run(t, "scenario", "run", "surprise-encounter", "--ai", "both", "--seed", "3", "--json")
	if again != out {
		t.Error("the same seed gave another battle")
	}
	// --turns ends it sooner.
	out, errs, code = run(t, "scenario", "run", "surprise-encounter", "--ai", "both", "--seed", "3", "--turns", "1")
	if code != 0 || !strings.Contains(out, "game turn 1 is over") {
		t.Errorf("--turns 1: exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// Ensure --ai with one side plays that side and the file's commands for
// the other: the skirmish's lancers attack from the file, the bandits are
// the AI's.
func TestScenarioRunOneSideAI(t *testing.T) {
	out, errs, code := run(t, "scenario", "run", skirmish, "--ai", "bandits", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "line 50> @lancers /battle attack unit:A1 target:B1 mode:close") || !strings.Contains(out, "The battle ends") {
		t.Errorf("output:\n%s", out)
	}
	if strings.Contains(out, "> @bandits") {
		t.Errorf("a bandits command of the file was played:\n%s", out)
	}
}

// Ensure bad names are refused with the choices listed.
func TestScenarioRunBadNames(t *testing.T) {
	_, errs, code := run(t, "scenario", "run", "the-steel-tip")
	if code != 2 {
		t.Errorf("exit %d", code)
	}
	for _, n := range append(scenario.BuiltIns(), scenario.QuickStartBuiltIns()...) {
		if !strings.Contains(errs, n) {
			t.Errorf("stderr %q does not list %s", errs, n)
		}
	}
	_, errs, code = run(t, "scenario", "run", "surprise-encounter", "--ai", "pirates")
	if code != 2 || !strings.Contains(errs, "lancers") || !strings.Contains(errs, "bandits") || !strings.Contains(errs, "both") {
		t.Errorf("--ai pirates: exit %d, stderr %q", code, errs)
	}
	_, errs, code = run(t, "scenario", "frobnicate")
	if code != 2 || !strings.Contains(errs, "list") {
		t.Errorf("scenario frobnicate: exit %d, stderr %q", code, errs)
	}
}

// Ensure every shipped scenario plays to its end AI against AI through
// the command, 2 seeds each (20 with BFBOT_LONG=1, 1 with -short), with no
// error. The scenario package plays each one for many more seeds
// (TestBookScenariosPlayOut); this checks the command's wiring.
func TestScenarioBuiltInsPlayOut(t *testing.T) {
	seeds := 2
	switch {
	case os.Getenv("BFBOT_LONG") == "1":
		seeds = 20
	case testing.Short():
		seeds = 1
	}
	for _, name := range scenario.BuiltIns() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for seed := 1; seed <= seeds; seed++ {
				out, errs, code := run(t, "scenario", "run", name, "--ai", "both", "--seed", strconv.Itoa(seed))
				if code != 0 {
					t.Fatalf("seed %d: exit %d: %s", seed, code, errs)
				}
				if !strings.Contains(out, ": The battle ends") {
					t.Fatalf("seed %d: no end of battle:\n%s", seed, out)
				}
			}
		})
	}
}

// Ensure --buy replaces a side's fixed force by a bought one, which the
// AI then plays, and that a purchase the scenario refuses is a usage
// error naming the rule and the numbers (000 lines 2209).
func TestScenarioRunBuy(t *testing.T) {
	out, errs, code := run(t, "scenario", "run", "surprise-encounter", "--ai", "both", "--turns", "2", "--seed", "3",
		"--buy", `lancers="Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp"`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"lancers: L1 deploys at 01", "lancers: L2 deploys at 0", "The battle ends"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, purHead(out))
		}
	}
	if strings.Contains(out, "L3 deploys") {
		t.Errorf("a fixed lancers unit is still deployed:\n%s", purHead(out))
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--buy", `bandits=Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite`},
			"bandits: 210 points bought, the scenario allows 200: drop 10 points"},
		{[]string{"--buy", "lancers=Atlos Atlas Atlas Atlas"}, "did you mean Atlas?"},
		{[]string{"--buy", "lancers"}, `want SIDE="LIST"`},
		{[]string{"--buy", "lancers=Locust Locust Locust Locust", "--buy", "lancers=Wasp Wasp Wasp Wasp"}, "bought twice"},
	} {
		_, errs, code := run(t, append([]string{"scenario", "run", "surprise-encounter", "--ai", "both", "--turns", "1"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// purHead is the start of a long output, for failure messages.
func purHead(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}
