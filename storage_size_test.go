package main

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"bfbot/bot/app"
	"bfbot/campaign"
	"bfbot/storage"
)

var sizeSeeds = flag.Int("sizeseeds", 0, "TestStoredCampaignSize plays demo campaigns with seeds 1 to N besides its own")

// sizeSeedsChecked are the demo seeds TestStoredCampaignSize plays: the
// demo's own and, of seeds 1 to 30, those whose campaigns took the most
// at the end or on the way (BENCHMARKS.md, "Undo snapshots as values,
// finished battles in columns"): four or five battles with long records
// each. -sizeseeds 30 measured them all.
var sizeSeedsChecked = []uint64{demoSeed, 8, 10, 16, 24}

// The storage budget is 100 KB a campaign after 20 turns with 20 undo
// snapshots (BENCHMARKS.md, "storage"): of seeds 1 to 30, the largest
// take 92 KB at the end and 96 KB after a change on the way.
const storedBudget = 100 << 10

// Ensure a campaign stays small in its file: demo campaigns played for
// 20 turns (their battles fought by the AI, with their records) into a
// bbolt file keeping 20 undo snapshots take at most storedBudget each,
// at the end and after every change on the way. Several seeds are
// played, the largest known among them. The figures are logged for
// BENCHMARKS.md; -sizeseeds N plays seeds 1 to N too.
func TestStoredCampaignSize(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 20-turn demo campaigns; skipped under -short")
	}
	seeds := sizeSeedsChecked
	for s := uint64(1); s <= uint64(*sizeSeeds); s++ {
		seeds = append(seeds, s)
	}
	var worst, worstPeak storedSize
	for _, seed := range seeds {
		s := playStored(t, seed)
		t.Logf("demo (seed %d) stopped at turn %d (%s): %d battles with records, %d events; campaign %d KB in pages (%d KB used; at most %d KB on the way), file %d KB",
			seed, s.turn, s.stop, s.battles, s.events, s.allocated>>10, s.used>>10, s.peak>>10, s.file>>10)
		if s.turn < 20 && s.stop != "the campaign is over" {
			t.Errorf("seed %d: the demo stopped at turn %d, before 20: %s", seed, s.turn, s.stop)
		}
		if s.allocated > storedBudget {
			t.Errorf("seed %d: the campaign takes %d KB of the file after %d turns with %d undo snapshots, more than %d KB", seed, s.allocated>>10, s.turn, storage.DefaultSnapshots, storedBudget>>10)
		}
		if s.peak > storedBudget {
			t.Errorf("seed %d: the campaign took %d KB of the file after one of its changes, more than %d KB", seed, s.peak>>10, storedBudget>>10)
		}
		if s.allocated > worst.allocated {
			worst = s
		}
		if s.peak > worstPeak.peak {
			worstPeak = s
		}
	}
	t.Logf("the largest: seed %d, %d KB at the end; seed %d, %d KB on the way", worst.seed, worst.allocated>>10, worstPeak.seed, worstPeak.peak>>10)
}

// storedSize is what playStored measured of one demo campaign.
type storedSize struct {
	seed                  uint64
	turn, battles, events int
	stop                  string
	allocated, used, peak int64 // the campaign's pages at the end, and the most after any change
	file                  int64
}

// playStored plays the demo campaign of seed for 20 turns into a bbolt
// file of its own and measures it.
func playStored(t *testing.T, seed uint64) storedSize {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	st, err := storage.Open(filepath.Join(dir, "size.db"), storage.Options{Snapshots: storage.DefaultSnapshots})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	peak := &peakFootprint{Store: st}
	store := app.NewStore(peak, func() uint64 { return seed })
	d := newDemoIn(dir, seed, io.Discard, store)
	stop, err := d.play(ctx, 20)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	c, err := store.Get(ctx, d.id)
	if err != nil {
		t.Fatal(err)
	}
	f, err := st.Footprint(ctx, d.id)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(st.Path())
	if err != nil {
		t.Fatal(err)
	}
	s := storedSize{seed: seed, turn: c.Turn, events: c.Log.Len(), stop: stop, allocated: f.Allocated, used: f.Used, peak: peak.most, file: fi.Size()}
	for _, b := range c.Battles {
		if len(b.Log) > 0 {
			s.battles++
		}
	}
	return s
}

// peakFootprint is a store that measures the campaign after each change
// and keeps the largest footprint.
type peakFootprint struct {
	*storage.Store
	most int64
}

func (p *peakFootprint) Update(ctx context.Context, id int64, fn storage.UpdateFunc, also ...storage.Record) (*campaign.Campaign, error) {
	c, err := p.Store.Update(ctx, id, fn, also...)
	if err == nil {
		f, ferr := p.Footprint(ctx, id)
		if ferr != nil {
			return nil, ferr
		}
		p.most = max(p.most, f.Allocated)
	}
	return c, err
}
