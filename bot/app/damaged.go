package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"

	"bfbot/storage"
)

// A campaign one of whose stored records is damaged (storage.RecordError:
// its bytes changed after they were written, bfbot check names it) is
// refused by the store at every read and change, and stays as it is
// until the operator restores the database. The caller is told so in
// words he can act on, not as an internal error; the record and the
// file's path go only to the log, with the id, for the operator.

// damagedError is a damaged record as the command layer shows it.
type damagedError struct{ err error }

func (e *damagedError) Error() string { return e.err.Error() }
func (e *damagedError) Unwrap() error { return e.err }

// Notice is the caller's message (command.failure's noticer).
func (e *damagedError) Notice() string {
	return "This campaign's saved data is damaged, so the bot will not read it, and nothing was changed. The bot's operator must restore the database from a backup: tell them this id."
}

// damaged wraps err as a damagedError when it is a damaged record, and
// returns it unchanged otherwise.
func damaged(err error) error {
	if damagedReason(err) != "" {
		return &damagedError{err}
	}
	return err
}

// damagedText is what players are told of a damaged record.
const damagedText = "the campaign's saved data is damaged"

// damagedReason names, for players, why a turn could not be processed
// when err is a damaged record (turnFailed); "" when it is not.
func damagedReason(err error) string {
	var re *storage.RecordError
	if errors.As(err, &re) {
		return damagedText + ", and the bot's operator must restore the database from a backup"
	}
	return ""
}

// damagedSet is the campaigns a damaged record was found in as the bot
// started (or, on a shared store, which reads the schedules again at
// every sync: shared.go, since), each with the first such record: the
// store refuses their commands (Store.refused) as it refuses a campaign
// whose own data is damaged, though the record itself is read only then.
type damagedSet struct {
	mu sync.Mutex
	m  map[int64]error
	// said is what was logged or told already: each damaged record is
	// logged, and its campaign told, once, not at every sync.
	said map[string]bool
}

func newDamagedSet() *damagedSet { return &damagedSet{m: map[int64]error{}, said: map[string]bool{}} }

// first says whether what is said for the first time, and notes it.
func (d *damagedSet) first(what string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.said[what] {
		return false
	}
	d.said[what] = true
	return true
}

// add keeps re's campaign's first damaged record (none for campaign 0,
// a key no campaign can be told of).
func (d *damagedSet) add(re *storage.RecordError) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.m[re.Campaign]; !ok && re.Campaign != 0 {
		d.m[re.Campaign] = re
	}
}

// err is campaign id's damaged record as a damagedError, nil when it
// has none (also for a nil set).
func (d *damagedSet) err(id int64) error {
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if re := d.m[id]; re != nil {
		return &damagedError{re}
	}
	return nil
}

// ids lists the campaigns, in order.
func (d *damagedSet) ids() []int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]int64, 0, len(d.m))
	for id := range d.m {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// everyRecord lists every campaign's records of one kind as the bot
// reads them when it starts: a damaged record is logged, left out, and
// added to damaged, so one campaign's damage does not stop the others
// being served (ruling SG3).
func everyRecord(ctx context.Context, db storage.Campaigns, kind storage.RecordKind, log *slog.Logger, damaged *damagedSet) ([]storage.Record, error) {
	recs, err := db.Records(ctx, 0, kind)
	var dr *storage.DamagedRecords
	if !errors.As(err, &dr) {
		return recs, err
	}
	for _, re := range dr.Errs {
		if damaged.first(fmt.Sprintf("record %d %s", re.Campaign, re.Key)) {
			log.Error("damaged record left out: restore the database from a backup", "campaign", re.Campaign, "record", re.Key, "err", re.Err)
		}
		damaged.add(re)
	}
	return recs, nil
}

// tellDamaged tells the referee and the players (in the channel, or by
// DM when the campaign has none) of each campaign a damaged record was
// found in, as the bot started or at a shared store's sync, once: on a
// shared store, the process that runs the campaign tells.
func (a *App) tellDamaged(ctx context.Context) {
	for _, id := range a.damaged.ids() {
		if !a.runsHere(id) || !a.damaged.first(fmt.Sprint("told ", id)) {
			continue
		}
		_, referee, players, err := whoToTell(ctx, a.db, id)
		if err != nil {
			a.log.Error("campaign with a damaged record unreadable: nobody told", "campaign", id, "err", err)
			continue
		}
		a.tell(ctx, id, referee, players, fmt.Sprintf("⚠ Campaign %d: %s, so the bot will not read or change the campaign. The bot's operator must restore the database from a backup: tell them this id.", id, damagedText))
	}
}
