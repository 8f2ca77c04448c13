package storage

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/referee/dice"
)

var stoUpdate = flag.Bool("update", false, "rewrite testdata/v1.db, the schema 1 fixture, before TestMigrateV1 reads it")

// stoV1Campaigns are the fixture's campaigns: IDs 1 and 3 (2 was deleted,
// so the migrated ID sequence must continue after 3), with their seeds.
var stoV1Campaigns = map[int64]uint64{1: 11, 3: 33}

// writeV1Fixture writes testdata/v1.db in the schema 1 layout (see
// doc.go): campaigns/<decimal ID> → {"campaign":…,"seed":N},
// meta/"version" = "1". TestMigrateV1 calls it under -update.
func writeV1Fixture(t *testing.T) {
	path := filepath.Join("testdata", "v1.db")
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	stoBolt(t, path, func(tx *bolt.Tx) error {
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		if err := meta.Put(keyV1Version, []byte("1")); err != nil {
			return err
		}
		cs, err := tx.CreateBucket(bucketCampaigns)
		if err != nil {
			return err
		}
		for id, seed := range stoV1Campaigns {
			c := stoNewCampaign(t)
			c.ID = id
			doc, err := json.Marshal(c)
			if err != nil {
				return err
			}
			rec, err := json.Marshal(v1Campaign{Campaign: doc, Seed: seed})
			if err != nil {
				return err
			}
			if err := cs.Put([]byte(strconv.FormatInt(id, 10)), rec); err != nil {
				return err
			}
		}
		return nil
	})
}

// Ensure a schema 1 file migrates on open: campaigns keep their IDs and
// contents, dice restart from their seeds, the ID sequence continues after
// the highest, and a read-only open asks for a writable one first.
func TestMigrateV1(t *testing.T) {
	ctx := context.Background()
	if *stoUpdate {
		writeV1Fixture(t)
	}
	fixture, err := os.ReadFile(filepath.Join("testdata", "v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "bfbot.db")
	if err := os.WriteFile(path, fixture, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Run("ErrNeedsMigration", func(t *testing.T) {
		if _, err := Open(path, Options{ReadOnly: true}); !errors.Is(err, ErrNeedsMigration) {
			t.Errorf("read-only Open of a schema 1 file = %v, want ErrNeedsMigration", err)
		}
	})
	s := stoOpenNoCheck(t, path, Options{})
	stoMustCheck(t, s)
	list, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != len(stoV1Campaigns) {
		t.Fatalf("migrated %d campaigns, want %d", len(list), len(stoV1Campaigns))
	}
	for _, sum := range list {
		seed, ok := stoV1Campaigns[sum.ID]
		if !ok {
			t.Errorf("campaign %d was not in the fixture", sum.ID)
			continue
		}
		c, err := s.Get(ctx, sum.ID)
		if err != nil {
			t.Fatal(err)
		}
		if c.Name != "storage test" || c.Turn != 1 || len(c.Sides) != 2 || len(c.Sides[0].Players) != 1 {
			t.Errorf("campaign %d: %q turn %d, %d sides: not the fixture's", c.ID, c.Name, c.Turn, len(c.Sides))
		}
		_, d, rev, _ := stoState(t, s, sum.ID)
		want, _ := dice.NewSeeded(seed).MarshalBinary()
		if string(d) != string(want) || rev != 1 {
			t.Errorf("campaign %d: dice state or revision %d not as migrated from seed %d", c.ID, rev, seed)
		}
	}
	id := stoCreate(t, s, 1)
	if id != 4 {
		t.Errorf("first new campaign after migration got ID %d, want 4", id)
	}
	s.Close()
	again := stoOpenNoCheck(t, path, Options{ReadOnly: true})
	stoMustCheck(t, again)
}

// prfToSchema2 rewrites a closed store's file in the schema 2 layout: each
// revision's record as the value revisions/<rev>, and schema version 2.
func prfToSchema2(tb *testing.T, path string) {
	tb.Helper()
	stoBolt(tb, path, func(tx *bolt.Tx) error {
		err := tx.Bucket(bucketCampaigns).ForEachBucket(func(id []byte) error {
			rb := tx.Bucket(bucketCampaigns).Bucket(id).Bucket(bucketRevisions)
			var keys, values [][]byte
			if err := rb.ForEachBucket(func(k []byte) error {
				keys = append(keys, append([]byte{}, k...))
				values = append(values, append([]byte{}, rb.Bucket(k).Get(keyRecord)...))
				return nil
			}); err != nil {
				return err
			}
			for i, k := range keys {
				if err := rb.DeleteBucket(k); err != nil {
					return err
				}
				if err := rb.Put(k, values[i]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keySchema, itob(2))
	})
}

// Ensure a schema 2 file (revision records as values) migrates on open to
// a revision bucket each: every revision, dice state and event is kept
// byte for byte, undo still steps back through the snapshots, and a
// read-only open asks for a writable one first.
func TestMigrateV2(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bfbot.db")
	s := stoOpenNoCheck(t, path, Options{Snapshots: 3})
	id := stoCreate(t, s, 7)
	for range 5 {
		if _, err := s.Update(ctx, id, stoStandIn); err != nil {
			t.Fatal(err)
		}
	}
	_, _, wantRev, wantSum := stoState(t, s, id)
	want, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	prfToSchema2(t, path)

	t.Run("ErrNeedsMigration", func(t *testing.T) {
		if _, err := Open(path, Options{ReadOnly: true}); !errors.Is(err, ErrNeedsMigration) {
			t.Errorf("read-only Open of a schema 2 file = %v, want ErrNeedsMigration", err)
		}
	})
	s = stoOpenNoCheck(t, path, Options{Snapshots: 3})
	stoMustCheck(t, s)
	_, _, rev, sum := stoState(t, s, id)
	if rev != wantRev || sum != wantSum {
		t.Errorf("migrated revision %d with hash %s, want %d with %s", rev, sum, wantRev, wantSum)
	}
	got, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	stoSameJSON(t, got, want)
	if n := stoSnapshots(t, s, id); n != 3 {
		t.Errorf("%d snapshots after migration, want 3", n)
	}
	if _, err := s.Undo(ctx, id); err != nil {
		t.Errorf("undo after migration: %v", err)
	}
	if _, err := s.Update(ctx, id, stoStandIn); err != nil {
		t.Errorf("update after migration: %v", err)
	}
	stoMustCheck(t, s)
}
