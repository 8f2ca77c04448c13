package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"bfbot/bot/admin"
	"bfbot/campaign"
	"bfbot/config"
	"bfbot/storage"
)

// storeFlags are the flags that say which database a tool works on: the
// bot's config file, as serve takes it, and a file that overrides it.
type storeFlags struct{ config, db *string }

// addStoreFlags adds --config and --db to a database tool's flags.
func (m *Main) addStoreFlags(fs *flag.FlagSet) storeFlags {
	return storeFlags{
		config: m.configFlag(fs),
		db:     fs.String("db", "", "database file (default: database_path from the config, then bfbot.db)"),
	}
}

// configFlag adds --config, the bot's TOML file, to a command's flags.
func (m *Main) configFlag(fs *flag.FlagSet) *string {
	return fs.String("config", m.getenv(config.EnvConfigFile), "TOML config file (default $BFBOT_CONFIG; BFBOT_* variables override it)")
}

// acceptMetaFlag adds --accept-damaged-meta to the flags of a program
// that writes to a database file or copies one.
func acceptMetaFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("accept-damaged-meta", false, "open a database file one of whose two meta pages is damaged at the transaction the other holds, though its last change may be lost (ruling SG3)")
}

// openDB opens the database a tool works on: --db, else the configured
// store (the --config file and BFBOT_* environment): the etcd prefix
// when store is "etcd", else the file at database_path (bfbot.db). It
// returns the store and its name for messages. A file with a damaged
// meta page is opened read-only, which writes nothing over what is
// left of its last change, and for writing only when acceptMeta says so
// (ruling SG3); the tool says what it accepted (damagedMeta).
func (m *Main) openDB(sf storeFlags, readOnly, acceptMeta bool) (storage.Engine, string, error) {
	cfg, err := m.storeConfig(sf)
	if err != nil {
		return nil, "", err
	}
	// A tool only reads snapshots; it bounds them loosely so a lowered
	// undo_snapshots is not reported as damage before the bot trims them.
	opts := storage.Options{ReadOnly: readOnly, Snapshots: config.MaxUndoSnapshots, Verify: true, AcceptDamagedMeta: readOnly || acceptMeta}
	if *sf.db == "" && cfg.Store == config.StoreEtcd {
		s, err := storage.OpenConfigured(cfg, opts)
		if err != nil {
			return nil, "", err
		}
		return s, s.(*storage.EtcdStore).String(), nil
	}
	path := dbPath(cfg, *sf.db)
	// Verify: a damaged file is refused (storage.DamageError), never read
	// by this process, which it could crash.
	s, err := storage.Open(path, opts)
	switch {
	case errors.Is(err, storage.ErrLocked) && readOnly:
		return nil, "", fmt.Errorf("%s is held by a running bot (%w): read a copy the bot makes, bfbot backup COPY.db --db %s, then --db COPY.db", path, storage.ErrLocked, path)
	case errors.Is(err, storage.ErrLocked):
		return nil, "", fmt.Errorf("%s is held by a running bot (%w): stop it first", path, storage.ErrLocked)
	}
	if readOnly && errors.Is(err, fs.ErrNotExist) {
		// A tool that only reads makes no file: most likely it looked
		// in the wrong place (bfbot.db in the working directory).
		return nil, "", fmt.Errorf("%s: no such database file: name the bot's database with --db FILE (its database_path), or its config file with --config FILE", path)
	}
	if err != nil {
		return nil, "", err
	}
	return s, path, nil
}

// damagedMeta is the damaged meta page the store was opened with
// (storage.Options.AcceptDamagedMeta), or nil.
func damagedMeta(s storage.Engine) *storage.MetaDamageError {
	if f, ok := s.(*storage.Store); ok {
		return f.DamagedMeta()
	}
	return nil
}

// copyOfDamagedMeta refuses to copy a file with a damaged meta page
// (backup, migrate-store --to etcd) unless accept (--accept-damaged-meta):
// the copy would be one transaction short yet look sound, and could
// replace a good backup (ruling SG3). Accepted, it warns.
func (m *Main) copyOfDamagedMeta(s storage.Engine, accept bool) error {
	md := damagedMeta(s)
	if md != nil && !accept {
		return md
	}
	m.warnDamagedMeta(s)
	return nil
}

// noteMigrated tells a tool's user that opening the file migrated it
// from an older schema, which an older bfbot can then no longer read.
func (m *Main) noteMigrated(s storage.Engine) {
	if f, ok := s.(*storage.Store); ok && f.MigratedFrom() != 0 {
		fmt.Fprintf(m.Stderr, "bfbot: %s: migrated from schema %d to %d: an older bfbot can no longer read it\n", f.Path(), f.MigratedFrom(), storage.SchemaVersion)
	}
}

// warnDamagedMeta tells a tool's user that the file it read or changed
// had a damaged meta page, and so was read at the transaction before
// its newest.
func (m *Main) warnDamagedMeta(s storage.Engine) {
	if md := damagedMeta(s); md != nil {
		fmt.Fprintf(m.Stderr, "warning: %v\n", md)
	}
}

// storeConfig is the configuration a database tool reads (the --config
// file and the BFBOT_* environment), its store keys checked unless --db
// names the file to work on: then the configured store is not read, and
// a setting of it (a certificate on another machine) must not refuse the
// file.
func (m *Main) storeConfig(sf storeFlags) (config.Config, error) {
	cfg, err := config.Load(*sf.config, m.Environ)
	if err == nil && *sf.db == "" {
		err = cfg.ValidateStore()
	}
	return cfg, err
}

// dbPath is the database file a tool works on: --db, else database_path
// from the config, else bfbot.db.
func dbPath(cfg config.Config, db string) string {
	if db == "" {
		db = cfg.DatabasePath
	}
	if db == "" {
		db = "bfbot.db"
	}
	return db
}

// runCheck is `bfbot check [--db FILE]`: every broken invariant of the
// file, or "ok". It opens the file read-only, so it cannot run beside the
// bot that holds it. bbolt's page checks run first in a child process
// (storage.Verify), so a file damaged badly enough to crash bbolt is
// reported as damaged, with how the check died, instead of crashing
// bfbot check.
func (m *Main) runCheck(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	sf := m.addStoreFlags(fs)
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("check takes no arguments (got %q); name the file with --db", pos[0])
	}
	s, name, err := m.openDB(sf, true, false)
	var damaged *storage.DamageError
	if errors.As(err, &damaged) {
		// storage.Verify walked the pages and ran bbolt's check in a child
		// process: this one reports what they found, or how the child
		// died, and reads no further.
		for _, p := range damaged.Problems {
			fmt.Fprintf(m.Stdout, "%s: %s\n", damaged.Path, p)
		}
		if damaged.Crash != "" {
			fmt.Fprintf(m.Stdout, "%s: the file is damaged: bbolt's consistency check crashed on it: %s\n", damaged.Path, damaged.Crash)
		}
		found := fmt.Sprintf("%d problems found", len(damaged.Problems))
		if len(damaged.Problems) == 1 {
			found = "1 problem found"
		}
		if damaged.Crash != "" {
			found += ", and the check crashed"
		}
		return fmt.Errorf("check: %s: the file is damaged (%s): restore it from a backup; the campaigns in it cannot be read safely", damaged.Path, found)
	}
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	defer s.Close()
	errs := s.Check(ctx)
	problems := len(errs)
	if md := damagedMeta(s); md != nil {
		// Read-only, the check reads the file at the transaction the
		// sound meta page holds, and writes nothing.
		fmt.Fprintln(m.Stdout, md.Checked())
		problems++
	}
	for _, err := range errs {
		fmt.Fprintf(m.Stdout, "%s: %v\n", name, err)
	}
	if problems > 0 {
		return fmt.Errorf("check: %s: %d problems", name, problems)
	}
	list, err := s.List(ctx)
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	fmt.Fprintf(m.Stdout, "%s: ok, schema %d, %d campaigns\n", name, storage.SchemaVersion, len(list))
	return nil
}

// runBackup is `bfbot backup FILE [--db FILE] [--accept-damaged-meta]`: a
// consistent copy of the database, mode 0600. It writes a new temporary file beside FILE and
// renames it, so FILE is never half a copy. A running bot holds its file (storage.ErrLocked): then the copy
// comes from the bot through its control socket (package admin,
// admin.SocketPath of the file).
func (m *Main) runBackup(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	sf := m.addStoreFlags(fs)
	acceptMeta := acceptMetaFlag(fs)
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] == "" {
		return usagef("backup: name one file to write the copy to (bfbot backup FILE [--db FILE])")
	}
	cfg, err := m.storeConfig(sf)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if *sf.db == "" && cfg.Store == config.StoreEtcd {
		return m.backupEtcd(ctx, sf, pos[0])
	}
	path := dbPath(cfg, *sf.db)
	if sameFile(pos[0], path) {
		return usagef("backup: %s is the database itself: name another file", pos[0])
	}
	s, _, err := m.openDB(storeFlags{config: sf.config, db: &path}, true, false)
	if errors.Is(err, storage.ErrLocked) {
		sock := admin.SocketPath(path)
		n, err := writeCopy(pos[0], func(w io.Writer) (int64, error) { return admin.Backup(ctx, sock, w) })
		switch {
		case errors.Is(err, admin.ErrNoServer):
			return fmt.Errorf("backup: %s is held by a running bot (it is locked) and no control socket answers at %s: stop the bot to back up the file directly", path, sock)
		case err != nil:
			return fmt.Errorf("backup: %s is held by a running bot; through its control socket: %w", path, err)
		}
		fmt.Fprintf(m.Stdout, "backup: wrote %d bytes of %s to %s through the running bot's control socket %s\n", n, path, pos[0], sock)
		return nil
	}
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer s.Close()
	if err := m.copyOfDamagedMeta(s, *acceptMeta); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	n, err := writeCopy(pos[0], func(w io.Writer) (int64, error) { return s.Backup(ctx, w) })
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(m.Stdout, "backup: wrote %d bytes of %s to %s\n", n, path, pos[0])
	return nil
}

// backupEtcd copies the configured etcd prefix, as it is at one etcd
// revision, into a bbolt file at dst (storage.EtcdStore.Backup): the
// processes go on serving meanwhile.
func (m *Main) backupEtcd(ctx context.Context, sf storeFlags, dst string) error {
	s, name, err := m.openDB(sf, true, false)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer s.Close()
	n, err := writeCopy(dst, func(w io.Writer) (int64, error) { return s.Backup(ctx, w) })
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(m.Stdout, "backup: wrote %d bytes of %s to %s\n", n, name, dst)
	return nil
}

// writeCopy writes dst (a new file, an empty one or a database, such as
// an older copy) through copyTo into a new temporary file beside it,
// syncs it and renames it into place; on failure it removes the temporary
// file and dst is untouched. The temporary file is created exclusively
// (O_EXCL, a random name) with mode 0600, so a file already lying there,
// such as a FILE.tmp of loose mode or a link planted by someone else, is
// never written through; the copy holds every side's secrets, and ends
// up 0600 at dst.
func writeCopy(dst string, copyTo func(io.Writer) (int64, error)) (int64, error) {
	// An older copy is replaced; any other file is kept (bfbot backup
	// bfbot.toml, a name completed wrong).
	if fi, err := os.Stat(dst); err == nil && (!fi.Mode().IsRegular() || fi.Size() > 0 && !storage.LooksLikeDatabase(dst)) {
		return 0, fmt.Errorf("%s exists and is not a bfbot database: name a new file, or an older copy to replace", dst)
	}
	f, err := os.CreateTemp(filepath.Dir(dst), filepath.Base(dst)+".*.tmp")
	if err != nil {
		return 0, err
	}
	tmp := f.Name()
	n, err := copyTo(f)
	if err == nil {
		err = f.Chmod(0o600) // CreateTemp's mode already; said for the reader
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, err
	}
	return n, nil
}

// runExport is `bfbot export --campaign ID [--db FILE]`: the campaign as
// JSON on standard output.
func (m *Main) runExport(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	sf := m.addStoreFlags(fs)
	id := fs.String("campaign", "", "the campaign's ID (a number from 1)")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("export takes no arguments (got %q); say which campaign with --campaign ID", pos[0])
	}
	n, err := strconv.ParseInt(*id, 10, 64)
	if *id == "" || err != nil || n < 1 {
		return usagef("export: --campaign %q: give the campaign's ID, a number from 1", *id)
	}
	s, name, err := m.openDB(sf, true, false)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer s.Close()
	m.warnDamagedMeta(s)
	doc, err := s.Export(ctx, n)
	if err != nil {
		return fmt.Errorf("export: %s: %w", name, err)
	}
	_, err = m.Stdout.Write(doc)
	return err
}

// runImport is `bfbot import FILE [--db FILE]`: loads an exported
// campaign under the next free ID (creating the database if need be).
func (m *Main) runImport(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	sf := m.addStoreFlags(fs)
	acceptMeta := acceptMetaFlag(fs)
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("import: name one exported campaign file (bfbot import FILE [--db FILE])")
	}
	doc, err := readLimited(pos[0], storage.MaxImportBytes)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	// The document is checked before the database is opened, which makes
	// the file when there is none: a document that is no export leaves
	// nothing behind.
	c, err := storage.ReadExport(doc)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	s, name, err := m.openDB(sf, false, *acceptMeta)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer s.Close()
	m.warnDamagedMeta(s)
	m.noteMigrated(s)
	if err := importPlaceFree(ctx, s, c); err != nil {
		return fmt.Errorf("import: %s: %w", pos[0], err)
	}
	id, err := s.Import(ctx, doc)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	fmt.Fprintf(m.Stdout, "import: %s is campaign %d in %s\n", pos[0], id, name)
	return nil
}

// importPlaceFree refuses a running campaign whose channel holds a
// running campaign already, as /campaign create is refused there (ruling
// CH2): the two would run their deadlines side by side, and every
// command in the channel would have to name one. The same export
// imported twice is the likely cause.
func importPlaceFree(ctx context.Context, s storage.Engine, c *campaign.Campaign) error {
	if c.Phase == campaign.PhaseOver || c.Channel == "" {
		return nil
	}
	list, err := s.Find(ctx, storage.ByChannel, c.Channel)
	if err != nil {
		return err
	}
	for _, sum := range list {
		if sum.Phase != campaign.PhaseOver && sum.Guild == c.Guild {
			return fmt.Errorf("campaign #%d “%s” is running in its channel already: two campaigns running in one channel would both run their deadlines, and every command there would have to name one. If #%d is this campaign, it is imported already; else its referee ends it first with /campaign end, or import into another database", sum.ID, sum.Name, sum.ID)
		}
	}
	return nil
}

// readLimited reads a file, refusing one larger than max bytes before
// reading it whole.
func readLimited(path string, max int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > max {
		return nil, fmt.Errorf("%s is larger than %d MiB: not a campaign export", path, max>>20)
	}
	return data, nil
}
