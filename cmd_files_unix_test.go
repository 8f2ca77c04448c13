//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Ensure `bfbot backup` creates its copy privately even under umask 000:
// the copy ends 0600 (replacing a looser file of the same name), a
// FILE.tmp already lying there is neither written through nor removed,
// and no temporary file is left.
func TestBackupFileModes(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	db := stoDB(t)
	dir := t.TempDir()
	copyPath := filepath.Join(dir, "copy.db")
	// An older copy, left readable to all.
	if err := os.WriteFile(copyPath, stoFileBytes(t, db), 0o644); err != nil {
		t.Fatal(err)
	}
	stale := copyPath + ".tmp"
	if err := os.WriteFile(stale, []byte("stale"), 0o666); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := run(t, "backup", copyPath, "--db", db); code != 0 {
		t.Fatalf("backup: exit %d, %q %q", code, out, errs)
	}
	fi, err := os.Stat(copyPath)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("backup mode %o, want 600", got)
	}
	if b, err := os.ReadFile(stale); err != nil || string(b) != "stale" {
		t.Errorf("the stale %s was touched: %q %v", stale, b, err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "copy.db copy.db.tmp" {
		t.Errorf("files after backup: %v", names)
	}
	if out, errs, code := run(t, "check", "--db", copyPath); code != 0 {
		t.Errorf("check of the copy: exit %d, %q %q", code, out, errs)
	}
}

// Ensure the console's --out files (a campaign export holds both sides'
// secrets) are written 0600 even under umask 000, in a directory made
// 0700, and a file already at the name is replaced, not written through.
func TestConsoleOutFileModes(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	dir := filepath.Join(t.TempDir(), "out")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	// A file planted at the export's name, and a link to a file elsewhere:
	// neither is written through.
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(dir, "001-campaign-1.json")); err != nil {
		t.Fatal(err)
	}
	m := &Main{Stdin: strings.NewReader("@ref /campaign create name:Demo\n@ref /campaign export\n"), Stdout: new(strings.Builder), Stderr: new(strings.Builder)}
	if code := m.ExitCode(m.Run(t.Context(), []string{"console", "--out", dir})); code != 0 {
		t.Fatalf("exit %d: %s", code, m.Stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("files %v %v", entries, err)
	}
	fi, err := os.Lstat(filepath.Join(dir, entries[0].Name()))
	if err != nil {
		t.Fatal(err)
	}
	if !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: mode %v, want a regular file 0600", entries[0].Name(), fi.Mode())
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("the link's target was written: %q", b)
	}
	fresh := filepath.Join(t.TempDir(), "new", "dir")
	m = &Main{Stdin: strings.NewReader("@ref /campaign create name:Demo\n@ref /campaign export\n"), Stdout: new(strings.Builder), Stderr: new(strings.Builder)}
	if code := m.ExitCode(m.Run(t.Context(), []string{"console", "--out", fresh})); code != 0 {
		t.Fatalf("exit %d: %s", code, m.Stderr)
	}
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("--out directory: %v %v, want 0700", fi.Mode(), err)
	}
}

// Ensure `bfbot map` never writes its picture over the file it reads or
// writes beside it: `map render city.board --out city.board` (the
// picture's name mistyped) and `map generate --out m.png --board m.png`
// are refused with the file left as it was, even named another way
// (./city.board, a link to it).
func TestMapOutputIsNotInput(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "city.board")
	if _, errs, code := run(t, "map", "generate", "--seed", "3", "--out", filepath.Join(dir, "city.png"), "--board", board); code != 0 {
		t.Fatalf("map generate: exit %d: %s", code, errs)
	}
	want, err := os.ReadFile(board)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.board")
	if err := os.Symlink(board, link); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"map", "render", board, "--out", board},
		{"map", "render", board, "--out", filepath.Join(dir, ".", "city.board")},
		{"map", "render", link, "--out", board},
		{"map", "generate", "--out", board, "--board", board},
		{"map", "generate", "--out", link, "--board", board},
	} {
		_, errs, code := run(t, args...)
		if code != 2 || !strings.Contains(errs, "same file") {
			t.Errorf("bfbot %s: exit %d, stderr %q; want exit 2 naming the same file", strings.Join(args, " "), code, errs)
		}
		if got, err := os.ReadFile(board); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("bfbot %s changed the board file (%v)", strings.Join(args, " "), err)
		}
	}
}

// stoFileBytes reads a file whole.
func stoFileBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
