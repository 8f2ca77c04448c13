package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// parseFlags parses args with fs, letting flags and positional arguments
// come in any order ("render FILE --out X" as well as "render --out X
// FILE"), and returns the positional arguments. The standard flag package
// stops at the first positional one.
func parseFlags(fs *flag.FlagSet, stderr io.Writer, args []string) ([]string, error) {
	fs.SetOutput(stderr)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, usagef("%s: %v", fs.Name(), err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// isHelp says whether arg asks for help rather than naming a subcommand.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// groupHelp prints the usage of a command made of subcommands (bfbot map,
// force, scenario), one line a subcommand, for `bfbot GROUP --help`, and
// ends the command as flag parsing ends one that printed its help.
func (m *Main) groupHelp(group string, subs ...string) error {
	fmt.Fprintln(m.Stdout, "Usage:")
	for _, s := range subs {
		fmt.Fprintf(m.Stdout, "  bfbot %s %s\n", group, s)
	}
	fmt.Fprintf(m.Stdout, "\nRun 'bfbot %s SUBCOMMAND --help' for a subcommand's flags.\n", group)
	return errHelp
}

// errHelp ends a command that printed its help on request: not a failure.
var errHelp = errors.New("help shown")

// flagGiven says whether the command line set flag name, so a value the
// user typed is checked even when it equals the default that stands for
// "not given" (--turns 0).
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
