package main

import (
	"os"
	"path/filepath"
	"regexp"
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

// Ensure a demo campaign plays the objectives as the book has them (000
// lines 2584, 2704, 2733; ruling CB14): with seed 1 the Lancers take
// Carrick Landing, the Bandits' city (150 VP, within the book's 100 to
// 250), score it once, and by holding every objective end the campaign
// before the turn limit; the Bandits score nothing for the city they
// started in.
func TestDemoObjectives(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole campaign")
	}
	dir := t.TempDir()
	out, errs, code := run(t, "demo", "--out", dir, "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "turns: 4,") || !strings.Contains(out, "winner: 7th Crucis Lancers") {
		t.Errorf("summary:\n%s\nwant the Lancers to win in turn 4, before the turn limit of 12", out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
	if err != nil {
		t.Fatal(err)
	}
	tr := string(data)
	if !strings.Contains(tr, "the campaign is over: 7th Crucis Lancers holds every objective: the campaign objectives are met") {
		t.Error("the transcript does not end the campaign by its objectives")
	}
	scored := regexp.MustCompile(`(?m)^Turn \d+, vp: (.*) (takes|has held) the objectives of sector (\d+) .*: (\d+) victory points`).FindAllStringSubmatch(tr, -1)
	if len(scored) != 1 || scored[0][1] != "7th Crucis Lancers" || scored[0][3] != "12" || scored[0][4] != "150" {
		t.Errorf("objectives scored %q, want Carrick Landing (sector 12) once, by the Lancers, for 150", scored)
	}
}
