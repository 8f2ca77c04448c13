package config

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with a configuration, in words a person can act
// on. Load and Validate return their problems inside an *Error.
type Problem struct {
	// Key is the TOML key or environment variable the problem is about
	// ("" when the file could not be parsed far enough to know).
	Key string
	// Line is the config file's line, 0 when unknown or not from a file.
	Line int
	// Message names the key, what is wrong and what to do.
	Message string
}

func (p Problem) Error() string {
	if p.Line > 0 {
		return fmt.Sprintf("line %d: %s", p.Line, p.Message)
	}
	return p.Message
}

// Error lists every problem found at once, so a person can fix a config in
// one round instead of one error per run.
type Error struct {
	// Context says where the problems are: "invalid configuration",
	// `config file "bfbot.toml"`, "environment".
	Context  string
	Problems []Problem
}

func (e *Error) Error() string {
	if len(e.Problems) == 1 {
		return e.Context + ": " + e.Problems[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d problems:", e.Context, len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n  - ")
		b.WriteString(p.Error())
	}
	return b.String()
}

// Unwrap gives errors.Is and errors.As each Problem.
func (e *Error) Unwrap() []error {
	errs := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		errs[i] = p
	}
	return errs
}
