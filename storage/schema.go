package storage

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the layout this bfbot writes (doc.go). Files of an
// older schema migrate on open; newer ones are refused.
const SchemaVersion = 12

// openSchema creates the buckets of a new file, migrates an older one,
// and refuses a newer one or a file that is not bfbot's.
func (s *Store) openSchema() error {
	var version uint64
	var empty bool
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		version, empty, err = readSchema(tx)
		return err
	})
	switch {
	case err != nil:
		return err
	case version > SchemaVersion:
		return fmt.Errorf("%w (schema %d; this bfbot reads schema %d and older): upgrade bfbot, or restore a backup made by this version",
			ErrNewerSchema, version, SchemaVersion)
	case version == SchemaVersion:
		return nil
	case s.readOnly && empty:
		return fmt.Errorf("%w: the file holds no bfbot data", ErrNotDatabase)
	case s.readOnly:
		return fmt.Errorf("%w from schema %d to %d, which a program that writes to it does as it opens it: bfbot serve, or bfbot console --db %s </dev/null; copy the file first if an older bfbot must still read it", ErrNeedsMigration, version, SchemaVersion, s.path)
	}
	err = s.writeError(s.db.Update(func(tx *bolt.Tx) error {
		if empty {
			return createSchema(tx)
		}
		return migrate(tx, version)
	}))
	if err == nil && !empty {
		s.migratedFrom = version
	}
	return err
}

// MigratedFrom is the schema of the file Open migrated to SchemaVersion,
// or 0 when it migrated nothing: a program says so, as an older bfbot
// can no longer read the file.
func (s *Store) MigratedFrom() uint64 { return s.migratedFrom }

// readSchema returns the file's schema version; empty reports a file with
// no buckets at all (just created).
func readSchema(tx *bolt.Tx) (version uint64, empty bool, err error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		empty = true
		_ = tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
		if empty {
			return 0, true, nil
		}
		return 0, false, fmt.Errorf("%w: it has no meta bucket", ErrNotDatabase)
	}
	if v := meta.Get(keySchema); v != nil {
		if len(v) != 8 {
			return 0, false, fmt.Errorf("%w: meta schema record of %d bytes, want 8", ErrNotDatabase, len(v))
		}
		return binary.BigEndian.Uint64(v), false, nil
	}
	if string(meta.Get(keyV1Version)) == "1" {
		return 1, false, nil
	}
	return 0, false, fmt.Errorf("%w: meta bucket has no schema version", ErrNotDatabase)
}

// createSchema makes the buckets of a new file.
func createSchema(tx *bolt.Tx) error {
	meta, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return err
	}
	for _, b := range [][]byte{bucketCampaigns, bucketIndex} {
		if _, err := tx.CreateBucketIfNotExists(b); err != nil {
			return err
		}
	}
	return meta.Put(keySchema, itob(SchemaVersion))
}
