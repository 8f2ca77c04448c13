package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/demo.golden from a fresh demo run")

// demoGolden is the transcript of `bfbot demo --turns 3 --seed 9`: three
// campaign turns with contact, the setup tables, morale and a battle.
// Every change of wording shows in its diff, for review; rewrite it with
// go test -run TestDemoGolden -update, then read the diff.
const demoGolden = "testdata/demo.golden"

// sideID is a side's id in a sentence, where its regiment's name belongs.
// The ids stay where a player types them (side:crucis), in the "(crucis)"
// that tells him which id a name goes with, and in the demo players'
// names (crucis-ai) and the names of the regiment and picture files.
var sideID = regexp.MustCompile(`\b(crucis|bandits)\b`)

// sideIDAllowed are the places a side id may stand in a reply.
var sideIDAllowed = regexp.MustCompile(`side:(crucis|bandits)\b|\((crucis|bandits)[,)]|\b(crucis|bandits)-ai\b|\b(crucis|bandits)\.yaml|[-/](crucis|bandits)\.(png|gif)`)

// Ensure the demo campaign reads as it did (testdata/demo.golden), names
// every side by its name, and cites no line of a book's text copy.
func TestDemoGolden(t *testing.T) {
	dir := t.TempDir()
	if out, errs, code := run(t, "demo", "--out", dir, "--turns", "3", "--seed", "9"); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	got, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
	if err != nil {
		t.Fatal(err)
	}
	checkTranscriptWording(t, string(got))
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(demoGolden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(demoGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(demoGolden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestDemoGolden -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("the demo transcript differs from %s: run go test -run TestDemoGolden -update and read the diff\n%s", demoGolden, firstDiff(string(want), string(got)))
	}
}

// Ensure whole demo campaigns, to their last turn, name every side by
// its name and cite no line of a text copy: more battles, setup results
// and ends than the golden transcript's three turns hold.
func TestDemoWording(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole campaigns")
	}
	for _, seed := range []string{"1", "5"} {
		dir := t.TempDir()
		if out, errs, code := run(t, "demo", "--out", dir, "--seed", seed); code != 0 {
			t.Fatalf("seed %s: exit %d: %s\n%s", seed, code, errs, out)
		}
		got, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
		if err != nil {
			t.Fatal(err)
		}
		checkTranscriptWording(t, string(got))
		// Its point is the battles' wording the golden's three turns lack.
		if !strings.Contains(string(got), "contact in sector") {
			t.Errorf("seed %s: the demo campaign fought no battle", seed)
		}
	}
}

// checkTranscriptWording fails on a reply line of a demo transcript that
// cites a line of a book's text copy or names a side by its id, and on a
// reply longer than a Discord message (2,000 characters).
func checkTranscriptWording(t *testing.T, transcript string) {
	t.Helper()
	for _, block := range strings.Split(transcript, "\n\n") {
		_, text, ok := strings.Cut(block, ":** ")
		if !ok || !strings.HasPrefix(block, "**") {
			continue
		}
		if n := utf8.RuneCountInString(strings.ReplaceAll(text, "  \n", "\n")); n > 2000 {
			t.Errorf("a reply of %d characters, over a Discord message: %.100s…", n, block)
		}
	}
	for i, line := range strings.Split(transcript, "\n") {
		if strings.HasPrefix(line, "> ") {
			continue // the command as typed
		}
		if m := seedCitation.FindString(line); m != "" {
			t.Errorf("transcript line %d cites %q of a text copy: %s", i+1, m, line)
		}
		if m := sideID.FindString(sideIDAllowed.ReplaceAllString(line, "")); m != "" {
			t.Errorf("transcript line %d names a side by its id %q: %s", i+1, m, line)
		}
	}
}

// firstDiff is the first line where two texts differ, with its number.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\n- " + a + "\n+ " + b
		}
	}
	return ""
}
