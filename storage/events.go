package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
)

// A campaign's event log is kept outside its document, one record per
// event under its position (from 1) in campaigns/<id>/events/: a change
// writes only the events it added, and the undo snapshots share the log
// rather than each holding a copy (after 1,000 turns the log is most of a
// campaign). Each revision records its log's length; the bucket holds
// exactly the newest revision's log, and an older revision's log is its
// first events.

var bucketEvents = []byte("events")

func eventKey(seq uint64) string { return fmt.Sprintf("%s/%d", bucketEvents, seq) }

// readLog reads a campaign's first n events.
func readLog(cb *bolt.Bucket, id int64, n uint64) ([]campaign.Event, error) {
	if n == 0 {
		return nil, nil
	}
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return nil, &RecordError{Campaign: id, Key: string(bucketEvents), Err: fmt.Errorf("missing, but the campaign has %d events", n)}
	}
	log := make([]campaign.Event, 0, n)
	c := eb.Cursor()
	for k, v := c.First(); uint64(len(log)) < n; k, v = c.Next() {
		want := uint64(len(log)) + 1
		if k == nil || len(k) != 8 || uint64(btoi(k)) != want {
			return nil, &RecordError{Campaign: id, Key: eventKey(want), Err: errors.New("missing")}
		}
		var e campaign.Event
		if err := json.Unmarshal(v, &e); err != nil {
			return nil, &RecordError{Campaign: id, Key: eventKey(want), Err: err}
		}
		log = append(log, e)
	}
	return log, nil
}

// appendLog writes the events of log after the first from (which are
// stored already).
func appendLog(cb *bolt.Bucket, from int, log []campaign.Event) error {
	if len(log) < from {
		return fmt.Errorf("the change shortened the campaign's log from %d events to %d: the log only grows", from, len(log))
	}
	if from == len(log) {
		return nil
	}
	eb, err := cb.CreateBucketIfNotExists(bucketEvents)
	if err != nil {
		return err
	}
	for i := from; i < len(log); i++ {
		v, err := json.Marshal(log[i])
		if err != nil {
			return err
		}
		if err := eb.Put(itob(uint64(i+1)), v); err != nil {
			return err
		}
	}
	return nil
}

// truncateLog deletes the events after the first n (an undo going back).
func truncateLog(cb *bolt.Bucket, n uint64) error {
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return nil
	}
	c := eb.Cursor()
	for k, _ := c.Seek(itob(n + 1)); k != nil; k, _ = c.Seek(itob(n + 1)) {
		if err := eb.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// sameEvent reports whether e encodes as the stored event at position
// seq does.
func sameEvent(cb *bolt.Bucket, seq uint64, e campaign.Event) bool {
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return false
	}
	v, err := json.Marshal(e)
	return err == nil && bytes.Equal(v, eb.Get(itob(seq)))
}
