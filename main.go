// Command bfbot referees BattleForce campaigns on Discord, in a terminal
// console, or as an offline demo. See README.md.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	m := NewMain()
	err := m.Run(ctx, os.Args[1:])
	stop()
	os.Exit(m.ExitCode(err))
}

// Main wires the bfbot command together. Its fields are the program's
// connection to the outside world, so a test can run the real wiring with
// its own input, output and environment.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Environ is the environment as os.Environ gives it (BFBOT_* settings).
	Environ []string
}

// NewMain returns a Main on the process's standard streams and environment.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Environ: os.Environ()}
}

// usageError is a command line the program cannot act on; it exits 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// ExitCode reports err on Stderr and returns the process exit code:
// 0 for success, 2 for a command line that cannot be acted on, 1 for any
// other failure.
func (m *Main) ExitCode(err error) int {
	if err == nil || errors.Is(err, errHelp) {
		return 0
	}
	fmt.Fprintf(m.Stderr, "bfbot: %v\n", err)
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

// command is one subcommand of bfbot.
type command struct {
	name, args, summary string
	run                 func(m *Main, ctx context.Context, args []string) error
}

func commands() []command {
	return []command{
		{"demo", "[--out DIR] [--seed N] [--turns N] [--level easy|normal|hard]", "play a whole campaign offline, AI on both sides", (*Main).runDemo},
		{"serve", "[--config FILE] [--accept-damaged-meta]", "run the Discord bot", (*Main).runServe},
		{"console", "[--db FILE] [--seed N] [--dice FACES] [--json] [--out DIR] [--accept-damaged-meta]", "speak the bot's commands in a terminal", (*Main).runConsole},
		{"lance", "[--json] [--exp LEVEL] [--name NAME] NAME… | --mtf FILE… | --design FILE…", "lance creation: quick from the values table, or from .mtf and design files", (*Main).runLance},
		{"force", forceArgs, "show, export or check a regiment: a built-in roster or a regiment file", (*Main).runForce},
		{"map", "generate|render …", "generate, import and render hex maps", (*Main).runMap},
		{"scenario", "list | " + scenarioRunArgs, "list the shipped battle scenarios, or play one (or a file)", (*Main).runScenario},
		{"docs", "[--out FILE]", "write the command reference (docs/commands.md) from the command registry", (*Main).runDocs},
		{"check", "[--config FILE] [--db FILE]", "check a database's invariants", (*Main).runCheck},
		{"backup", "FILE [--config FILE] [--db FILE] [--accept-damaged-meta]", "a consistent copy of a database, through the running bot when one holds it", (*Main).runBackup},
		{"export", "--campaign ID [--config FILE] [--db FILE]", "a campaign as JSON", (*Main).runExport},
		{"import", "FILE [--config FILE] [--db FILE] [--accept-damaged-meta]", "load a campaign from JSON", (*Main).runImport},
		{"migrate-store", "--to etcd|bbolt [--config FILE] [--db FILE] [--accept-damaged-meta]", "copy every campaign from the file into etcd, or from etcd into a new file", (*Main).runMigrateStore},
	}
}

// Run runs one bfbot command line (without the program name). A command
// whose output could not be written fails, whether or not it looked
// (bfbot force export … > FILE on a full disk must not pass for done).
func (m *Main) Run(ctx context.Context, args []string) error {
	out := &outputWriter{w: m.Stdout}
	mm := *m
	mm.Stdout = out
	err := mm.run(ctx, args)
	if err == nil && out.err != nil {
		err = fmt.Errorf("writing the output: %w", out.err)
	}
	return err
}

// outputWriter keeps the first error of writing to w.
type outputWriter struct {
	w   io.Writer
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil && o.err == nil {
		o.err = err
	}
	return n, err
}

func (m *Main) run(ctx context.Context, args []string) error {
	if len(args) == 2 && args[0] == "help" {
		// `bfbot help map` is `bfbot map --help`.
		args = []string{args[1], "--help"}
	}
	if len(args) == 0 || isHelp(args[0]) {
		m.usage(m.Stdout)
		if len(args) == 0 {
			return usagef("no command given")
		}
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(m, ctx, args[1:])
		}
	}
	if strings.HasPrefix(args[0], "-") {
		// A flag before the command: name the command it may be meant for.
		cmd := "COMMAND"
		for _, a := range args[1:] {
			if slices.ContainsFunc(commands(), func(c command) bool { return c.name == a }) {
				cmd = a
				break
			}
		}
		if cmd == "COMMAND" {
			return usagef("unknown flag %q with no command: run 'bfbot help' for the commands and their flags", args[0])
		}
		return usagef("%q comes before the command: flags follow it (bfbot %s %s …)", args[0], cmd, args[0])
	}
	return usagef("unknown command %q: run 'bfbot help' for the list", args[0])
}

func (m *Main) usage(w io.Writer) {
	fmt.Fprintln(w, "bfbot referees BattleForce campaigns on Discord, in a console, or offline.")
	fmt.Fprintln(w, "\nUsage: bfbot COMMAND [flags]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n            %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'bfbot COMMAND --help' for a command's flags.")
}
