package app

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/schedule"
	"bfbot/storage"
)

// When the database cannot take a write (the disk is full, the file
// system turned read-only), nothing of the change is written: every
// command and every turn is one transaction. What remains is to say so
// to the people waiting for it, in words they can act on, without the
// file's path (a server detail players have no business with).

// unsavedReason names, for players, why a change was not saved; "" when
// err is not the database refusing writes.
func unsavedReason(err error) string {
	switch {
	case errors.Is(err, storage.ErrDiskFull):
		return "the bot's database has no space left"
	case errors.Is(err, storage.ErrReadOnly):
		return "the bot's database cannot be written right now"
	}
	return ""
}

// unsavedError is a write the database refused, as the command layer
// shows it: logged with an id like an internal error (the operator must
// free space or fix the file), shown to the caller with Notice.
type unsavedError struct {
	err    error
	reason string
}

func (e *unsavedError) Error() string { return e.err.Error() }
func (e *unsavedError) Unwrap() error { return e.err }

// Notice is the caller's message (command.failure's noticer).
func (e *unsavedError) Notice() string {
	return fmt.Sprintf("Not saved: %s. Nothing was changed; try again later, and tell the referee this id if it goes on.", e.reason)
}

// unsaved wraps err as an unsavedError when it is the database refusing
// writes, and returns it unchanged otherwise.
func unsaved(err error) error {
	if r := unsavedReason(err); r != "" {
		return &unsavedError{err: err, reason: r}
	}
	return err
}

// turnFailed tells a campaign that a deadline's turn could not be
// processed (Deadline's error): a notice in the campaign's channel for
// the players and the referee, and the same by DM to the referee (to the
// players too when the campaign has no channel). The turn was one
// transaction, so nothing of it was applied; the next deadline runs it
// (schedule's doc, "Failures"), a restart before then catches it up once,
// and the referee's /campaign advance runs it at once.
func (h deadlines) turnFailed(ctx context.Context, r schedule.Run, cause error) {
	a := h.a
	id, kind := r.Entry.Campaign, r.Entry.Kind
	turn, referee, players, err := whoToTell(ctx, a.db, id)
	if err != nil {
		a.log.Error("campaign of a failed deadline unreadable: nobody told", "campaign", id, "err", err)
		return
	}
	reason := unsavedReason(cause)
	if reason == "" {
		reason = damagedReason(cause)
	}
	if reason == "" {
		reason = "an internal error (logged for the bot's operator)"
	}
	retry := "at the next deadline"
	if next, ok := a.scheduler.Next(id, kind); ok {
		retry = fmt.Sprintf("at the next deadline (%s)", next.UTC().Format("Mon 2 Jan 15:04 MST"))
	}
	text := fmt.Sprintf("⚠ Turn %d's %s (%s) could not be processed: %s. Nothing of it was applied: orders, worksheets and battles are as they were. It will be processed %s, or at once when the referee runs /campaign advance after the problem is fixed.",
		turn, kind, r.Due.UTC().Format(time.RFC822), reason, retry)
	a.tell(ctx, id, referee, players, text)
}

// tell gives text to campaign id's referee by DM and to its players in
// its channel, or by DM when it has none.
func (a *App) tell(ctx context.Context, id int64, referee string, players []string, text string) {
	out := []command.Reply{{To: command.DM, User: referee, Campaign: id, Text: text}}
	if _, bound := a.binds.channel(id); bound {
		out = append(out, command.Reply{To: command.Public, Campaign: id, Text: text})
	} else {
		for _, p := range players {
			out = append(out, command.Reply{To: command.DM, User: p, Campaign: id, Text: text})
		}
	}
	a.deliver(ctx, id, out)
}

// whoToTell returns campaign id's turn, referee and players (side by
// side) from the campaign or, when it cannot be read (a damaged record,
// the turn's failure itself perhaps), from its summary (players by ID).
func whoToTell(ctx context.Context, db storage.Campaigns, id int64) (turn int, referee string, players []string, err error) {
	c, err := db.Get(ctx, id)
	if err == nil {
		for _, s := range c.Sides {
			players = append(players, s.Players...)
		}
		return c.Turn, c.Referee, players, nil
	}
	list, lerr := db.List(ctx)
	if lerr != nil {
		return 0, "", nil, err
	}
	for _, s := range list {
		if s.ID == id {
			return s.Turn, s.Referee, slices.Sorted(maps.Keys(s.Players)), nil
		}
	}
	return 0, "", nil, err
}
