package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseFlags parses args with fs, letting flags and positional arguments
// come in any order ("render FILE --out X" as well as "render --out X
// FILE"), and returns the positional arguments. The standard flag package
// stops at the first positional one. A flag given twice is refused, as
// the console refuses an option given twice: the flag package would take
// the last one without a word (--db a.db … --db b.db). Everything after
// "--" is positional.
func parseFlags(fs *flag.FlagSet, stderr io.Writer, args []string) ([]string, error) {
	fs.SetOutput(stderr)
	args, rest, err := splitFlags(fs, args)
	if err != nil {
		return nil, err
	}
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
			return append(pos, rest...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// repeatable is a flag.Value that may be given more than once (--buy).
type repeatable interface{ repeatable() }

// splitFlags splits args at the "--" that ends the flags (one that is no
// flag's value) and refuses a flag of fs given twice, unless it is
// repeatable. Arguments fs does not know are left to fs.Parse to report.
func splitFlags(fs *flag.FlagSet, args []string) (flags, rest []string, err error) {
	given := map[string]bool{}
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return args[:i], args[i+1:], nil
		}
		name, ok := strings.CutPrefix(args[i], "-")
		if !ok {
			continue
		}
		name = strings.TrimPrefix(name, "-")
		name, _, hasValue := strings.Cut(name, "=")
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if _, many := f.Value.(repeatable); !many {
			if given[f.Name] {
				return nil, nil, usagef("%s: --%s given twice: give it once", fs.Name(), f.Name)
			}
			given[f.Name] = true
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) {
			i++ // its value, which may look like a flag
		}
	}
	return args, nil, nil
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
