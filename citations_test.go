package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bfbot/internal/cite"
)

// seedCitation is a citation of a line of a book's text copy inside a
// string: "000 line 980", "004 line %d", "(lines 1906-1912)". Players
// do not have the text copies, so text for them cites book, page and
// section through internal/cite (docs/sources.md). A line of a file the
// user gave ("line %d: …" of a YAML or .mtf file) has no digits in the
// code and is not matched.
var seedCitation = regexp.MustCompile(`(?i)\b00[0-4] lines?\b|\blines? [0-9]|\bseed 00[0-4]`)

// pageByHand is a page citation written out in a string ("BattleForce
// p. 64, Contact", "Quick-Start rules, Stacking"): it is internal/cite's
// to write, from the page or section map, so that a section and its
// page, or the line cited, cannot drift apart.
var pageByHand = regexp.MustCompile(`\b(BattleForce|Battle Setup Tables|BattleTech Manual),? pp?\. [0-9]|\bQuick-Start rules, [A-Z]`)

// Ensure no string in the code cites a line of a book's text copy, nor
// writes a page citation by hand: every string may reach a player (a
// refusal, a /rules summary, an option's help, a campaign log line). Comments and tests keep their line
// citations.
func TestNoLineCitationsInStrings(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			if m := seedCitation.FindString(s); m != "" {
				t.Errorf("%s: %q cites a line of a text copy; cite the book's page and section with internal/cite", fset.Position(lit.Pos()), m)
			}
			if m := pageByHand.FindString(s); m != "" && !strings.HasPrefix(filepath.ToSlash(path), "internal/cite/") {
				t.Errorf("%s: %q is a page citation written by hand; write it with internal/cite from the book's line", fset.Position(lit.Pos()), m)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyName is the file name of a book's text copy: its number and a
// hash of its content (docs/sources.md).
var copyName = regexp.MustCompile(`\b00[0-9]_[0-9a-f]{16}\.txt\b`)

// Ensure no file but docs/sources.md names a text copy's file: the
// project cites a copy by its book's number ("000 lines 2517–2744"),
// and what players read (the shipped scenarios, the data files) by
// book, page and section.
func TestNoCopyFileNames(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || filepath.ToSlash(path) == "docs/sources.md" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if m := copyName.Find(data); m != nil {
			t.Errorf("%s names the text copy %s; cite the book (docs/sources.md)", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// citeCall is a call of internal/cite with line numbers written out, or
// a citation a refusal of package referee formats when it is read
// (bookCite, bookSpan, setupCite: referee/apply.go).
var citeCall = regexp.MustCompile(`(cite\.Book|cite\.Span|cite\.Setup|cite\.Manual|cite\.QuickStart|bookCite|bookSpan|setupCite)[({]([0-9, ]+)[)}]`)

// citeFunc is the function of internal/cite each form of citeCall cites
// with.
var citeFunc = map[string]string{"cite.Book": "Book", "cite.Span": "Span", "cite.Setup": "Setup", "cite.Manual": "Manual", "cite.QuickStart": "QuickStart",
	"bookCite": "Book", "bookSpan": "Span", "setupCite": "Setup"}

// Ensure every line the code cites through internal/cite lies in a
// section of the page map and holds text in the copy: a line outside
// the map, blank or the running head is a wrong number (read off another
// copy, or off by one) and would cite the book alone. Both ends of a
// span are checked so: a span ends at the last line of its rule.
func TestCitedLinesAreMapped(t *testing.T) {
	// the citation of each function for a line outside every map
	bare := map[string]string{"Book": "BattleForce", "Span": "BattleForce", "Setup": "Battle Setup Tables", "Manual": "BattleTech Manual", "QuickStart": "Quick-Start rules"}
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range citeCall.FindAllStringSubmatch(string(data), -1) {
			for _, w := range strings.Split(m[2], ",") {
				l, _ := strconv.Atoi(strings.TrimSpace(w))
				n++
				if fn := citeFunc[m[1]]; citeOne(fn, l) == bare[fn] {
					t.Errorf("%s: %s: line %d is in no section of the map, or blank, a running head or a Quick-Start heading in the text copy", path, m[0], l)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("found no citation through internal/cite: is the pattern out of date?")
	}
}

// citeOne is internal/cite's citation of one line by the named function;
// an end of a span is cited as a line of its own, which tells whether it
// holds text.
func citeOne(fn string, l int) string {
	switch fn {
	case "Setup":
		return cite.Setup(l)
	case "Manual":
		return cite.Manual(l)
	case "QuickStart":
		return cite.QuickStart(l)
	}
	return cite.Book(l)
}
