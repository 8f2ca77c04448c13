package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"bfbot/bot/app"
	"bfbot/campaign"
	"bfbot/storage"
)

// Ensure a campaign stays small in its file: the demo campaign played
// for 20 turns (its battles fought by the AI, with their records) into
// a bbolt file keeping 20 undo snapshots takes at most 100 KB
// (BENCHMARKS.md, "storage"). The figures are logged for BENCHMARKS.md.
func TestStoredCampaignSize(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a 20-turn demo campaign; skipped under -short")
	}
	ctx := context.Background()
	dir := t.TempDir()
	st, err := storage.Open(filepath.Join(dir, "size.db"), storage.Options{Snapshots: storage.DefaultSnapshots})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	peak := &peakFootprint{Store: st}
	store := app.NewStore(peak, func() uint64 { return demoSeed })
	d := newDemoIn(dir, demoSeed, io.Discard, store)
	stop, err := d.play(ctx, 20)
	if err != nil {
		t.Fatal(err)
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
	battles := 0
	for _, b := range c.Battles {
		if len(b.Log) > 0 {
			battles++
		}
	}
	t.Logf("demo (seed %d) stopped at turn %d (%s): %d battles with records, %d events; campaign %d KB in pages (%d KB used; at most %d KB on the way), file %d KB",
		demoSeed, c.Turn, stop, battles, len(c.Log), f.Allocated>>10, f.Used>>10, peak.most>>10, fi.Size()>>10)
	if c.Turn < 20 {
		t.Errorf("the demo stopped at turn %d, before 20: %s", c.Turn, stop)
	}
	if f.Allocated > 100<<10 {
		t.Errorf("the campaign takes %d KB of the file after %d turns with %d undo snapshots, more than 100 KB", f.Allocated>>10, c.Turn, storage.DefaultSnapshots)
	}
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
