package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"bfbot/bot/app"
	"bfbot/config"
	"bfbot/mapgen/render"
)

// shutdownGrace is how long `bfbot serve` lets a turn or an interaction in
// flight finish after SIGINT or SIGTERM.
const shutdownGrace = 30 * time.Second

// serveOptions are the app's options for `bfbot serve`; a test points them
// at the fake Discord.
var serveOptions = func(m *Main) app.Options { return app.Options{} }

// warmRenderer makes what the renderer makes once per process for the
// default hex size (render.Warm); a test sees it called.
var warmRenderer = render.Warm

// runServe is `bfbot serve [--config FILE] [--accept-damaged-meta]`: the Discord bot, until SIGINT
// or SIGTERM (docs/architecture.md). The file defaults to $BFBOT_CONFIG; the token
// comes from BFBOT_TOKEN.
func (m *Main) runServe(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	path := m.configFlag(fs)
	acceptMeta := acceptMetaFlag(fs)
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("serve takes no arguments (got %q); give the config file with --config", pos[0])
	}
	cfg, err := config.Load(*path, m.Environ)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	if err := cfg.ValidateForDiscord(); err != nil {
		return fmt.Errorf("serve: the configuration cannot start the bot:\n%w", err)
	}
	opts := serveOptions(m)
	opts.AcceptDamagedMeta = *acceptMeta
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	}
	a, err := app.New(cfg, opts)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	// The first picture of a process would make the hex art, glyphs
	// and counter symbols of its hex size (some tens of milliseconds,
	// BENCHMARKS.md): made now, in the background, while the bot
	// connects. It moves that cost, it does not remove it.
	warm, logger := warmRenderer, opts.Logger // read before the goroutine, not by it
	go func() {
		if err := warm(); err != nil {
			logger.Warn("warming the map renderer; the first picture will make what it needs", "err", err)
		}
	}()
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	runErr := a.Run(ctx)
	closeCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := a.Close(closeCtx); err != nil && runErr == nil {
		runErr = err
	}
	if runErr != nil {
		return fmt.Errorf("serve: %w", runErr)
	}
	return nil
}

// getenv reads a variable from Main's environment (not the process's, so
// a test controls it).
func (m *Main) getenv(name string) string {
	v := ""
	for _, kv := range m.Environ {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val // a later duplicate wins, as in os/exec
		}
	}
	return v
}
