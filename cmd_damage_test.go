package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"bfbot/bot/discordtest"
	"bfbot/storage/storagetest"
)

// Ensure a damaged database never takes bfbot down: for each corrupted
// copy of a real file (truncations, both meta pages, a leaf and a branch
// page, including a root page beyond the file that crashes bbolt), check
// says the file is damaged and exits 1, and serve and the console refuse
// to start naming the file; none of them crashes this process, which
// runs them all. BFBOT_DAMAGE_ALL=1 tries every page in use.
func TestDamagedDatabase(t *testing.T) {
	good, err := os.ReadFile(stoDB(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfgPath, dbPath := srvWriteConfig(t, dir)
	env := []string{"BFBOT_TOKEN=" + discordtest.DefaultToken, "BFBOT_APPLICATION_ID=" + discordtest.DefaultAppID}
	refusal := func(s string) bool {
		return strings.Contains(s, "is damaged") && strings.Contains(s, "restore it from a backup") ||
			strings.Contains(s, "not a bfbot database")
	}
	for _, c := range storagetest.Corruptions(good, storagetest.All()) {
		if err := os.WriteFile(dbPath, c.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		out, errs, code := run(t, "check", "--db", dbPath)
		if code != 1 || !strings.Contains(errs, dbPath) || !refusal(out+errs) {
			t.Errorf("%s: check: exit %d\nstdout %s\nstderr %s\nwant 1 and the file damaged", c.Name, code, out, errs)
		}
		if strings.Contains(c.Name, "root beyond the file") && !strings.Contains(out, "the file is damaged: bbolt's consistency check crashed on it: exit status 2") {
			t.Errorf("%s: check does not report the crash of the check:\n%s", c.Name, out)
		}
		if errs, code := srvServe(context.Background(), env, "--config", cfgPath); code != 1 || !strings.Contains(errs, dbPath) || !refusal(errs) {
			t.Errorf("%s: serve: exit %d, stderr %q: want 1 and the file refused", c.Name, code, errs)
		}
		var cout, cerr bytes.Buffer
		m := &Main{Stdin: strings.NewReader("@ref /campaign status campaign:1\n"), Stdout: &cout, Stderr: &cerr}
		if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--db", dbPath, "--out", t.TempDir()})); code != 1 || !strings.Contains(cerr.String(), dbPath) || !refusal(cerr.String()) {
			t.Errorf("%s: console: exit %d, stderr %q: want 1 and the file refused", c.Name, code, cerr.String())
		}
	}
}
