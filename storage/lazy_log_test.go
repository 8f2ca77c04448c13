package storage

import (
	"context"
	"errors"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure a load leaves the full chunks of the log packed, the newest
// events readable at once, and the victory points it keeps for the next
// change those of every event: a campaign read afresh unpacks a chunk
// only when a reader reaches it, and copies of it read on several
// goroutines unpack it once between them (run with -race).
func TestLoadLeavesChunksPacked(t *testing.T) {
	ctx := context.Background()
	s := stoOpen(t, Options{})
	id := stoCreate(t, s, 7)
	stoScore(t, s, id)
	events := stoAge(t, s, id, 40)
	s.cache.drop(id)
	c, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	chunks := c.Log.Chunks()
	if len(chunks) < 3 || c.Log.Len() != events {
		t.Fatalf("%d events in %d full chunks, want %d in 3 or more", c.Log.Len(), len(chunks), events)
	}
	if len(c.Log.Tail()) == 0 || c.Log.At(c.Log.Len()-1).Text == "" {
		t.Fatal("the newest event does not read")
	}
	for k, chunk := range chunks {
		if chunk.Loaded() {
			t.Errorf("chunk %d of %d unpacked by a load that read the newest events only", k+1, len(chunks))
		}
	}
	done := make(chan campaign.Event)
	for range 4 {
		go func() {
			copy := c.Shell()
			done <- copy.Log.At(1)
		}()
	}
	for range 4 {
		if got := <-done; got.Text != c.Log.At(1).Text || got.Text == "" {
			t.Errorf("event 2 read on another goroutine is %q", got.Text)
		}
	}
	if !chunks[0].Loaded() || chunks[1].Loaded() {
		t.Error("reading event 2 did not unpack the first chunk alone")
	}
	e := s.cache.get(id, stoNewestRev(t, s, id))
	if e == nil {
		t.Fatal("the load left nothing in the cache")
	}
	if want := c.Log.VP(); len(want) == 0 || !maps.Equal(e.vp, want) {
		t.Errorf("the load kept %v victory points, the events give %v", e.vp, want)
	}
}

// stoScore gives campaign id's second side 3 victory points, with the
// event that scores them.
func stoScore(t *testing.T, s *Store, id int64) {
	t.Helper()
	if _, err := s.Update(context.Background(), id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Log.Append(campaign.Event{Turn: n.Turn, Type: "test", Side: n.Sides[1].ID, VP: 3, Text: "scored"})
		n.Sides[1].VP += 3
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
}

// stoNewestRev is campaign id's newest revision.
func stoNewestRev(t *testing.T, s *Store, id int64) uint64 {
	t.Helper()
	var rev uint64
	if err := s.db.View(func(tx *bolt.Tx) error {
		_, st, err := newest(tx, id)
		rev = st.rev
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return rev
}

// Ensure a full chunk whose bytes pass their checksum but do not unpack
// (which the store's own writes rule out: it is sealed here by hand)
// neither fails a load nor panics a reader: its events read as a
// placeholder, the log's Err names the record, a change and an export
// are refused saying why, and Check reports the chunk.
func TestLazyChunkUnreadable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bfbot.db")
	s := stoOpenNoCheck(t, path, Options{})
	id := stoCreate(t, s, 7)
	// Points scored in the chunk to be damaged: a check that read its
	// placeholders as events would find them missing.
	stoScore(t, s, id)
	stoAge(t, s, id, 20)
	s.Close()
	stoBolt(t, path, func(tx *bolt.Tx) error {
		eb := tx.Bucket(bucketCampaigns).Bucket(itob(uint64(id))).Bucket(bucketEvents)
		z, err := unseal(id, sealChunk, 1, eb.Get(itob(1)))
		if err != nil || z[0] != chunkSummed {
			t.Fatalf("chunk 1: %v, form %#x", err, z[0])
		}
		frame, _, _, err := chunkFrame(z)
		if err != nil {
			t.Fatal(err)
		}
		damaged := append([]byte{}, z[:len(z)-len(frame)]...)
		damaged = append(damaged, frame[:len(frame)/2]...)
		return eb.Put(itob(1), seal(id, sealChunk, 1, damaged))
	})
	s = stoOpenNoCheck(t, path, Options{})
	c, err := s.Get(ctx, id)
	if err != nil {
		t.Fatalf("a load with a chunk that does not unpack: %v, want it left to the readers", err)
	}
	if err := c.Log.Err(); err != nil {
		t.Fatalf("Err before any reader reached the chunk = %v", err)
	}
	if e := c.Log.At(0); e.Side != "" || len(e.Audience) != 0 || e.VP != 0 || e.Type != "unreadable" {
		t.Errorf("an event of the chunk reads %+v, want the placeholder", e)
	}
	var re *RecordError
	if err := c.Log.Err(); !errors.As(err, &re) || re.Key != chunkKey(1) {
		t.Errorf("Err = %v, want the record %s named", err, chunkKey(1))
	}
	_, err = s.Update(ctx, id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Log.Append(campaign.Event{Turn: n.Turn, Type: "test", Text: "after " + n.Log.At(0).Text})
		return n, nil
	})
	if err == nil || !strings.Contains(err.Error(), "its log could not be read") || !strings.Contains(err.Error(), chunkKey(1)) {
		t.Errorf("a change that read the chunk: %v, want it refused naming %s", err, chunkKey(1))
	}
	if _, err := s.Export(ctx, id); err == nil || !strings.Contains(err.Error(), chunkKey(1)) {
		t.Errorf("Export = %v, want it refused naming %s", err, chunkKey(1))
	}
	// Check reports the chunk and nothing made up from its placeholders
	// (points the revisions cut inside it would seem to lack).
	errs := s.Check(ctx)
	if len(errs) == 0 {
		t.Errorf("Check reports nothing, want %s reported", chunkKey(1))
	}
	for _, err := range errs {
		if !strings.Contains(err.Error(), chunkKey(1)) {
			t.Errorf("Check reports %v, want only the chunk %s", err, chunkKey(1))
		}
	}
}
