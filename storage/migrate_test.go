package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/campaign"
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

// stoContents is what a campaign's revisions hold, read from the file
// whatever its schema: per revision, its dice state and its document
// (JSON); and the log's events (JSON), in order.
type stoContents struct {
	dice, docs map[uint64][]byte
	events     [][]byte
}

// stoReadV3 reads every campaign of a closed schema 3 file from its raw
// records: the revisions' records as v3Record packs them, one record per
// event.
func stoReadV3(t *testing.T, path string) map[int64]stoContents {
	t.Helper()
	out := map[int64]stoContents{}
	stoBolt(t, path, func(tx *bolt.Tx) error {
		if v := tx.Bucket(bucketMeta).Get(keySchema); btoi(v) != 3 {
			t.Fatalf("%s is of schema %d, not 3", path, btoi(v))
		}
		return tx.Bucket(bucketCampaigns).ForEachBucket(func(id []byte) error {
			cb := tx.Bucket(bucketCampaigns).Bucket(id)
			c := stoContents{dice: map[uint64][]byte{}, docs: map[uint64][]byte{}}
			_ = cb.Bucket(bucketRevisions).ForEachBucket(func(k []byte) error {
				v := cb.Bucket(bucketRevisions).Bucket(k).Get(keyRecord)
				n := binary.BigEndian.Uint32(v)
				c.dice[uint64(btoi(k))] = append([]byte{}, v[4:4+n]...)
				c.docs[uint64(btoi(k))] = append([]byte{}, v[12+n:]...)
				return nil
			})
			_ = cb.Bucket(bucketEvents).ForEach(func(_, v []byte) error {
				c.events = append(c.events, append([]byte{}, v...))
				return nil
			})
			out[btoi(id)] = c
			return nil
		})
	})
	return out
}

// stoReadV4 reads every campaign of a file of schema 4 or newer: each
// older document rebuilt from the one after it. Records of schemas 4 to
// 6 have no checksum; from schema 7 each is checked against its own.
func stoReadV4(t *testing.T, db *bolt.DB) map[int64]stoContents {
	t.Helper()
	out := map[int64]stoContents{}
	err := db.View(func(tx *bolt.Tx) error {
		sealed := btoi(tx.Bucket(bucketMeta).Get(keySchema)) >= 7
		return tx.Bucket(bucketCampaigns).ForEachBucket(func(k []byte) error {
			id := btoi(k)
			cb := tx.Bucket(bucketCampaigns).Bucket(k)
			c := stoContents{dice: map[uint64][]byte{}, docs: map[uint64][]byte{}}
			rb := cb.Bucket(bucketRevisions)
			var next []byte
			cur := rb.Cursor()
			for k, _ := cur.Last(); k != nil; k, _ = cur.Prev() {
				st, err := readRevision(rb, id, k)
				if !sealed {
					st, err = parseState(id, uint64(btoi(k)), rb.Bucket(k).Get(keyRecord))
				}
				if err != nil {
					return err
				}
				if next, err = st.document(id, next); err != nil {
					return err
				}
				c.dice[st.rev], c.docs[st.rev] = append([]byte{}, st.diceState...), next
			}
			eb := cb.Bucket(bucketEvents)
			for k := uint64(1); eb != nil && eb.Get(itob(k)) != nil; k++ {
				lines, err := readChunk(eb, id, k)
				if !sealed {
					var raw []byte
					raw, err = inflate(eb.Get(itob(k)))
					lines = bytes.Split(raw, []byte{'\n'})
				}
				if err != nil {
					return err
				}
				c.events = append(c.events, lines...)
			}
			out[id] = c
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// stoSameContents fails unless two readings hold the same revisions,
// dice states, documents and events, byte for byte.
func stoSameContents(t *testing.T, got, want map[int64]stoContents) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d campaigns, want %d", len(got), len(want))
	}
	for id, w := range want {
		g := got[id]
		if len(g.docs) != len(w.docs) || len(g.events) != len(w.events) {
			t.Errorf("campaign %d: %d revisions and %d events, want %d and %d", id, len(g.docs), len(g.events), len(w.docs), len(w.events))
			continue
		}
		for rev, doc := range w.docs {
			if !bytes.Equal(g.docs[rev], doc) || !bytes.Equal(g.dice[rev], w.dice[rev]) {
				t.Errorf("campaign %d revision %d: document or dice state changed", id, rev)
			}
		}
		for i, e := range w.events {
			if !bytes.Equal(g.events[i], e) {
				t.Errorf("campaign %d event %d: %s, want %s", id, i+1, g.events[i], e)
			}
		}
	}
}

// Ensure a schema 4 file (testdata/v4.db: documents deflated whole, undo
// snapshots as deltas) opens in the newest schema with every revision's
// document, dice state and event kept byte for byte; that undo steps back through
// its snapshots; and that a change writes the newest revision in parts,
// with the revision before as a delta from it, which undo rebuilds.
func TestMigrateV4(t *testing.T) {
	ctx := context.Background()
	path := stoFixture(t, "v4.db")
	raw, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := stoReadV4(t, raw)
	raw.Close()
	if _, err := Open(path, Options{ReadOnly: true}); !errors.Is(err, ErrNeedsMigration) {
		t.Errorf("read-only Open of schema 4 = %v, want ErrNeedsMigration", err)
	}
	s := stoOpenNoCheck(t, path, Options{Snapshots: 3})
	stoMustCheck(t, s)
	stoSameContents(t, stoReadV4(t, s.db), want)
	// Campaign 1: a change in parts on top of schema 4's revisions, then
	// undo back to the oldest snapshot.
	if _, err := s.Update(ctx, 1, stoStep); err != nil {
		t.Fatalf("update after migration: %v", err)
	}
	if _, _, rev, _ := stoState(t, s, 1); stoForm(t, s, 1, rev) != formTagged {
		t.Errorf("the newest revision after a change is not in parts")
	}
	stoMustCheck(t, s)
	revs := stoRevisions(want[1])
	newest := revs[len(revs)-1]
	c, err := s.Undo(ctx, 1)
	if err != nil {
		t.Fatalf("undo of the change: %v", err)
	}
	if !stoSameDoc(t, c, want[1].docs[newest]) {
		t.Errorf("undo of the change did not restore schema 4's newest document (revision %d)", newest)
	}
	for i := len(revs) - 2; i >= max(0, len(revs)-3); i-- {
		if c, err = s.Undo(ctx, 1); err != nil {
			t.Fatalf("undo to revision %d: %v", revs[i], err)
		}
		if !stoSameDoc(t, c, want[1].docs[revs[i]]) {
			t.Errorf("undo did not restore revision %d's document", revs[i])
		}
	}
	// Campaign 2: two changes, the first one's snapshot a delta between
	// documents in parts.
	for range 2 {
		if _, err := s.Update(ctx, 2, stoStep); err != nil {
			t.Fatalf("update after migration: %v", err)
		}
	}
	if _, err := s.Undo(ctx, 2); err != nil {
		t.Fatal(err)
	}
	stoMustCheck(t, s)
	s.Close()
	again := stoOpenNoCheck(t, path, Options{ReadOnly: true, Snapshots: 3})
	stoMustCheck(t, again)
}

// stoRevisions lists a campaign's revisions, oldest first.
func stoRevisions(c stoContents) []uint64 {
	return slices.Sorted(maps.Keys(c.docs))
}

// stoForm is the form of revision rev's document.
func stoForm(t *testing.T, s *Store, id int64, rev uint64) byte {
	t.Helper()
	var form byte
	err := s.db.View(func(tx *bolt.Tx) error {
		cb, err := campaignBucket(tx, id)
		if err != nil {
			return err
		}
		st, err := readRevision(cb.Bucket(bucketRevisions), id, itob(rev))
		form = st.form
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return form
}

// stoSameDoc reports whether c is the campaign document doc (JSON, or
// in parts) holds, encoded alike.
func stoSameDoc(t *testing.T, c *campaign.Campaign, doc []byte) bool {
	t.Helper()
	w, err := decodeDoc(c.ID, "want", doc)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := encodeDoc(c)
	want, _ := encodeDoc(w)
	return bytes.Equal(got, want)
}

// stoFixtureV3 copies testdata/v3.db, a file bfbot wrote in schema 3 (two
// campaigns: one after three turns and two stand-in changes with three
// undo snapshots, one after a turn; compacted). It cannot be rewritten:
// this bfbot writes a newer schema.
func stoFixtureV3(t *testing.T) string { return stoFixture(t, "v3.db") }

// stoFixture copies testdata/name to a temporary file. testdata/v4.db is
// a file bfbot wrote in schema 4: v3.db migrated with three undo
// snapshots, then campaign 1 changed twice (stoStep) and campaign 2
// once. It cannot be rewritten: this bfbot writes a newer schema.
func stoFixture(t *testing.T, name string) string {
	t.Helper()
	fixture, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "bfbot.db")
	if err := os.WriteFile(path, fixture, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Ensure a schema 3 file (documents and events stored as JSON) migrates
// on open to deflated chunks of events and documents whole or as deltas,
// as stoMigrated has it.
func TestMigrateV3(t *testing.T) {
	stoMigrated(t, stoFixtureV3(t), stoReadV3(t, stoFixtureV3(t)))
}

// Ensure a schema 2 file (revision records as values) migrates on open
// through schema 3 to the newest, as TestMigrateV3 has it.
func TestMigrateV2(t *testing.T) {
	path := stoFixtureV3(t)
	prfToSchema2(t, path)
	stoMigrated(t, path, stoReadV3(t, stoFixtureV3(t)))
}

// stoMigrated opens the file at path, of an older schema holding want,
// and requires that a read-only open asks for a writable one first; that
// every revision's document and dice state and every event are kept byte
// for byte, with three undo snapshots of campaign 1; that undo brings
// back the revision before its newest and changes to both campaigns go
// on; and that the file then opens read-only and passes Check.
func stoMigrated(t *testing.T, path string, want map[int64]stoContents) {
	ctx := context.Background()
	if _, err := Open(path, Options{ReadOnly: true}); !errors.Is(err, ErrNeedsMigration) {
		t.Errorf("read-only Open of an old schema = %v, want ErrNeedsMigration", err)
	}
	s := stoOpenNoCheck(t, path, Options{Snapshots: 3})
	stoMustCheck(t, s)
	// stoReadV4 checks each record against its checksum from schema 7.
	stoSameContents(t, stoReadV4(t, s.db), want)
	if n := stoSnapshots(t, s, 1); n != 3 {
		t.Errorf("%d snapshots after migration, want 3", n)
	}
	revs := stoRevisions(want[1])
	c, err := s.Undo(ctx, 1)
	if err != nil {
		t.Fatalf("undo after migration: %v", err)
	}
	if !stoSameDoc(t, c, want[1].docs[revs[len(revs)-2]]) {
		t.Errorf("undo after migration did not restore revision %d's document", revs[len(revs)-2])
	}
	for _, id := range []int64{1, 2} {
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Errorf("update after migration: %v", err)
		}
	}
	stoMustCheck(t, s)
	s.Close()
	again := stoOpenNoCheck(t, path, Options{ReadOnly: true, Snapshots: 3})
	stoMustCheck(t, again)
}

// Ensure a schema 6 file (testdata/v6.db, written by bfbot at schema 6:
// two campaigns with three undo snapshots each as deltas, the newest in
// parts, 198 events in three full chunks and an open one in stored
// blocks; compacted; it cannot be rewritten) migrates with every
// revision's record and every chunk sealed with its checksum, as
// stoMigrated has it.
func TestMigrateV6(t *testing.T) {
	path := stoFixture(t, "v6.db")
	want := stoReadRaw(t, path)
	if len(want[1].events) != 198 || len(want[1].docs) != 4 {
		t.Fatalf("the fixture holds %d events and %d revisions of campaign 1, want 198 and 4", len(want[1].events), len(want[1].docs))
	}
	stoMigrated(t, path, want)
}

// Ensure a schema 7 file (testdata/v7.db: v6.db migrated to schema 7
// with three undo snapshots, then each campaign changed once by bfbot
// at schema 7 (stoStep), so that its newest revision's parts are
// deflated as schema 7 wrote them; compacted; it cannot be rewritten)
// opens in the newest schema with every revision's document, dice state
// and event kept byte for byte, as stoMigrated has it; and that the
// next change writes the newest revision's parts packed, from which
// undo rebuilds schema 7's document.
func TestMigrateV7(t *testing.T) {
	path := stoFixture(t, "v7.db")
	want := stoReadRaw(t, path)
	revs := stoRevisions(want[2])
	if len(want[1].events) != 204 || len(want[1].docs) != 4 || len(revs) != 3 {
		t.Fatalf("the fixture holds %d events and %d revisions of campaign 1, %d of campaign 2, want 204, 4 and 3", len(want[1].events), len(want[1].docs), len(revs))
	}
	newest := revs[len(revs)-1]
	stoBolt(t, path, func(tx *bolt.Tx) error {
		st, err := readRevision(tx.Bucket(bucketCampaigns).Bucket(itob(2)).Bucket(bucketRevisions), 2, itob(newest))
		if err == nil && st.form != formParts {
			t.Fatalf("the fixture's newest revision of campaign 2 has form %d, want %d (deflated parts)", st.form, formParts)
		}
		return err
	})
	stoMigrated(t, path, want)
	s, _ := stoChangedUndone(t, "v7.db", want[2].docs[newest], newest)
	stoMustCheck(t, s)
}

// stoChangedUndone opens a copy of fixture, changes its campaign 2,
// whose newest revision newest has document doc, checks that the change
// wrote its newest revision in tagged parts and the one before as a
// delta, undoes it and checks that doc is back. It returns the store
// and the campaign undone.
func stoChangedUndone(t *testing.T, fixture string, doc []byte, newest uint64) (*Store, *campaign.Campaign) {
	t.Helper()
	ctx := context.Background()
	s := stoOpenNoCheck(t, stoFixture(t, fixture), Options{Snapshots: 3})
	if _, err := s.Update(ctx, 2, stoStep); err != nil {
		t.Fatal(err)
	}
	if form := stoForm(t, s, 2, newest+1); form != formTagged {
		t.Errorf("the newest revision after a change has form %d, want %d (tagged parts)", form, formTagged)
	}
	if form := stoForm(t, s, 2, newest); form != formDelta {
		t.Errorf("the revision before it has form %d, want %d (a delta)", form, formDelta)
	}
	c, err := s.Undo(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !stoSameDoc(t, c, doc) {
		t.Errorf("undo of the change did not restore %s's newest document (revision %d)", fixture, newest)
	}
	return s, c
}

// Ensure a schema 8 file (testdata/v8.db: v7.db opened by bfbot at
// schema 8, then campaign 2 changed 40 times (stoStep) and campaign 1
// once, so that their newest revisions' parts are untagged S2 blocks
// and the log's full chunks deflated JSON, as schema 8 wrote them; it
// cannot be rewritten) opens in the newest schema with every revision's
// document, dice state and event kept byte for byte, as stoMigrated has
// it; that the next change writes the newest revision in tagged parts,
// from which undo rebuilds schema 8's document; and that the chunks
// written from then on are in schema 9's forms while the log reads the
// same.
func TestMigrateV8(t *testing.T) {
	ctx := context.Background()
	path := stoFixture(t, "v8.db")
	want := stoReadRaw(t, path)
	revs := stoRevisions(want[2])
	if len(want[2].events) < 2*eventsPerChunk || len(revs) != 4 {
		t.Fatalf("the fixture holds %d events and %d revisions of campaign 2, want %d or more and 4", len(want[2].events), len(revs), 2*eventsPerChunk)
	}
	newest := revs[len(revs)-1]
	stoBolt(t, path, func(tx *bolt.Tx) error {
		cb := tx.Bucket(bucketCampaigns).Bucket(itob(2))
		st, err := readRevision(cb.Bucket(bucketRevisions), 2, itob(newest))
		if err == nil && st.form != formPacked {
			t.Fatalf("the fixture's newest revision of campaign 2 has form %d, want %d (untagged S2 parts)", st.form, formPacked)
		}
		if v := cb.Bucket(bucketEvents).Get(itob(1)); isFullChunk(v) || v[0] == chunkS2 {
			t.Fatalf("the fixture's first chunk of campaign 2 starts with %#x, not a DEFLATE stream", v[0])
		}
		return err
	})
	stoMigrated(t, path, want)
	s, c := stoChangedUndone(t, "v8.db", want[2].docs[newest], newest)
	before := c.Log.Len()
	for c.Log.Len() < before+eventsPerChunk {
		var err error
		if c, err = s.Update(ctx, 2, stoStep); err != nil {
			t.Fatal(err)
		}
	}
	full := false
	_ = s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCampaigns).Bucket(itob(2)).Bucket(bucketEvents).ForEach(func(_, v []byte) error {
			full = full || v[0] == chunkSummed
			return nil
		})
	})
	if !full {
		t.Error("a chunk filled after the migration is not in the events form")
	}
	s.cache.drop(2)
	got, err := s.Get(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Log.Events(), c.Log.Events()) {
		t.Error("the log read from old and new chunks is not the log written")
	}
	stoMustCheck(t, s)
}

// stoReadRaw is stoReadV4 of the closed file at path.
func stoReadRaw(t *testing.T, path string) map[int64]stoContents {
	t.Helper()
	raw, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	return stoReadV4(t, raw)
}

// stoChangeChunk replaces the first old in the stored bytes of chunk k
// of campaign id's log, in the closed schema 6 file at path, with new of
// the same length: a change on the disk, inside the chunk's stored block.
func stoChangeChunk(t *testing.T, path string, id int64, k uint64, old, new string) {
	t.Helper()
	stoBolt(t, path, func(tx *bolt.Tx) error {
		eb := tx.Bucket(bucketCampaigns).Bucket(itob(uint64(id))).Bucket(bucketEvents)
		v := eb.Get(itob(k))
		if len(old) != len(new) || !bytes.Contains(v, []byte(old)) {
			t.Fatalf("campaign %d's %s does not hold %q as it is, or %q is not as long", id, chunkKey(k), old, new)
		}
		return eb.Put(itob(k), bytes.Replace(v, []byte(old), []byte(new), 1))
	})
}

// stoRefusesMigration requires Open of the schema 6 file at path to fail
// naming key of campaign id as damaged and saying what to do, and to
// leave the file as it was: nothing is sealed.
func stoRefusesMigration(t *testing.T, path string, id int64, key string) {
	t.Helper()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(path, Options{Snapshots: 3})
	var re *RecordError
	if !errors.As(err, &re) || re.Campaign != id || re.Key != key || !strings.Contains(err.Error(), "restore the database from a backup") {
		t.Fatalf("Open = %v, want campaign %d's %s named as damaged", err, id, key)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the failed migration changed the file")
	}
}

// Ensure a schema 6 record damaged before it had a checksum, so that it
// no longer decodes, stops the migration, naming the campaign and the
// record, and leaves the file as it was rather than sealing the damage
// as sound: a chunk cut short (no longer inflating); a changed byte in
// the open chunk's stored block that breaks an event's JSON (inflating
// as before: only decoding the events finds it); and a summary that no
// longer matches the newest revision.
func TestMigrateV6Damaged(t *testing.T) {
	t.Run("ChunkCut", func(t *testing.T) {
		path := stoFixture(t, "v6.db")
		stoBolt(t, path, func(tx *bolt.Tx) error {
			eb := tx.Bucket(bucketCampaigns).Bucket(itob(2)).Bucket(bucketEvents)
			v := clone(eb.Get(itob(1)))
			return eb.Put(itob(1), v[:len(v)/2])
		})
		stoRefusesMigration(t, path, 2, "events/1")
	})
	t.Run("EventJSON", func(t *testing.T) {
		path := stoFixture(t, "v6.db")
		stoChangeChunk(t, path, 1, 4, `{"turn":30,`, `{"turn";30,`)
		stoRefusesMigration(t, path, 1, "events/4")
	})
	t.Run("Summary", func(t *testing.T) {
		path := stoFixture(t, "v6.db")
		stoBolt(t, path, func(tx *bolt.Tx) error {
			cb := tx.Bucket(bucketCampaigns).Bucket(itob(1))
			return cb.Put(keySummary, bytes.Replace(clone(cb.Get(keySummary)), []byte(`"turn":31`), []byte(`"turn":32`), 1))
		})
		stoRefusesMigration(t, path, 1, "summary")
	})
}

// Ensure the limit of what the migration can find is known: a changed
// byte in the open chunk's stored block that leaves valid JSON (an
// event's turn 30 read as 39) decodes as an event like any other, so the
// migration seals it as it is and Check, Get and a change find nothing
// wrong. Damage done before schema 7 that still decodes cannot be told
// from what was written; only a backup made before it has the value
// written.
func TestMigrateV6DamageUndetectable(t *testing.T) {
	path := stoFixture(t, "v6.db")
	want := stoReadRaw(t, path)[1].events
	stoChangeChunk(t, path, 1, 4, `{"turn":30,`, `{"turn":39,`)
	s := stoOpenNoCheck(t, path, Options{Snapshots: 3})
	stoMustCheck(t, s)
	c, err := s.Get(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for i, e := range c.Log.All() {
		if v, _ := json.Marshal(e); !bytes.Equal(v, want[i]) {
			changed++
		}
	}
	if changed != 1 || c.Log.At(3*eventsPerChunk).Turn != 39 {
		t.Errorf("%d events read other than written, the first of events/4 in turn %d: want that one alone, in turn 39", changed, c.Log.At(3*eventsPerChunk).Turn)
	}
	if _, err := s.Update(context.Background(), 1, stoStep); err != nil {
		t.Errorf("update: %v", err)
	}
}

// stoUnseal rewrites a closed store's file as schema 6 kept it, every
// record without its checksum, and sets the schema number to version.
func stoUnseal(tb *testing.T, path string, version uint64) {
	tb.Helper()
	stoBolt(tb, path, func(tx *bolt.Tx) error {
		err := tx.Bucket(bucketCampaigns).ForEachBucket(func(k []byte) error {
			cb := tx.Bucket(bucketCampaigns).Bucket(k)
			strip := func(b *bolt.Bucket, key []byte) error {
				v := b.Get(key)
				return b.Put(key, append([]byte{}, v[:len(v)-sealSize]...))
			}
			rb := cb.Bucket(bucketRevisions)
			if err := rb.ForEachBucket(func(rev []byte) error { return strip(rb.Bucket(rev), keyRecord) }); err != nil {
				return err
			}
			if eb := cb.Bucket(bucketEvents); eb != nil {
				var keys [][]byte
				_ = eb.ForEach(func(k, _ []byte) error { keys = append(keys, append([]byte{}, k...)); return nil })
				for _, k := range keys {
					if err := strip(eb, k); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keySchema, itob(version))
	})
}

// Ensure an etcd prefix of layout 3 (revisions' records without their
// checksum) has every record sealed on open, each read first: Check, Get
// and changes then go on, every record sealed. And that an unsealed
// record that no longer decodes (a byte changed in a stored block of the
// newest revision's document, breaking its JSON) stops the step, naming
// the campaign and the record, with none of that campaign's records
// sealed and the layout left at 3.
func TestEtcdMigrateSeal(t *testing.T) {
	ctx := context.Background()
	e := stoEtcdEngine(t)
	s := e.open(t, Options{Snapshots: 3}).(*EtcdStore)
	ids := []int64{stoCreate(t, s, 1), stoCreate(t, s, 2)}
	for range 4 {
		if _, err := s.Update(ctx, ids[0], stoStep); err != nil {
			t.Fatal(err)
		}
	}
	want, err := s.Get(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	stoEtcdUnseal(t, s.Client(), s.p, ids)
	s = e.reopen(t, s, Options{Snapshots: 3}).(*EtcdStore)
	stoMustCheck(t, s)
	if n := stoEtcdSealed(t, s.Client(), s.p, ids...); n != 5 {
		t.Errorf("%d of 5 records (4 revisions of one campaign, 1 of the other) sealed after the migration", n)
	}
	c, err := s.Get(ctx, ids[0])
	if err != nil {
		t.Fatalf("Get after the migration: %v", err)
	}
	if doc, _ := encodeDoc(want); !stoSameDoc(t, c, doc) || c.Log.Len() != want.Log.Len() {
		t.Error("Get after the migration does not read the campaign stored")
	}
	for _, id := range ids {
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Errorf("update after the migration: %v", err)
		}
	}

	t.Run("Damaged", func(t *testing.T) {
		d := e.open(t, Options{Snapshots: 3}).(*EtcdStore)
		stoReopened.Store(d, true) // left at layout 3: no final Check
		id := stoCreate(t, d, 1)
		for range 2 {
			if _, err := d.Update(ctx, id, stoStep); err != nil {
				t.Fatal(err)
			}
		}
		d.Close()
		raw := s.Client()
		stoEtcdUnseal(t, raw, d.p, []int64{id})
		newest := d.p.rev(id, 3)
		g, err := raw.Get(ctx, newest)
		if err != nil || len(g.Kvs) != 1 || !bytes.Contains(g.Kvs[0].Value, []byte(`"name":"storage test"`)) {
			t.Fatalf("revision 3 = %v, %v: want its name in a stored block", g, err)
		}
		damaged := bytes.Replace(g.Kvs[0].Value, []byte(`"name":"storage test"`), []byte(`"name";"storage test"`), 1)
		if _, err := raw.Put(ctx, newest, string(damaged)); err != nil {
			t.Fatal(err)
		}
		o, err := OpenEtcd(EtcdOptions{Endpoints: raw.Endpoints(), Prefix: string(d.p)}, Options{Snapshots: 3})
		if err == nil {
			o.Close()
		}
		var re *RecordError
		if !errors.As(err, &re) || re.Campaign != id || re.Key != revisionKey(3) || !strings.Contains(err.Error(), "restore the database from a backup") {
			t.Fatalf("OpenEtcd = %v, want campaign %d's %s named as damaged", err, id, revisionKey(3))
		}
		if n := stoEtcdSealed(t, raw, d.p, id); n != 0 {
			t.Errorf("%d records of the damaged campaign sealed", n)
		}
		if g, err := raw.Get(ctx, d.p.schema()); err != nil || len(g.Kvs) != 1 || btoi(g.Kvs[0].Value) != 3 {
			t.Errorf("meta/schema = %v, %v: want layout 3 still", g, err)
		}
	})
}

// stoEtcdUnseal rewrites the revisions' records of campaigns ids under
// etcd prefix p as layout 3 kept them, without their checksum, and sets
// the layout to 3.
func stoEtcdUnseal(t *testing.T, raw *clientv3.Client, p layout, ids []int64) {
	t.Helper()
	ctx := context.Background()
	for _, id := range ids {
		g, err := raw.Get(ctx, p.revs(id), clientv3.WithPrefix())
		if err != nil {
			t.Fatal(err)
		}
		for _, kv := range g.Kvs {
			if _, err := raw.Put(ctx, string(kv.Key), string(kv.Value[:len(kv.Value)-sealSize])); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := raw.Put(ctx, p.schema(), string(itob(3))); err != nil {
		t.Fatal(err)
	}
}

// stoEtcdSealed counts the revisions' records of campaigns ids under
// etcd prefix p that match their checksum.
func stoEtcdSealed(t *testing.T, raw *clientv3.Client, p layout, ids ...int64) int {
	t.Helper()
	n := 0
	for _, id := range ids {
		g, err := raw.Get(context.Background(), p.revs(id), clientv3.WithPrefix())
		if err != nil {
			t.Fatal(err)
		}
		for _, kv := range g.Kvs {
			rev, _ := parseHex(string(kv.Key), p.revs(id))
			if _, err := decodeState(id, itob(rev), kv.Value); err == nil {
				n++
			}
		}
	}
	return n
}

// Ensure a schema 9 file (testdata/v9.db: v8.db opened by bfbot at
// schema 9, then campaign 2 changed 5 times and campaign 1 3 times
// (stoStep), keeping 3 undo snapshots, each a delta in a bucket of its
// own; it cannot be rewritten) opens in the newest schema with every
// revision's document, dice state and event kept byte for byte, as
// stoMigrated has it; that each snapshot is then a value of the
// revisions bucket and the newest revision a bucket, and stays so after
// a change, from which undo rebuilds the fixture's document.
func TestMigrateV9(t *testing.T) {
	path := stoFixture(t, "v9.db")
	want := stoReadRaw(t, path)
	if len(stoRevisions(want[1])) != 4 || len(stoRevisions(want[2])) != 4 {
		t.Fatalf("the fixture holds %d and %d revisions of campaigns 1 and 2, want 4 each", len(want[1].docs), len(want[2].docs))
	}
	if values, buckets := stoRevisionLayout(t, path, 2); values != 0 || buckets != 4 {
		t.Fatalf("the fixture's campaign 2 has %d revisions as values and %d as buckets, want 0 and 4", values, buckets)
	}
	migrated := stoFixture(t, "v9.db")
	stoOpenNoCheck(t, migrated, Options{Snapshots: 3}).Close()
	for _, id := range []int64{1, 2} {
		if values, buckets := stoRevisionLayout(t, migrated, id); values != 3 || buckets != 1 {
			t.Errorf("campaign %d after the migration has %d revisions as values and %d as buckets, want 3 snapshots and the newest", id, values, buckets)
		}
	}
	stoMigrated(t, path, want)
	newest := stoRevisions(want[2])[3]
	s, _ := stoChangedUndone(t, "v9.db", want[2].docs[newest], newest)
	stoMustCheck(t, s)
	s.Close()
	if values, buckets := stoRevisionLayout(t, s.Path(), 2); values != 2 || buckets != 1 {
		t.Errorf("campaign 2 after a change and its undo has %d revisions as values and %d as buckets, want 2 snapshots and the newest", values, buckets)
	}
}

// stoRevisionLayout counts the revisions of campaign id, in the closed
// file at path, stored as values and in buckets of their own.
func stoRevisionLayout(t *testing.T, path string, id int64) (values, buckets int) {
	t.Helper()
	stoBolt(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCampaigns).Bucket(itob(uint64(id))).Bucket(bucketRevisions).ForEach(func(_, v []byte) error {
			if v == nil {
				buckets++
			} else {
				values++
			}
			return nil
		})
	})
	return values, buckets
}

// Ensure Open says which schema it migrated a file from, so that a
// program can tell its operator, and that a file already migrated, or
// new, says 0.
func TestMigratedFrom(t *testing.T) {
	path := stoFixture(t, "v9.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.MigratedFrom(); got != 9 {
		t.Errorf("MigratedFrom = %d, want 9", got)
	}
	s.Close()
	for _, p := range []string{path, filepath.Join(t.TempDir(), "new.db")} {
		s, err := Open(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.MigratedFrom(); got != 0 {
			t.Errorf("%s: MigratedFrom = %d, want 0", p, got)
		}
		s.Close()
	}
}
