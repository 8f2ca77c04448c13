package storage

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/internal/cputime"
	"bfbot/referee/dice"
)

// stoBenchChange is a change that keeps the document's size: one roll,
// one number changed, on a copy of the whole campaign (Clone). It logs
// no event (BenchmarkRoundTrip's changes are real commands').
func stoBenchChange(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
	r, err := d.TwoD6("benchmark")
	if err != nil {
		return nil, err
	}
	n := c.Clone()
	n.Sides[0].Salvage = r
	return n, nil
}

// BenchmarkRoundTrip is a command's round trip through the store: load
// the campaign and its dice, apply a change, save campaign and dice as a
// new revision (the old one stays as the undo snapshot) in one commit.
// The change is a real command's, made by the campaign package as the
// bot's commands make it, with the event it logs: "Order" is what
// /orders gives (a move and a hold for the same battlegroup in turn),
// which copies the side's orders alone (campaign.GiveOrder shares the
// rest of the campaign); "Rename" is a worksheet change (/bg rename, in
// turn two names), which copies the whole campaign (Clone), as a split,
// a merge, a join and a turn's steps do. The budget is on "Order", the
// command players give most (BENCHMARKS.md); "Rename" is measured so
// that a whole copy's cost stays in sight.
//
// Each reports x-bare: its time over that of a bare bbolt Update putting
// a value of the document's size (the document as JSON, 31 KB, not
// deflated: what the store would write if it only encoded and
// committed), interleaved one for one in the same run so that the
// machine's load falls on both alike; and x-bare-cpu, the same for the
// process's CPU time (user and system), which the machine's load
// disturbs less, with the two CPU times themselves (cpu-µs/op,
// bare-cpu-µs/op). The budget is 1.5. writes/op and page-bytes/op are
// what each commit writes (bbolt's TxStats: a write is a run of pages,
// or the meta page), bare-writes/op and bare-page-bytes/op the same for
// the bare update.
func BenchmarkRoundTrip(b *testing.B) {
	b.Run("Order", func(b *testing.B) { stoRoundTrip(b, false, stoBenchOrders) })
	b.Run("Rename", func(b *testing.B) { stoRoundTrip(b, false, stoBenchRename) })
}

// BenchmarkRoundTripNoSync is BenchmarkRoundTrip with neither file synced
// (bbolt's NoSync, on both): the pages are written alike, but nothing
// waits for the disk, so what it measures is the store's own work and
// its commit's writes against the bare update's writes, with the process
// never put to sleep between them. Not a budget: it tells the work from
// the waiting (BENCHMARKS.md).
func BenchmarkRoundTripNoSync(b *testing.B) {
	b.Run("Order", func(b *testing.B) { stoRoundTrip(b, true, stoBenchOrders) })
	b.Run("Rename", func(b *testing.B) { stoRoundTrip(b, true, stoBenchRename) })
}

// stoBenchOrders is the changes of BenchmarkRoundTrip's "Order": the
// first battlegroup of c's first side that can move is ordered to move
// to a sector next to it and then to hold, again and again, as its
// player would with /orders.
func stoBenchOrders(tb testing.TB, c *campaign.Campaign) UpdateFunc {
	tb.Helper()
	side := c.Sides[0].ID
	for _, bg := range c.Sides[0].Battlegroups {
		for _, to := range c.Map.Neighbors(bg.Sector) {
			move := campaign.Order{Kind: campaign.OrderMove, Battlegroup: bg.ID, Sectors: []int{to}}
			if _, _, err := campaign.GiveOrder(c, side, move); err == nil {
				return stoBenchGive(side, move, campaign.Order{Kind: campaign.OrderHold, Battlegroup: bg.ID})
			}
		}
	}
	tb.Fatal("no battlegroup of the first side can move")
	return nil
}

// stoBenchRename is the changes of BenchmarkRoundTrip's "Rename": the
// first side's first battlegroup called by one name and then another.
func stoBenchRename(tb testing.TB, c *campaign.Campaign) UpdateFunc {
	bg := c.Sides[0].Battlegroups[0].ID
	return stoBenchGive(c.Sides[0].ID,
		campaign.Order{Kind: campaign.OrderRename, Battlegroup: bg, Name: "Bench One"},
		campaign.Order{Kind: campaign.OrderRename, Battlegroup: bg, Name: "Bench Two"})
}

// stoBenchGive gives side's orders a and b in turn, one a change.
func stoBenchGive(side string, a, b campaign.Order) UpdateFunc {
	orders, i := [2]campaign.Order{a, b}, 0
	return func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		i++
		n, _, err := campaign.GiveOrder(c, side, orders[i%2])
		return n, err
	}
}

// stoRoundTrip is BenchmarkRoundTrip, with or without syncing, making
// the changes changes gives for the campaign.
func stoRoundTrip(b *testing.B, noSync bool, changes func(testing.TB, *campaign.Campaign) UpdateFunc) {
	ctx := context.Background()
	s := stoOpen(b, Options{})
	id := stoCreate(b, s, 7)
	c, err := s.Get(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	change := changes(b, c)
	value, err := json.Marshal(c)
	if err != nil {
		b.Fatal(err)
	}
	db := stoBareDB(b)
	s.db.NoSync, db.NoSync = noSync, noSync
	var bare, cpu, bareCPU time.Duration
	stats, bareStats := s.db.Stats().TxStats, db.Stats().TxStats
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		startCPU := cputime.Process()
		if _, err := s.Update(ctx, id, change); err != nil {
			b.Fatal(err)
		}
		cpu += cputime.Process() - startCPU
		b.StopTimer()
		value[i%len(value)]++
		start, startCPU := time.Now(), cputime.Process()
		if err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("b")).Put([]byte("k"), value) }); err != nil {
			b.Fatal(err)
		}
		bare += time.Since(start)
		bareCPU += cputime.Process() - startCPU
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(len(value)), "doc-bytes")
	b.ReportMetric(float64(b.Elapsed())/float64(bare), "x-bare")
	if bareCPU > 0 {
		b.ReportMetric(float64(cpu)/float64(bareCPU), "x-bare-cpu")
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
	b.ReportMetric(float64(bareCPU.Microseconds())/float64(b.N), "bare-cpu-µs/op")
	stoReportWrites(b, "", s.db, stats)
	stoReportWrites(b, "bare-", db, bareStats)
}

// stoReportWrites reports what db's commits wrote since before, per
// iteration: the writes (runs of pages, and the meta page) and the bytes
// of the pages.
func stoReportWrites(b *testing.B, prefix string, db *bolt.DB, before bolt.TxStats) {
	after := db.Stats().TxStats
	diff := after.Sub(&before)
	b.ReportMetric(float64(diff.GetWrite())/float64(b.N), prefix+"writes/op")
	b.ReportMetric(float64(diff.GetPageAlloc())/float64(b.N), prefix+"page-bytes/op")
}

// BenchmarkBareUpdate is one bbolt Update putting a value of a campaign
// document's size: the floor a round trip is measured against.
func BenchmarkBareUpdate(b *testing.B) {
	doc, err := json.Marshal(stoNewCampaign(b))
	if err != nil {
		b.Fatal(err)
	}
	db := stoBareDB(b)
	for b.Loop() {
		if err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("b")).Put([]byte("k"), doc) }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(doc)), "doc-bytes")
}

func stoBareDB(b testing.TB) *bolt.DB {
	db, err := bolt.Open(filepath.Join(b.TempDir(), "bare.db"), 0o600, BoltOptions())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("b")); return err }); err != nil {
		b.Fatal(err)
	}
	return db
}

// Ensure the file stays bounded after 1,000 campaign turns with the undo
// snapshots kept: it must hold little more than the kept revisions and
// the one log they share, with room for bbolt's free pages. The size is
// logged for BENCHMARKS.md.
func TestFileSize1000Turns(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 commits; skipped under -short")
	}
	ctx := context.Background()
	s := stoOpen(t, Options{Snapshots: DefaultSnapshots})
	s.db.NoSync = true // the size, not the durability, is measured here
	id := stoCreate(t, s, 7)
	for i := 0; i < 1000; i++ {
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Fatal(err)
		}
	}
	doc, _, _, _ := stoState(t, s, id)
	c, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	log, _ := json.Marshal(c.Log)
	st, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	live := int64(len(doc))*(DefaultSnapshots+1) + int64(len(log))
	t.Logf("after 1,000 turns with %d snapshots: file %d KB; document %d KB without its log, log %d events, %d KB",
		DefaultSnapshots, st.Size()>>10, len(doc)>>10, c.Log.Len(), len(log)>>10)
	if limit := 4*live + 1<<20; st.Size() > limit {
		t.Errorf("file of %d bytes, more than %d: old revisions or free pages are not being reused", st.Size(), limit)
	}
}

// BenchmarkLoad is loading a campaign, each iteration twice,
// interleaved: once from the store's cache of decoded revisions (which an
// update fills) and once with the cache emptied first (the document
// inflated and decoded, its log read, its battles' maps regenerated), as
// after a restart or, on etcd, after another process changed the
// campaign. ns/op is the uncached one; x-cached is its time over the
// cached one's, x-cached-cpu the same for the process's CPU time
// (cpu-µs/op and cached-cpu-µs/op are the two). "Command" is what a command that changes a campaign does
// with the store: it reads the campaign (Get: the permission and phase
// checks, the reply) and changes it (Update: load, change, save with the
// undo snapshot, commit); the budget, 2, is on it (BENCHMARKS.md).
// "Aged" is "Command" on a campaign that has played agedTurns turns
// (its log's events reported): what the log weighs in a load.
// "RoundTrip" is the Update alone. "Get" alone compares decoding with
// copying a decoded campaign (about 30 µs), which no command does by
// itself.
func BenchmarkLoad(b *testing.B) {
	ctx := context.Background()
	command := func(s *Store, id int64) error {
		if _, err := s.Get(ctx, id); err != nil {
			return err
		}
		_, err := s.Update(ctx, id, stoBenchChange)
		return err
	}
	for _, bc := range []struct {
		name string
		load func(s *Store, id int64) error
	}{
		{"Command", command},
		{"RoundTrip", func(s *Store, id int64) error { _, err := s.Update(ctx, id, stoBenchChange); return err }},
		{"Get", func(s *Store, id int64) error { _, err := s.Get(ctx, id); return err }},
		{"Aged", command},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := stoOpen(b, Options{})
			id := stoCreate(b, s, 7)
			events := 0
			if bc.name == "Aged" {
				events = stoAge(b, s, id, agedTurns)
			}
			var cached, cachedCPU, cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				if _, err := s.Update(ctx, id, stoBenchChange); err != nil { // fills the cache
					b.Fatal(err)
				}
				start, startCPU := time.Now(), cputime.Process()
				if err := bc.load(s, id); err != nil {
					b.Fatal(err)
				}
				cached += time.Since(start)
				cachedCPU += cputime.Process() - startCPU
				s.cache.drop(id)
				b.StartTimer()
				startCPU = cputime.Process()
				if err := bc.load(s, id); err != nil {
					b.Fatal(err)
				}
				cpu += cputime.Process() - startCPU
			}
			b.ReportMetric(float64(b.Elapsed())/float64(cached), "x-cached")
			if cachedCPU > 0 {
				b.ReportMetric(float64(cpu)/float64(cachedCPU), "x-cached-cpu")
			}
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
			b.ReportMetric(float64(cachedCPU.Microseconds())/float64(b.N), "cached-cpu-µs/op")
			if events > 0 {
				b.ReportMetric(float64(events), "events")
			}
		})
	}
}

// agedTurns is the age of BenchmarkLoad's "Aged" campaign.
const agedTurns = 300

// stoAge plays turns campaign turns of campaign id (stoStep), without
// syncing each commit, and returns the events of its log.
func stoAge(b testing.TB, s *Store, id int64, turns int) int {
	b.Helper()
	s.db.NoSync = true
	defer func() { s.db.NoSync = false }()
	var c *campaign.Campaign
	for range turns {
		var err error
		if c, err = s.Update(context.Background(), id, stoStep); err != nil {
			b.Fatal(err)
		}
	}
	return c.Log.Len()
}
