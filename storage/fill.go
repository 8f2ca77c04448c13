package storage

import bolt "go.etcd.io/bbolt"

// A campaign's log chunks and its revisions are keyed in the order they
// are written: a new chunk or revision goes after the last, and only the
// oldest revision is ever deleted. bbolt splits a leaf at half a page
// by default (FillPercent 0.5), so such a bucket's leaves stay half
// empty: the log of a demo campaign of 20 turns took 32 KB of pages for
// 16 KB of chunks. Filled to the page, a leaf that is split is full,
// and the next key starts the next one.

// inKeyOrder sets b, a bucket written in key order, to fill its leaves
// before splitting them, and returns it. bbolt keeps the setting for
// the transaction only.
func inKeyOrder(b *bolt.Bucket) *bolt.Bucket {
	b.FillPercent = 1
	return b
}
