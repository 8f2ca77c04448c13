package scenario

import (
	"strings"
	"testing"

	"bfbot/internal/consoleline"
	"bfbot/mapgen"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart/qsai"
)

// Ensure a Quick-Start scenario file never makes ParseQuickStart panic,
// and Run never panics on what it accepts (with the AI on a side, or
// the file's commands alone); a run that does not fail leaves a state
// that passes its invariants (Run checks them after every action).
func FuzzParseQuickStart(f *testing.F) {
	for _, name := range QuickStartBuiltIns() {
		data, _ := QuickStartBuiltIn(name)
		f.Add(string(data), uint8(0))
	}
	f.Add("ruleset: quickstart\nmap: {width: 6, height: 6, light-woods: [\"0303\"]}\nsides:\n  - {id: a, home: south, zone: 6, units: [{id: A, unit: alpha-recon, hex: \"0206\"}]}\n  - {id: b, home: north, zone: 6, units: [{id: B, unit: divine-fire, hex: \"0201\"}], counters: [{kind: hq, hex: \"0502\"}]}\ncommands: [\"@a /battle jump unit:A to:0203 facing:N\", \"@a /battle end\"]\n", uint8(1))
	f.Add("ruleset: quickstart\nboard: x.board\nsides: []\n", uint8(2))
	veteran, _ := QuickStartBuiltIn("veteran-training")
	f.Add(strings.Replace(string(veteran), "\nstart: on-board", "\nstart: off-board", 1)+"commands: [\"@bears /battle place edge:east\", \"@blake /battle place kind:objective hex:1307\", \"@blake /battle end\"]\n", uint8(2))
	green, _ := QuickStartBuiltIn("green-training")
	f.Add(string(green)+"commands: [\"@blake /battle place unit:PC hex:0715 facing:NW\", \"@bears /battle place unit:AF hex:0101 facing:S\", \"@blake /battle end\"]\n", uint8(2))
	f.Add(string(veteran)+"commands: [\"@bears /battle place order:first\", \"@blake /battle place unit:DF hex:0703 facing:S\"]\n", uint8(5))
	f.Fuzz(func(t *testing.T, text string, ai uint8) {
		qs, err := ParseQuickStart([]byte(text), func(string) (*mapgen.Map, error) { return mapgen.New(8, 8), nil })
		if err != nil || len(qs.Commands) > 50 {
			return
		}
		var players [2]*qsai.Player
		if ai%3 < 2 {
			players[ai%3] = &qsai.Player{Side: int(ai % 3), Level: qsai.Level(ai / 3 % 2)}
		}
		s, err := qs.Run(dice.New(dice.NewSeeded(uint64(ai))), QuickStartOutput{}, players, 3)
		if err == nil {
			if errs := s.Check(); len(errs) > 0 {
				t.Fatalf("run left a broken state: %v", errs)
			}
		}
	})
}

// Ensure any console line that reads either becomes a Quick-Start action
// or is refused; never a panic; an accepted one writes back as a line
// that reads as the same action.
func FuzzQuickStartAction(f *testing.F) {
	for _, s := range []string{`@a /battle move unit:DF path:"0609 0608" facing:N`, "@a /battle jump unit:AR to:0606 facing:sw",
		"@a /battle attack unit:DF element:2 target:AR target_element:1 overheat:1", "@a /battle end", "/x a:b:c",
		"@a /battle place edge:north", "@a /battle place kind:hq hex:0101", "@a /battle place order:first",
		"@a /battle place unit:DF hex:0616 facing:ne"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := consoleline.ParseLine(s)
		if err != nil || l == nil {
			return
		}
		a, err := QuickStartAction(l)
		if err != nil {
			return
		}
		back, err := consoleline.ParseLine(QuickStartLine(l.User, a))
		if err != nil || back == nil {
			t.Fatalf("%q wrote back unreadable: %v", s, err)
		}
		if again, err := QuickStartAction(back); err != nil || again.String() != a.String() {
			t.Fatalf("%q → %v → %q → %v, %v", s, a, QuickStartLine(l.User, a), again, err)
		}
	})
}
