package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure the chunk of the log a change appends to is the one the cache
// kept when it holds the campaign: changes logging 0 to 3 events each
// across several chunks store the log they return (read back with the
// cache emptied); a chunk damaged on the disk is written afresh from the
// cache by the next change that logs an event, never copied, and a
// change that has to read it (the cache emptied) is refused naming it.
func TestLogChunkCached(t *testing.T) {
	ctx := context.Background()
	s := stoOpenNoCheck(t, filepath.Join(t.TempDir(), "bfbot.db"), Options{Snapshots: 3}) // damaged on purpose: no final Check
	id := stoCreate(t, s, 4)
	log := func(n int) UpdateFunc {
		return func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
			c = c.Clone()
			for range n {
				c.Log.Append(campaign.Event{Turn: c.Turn, Step: "test", Type: "note", Text: fmt.Sprintf("event %d", c.Log.Len()+1)})
			}
			return c, nil
		}
	}
	for i := range 100 {
		n, err := s.Update(ctx, id, log(i%4))
		if err != nil {
			t.Fatal(err)
		}
		if i%9 == 0 {
			s.cache.drop(id)
			got, err := s.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			stoSameJSON(t, got.Log, n.Log)
		}
	}
	c, err := s.Update(ctx, id, log(1))
	if err != nil {
		t.Fatal(err)
	}
	last := chunkOf(uint64(c.Log.Len()))
	if uint64(c.Log.Len())%eventsPerChunk == 0 {
		t.Fatalf("%d events: the last chunk is full, not open", c.Log.Len())
	}
	damage := func() {
		t.Helper()
		if err := s.db.Update(func(tx *bolt.Tx) error {
			cb, _ := campaignBucket(tx, id)
			v := clone(cb.Bucket(bucketEvents).Get(itob(last)))
			v[len(v)/2] ^= 0x04
			return cb.Bucket(bucketEvents).Put(itob(last), v)
		}); err != nil {
			t.Fatal(err)
		}
	}
	damage()
	if _, err := s.Update(ctx, id, log(1)); err != nil {
		t.Fatalf("a change appending to the chunk the cache kept: %v", err)
	}
	stoMustCheck(t, s) // written afresh from the cache
	damage()
	s.cache.drop(id)
	_, err = s.Update(ctx, id, log(1))
	var re *RecordError
	if !errors.As(err, &re) || re.Key != chunkKey(last) {
		t.Fatalf("a change reading the damaged chunk: %v, want %s named", err, chunkKey(last))
	}
}
