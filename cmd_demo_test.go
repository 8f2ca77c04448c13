package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure `bfbot demo --turns 1` plays a turn through the command layer,
// writes the transcript with every reply's addressee and the maps, and
// prints a summary.
func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign turn")
	}
	dir := t.TempDir()
	out, errs, code := run(t, "demo", "--out", dir, "--turns", "1", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"bfbot demo (seed 3):", "turns: ", "battles: ", "7th Crucis Lancers: ", "Moore's Bandits: ", "transcript and "} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	tr, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"> **@referee** `@referee /campaign create", "**public (campaign channel):**", "**private → crucis-ai:**", "**dm → bandits-ai:**", "/orders ready", "/campaign advance"} {
		if !strings.Contains(string(tr), want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(pngs) < 2 {
		t.Errorf("%d maps written, want each side's strategic map at least", len(pngs))
	}
	if _, _, code := run(t, "demo", "--turns", "-1"); code != 2 {
		t.Errorf("--turns -1: exit %d, want 2", code)
	}
}
