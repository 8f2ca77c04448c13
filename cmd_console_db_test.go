package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// srvConsoleDB ensures `bfbot console --db FILE` keeps campaigns in the
// bbolt file: a second run on the same file finds the first run's
// campaign, and --dice is refused with a database.
func srvConsoleDB(t *testing.T) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "console.db")
	session := func(input string) string {
		var out, errb bytes.Buffer
		m := &Main{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errb}
		if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--db", db, "--out", t.TempDir()})); code != 0 {
			t.Fatalf("console --db: exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	if got := session("@ref /campaign create name:Kept\n"); !strings.Contains(got, "Campaign 1 “Kept” is set up") {
		t.Fatalf("first run:\n%s", got)
	}
	if got := session("@ref /campaign status campaign:1\n"); !strings.Contains(got, "Campaign 1 “Kept”") {
		t.Errorf("second run does not find the campaign:\n%s", got)
	}
	if _, errs, code := run(t, "console", "--db", db, "--dice", "3"); code != 2 || !strings.Contains(errs, "--dice") {
		t.Errorf("--db with --dice: exit %d %s", code, errs)
	}
}
