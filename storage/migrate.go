package storage

import (
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
	1: migrate1to2,
	2: migrate2to3,
}

// migrate1to2 moves each campaign from campaigns/<decimal id> → {campaign,
// seed} into its own bucket under a big-endian key, with dice state from
// the seed, revision 1 and no snapshots, and sets the ID sequence. It
// writes the revision through putRevision, in the newest layout, which
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
		if err := appendLog(cb, 0, m.c.Log); err != nil {
			return err
		}
		if err := putRevision(cb, m.c, 1, encodeState(m.dic, uint64(len(m.c.Log)), m.doc), 0); err != nil {
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
