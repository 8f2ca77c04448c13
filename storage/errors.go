package storage

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	bolterrors "go.etcd.io/bbolt/errors"
)

// Errors returned by Open.
var (
	// ErrLocked is returned (wrapped with the path) when another process
	// holds the database file: only one bot may use a file at a time.
	ErrLocked = errors.New("database file is in use by another process")
	// ErrNewerSchema is returned when the file was written by a newer
	// bfbot: this one refuses it rather than guess at its layout.
	ErrNewerSchema = errors.New("database written by a newer bfbot")
	// ErrNeedsMigration is returned when a file of an older schema is
	// opened read-only: migrating it needs a writable open.
	ErrNeedsMigration = errors.New("database needs migrating")
	// ErrNotDatabase is returned for a bbolt file without bfbot's buckets,
	// or a file that is not bbolt at all.
	ErrNotDatabase = errors.New("not a bfbot database")
)

// Errors returned by the campaign operations.
var (
	// ErrNotFound is returned for a campaign ID the file does not hold.
	ErrNotFound = errors.New("no such campaign")
	// ErrNothingToUndo is returned by Undo when no snapshot is left.
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrInvalid is returned (wrapped with the broken invariants) when a
	// campaign to be saved or imported fails campaign.Check: the store
	// never writes a broken campaign.
	ErrInvalid = errors.New("campaign fails its invariants")
	// ErrBadExport is returned by Import for a document that is not a
	// bfbot campaign export, or one of a newer format.
	ErrBadExport = errors.New("not a bfbot campaign export")
)

// Errors returned by any write.
var (
	// ErrReadOnly is returned for a write to a store opened read-only or a
	// file the process may not write.
	ErrReadOnly = errors.New("database is read-only")
	// ErrDiskFull is returned when the file cannot grow (disk full, file
	// size limit, or Options.MaxSize). Nothing of the change was written.
	ErrDiskFull = errors.New("no space left for the database")
)

// RecordError is a record that cannot be decoded, or whose checksum
// (seal.go) does not match: the file is damaged or was written by
// something else. It names the campaign and the key, and what to do.
type RecordError struct {
	Campaign int64
	Key      string
	Err      error
}

func (e *RecordError) Error() string {
	return fmt.Sprintf("campaign %d: record %q is damaged: %v; restore the database from a backup (the newest copy bfbot backup made) and run bfbot check on it", e.Campaign, e.Key, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// DamagedRecords is what Records of every campaign (campaign 0) returns
// with the sound records when some are damaged: each names its campaign
// and record, so the caller can leave those campaigns' damaged records
// out, say which, and go on with the rest.
type DamagedRecords struct {
	Errs []*RecordError
}

func (e *DamagedRecords) Error() string {
	msgs := make([]string, len(e.Errs))
	for i, re := range e.Errs {
		msgs[i] = re.Error()
	}
	return strings.Join(msgs, "; ")
}

// Unwrap gives each *RecordError to errors.Is and errors.As.
func (e *DamagedRecords) Unwrap() []error {
	out := make([]error, len(e.Errs))
	for i, re := range e.Errs {
		out[i] = re
	}
	return out
}

// writeError turns what bbolt and the OS say about a failed write into the
// package's sentinels, keeping the original for the log.
func (s *Store) writeError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bolterrors.ErrDatabaseReadOnly), errors.Is(err, syscall.EROFS),
		errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM), errors.Is(err, syscall.EBADF):
		return fmt.Errorf("%s: %w (open it writable, or check the file's permissions): %v", s.path, ErrReadOnly, err)
	case errors.Is(err, bolterrors.ErrMaxSizeReached), errors.Is(err, syscall.ENOSPC),
		errors.Is(err, syscall.EFBIG), errors.Is(err, syscall.EDQUOT):
		return fmt.Errorf("%s: %w; the change was not saved (free some space and try again): %v", s.path, ErrDiskFull, err)
	}
	return err
}
