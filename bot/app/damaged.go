package app

import (
	"errors"

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

// damagedReason names, for players, why a turn could not be processed
// when err is a damaged record (turnFailed); "" when it is not.
func damagedReason(err error) string {
	var re *storage.RecordError
	if errors.As(err, &re) {
		return "the campaign's saved data is damaged, and the bot's operator must restore the database from a backup"
	}
	return ""
}
