package storage

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// RecordKind says which opaque records of a campaign a record belongs to.
// The store keeps their bytes and never reads them.
type RecordKind string

// The kinds of opaque record kept with a campaign.
const (
	// Schedule: the scheduler's entries, one per deadline kind.
	Schedule RecordKind = "schedule"
	// Binding: the Discord bindings (guild, channel, threads, pinned
	// message IDs), one per name.
	Binding RecordKind = "bindings"
	// Marker: durable markers of what was done once: turn markers,
	// written with the turn they mark (give them to Update) so a restart
	// runs a turn exactly once, and the deadline a reminder last went
	// out for (bot/app), so a process taking a campaign over does not
	// send it again.
	Marker RecordKind = "markers"
)

func (k RecordKind) valid() bool { return k == Schedule || k == Binding || k == Marker }

// recordKinds are the kinds of opaque record, in the order the copies
// and checks read them.
var recordKinds = []RecordKind{Schedule, Binding, Marker}

// RecordKey names one opaque record.
type RecordKey struct {
	Campaign int64
	Kind     RecordKind
	Name     string
}

func (k RecordKey) String() string {
	return fmt.Sprintf("campaign %d %s %q", k.Campaign, k.Kind, k.Name)
}

// Record is one opaque record with its key. A nil Value given to Update or
// PutRecord deletes the record.
type Record struct {
	RecordKey
	Value []byte
}

// stored is where the record lies in its campaign's bucket, as a
// *RecordError names it: "schedule/order".
func (k RecordKey) stored() string { return string(k.Kind) + "/" + k.Name }

func (k RecordKey) validate() error {
	switch {
	case k.Campaign <= 0:
		return fmt.Errorf("record %s: campaign IDs are numbers from 1", k)
	case !k.Kind.valid():
		return fmt.Errorf("record %s: kind %q: use %s, %s or %s", k, k.Kind, Schedule, Binding, Marker)
	case k.Name == "" || len(k.Name) > 200:
		return fmt.Errorf("record %s: the name must be 1 to 200 bytes", k)
	}
	return nil
}

// GetRecord returns the record's value, or nil if there is none; a
// *RecordError if its checksum (seal.go) does not match.
func (s *Store) GetRecord(ctx context.Context, key RecordKey) ([]byte, error) {
	if err := key.validate(); err != nil {
		return nil, err
	}
	var out []byte
	err := s.view(ctx, func(tx *bolt.Tx) error {
		cb, err := campaignBucket(tx, key.Campaign)
		if err != nil {
			return err
		}
		if b := cb.Bucket([]byte(key.Kind)); b != nil {
			if v := b.Get([]byte(key.Name)); v != nil {
				body, rerr := unsealRecord(key, v)
				if rerr != nil {
					return rerr
				}
				out = append([]byte{}, body...)
			}
		}
		return nil
	})
	return out, err
}

// PutRecord writes (or with a nil value deletes) one record.
func (s *Store) PutRecord(ctx context.Context, key RecordKey, value []byte) error {
	if err := key.validate(); err != nil {
		return err
	}
	return s.update(ctx, func(tx *bolt.Tx) error {
		cb, err := campaignBucket(tx, key.Campaign)
		if err != nil {
			return err
		}
		return putRecords(cb, []Record{{key, value}})
	})
}

// Records lists a campaign's records of one kind by name, or, with
// campaign 0, every campaign's (the scheduler rebuilds its jobs so). A
// record whose checksum does not match fails one campaign's list with a
// *RecordError naming it: a deadline or a binding silently changed
// would be worse than a bot that says which record to restore. With
// campaign 0 the sound records come back with a *DamagedRecords naming
// the others, so one campaign's damage does not stop the bot reading
// the rest (ruling SG3).
func (s *Store) Records(ctx context.Context, campaign int64, kind RecordKind) ([]Record, error) {
	if !kind.valid() {
		return nil, fmt.Errorf("records: kind %q: use %s, %s or %s", kind, Schedule, Binding, Marker)
	}
	var out []Record
	var bad []*RecordError
	err := s.view(ctx, func(tx *bolt.Tx) error {
		if campaign != 0 {
			cb, err := campaignBucket(tx, campaign)
			if err != nil {
				return err
			}
			out, bad = readRecords(cb, campaign, kind)
			return nil
		}
		c := tx.Bucket(bucketCampaigns).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if v == nil && len(k) == 8 {
				recs, b := readRecords(tx.Bucket(bucketCampaigns).Bucket(k), btoi(k), kind)
				out, bad = append(out, recs...), append(bad, b...)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return soundRecords(campaign, out, bad)
}

// readRecords returns campaign id's records of one kind, each checked
// against its checksum and copied out of bbolt's memory, in the order of
// their names, and apart those that fail their checksum.
func readRecords(cb *bolt.Bucket, id int64, kind RecordKind) ([]Record, []*RecordError) {
	b := cb.Bucket([]byte(kind))
	if b == nil {
		return nil, nil
	}
	var out []Record
	var bad []*RecordError
	_ = b.ForEach(func(k, v []byte) error { // the function never fails
		key := RecordKey{id, kind, string(k)}
		if v == nil {
			bad = append(bad, &RecordError{Campaign: id, Key: key.stored(), Err: fmt.Errorf("a bucket, not a record")})
			return nil
		}
		body, err := unsealRecord(key, v)
		if err != nil {
			bad = append(bad, err)
			return nil
		}
		out = append(out, Record{key, clone(body)})
		return nil
	})
	return out, bad
}

// soundRecords is Records' answer: one campaign's list fails at its
// first damaged record; every campaign's (campaign 0) keeps its sound
// records and names the damaged ones in a *DamagedRecords.
func soundRecords(campaign int64, out []Record, bad []*RecordError) ([]Record, error) {
	switch {
	case len(bad) == 0:
		return out, nil
	case campaign != 0:
		return nil, bad[0]
	}
	return out, &DamagedRecords{Errs: bad}
}

// putRecords writes records into a campaign's bucket inside a
// transaction, each sealed with its checksum.
func putRecords(cb *bolt.Bucket, recs []Record) error {
	for _, r := range recs {
		b, err := cb.CreateBucketIfNotExists([]byte(r.Kind))
		if err != nil {
			return err
		}
		if r.Value == nil {
			err = b.Delete([]byte(r.Name))
		} else {
			err = b.Put([]byte(r.Name), sealRecord(r.RecordKey, r.Value))
		}
		if err != nil {
			return err
		}
	}
	return nil
}
