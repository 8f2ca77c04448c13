package storage

import (
	"encoding/binary"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"bfbot/internal/cputime"
)

// BenchmarkCommitLayout asks what a layout that writes fewer B+tree nodes
// per commit would save, without writing one: three bbolt files opened as
// the store's are (BoltOptions), each committed in turn, one for one, with
// no store code in the way, so that only the commit's pages differ:
//
//   - bare: the floor of the budget, one bucket holding a value of a
//     campaign's JSON size (31,925 bytes, BenchmarkConsoleDBRoundTrip's
//     campaign; bbolt writes whatever bytes alike);
//   - schema 8: what a console order's commit writes in this schema
//     (doc.go), at the sizes measured in that benchmark's file after 100
//     orders: a new revision bucket with its 7,715-byte record, the one
//     before rewritten as a 75-byte delta, the oldest of 20 inline
//     snapshots dropped, the log's open chunk (8,264 bytes) rewritten and
//     the summary (163 bytes) put: root, campaigns, the campaign, its
//     revisions, the new revision and the log's leaf, and the meta page;
//   - packed: the same bytes in one value of the campaign's bucket (the
//     newest record, the snapshots' deltas and the open chunk together,
//     beside the summary and the events bucket: three keys, a leaf bbolt
//     never splits): root, campaigns, the campaign's leaf.
//
// It reports each layout's process CPU time (user and system) and wall
// time over the bare update's (x-bare-cpu, x-bare for schema 8; the same
// prefixed packed- for the packed layout) and the writes a commit makes
// and their pages' bytes (stoReportWrites).
func BenchmarkCommitLayout(b *testing.B) {
	const (
		docSize, newestSize, deltaSize, chunkSize, summarySize = 31925, 7715, 75, 8264, 163
		snapshots                                              = 20
	)
	r := rand.New(rand.NewPCG(1, 2))
	bytesOf := func(n int) []byte {
		v := make([]byte, n)
		for i := range v {
			v[i] = byte(r.Uint32())
		}
		return v
	}
	open := func(name string) *bolt.DB {
		db, err := bolt.Open(filepath.Join(b.TempDir(), name), 0o600, BoltOptions())
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	}
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	doc, newest, delta, chunk, summary := bytesOf(docSize), bytesOf(newestSize), bytesOf(deltaSize), bytesOf(chunkSize), bytesOf(summarySize)
	head := bytesOf(newestSize + snapshots*deltaSize + chunkSize)

	bare, now, packed := stoBareDB(b), open("schema8.db"), open("packed.db")
	campaign := func(tx *bolt.Tx) *bolt.Bucket {
		return tx.Bucket(bucketCampaigns).Bucket(itob(1))
	}
	for _, db := range []*bolt.DB{now, packed} {
		must(db.Update(func(tx *bolt.Tx) error {
			if err := createSchema(tx); err != nil {
				return err
			}
			cb, err := tx.Bucket(bucketCampaigns).CreateBucket(itob(1))
			if err != nil {
				return err
			}
			eb, err := cb.CreateBucket([]byte("events"))
			if err != nil {
				return err
			}
			if err := eb.Put(itob(1), bytesOf(chunkSize/2)); err != nil {
				return err
			}
			if db == packed {
				return cb.Put([]byte("head"), head)
			}
			rb, err := cb.CreateBucket(bucketRevisions)
			if err != nil {
				return err
			}
			for rev := uint64(1); rev <= snapshots+1; rev++ {
				vb, err := rb.CreateBucket(itob(rev))
				if err != nil {
					return err
				}
				record := delta
				if rev == snapshots+1 {
					record = newest
				}
				if err := vb.Put(keyRecord, record); err != nil {
					return err
				}
			}
			return cb.Put(keySummary, summary)
		}))
	}
	rev := uint64(snapshots + 1)
	commits := []func(i int) error{
		func(i int) error {
			doc[i%len(doc)]++
			return bare.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("b")).Put([]byte("k"), doc) })
		},
		func(i int) error {
			return now.Update(func(tx *bolt.Tx) error {
				cb := campaign(tx)
				rb := cb.Bucket(bucketRevisions)
				if err := rb.Bucket(itob(rev)).Put(keyRecord, delta); err != nil {
					return err
				}
				rev++
				vb, err := rb.CreateBucket(itob(rev))
				if err != nil {
					return err
				}
				newest[i%len(newest)]++
				if err := vb.Put(keyRecord, newest); err != nil {
					return err
				}
				oldest, _ := rb.Cursor().First()
				if err := rb.DeleteBucket(oldest); err != nil {
					return err
				}
				chunk[i%len(chunk)]++
				if err := cb.Bucket([]byte("events")).Put(itob(2), chunk); err != nil {
					return err
				}
				return cb.Put(keySummary, summary)
			})
		},
		func(i int) error {
			return packed.Update(func(tx *bolt.Tx) error {
				cb := campaign(tx)
				binary.BigEndian.PutUint64(head, uint64(i))
				if err := cb.Put([]byte("head"), head); err != nil {
					return err
				}
				return cb.Put(keySummary, summary)
			})
		},
	}
	dbs := []*bolt.DB{bare, now, packed}
	var wall, cpu [3]time.Duration
	var stats [3]bolt.TxStats
	for j, db := range dbs {
		stats[j] = db.Stats().TxStats
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, commit := range commits {
			start, startCPU := time.Now(), cputime.Process()
			if err := commit(i); err != nil {
				b.Fatal(err)
			}
			wall[j] += time.Since(start)
			cpu[j] += cputime.Process() - startCPU
		}
	}
	b.StopTimer()
	ratio := func(a, b time.Duration) float64 { return float64(a) / float64(b) }
	b.ReportMetric(ratio(wall[1], wall[0]), "x-bare")
	b.ReportMetric(ratio(wall[2], wall[0]), "packed-x-bare")
	if cpu[0] > 0 {
		b.ReportMetric(ratio(cpu[1], cpu[0]), "x-bare-cpu")
		b.ReportMetric(ratio(cpu[2], cpu[0]), "packed-x-bare-cpu")
	}
	for j, prefix := range []string{"bare-", "", "packed-"} {
		stoReportWrites(b, prefix, dbs[j], stats[j])
	}
	b.ReportMetric(float64(cpu[0].Microseconds())/float64(b.N), "bare-cpu-µs/op")
}
