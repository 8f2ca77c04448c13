package storage

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// keyV1Version is where schema 1 kept its version, as decimal text.
var keyV1Version = []byte("version")

// v1Campaign is a campaign record of schema 1: the document and the seed
// its dice were made from (schema 1 did not save the dice state, so
// migrated campaigns restart their dice from the seed).
type v1Campaign struct {
	Campaign json.RawMessage `json:"campaign"`
	Seed     uint64          `json:"seed"`
}

// migrate brings a file from schema version up to SchemaVersion inside
// one transaction: a failure leaves the file as it was.
func migrate(tx *bolt.Tx, version uint64) error {
	for version < SchemaVersion {
		step, ok := migrations[version]
		if !ok {
			return fmt.Errorf("%w: no migration from schema %d", ErrNotDatabase, version)
		}
		if err := step(tx); err != nil {
			return fmt.Errorf("migrating schema %d to %d: %w", version, version+1, err)
		}
		version++
	}
	return tx.Bucket(bucketMeta).Put(keySchema, itob(SchemaVersion))
}

// migrations[v] turns schema v into schema v+1.
var migrations = map[uint64]func(*bolt.Tx) error{
	1:  migrate1to2,
	2:  migrate2to3,
	3:  migrate3to4,
	4:  migrate4to5,
	5:  migrate5to6,
	6:  migrate6to7,
	7:  migrate7to8,
	8:  migrate8to9,
	9:  migrate9to10,
	10: migrateChunkSums, // migrate_sums.go
	11: migrate11to12,
}

// migrate11to12 seals the opaque records (schedule, bindings, markers),
// which until schema 12 had no checksum (seal.go). Their bytes are the
// bot's and the store cannot tell damage from what was written: a record
// is sealed as it is.
func migrate11to12(tx *bolt.Tx) error { return eachCampaign(tx, 11, sealOpaque) }

// sealOpaque seals a schema 11 campaign's opaque records. They are read
// before any is put back, as bbolt's cursor may not run over a bucket
// being written; a bucket among them is left for Check to name.
func sealOpaque(cb *bolt.Bucket, id int64) error {
	for _, kind := range recordKinds {
		b := cb.Bucket([]byte(kind))
		if b == nil {
			continue
		}
		var recs []Record
		err := b.ForEach(func(k, v []byte) error {
			if v != nil {
				recs = append(recs, Record{RecordKey{id, kind, string(k)}, clone(v)})
			}
			return nil
		})
		if err == nil {
			err = putRecords(cb, recs)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// migrate4to5 changes nothing stored. Schema 5 adds a form of record,
// the newest revision's document in parts (formParts, parts.go), and
// reads schema 4's records as they are: a campaign's next change writes
// its newest revision in parts, and its snapshot as a delta from that.
// The new number keeps an older bfbot, which cannot read the new form,
// from opening the file.
func migrate4to5(*bolt.Tx) error { return nil }

// migrate7to8 changes nothing stored either. Schema 8 packs the newest
// revision's parts with S2 (formPacked, parts.go) and reads schema 7's
// deflated parts as they are: a campaign's next change writes its
// newest revision packed. The number keeps an older bfbot, which cannot
// read the new form, from opening the file.
func migrate7to8(*bolt.Tx) error { return nil }

// migrate8to9 changes nothing stored either. Schema 9 tags each of the
// newest revision's parts with its codec, S2 or, for a finished
// battle's, zstd at its best level (formTagged, settled.go), and reads
// schema 8's untagged S2 parts as they are: a campaign's next change
// writes its newest revision tagged. It keeps a full chunk of the log
// in an events form of its own and the open chunk as an S2 block
// (full_chunk.go, open_chunk.go), and reads schema 8's deflated chunks
// as they are. The number keeps an older bfbot, which cannot read the
// new forms, from opening the file.
func migrate8to9(*bolt.Tx) error { return nil }

// migrate9to10 moves each undo snapshot stored as a delta out of its
// bucket, revisions/<rev>/record, into the value revisions/<rev>
// (revision.go): the newest revision, and a snapshot stored whole,
// keep their buckets. The records move as they are, sealed. Schema 10
// also packs finished battles that follow one another together
// (partJoint, settled.go) and reads schema 9's battles packed one by
// one: the number keeps an older bfbot from opening the file.
func migrate9to10(tx *bolt.Tx) error { return eachCampaign(tx, 9, snapshotsAsValues) }

// snapshotsAsValues moves campaign id's snapshots stored as deltas in
// buckets of their own into values (migrate9to10).
func snapshotsAsValues(cb *bolt.Bucket, id int64) error {
	rb := cb.Bucket(bucketRevisions)
	if rb == nil {
		return &RecordError{Campaign: id, Key: string(bucketRevisions), Err: fmt.Errorf("missing")}
	}
	var keys [][]byte
	if err := rb.ForEachBucket(func(k []byte) error { keys = append(keys, clone(k)); return nil }); err != nil {
		return err
	}
	inKeyOrder(rb)
	for i, k := range keys {
		if i == len(keys)-1 {
			break // the newest
		}
		v, err := revisionRecord(rb, id, k)
		if err != nil {
			return err
		}
		st, err := decodeState(id, k, v)
		if err != nil {
			return err
		}
		if st.form != formDelta {
			continue
		}
		v = clone(v) // bbolt memory, freed with its bucket
		if err := rb.DeleteBucket(k); err != nil {
			return err
		}
		if err := rb.Put(k, v); err != nil {
			return err
		}
	}
	return nil
}

// migrate1to2 moves each campaign from campaigns/<decimal id> → {campaign,
// seed} into its own bucket under a big-endian key, with dice state from
// the seed, revision 1 and no snapshots, and sets the ID sequence. It
// writes the revision in a bucket of its own, as schema 3 does, which
// migrate2to3 leaves as it is.
func migrate1to2(tx *bolt.Tx) error {
	old := tx.Bucket(bucketCampaigns)
	if old == nil {
		return fmt.Errorf("%w: schema 1 file without a campaigns bucket", ErrNotDatabase)
	}
	type moved struct {
		id  int64
		c   *campaign.Campaign
		doc []byte
		dic []byte
	}
	var all []moved
	err := old.ForEach(func(k, v []byte) error {
		id, err := strconv.ParseInt(string(k), 10, 64)
		if err != nil || id <= 0 || v == nil {
			return &RecordError{Campaign: id, Key: "campaigns/" + string(k), Err: fmt.Errorf("schema 1 key is not a campaign ID")}
		}
		var rec v1Campaign
		if err := json.Unmarshal(v, &rec); err != nil {
			return &RecordError{Campaign: id, Key: "campaigns/" + string(k), Err: err}
		}
		c, err := decodeDoc(id, "campaigns/"+string(k), rec.Campaign)
		if err != nil {
			return err
		}
		dic, err := dice.NewSeeded(rec.Seed).MarshalBinary()
		if err != nil {
			return err
		}
		doc, err := encodeDoc(c)
		if err != nil {
			return err
		}
		all = append(all, moved{id, c, doc, dic})
		return nil
	})
	if err != nil {
		return err
	}
	if err := tx.DeleteBucket(bucketCampaigns); err != nil {
		return err
	}
	root, err := tx.CreateBucket(bucketCampaigns)
	if err != nil {
		return err
	}
	var last int64
	for _, m := range all {
		cb, err := root.CreateBucket(itob(uint64(m.id)))
		if err != nil {
			return err
		}
		if err := putV3Events(cb, m.c.Log.Events()); err != nil {
			return err
		}
		rb, err := cb.CreateBucket(bucketRevisions)
		if err != nil {
			return err
		}
		b, err := rb.CreateBucket(itob(1))
		if err != nil {
			return err
		}
		if err := b.Put(keyRecord, v3Record(m.dic, uint64(m.c.Log.Len()), m.doc)); err != nil {
			return err
		}
		if err := putSummary(cb, summarize(m.c, 1), nil); err != nil {
			return err
		}
		last = max(last, m.id)
	}
	if err := root.SetSequence(uint64(last)); err != nil {
		return err
	}
	return tx.Bucket(bucketMeta).Delete(keyV1Version)
}

// migrate2to3 moves each revision record revisions/<rev> → record into a
// bucket of its own, revisions/<rev>/record (revision.go says why).
// Revisions already in buckets are left alone.
func migrate2to3(tx *bolt.Tx) error {
	root := tx.Bucket(bucketCampaigns)
	if root == nil {
		return fmt.Errorf("%w: schema 2 file without a campaigns bucket", ErrNotDatabase)
	}
	return root.ForEachBucket(func(k []byte) error {
		if len(k) != 8 {
			return &RecordError{Campaign: 0, Key: fmt.Sprintf("campaigns/%x", k), Err: fmt.Errorf("not a campaign bucket")}
		}
		id := btoi(k)
		rb := root.Bucket(k).Bucket(bucketRevisions)
		if rb == nil {
			return &RecordError{Campaign: id, Key: string(bucketRevisions), Err: fmt.Errorf("missing")}
		}
		type record struct{ k, v []byte }
		var flat []record
		err := rb.ForEach(func(k, v []byte) error {
			if v != nil {
				// Copies: the values die when their keys are deleted.
				flat = append(flat, record{append([]byte{}, k...), append([]byte{}, v...)})
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, r := range flat {
			if err := rb.Delete(r.k); err != nil {
				return err
			}
			b, err := rb.CreateBucket(r.k)
			if err != nil {
				return err
			}
			if err := b.Put(keyRecord, r.v); err != nil {
				return err
			}
		}
		return nil
	})
}

// v3Record packs a revision record of schemas 2 and 3: the dice state's
// length (uint32 big-endian), the dice state, the log's length (uint64
// big-endian), the document as JSON.
func v3Record(diceState []byte, logLen uint64, doc []byte) []byte {
	out := binary.BigEndian.AppendUint32(nil, uint32(len(diceState)))
	out = append(out, diceState...)
	out = binary.BigEndian.AppendUint64(out, logLen)
	return append(out, doc...)
}

// putV3Events writes a log as schemas 2 and 3 kept it: one record per
// event under its position (from 1).
func putV3Events(cb *bolt.Bucket, log []campaign.Event) error {
	if len(log) == 0 {
		return nil
	}
	eb, err := cb.CreateBucketIfNotExists(bucketEvents)
	if err != nil {
		return err
	}
	for i, e := range log {
		v, err := marshalJSON(e)
		if err != nil {
			return err
		}
		if err := eb.Put(itob(uint64(i+1)), v); err != nil {
			return err
		}
	}
	return nil
}

// migrate3to4 deflates each campaign: its events packed into chunks
// (events.go), its newest revision's document deflated whole and every
// older one's made a delta from the revision after it (revision.go).
func migrate3to4(tx *bolt.Tx) error { return eachCampaign(tx, 3, packEvents, packRevisions) }

// eachCampaign runs steps, in turn, on each campaign of a file of the
// given schema, one campaign after another. The IDs are listed first, so
// a step may write into its campaign's buckets.
func eachCampaign(tx *bolt.Tx, schema int, steps ...func(cb *bolt.Bucket, id int64) error) error {
	root := tx.Bucket(bucketCampaigns)
	if root == nil {
		return fmt.Errorf("%w: schema %d file without a campaigns bucket", ErrNotDatabase, schema)
	}
	var ids [][]byte
	if err := root.ForEachBucket(func(k []byte) error { ids = append(ids, append([]byte{}, k...)); return nil }); err != nil {
		return err
	}
	for _, k := range ids {
		if len(k) != 8 {
			return &RecordError{Campaign: 0, Key: fmt.Sprintf("campaigns/%x", k), Err: fmt.Errorf("not a campaign bucket")}
		}
		for _, step := range steps {
			if err := step(root.Bucket(k), btoi(k)); err != nil {
				return err
			}
		}
	}
	return nil
}

// packEvents moves a schema 3 log, one record per event, into chunks,
// as schema 4 wrote them: without a checksum (migrate6to7 adds it).
func packEvents(cb *bolt.Bucket, id int64) error {
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return nil
	}
	var lines [][]byte
	err := eb.ForEach(func(k, v []byte) error {
		if want := uint64(len(lines)) + 1; len(k) != 8 || uint64(btoi(k)) != want || v == nil {
			return &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%d", bucketEvents, want), Err: fmt.Errorf("missing")}
		}
		lines = append(lines, append([]byte{}, v...))
		return nil
	})
	if err != nil {
		return err
	}
	if err := cb.DeleteBucket(bucketEvents); err != nil {
		return err
	}
	if eb, err = cb.CreateBucket(bucketEvents); err != nil {
		return err
	}
	for k := uint64(1); len(lines) > 0; k++ {
		n := min(eventsPerChunk, len(lines))
		if err := eb.Put(itob(k), deflateChunk(nil, lines[:n])); err != nil {
			return err
		}
		lines = lines[n:]
	}
	return nil
}

// revisionKeys returns a campaign's revisions bucket and its revisions'
// keys, copied, oldest first: listed before the caller rewrites them.
func revisionKeys(cb *bolt.Bucket, id int64) (*bolt.Bucket, [][]byte, error) {
	rb := cb.Bucket(bucketRevisions)
	if rb == nil {
		return nil, nil, &RecordError{Campaign: id, Key: string(bucketRevisions), Err: fmt.Errorf("missing")}
	}
	var keys [][]byte
	err := rb.ForEachBucket(func(k []byte) error { keys = append(keys, append([]byte{}, k...)); return nil })
	return rb, keys, err
}

// packRevisions rewrites a campaign's schema 3 revision records, newest
// first: the newest whole, each older one a delta from the one after it.
func packRevisions(cb *bolt.Bucket, id int64) error {
	rb, keys, err := revisionKeys(cb, id)
	if err != nil {
		return err
	}
	var next []byte
	for i := len(keys) - 1; i >= 0; i-- {
		b := rb.Bucket(keys[i])
		v := b.Get(keyRecord)
		if len(v) < 12 || uint64(binary.BigEndian.Uint32(v)) > uint64(len(v)-12) {
			return &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%x", bucketRevisions, keys[i]), Err: fmt.Errorf("not a schema 3 record")}
		}
		n := binary.BigEndian.Uint32(v)
		st := state{diceState: v[4 : 4+n], logLen: binary.BigEndian.Uint64(v[4+n:])}
		doc := append([]byte{}, v[12+n:]...)
		record := wholeRecord(st.diceState, st.logLen, doc)
		if next != nil {
			record = deltaRecord(st, doc, next)
		}
		if err := b.Put(keyRecord, record); err != nil {
			return err
		}
		next = doc
	}
	return nil
}

// migrate5to6 builds the index (index.go) from every campaign's summary.
func migrate5to6(tx *bolt.Tx) error {
	root := tx.Bucket(bucketCampaigns)
	if root == nil {
		return fmt.Errorf("%w: schema 5 file without a campaigns bucket", ErrNotDatabase)
	}
	if _, err := tx.CreateBucketIfNotExists(bucketIndex); err != nil {
		return err
	}
	return root.ForEachBucket(func(k []byte) error {
		if len(k) != 8 {
			return &RecordError{Campaign: 0, Key: fmt.Sprintf("campaigns/%x", k), Err: fmt.Errorf("not a campaign bucket")}
		}
		sum, err := decodeSummary(btoi(k), root.Bucket(k).Get(keySummary))
		if err != nil {
			return err
		}
		return putIndex(tx, nil, sum)
	})
}

// migrate6to7 seals every chunk of the log and every revision's record
// with its checksum (seal.go), then reads each campaign back as the
// store will (readBack), all in the one transaction: a record damaged
// before it had a checksum, and no longer decoding, stops the migration,
// which leaves the file as it was, rather than being sealed as sound.
// Damage that still decodes to valid data (a digit changed in a stored
// block: an event's number, a name in a delta) cannot be told from what
// was written, during the migration or after it: it is sealed as it is.
func migrate6to7(tx *bolt.Tx) error { return eachCampaign(tx, 6, sealChunks, sealRevisions, readBack) }

// sealChunks seals a schema 6 log's chunks.
func sealChunks(cb *bolt.Bucket, id int64) error {
	return rewriteChunks(cb, id, func(_, v []byte) ([]byte, error) { return clone(v), nil })
}

// rewriteChunks puts each chunk of the log that rewrite gives new bytes
// for (nil leaves it as it is) back sealed. The chunks are read before
// any is put, as bbolt's cursor may not run over a bucket being written.
func rewriteChunks(cb *bolt.Bucket, id int64, rewrite func(k, v []byte) ([]byte, error)) error {
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return nil
	}
	var keys, values [][]byte
	err := eb.ForEach(func(k, v []byte) error {
		if len(k) != 8 || v == nil {
			return &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%x", bucketEvents, k), Err: fmt.Errorf("not a chunk of the log")}
		}
		nv, err := rewrite(k, v)
		if err != nil || nv == nil {
			return err
		}
		keys, values = append(keys, clone(k)), append(values, nv)
		return nil
	})
	if err != nil {
		return err
	}
	for i, k := range keys {
		if err := eb.Put(k, seal(id, sealChunk, uint64(btoi(k)), values[i])); err != nil {
			return err
		}
	}
	return nil
}

// sealRevisions seals a schema 6 campaign's revision records.
func sealRevisions(cb *bolt.Bucket, id int64) error {
	rb, keys, err := revisionKeys(cb, id)
	if err != nil {
		return err
	}
	for _, k := range keys {
		v, err := revisionRecord(rb, id, k)
		if err != nil {
			return err
		}
		if len(k) != 8 {
			return &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%x", bucketRevisions, k), Err: fmt.Errorf("key is not 8 bytes")}
		}
		if err := rb.Bucket(k).Put(keyRecord, sealState(id, uint64(btoi(k)), clone(v))); err != nil {
			return err
		}
	}
	return nil
}

// readBack reads a campaign migrate6to7 sealed as the store reads it,
// and as Check does but for the campaign's invariants (campaign.Check),
// which a checksum does not hide (Check reports them after): every
// event of the log decoded, in chunks numbered from 1, every one full
// but the last; each revision's dice state and document decoded, its
// log no longer than the one stored, the newest's as long; and the
// summary the newest revision calls for.
func readBack(cb *bolt.Bucket, id int64) error {
	events, err := storedEvents(cb, id)
	if err != nil {
		return err
	}
	if _, _, _, err := readLog(cb, id, events); err != nil {
		return err
	}
	var newest *campaign.Campaign
	var rev uint64
	err = eachDocument(cb.Bucket(bucketRevisions), id, func(st state, doc []byte, err error) error {
		if err != nil {
			return err
		}
		c, err := decodeRevision(id, st, doc)
		if err != nil {
			return err
		}
		if st.logLen > events || newest == nil && st.logLen != events {
			return &RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("its log has %d events, but %d are stored", st.logLen, events)}
		}
		if newest == nil {
			newest, rev = c, st.rev
		}
		return nil
	})
	if err != nil {
		return err
	}
	if newest == nil {
		return &RecordError{Campaign: id, Key: string(bucketRevisions), Err: fmt.Errorf("no revision stored")}
	}
	return checkSummary(id, cb.Get(keySummary), newest, rev)
}

// decodeRevision decodes the dice state of revision st of campaign id
// and its document, doc, as a migration that seals them reads them first.
func decodeRevision(id int64, st state, doc []byte) (*campaign.Campaign, error) {
	if _, err := st.seeded(id); err != nil {
		return nil, err
	}
	return decodeDoc(id, st.key(), doc)
}
