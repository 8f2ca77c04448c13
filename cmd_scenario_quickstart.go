package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
	"bfbot/referee/scenario"
)

// loadQuickStart reads arg as a Quick-Start scenario when it is one: a
// shipped Quick-Start scenario's name, or a file with ruleset:
// quickstart. It returns nil for anything else, which loadScenario reads.
func (m *Main) loadQuickStart(arg string) (*scenario.QuickStart, error) {
	data, ok := scenario.QuickStartBuiltIn(arg)
	dir := ""
	if !ok {
		lower := strings.ToLower(arg)
		isFile := strings.ContainsAny(arg, `/\`) || strings.HasSuffix(lower, ".yaml") || strings.HasSuffix(lower, ".yml")
		if !isFile {
			return nil, nil
		}
		raw, err := os.ReadFile(arg)
		if err != nil || scenario.Ruleset(raw) != scenario.RulesetQuickStart {
			return nil, nil // loadScenario reports what is wrong
		}
		data, dir = raw, filepath.Dir(arg)
	}
	qs, err := scenario.ParseQuickStart(data, m.boardLoader(dir))
	if err != nil {
		return nil, fmt.Errorf("scenario run: %s: %w", arg, err)
	}
	for _, w := range qs.Warnings {
		fmt.Fprintf(m.Stderr, "bfbot: scenario run: %s: %s\n", arg, w)
	}
	return qs, nil
}

// runQuickStart is `bfbot scenario run` of a Quick-Start scenario: the
// same flags but --buy; --ai plays sides by the Tactician.
func (m *Main) runQuickStart(file string, qs *scenario.QuickStart, src dice.Source, script *dice.Script, aiSides string, asJSON bool, turns int) error {
	var players [2]*qsai.Player
	if spec := strings.ToLower(strings.TrimSpace(aiSides)); spec != "" {
		for _, id := range strings.Split(spec, ",") {
			id = strings.TrimSpace(id)
			for i, s := range qs.Sides {
				if id == "both" || id == "all" || id == strings.ToLower(s.ID) {
					players[i] = &qsai.Player{Side: i, Level: qsai.Tactician}
				}
			}
			if id != "both" && id != "all" && qs.SideIndex(id) < 0 {
				return usagef("scenario run: --ai: no side %q: use both, %s or %s", id, qs.Sides[0].ID, qs.Sides[1].ID)
			}
		}
	}
	if turns == 0 && (players[0] != nil || players[1] != nil) {
		turns = 30
	}
	d := dice.New(src)
	p := &eventPrinter{w: bufio.NewWriter(m.Stdout), json: asJSON}
	out := scenario.QuickStartOutput{Event: func(e quickstart.Event) {
		side := "-"
		if e.Side >= 0 && e.Side < 2 {
			side = qs.Sides[e.Side].ID
		}
		p.print(e, fmt.Sprintf("T%d %s: %s", e.Turn, side, e.Text))
	}}
	if !asJSON {
		out.Command = func(c scenario.QuickStartCommand) { p.print(nil, fmt.Sprintf("line %d> %s", c.Line, c.Text)) }
		if qs.Name != "" {
			p.print(nil, qs.Name+" (Quick-Start rules)")
		}
	}
	_, runErr := qs.Run(d, out, players, turns)
	return m.endRun(p, d, script, file, runErr)
}
