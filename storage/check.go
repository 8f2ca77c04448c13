package storage

import (
	"context"
	"fmt"
	"maps"
	"reflect"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
)

// Check walks the whole file in one read transaction and returns every
// broken invariant: bbolt's own page checks; the schema version; for each
// campaign, a big-endian ID key within the ID sequence, at least one and
// at most Options.Snapshots+1 revisions, each with a decodable dice state
// and a document of that campaign that, with its first events, passes
// campaign.Check, events numbered 1 to the newest revision's log length
// and no more, a summary matching the newest revision, and opaque records
// that are records with their checksums; and the index entries exactly
// those the summaries call for. bfbot check runs it on a file; tests run
// it after every storage test.
func (s *Store) Check(ctx context.Context) []error {
	var errs []error
	err := s.view(ctx, func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			errs = append(errs, fmt.Errorf("bbolt: %w", err))
		}
		errs = append(errs, s.checkTx(tx)...)
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	return errs
}

func (s *Store) checkTx(tx *bolt.Tx) []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	version, _, err := readSchema(tx)
	if err != nil {
		return append(errs, err)
	}
	if version != SchemaVersion {
		bad("schema version %d, want %d", version, SchemaVersion)
	}
	root := tx.Bucket(bucketCampaigns)
	if root == nil {
		return append(errs, fmt.Errorf("no campaigns bucket"))
	}
	seq := root.Sequence()
	var sums []Summary
	c := root.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if v != nil || len(k) != 8 {
			bad("campaigns: key %x is not a campaign bucket under an 8-byte ID", k)
			continue
		}
		id := btoi(k)
		if id <= 0 || uint64(id) > seq {
			bad("campaign %d: ID outside 1..%d (the ID sequence)", id, seq)
		}
		errs = append(errs, s.checkCampaign(id, root.Bucket(k))...)
		if sum, err := decodeSummary(id, root.Bucket(k).Get(keySummary)); err == nil {
			sums = append(sums, sum)
		}
	}
	return append(errs, checkIndex(storedIndex(tx), sums)...)
}

func (s *Store) checkCampaign(id int64, cb *bolt.Bucket) []error {
	var errs []error
	bad := func(err error) { errs = append(errs, err) }
	rb := cb.Bucket(bucketRevisions)
	if rb == nil {
		return append(errs, &RecordError{Campaign: id, Key: string(bucketRevisions), Err: fmt.Errorf("missing")})
	}
	// The events bucket holds exactly the newest revision's log; older
	// revisions' logs are its first events. A log that cannot be read
	// has each of its damaged chunks named (damagedChunks), and then no
	// revision is checked against it: each would count events it lacks.
	var log campaign.Log
	var vp map[string]int
	logRead := false
	newest, newestErr := current(cb, id)
	if newestErr != nil {
		bad(newestErr)
	}
	events, err := storedEvents(cb, id)
	switch {
	case err != nil:
		errs = append(errs, damagedChunks(cb, id, err)...)
	case newestErr == nil && newest.logLen > events:
		bad(&RecordError{Campaign: id, Key: chunkKey(chunkOf(events + 1)), Err: fmt.Errorf("event %d missing: revision %d has %d events", events+1, newest.rev, newest.logLen)})
	case newestErr == nil && newest.logLen < events:
		bad(fmt.Errorf("campaign %d: %d events stored, but revision %d has only %d", id, events, newest.rev, newest.logLen))
	default:
		// The newest revision unreadable, the older ones are checked
		// against the log as stored.
		if log, _, vp, err = readLog(cb, id, events); err != nil {
			errs = append(errs, damagedChunks(cb, id, err)...)
		} else {
			logRead = true
			errs = append(errs, checkLog(id, log, vp)...)
		}
	}
	var last *campaign.Campaign
	var lastRev uint64
	n := 0
	_ = eachDocument(rb, id, func(st state, doc []byte, err error) error {
		n++
		if err != nil {
			bad(err)
			return nil
		}
		if st.rev == 0 {
			bad(&RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("revisions start at 1")})
		}
		if _, err := st.seeded(id); err != nil {
			bad(err)
		}
		c, err := decodeDoc(id, st.key(), doc)
		if err != nil {
			bad(err)
			return nil
		}
		if !logRead {
			return nil
		}
		if st.logLen > uint64(log.Len()) {
			bad(fmt.Errorf("campaign %d: %s has %d events, more than the %d read", id, st.key(), st.logLen, log.Len()))
			return nil
		}
		c.Log = log.Prefix(int(st.logLen))
		// With a chunk that could not be unpacked, which checkLog names,
		// the revision's own checks would count its placeholders.
		if c.Log.Err() == nil {
			for _, e := range c.Check() {
				bad(fmt.Errorf("campaign %d: %s: %w", id, st.key(), e))
			}
		}
		if n == 1 {
			last, lastRev = c, st.rev
		}
		return nil
	})
	if n == 0 {
		bad(&RecordError{Campaign: id, Key: string(bucketRevisions), Err: fmt.Errorf("no revision stored")})
	}
	if n > s.snapshots+1 {
		bad(fmt.Errorf("campaign %d: %d revisions stored, more than the newest and %d snapshots", id, n, s.snapshots))
	}
	if err := checkSummary(id, cb.Get(keySummary), last, lastRev); err != nil {
		bad(err)
	}
	for _, kind := range recordKinds {
		if b := cb.Bucket([]byte(kind)); b != nil {
			_ = b.ForEach(func(k, v []byte) error {
				key := RecordKey{id, kind, string(k)}
				if v == nil {
					bad(&RecordError{Campaign: id, Key: key.stored(), Err: fmt.Errorf("a bucket, not a record")})
				} else if _, err := unsealRecord(key, v); err != nil {
					bad(err)
				}
				return nil
			})
		}
	}
	return errs
}

// damagedChunks names each chunk of campaign id's log that cannot be
// read, checked against its checksum and its events decoded, when the
// log as a whole could not be read (err): the first such chunk stops the
// log's reading, and bfbot check names every one. err itself is given
// back when no chunk is damaged (a chunk missing, a full one short of
// events).
func damagedChunks(cb *bolt.Bucket, id int64, err error) []error {
	var errs []error
	if eb := cb.Bucket(bucketEvents); eb != nil {
		_ = eb.ForEach(func(k, v []byte) error {
			if len(k) != 8 || v == nil {
				errs = append(errs, &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%x", bucketEvents, k), Err: fmt.Errorf("not a chunk of the log")})
				return nil
			}
			n := uint64(btoi(k))
			lines, err := readChunk(eb, id, n)
			for i := 0; err == nil && i < len(lines); i++ {
				var e campaign.Event
				if jerr := decodeJSON(lines[i], &e); jerr != nil {
					err = &RecordError{Campaign: id, Key: chunkKey(n), Err: fmt.Errorf("event %d: %w", (n-1)*eventsPerChunk+uint64(i)+1, jerr)}
				}
			}
			if err != nil {
				errs = append(errs, err)
			}
			return nil
		})
	}
	if len(errs) == 0 {
		return []error{err}
	}
	return errs
}

// checkLog unpacks every chunk of campaign id's log, which the load
// leaves to its readers (readLog), and compares the points its events
// give each side with vp, what the chunks' headers sum.
func checkLog(id int64, log campaign.Log, vp map[string]int) []error {
	var errs []error
	for _, chunk := range log.Chunks() {
		chunk.Events()
		if err := chunk.Err(); err != nil {
			errs = append(errs, err)
		}
	}
	if got := log.VP(); len(errs) == 0 && !maps.Equal(got, vp) {
		errs = append(errs, &RecordError{Campaign: id, Key: string(bucketEvents), Err: fmt.Errorf("the events give the sides %v victory points, the chunks' sums %v", got, vp)})
	}
	return errs
}

// eachDocument reads the revisions of campaign id, in its revisions
// bucket rb, newest first, as Check, copies and the schema 7 migration
// read them: each record checked against its checksum and split, its
// document rebuilt, an older one from the one after it (the newest's
// must be whole or in parts: a delta has nothing to be rebuilt from). fn
// gets each revision with its document, or the error reading it, after
// which an older delta cannot be rebuilt either; an error fn returns
// stops the walk.
func eachDocument(rb *bolt.Bucket, id int64, fn func(st state, doc []byte, err error) error) error {
	var next []byte
	cur := rb.Cursor()
	for k, _ := cur.Last(); k != nil; k, _ = cur.Prev() {
		st, err := readRevision(rb, id, k)
		if err == nil {
			next, err = st.document(id, next)
		} else {
			next = nil
		}
		if err := fn(st, next, err); err != nil {
			return err
		}
	}
	return nil
}

// checkSummary decodes campaign id's stored summary, v, and compares it
// with the one its newest revision, rev, calls for: c, the campaign that
// revision holds (nil when it could not be read).
func checkSummary(id int64, v []byte, c *campaign.Campaign, rev uint64) error {
	sum, err := decodeSummary(id, v)
	if err != nil || c == nil {
		return err
	}
	if !reflect.DeepEqual(sum, summarize(c, rev)) {
		return &RecordError{Campaign: id, Key: string(keySummary), Err: fmt.Errorf("%+v does not match revision %d", sum, rev)}
	}
	return nil
}
