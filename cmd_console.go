package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"sync"

	"bfbot/bot/app"
	botcommand "bfbot/bot/command"
	"bfbot/bot/console"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// runConsole is `bfbot console [--db FILE] [--seed N] [--dice FACES]
// [--json] [--out DIR]`: the bot's commands over stdin and stdout
// (docs/architecture.md). Files the replies carry (maps, exports) are written to
// --out.
func (m *Main) runConsole(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	db := fs.String("db", "", "database file (default: a campaign store in memory, gone at exit)")
	seed := fs.Uint64("seed", 1, "seed of the dice: campaign N rolls with seed+N, /roll with seed (without it /roll is seeded from the system)")
	faces := fs.String("dice", "", "the d6 faces every roll takes, in order, e.g. 3,4,6 (instead of --seed)")
	asJSON := fs.Bool("json", false, `print one JSON object per reply: {"to":…,"user":…,"text":…,"files":[…]}`)
	out := fs.String("out", "console-out", "directory the replies' files (PNG maps, exports) are written to")
	acceptMeta := acceptMetaFlag(fs)
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("console takes no arguments (got %q); it reads commands from standard input", pos[0])
	}
	seedSet := flagGiven(fs, "seed")
	var script *dice.Script
	if *faces != "" {
		if seedSet {
			return usagef("console: give --seed or --dice, not both")
		}
		if script, err = dice.ParseFaces(*faces); err != nil {
			return usagef("console: --dice: %v", err)
		}
	}
	// The directory is made at the first file; a file in its place would
	// end the session there, after the lines before it had run.
	if fi, err := os.Stat(*out); err == nil && !fi.IsDir() {
		return usagef("console: --out %s is not a directory: name a directory for the replies' files (PNG maps, exports)", *out)
	}
	_, statErr := os.Stat(*db)
	store, err := openConsoleStore(*db, *seed, script, *acceptMeta)
	if err != nil {
		return err
	}
	if *db != "" && errors.Is(statErr, os.ErrNotExist) {
		fmt.Fprintf(m.Stderr, "bfbot: %s: made a new, empty database file\n", *db)
	}
	if cs, ok := store.(consoleStore); ok {
		m.warnDamagedMeta(cs.file)
		m.noteMigrated(cs.file)
	}
	if cl, ok := store.(interface{ Close() error }); ok {
		defer cl.Close()
	}
	log := slog.New(slog.NewTextHandler(m.Stderr, nil))
	reg := botcommand.New(botcommand.Deps{
		Store: store,
		Log:   log,
		Dice:  consoleRollDice(seedSet, *seed, script, log),
		// One person at a keyboard (or a script): rate limits are for a shared bot.
		RateLimits: botcommand.RateLimits{Off: true},
	})
	c := &console.Console{Dispatcher: reg, Out: m.Stdout, JSON: *asJSON, FilesDir: *out}
	if err := c.Run(ctx, m.Stdin); err != nil {
		return fmt.Errorf("console: %w", err)
	}
	return nil
}

// consoleRollDice is /roll's source: the --dice script (every roll takes
// its faces), the --seed, or else dice seeded from the operating system
// with the seed logged, as the bot does, so a console session without a
// seed does not roll the same numbers as the last one.
func consoleRollDice(seedSet bool, seed uint64, script *dice.Script, log *slog.Logger) dice.Source {
	switch {
	case script != nil:
		return script
	case seedSet:
		return dice.NewSeeded(seed)
	}
	return botcommand.NewRollSource(nil, log)
}

// openConsoleStore is the one place the console picks its store.
func openConsoleStore(db string, seed uint64, script *dice.Script, acceptMeta bool) (botcommand.Store, error) {
	if db != "" {
		if script != nil {
			return nil, usagef("console: --dice works only with the campaign kept in memory: a database keeps each campaign's own dice (drop --db or --dice)")
		}
		st, err := storage.Open(db, storage.Options{Verify: true, AcceptDamagedMeta: acceptMeta})
		if err != nil {
			return nil, fmt.Errorf("console --db %s: %w", db, err)
		}
		// Campaign N of the file rolls dice seeded with seed+N, as in memory.
		var mu sync.Mutex
		next := seed
		return consoleStore{app.NewStore(st, func() uint64 {
			mu.Lock()
			defer mu.Unlock()
			next++
			return next
		}), st}, nil
	}
	if script != nil {
		return botcommand.NewMemStoreSource(func(int64) dice.Source { return script }), nil
	}
	return botcommand.NewMemStore(seed), nil
}

// consoleStore is the bbolt store behind the console, closed at exit.
type consoleStore struct {
	*app.Store
	file *storage.Store
}

func (s consoleStore) Close() error { return s.file.Close() }
