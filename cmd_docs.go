package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	botcommand "bfbot/bot/command"
)

// docsPath is where `bfbot docs` writes the command reference.
const docsPath = "docs/commands.md"

// runDocs is `bfbot docs [--out FILE]`: the command reference written
// from the registry (a test fails when the committed file is stale).
func (m *Main) runDocs(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("docs", flag.ContinueOnError)
	out := fs.String("out", docsPath, "file to write ('-' for standard output)")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("docs takes no arguments (got %q)", pos[0])
	}
	data := commandDocs()
	if *out == "-" {
		_, err := m.Stdout.Write(data)
		return err
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		return fmt.Errorf("docs: %w", err)
	}
	fmt.Fprintf(m.Stdout, "wrote %s\n", *out)
	return nil
}

// commandDocs is the reference of the registry as the bot wires it.
func commandDocs() []byte {
	return botcommand.New(botcommand.Deps{Store: botcommand.NewMemStore(1)}).Markdown()
}
