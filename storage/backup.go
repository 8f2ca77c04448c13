package storage

import (
	"context"
	"io"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole file to w from one read
// transaction (bbolt Tx.WriteTo): changes committed meanwhile are not in
// it, and are not held up by it. The copy opens with Open like the
// original.
func (s *Store) Backup(ctx context.Context, w io.Writer) (int64, error) {
	var n int64
	err := s.view(ctx, func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}
