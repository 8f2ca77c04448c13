package main

import (
	"context"
	"encoding/json"
	"fmt"
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
// including the bbolt commit"). A campaign's log and revisions grow with
// every order, so every cnsDBCycle orders the benchmark starts over with
// a fresh campaign in a fresh file (made with the timer stopped, after a
// cycle untimed): an op is one order to a campaign fewer than cnsDBCycle
// orders old, whatever b.N is.
func BenchmarkConsoleDBRoundTrip(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	c, store := cnsDBCampaign(b, filepath.Join(dir, "bench.db"))
	defer func() { closeStore(b, store) }()
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
	// A cycle's orders before the timed ones, to a campaign the first
	// timed cycle replaces: what the process makes once, on its first
	// orders, is not counted in ops that b.N would share it among.
	for i := range cnsDBCycle {
		if err := c.Line(ctx, i, lines[i%2]); err != nil {
			b.Fatal(err)
		}
	}
	var bareTime, cpu, bareCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%cnsDBCycle == 0 {
			b.StopTimer()
			closeStore(b, store)
			c, store = cnsDBCampaign(b, filepath.Join(dir, fmt.Sprintf("bench-%d.db", i/cnsDBCycle)))
			b.StartTimer()
		}
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

// cnsDBCycle is how many orders BenchmarkConsoleDBRoundTrip gives a
// campaign before it starts over.
const cnsDBCycle = 100

// cnsDBCampaign opens a bbolt store at path, as `bfbot console --db`
// does, and starts a campaign in it.
func cnsDBCampaign(b *testing.B, path string) (*console.Console, botcommand.Store) {
	store, err := openConsoleStore(path, 1, nil, false)
	if err != nil {
		b.Fatal(err)
	}
	reg := botcommand.New(botcommand.Deps{Store: store, Dice: dice.NewSeeded(1), RateLimits: botcommand.RateLimits{Off: true}})
	c := &console.Console{Dispatcher: reg, Out: io.Discard, FilesDir: filepath.Dir(path)}
	for i, l := range []string{
		"@ref /campaign create name:Bench",
		"@alice /campaign join side:crucis",
		"@bob /campaign join side:bandits",
		"@ref /campaign start",
	} {
		if err := c.Line(context.Background(), i, l); err != nil {
			b.Fatal(err)
		}
	}
	return c, store
}

func closeStore(b *testing.B, store botcommand.Store) {
	if err := store.(interface{ Close() error }).Close(); err != nil {
		b.Fatal(err)
	}
}
