package main

import (
	"bufio"
	"encoding/json"
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
	w := bufio.NewWriter(m.Stdout)
	var werr error
	out := scenario.QuickStartOutput{Event: func(e quickstart.Event) {
		if werr != nil {
			return
		}
		if asJSON {
			b, err := json.Marshal(e)
			if err != nil {
				werr = err
				return
			}
			_, werr = fmt.Fprintf(w, "%s\n", b)
			return
		}
		side := "-"
		if e.Side >= 0 && e.Side < 2 {
			side = qs.Sides[e.Side].ID
		}
		_, werr = fmt.Fprintf(w, "T%d %s: %s\n", e.Turn, side, e.Text)
	}}
	if !asJSON {
		out.Command = func(c scenario.QuickStartCommand) { fmt.Fprintf(w, "line %d> %s\n", c.Line, c.Text) }
		if qs.Name != "" {
			fmt.Fprintf(w, "%s (Quick-Start rules)\n", qs.Name)
		}
	}
	_, runErr := qs.Run(d, out, players, turns)
	if !asJSON {
		writeDiceLog(w, d.Log())
	}
	if err := w.Flush(); err != nil && werr == nil {
		werr = err
	}
	if runErr != nil {
		return fmt.Errorf("scenario run: %s: %w", file, runErr)
	}
	if script != nil && script.Remaining() > 0 {
		fmt.Fprintf(m.Stderr, "bfbot: scenario run: note: %d of the --dice faces were not used\n", script.Remaining())
	}
	if werr != nil {
		return fmt.Errorf("scenario run: writing the events: %w", werr)
	}
	return nil
}
