package storage

import (
	"context"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// stoChunkForms counts campaign id's chunks of the log in db by their
// first byte.
func stoChunkForms(t *testing.T, db *bolt.DB, id int64) map[byte]int {
	t.Helper()
	forms := map[byte]int{}
	_ = db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCampaigns).Bucket(itob(uint64(id))).Bucket(bucketEvents).ForEach(func(k, v []byte) error {
			z, err := unseal(id, sealChunk, uint64(btoi(k)), v)
			if err != nil {
				t.Fatal(err)
			}
			forms[z[0]]++
			return nil
		})
	})
	return forms
}

// Ensure a schema 9 file (testdata/v9chunks.db: v8.db opened by bfbot at
// schema 9, then campaign 2 changed until its log held 389 events, two
// full chunks written in schema 9's events form after schema 8's
// deflated ones, and campaign 1 changed once; it cannot be rewritten)
// opens in the newest schema with every revision's document, dice state
// and event kept, as stoMigrated has it; that each chunk in schema 9's
// events form is then in the summed form, the others as they were; and
// that a load of the campaign leaves those chunks packed, reading the
// same events from them when a reader reaches them.
func TestMigrateChunkSums(t *testing.T) {
	ctx := context.Background()
	path := stoFixture(t, "v9chunks.db")
	raw, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, before := stoReadV4(t, raw), stoChunkForms(t, raw, 2)
	raw.Close()
	if before[chunkEvents] < 2 || before[chunkSummed] != 0 {
		t.Fatalf("the fixture's chunks of campaign 2 by form: %v, want 2 or more in schema 9's events form", before)
	}
	stoMigrated(t, path, want)
	s := stoOpenNoCheck(t, path, Options{ReadOnly: true, Snapshots: 3})
	after := stoChunkForms(t, s.db, 2)
	if after[chunkEvents] != 0 || after[chunkSummed] < before[chunkEvents] {
		t.Errorf("chunks by form: %v before the migration, %v after: want every one in the events form summed", before, after)
	}
	stored := stoReadV4(t, s.db)
	c, err := s.Get(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	lazy := 0
	for _, k := range c.Log.Chunks() {
		if !k.Loaded() {
			lazy++
		}
	}
	if lazy < before[chunkEvents] {
		t.Errorf("a load left %d chunks packed, want the %d summed ones at least", lazy, before[chunkEvents])
	}
	got := c.Log.Events()
	if len(got) != len(stored[2].events) {
		t.Fatalf("%d events read, %d stored", len(got), len(stored[2].events))
	}
	for i, e := range got {
		if v, err := marshalJSON(e); err != nil || string(v) != string(stored[2].events[i]) {
			t.Fatalf("event %d reads %s, stored %s", i+1, v, stored[2].events[i])
		}
	}
}
