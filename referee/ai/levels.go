package ai

import (
	"fmt"
	"strings"
)

// Levels are the levels to play with, weakest first: each beats the one
// before it in the tournament (BENCHMARKS.md). Greedy and Random, the
// baselines the levels are measured against, are not among them.
var Levels = [...]Level{Easy, Normal, Hard}

// LevelNames are the names of Levels, in order: the choices a setting or
// a command line offers.
func LevelNames() []string {
	names := make([]string, len(Levels))
	for i, l := range Levels {
		names[i] = l.String()
	}
	return names
}

// ParsePlayLevel reads one of Levels by its name, in any case.
func ParsePlayLevel(s string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(l.String(), strings.TrimSpace(s)) {
			return l, nil
		}
	}
	return Normal, fmt.Errorf("unknown AI level %q: use %s", s, strings.Join(LevelNames(), ", "))
}
