package storage

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
	"bfbot/storage/storagetest"
)

// stoSealed is one sealed record as a store keeps it: a revision's
// (kind sealRevision) or a chunk of the log's (sealChunk).
type stoSealed struct {
	id   int64
	kind byte
	n    uint64
	v    []byte
}

// stoSealedRecords copies every revision's record and chunk of the log
// out of s.
func stoSealedRecords(t testing.TB, s *Store) []stoSealed {
	t.Helper()
	var out []stoSealed
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCampaigns).ForEachBucket(func(k []byte) error {
			id, cb := btoi(k), tx.Bucket(bucketCampaigns).Bucket(k)
			rb := cb.Bucket(bucketRevisions)
			_ = rb.ForEach(func(rev, _ []byte) error {
				v, err := revisionRecord(rb, id, rev)
				out = append(out, stoSealed{id, sealRevision, uint64(btoi(rev)), clone(v)})
				return err
			})
			return cb.Bucket(bucketEvents).ForEach(func(n, v []byte) error {
				out = append(out, stoSealed{id, sealChunk, uint64(btoi(n)), clone(v)})
				return nil
			})
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// open checks r's bytes v against its checksum and inflates what the
// store would: a revision's document or delta, a chunk's events.
func (r stoSealed) open(v []byte) error {
	if r.kind == sealRevision {
		st, err := decodeState(r.id, itob(r.n), v)
		if err != nil {
			return err
		}
		_, err = st.unpack()
		return err
	}
	z, err := unseal(r.id, sealChunk, r.n, v)
	if err == nil {
		err = stoUnpackChunk(z)
	}
	return err
}

// stoUnpackChunk unpacks a chunk's unsealed bytes as the store would.
func stoUnpackChunk(z []byte) error {
	if isFullChunk(z) {
		frame, _, _, err := chunkFrame(z)
		if err == nil {
			_, err = unpackFullChunk(nil, frame)
		}
		return err
	}
	_, err := unpackChunk(z)
	return err
}

// decodesUnsealed reports whether v, r's bytes with some changed, would
// have inflated without an error had it no checksum (schema 6).
func (r stoSealed) decodesUnsealed(v []byte) bool {
	body := v[:len(v)-sealSize]
	if r.kind == sealRevision {
		st, err := parseState(r.id, r.n, body)
		if err != nil {
			return false
		}
		_, err = st.unpack()
		return err == nil
	}
	return stoUnpackChunk(body) == nil
}

// stoSettle gives campaign c a finished battle with a record large
// enough for its part to be packed with zstd (settled.go).
func stoSettle(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
	b := campaign.Battle{ID: len(c.Battles) + 1, Sector: len(c.Battles), Over: true, Auto: true, Sides: []campaign.BattleSide{{Side: c.Sides[0].ID}, {Side: c.Sides[1].ID}}}
	for i := range 200 {
		b.Log = append(b.Log, campaign.LoggedEvent{Event: referee.Event{Type: "move", Turn: i, Side: c.Sides[0].ID, Text: "A1 moves 0101 → 0102"}})
	}
	c.Battles = append(c.Battles, b)
	return c, nil
}

// stoEveryForm returns the records of s, sound, and fails tb unless they
// hold every form a record takes: a delta in stored blocks, a document
// in parts with a finished battle's part in zstd, and two chunks of the
// log, one full in the events form.
func stoEveryForm(tb testing.TB, s *Store) []stoSealed {
	tb.Helper()
	recs := stoSealedRecords(tb, s)
	stored, packed, settled, chunks, full := false, false, false, 0, false
	for _, r := range recs {
		if err := r.open(r.v); err != nil {
			tb.Fatalf("a sound record: %v", err)
		}
		if r.kind == sealChunk {
			chunks++
			full = full || r.v[0] == chunkSummed
			continue
		}
		st, _ := decodeState(r.id, itob(r.n), r.v)
		stored = stored || st.form == formDelta && len(st.body) > 0 && st.body[0]&6 == 0 // BTYPE 00
		packed = packed || st.form == formTagged
		if segs, err := splitSegments(st.partsBody()); err == nil {
			for _, seg := range segs {
				settled = settled || len(seg) > 0 && isJoint(seg[0])
			}
		}
	}
	if !stored || !packed || !settled || chunks < 2 || !full {
		tb.Fatalf("the store's records lack a kind: a delta in stored blocks %v, a document in parts %v, a finished battle's part in zstd %v, %d chunks, one in the events form %v", stored, packed, settled, chunks, full)
	}
	return recs
}

// Ensure every record a store keeps is refused once any one of its bytes
// changes (each byte xor 0x01, 0x80 and 0xff: a single-byte change is
// always caught), and once 1 to 3 random bits flip (20,000 tries; the
// test logs how many of them would have inflated without an error had
// the record no checksum, as schema 6 kept it: some three in four); and
// that a record read as another revision, chunk or campaign is refused
// too. The store's records cover every form: documents in parts (a
// finished battle's in zstd), undo
// snapshots as deltas (small ones in stored blocks), the log's full
// chunks in the events form and its open one an S2 block.
func TestRecordChecksums(t *testing.T) {
	ctx := context.Background()
	s := stoOpen(t, Options{Snapshots: 4})
	id := stoCreate(t, s, 3)
	for range 14 {
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Update(ctx, id, stoSettle); err != nil {
		t.Fatal(err)
	}
	recs := stoEveryForm(t, s)
	t.Run("EveryByte", func(t *testing.T) {
		tries := 0
		for _, r := range recs {
			for i := range r.v {
				for _, mask := range []byte{0x01, 0x80, 0xff} {
					v := clone(r.v)
					v[i] ^= mask
					tries++
					if r.open(v) == nil {
						t.Fatalf("record %c%d: byte %d xor %#x read without an error", r.kind, r.n, i, mask)
					}
				}
			}
		}
		t.Logf("%d single-byte changes in %d records, every one refused", tries, len(recs))
	})
	t.Run("RandomBits", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(20000, 3))
		tries := 20000
		if testing.Short() {
			tries = 2000
		}
		silent := 0
		for range tries {
			r := recs[rng.IntN(len(recs))]
			v := clone(r.v)
			bits := map[int]bool{}
			for len(bits) < 1+rng.IntN(3) {
				bits[rng.IntN(8*(len(v)-sealSize))] = true
			}
			for bit := range bits {
				v[bit/8] ^= 1 << (bit % 8)
			}
			if err := r.open(v); err == nil {
				t.Fatalf("record %c%d with bits flipped read without an error", r.kind, r.n)
			}
			if r.decodesUnsealed(v) {
				silent++
			}
		}
		t.Logf("%d tries of 1-3 bits flipped, every one refused; without the checksum %d (%.0f%%) inflated without an error", tries, silent, 100*float64(silent)/float64(tries))
	})
	t.Run("OtherKey", func(t *testing.T) {
		for _, r := range recs[:1] {
			for _, o := range []stoSealed{{r.id + 1, r.kind, r.n, r.v}, {r.id, r.kind, r.n + 1, r.v}, {r.id, sealChunk, r.n, r.v}} {
				if o.open(o.v) == nil {
					t.Errorf("record %c%d of campaign %d read as %c%d of campaign %d", r.kind, r.n, r.id, o.kind, o.n, o.id)
				}
			}
		}
	})
}

// Ensure a byte flipped inside a record's value in the file, where
// neither bbolt nor Verify looks, is found: Open with Verify lets the
// file through, Check names the campaign and the record, and reading
// the campaign (its newest revision, its log) fails with a RecordError
// saying to restore a backup. Every record of the file is flipped at its
// first, middle and last byte (with BFBOT_DAMAGE_ALL, every 61st too);
// every flip must be found.
func TestRecordValueFlipped(t *testing.T) {
	ctx := context.Background()
	good := stoGoodFile(t)
	dir := t.TempDir()
	kinds := map[string]int{}
	for _, v := range storagetest.Values(good) {
		id, key, newest := stoRecordAt(t, good, v.Path)
		if key == "" {
			continue
		}
		kinds[strings.Split(key, "/")[0]]++
		for i, c := range storagetest.Flips(good, v, byte(1)<<(len(kinds)%8), storagetest.All(), 61) {
			path := filepath.Join(dir, "flipped.db")
			if err := os.WriteFile(path, c.Data, 0o600); err != nil {
				t.Fatal(err)
			}
			// Verify (a child process) only once per record: the others
			// differ from it by where the byte is.
			s, err := Open(path, Options{Snapshots: 100, Verify: i == 0})
			if err != nil {
				t.Fatalf("%s: Open = %v: bbolt does not look inside values", c.Name, err)
			}
			found := false
			for _, err := range s.Check(ctx) {
				var re *RecordError
				found = found || errors.As(err, &re) && re.Campaign == id && re.Key == key
			}
			if !found {
				t.Errorf("%s: Check does not name campaign %d's %s", c.Name, id, key)
			}
			if newest {
				_, err := s.Get(ctx, id)
				var re *RecordError
				if !errors.As(err, &re) || re.Key != key || !strings.Contains(err.Error(), "restore the database from a backup") {
					t.Errorf("%s: Get = %v, want campaign %d's %s damaged and what to do", c.Name, err, id, key)
				}
			}
			s.Close()
		}
	}
	if kinds["revisions"] == 0 || kinds["events"] == 0 {
		t.Errorf("flipped %v: want revisions and events", kinds)
	}
}

// stoRecordAt names the sealed record stored under path in file good
// (a revision's record or a chunk of the log; "" for other values),
// and whether a Get reads it (the newest revision, or the log).
func stoRecordAt(t *testing.T, good []byte, path [][]byte) (id int64, key string, newest bool) {
	t.Helper()
	if len(path) < 4 || string(path[0]) != string(bucketCampaigns) {
		return 0, "", false
	}
	id = btoi(path[1])
	switch {
	case len(path) == 5 && string(path[2]) == string(bucketRevisions) && string(path[4]) == string(keyRecord),
		len(path) == 4 && string(path[2]) == string(bucketRevisions): // a snapshot (schema 10)
		rev := uint64(btoi(path[3]))
		// stoGoodFile's campaigns are at revision 16.
		return id, revisionKey(rev), rev == 16
	case len(path) == 4 && string(path[2]) == string(bucketEvents):
		return id, chunkKey(uint64(btoi(path[3]))), true
	}
	return 0, "", false
}
