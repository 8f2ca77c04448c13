package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bfbot/referee/dice"
)

// Ensure `bfbot console --json` runs lines from stdin through the real
// wiring, and its flags are checked.
func TestConsoleCommand(t *testing.T) {
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader("@ref /campaign create name:Demo\n@ref /roll dice:2d6\n"), Stdout: &out, Stderr: &errb}
	if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--json", "--dice", "3,4", "--out", t.TempDir()})); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{`{"to":"public","user":"ref","text":"Campaign 1 “Demo” is set up`, `"text":"ref rolls 2d6: `} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
	for _, args := range [][]string{{"console", "--seed", "2", "--dice", "3"}, {"console", "--dice", "7"}, {"console", "extra"}} {
		if _, _, code := run(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	srvConsoleDB(t)
}

// conRoll runs the console on one /roll of 20 dice with args and returns
// the faces it posted and its log (stderr).
func conRoll(t *testing.T, args ...string) (faces, log string) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader("@ref /roll dice:20d6\n"), Stdout: &out, Stderr: &errb}
	if code := m.ExitCode(m.Run(context.Background(), append([]string{"console", "--out", t.TempDir()}, args...))); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	f := regexp.MustCompile(`ref rolls 20d6: ((?:[1-6] \+ )*[1-6]) = `).FindStringSubmatch(out.String())
	if f == nil {
		t.Fatalf("%v: no roll in %q", args, out.String())
	}
	return f[1], errb.String()
}

// conFaces is the first n faces of seed's dice, as /roll writes them.
func conFaces(t *testing.T, seed uint64, n int) string {
	t.Helper()
	src := dice.NewSeeded(seed)
	var faces []string
	for range n {
		f, err := src.Face()
		if err != nil {
			t.Fatal(err)
		}
		faces = append(faces, strconv.Itoa(f))
	}
	return strings.Join(faces, " + ")
}

// Ensure the console's /roll takes the --dice faces or the --seed, and
// without either is seeded from the system, the seed logged: two sessions
// without a seed roll different dice.
func TestConsoleRollDice(t *testing.T) {
	if got, _ := conRoll(t, "--dice", strings.Repeat("6,", 19)+"1"); got != strings.Repeat("6 + ", 19)+"1" {
		t.Errorf("--dice: rolled %s, want the script's faces", got)
	}
	if got, _ := conRoll(t, "--seed", "9"); got != conFaces(t, 9, 20) {
		t.Errorf("--seed 9: rolled %s, want seed 9's %s", got, conFaces(t, 9, 20))
	}
	seedLine := regexp.MustCompile(`level=INFO msg="dice for /roll seeded" seed=([0-9]+)`)
	var seeds, rolls []string
	for range 2 {
		faces, log := conRoll(t)
		m := seedLine.FindStringSubmatch(log)
		if m == nil {
			t.Fatalf("no info line with /roll's seed in the log:\n%s", log)
		}
		seed, _ := strconv.ParseUint(m[1], 10, 64)
		if faces != conFaces(t, seed, 20) {
			t.Errorf("rolled %s, not the logged seed %d's %s", faces, seed, conFaces(t, seed, 20))
		}
		seeds, rolls = append(seeds, m[1]), append(rolls, faces)
	}
	if seeds[0] == seeds[1] || rolls[0] == rolls[1] {
		t.Errorf("two sessions without a seed: seeds %v, rolls %v, want different", seeds, rolls)
	}
}

// Ensure a console whose --out is a file, not a directory, is refused
// before it runs a line (on a --db file the lines before the first map
// would have been committed when it failed), and one whose directory
// cannot be made says which directory, and why.
func TestConsoleOutNotDirectory(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	lines := "@ref /campaign create name:T\n@ref /map strategic\n"
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(lines), Stdout: &out, Stderr: &errb}
	code := m.ExitCode(m.Run(context.Background(), []string{"console", "--out", file}))
	if code != 2 || !strings.Contains(errb.String(), "--out "+file+" is not a directory") || out.Len() > 0 {
		t.Errorf("--out FILE: exit %d, stdout %q, stderr %q; want exit 2 before any line", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	under := filepath.Join(file, "maps") // under a file: cannot be made
	m = &Main{Stdin: strings.NewReader(lines), Stdout: &out, Stderr: &errb}
	code = m.ExitCode(m.Run(context.Background(), []string{"console", "--out", under}))
	if code != 1 || !strings.Contains(errb.String(), "console: line 2: ") || !strings.Contains(errb.String(), under) {
		t.Errorf("--out under a file: exit %d, stderr %q; want exit 1 naming line 2 and the directory", code, errb.String())
	}
	// A line past the console's limit ends the session naming it.
	out.Reset()
	errb.Reset()
	long := "@ref /campaign create name:T\n@ref /help " + strings.Repeat("x", 2<<20) + "\n"
	m = &Main{Stdin: strings.NewReader(long), Stdout: &out, Stderr: &errb}
	code = m.ExitCode(m.Run(context.Background(), []string{"console", "--out", dir}))
	if code != 1 || !strings.Contains(errb.String(), "console: line 2: longer than 1 MiB") {
		t.Errorf("a 2 MiB line: exit %d, stderr %q; want exit 1 naming line 2 and the limit", code, errb.String())
	}
}

// Ensure `bfbot console --db FILE` says when it makes a new database file
// (a mistyped name would otherwise show no campaigns without a word), and
// not when it opens one again.
func TestConsoleNewDatabaseTold(t *testing.T) {
	db := filepath.Join(t.TempDir(), "new.db")
	for i, want := range []bool{true, false} {
		var out, errb bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
		if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--db", db})); code != 0 {
			t.Fatalf("console %d: exit %d: %s", i, code, errb.String())
		}
		if told := strings.Contains(errb.String(), db+": made a new, empty database file"); told != want {
			t.Errorf("console %d: stderr %q; told of a new file: %v, want %v", i, errb.String(), told, want)
		}
	}
}
