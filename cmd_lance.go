package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"bfbot/campaign/forces"
	"bfbot/referee"
)

// runLance is `bfbot lance [--json] [--exp LEVEL] [--name NAME] NAME…`
// (quick lance generation from the values table), `bfbot lance --mtf
// FILE…` (full lance creation from MegaMek designs) and `bfbot lance
// --design FILE…` (full lance creation from YAML or JSON design files,
// forces.ReadDesigns). It prints the counter, or with --json the fields
// of docs/architecture.md (forces.Lance.JSON).
func (m *Main) runLance(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("lance", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the lance as one JSON object")
	expName := fs.String("exp", "regular", "experience: green, regular, veteran or elite")
	name := fs.String("name", "", "the lance's name, e.g. \"Four Brothers\"")
	mtf := fs.Bool("mtf", false, "the arguments are MegaMek .mtf design files (full lance creation)")
	design := fs.Bool("design", false, "the arguments are YAML or JSON design files (full lance creation)")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	exp, err := referee.ParseExperience(*expName)
	if err != nil {
		return usagef("lance: --exp: %v", err)
	}
	build, what := lanceQuick, "machines from the values table (e.g. bfbot lance Wasp Thunderbolt Vindicator Hatchetman)"
	switch {
	case *mtf && *design:
		return usagef("lance: --mtf and --design cannot be given together")
	case *mtf:
		build, what = m.lanceFromMTF, ".mtf files (bfbot lance --mtf A.mtf B.mtf …)"
	case *design:
		build, what = lanceFromDesigns, "design files (bfbot lance --design A.yaml B.yaml …)"
	}
	if len(pos) == 0 {
		return usagef("lance: name the lance's %s", what)
	}
	l, warnings, err := build(pos, exp)
	if err != nil {
		return fmt.Errorf("lance: %w", err)
	}
	for _, w := range warnings {
		fmt.Fprintf(m.Stderr, "lance: warning: %s\n", w)
	}
	if *name != "" {
		l.Name = *name
	}
	if *asJSON {
		return json.NewEncoder(m.Stdout).Encode(l.JSON())
	}
	return writeLanceCounter(m.Stdout, l)
}

// lanceQuick is quick lance generation: the arguments are catalog names.
func lanceQuick(names []string, exp referee.Experience) (forces.Lance, []string, error) {
	l, err := forces.QuickLance(names, exp)
	return l, nil, err
}

// lanceFromMTF is full lance creation from MegaMek .mtf files
// (forces.LanceFromMTF): up to four designs, each labelled by its file
// name in errors and warnings.
func (m *Main) lanceFromMTF(paths []string, exp referee.Experience) (forces.Lance, []string, error) {
	files := make([]io.Reader, 0, len(paths))
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return forces.Lance{}, nil, fmt.Errorf("--mtf: %w", err)
		}
		defer f.Close()
		files = append(files, bufio.NewReader(f))
	}
	return forces.LanceFromMTF(files, paths, exp)
}

// designFileMaxBytes bounds a design file read from disk; ReadDesigns
// refuses anything larger.
const designFileMaxBytes = 1 << 20

// lanceFromDesigns is full lance creation from YAML or JSON design files
// (forces.LanceFromDesignFiles): up to four designs in all, each file
// labelled by its name in errors and warnings.
func lanceFromDesigns(paths []string, exp referee.Experience) (forces.Lance, []string, error) {
	files := make([][]byte, 0, len(paths))
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return forces.Lance{}, nil, fmt.Errorf("--design: %w", err)
		}
		data, err := io.ReadAll(io.LimitReader(f, designFileMaxBytes+1))
		f.Close()
		if err != nil {
			return forces.Lance{}, nil, fmt.Errorf("--design: %w", err)
		}
		files = append(files, data)
	}
	return forces.LanceFromDesignFiles(files, paths, exp)
}

// lanceRowNames are the colours of a counter's rows (000 lines 242–245).
var lanceRowNames = [...]string{"step 0 (blue)", "step 1 (green)", "step 2 (yellow)", "step 3 (orange)"}

// writeLanceCounter prints the lance as its counter reads (000 lines
// 230–245): R, M, RA, CA, D for the red overburn row and each step; an
// air counter reads R, M, AA, ST, D and has two steps (lines 1067–1071,
// 1163).
func writeLanceCounter(w io.Writer, l forces.Lance) error {
	var b strings.Builder
	title := l.Class.String()
	if l.Name != "" {
		title += " " + strconv.Quote(l.Name)
	}
	if members := strings.Join(l.Members, ", "); members != "" && members != l.Name {
		title += ": " + members
	}
	fmt.Fprintln(&b, title)
	r := strconv.Itoa(l.Range)
	if l.MinRange > 0 {
		r = fmt.Sprintf("%d-%d", l.MinRange, l.Range)
	}
	air := l.Class.Kind() == referee.KindAir
	attack, close := "RA", "CA"
	if air {
		attack, close = "AA", "ST"
	}
	fmt.Fprintf(&b, "%-17s %5s %3s %3s %3s %3s\n", "", "R", "M", attack, close, "D")
	if l.OverburnRA > 0 || l.OverburnMP > 0 {
		ra := ""
		if l.OverburnRA > 0 {
			ra = strconv.Itoa(l.OverburnRA)
		}
		line := fmt.Sprintf("%-17s %5s %3d %3s", "overburn (red)", r, l.OverburnMP, ra)
		fmt.Fprintln(&b, strings.TrimRight(line, " "))
	}
	for s := range min(l.Class.Info().Steps, len(l.Rows)) {
		v := l.Rows[s]
		fmt.Fprintf(&b, "%-17s %5s %3d %3d %3d %3d\n", lanceRowNames[s], r, l.MP, v.RA, v.CA, v.D)
	}
	yes := map[bool]string{true: "yes", false: "no"}
	fmt.Fprintf(&b, "jump: %s   indirect fire: %s\n", yes[l.Jump], yes[l.Indirect || l.Class.Info().Indirect])
	fmt.Fprintf(&b, "experience: %s   cost: %d\n", l.Experience, l.Cost())
	_, err := io.WriteString(w, b.String())
	return err
}
