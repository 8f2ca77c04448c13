package storage

import (
	"context"

	bolt "go.etcd.io/bbolt"
)

// Footprint is what one campaign takes in the file: the bytes of the
// pages its bucket holds (its revisions, its log, its records), and of
// those the bytes written into them. The file itself is larger by
// bbolt's free pages, which later commits reuse.
type Footprint struct {
	Allocated int64 // whole pages
	Used      int64 // of those, the bytes in use
}

// Footprint measures campaign id (the storage budget, BENCHMARKS.md).
func (s *Store) Footprint(ctx context.Context, id int64) (Footprint, error) {
	var f Footprint
	err := s.view(ctx, func(tx *bolt.Tx) error {
		cb, err := campaignBucket(tx, id)
		if err != nil {
			return err
		}
		st := cb.Stats()
		// An inline bucket's bytes are in its parent's leaf, counted
		// there (bbolt's InlineBucketInuse is "also accounted for in
		// LeafInuse"); until 2026-11-28 they were added again.
		f.Allocated = int64(st.BranchAlloc + st.LeafAlloc)
		f.Used = int64(st.BranchInuse + st.LeafInuse)
		return nil
	})
	return f, err
}
