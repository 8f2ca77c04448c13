package storage

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/storage/storagetest"
)

// stoRawRecords reads every opaque record of the closed file at path as
// it is stored, checksum and all.
func stoRawRecords(t *testing.T, path string) map[RecordKey][]byte {
	t.Helper()
	out := map[RecordKey][]byte{}
	stoBolt(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCampaigns).ForEachBucket(func(k []byte) error {
			cb := tx.Bucket(bucketCampaigns).Bucket(k)
			for _, kind := range recordKinds {
				if b := cb.Bucket([]byte(kind)); b != nil {
					_ = b.ForEach(func(name, v []byte) error {
						out[RecordKey{btoi(k), kind, string(name)}] = clone(v)
						return nil
					})
				}
			}
			return nil
		})
	})
	return out
}

// Ensure a schema 11 file (testdata/v11records.db: two campaigns three
// turns in, each with a schedule entry, a channel binding and a reminder
// marker as the bot stores them; bfbot wrote it at schema 11, and it
// cannot be rewritten) opens in the newest schema with each opaque
// record kept byte for byte and sealed: stored with its checksum after
// it, given back as it was by GetRecord and Records, and Check finds the
// file sound.
func TestMigrateRecordSums(t *testing.T) {
	ctx := context.Background()
	path := stoFixture(t, "v11records.db")
	want := stoRawRecords(t, path)
	if len(want) != 6 {
		t.Fatalf("the fixture holds %d opaque records, want 6", len(want))
	}
	s := stoOpenNoCheck(t, path, Options{Snapshots: 3})
	stoMustCheck(t, s)
	for key, v := range want {
		if got, err := s.GetRecord(ctx, key); err != nil || !bytes.Equal(got, v) {
			t.Errorf("GetRecord(%s) = %q, %v, want %q", key, got, err, v)
		}
	}
	for _, kind := range recordKinds {
		recs, err := s.Records(ctx, 0, kind)
		if err != nil || len(recs) != 2 {
			t.Fatalf("Records(%s) = %d records, %v, want 2", kind, len(recs), err)
		}
		for _, r := range recs {
			if !bytes.Equal(r.Value, want[r.RecordKey]) {
				t.Errorf("Records: %s = %q, want %q", r.RecordKey, r.Value, want[r.RecordKey])
			}
		}
	}
	s.Close()
	var schema uint64
	stoBolt(t, path, func(tx *bolt.Tx) error {
		schema = uint64(btoi(tx.Bucket(bucketMeta).Get(keySchema)))
		return nil
	})
	if schema != SchemaVersion {
		t.Errorf("schema %d after the migration, want %d", schema, SchemaVersion)
	}
	for key, v := range stoRawRecords(t, path) {
		if !bytes.Equal(v, sealRecord(key, want[key])) {
			t.Errorf("%s stored as %q, want the record sealed", key, v)
		}
	}
}

// Ensure a byte changed in an opaque record's value, which bbolt does
// not check and the store never decodes, is found rather than handed to
// the bot as a moved deadline or another channel: Check names the
// campaign and the record, GetRecord and the campaign's Records refuse
// it with a RecordError saying to restore a backup, every campaign's
// Records names it apart, and another campaign's record still reads.
// Each record is changed at its first, middle and last byte (the last
// is its checksum's), and at every 7th with BFBOT_DAMAGE_ALL.
func TestOpaqueRecordFlipped(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "good.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 2; seed++ {
		id := stoCreate(t, s, seed)
		for _, r := range []Record{
			{RecordKey{id, Schedule, "order"}, []byte(`{"Campaign":1,"Kind":0,"Spec":"0 20 * * *","TimeZone":"UTC","LastRun":"2026-11-20T20:00:00Z"}`)},
			{RecordKey{id, Binding, "channel"}, []byte(`{"guild":"900000000000000001","channel":"900000000000000002"}`)},
			{RecordKey{id, Marker, "reminded"}, []byte(`2026-11-21T20:00:00Z`)},
		} {
			if err := s.PutRecord(ctx, r.RecordKey, r.Value); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.Close()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	flipped := 0
	for _, v := range storagetest.Values(good) {
		if len(v.Path) != 4 || string(v.Path[0]) != string(bucketCampaigns) || !RecordKind(v.Path[2]).valid() {
			continue
		}
		key := RecordKey{btoi(v.Path[1]), RecordKind(v.Path[2]), string(v.Path[3])}
		other := RecordKey{3 - key.Campaign, key.Kind, key.Name}
		for _, c := range storagetest.Flips(good, v, 0x04, storagetest.All(), 7) {
			flipped++
			path := filepath.Join(dir, "flipped.db")
			if err := os.WriteFile(path, c.Data, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Open(path, Options{})
			if err != nil {
				t.Fatalf("%s: Open = %v", c.Name, err)
			}
			found := false
			for _, err := range s.Check(ctx) {
				var re *RecordError
				if !errors.As(err, &re) || re.Campaign != key.Campaign || re.Key != key.stored() {
					t.Errorf("%s: Check: %v, want only %s named", c.Name, err, key)
				}
				found = true
			}
			if !found {
				t.Errorf("%s: Check does not name %s", c.Name, key)
			}
			var re *RecordError
			if _, err := s.GetRecord(ctx, key); !errors.As(err, &re) || re.Key != key.stored() || !strings.Contains(err.Error(), "restore the database from a backup") {
				t.Errorf("%s: GetRecord = %v, want %s damaged and what to do", c.Name, err, key)
			}
			if recs, err := s.Records(ctx, key.Campaign, key.Kind); !errors.As(err, &re) || re.Key != key.stored() || recs != nil {
				t.Errorf("%s: Records(%d) = %v, %v, want %s damaged", c.Name, key.Campaign, recs, err, key)
			}
			// Every campaign's list keeps the other campaign's record
			// and names the damaged one apart.
			var dr *DamagedRecords
			if recs, err := s.Records(ctx, 0, key.Kind); !errors.As(err, &dr) || len(dr.Errs) != 1 || dr.Errs[0].Key != key.stored() ||
				len(recs) != 1 || recs[0].RecordKey != other {
				t.Errorf("%s: Records(0) = %v, %v, want %s sound and %s damaged", c.Name, recs, err, other, key)
			}
			if _, err := s.GetRecord(ctx, other); err != nil {
				t.Errorf("%s: GetRecord(%s) = %v", c.Name, other, err)
			}
			s.Close()
		}
	}
	if flipped < 6*3 {
		t.Errorf("%d flips, want three in each of the 6 records", flipped)
	}
}
