package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"bfbot/config"
	"bfbot/storage"
)

// runMigrateStore is `bfbot migrate-store --to etcd|bbolt [--db FILE] [--accept-damaged-meta]`:
// every campaign, with its undo snapshots, schedule entries, bindings and
// markers, copied from the bbolt file (--db, else database_path) into the
// configured etcd prefix, or from the etcd prefix into a new file. The
// target must hold no campaigns; no bot may run on either meanwhile (the
// file is locked by its bot; on etcd, stop every process first).
func (m *Main) runMigrateStore(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate-store", flag.ContinueOnError)
	to := fs.String("to", "", `where to copy the campaigns: "etcd" (from the file) or "bbolt" (from etcd into a new file)`)
	sf := m.addStoreFlags(fs)
	acceptMeta := acceptMetaFlag(fs)
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("migrate-store takes no arguments (got %q); name the file with --db", pos[0])
	}
	if *to != config.StoreEtcd && *to != config.StoreBbolt {
		return usagef(`migrate-store: --to %q: say --to etcd (the file into etcd) or --to bbolt (etcd into a new file)`, *to)
	}
	cfg, err := config.Load(*sf.config, m.Environ)
	if err != nil {
		return fmt.Errorf("migrate-store: %w", err)
	}
	if len(cfg.Endpoints()) == 0 {
		return fmt.Errorf("migrate-store: etcd_endpoints is not set: set BFBOT_ETCD_ENDPOINTS (and etcd_prefix, the TLS files and credentials as the bot will use them)")
	}
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("migrate-store: %w", err)
	}
	path := dbPath(cfg, *sf.db)
	eo, err := storage.EtcdOptionsOf(cfg)
	if err != nil {
		return fmt.Errorf("migrate-store: %w", err)
	}
	if *to == config.StoreBbolt {
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("migrate-store: %s exists: name a new file with --db (the copy never writes over a database)", path)
		}
	}
	etcd, err := storage.OpenEtcd(eo, storage.Options{Snapshots: config.MaxUndoSnapshots, ReadOnly: *to == config.StoreBbolt})
	if err != nil {
		return fmt.Errorf("migrate-store: %w", err)
	}
	defer etcd.Close()
	// A file with a damaged meta page is copied into etcd only with
	// --accept-damaged-meta, as backup copies it (copyOfDamagedMeta).
	readOnly := *to == config.StoreEtcd
	file, err := storage.Open(path, storage.Options{Snapshots: config.MaxUndoSnapshots, ReadOnly: readOnly, Verify: true, AcceptDamagedMeta: readOnly})
	if err != nil {
		return fmt.Errorf("migrate-store: %w", err)
	}
	if err := m.copyOfDamagedMeta(file, *acceptMeta); err != nil {
		file.Close()
		return fmt.Errorf("migrate-store: %w", err)
	}
	var from, into storage.Campaigns = file, etcd
	fromName, intoName := path, etcd.String()
	if *to == config.StoreBbolt {
		from, into, fromName, intoName = etcd, file, intoName, fromName
	}
	n, err := storage.CopyAll(ctx, from, into)
	file.Close()
	if err != nil {
		if *to == config.StoreBbolt {
			os.Remove(path)
		}
		return fmt.Errorf("migrate-store: from %s into %s: %w", fromName, intoName, err)
	}
	fmt.Fprintf(m.Stdout, "migrate-store: copied %d campaigns from %s into %s\n", n, fromName, intoName)
	return nil
}
