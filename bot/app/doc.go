/*
Package app wires bfbot's parts into the running Discord bot (`bfbot
serve`): the bbolt store (package storage) behind the command layer's
Store, the command registry, the Discord adapter, and the scheduler whose
deadlines run campaign turns.

	a, err := app.New(cfg, app.Options{})   // opens the database, builds everything
	err = a.Run(ctx)                        // connects, starts the scheduler, waits for ctx
	err = a.Close(shutdownCtx)              // finishes in-flight work, closes the file

# What lives here and nowhere else

  - The campaign's channel: the command layer records it in the campaign
    (Campaign.Guild, Campaign.Channel; bot/command place.go); the app
    keeps a copy in memory (bindings.go) so scheduled posts, the pinned
    status message and the Discord adapter's public replies know where
    to go. A database from before that keeps its channel: the old
    Binding record is moved into the campaign on open.
  - Schedule entries: one Schedule record per campaign and deadline kind,
    rebuilt into the scheduler on start. They follow the campaign's
    settings (/campaign schedule) after every /campaign command.
  - The scheduled turn (deadline.go): in ONE store Update it reads the
    stored entry, returns if the deadline was already processed, else runs
    the turn and writes the entry (schedule.Handler's contract), then posts
    the replies.
  - Reminders (reminders.go): a player who asked with /orders remind has
    a Binding record; only those players are reminded, and only while
    their side's orders are not sealed.
  - The control socket (bot/admin) beside the database file, served from
    Start to Close, so `bfbot backup` gets a hot copy of the file this
    process locks.

# Caveats

IMPORTANT: every write of a Schedule record goes through schedules.mu for
its campaign, so a referee's pause cannot be lost to a turn committing the
entry it read before the pause, nor a turn's LastRun be set back by a pause.

Battle IDs count from 1 in every campaign: the Discord adapter keys
battle threads by (campaign, battle), and this package keeps them, with
the pinned status messages, in the campaign's Binding records
(bindings.go), so a restart finds them again.
*/
package app
