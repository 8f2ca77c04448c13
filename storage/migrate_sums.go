package storage

import (
	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
)

// migrateChunkSums writes each full chunk of the log in schema 9's events
// form (chunkEvents) in the summed form instead (chunkSummed,
// full_chunk.go): the points its events give each side, then the same
// zstd frame, sealed again. A load can then leave every full chunk packed
// until a reader reaches it (readLog). Each chunk is unpacked to add
// its points up, so a chunk that no longer unpacks stops the migration,
// which leaves the file as it was. The other forms (deflated JSON, the
// open chunk's S2 block) are read at load as before and stay as they
// are.
func migrateChunkSums(tx *bolt.Tx) error { return eachCampaign(tx, 10, sumChunks) }

// sumChunks writes a schema 10 log's full chunks in the summed form.
func sumChunks(cb *bolt.Bucket, id int64) error {
	return rewriteChunks(cb, id, func(k, v []byte) ([]byte, error) {
		z, err := unseal(id, sealChunk, uint64(btoi(k)), v)
		if err != nil {
			return nil, &RecordError{Campaign: id, Key: chunkKey(uint64(btoi(k))), Err: err}
		}
		if len(z) == 0 || z[0] != chunkEvents {
			return nil, nil
		}
		events, err := unpackFull(nil, z[1:])
		if err != nil {
			return nil, &RecordError{Campaign: id, Key: chunkKey(uint64(btoi(k))), Err: err}
		}
		return append(appendChunkSums([]byte{chunkSummed}, campaign.LogVP(nil, events)), z[1:]...), nil
	})
}
