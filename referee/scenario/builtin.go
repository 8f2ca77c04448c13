package scenario

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// The book's scenarios (000 lines 2199–2513) — Surprise Encounter,
// The Steel Tip, The Pounce, Dreaded Duty, No Profit in Dying and the
// variants No 'Mech, 'Mechs versus non-'Mechs and Hot Assault — shipped
// with the program: scenarios/NAME.yaml. Their forces are fixed lists
// within the book's purchase points (ruling SC1; TestBookScenarioPoints).
//
//go:embed scenarios/*.yaml
var builtinFiles embed.FS

// BuiltIns lists the names of the shipped scenarios, sorted
// ("surprise-encounter", …).
func BuiltIns() []string { return yamlNames(builtinFiles, "scenarios") }

// yamlNames are the names of the .yaml files in dir of fsys, sorted,
// without the extension.
func yamlNames(fsys embed.FS, dir string) []string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// BuiltIn returns the file of the shipped scenario name; an unknown name
// is an error listing the shipped ones, the Quick-Start ones too: every
// caller looks a name up there first (QuickStartBuiltIn), so a name
// missing from both was meant as either.
func BuiltIn(name string) ([]byte, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, b := range BuiltIns() {
		if b == n {
			return builtinFiles.ReadFile("scenarios/" + b + ".yaml")
		}
	}
	return nil, fmt.Errorf("no shipped scenario %q: use one of %s", name, strings.Join(append(BuiltIns(), QuickStartBuiltIns()...), ", "))
}

// The Quick-Start rules' two training scenarios (002 lines 504–660),
// shipped as scenarios/quickstart/NAME.yaml with ruleset: quickstart.
//
//go:embed scenarios/quickstart/*.yaml
var quickStartFiles embed.FS

// QuickStartBuiltIns lists the names of the shipped Quick-Start
// scenarios, sorted.
func QuickStartBuiltIns() []string { return yamlNames(quickStartFiles, "scenarios/quickstart") }

// QuickStartBuiltIn returns the file of the shipped Quick-Start scenario
// name, and false when there is none of that name.
func QuickStartBuiltIn(name string) ([]byte, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, b := range QuickStartBuiltIns() {
		if b == n {
			data, err := quickStartFiles.ReadFile("scenarios/quickstart/" + b + ".yaml")
			return data, err == nil
		}
	}
	return nil, false
}

// maxActionsPerTurn bounds one AI player turn, as ai.AutoResolve does.
const maxActionsPerTurn = 2000

// RunAI plays the scenario as Run does, except that the sides in players
// are played by their AI: that side's commands in the file are skipped
// and the player chooses its actions. When every side has a player the
// file's commands are all ignored and ai.AutoResolve plays the battle.
// maxTurns (when over 0) ends the battle, its victory points counted as
// they stand, once that game turn is over. With no players RunAI is Run.
func (sc *Scenario) RunAI(d *dice.Dice, out Output, players map[string]*ai.Player, maxTurns int) (*referee.State, error) {
	if len(players) == 0 {
		return sc.Run(d, out)
	}
	for id := range players {
		if sc.Setup.Side(id) == nil {
			return sc.Setup, fmt.Errorf("no side %q to play by AI", id)
		}
	}
	// The players are told every event from the deployment on, the
	// file's commands' as well as their own (ai.Player.Observe), as a
	// campaign's AI is told a battle's record (ai.Resume); AutoResolve
	// tells its players the events it makes itself.
	emit := out.emit
	shown := out.Event
	out.Event = func(e referee.Event) {
		if shown != nil {
			shown(e)
		}
		for _, p := range players {
			p.Observe([]referee.Event{e})
		}
	}
	s, err := sc.begin(d, out)
	if err != nil {
		return s, err
	}
	if maxTurns <= 0 {
		maxTurns = 1 << 30
	}
	if len(players) == len(s.Sides) {
		next, events, err := ai.AutoResolve(s, d, players, maxTurns)
		emit(events)
		if next == nil {
			next = s
		}
		return next, err
	}
	emit = out.emit
	cmds := make([]Command, 0, len(sc.Commands))
	for _, c := range sc.Commands {
		if players[c.Action.Side] == nil {
			cmds = append(cmds, c)
		}
	}
	actions, turnKey := 0, -1
	for s.Phase != referee.PhaseOver {
		if s.Turn > maxTurns {
			next, events, err := referee.EndBattle(s, fmt.Sprintf("game turn %d is over", maxTurns))
			if err != nil {
				return s, err
			}
			emit(events)
			return next, nil
		}
		side := s.PhasingSide().ID
		p := players[side]
		if p == nil {
			if len(cmds) == 0 {
				break
			}
			c := cmds[0]
			cmds = cmds[1:]
			if s, err = sc.play(s, c, d, out); err != nil {
				return s, err
			}
			continue
		}
		if s.PlayerTurn != turnKey {
			turnKey, actions = s.PlayerTurn, 0
		}
		if actions++; actions > maxActionsPerTurn {
			return s, fmt.Errorf("the AI for %s took more than %d actions in turn %d", side, maxActionsPerTurn, s.Turn)
		}
		a := p.Next(s)
		next, events, err := referee.Apply(s, a, d)
		if err != nil {
			return s, fmt.Errorf("the AI for %s, turn %d, %v: %w", side, s.Turn, a, err)
		}
		if errs := next.Check(); len(errs) > 0 {
			return s, fmt.Errorf("the AI for %s, turn %d, after %v: the referee left a broken state: %w", side, s.Turn, a, errors.Join(errs...))
		}
		s = next
		emit(events)
	}
	if s.Phase != referee.PhaseOver {
		next, events, err := referee.EndBattle(s, fmt.Sprintf("the scenario's commands ran out in turn %d", s.Turn))
		if err != nil {
			return s, err
		}
		s = next
		emit(events)
	}
	return s, nil
}
