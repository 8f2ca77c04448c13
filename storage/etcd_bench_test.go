package storage

import (
	"context"
	"testing"
	"time"

	"bfbot/storage/etcdtest"
)

// BenchmarkEtcdRoundTrip is a command's round trip through the etcd store
// (read the campaign's head, change it, commit the new revision, its
// summary and the snapshot's trim in one compared transaction) against
// one member on loopback that syncs its writes. It reports x-put: its
// time over that of a bare etcd Put of the same revision record,
// interleaved one for one in the same run. The budget is 3
// (BENCHMARKS.md).
func BenchmarkEtcdRoundTrip(b *testing.B) {
	ctx := context.Background()
	srv := etcdtest.StartDurable(b, b.TempDir())
	s, err := OpenEtcd(EtcdOptions{Endpoints: srv.Endpoints, Prefix: "bench/"}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	id := stoCreate(b, s, 7)
	h, err := s.head(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	record := []byte(string(encodeState(h.st.diceState, h.st.logLen, h.st.form, h.st.body)))
	var bare time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Update(ctx, id, stoBenchChange); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		record[len(record)-2]++ // a new value, as a change makes
		start := time.Now()
		if _, err := s.Client().Put(ctx, "bare/k", string(record)); err != nil {
			b.Fatal(err)
		}
		bare += time.Since(start)
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(len(record)), "doc-bytes")
	b.ReportMetric(float64(b.Elapsed())/float64(bare), "x-put")
}
