package storage

import (
	"context"
	"testing"
	"time"

	"bfbot/internal/cputime"
)

func BenchmarkZZNoSync(b *testing.B) {
	ctx := context.Background()
	s := stoOpen(b, Options{})
	s.db.NoSync = true
	id := stoCreate(b, s, 7)
	start := cputime.Process()
	for b.Loop() {
		if _, err := s.Update(ctx, id, stoBenchChange); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cputime.Process()-start)/time.Microsecond)/float64(b.N), "cpu-us")
}
