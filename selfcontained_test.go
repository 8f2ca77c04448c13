package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outsideRefs are the ways a file can point outside the repository: to a
// directory beside the clone, to design notes that are not in it, or to
// an issue tracker a cloner cannot see. A newcomer gets only the
// repository, so what a file means must be said in the repository
// (docs/architecture.md, docs/sources.md, docs/rulings.md).
var outsideRefs = []struct {
	re   *regexp.Regexp
	hint string
}{
	{regexp.MustCompile(`\.\./shared`), "point into the repository (docs/...) instead"},
	{regexp.MustCompile(`\bseed 00[0-4]\b`), "the books' text copies are not in the repository: cite a book by its number (000 line N) or by page and section (docs/sources.md)"},
	{regexp.MustCompile(`/work/`), "a directory of the machine the file was written on: say what it held (main's work tree, the branch's work tree, docs/...)"},
	{regexp.MustCompile(`\b(DESIGN|RULES)\.md`), "the design is docs/architecture.md, the rulings docs/rulings.md"},
	{regexp.MustCompile(`(?i)\bissues? #?[0-9]`), "say what is meant instead of an issue number"},
}

// Ensure no tracked file refers to anything outside the repository (see
// outsideRefs). Golden files are output and are skipped; so are binary
// files.
func TestNoOutsideReferences(t *testing.T) {
	files := trackedFiles(t)
	for _, f := range files {
		if strings.HasSuffix(f, ".golden") || f == "selfcontained_test.go" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet committed
			}
			t.Fatal(err)
		}
		if bytes.IndexByte(data, 0) >= 0 {
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, r := range outsideRefs {
				if m := r.re.FindString(line); m != "" {
					t.Errorf("%s:%d: %q refers outside the repository: %s", f, i+1, m, r.hint)
				}
			}
		}
	}
}

// mdLink is a Markdown link to a relative path: [text](path) or
// [text](path#anchor), not a URL.
var mdLink = regexp.MustCompile(`\]\(([^)#:\s]+)(#[^)]*)?\)`)

// Ensure the links between the Markdown documents lead to files that
// exist, so the README's way into the docs does not break when one moves.
func TestMarkdownLinksExist(t *testing.T) {
	for _, f := range trackedFiles(t) {
		if !strings.HasSuffix(f, ".md") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(data), -1) {
			target := filepath.Join(filepath.Dir(f), m[1])
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s: link to %s: no such file in the repository", f, m[1])
			}
		}
	}
}

// Ensure the check above can fail: each pattern catches its example and
// passes the wording that replaces it.
func TestOutsideRefsPatterns(t *testing.T) {
	// Split so that this file does not hold what it forbids.
	bad := []string{"see ../" + "shared/DESIGN.md", "cd /" + "work/wt-x && go test", "built at /" + "work/main", "(seed " + "000 line 928)", "RULES.md says", "(issue " + "#9)", "Issue 9 item 4", "issues " + "#3 and #4"}
	good := []string{"see docs/architecture.md", "(000 line 928)", "no seed files: %v", "--seed 7", "seed/3", "cd \"$BRANCH\" && go test", "the work tree", "ruling R10", "an issue with the gateway", "docs/rulings.md"}
	hit := func(s string) bool {
		for _, r := range outsideRefs {
			if r.re.MatchString(s) {
				return true
			}
		}
		return false
	}
	for _, s := range bad {
		if !hit(s) {
			t.Errorf("%q not caught", s)
		}
	}
	for _, s := range good {
		if hit(s) {
			t.Errorf("%q caught, but it refers inside the repository", s)
		}
	}
}

// trackedFiles lists the files git tracks, relative to the repository
// root (this package's directory); the test is skipped outside a git work
// tree (a module download has no history to check).
func trackedFiles(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git work tree: %v", err)
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Skip("git lists no files")
	}
	return files
}

// Ensure every ruling id is defined once in docs/rulings.md: code and
// tests cite rulings by id, so two rulings under one id make a citation
// ambiguous (the seat rulings once reused the movement rulings' M1–M3).
func TestRulingIDsUnique(t *testing.T) {
	data, err := os.ReadFile("docs/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for i, line := range strings.Split(string(data), "\n") {
		id := rulingID.FindStringSubmatch(line)
		if id == nil {
			continue
		}
		if first, dup := seen[id[1]]; dup {
			t.Errorf("ruling %s defined at lines %d and %d", id[1], first, i+1)
		}
		seen[id[1]] = i + 1
	}
	if len(seen) < 100 {
		t.Fatalf("found %d ruling ids: the pattern no longer matches the file", len(seen))
	}
}

// rulingID matches a ruling's definition: a line starting with its bold id.
var rulingID = regexp.MustCompile(`^\*\*([A-Z]+(?:-[A-Z]+)?[0-9]+)\b`)
