package referee

import (
	"fmt"
	"strings"
	"testing"

	"bfbot/internal/cite"
	"bfbot/internal/english"
)

// Ensure the words refusals are made of, formatted only when a refusal
// is read, read as the functions they stand for: each citation, count
// and list as cite's, english's and strings' functions write it, so a
// refusal says the same as if it had been worded when made.
func TestRefusalWordsAsFunctions(t *testing.T) {
	for _, c := range []struct {
		words fmt.Stringer
		want  string
	}{
		{bookCite{1097}, cite.Book(1097)},
		{bookCite{827, 980}, cite.Book(827, 980)},
		{bookCite{600, 817, 1263}, cite.Book(600, 817, 1263)},
		{bookSpan{1103, 1110}, cite.Span(1103, 1110)},
		{bookSpan{578, 580}, cite.Span(578, 580)},
		{setupCite{12}, cite.Setup(12)},
		{setupCite{11, 15}, cite.Setup(11, 15)},
		{hexCount(1), english.Counts(1, "hex", "hexes")},
		{hexCount(3), english.Counts(3, "hex", "hexes")},
		{unitCount(1), english.Count(1, "unit")},
		{unitCount(6), english.Count(6, "unit")},
		{possessive("Red"), english.Possessive("Red")},
		{possessive("Davion Guards"), english.Possessive("Davion Guards")},
		{commaList{"A1"}, "A1"},
		{commaList{"A1", "B2", "C3"}, strings.Join([]string{"A1", "B2", "C3"}, ", ")},
		{phrase{"whether %s attacks %s (%s)", []any{"H1", "A2", bookCite{1052}}}, "whether H1 attacks A2 (" + cite.Book(1052) + ")"},
	} {
		if got := c.words.String(); got != c.want {
			t.Errorf("%#v reads %q, want %q", c.words, got, c.want)
		}
	}
}
