package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bfbot/mapgen"
)

// run runs one bfbot command line through the real wiring and returns its
// output and exit code.
func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	code = m.ExitCode(m.Run(context.Background(), args))
	return out.String(), errb.String(), code
}

// Ensure `bfbot map generate` writes a PNG and a .board of the asked size,
// and the .board reads back as the same map generated again.
func TestMapGenerate(t *testing.T) {
	dir := t.TempDir()
	png1, board := filepath.Join(dir, "m.png"), filepath.Join(dir, "m.board")
	out, errs, code := run(t, "map", "generate", "--seed", "7", "--theme", "mixed", "--sheets", "2", "--out", png1, "--board", board)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "64×17 mixed map, seed 7") {
		t.Errorf("stdout = %q", out)
	}
	f, err := os.Open(png1)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 64*20 || b.Dy() < 17*20 {
		t.Errorf("image %v is too small for 64×17 hexes", b)
	}
	bf, err := os.Open(board)
	if err != nil {
		t.Fatal(err)
	}
	defer bf.Close()
	got, warnings, err := mapgen.ReadBoard(bf)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("ReadBoard: %v %v", err, warnings)
	}
	want, err := mapgen.Generate(mapgen.GenOptions{Seed: 7, Theme: mapgen.Mixed, Sheets: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got.Width != want.Width || got.Height != want.Height {
		t.Fatalf("board is %d×%d", got.Width, got.Height)
	}
	for i := range want.Cells {
		if got.Cells[i] != want.Cells[i] {
			t.Fatalf("board cell %d = %+v, generated %+v", i, got.Cells[i], want.Cells[i])
		}
	}

	// And `map render` draws the board file back, flags after the file.
	png2 := filepath.Join(dir, "r.png")
	if _, errs, code := run(t, "map", "render", board, "--out", png2, "--hexnums"); code != 0 {
		t.Fatalf("map render: exit %d: %s", code, errs)
	}
	if st, err := os.Stat(png2); err != nil || st.Size() == 0 {
		t.Errorf("map render wrote nothing: %v", err)
	}
}

// Ensure bad command lines exit 2 with a message that names the problem
// and the fix, and write nothing.
func TestCommandLineErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`, 2},
		{[]string{"--db", "x.db", "check"}, `"--db" comes before the command: flags follow it (bfbot check --db …)`, 2},
		{[]string{"--json"}, `unknown flag "--json" with no command: run 'bfbot help' for the commands and their flags`, 2},
		{[]string{"--version"}, `unknown flag "--version" with no command`, 2},
		{[]string{"map"}, "say generate or render", 2},
		{[]string{"map", "draw"}, "map draw: unknown", 2},
		{[]string{"map", "generate"}, "--out FILE.png is required", 2},
		{[]string{"map", "generate", "--out", out, "--theme", "desert"}, `unknown theme "desert"`, 2},
		{[]string{"map", "generate", "--out", out, "--sheets", "3"}, "--sheets 3: use 1", 2},
		{[]string{"map", "generate", "--out", out, "--orientation", "diagonal"}, `orientation "diagonal"`, 2},
		{[]string{"map", "generate", "--out", out, "--seed", "x"}, `invalid value "x" for flag -seed`, 2},
		{[]string{"map", "generate", "--out", out, "extra"}, `unexpected argument "extra"`, 2},
		{[]string{"map", "render", "--out", out}, "name one .board file", 2},
		{[]string{"map", "render", filepath.Join(dir, "missing.board"), "--out", out}, "no such file", 1},
		{[]string{"console", "--db", filepath.Join(dir, "x.db"), "--dice", "3,4"}, "--dice works only with the campaign kept in memory", 2},
		{[]string{"scenario", "run", filepath.Join(dir, "missing.yaml")}, "no such file", 1},
	} {
		_, errs, code := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("bfbot %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tc.args, " "), code, errs, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed command wrote its output file")
	}
}

// Ensure a malformed .board is refused with the line that is wrong.
func TestMapRenderBadBoard(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.board")
	if err := os.WriteFile(bad, []byte("size 2 1\nhex 0101 0 \"\" \"\"\nhex 0201 x \"\" \"\"\nend\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := run(t, "map", "render", bad, "--out", filepath.Join(dir, "o.png"))
	if code != 1 || !strings.Contains(errs, "line 3") {
		t.Errorf("exit %d, stderr %q; want exit 1 naming line 3", code, errs)
	}
}

// Ensure help and the demo exit 0 and say what they did.
func TestHelpAndDemo(t *testing.T) {
	out, _, code := run(t, "help")
	if code != 0 || !strings.Contains(out, "map") || !strings.Contains(out, "demo") {
		t.Errorf("help: exit %d, %q", code, out)
	}
	out, _, code = run(t, "demo", "--out", t.TempDir(), "--turns", "1")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("bfbot demo (seed %d)", demoSeed)) {
		t.Errorf("demo: exit %d, %q", code, out)
	}
	if _, _, code := run(t); code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
	if _, _, code := run(t, "map", "generate", "--help"); code != 0 {
		t.Errorf("map generate --help: exit %d, want 0", code)
	}
}

// Ensure `bfbot map render` prints a board's conversion warnings one line
// per kind, with the count and the first hexes, not one line per hex.
func TestMapRenderWarningSummary(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("size 20 10\n")
	for i := range 200 {
		terrain := "mud:1"
		if i == 0 {
			terrain = "sand:1"
		}
		b.WriteString("hex 0101 0 \"" + terrain + "\" \"\"\n")
	}
	board := filepath.Join(dir, "mud.board")
	if err := os.WriteFile(board, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "map", "render", board, "--out", filepath.Join(dir, "m.png"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "warning: mud:1 has no BattleForce equivalent: ignored: 199 hexes (0201 line 3, 0301 line 4,") ||
		!strings.Contains(lines[1], "sand:1 has no BattleForce equivalent: ignored: 1 hex (0101 line 2)") {
		t.Errorf("stderr:\n%s", errs)
	}
	if !strings.Contains(out, "(200 warnings)") {
		t.Errorf("stdout %q", out)
	}
}

// Ensure `bfbot COMMAND --help`, which the usage tells a newcomer to run,
// shows help and exits 0 for every command, the ones with subcommands
// (force, map, scenario) too, and so does `bfbot help COMMAND`.
func TestEveryCommandHelp(t *testing.T) {
	for _, c := range commands() {
		for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}} {
			out, errs, code := run(t, args...)
			if code != 0 || !strings.Contains(out+errs, "bfbot "+c.name) && !strings.Contains(out+errs, "Usage of "+c.name) {
				t.Errorf("bfbot %s: exit %d, stdout %q, stderr %q; want exit 0 and its usage", strings.Join(args, " "), code, out, errs)
			}
		}
	}
	for _, args := range [][]string{{"scenario", "list", "--help"}, {"scenario", "run", "--help"}, {"force", "export", "--help"}} {
		if _, errs, code := run(t, args...); code != 0 {
			t.Errorf("bfbot %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
		}
	}
}

// Ensure a flag given twice is refused, naming it, rather than the last
// one silently taken (--db a.db … --db b.db would work on b.db), as the
// console refuses an option given twice; a repeatable flag (--buy) and
// a value that looks like a flag are not counted.
func TestFlagGivenTwice(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	db := filepath.Join(dir, "none.db")
	for _, args := range [][]string{
		{"map", "generate", "--out", out, "--seed", "1", "--seed", "2"},
		{"map", "generate", "--out", out, "-seed=1", "--seed=2"},
		{"map", "generate", "--out", out, "--hexnums", "--hexnums"},
		{"check", "--db", db, "--db", db},
		{"demo", "--turns", "1", "--out", dir, "--turns", "2"},
	} {
		_, errs, code := run(t, args...)
		if code != 2 || !strings.Contains(errs, "given twice") {
			t.Errorf("bfbot %s: exit %d, stderr %q; want exit 2 and \"given twice\"", strings.Join(args, " "), code, errs)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused command wrote its output")
	}
	// A value that reads like a flag is a value: the lance is named
	// "--json", and --json is given once.
	if _, errs, code := run(t, "lance", "--name", "--json", "--json", "Wasp", "Wasp", "Wasp", "Wasp"); code != 0 {
		t.Errorf("lance --name --json --json: exit %d, %s", code, errs)
	}
	// After "--" everything is an argument.
	if _, errs, code := run(t, "map", "render", "--out", out, "--", "--out"); code != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("map render --out X -- --out: exit %d, %s", code, errs)
	}
	if _, errs, code := run(t, "lance", "--", "Wasp", "-x"); code != 1 || !strings.Contains(errs, `unknown unit "-x"`) {
		t.Errorf("lance -- Wasp -x: exit %d, %s", code, errs)
	}
}

// Ensure the usage bfbot prints names every flag each command takes: a
// command's line in `bfbot help`, and for one made of subcommands (map,
// force, scenario) each subcommand's line in its own help.
func TestUsageNamesEveryFlag(t *testing.T) {
	flagLine := regexp.MustCompile(`(?m)^  -([a-z-]+)`)
	flagsOf := func(args ...string) []string {
		_, errs, code := run(t, append(args, "--help")...)
		if code != 0 {
			t.Fatalf("bfbot %s --help: exit %d", strings.Join(args, " "), code)
		}
		var names []string
		for _, m := range flagLine.FindAllStringSubmatch(errs, -1) {
			names = append(names, m[1])
		}
		return names
	}
	for _, c := range commands() {
		help, _, _ := run(t, c.name, "--help")
		subs := regexp.MustCompile(`(?m)^  bfbot `+regexp.QuoteMeta(c.name)+` ([a-z]+)(.*)$`).FindAllStringSubmatch(help, -1)
		if len(subs) == 0 {
			for _, f := range flagsOf(c.name) {
				if !strings.Contains(c.args, "--"+f) {
					t.Errorf("bfbot help: %s %q does not name --%s", c.name, c.args, f)
				}
			}
			continue
		}
		for _, sub := range subs {
			for _, f := range flagsOf(c.name, sub[1]) {
				if !strings.Contains(sub[2], "--"+f) {
					t.Errorf("bfbot %s --help: %s%s does not name --%s", c.name, sub[1], sub[2], f)
				}
			}
		}
	}
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// Ensure a command whose output cannot be written fails (exit 1, saying
// so) rather than exit 0 with the output lost: `bfbot force export
// bandits > regiment.yaml` on a full disk must not pass for done.
func TestOutputWriteFails(t *testing.T) {
	for _, args := range [][]string{
		{"force", "export", "bandits"},
		{"force", "show", "crucis"},
		{"scenario", "list"},
		{"lance", "Wasp"},
		{"help"},
	} {
		var errb bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: failWriter{}, Stderr: &errb}
		code := m.ExitCode(m.Run(context.Background(), args))
		if code != 1 || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("bfbot %s with output failing: exit %d, stderr %q; want exit 1 and the write error", strings.Join(args, " "), code, errb.String())
		}
	}
}
