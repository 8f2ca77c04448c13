package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"bfbot/campaign"
)

// Defaults of Options.
const (
	// DefaultSnapshots is config's default undo_snapshots.
	DefaultSnapshots = 20
	// DefaultTimeout is how long Open waits for another process to let
	// go of the file before it gives up.
	DefaultTimeout = time.Second
)

// Options tune Open. The zero value is usable.
type Options struct {
	// Snapshots is how many undo snapshots to keep per campaign (config
	// undo_snapshots); 0 means DefaultSnapshots.
	Snapshots int
	// Timeout is how long to wait for the file lock; 0 means
	// DefaultTimeout. A negative value waits forever.
	Timeout time.Duration
	// ReadOnly opens the file for reading (bfbot check, export). Any write
	// returns ErrReadOnly. A read-only open shares the file with other
	// readers but not with a bot.
	ReadOnly bool
	// MaxSize caps the file's size in bytes (0: no cap); a change that
	// would grow it further fails with ErrDiskFull and writes nothing.
	MaxSize int
	// Verify reads the whole file in a child process before opening it
	// (Verify): a damaged file is refused with a *DamageError instead of
	// crashing the process at the first request that reaches the damage,
	// and one with a damaged meta page with a *MetaDamageError. Every
	// program that serves from a file sets it.
	Verify bool
	// AcceptDamagedMeta opens a file Verify finds one meta page of
	// damaged (a *MetaDamageError) at the transaction the other holds,
	// rather than refusing it: the operator's choice (ruling SG3).
	// DamagedMeta then says what was accepted.
	AcceptDamagedMeta bool
}

// Store is the bbolt implementation of Campaigns. It is safe for
// concurrent use: bbolt runs one writer at a time and readers alongside.
type Store struct {
	db        *bolt.DB
	path      string
	snapshots int
	readOnly  bool
	cache     cache
	// spareDoc is the document of the revision before the last change's,
	// which that change took out of the cache and no one holds since: the
	// next change encodes its document into it rather than into 40 KB
	// allocated afresh (a sixth of what a command allocates). Only a
	// change, inside bbolt's one write transaction, touches it.
	spareDoc []byte
	// spareRecord is the newest revision's record the last change built
	// and bbolt wrote: the next change builds its record in it (10 KB).
	spareRecord []byte
	// base is what each change starts from (partsBase), its lists kept
	// for the next change rather than allocated afresh.
	base partsBase
	// checker checks each change (campaign.Checker), its maps kept.
	checker campaign.Checker
	fault   writeFault // test-only (faults.go)
	// damagedMeta is the damaged meta page Open accepted, if any.
	damagedMeta *MetaDamageError
	// migratedFrom is the schema Open migrated the file from (0: none).
	migratedFrom uint64
}

// Open opens (creating if need be) the database file at path, migrating
// an older schema. It fails fast with ErrLocked if another process holds
// the file, and with ErrNewerSchema if a newer bfbot wrote it.
func Open(path string, opts Options) (*Store, error) {
	if opts.Snapshots == 0 {
		opts.Snapshots = DefaultSnapshots
	}
	if opts.Snapshots < 0 {
		return nil, fmt.Errorf("storage: %d undo snapshots: keep at least 1", opts.Snapshots)
	}
	timeout := opts.Timeout
	switch {
	case timeout == 0:
		timeout = DefaultTimeout
	case timeout < 0:
		timeout = 0 // bbolt: wait forever
	}
	if opts.ReadOnly {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, fmt.Errorf("storage: %w", err)
		}
		// bbolt would start a new database in an empty file, which a
		// read-only open cannot write ("bad file descriptor").
		if fi.Size() == 0 {
			return nil, fmt.Errorf("storage: %s: %w: the file is empty (0 bytes): name the bot's database (its database_path), or restore this one from a backup", path, ErrNotDatabase)
		}
	}
	var damagedMeta *MetaDamageError
	if opts.Verify {
		err := Verify(context.Background(), path)
		if errors.As(err, &damagedMeta) && opts.AcceptDamagedMeta {
			err = nil
		}
		if err != nil {
			return nil, fmt.Errorf("storage: %w", err)
		}
	}
	bo := BoltOptions()
	bo.Timeout, bo.ReadOnly, bo.MaxSize = timeout, opts.ReadOnly, opts.MaxSize
	db, err := bolt.Open(path, 0o600, bo)
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return nil, fmt.Errorf("storage: %s: %w: only one bot may use a database file at a time; stop the other bfbot or give this one another --db file", path, ErrLocked)
	case errors.Is(err, bolterrors.ErrInvalid), errors.Is(err, bolterrors.ErrChecksum), errors.Is(err, bolterrors.ErrVersionMismatch),
		err != nil && otherFile(path):
		return nil, fmt.Errorf("storage: %s: %w: %v%s", path, ErrNotDatabase, err, notDatabaseHint(path))
	case err != nil:
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	s := &Store{db: db, path: path, snapshots: opts.Snapshots, readOnly: opts.ReadOnly, damagedMeta: damagedMeta}
	if err := s.openSchema(); err != nil {
		db.Close()
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	return s, nil
}

// otherFile says whether the file at path holds something, and not a
// bbolt file: bbolt then fails on it with errors of its own ("file size
// too small"), where a file it cannot open at all is another matter.
func otherFile(path string) bool {
	magic, read := readMagic(path)
	return read && !magic
}

// notDatabaseHint says what to do with a file at path that is not a
// database: load a campaign export (JSON) with bfbot import, else name
// the bot's own file.
func notDatabaseHint(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var b [512]byte
	n, _ := f.Read(b[:])
	if t := bytes.TrimLeft(b[:n], " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return fmt.Sprintf(": it is JSON, a campaign export perhaps: load one with bfbot import %s", path)
	}
	return ": name the bot's database file (its database_path), or restore it from a backup"
}

// BoltOptions are the bbolt options Open gives every file, before its
// Options: the floor the benchmarks measure a round trip against is a
// bare bbolt file opened with them.
//
// The freelist is not written with each commit (NoFreelistSync): a
// commit then writes one page fewer, and opening the file rebuilds the
// list of free pages from the pages the newest meta page reaches, so a
// crash loses nothing (etcd runs its bbolt so, and TestCrash kills the
// process mid-commit). A bfbot that writes the freelist opens such a
// file and writes it again.
//
// The freelist is bbolt's array, which gives the lowest free pages
// first: a change's pages (a campaign's leaf, its revisions' leaf, the
// new revision with its overflow, the log's chunk) then lie more often
// side by side, runs the kernel writes together, where the hashmap
// freelist scattered them; each run is a request of its own that the
// commit's fdatasync waits for (strace of the console benchmark: the 6
// page writes of a command's commit fall in 3.5 runs on average, 4.7
// with the hashmap freelist). Its cost grows with the free pages it scans,
// and a file whose changes reuse the pages the change before freed keeps
// few: 2,000 campaigns changed three times each leave 4 free pages.
func BoltOptions() *bolt.Options {
	return &bolt.Options{NoFreelistSync: true, FreelistType: bolt.FreelistArrayType}
}

// DamagedMeta is the damaged meta page Open accepted
// (Options.AcceptDamagedMeta), or nil: a program says so in its log.
func (s *Store) DamagedMeta() *MetaDamageError { return s.damagedMeta }

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

// Close closes the file; the Store is unusable after.
func (s *Store) Close() error { return s.db.Close() }

// view runs fn in a read transaction.
func (s *Store) view(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.View(fn)
}

// update runs fn in one write transaction; an error from fn rolls back
// everything it did.
func (s *Store) update(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.readOnly {
		return s.writeError(bolterrors.ErrDatabaseReadOnly)
	}
	return s.writeError(s.db.Update(s.withFault(fn)))
}
