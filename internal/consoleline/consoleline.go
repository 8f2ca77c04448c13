// Package consoleline reads and writes the console's line syntax,
// `@user /command sub option:value option:"two words"`: the console
// adapter reads what a person types with it, and scenario files hold
// their players' commands as such lines. It is internal and imports only
// the standard library, so both may use it.
package consoleline

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxOptionLength is the longest option value ParseLine accepts, in
// characters (RELIABILITY.md): no unit, hex, name or cron spec comes near it.
const MaxOptionLength = 1000

// Line is one console line, `@user /command sub option:value
// option:"two words"` (docs/architecture.md): who speaks, the command, the words
// that name the subcommand, and the options in the order given.
type Line struct {
	User    string
	Command string   // without the slash: "battle"
	Words   []string // "move"
	Options []Option
}

// Option is one name:value pair of a console line.
type Option struct {
	Name, Value string
}

// Option returns the value of the named option and whether it was given.
func (l *Line) Option(name string) (string, bool) {
	for _, o := range l.Options {
		if o.Name == name {
			return o.Value, true
		}
	}
	return "", false
}

// String writes the line back in console form; values with spaces,
// quotes or a '#' are quoted.
func (l *Line) String() string {
	var parts []string
	if l.User != "" {
		parts = append(parts, "@"+l.User)
	}
	parts = append(parts, "/"+l.Command)
	for _, w := range l.Words {
		parts = append(parts, quoteIf(w, w == "" || strings.ContainsAny(w, " \t\r\n\"\\#:")))
	}
	for _, o := range l.Options {
		parts = append(parts, o.Name+":"+quoteIf(o.Value, o.Value == "" || strings.ContainsAny(o.Value, " \t\r\n\"\\#")))
	}
	return strings.Join(parts, " ")
}

func quoteIf(s string, need bool) string {
	if !need {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// ParseLine reads one console line. A '#' outside quotes starts a
// comment; a line with nothing but blanks and a comment gives nil and no
// error. Inside double quotes, \" and \\ stand for a quote and a
// backslash. Words come before options; an option is given once. Errors
// name the column (counting from 1) where the problem is.
func ParseLine(s string) (*Line, error) {
	toks, err := tokenize(s)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, nil
	}
	l := &Line{}
	if t := toks[0]; !t.quoted && strings.HasPrefix(t.text, "@") {
		l.User = t.text[1:]
		if l.User == "" || strings.ContainsAny(l.User, ":/@") {
			return nil, fmt.Errorf("column %d: %q: write the user as @name", t.col, t.text)
		}
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("column %d: a command is missing after @%s: e.g. /battle end", len(s)+1, l.User)
	}
	switch t := toks[0]; {
	case t.quoted || !strings.HasPrefix(t.text, "/"):
		return nil, fmt.Errorf("column %d: %q: a command starts with a slash, e.g. /battle", t.col, t.text)
	case len(t.text) < 2:
		return nil, fmt.Errorf("column %d: %q: the command's name follows the slash, e.g. /battle", t.col, t.text)
	case strings.Contains(t.text, ":"):
		return nil, fmt.Errorf("column %d: %q: the command comes first, then its options with a blank before each, e.g. /battle status battle:1", t.col, t.text)
	}
	l.Command = toks[0].text[1:]
	for _, t := range toks[1:] {
		name, value, isOption := strings.Cut(t.text, ":")
		if t.quoted {
			// A quoted token is a word, or an option's quoted value
			// (name:"two words"), which tokenize marks by valueQuoted.
			isOption = false
		}
		if t.valueQuoted {
			name, value, isOption = t.name, t.text, true
		}
		if !isOption {
			if len(l.Options) > 0 {
				return nil, fmt.Errorf("column %d: %q: words come before the options (name:value)", t.col, t.text)
			}
			l.Words = append(l.Words, t.text)
			continue
		}
		if !ValidName(name) {
			return nil, fmt.Errorf("column %d: %q: an option is name:value, the name made of letters, digits, - and _", t.col, t.text)
		}
		if n := utf8.RuneCountInString(value); n > MaxOptionLength {
			return nil, fmt.Errorf("column %d: option %s: %d characters, over the limit of %d: shorten it", t.col, name, n, MaxOptionLength)
		}
		if slices.ContainsFunc(l.Options, func(o Option) bool { return o.Name == name }) {
			return nil, fmt.Errorf("column %d: option %s: given twice", t.col, name)
		}
		l.Options = append(l.Options, Option{name, value})
	}
	return l, nil
}

// ValidName reports whether n may be a name of a console line: the @user,
// the command, an option's name (letters, digits, - and _). Scenario
// files hold their side and unit ids to it, since their commands name
// them.
func ValidName(n string) bool {
	if n == "" {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// token is one blank-separated piece of a console line.
type token struct {
	text string
	col  int // 1-based column of its first character
	// quoted: the whole token was in quotes ("two words");
	// valueQuoted: it was name:"value", text holding the value.
	quoted, valueQuoted bool
	name                string
}

func tokenize(s string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case c == '#':
			return toks, nil
		}
		start := i
		t := token{col: start + 1}
		// name:"value" or "word": read up to an opening quote.
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n' && s[i] != '"' {
			i++
		}
		prefix := s[start:i]
		if i < len(s) && s[i] == '"' {
			switch {
			case prefix == "":
				t.quoted = true
			case strings.HasSuffix(prefix, ":") && !strings.Contains(prefix[:len(prefix)-1], ":"):
				t.valueQuoted, t.name = true, prefix[:len(prefix)-1]
			default:
				return nil, fmt.Errorf("column %d: a quote may open a word or an option's value (name:\"two words\"), not the middle of %q", i+1, prefix)
			}
			v, end, err := quoted(s, i)
			if err != nil {
				return nil, err
			}
			i = end
			if i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n' && s[i] != '#' {
				return nil, fmt.Errorf("column %d: put a blank after the closing quote", i+1)
			}
			t.text = v
		} else {
			t.text = prefix
		}
		toks = append(toks, t)
	}
	return toks, nil
}

// quoted reads a double-quoted string starting at s[i] == '"' and returns
// its value and the index after the closing quote.
func quoted(s string, i int) (string, int, error) {
	open := i
	var b strings.Builder
	for i++; i < len(s); i++ {
		switch s[i] {
		case '"':
			return b.String(), i + 1, nil
		case '\\':
			if i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
				i++
				b.WriteByte(s[i])
				continue
			}
			return "", 0, fmt.Errorf("column %d: in quotes a backslash is written \\\\ and a quote \\\"", i+1)
		}
		b.WriteByte(s[i])
	}
	return "", 0, fmt.Errorf("column %d: the quote opened here is never closed", open+1)
}
