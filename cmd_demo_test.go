package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
}

// Ensure --turns below 1 is refused, 0 as -1: a typed 0 once played the
// whole campaign, as if --turns were left out.
func TestDemoTurnsRefused(t *testing.T) {
	for _, n := range []string{"-1", "0"} {
		if out, errs, code := run(t, "demo", "--out", t.TempDir(), "--turns", n); code != 2 || !strings.Contains(errs, "1 or more") || out != "" {
			t.Errorf("--turns %s: exit %d, stderr %q, stdout %q; want exit 2 and the range", n, code, errs, out)
		}
	}
}

// Ensure a demo campaign plays the objectives as the book has them (000
// lines 2575, 2704, 2733; ruling CB14): with seed 104 the Lancers take
// the Orsk Factory and the Usk Water Works (100 VP each, within the
// book's 100 to 250), the Bandits the Ilmar Mining Complex (100); each
// is scored once, by one side, though the Bandits later hold the
// Lancers' two too; the Bandits beat the Lancers at New Pellan, their
// own, which they score (350) for holding it to the end; and holding
// every objective, one of them taken from the enemy, they end the
// campaign before the turn limit, in turn 9, and win it.
func TestDemoObjectives(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole campaign")
	}
	dir := t.TempDir()
	out, errs, code := run(t, "demo", "--out", dir, "--seed", "104")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "turns: 9,") || !strings.Contains(out, "winner: Moore's Bandits") {
		t.Errorf("summary:\n%s\nwant the campaign to end in turn 9, before the turn limit of 12, won by the Bandits", out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
	if err != nil {
		t.Fatal(err)
	}
	tr := string(data)
	if !strings.Contains(tr, "the campaign is over: Moore's Bandits holds every objective: the campaign objectives are met") {
		t.Error("the transcript does not end the campaign by its objectives")
	}
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^(?:Turn \d+, vp: |• )(.*) (?:takes|has held) the objectives of sector (\d+) .*: (\d+) victory points`).FindAllStringSubmatch(tr, -1) {
		got = append(got, m[1]+" "+m[2]+" "+m[3])
	}
	want := []string{"7th Crucis Lancers 10 100", "7th Crucis Lancers 7 100", "Moore's Bandits 9 100", "Moore's Bandits 8 350"}
	if !slices.Equal(got, want) {
		t.Errorf("objectives scored %q, want %q: each once, by one side", got, want)
	}
}
