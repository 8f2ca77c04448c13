package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// scenarioRunArgs is the usage of `bfbot scenario run` (main.go's table).
const scenarioRunArgs = "run NAME|FILE.yaml [--ai both|SIDE[,SIDE]] [--level easy|normal|hard] [--seed N] [--dice FACES] [--json] [--turns N] [--start off-board|on-board] [--buy SIDE=\"LIST\"]…"

// runScenario is `bfbot scenario list` and `bfbot scenario run NAME|FILE
// [--ai both|SIDE[,SIDE]] [--level easy|normal|hard] [--seed N] [--dice
// FACES] [--json] [--turns N] [--buy SIDE="LIST"]…`: it lists the shipped
// scenarios, or plays one (or a file) and prints its events. --level is
// how well the AI plays the sides --ai names; --buy replaces a side's
// fixed force by one bought within the scenario's purchase points
// (scenario.Buy).
func (m *Main) runScenario(_ context.Context, args []string) error {
	const runUsage = "bfbot scenario " + scenarioRunArgs
	if len(args) == 0 {
		return usagef("scenario: say list or run (%s)", runUsage)
	}
	if isHelp(args[0]) {
		return m.groupHelp("scenario", "list", scenarioRunArgs)
	}
	switch args[0] {
	case "list":
		if len(args) > 1 && isHelp(args[1]) {
			return m.groupHelp("scenario", "list")
		}
		if len(args) > 1 {
			return usagef("scenario list takes no arguments")
		}
		return m.listScenarios()
	case "run":
	default:
		return usagef("scenario %s: unknown; use list or run", args[0])
	}
	fs := flag.NewFlagSet("scenario run", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed of the dice (and of the AI): the same seed gives the same battle")
	faces := fs.String("dice", "", "the d6 faces to use, in order, e.g. 3,4,6 (instead of --seed)")
	asJSON := fs.Bool("json", false, "print one JSON object per event")
	aiSides := fs.String("ai", "", "sides the AI plays: both (every side), or side ids separated by commas")
	level := fs.String("level", ai.Normal.String(), "with --ai: how well the AI plays, easy, normal or hard")
	turns := fs.Int("turns", 0, "with --ai: end the battle after this game turn (default: the scenario's turn limit, else 30)")
	start := fs.String("start", "", "Quick-Start Veteran set-up: off-board (the Units enter from their home edges in turn 1) or on-board (default: the file's start:)")
	var buys buyFlags
	fs.Var(&buys, "buy", `SIDE="LIST": buy that side's force instead of the file's, e.g. lancers="Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp" (repeatable)`)
	pos, err := parseFlags(fs, m.Stderr, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("scenario run: name one shipped scenario or scenario file (%s; bfbot scenario list shows the shipped ones)", runUsage)
	}
	if *turns < 0 || (*turns == 0 && flagGiven(fs, "turns")) {
		return usagef("scenario run: --turns %d: want a number of game turns, 1 or more (leave it out for the scenario's turn limit)", *turns)
	}
	seedSet, levelSet := flagGiven(fs, "seed"), flagGiven(fs, "level")
	lvl, err := ai.ParsePlayLevel(*level)
	if err != nil {
		return usagef("scenario run: --level: %v", err)
	}
	if levelSet && strings.TrimSpace(*aiSides) == "" {
		return usagef("scenario run: --level %s: give --ai too; the level is how well the AI plays the sides it names", *level)
	}
	var src dice.Source = dice.NewSeeded(*seed)
	var script *dice.Script
	if *faces != "" {
		if seedSet {
			return usagef("scenario run: give --seed or --dice, not both")
		}
		if script, err = dice.ParseFaces(*faces); err != nil {
			return usagef("scenario run: --dice: %v", err)
		}
		src = script
	}
	file := pos[0]
	if qs, err := m.loadQuickStart(file); err != nil || qs != nil {
		if err != nil {
			return err
		}
		if len(buys) > 0 {
			return usagef("scenario run: --buy: a Quick-Start scenario's forces are its record sheets")
		}
		if levelSet {
			return usagef("scenario run: --level: the Quick-Start AI plays at one level; leave --level out")
		}
		switch {
		case *start == "":
		case !qs.SetUp:
			return usagef("scenario run: --start: %s places its Units itself; only setup: veteran starts them on or off the map", file)
		case *start == "on-board" || *start == "off-board":
			qs.OnBoard = *start == "on-board"
		default:
			return usagef("scenario run: --start %s: use off-board or on-board", *start)
		}
		return m.runQuickStart(file, qs, src, script, *aiSides, *asJSON, *turns)
	}
	if *start != "" {
		return usagef("scenario run: --start: %s is a 1987 scenario, deployed as its file says; --start is for the Quick-Start Veteran set-up", file)
	}
	sc, err := m.loadScenario(file)
	if err != nil {
		return err
	}
	for _, b := range buys {
		if err := scenario.Buy(sc, b[0], b[1]); err != nil {
			return usagef("scenario run: --buy %s: %v", b[0], err)
		}
	}
	players, err := aiPlayers(sc, *aiSides, lvl, *seed)
	if err != nil {
		return err
	}
	maxTurns := *turns
	if maxTurns == 0 && len(players) > 0 {
		maxTurns = sc.Setup.Rules.TurnLimit
		if maxTurns == 0 {
			maxTurns = 30
		}
	}
	d := dice.New(src)
	p := &eventPrinter{w: bufio.NewWriter(m.Stdout), json: *asJSON}
	out := scenario.Output{Event: func(e referee.Event) {
		if e.Dice != nil && !p.json {
			return // the dice log follows the events
		}
		p.print(e, describeEvent(e))
	}}
	if !p.json {
		out.Command = func(c scenario.Command) { p.print(nil, fmt.Sprintf("line %d> %s", c.Line, c.Text)) }
		if sc.Name != "" {
			p.print(nil, sc.Name)
		}
	}
	_, runErr := sc.RunAI(d, out, players, maxTurns)
	return m.endRun(p, d, script, file, runErr)
}

// eventPrinter prints a scenario run: each event as one JSON object a
// line (json), or as text; the first error stops it.
type eventPrinter struct {
	w    *bufio.Writer
	json bool
	err  error
}

// print writes v as JSON, or text; a nil v is text only, left out of
// the JSON.
func (p *eventPrinter) print(v any, text string) {
	if p.err != nil {
		return
	}
	if !p.json {
		_, p.err = fmt.Fprintln(p.w, text)
		return
	}
	if v == nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		p.err = err
		return
	}
	_, p.err = fmt.Fprintf(p.w, "%s\n", b)
}

// endRun closes a scenario run: the dice log (in text), the output
// flushed, and the run's error, a note on --dice faces left over, or an
// error writing the events.
func (m *Main) endRun(p *eventPrinter, d *dice.Dice, script *dice.Script, file string, runErr error) error {
	if !p.json {
		writeDiceLog(p.w, d.Log())
	}
	if err := p.w.Flush(); err != nil && p.err == nil {
		p.err = err
	}
	if runErr != nil {
		return fmt.Errorf("scenario run: %s: %w", file, runErr)
	}
	if script != nil && script.Remaining() > 0 {
		// A worked example given more dice than it used is worth a look.
		fmt.Fprintf(m.Stderr, "bfbot: scenario run: note: %d of the --dice faces were not used\n", script.Remaining())
	}
	if p.err != nil {
		return fmt.Errorf("scenario run: writing the events: %w", p.err)
	}
	return nil
}

// buyFlags are the --buy SIDE="LIST" flags, in order.
type buyFlags [][2]string

func (b *buyFlags) String() string { return fmt.Sprint(*b) }

// repeatable lets --buy be given once a side (parseFlags).
func (*buyFlags) repeatable() {}

func (b *buyFlags) Set(v string) error {
	side, list, ok := strings.Cut(v, "=")
	side, list = strings.TrimSpace(side), strings.Trim(strings.TrimSpace(list), `"`)
	if !ok || side == "" || list == "" {
		return fmt.Errorf(`want SIDE="LIST", e.g. lancers="Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp"`)
	}
	for _, prev := range *b {
		if prev[0] == side {
			return fmt.Errorf("side %s is bought twice", side)
		}
	}
	*b = append(*b, [2]string{side, list})
	return nil
}

// listScenarios prints the shipped scenarios: name, ruleset (1987, or
// quickstart) and title.
func (m *Main) listScenarios() error {
	w := bufio.NewWriter(m.Stdout)
	for _, name := range scenario.BuiltIns() {
		data, err := scenario.BuiltIn(name)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(data, nil)
		if err != nil {
			return fmt.Errorf("scenario list: shipped scenario %s: %w", name, err)
		}
		fmt.Fprintf(w, "%-28s %-10s %s\n", name, "1987", sc.Name)
	}
	for _, name := range scenario.QuickStartBuiltIns() {
		data, _ := scenario.QuickStartBuiltIn(name)
		qs, err := scenario.ParseQuickStart(data, nil)
		if err != nil {
			return fmt.Errorf("scenario list: shipped scenario %s: %w", name, err)
		}
		fmt.Fprintf(w, "%-28s %-10s %s\n", name, scenario.RulesetQuickStart, qs.Name)
	}
	return w.Flush()
}

// loadScenario reads a scenario file (a path: it has a / or ends in .yaml
// or .yml) or a shipped scenario by name.
func (m *Main) loadScenario(arg string) (*scenario.Scenario, error) {
	lower := strings.ToLower(arg)
	isFile := strings.ContainsAny(arg, `/\`) || strings.HasSuffix(lower, ".yaml") || strings.HasSuffix(lower, ".yml")
	if !isFile {
		data, err := scenario.BuiltIn(arg)
		if err != nil {
			if _, statErr := os.Stat(arg); statErr != nil {
				return nil, usagef("scenario run: %v (or give a scenario file, FILE.yaml)", err)
			}
			isFile = true // a file without an extension
		} else {
			sc, err := scenario.Parse(data, nil)
			if err != nil {
				return nil, fmt.Errorf("scenario run: shipped scenario %s: %w", arg, err)
			}
			return sc, nil
		}
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		return nil, fmt.Errorf("scenario run: %w", err)
	}
	sc, err := scenario.Parse(data, m.boardLoader(filepath.Dir(arg)))
	if err != nil {
		return nil, fmt.Errorf("scenario run: %s: %w", arg, err)
	}
	return sc, nil
}

// aiPlayers reads --ai: "both" (or "all") is every side, else side ids
// separated by commas. Each player plays at level, seeded from seed and
// its side's place in the file.
func aiPlayers(sc *scenario.Scenario, spec string, level ai.Level, seed uint64) (map[string]*ai.Player, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, nil
	}
	sides := sc.Setup.Sides
	ids := make([]string, len(sides))
	for i, s := range sides {
		ids[i] = s.ID
	}
	var want []string
	if l := strings.ToLower(spec); l == "both" || l == "all" {
		want = ids
	} else {
		for _, id := range strings.Split(spec, ",") {
			id = strings.TrimSpace(id)
			if sc.Setup.Side(id) == nil {
				return nil, usagef("scenario run: --ai: no side %q: use both or %s", id, strings.Join(ids, ", "))
			}
			want = append(want, id)
		}
	}
	players := map[string]*ai.Player{}
	for _, id := range want {
		n := uint64(0)
		for i, s := range ids {
			if s == id {
				n = uint64(i)
			}
		}
		players[id] = ai.New(id, level, seed*1000003+n)
	}
	return players, nil
}

// boardLoader reads board files named in a scenario, relative to the
// scenario's own directory; warnings go to Stderr.
func (m *Main) boardLoader(dir string) scenario.BoardLoader {
	return func(path string) (*mapgen.Map, error) {
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		mp, rep, err := mapgen.ReadBoardReport(bufio.NewReader(f))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		writeBoardWarnings(m.Stderr, path, rep)
		return mp, nil
	}
}

// describeEvent writes an event as one readable line: "T1 lancers: A1
// close attack on B1: 20 vs 12, column +10, roll 7 → 1". Events only some
// sides may see say so.
func describeEvent(e referee.Event) string {
	var b strings.Builder
	if e.Turn == 0 {
		fmt.Fprintf(&b, "setup %s: ", e.Side)
	} else {
		fmt.Fprintf(&b, "T%d %s: ", e.Turn, e.Side)
	}
	b.WriteString(e.Describe())
	if e.Audience != nil {
		fmt.Fprintf(&b, " [seen by %s]", strings.Join(e.Audience, ", "))
	}
	return b.String()
}

// writeDiceLog prints every roll with its purpose, then all the faces in
// the --dice form, so the run can be replayed with the same dice.
func writeDiceLog(w io.Writer, log []dice.Roll) {
	if len(log) == 0 {
		fmt.Fprintln(w, "dice: none rolled")
		return
	}
	var all []string
	for _, r := range log {
		faces := make([]string, len(r.Faces))
		for i, f := range r.Faces {
			faces[i] = strconv.Itoa(f)
		}
		all = append(all, faces...)
		fmt.Fprintf(w, "dice: %s (%s)\n", strings.Join(faces, ","), r.Purpose)
	}
	fmt.Fprintf(w, "dice faces: %s\n", strings.Join(all, ","))
}
