package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
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

// Ensure sameLoggedEvent, which spares a change encoding the last stored
// event to compare it, tells apart two events that differ in any field
// (each changed alone, found by reflection, so a field added later is
// tried too), and that the copy lastEvent keeps does not change with the
// log's event's audience.
func TestSameLoggedEvent(t *testing.T) {
	base := campaign.Event{Turn: 3, Step: "orders", Type: "move", Audience: []string{"crucis"}, Side: "crucis", Sector: 4, Battle: 2, VP: 1, Text: "moved"}
	if !sameLoggedEvent(base, base) {
		t.Fatal("an event is not the same as itself")
	}
	rt := reflect.TypeOf(base)
	for i := range rt.NumField() {
		b := base
		b.Audience = slices.Clone(base.Audience)
		f := reflect.ValueOf(&b).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Slice:
			f.Set(reflect.Append(f, reflect.ValueOf("bandits")))
		default:
			t.Fatalf("Event.%s is a %v: teach the test to change it", rt.Field(i).Name, f.Kind())
		}
		if sameLoggedEvent(base, b) {
			t.Errorf("Event.%s changed, and still the same", rt.Field(i).Name)
		}
	}
	var log campaign.Log
	logged := base
	logged.Audience = slices.Clone(base.Audience)
	log.Append(logged)
	kept := lastEvent(log)
	log.At(0).Audience[0] = "bandits"
	if !sameLoggedEvent(*kept, base) || kept.Audience[0] != "crucis" {
		t.Errorf("the kept event changed with the log's: %+v", *kept)
	}
}

// Ensure a change that rewrites the last stored event is refused when it
// starts from a campaign the change before left in the cache, whose last
// event is compared as that change stored it (sameLoggedEvent): its
// text changed in place, in the log the cache shares, or its audience
// in a log made anew; and that a change logging after it is not.
func TestLastEventRewrittenFromCache(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		rewrite func(c *campaign.Campaign) *campaign.Campaign
	}{
		{"text in place", func(c *campaign.Campaign) *campaign.Campaign {
			stoLastEvent(c.Log).Text = "history rewritten"
			return c
		}},
		{"audience in a new log", func(c *campaign.Campaign) *campaign.Campaign {
			n := c.Clone()
			events := n.Log.Events()
			events[len(events)-1].Audience = []string{n.Sides[0].ID}
			n.Log = campaign.NewLog(events...)
			return n
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := stoOpen(t, Options{})
			id := stoCreate(t, s, 5)
			if _, err := s.Update(ctx, id, stoStandIn); err != nil { // logs an event, cached
				t.Fatal(err)
			}
			_, err := s.Update(ctx, id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
				return tc.rewrite(c), nil
			})
			if err == nil || !strings.Contains(err.Error(), "rewrote the campaign's log") {
				t.Errorf("the last event rewritten: Update = %v, want the log rewritten refused", err)
			}
			if _, err := s.Update(ctx, id, stoStandIn); err != nil {
				t.Errorf("a change after the refused one: %v", err)
			}
		})
	}
}
