package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// state is one stored revision of a campaign: its dice state, the length
// of its event log, and its document without the log. Inside a
// transaction the slices are bbolt memory.
type state struct {
	rev       uint64
	diceState []byte
	logLen    uint64
	doc       []byte
}

// key names the revision's record in errors.
func (st state) key() string { return revisionKey(st.rev) }

func revisionKey(rev uint64) string { return fmt.Sprintf("%s/%d", bucketRevisions, rev) }

// encodeState packs a revision's record: the dice state's length (uint32
// big-endian), the dice state, the log's length (uint64 big-endian), the
// document without its log. It copies, so bbolt memory may be passed in.
func encodeState(diceState []byte, logLen uint64, doc []byte) []byte {
	out := make([]byte, 4, 4+len(diceState)+8+len(doc))
	binary.BigEndian.PutUint32(out, uint32(len(diceState)))
	out = append(out, diceState...)
	out = binary.BigEndian.AppendUint64(out, logLen)
	return append(out, doc...)
}

// decodeState splits a revision's record; the slices alias v.
func decodeState(id int64, k, v []byte) (state, error) {
	if len(k) != 8 {
		return state{}, &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%x", bucketRevisions, k), Err: errors.New("key is not 8 bytes")}
	}
	st := state{rev: uint64(btoi(k))}
	if len(v) < 12 {
		return st, &RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("%d bytes, too short", len(v))}
	}
	n := binary.BigEndian.Uint32(v)
	if uint64(n) > uint64(len(v)-12) {
		return st, &RecordError{Campaign: id, Key: st.key(), Err: fmt.Errorf("dice state of %d bytes in a record of %d", n, len(v))}
	}
	st.diceState, st.logLen, st.doc = v[4:4+n], binary.BigEndian.Uint64(v[4+n:]), v[12+n:]
	return st, nil
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
// at that revision: a copy from the cache when it holds the revision,
// else decoded.
func (s *Store) load(tx *bolt.Tx, id int64) (*bolt.Bucket, state, *campaign.Campaign, error) {
	cb, st, err := newest(tx, id)
	if err != nil {
		return nil, state{}, nil, err
	}
	if c := s.cache.get(id, st.rev); c != nil {
		return cb, st, c, nil
	}
	c, err := st.campaign(cb, id)
	return cb, st, c, err
}

// campaign decodes the revision's document and reads its log.
func (st state) campaign(cb *bolt.Bucket, id int64) (*campaign.Campaign, error) {
	c, err := decodeDoc(id, st.key(), st.doc)
	if err != nil {
		return nil, err
	}
	if c.Log, err = readLog(cb, id, st.logLen); err != nil {
		return nil, err
	}
	return c, nil
}

// encodeDoc encodes a campaign's document without its log, which is kept
// event by event (events.go).
func encodeDoc(c *campaign.Campaign) ([]byte, error) {
	n := *c
	n.Log = nil
	doc, err := json.Marshal(&n)
	if err != nil {
		return nil, fmt.Errorf("campaign %d: encoding: %w", c.ID, err)
	}
	return doc, nil
}

// decodeDoc decodes a campaign document stored under key; the error
// names the campaign and the key.
func decodeDoc(id int64, key string, doc []byte) (*campaign.Campaign, error) {
	c := new(campaign.Campaign)
	if err := json.Unmarshal(doc, c); err != nil {
		return nil, &RecordError{Campaign: id, Key: key, Err: err}
	}
	if c.ID != id {
		return nil, &RecordError{Campaign: id, Key: key, Err: fmt.Errorf("document says campaign %d", c.ID)}
	}
	if c.Map == nil {
		return nil, &RecordError{Campaign: id, Key: key, Err: errors.New("no strategic map")}
	}
	// Battles' tactical maps are not in the document: regenerate them.
	if err := c.Restore(); err != nil {
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

// putRevision writes revision rev of campaign c (its document doc,
// already encoded by encodeDoc; its log already in the events bucket) and
// its summary, and drops the oldest revisions beyond the current one and
// keep snapshots.
func putRevision(cb *bolt.Bucket, c *campaign.Campaign, rev uint64, diceState, doc []byte, keep int) error {
	rb, err := cb.CreateBucketIfNotExists(bucketRevisions)
	if err != nil {
		return err
	}
	if err := rb.Put(itob(rev), encodeState(diceState, uint64(len(c.Log)), doc)); err != nil {
		return err
	}
	sum, err := json.Marshal(summarize(c, rev))
	if err != nil {
		return err
	}
	if err := cb.Put(keySummary, sum); err != nil {
		return err
	}
	return trimRevisions(rb, keep+1)
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
		k, _ := c.First()
		if err := rb.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// checkCampaign refuses to save a campaign that breaks its invariants.
func checkCampaign(c *campaign.Campaign) error {
	errs := c.Check()
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("campaign %d: %w: %w", c.ID, ErrInvalid, errors.Join(errs...))
}
