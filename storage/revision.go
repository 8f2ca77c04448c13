package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// state is one stored revision of a campaign: its dice state, the length
// of its event log, and its document without the log, stored in packed
// parts, whole or as a delta from the next revision's (delta.go). Inside a
// transaction the slices are bbolt memory.
type state struct {
	rev       uint64
	diceState []byte
	logLen    uint64
	form      byte // formWhole, formDelta, formParts, formPacked or formTagged
	body      []byte
}

// The forms of a revision's document: the newest revision's is in parts,
// each packed by itself and tagged with its codec (formTagged, parts.go
// and settled.go; schema 8 packed each with S2, formPacked; schemas 5
// to 7 deflated each part, formParts; schema 4 wrote it whole,
// formWhole), an undo snapshot's a delta from the revision after it.
const (
	formWhole  byte = 1
	formDelta  byte = 2
	formParts  byte = 3
	formPacked byte = 4
	formTagged byte = 5
)

// key names the revision's record in errors.
func (st state) key() string { return revisionKey(st.rev) }

func revisionKey(rev uint64) string { return fmt.Sprintf("%s/%d", bucketRevisions, rev) }

// encodeState packs a revision's record: the dice state's length (uint32
// big-endian), the dice state, the log's length (uint64 big-endian), the
// document's form and its body. It copies, so bbolt memory may be passed
// in. The record is sealed as it is stored (putRevision, revisionOps),
// with room kept for its checksum.
func encodeState(diceState []byte, logLen uint64, form byte, body []byte) []byte {
	return append(stateHeader(nil, diceState, logLen, form, len(body)), body...)
}

// stateHeader is a revision's record up to its document's body
// (encodeState), with room for size bytes of body and the checksum, so
// that a body can be built in place (newestRecord) instead of copied.
// It is built in into's array if that has the room (Store.spareRecord).
func stateHeader(into, diceState []byte, logLen uint64, form byte, size int) []byte {
	out := into[:0]
	if need := 4 + len(diceState) + 9 + size + sealSize; cap(out) < need {
		out = make([]byte, 0, need)
	}
	out = out[:4]
	binary.BigEndian.PutUint32(out, uint32(len(diceState)))
	out = append(out, diceState...)
	out = binary.BigEndian.AppendUint64(out, logLen)
	return append(out, form)
}

// sealState seals the record of revision rev of campaign id for storing.
func sealState(id int64, rev uint64, record []byte) []byte {
	return seal(id, sealRevision, rev, record)
}

// decodeState checks a revision's stored record, key k, against its
// checksum and splits it; the slices alias v.
func decodeState(id int64, k, v []byte) (state, error) {
	if len(k) != 8 {
		return state{}, &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%x", bucketRevisions, k), Err: errors.New("key is not 8 bytes")}
	}
	rev := uint64(btoi(k))
	record, err := unseal(id, sealRevision, rev, v)
	if err != nil {
		return state{rev: rev}, &RecordError{Campaign: id, Key: revisionKey(rev), Err: err}
	}
	return parseState(id, rev, record)
}

// parseState splits a revision's record without its checksum (schemas 4
// to 6 stored it so); the slices alias v.
func parseState(id int64, rev uint64, v []byte) (state, error) {
	st := state{rev: rev}
	if len(v) < 13 {
		return st, &RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("%d bytes, too short", len(v))}
	}
	n := binary.BigEndian.Uint32(v)
	if uint64(n) > uint64(len(v)-13) {
		return st, &RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("dice state of %d bytes in a record of %d", n, len(v))}
	}
	st.diceState, st.logLen, st.form, st.body = v[4:4+n], binary.BigEndian.Uint64(v[4+n:]), v[12+n], v[13+n:]
	if st.form < formWhole || st.form > formTagged {
		return st, &RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("document of unknown form %d", st.form)}
	}
	return st, nil
}

// document returns the revision's document (JSON). next is the document
// of the revision after it, which a delta is rebuilt from; nil for the
// newest.
func (st state) document(id int64, next []byte) ([]byte, error) {
	raw, err := st.unpack()
	if err != nil {
		return nil, &RecordError{Campaign: id, Key: st.key(), Err: err}
	}
	if st.form != formDelta {
		return raw, nil
	}
	if next == nil {
		return nil, &RecordError{Campaign: id, Key: st.key(), Err: errors.New("a delta with no revision after it")}
	}
	doc, err := applyDelta(next, raw)
	if err != nil {
		return nil, &RecordError{Campaign: id, Key: st.key(), Err: err}
	}
	return doc, nil
}

// unpack returns the revision's body unpacked: its document, or for an
// undo snapshot its delta.
func (st state) unpack() ([]byte, error) {
	switch st.form {
	case formPacked, formTagged:
		return unpackParts(st.body, st.form == formTagged)
	case formParts:
		return inflateParts(st.body)
	}
	return inflate(st.body)
}

// The newest revision is a bucket of its own, revisions/<rev>/, holding
// its record under keyRecord (from schema 3). Side by side in one
// bucket the records shared leaf pages, and bbolt keeps two to four
// values in a leaf whatever their size: every commit rewrote the newest
// leaf's documents and, dropping the oldest snapshot, the oldest leaf's,
// several times one document's bytes. A bucket gives the newest
// document its own pages: a change writes one document and dropping it
// frees pages without rewriting any.
//
// An undo snapshot stored as a delta, a few hundred bytes, is the value
// revisions/<rev> from schema 10 (snapshotsAsValues): in a bucket of
// its own it cost 54 bytes more, and one over about a kilobyte was no
// longer kept in its parent's leaf but took a whole page (bbolt keeps a
// bucket inline up to a quarter of a page). Schema 9's snapshot buckets
// are still read. A snapshot stored whole (a copy from the etcd store,
// which keeps no deltas) keeps its bucket.

// revisionRecord returns the record of revision key k of revisions
// bucket rb, a value or in a bucket of its own; the slice is bbolt
// memory.
func revisionRecord(rb *bolt.Bucket, id int64, k []byte) ([]byte, error) {
	if v := rb.Get(k); v != nil {
		return v, nil
	}
	b := rb.Bucket(k)
	if b == nil {
		key := fmt.Sprintf("%s/%x", bucketRevisions, k)
		if len(k) == 8 {
			key = revisionKey(uint64(btoi(k)))
		}
		return nil, &RecordError{Campaign: id, Key: key, Err: errors.New("not a revision bucket")}
	}
	return b.Get(keyRecord), nil
}

// readRevision decodes the revision stored under key k of rb.
func readRevision(rb *bolt.Bucket, id int64, k []byte) (state, error) {
	v, err := revisionRecord(rb, id, k)
	if err != nil {
		return state{}, err
	}
	return decodeState(id, k, v)
}

// current returns the campaign's newest revision.
func current(cb *bolt.Bucket, id int64) (state, error) {
	rb := cb.Bucket(bucketRevisions)
	if rb == nil {
		return state{}, &RecordError{Campaign: id, Key: string(bucketRevisions), Err: errors.New("missing")}
	}
	k, v := rb.Cursor().Last()
	if k == nil {
		return state{}, &RecordError{Campaign: id, Key: string(bucketRevisions), Err: errors.New("no revision stored")}
	}
	// The newest revision's bucket (from schema 3) read from where the
	// cursor stands, not sought again as a value first (revisionRecord).
	if v == nil {
		b := rb.Bucket(k)
		if b == nil {
			return readRevision(rb, id, k) // its error
		}
		v = b.Get(keyRecord)
	}
	return decodeState(id, k, v)
}

// newest finds campaign id's bucket and its newest revision.
func newest(tx *bolt.Tx, id int64) (*bolt.Bucket, state, error) {
	cb, err := campaignBucket(tx, id)
	if err != nil {
		return nil, state{}, err
	}
	st, err := current(cb, id)
	return cb, st, err
}

// load finds campaign id's bucket and newest revision, and the campaign
// at that revision with its document and the chunk of its log holding
// its last event (a cache entry's fields): a copy from the cache when it
// holds the revision, else decoded. The document and the chunk must not
// be changed.
func (s *Store) load(tx *bolt.Tx, id int64) (*bolt.Bucket, state, *cached, error) {
	return s.loadFrom(tx, id, s.cache.get)
}

// loadFrom is load with the entry from (the cache's get, or its take for
// a change) when the cache holds the revision.
func (s *Store) loadFrom(tx *bolt.Tx, id int64, from func(id int64, rev uint64) *cached) (cb *bolt.Bucket, st state, e *cached, err error) {
	if cb, st, err = newest(tx, id); err != nil {
		return nil, state{}, nil, err
	}
	if e := from(id, st.rev); e != nil {
		return cb, st, e, nil
	}
	e = &cached{rev: st.rev, kept: true}
	if e.doc, err = st.document(id, nil); err != nil {
		return nil, state{}, nil, err
	}
	if e.c, err = decodeKeptDoc(id, st.key(), e.doc); err != nil {
		return nil, state{}, nil, err
	}
	if e.c.Log, e.last, e.vp, err = readLog(cb, id, st.logLen); err != nil {
		return nil, state{}, nil, err
	}
	return cb, st, e, nil
}

// campaign decodes the revision's document, doc, and reads its log; last
// is the chunk holding the log's last event (nil for an empty log).
func (st state) campaign(cb *bolt.Bucket, id int64, doc []byte) (c *campaign.Campaign, last [][]byte, err error) {
	if c, err = decodeDoc(id, st.key(), doc); err != nil {
		return nil, nil, err
	}
	if c.Log, last, _, err = readLog(cb, id, st.logLen); err != nil {
		return nil, nil, err
	}
	return c, last, nil
}

// docBuffer is the buffer a change encodes its document into, when the
// revision before's was prev: spare when it has room, else a new one,
// sized to hold prev and a little more, so that encoding seldom grows it.
// The cache keeps the bytes encoded there once the change commits, so
// they are never copied out of a reused buffer (which cost a round trip
// more than the allocation); spare is a document no one holds any more
// (Store.spareDoc).
func docBuffer(prev, spare []byte) *bytes.Buffer {
	if size := len(prev) + len(prev)/8 + 512; cap(spare) < size {
		spare = make([]byte, 0, size)
	}
	return bytes.NewBuffer(spare[:0])
}

// wholeRecord is the record of a newest revision with document doc,
// every part packed (newestRecord).
func wholeRecord(diceState []byte, logLen uint64, doc []byte) []byte {
	return newestRecord(nil, diceState, logLen, doc, nil, nil)
}

// partsBody is the revision's record body when it holds its document in
// tagged parts (newestRecord reuses them), else nil.
func (st state) partsBody() []byte {
	if st.form != formTagged {
		return nil
	}
	return st.body
}

// deltaRecord is the record of revision st, whose document is doc, once
// a revision with document next follows it: doc as a delta from next.
func deltaRecord(st state, doc, next []byte) []byte {
	delta := makeDelta(next, doc)
	return encodeState(st.diceState, st.logLen, formDelta, deflate(nil, delta, levelFor(len(delta))))
}

// decodeDoc decodes a campaign document stored under key; the error
// names the campaign and the key.
func decodeDoc(id int64, key string, doc []byte) (*campaign.Campaign, error) {
	return decodeDocWith(id, key, doc, decodeJSON)
}

// decodeKeptDoc is decodeDoc of a document that is never changed, nor
// its memory reused, while the campaign lives: the campaign's strings
// refer to it (decodeKeptJSON).
func decodeKeptDoc(id int64, key string, doc []byte) (*campaign.Campaign, error) {
	return decodeDocWith(id, key, doc, decodeKeptJSON)
}

// decodeDocWith is decodeDoc with the parts decoded by decode.
func decodeDocWith(id int64, key string, doc []byte, decode func([]byte, any) error) (*campaign.Campaign, error) {
	c := new(campaign.Campaign)
	if err := unmarshalDoc(doc, c, decode); err != nil {
		return nil, &RecordError{Campaign: id, Key: key, Err: err}
	}
	if c.ID != id {
		return nil, &RecordError{Campaign: id, Key: key, Err: fmt.Errorf("document says campaign %d", c.ID)}
	}
	if c.Map == nil {
		return nil, &RecordError{Campaign: id, Key: key, Err: errors.New("no strategic map")}
	}
	// Battles' tactical maps are not in the document: regenerate them
	// (a scenario campaign's from its shipped scenario).
	if err := c.RestoreWith(scenario.BuiltInMap); err != nil {
		return nil, &RecordError{Campaign: id, Key: key, Err: err}
	}
	return c, nil
}

// seeded decodes the revision's dice state.
func (st state) seeded(id int64) (*dice.Seeded, error) {
	s := new(dice.Seeded)
	if err := s.UnmarshalBinary(st.diceState); err != nil {
		return nil, &RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("dice state: %w", err)}
	}
	return s, nil
}

// putRevision writes revision rev of campaign c (its record, made by
// wholeRecord, sealed here; its log already in the events bucket) and its summary,
// and drops the oldest revisions beyond the current one and keep
// snapshots; it returns the summary. The revision before, when kept, must have been made a delta
// first (deltaRecord, putSnapshot). was is the revision before's
// summary when known, else nil (putSummary).
func putRevision(cb *bolt.Bucket, c *campaign.Campaign, rev uint64, record []byte, keep int, was *Summary) (Summary, error) {
	rb, err := cb.CreateBucketIfNotExists(bucketRevisions)
	if err != nil {
		return Summary{}, err
	}
	inKeyOrder(rb)
	b, err := rb.CreateBucket(itob(rev))
	if err != nil {
		return Summary{}, fmt.Errorf("campaign %d: %s: %w", c.ID, revisionKey(rev), err)
	}
	if err := b.Put(keyRecord, sealState(c.ID, rev, record)); err != nil {
		return Summary{}, err
	}
	sum := summarize(c, rev)
	if err := putSummary(cb, sum, was); err != nil {
		return Summary{}, err
	}
	return sum, trimRevisions(rb, keep+1)
}

// putSnapshot replaces the record of revision rev of campaign id, the
// newest until now, with record, a delta (deltaRecord): the value
// revisions/<rev> instead of its bucket.
func putSnapshot(cb *bolt.Bucket, id int64, rev uint64, record []byte) error {
	rb := cb.Bucket(bucketRevisions)
	if err := deleteRevision(rb, itob(rev)); err != nil {
		return err
	}
	return rb.Put(itob(rev), sealState(id, rev, record))
}

// deleteRevision deletes revision key k of rb, a bucket or a value.
func deleteRevision(rb *bolt.Bucket, k []byte) error {
	if rb.Bucket(k) != nil {
		return rb.DeleteBucket(k)
	}
	return rb.Delete(k)
}

// trimRevisions deletes the oldest revisions until keep are left. It
// counts with a cursor: Bucket.Stats does not see a write transaction's
// own changes.
func trimRevisions(rb *bolt.Bucket, keep int) error {
	n := 0
	c := rb.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
	}
	for ; n > keep; n-- {
		// A snapshot stored as a value is deleted where the cursor
		// stands, not sought again.
		var err error
		if k, v := c.First(); v != nil {
			err = c.Delete()
		} else {
			err = rb.DeleteBucket(k)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkCampaign refuses to save a campaign that breaks its invariants.
func checkCampaign(c *campaign.Campaign) error {
	return invalid(c, c.Check())
}

// invalid is the error of campaign c's broken invariants errs (nil when
// none).
func invalid(c *campaign.Campaign, errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("campaign %d: %w: %w", c.ID, ErrInvalid, errors.Join(errs...))
}
