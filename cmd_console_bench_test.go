package main

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	botcommand "bfbot/bot/command"
	"bfbot/bot/console"
	"bfbot/internal/cputime"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// BenchmarkConsoleDBRoundTrip is one console command that changes a
// campaign, with the bbolt store `bfbot console --db` uses: parse the line,
// check permissions, load the campaign, give the order, commit the new
// revision and print the reply. It reports x-bare: its time over a bare
// bbolt Update putting the campaign as JSON (31 KB, not deflated: what
// the store would write if it only encoded and committed), the two
// interleaved one for one in the same run; and x-bare-cpu, the same for
// the process's CPU time (user and system), which the machine's load
// disturbs less; cpu-µs/op and bare-cpu-µs/op are the two CPU times
// themselves. The budget is 1.5 (BENCHMARKS.md, "console round trip
// including the bbolt commit").
func BenchmarkConsoleDBRoundTrip(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	store, err := openConsoleStore(filepath.Join(dir, "bench.db"), 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.(interface{ Close() error }).Close() })
	reg := botcommand.New(botcommand.Deps{Store: store, Dice: dice.NewSeeded(1), RateLimits: botcommand.RateLimits{Off: true}})
	c := &console.Console{Dispatcher: reg, Out: io.Discard, FilesDir: dir}
	for i, l := range []string{
		"@ref /campaign create name:Bench",
		"@alice /campaign join side:crucis",
		"@bob /campaign join side:bandits",
		"@ref /campaign start",
	} {
		if err := c.Line(ctx, i, l); err != nil {
			b.Fatal(err)
		}
	}
	// The bare update puts a value the size of the campaign document the
	// store writes for each change.
	cur, err := store.Get(ctx, 1)
	if err != nil {
		b.Fatal(err)
	}
	doc, err := json.Marshal(cur)
	if err != nil {
		b.Fatal(err)
	}
	// Opened as a deployment's file is (storage.Open).
	bare, err := bolt.Open(filepath.Join(dir, "bare.db"), 0o600, storage.BoltOptions())
	if err != nil {
		b.Fatal(err)
	}
	defer bare.Close()
	if err := bare.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("b")); return err }); err != nil {
		b.Fatal(err)
	}
	// Two orders in turn, so every line is a real change to store.
	lines := []string{"@alice /orders move bg:2 path:2", "@alice /orders hold bg:2"}
	var bareTime, cpu, bareCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		startCPU := cputime.Process()
		if err := c.Line(ctx, i, lines[i%2]); err != nil {
			b.Fatal(err)
		}
		cpu += cputime.Process() - startCPU
		b.StopTimer()
		doc[i%len(doc)]++
		start, startCPU := time.Now(), cputime.Process()
		if err := bare.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("b")).Put([]byte("k"), doc) }); err != nil {
			b.Fatal(err)
		}
		bareTime += time.Since(start)
		bareCPU += cputime.Process() - startCPU
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(len(doc)), "doc-bytes")
	b.ReportMetric(float64(b.Elapsed())/float64(bareTime), "x-bare")
	if bareCPU > 0 {
		b.ReportMetric(float64(cpu)/float64(bareCPU), "x-bare-cpu")
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
	b.ReportMetric(float64(bareCPU.Microseconds())/float64(b.N), "bare-cpu-µs/op")
}
