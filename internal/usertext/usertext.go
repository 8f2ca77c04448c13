// Package usertext is the one check of the names people type or upload:
// campaign, battlegroup, regiment (side), unit, sector and scenario names,
// from a command's option or from a file. Such a name ends up in channel
// posts, pinned status messages, worksheets and maps, so it must be one
// line of text that shows what it says: a name that hides characters
// (zero-width), reorders what follows it (bidirectional controls), breaks
// lines or is not text at all is refused, with an error that names the
// field, what is wrong, where, and how to fix it. A display name Discord
// gives cannot be refused: Display shows it with the same characters
// left out.
//
// Mentions and markdown are not this package's business: they are
// ordinary characters here and the Discord adapter neutralises them in
// every post. This package refuses only what can never be shown safely.
//
// It is pure (standard library only, no I/O) so the rules packages can
// call it where names enter them.
package usertext

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is one kind of name: what it is called in errors and how long it
// may be, in characters (runes) once trimmed.
type Kind struct {
	What string
	Max  int
}

// The kinds of names and their limits. A limit keeps a name to what a
// status line, a worksheet column and a map label can show; Discord's
// own limits (2,000 characters a message) are far above them.
var (
	Campaign    = Kind{"campaign name", 60}
	Battlegroup = Kind{"battlegroup name", 40}
	// Regiment is a regiment's (a side's) name, and a battalion's or a
	// company's in a regiment file.
	Regiment = Kind{"regiment name", 60}
	// Company is a company's name in a regiment file (a battalion's
	// becomes a battlegroup's: Battlegroup).
	Company = Kind{"company name", 60}
	// Unit is a counter's name or machine in a regiment file.
	Unit = Kind{"unit name", 60}
	// Crew is a MechWarrior's or a crew's name in a regiment file.
	Crew = Kind{"crew name", 100}
	// Map, Sector and Objective are a strategic map's names.
	Map       = Kind{"map name", 60}
	Sector    = Kind{"sector name", 60}
	Objective = Kind{"objective name", 60}
	Scenario  = Kind{"scenario name", 60}
	// Side is a scenario side's name.
	Side = Kind{"side name", 60}
	// ID is an identifier read from a file (a regiment's or a scenario
	// side's id); the caller checks its own pattern after this.
	ID = Kind{"id", 20}
)

// MaxMarks is the most combining marks one character may carry: enough
// for every script's stacked accents, too few for text piled so high it
// spills over the lines around it.
const MaxMarks = 4

// Error is a refused name: Field is where it came from (an option, a
// file's field path), Problem what is wrong with it, where, and how to
// fix it.
type Error struct {
	Field, Problem string
}

func (e *Error) Error() string { return e.Field + ": " + e.Problem }

// Clean returns s trimmed of surrounding white space if it is a good name
// of kind k, else an *Error for field (how the caller names where s came
// from: an option, a file's field path) that says what to change.
func (k Kind) Clean(field, s string) (string, error) {
	if i := invalidUTF8(s); i >= 0 {
		return "", &Error{field, fmt.Sprintf("not valid UTF-8 text (byte %d): save or type it again as UTF-8", i+1)}
	}
	t := strings.TrimSpace(s)
	if t == "" {
		return "", &Error{field, "empty: give a " + k.What}
	}
	// Positions count characters from 1 as typed, leading spaces too.
	pos := utf8.RuneCountInString(s[:len(s)-len(strings.TrimLeftFunc(s, unicode.IsSpace))])
	marks := 0
	for _, r := range t {
		pos++
		if unicode.Is(unicode.Mn, r) {
			if marks++; marks > MaxMarks {
				return "", k.bad(field, t, fmt.Sprintf("more than %d combining marks on one character at position %d", MaxMarks, pos), "remove the extra marks")
			}
			continue
		}
		marks = 0
		if what, fix := problem(r); what != "" {
			return "", k.bad(field, t, fmt.Sprintf("%s (%U) at position %d", what, r, pos), fix)
		}
	}
	if n := utf8.RuneCountInString(t); n > k.Max {
		return "", k.bad(field, t, fmt.Sprintf("%d characters", n), fmt.Sprintf("a %s has at most %d; shorten it", k.What, k.Max))
	}
	return t, nil
}

// bad formats a refusal: field, the name (quoted, escaped, shortened),
// what is wrong with it and how to fix that.
func (k Kind) bad(field, s, what, fix string) error {
	return &Error{field, fmt.Sprintf("%s has %s; %s", quote(s), what, fix)}
}

// problem says what is wrong with r in a name ("" if nothing) and how to
// fix it.
func problem(r rune) (what, fix string) {
	switch {
	case isLineBreak(r):
		return "a line break", "write it on one line"
	case r == '\t':
		return "a tab", "use a space"
	case unicode.Is(unicode.Cc, r):
		return "a control character", "remove it"
	case isZeroWidth(r):
		return "a zero-width character", "remove it"
	case isBidi(r):
		return "a bidirectional-text control", "remove it"
	case r == utf8.RuneError:
		return "a replacement character", "the text was damaged on its way (saved in another encoding?); type the name again"
	case unicode.Is(unicode.Co, r):
		return "a private-use character", "remove it: it shows differently, or not at all, from one font to another"
	case !unicode.IsGraphic(r):
		// Other format characters (soft hyphen, tags), unassigned code
		// points, surrogates: nothing a reader can see.
		return "a character that cannot be shown", "remove it"
	}
	return "", ""
}

func isLineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' || r == '\u0085' || r == '\v' || r == '\f'
}

// MaxDisplay is the most characters Display keeps of a name: Discord's
// own display names and nicknames hold 32.
const MaxDisplay = 40

// Display is how a name the bot cannot refuse — a display name Discord
// gives — is shown: what Clean would refuse in a typed name left out
// (zero-width and bidirectional controls, control and unshowable
// characters, marks piled past MaxMarks), a line break or a tab shown as
// a space, runs of spaces as one, trimmed and cut to MaxDisplay
// characters; "" when nothing is left.
func Display(s string) string {
	var b strings.Builder
	marks := 0
	for _, r := range strings.ToValidUTF8(s, "") {
		if unicode.Is(unicode.Mn, r) {
			if marks++; marks <= MaxMarks {
				b.WriteRune(r)
			}
			continue
		}
		marks = 0
		switch what, _ := problem(r); {
		case isLineBreak(r) || r == '\t':
			b.WriteByte(' ')
		case what == "":
			b.WriteRune(r)
		}
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	if rs := []rune(out); len(rs) > MaxDisplay {
		out = strings.TrimSpace(string(rs[:MaxDisplay]))
	}
	return out
}

// isZeroWidth reports the zero-width characters: they show nothing, so
// two names that look the same can differ, and a word can hide in one.
func isZeroWidth(r rune) bool {
	return r >= '\u200B' && r <= '\u200F' || r == '\u2060' || r == '\uFEFF'
}

// isBidi reports the bidirectional embedding, override and isolate
// controls (and the Arabic letter mark): they reorder the text after
// them, so a name could display as something else, across a whole post.
func isBidi(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069' || r == '\u061C'
}

// invalidUTF8 is the byte offset of the first invalid UTF-8 sequence in
// s, or -1.
func invalidUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return -1
}

// quote shows a name in an error: quoted with every character that
// cannot be shown escaped (so the error itself hides and reorders
// nothing), cut to 40 characters.
func quote(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:39]) + "…"
	}
	return strconv.Quote(s)
}
