package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure `bfbot scenario run` plays a shipped Quick-Start scenario AI
// against AI to its end, one JSON event a line with type, turn and side,
// attacks with their to-hit number, roll and result; and a Quick-Start
// file by path with its commands.
func TestScenarioRunQuickStart(t *testing.T) {
	out, errs, code := run(t, "scenario", "run", "green-training", "--ai", "both", "--seed", "3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var last struct {
		Type string `json:"type"`
		Turn int    `json:"turn"`
		Side int    `json:"side"`
	}
	attacks := 0
	for _, l := range lines {
		var e struct {
			Type   string `json:"type"`
			Attack *struct {
				ToHit int  `json:"to_hit"`
				Roll  int  `json:"roll"`
				Hit   bool `json:"hit"`
			} `json:"attack"`
		}
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if e.Type == "attack" {
			attacks++
			if e.Attack == nil || (e.Attack.Roll != 0 && e.Attack.Hit != (e.Attack.Roll >= e.Attack.ToHit)) {
				t.Errorf("attack event %s", l)
			}
		}
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || last.Type != "battle-over" || attacks == 0 {
		t.Errorf("last event %+v (%v), %d attacks", last, err, attacks)
	}

	file := filepath.Join(t.TempDir(), "qs.yaml")
	if err := os.WriteFile(file, []byte(`name: Two hexes apart
ruleset: quickstart
map: {width: 15, height: 17}
sides:
  - {id: blake, home: south, zone: 17, units: [{id: DF, unit: divine-fire, hex: "0610", facing: N}]}
  - {id: bears, home: north, zone: 17, units: [{id: AR, unit: alpha-recon, hex: "0608", facing: S}]}
commands:
  - "@blake /battle move unit:DF facing:NE"
`), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code = run(t, "scenario", "run", file, "--dice", "1,1,6,6")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Two hexes apart (Quick-Start rules)", "line 8> @blake /battle move unit:DF facing:NE",
		"T1 blake: DF moves from 0610 to 0610, facing NE", "the scenario's commands ran out in turn 1", "dice: 1,1 (initiative blake)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, errs, code = run(t, "scenario", "run", "veteran-training", "--buy", "blake=Atlas"); code != 2 || !strings.Contains(errs, "record sheets") {
		t.Errorf("--buy: exit %d, %s", code, errs)
	}
}

// Ensure the console plays a Quick-Start scenario with the same
// commands as Discord: the start with the side's record sheets and map,
// the Units' placings (one refused outside the zone; a facing left out
// looks toward the enemy's edge), a move with facing, an attack refused outside the Combat Phase with
// the reason, the AI's answer to /battle end, and the status.
func TestConsoleQuickStart(t *testing.T) {
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader("@alice /scenario start name:green-training side:blake\n" +
		"@alice /battle place unit:DF hex:0713 facing:N\n@alice /battle place unit:DF hex:0616 facing:N\n@alice /battle place unit:PC hex:1016\n@alice /battle view\n" +
		"@alice /battle move unit:DF to:0615 facing:NE\n" +
		"@alice /battle attack unit:DF element:1 target:AR target_element:1 preview:true\n" +
		"@alice /battle end\n@alice /battle status\n"), Stdout: &out, Stderr: &errb}
	if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--seed", "3", "--out", t.TempDir()})); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"played by the BattleForce Quick-Start rules", "First the deployment",
		"⚠ DF sets up in Word of Blake's Deployment Zone, within 3 hexes of the south edge, and 0713 is 5 hexes in",
		"set-up: Word of Blake places DF in 0616 facing N", "set-up: Word of Blake places PC in 1016 facing N", "set-up: Clan Ghost Bear places AF in 1101 facing S",
		"Your units:\n    DF Level II \"Divine Fire\" in 0616 facing N, 7 MP",
		"file: ", "-blake.png", "DF moves from 0616 to 0615, facing NE", "⚠ attacks are declared in the Combat Phase, and this is the movement phase",
		"T1 AF moves from 1101", "Battle 1 (Quick-Start rules), Word of Blake against Clan Ghost Bear: game turn 1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
}
