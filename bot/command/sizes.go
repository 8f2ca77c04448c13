package command

import (
	"sort"
	"unicode/utf8"
)

// Size limits of a request, checked before any other work (RELIABILITY.md):
// nothing a command takes needs more, and a request that is larger is a
// mistake or an attempt to make the bot spend memory and time. Discord's
// own limits are smaller still (25 options, 32-character names, 6,000
// characters in all), so they only bite on the console and in tests.
const (
	// MaxOptions is the most options one request may carry.
	MaxOptions = 25
	// MaxOptionValue is the longest option value, in characters.
	MaxOptionValue = 1000
	// maxName is the longest command, subcommand or option name, in
	// bytes (Discord's limit for names).
	maxName = 32
)

// checkSizes refuses a request with too many options, a value or a name
// too long, or a file over MaxAttachmentBytes. Its messages quote no part of the oversized text.
func checkSizes(r *Request) error {
	if len(r.Name) > maxName || len(r.Sub) > maxName {
		return userf("a command name is at most %d characters; /help lists the commands", maxName)
	}
	if len(r.Options) > MaxOptions {
		return userf("%s: %d options given; a command takes at most %d", commandName(Spec{Name: r.Name, Sub: r.Sub}), len(r.Options), MaxOptions)
	}
	names := make([]string, 0, len(r.Options))
	for name := range r.Options {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if len(name) > maxName {
			return userf("%s: an option name is at most %d characters", commandName(Spec{Name: r.Name, Sub: r.Sub}), maxName)
		}
		if n := utf8.RuneCountInString(r.Options[name]); n > MaxOptionValue {
			return userf("%s: %s: is %d characters long; an option value is at most %d", commandName(Spec{Name: r.Name, Sub: r.Sub}), name, n, MaxOptionValue)
		}
	}
	return checkFileSizes(r) // attach.go
}
