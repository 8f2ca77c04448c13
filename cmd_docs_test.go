package main

import (
	"os"
	"testing"
)

// Ensure the committed docs/commands.md is what `bfbot docs` writes from
// the registry now: run `go run . docs` after changing a command.
func TestCommandDocsCurrent(t *testing.T) {
	want, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatalf("%v: run go run . docs", err)
	}
	if got := commandDocs(); string(got) != string(want) {
		t.Errorf("%s is stale: run go run . docs", docsPath)
	}
	out, errs, code := run(t, "docs", "--out", "-")
	if code != 0 || out != string(want) {
		t.Errorf("bfbot docs --out -: exit %d %s", code, errs)
	}
}
