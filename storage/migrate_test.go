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

var stoWriteV1 = flag.Bool("sto.v1fixture", false, "rewrite testdata/v1.db, the schema 1 fixture")

// stoV1Campaigns are the fixture's campaigns: IDs 1 and 3 (2 was deleted,
// so the migrated ID sequence must continue after 3), with their seeds.
var stoV1Campaigns = map[int64]uint64{1: 11, 3: 33}

// TestWriteV1Fixture writes testdata/v1.db in the schema 1 layout (see
// doc.go) when run with -sto.v1fixture: campaigns/<decimal ID> →
// {"campaign":…,"seed":N}, meta/"version" = "1".
func TestWriteV1Fixture(t *testing.T) {
	if !*stoWriteV1 {
		t.Skip("run with -sto.v1fixture to rewrite testdata/v1.db")
	}
	path := filepath.Join("testdata", "v1.db")
	os.Remove(path)
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
