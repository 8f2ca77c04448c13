package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
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
