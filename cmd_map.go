package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"bfbot/mapgen"
	"bfbot/mapgen/render"
)

// The usage of `bfbot map generate` and `bfbot map render`.
const (
	mapGenerateArgs = "generate --out FILE.png [--seed N] [--theme plains|woods|hills|river|urban|mixed] [--sheets 1|2] [--orientation wide|tall] [--board FILE.board] [--hexnums]"
	mapRenderArgs   = "render FILE.board --out FILE.png [--hexnums]"
)

// runMap is `bfbot map generate|render`.
func (m *Main) runMap(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return usagef("map: say generate or render (bfbot map generate --out FILE.png, bfbot map render FILE.board --out FILE.png)")
	}
	if isHelp(args[0]) {
		return m.groupHelp("map", mapGenerateArgs, mapRenderArgs)
	}
	switch args[0] {
	case "generate":
		return m.runMapGenerate(args[1:])
	case "render":
		return m.runMapRender(args[1:])
	}
	return usagef("map %s: unknown; use generate or render", args[0])
}

func (m *Main) runMapGenerate(args []string) error {
	fs := flag.NewFlagSet("map generate", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed of the map: the same seed gives the same map")
	theme := fs.String("theme", "mixed", "plains, woods, hills, river, urban or mixed")
	sheets := fs.Int("sheets", 1, "1 (one 32×17 mapsheet) or 2 (a sector of two sheets)")
	orient := fs.String("orientation", "wide", "for two sheets: wide (64×17) or tall (32×34)")
	out := fs.String("out", "", "the PNG file to write (required)")
	board := fs.String("board", "", "also write the map as a MegaMek .board file")
	hexnums := fs.Bool("hexnums", false, "print hex numbers (XXYY) in each hex")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("map generate: unexpected argument %q (every option is a flag, e.g. --seed 7)", pos[0])
	}
	if *out == "" {
		return usagef("map generate: --out FILE.png is required")
	}
	if *board != "" && sameFile(*board, *out) {
		return usagef("map generate: --out %s and --board %s are the same file: the picture would be written over the board; name the PNG another file", *out, *board)
	}
	th, err := mapgen.ParseTheme(*theme)
	if err != nil {
		return usagef("map generate: --theme: %v", err)
	}
	o, err := mapgen.ParseOrientation(*orient)
	if err != nil {
		return usagef("map generate: --orientation: %v", err)
	}
	if *sheets != 1 && *sheets != 2 {
		return usagef("map generate: --sheets %d: use 1 (one mapsheet) or 2 (a sector)", *sheets)
	}
	mp, err := mapgen.Generate(mapgen.GenOptions{Seed: *seed, Theme: th, Sheets: *sheets, Orientation: o})
	if err != nil {
		return fmt.Errorf("map generate: %w", err)
	}
	if *board != "" {
		if err := writeFile(*board, func(w *bufio.Writer) error { return mapgen.WriteBoard(w, mp) }); err != nil {
			return fmt.Errorf("map generate: %w", err)
		}
	}
	title := fmt.Sprintf("%s map, seed %d", th, *seed)
	if err := m.writeTactical(*out, mp, title, *hexnums); err != nil {
		return fmt.Errorf("map generate: %w", err)
	}
	fmt.Fprintf(m.Stdout, "wrote %s: %d×%d %s map, seed %d\n", *out, mp.Width, mp.Height, th, *seed)
	if *board != "" {
		fmt.Fprintf(m.Stdout, "wrote %s (MegaMek board)\n", *board)
	}
	return nil
}

func (m *Main) runMapRender(args []string) error {
	fs := flag.NewFlagSet("map render", flag.ContinueOnError)
	out := fs.String("out", "", "the PNG file to write (required)")
	hexnums := fs.Bool("hexnums", false, "print hex numbers (XXYY) in each hex")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("map render: name one .board file (bfbot map render FILE.board --out FILE.png)")
	}
	if *out == "" {
		return usagef("map render: --out FILE.png is required")
	}
	if sameFile(pos[0], *out) {
		return usagef("map render: --out %s is the same file as the board %s: the picture would be written over it; name the PNG another file", *out, pos[0])
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("map render: %w", err)
	}
	defer f.Close()
	mp, rep, err := mapgen.ReadBoardReport(bufio.NewReader(f))
	if err != nil {
		return fmt.Errorf("map render: %s: %w", pos[0], err)
	}
	warnings := writeBoardWarnings(m.Stderr, pos[0], rep)
	if err := m.writeTactical(*out, mp, pos[0], *hexnums); err != nil {
		return fmt.Errorf("map render: %w", err)
	}
	fmt.Fprintf(m.Stdout, "wrote %s: %d×%d map from %s (%d warnings)\n", *out, mp.Width, mp.Height, pos[0], warnings)
	return nil
}

// writeBoardWarnings prints a board's conversion warnings one line per
// kind, with its count and the first hexes (a real MegaMek board can give
// thousands of one kind), and gives the number of warnings.
func writeBoardWarnings(w io.Writer, path string, rep *mapgen.BoardReport) int {
	n := 0
	for _, k := range rep.Kinds {
		fmt.Fprintf(w, "%s: warning: %s\n", path, k)
		n += k.Count
	}
	return n
}

func (m *Main) writeTactical(path string, mp *mapgen.Map, title string, hexnums bool) error {
	o := render.DefaultOptions()
	o.HexNumbers = hexnums
	return writeFile(path, func(w *bufio.Writer) error {
		return render.WriteTacticalPNG(w, render.Tactical{Map: mp, Title: title}, o)
	})
}

// writeFile writes a file through a buffer and reports the first error of
// creating, writing or closing it: a full disk must not pass silently.
func writeFile(path string, write func(*bufio.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := write(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// sameFile says whether paths a and b name one file: the same path
// however written, or two names (links) of one file that exists. A
// command that writes one of them must not destroy the other.
func sameFile(a, b string) bool {
	if fa, err := os.Stat(a); err == nil {
		if fb, err := os.Stat(b); err == nil {
			return os.SameFile(fa, fb)
		}
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}
