package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure `bfbot scenario run --level` plays the AI's sides at that level
// (easy and hard play the same seed differently, normal is the default),
// and that a bad level, a level without --ai, or one for the Quick-Start
// AI is refused with the reason (exit 2).
func TestScenarioRunLevel(t *testing.T) {
	play := func(extra ...string) string {
		t.Helper()
		out, errs, code := run(t, append([]string{"scenario", "run", "surprise-encounter", "--ai", "both", "--seed", "3", "--turns", "3"}, extra...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, errs)
		}
		return out
	}
	normal := play()
	if play("--level", "normal") != normal {
		t.Error("--level normal is not the default")
	}
	easy, hard := play("-level", "easy"), play("--level", "hard")
	if easy == normal || hard == normal || easy == hard {
		t.Error("two levels played the scenario alike: --level makes no difference")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"scenario", "run", "surprise-encounter", "--ai", "both", "--level", "expert"}, `--level: unknown AI level "expert": use easy, normal, hard`},
		{[]string{"scenario", "run", "surprise-encounter", "--ai", "both", "--level", "greedy"}, `--level: unknown AI level "greedy"`},
		// The names as the setting stores them, as everywhere: lower case.
		{[]string{"scenario", "run", "surprise-encounter", "--ai", "both", "--level", "Hard"}, `--level: unknown AI level "Hard": use easy, normal, hard`},
		{[]string{"scenario", "run", skirmish, "--level", "hard"}, "--level hard: give --ai too"},
		{[]string{"scenario", "run", "green-training", "--ai", "both", "--level", "hard"}, "--level: the Quick-Start AI plays at one level"},
	} {
		out, errs, code := run(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) || out != "" {
			t.Errorf("bfbot %s: exit %d, stderr %q, stdout %q; want exit 2 and %q", strings.Join(tc.args, " "), code, errs, out, tc.want)
		}
	}
}

// Ensure `bfbot demo --level` makes the campaign with that ai_level
// (the transcript's /campaign create says so, the summary names it) and
// a bad level is refused (exit 2). The default level's transcript is
// TestDemoGolden's.
func TestDemoLevel(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := run(t, "demo", "--out", dir, "--turns", "1", "--level", "hard")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "bfbot demo (seed ") || !strings.Contains(out, ", AI level hard): ") {
		t.Errorf("the summary does not name the level:\n%s", out)
	}
	transcript, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(transcript), "/campaign create ai_level:hard ") {
		t.Errorf("the transcript's /campaign create has no ai_level:hard:\n%.600s", transcript)
	}
	out, errs, code = run(t, "demo", "--out", t.TempDir(), "--level", "random")
	if code != 2 || !strings.Contains(errs, `demo: --level: unknown AI level "random": use easy, normal, hard`) || out != "" {
		t.Errorf("--level random: exit %d, stderr %q, stdout %q", code, errs, out)
	}
}

// Ensure the console speaks the AI's level as Discord does: the referee
// sets ai_level and /campaign settings shows it; a player is refused.
func TestConsoleAILevel(t *testing.T) {
	var out, errb bytes.Buffer
	lines := "@ref /campaign create name:Levels\n@alice /campaign join side:crucis\n@alice /campaign settings ai_level:easy\n@ref /campaign settings ai_level:hard\n@ref /campaign settings\n"
	m := &Main{Stdin: strings.NewReader(lines), Stdout: &out, Stderr: &errb}
	if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--seed", "1", "--out", t.TempDir()})); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"Not allowed: /campaign settings is for campaign 1's referee", "The referee changed the settings: ai_level=hard.", "ai_level hard,"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
}
