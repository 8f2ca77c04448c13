package storage

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Bucket and key names of schema 12 (see the layout in doc.go).
var (
	bucketMeta      = []byte("meta")
	bucketCampaigns = []byte("campaigns")
	bucketRevisions = []byte("revisions")

	keySchema  = []byte("schema")
	keySummary = []byte("summary")
	// keyRecord holds a revision's record in its bucket (revision.go):
	// the newest's, and a snapshot's stored whole.
	keyRecord = []byte("record")
)

// itob is an ID or revision as a big-endian key, so keys sort by number.
func itob(v uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, v)
	return b
}

// btoi reads an 8-byte big-endian key; callers check the length.
func btoi(b []byte) int64 { return int64(binary.BigEndian.Uint64(b)) }

// campaignBucket returns the campaign's bucket, or ErrNotFound naming it.
func campaignBucket(tx *bolt.Tx, id int64) (*bolt.Bucket, error) {
	if id <= 0 {
		return nil, fmt.Errorf("campaign %d: %w (campaign IDs are numbers from 1)", id, ErrNotFound)
	}
	root := tx.Bucket(bucketCampaigns)
	if root == nil {
		return nil, fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	b := root.Bucket(itob(uint64(id)))
	if b == nil {
		return nil, fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	return b, nil
}
