package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"

	botcommand "bfbot/bot/command"
	"bfbot/bot/console"
	"bfbot/referee/dice"
)

// runConsole is `bfbot console [--db FILE] [--seed N] [--dice FACES]
// [--json] [--out DIR]`: the bot's commands over stdin and stdout
// (DESIGN.md). Files the replies carry (maps, exports) are written to
// --out.
func (m *Main) runConsole(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	db := fs.String("db", "", "database file (default: a campaign store in memory, gone at exit)")
	seed := fs.Uint64("seed", 1, "seed of the dice: campaign N rolls with seed+N")
	faces := fs.String("dice", "", "the d6 faces every roll takes, in order, e.g. 3,4,6 (instead of --seed)")
	asJSON := fs.Bool("json", false, `print one JSON object per reply: {"to":…,"user":…,"text":…,"files":[…]}`)
	out := fs.String("out", "console-out", "directory the replies' files (PNG maps, exports) are written to")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("console takes no arguments (got %q); it reads commands from standard input", pos[0])
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	var script *dice.Script
	if *faces != "" {
		if seedSet {
			return usagef("console: give --seed or --dice, not both")
		}
		if script, err = dice.ParseFaces(*faces); err != nil {
			return usagef("console: --dice: %v", err)
		}
	}
	store, err := openConsoleStore(*db, *seed, script)
	if err != nil {
		return err
	}
	reg := botcommand.New(botcommand.Deps{
		Store: store,
		Log:   slog.New(slog.NewTextHandler(m.Stderr, nil)),
		Dice:  dice.New(dice.NewSeeded(*seed)),
	})
	c := &console.Console{Dispatcher: reg, Out: m.Stdout, JSON: *asJSON, FilesDir: *out}
	return c.Run(ctx, m.Stdin)
}

// openConsoleStore is the one place the console picks its store.
func openConsoleStore(db string, seed uint64, script *dice.Script) (botcommand.Store, error) {
	if db != "" {
		// TODO(lead): open the bbolt store (package storage) here once it
		// is ready: storage.Open(db) satisfies botcommand.Store.
		return nil, fmt.Errorf("console --db %s: not yet available: the bbolt store is still being built; run without --db for a campaign kept in memory", db)
	}
	if script != nil {
		return botcommand.NewMemStoreSource(func(int64) dice.Source { return script }), nil
	}
	return botcommand.NewMemStore(seed), nil
}
