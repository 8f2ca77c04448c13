package command

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var cmdUpdate = flag.Bool("update", false, "rewrite the golden files in testdata")

// cmdGolden compares got with testdata/NAME.golden (rewritten with -update).
func cmdGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *cmdUpdate {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n--- got\n%s\n--- want\n%s", t.Name(), path, got, want)
	}
}

// Ensure a few replies read as they should: status, the worksheet, an
// order, a refusal, help and a rules summary.
func TestGoldenReplies(t *testing.T) {
	f := cmdNewFixture(t, true)
	for _, tc := range []struct {
		name string
		user string
		cmd  []string
	}{
		{"status", "mallory", []string{"campaign", "status"}},
		{"bg-list", "alice", []string{"bg", "list"}},
		{"order-move", "alice", []string{"orders", "move", "bg", "2", "path", "2"}},
		{"orders-show", "alice", []string{"orders", "show"}},
		{"refused-move", "bob", []string{"orders", "move", "bg", "2", "path", "1"}},
		{"stranger-orders", "mallory", []string{"orders", "ready"}},
		{"ready", "bob", []string{"orders", "ready"}},
		{"help-roll", "mallory", []string{"help", "", "command", "roll"}},
		{"rules-recon", "mallory", []string{"rules", "", "topic", "recon"}},
		{"unknown-sub", "mallory", []string{"campaign", "launch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmdGolden(t, tc.name, cmdTexts(f.cmdDo(tc.user, tc.cmd[0], tc.cmd[1], tc.cmd[2:]...)))
		})
	}
}
