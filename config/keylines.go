package config

import (
	"strings"

	"github.com/BurntSushi/toml"
)

// keyLines locates keys in a TOML text, because toml.MetaData keeps key
// positions private and an "unknown key" message is far more useful with a
// line number. It is a best-effort line scanner, not a parser: it follows
// [table] headers and dotted keys, and can be fooled by a multi-line string
// whose lines look like keys, in which case a message just lacks its line.
type keyLines struct {
	defs        []keyDef
	tokenValues []string // raw text of every token value, to keep out of errors
}

type keyDef struct {
	key  []string
	line int
}

func scanKeys(text string) keyLines {
	var kl keyLines
	var table []string
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "["):
			header := strings.TrimLeft(line, "[")
			if end := strings.Index(header, "]"); end >= 0 {
				header = header[:end]
			}
			table = splitDotted(header)
			kl.defs = append(kl.defs, keyDef{key: table, line: i + 1})
		default:
			name, value, ok := strings.Cut(line, "=")
			if !ok {
				continue
			}
			key := append(append([]string(nil), table...), splitDotted(name)...)
			kl.defs = append(kl.defs, keyDef{key: key, line: i + 1})
			// The decoder matches keys case-insensitively, so must this.
			if len(key) == 1 && strings.EqualFold(key[0], "token") {
				v := rawValue(value)
				// A one- or two-character fragment would also match
				// innocent text; such a value is no real token anyway.
				if len(v) >= 3 {
					kl.tokenValues = append(kl.tokenValues, v)
				}
			}
		}
	}
	return kl
}

// splitDotted splits a.b."c.d" into its pieces, unquoted.
func splitDotted(s string) []string {
	var parts []string
	var cur strings.Builder
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote = r
		case r == '.':
			parts = append(parts, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	return append(parts, strings.TrimSpace(cur.String()))
}

// line returns the first line defining k or a key under it, 0 if none.
func (kl keyLines) line(k toml.Key) int {
	for _, d := range kl.defs {
		if len(d.key) >= len(k) && equalFoldKeys(d.key[:len(k)], k) {
			return d.line
		}
	}
	return 0
}

// isTokenLine reports whether line n assigns the token.
func (kl keyLines) isTokenLine(n int) bool {
	for _, d := range kl.defs {
		if d.line == n && len(d.key) == 1 && strings.EqualFold(d.key[0], "token") {
			return true
		}
	}
	return false
}

func equalFoldKeys(a, b []string) bool {
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

// rawValue is the text of a one-line TOML value without its quotes or a
// trailing comment; for an unterminated string, the rest of the line.
func rawValue(s string) string {
	s = strings.TrimSpace(s)
	for _, q := range []string{`"""`, `'''`, `"`, `'`} {
		if rest, ok := strings.CutPrefix(s, q); ok {
			if end := strings.Index(rest, q); end >= 0 {
				return rest[:end]
			}
			return rest
		}
	}
	if end := strings.Index(s, "#"); end >= 0 {
		s = s[:end]
	}
	return strings.TrimSpace(s)
}
