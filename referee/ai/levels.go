package ai

import (
	"fmt"
	"slices"
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

// ParsePlayLevel reads one of Levels by its name, as ParseLevel reads
// every level (the lower-case names LevelNames gives, the same on a
// command line, a slash command and a stored setting); Greedy and
// Random are baselines, not levels to play with, and refused.
func ParsePlayLevel(s string) (Level, error) {
	if l, err := ParseLevel(s); err == nil && slices.Contains(Levels[:], l) {
		return l, nil
	}
	return Normal, fmt.Errorf("unknown AI level %q: use %s", s, strings.Join(LevelNames(), ", "))
}
