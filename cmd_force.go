package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"bfbot/campaign/forces"
	"bfbot/internal/cite"
	"bfbot/internal/english"
)

// forceArgs is the usage line of `bfbot force` (main.go's table).
const forceArgs = "show crucis|bandits|FILE.yaml [--json] | export crucis|bandits|FILE.yaml | check crucis|bandits|FILE.yaml [--budget heavy|medium|light]"

// runForce is `bfbot force`: show a regiment (a built-in roster, 000
// lines 2794–3536, or a regiment file), export one as a regiment file
// players can edit, or check one against the rules for taking the field
// and, with a budget, its purchase points (lines 1940–2096).
func (m *Main) runForce(_ context.Context, args []string) error {
	if len(args) == 0 {
		return usagef("force: say show, export or check (bfbot force %s)", forceArgs)
	}
	if isHelp(args[0]) {
		return m.groupHelp("force", strings.Split(forceArgs, " | ")...)
	}
	switch args[0] {
	case "show":
		return m.forceShow(args[1:])
	case "export":
		return m.forceExport(args[1:])
	case "check":
		return m.forceCheck(args[1:])
	}
	return usagef("force: unknown subcommand %q: use show, export or check (bfbot force %s)", args[0], forceArgs)
}

func (m *Main) forceShow(args []string) error {
	fs := flag.NewFlagSet("force show", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the regiment as JSON")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("force show: name one regiment: %s, or a regiment file (FILE.yaml)", strings.Join(forces.BuiltInIDs, " or "))
	}
	r, err := loadForce("force show", pos[0])
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(forceJSON(r))
	}
	writeRoster(m.Stdout, r)
	if errs := forces.CheckRegiment(r); len(errs) > 0 {
		fmt.Fprintf(m.Stdout, "\n%d problem(s) keep it off the field: run bfbot force check %s\n", len(errs), pos[0])
	}
	return nil
}

func (m *Main) forceExport(args []string) error {
	fs := flag.NewFlagSet("force export", flag.ContinueOnError)
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("force export: name one regiment: %s, or a regiment file (FILE.yaml)", strings.Join(forces.BuiltInIDs, " or "))
	}
	r, err := loadForce("force export", pos[0])
	if err != nil {
		return err
	}
	_, err = m.Stdout.Write(forces.WriteRegiment(r))
	return err
}

// forceCheck prints the regiment's bill and every problem that keeps it
// off the field; problems make the exit status 1.
func (m *Main) forceCheck(args []string) error {
	fs := flag.NewFlagSet("force check", flag.ContinueOnError)
	budget := fs.String("budget", "", "check the purchase points against a budget: heavy, medium or light (overrides the file's)")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("force check: name one regiment file (FILE.yaml), or %s", strings.Join(forces.BuiltInIDs, " or "))
	}
	if *budget != "" {
		if _, err := forces.ParseBudget(*budget); err != nil {
			return usagef("force check: --budget: %v", err)
		}
	}
	r, err := loadForce("force check", pos[0])
	if err != nil {
		return err
	}
	if *budget != "" {
		r.Budget = *budget
	}
	w := m.Stdout
	c := r.Costs()
	fmt.Fprintf(w, "%s (%s): %d combat counters, %d truck counters, %d DropShips\n", r.Name, r.ID, len(r.Units), len(r.RBG.Trucks), len(r.RBG.DropShips))
	fmt.Fprintf(w, "  counters %d ('Mech lances %d before experience and chits), experience %+d\n", c.Counters, c.MechBase, c.Experience)
	fmt.Fprintf(w, "  special purchases %d (mines %d, salvage %d, drops %d)\n", c.SpecialPurchases, r.Special.MineAttack, r.Special.Salvage, len(r.Special.Drops))
	if len(r.Special.Drops) > 0 {
		// Only these lances may be held in orbit in a campaign (ruling DR24).
		fmt.Fprintf(w, "  kept ready to drop from orbit, %d points at 10 a 'Mech (%s): %s\n", c.Drops, cite.Span(2040, 2042), strings.Join(r.Special.Drops, ", "))
	}
	fmt.Fprintf(w, "  total %d purchase points\n", c.Total)
	if r.Budget == "" {
		fmt.Fprintln(w, "  no budget: an imported force, its purchase points are not checked (--budget heavy|medium|light checks them)")
	} else if b, err := forces.ParseBudget(r.Budget); err == nil {
		fmt.Fprintf(w, "  budget: %s, %d points, %d of them special (%s)\n", b.Name, b.Points, b.Special, cite.Book(b.Line))
	}
	errs := forces.CheckRegiment(r)
	if len(errs) == 0 {
		fmt.Fprintln(w, "OK: the regiment may take the field")
		return nil
	}
	fmt.Fprintf(w, "%d problem(s):\n", len(errs))
	for _, e := range errs {
		fmt.Fprintf(w, "  - %v\n", e)
	}
	return fmt.Errorf("%s: %d problem(s) keep the regiment off the field", pos[0], len(errs))
}

// loadForce is a built-in regiment by id, or a regiment file by path. A
// name that is neither is a usage error naming the choices; a file that
// does not read is a failure naming its line.
func loadForce(cmd, arg string) (forces.Regiment, error) {
	if r, err := forces.BuiltIn(arg); err == nil {
		return r, nil
	}
	ext := strings.ToLower(filepath.Ext(arg))
	_, statErr := os.Stat(arg)
	if statErr != nil && ext != ".yaml" && ext != ".yml" && ext != ".json" {
		return forces.Regiment{}, usagef("%s: %q is no built-in regiment (%s) and no regiment file", cmd, arg, strings.Join(forces.BuiltInIDs, ", "))
	}
	f, err := os.Open(arg)
	if err != nil {
		return forces.Regiment{}, err
	}
	defer f.Close()
	// One byte over the limit is enough for ReadRegiment to refuse it.
	data, err := io.ReadAll(io.LimitReader(f, forces.MaxRegimentFileBytes+1))
	if err != nil {
		return forces.Regiment{}, err
	}
	r, err := forces.ReadRegiment(data)
	if err != nil {
		return forces.Regiment{}, fmt.Errorf("%s: %w", arg, err)
	}
	return r, nil
}

// regimentJSON is a regiment in the JSON form of `bfbot force show --json`.
type regimentJSON struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Line      int        `json:"line"`
	Mercenary bool       `json:"mercenary,omitempty"`
	Budget    string     `json:"budget,omitempty"`
	Cost      int        `json:"cost"`
	Units     []unitJSON `json:"units"`
	RBG       struct {
		Trucks       []unitJSON `json:"trucks"`
		DropShips    []unitJSON `json:"dropships"`
		RepairPoints int        `json:"repair_points"`
	} `json:"rbg"`
	Mines   int      `json:"mines,omitempty"`
	Salvage int      `json:"salvage,omitempty"`
	Drops   []string `json:"drops,omitempty"`
}

type unitJSON struct {
	Battalion string           `json:"battalion"`
	Company   string           `json:"company"`
	Printed   string           `json:"printed"`
	Counter   string           `json:"counter"`
	Line      int              `json:"line"`
	Hidden    bool             `json:"hidden,omitempty"`
	Lance     forces.LanceJSON `json:"lance"`
	Crew      []pilotJSON      `json:"crew"`
}

type pilotJSON struct {
	Name       string `json:"name,omitempty"`
	Mech       string `json:"mech"`
	Experience string `json:"experience"`
}

func forceJSON(r forces.Regiment) regimentJSON {
	j := regimentJSON{ID: r.ID, Name: r.Name, Line: r.Line, Mercenary: r.Mercenary, Budget: r.Budget, Cost: r.Costs().Total, Units: []unitJSON{},
		Mines: r.Special.MineAttack, Salvage: r.Special.Salvage, Drops: r.Special.Drops}
	conv := func(us []forces.RosterUnit) []unitJSON {
		out := []unitJSON{}
		for _, u := range us {
			uj := unitJSON{Battalion: u.Battalion, Company: u.Company, Printed: u.Printed, Counter: u.Counter, Line: u.Line, Hidden: u.Hidden, Lance: u.Lance.JSON()}
			uj.Lance.Cost = forces.PurchaseCost(u.Lance)
			for _, p := range u.Crew {
				uj.Crew = append(uj.Crew, pilotJSON{Name: p.Name, Mech: p.Mech, Experience: p.Experience.String()})
			}
			out = append(out, uj)
		}
		return out
	}
	j.Units = conv(r.Units)
	j.RBG.Trucks, j.RBG.DropShips, j.RBG.RepairPoints = conv(r.RBG.Trucks), conv(r.RBG.DropShips), r.RBG.RepairPoints
	return j
}

// writeRoster prints the regiment as the book lays it out: battalions,
// companies, lances with their values, experience and crew.
func writeRoster(w io.Writer, r forces.Regiment) {
	c := r.Costs()
	from := ""
	if r.Line > 0 {
		from = " (" + cite.Book(r.Line) + ")"
	}
	fmt.Fprintf(w, "%s%s: %d counters, %d purchase points\n", r.Name, from, len(r.Units), c.Total)
	bat, comp := "\x00", "\x00"
	for _, u := range r.Units {
		if u.Battalion != bat {
			bat, comp = u.Battalion, "\x00"
			name := u.Battalion
			if name == "" {
				name = "Regiment"
			}
			fmt.Fprintf(w, "\n%s\n", name)
		}
		if u.Company != comp {
			comp = u.Company
			if comp != "" {
				fmt.Fprintf(w, "  %s\n", comp)
			}
		}
		writeUnit(w, u, "    ")
	}
	repair := fmt.Sprintf("%d repair points", r.RBG.RepairPoints)
	if r.RBG.RepairPoints == 0 {
		repair = "repair points as the campaign sets them"
	}
	fmt.Fprintf(w, "\nRegimental Battlegroup: %d truck counters, %d DropShips, %s\n", len(r.RBG.Trucks), len(r.RBG.DropShips), repair)
	for _, u := range append(append([]forces.RosterUnit(nil), r.RBG.Trucks...), r.RBG.DropShips...) {
		writeUnit(w, u, "    ")
	}
	var special []string
	if r.Special.MineAttack > 0 {
		special = append(special, fmt.Sprintf("mines %d", r.Special.MineAttack))
	}
	if r.Special.Salvage > 0 {
		special = append(special, fmt.Sprintf("%d Salvage counters", r.Special.Salvage))
	}
	if len(r.Special.Drops) > 0 {
		special = append(special, fmt.Sprintf("kept ready to drop from orbit (%d points, %s): %s", r.Costs().Drops, cite.Span(2040, 2042), strings.Join(r.Special.Drops, ", ")))
	}
	if len(special) > 0 {
		fmt.Fprintf(w, "Special purchases: %s\n", strings.Join(special, "; "))
	}
}

func writeUnit(w io.Writer, u forces.RosterUnit, indent string) {
	l := u.Lance
	var notes []string
	if u.Hidden {
		notes = append(notes, "hidden")
	}
	if u.Line > 0 {
		notes = append(notes, cite.Book(u.Line))
	}
	note := ""
	if len(notes) > 0 {
		note = " (" + strings.Join(notes, ", ") + ")"
	}
	fmt.Fprintf(w, "%s%s — %s %s, %s, %s%s\n", indent, l.Name, u.Printed, level(l.Experience.String()), forces.ClassNoun(l.Class), english.Count(forces.PurchaseCost(l), "point"), note)
	for _, p := range u.Crew {
		name := ""
		if p.Name != "" {
			name = p.Name + "; "
		}
		fmt.Fprintf(w, "%s  %s%s %s\n", indent, name, level(p.Experience.String()), p.Mech)
	}
}

// level capitalizes an experience level as the rosters print it.
func level(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
