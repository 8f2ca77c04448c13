package config

import "fmt"

// Limits checked before a config file is parsed. A TOML decoder spends
// memory and time that grow faster than the file with deep nesting (a
// 120 KB file of inline tables nested 20,000 deep ran out of memory), and
// bfbot's own keys are all top-level: a real config nests nothing deeper
// than an array of strings.
const (
	// MaxFileBytes is the largest config file read; the example config
	// is about 4 KB.
	MaxFileBytes = 256 << 10
	// MaxDepth is the deepest nesting accepted: tables, inline tables,
	// arrays and dotted keys inside each other.
	MaxDepth = 8
	// maxUnknownKeys is how many unknown keys one error lists; the rest
	// are counted.
	maxUnknownKeys = 20
)

// checkDepth scans a TOML text in one pass and gives the line where its
// nesting first goes deeper than MaxDepth, or 0. It follows TOML's
// strings (basic, literal and their multi-line forms) and comments, so
// brackets and dots inside them do not count. Nesting is the depth of
// open [ and { plus, on the key side of a line (or in a [table] header),
// the dots between key parts.
func checkDepth(text string) int {
	line, depth, dots := 1, 0, 0
	// outer is the dots of the keys whose inline tables enclose this
	// point; stack keeps each open bracket's share of it.
	outer, stack := 0, make([]int, 0, MaxDepth+1)
	keySide := true // at the start of a line, a key (or header) comes first
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			line++
			if depth == 0 {
				keySide, dots = true, 0
			}
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			i-- // the newline is counted above
		case c == '"' || c == '\'':
			multi := i+2 < len(text) && text[i+1] == c && text[i+2] == c
			j, lines := skipTOMLString(text, i, multi)
			line += lines
			i = j
		case c == '[' || c == '{':
			depth++
			if c == '{' {
				stack = append(stack, dots)
				outer += dots
				keySide, dots = true, 0 // an inline table starts with a key
			} else {
				stack = append(stack, 0)
			}
		case c == ']' || c == '}':
			if depth > 0 {
				depth--
				outer -= stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				dots = 0
			}
		case c == ',' && depth > 0:
			keySide, dots = true, 0 // the next key of an inline table
		case c == '=':
			keySide = false
		case c == '.' && keySide:
			dots++
		}
		if depth+outer+dots > MaxDepth {
			return line
		}
	}
	return 0
}

// skipTOMLString gives the index of the closing quote of the string that
// opens at i (or the end of the text) and the newlines inside it. Basic
// strings (") take backslash escapes; literal ones (') do not.
func skipTOMLString(text string, i int, multi bool) (int, int) {
	q := text[i]
	lines := 0
	if multi {
		for j := i + 3; j < len(text); j++ {
			switch {
			case text[j] == '\n':
				lines++
			case text[j] == '\\' && q == '"':
				if j+1 < len(text) && text[j+1] == '\n' {
					lines++
				}
				j++
			case text[j] == q && j+2 < len(text) && text[j+1] == q && text[j+2] == q:
				return j + 2, lines
			}
		}
		return len(text), lines
	}
	for j := i + 1; j < len(text); j++ {
		switch {
		case text[j] == '\n':
			return j - 1, lines // an unclosed one-line string ends at its line; the parser reports it
		case text[j] == '\\' && q == '"':
			j++
		case text[j] == q:
			return j, lines
		}
	}
	return len(text), lines
}

// limitProblem refuses a file over the limits, before parsing; size is
// what was read of it, at most MaxFileBytes+1.
func limitProblem(size int, text string) *Problem {
	if size > MaxFileBytes {
		return &Problem{Message: fmt.Sprintf("the file is over the %d-byte (%d KiB) limit: a bfbot config is a few KB; is this the right file?", MaxFileBytes, MaxFileBytes>>10)}
	}
	if line := checkDepth(text); line > 0 {
		return &Problem{Line: line, Message: fmt.Sprintf("nested more than %d levels deep (tables, arrays, inline tables or dotted keys inside each other): bfbot's keys are all top-level, so no config nests this deep", MaxDepth)}
	}
	return nil
}
