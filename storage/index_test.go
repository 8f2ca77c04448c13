package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"
	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// stoPlaced stores stoNewCampaign made in guild and channel.
func stoPlaced(tb testing.TB, s Campaigns, guild, channel string) int64 {
	tb.Helper()
	c := stoNewCampaign(tb)
	c.Guild, c.Channel = guild, channel
	id, err := s.Create(context.Background(), c, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return id
}

// stoFound fails unless Find and Count of index ix under key give the
// campaigns want, by ID.
func stoFound(tb testing.TB, s Campaigns, ix Index, key string, want ...int64) {
	tb.Helper()
	ctx := context.Background()
	list, err := s.Find(ctx, ix, key)
	if err != nil {
		tb.Fatalf("Find(%s, %q): %v", ix, key, err)
	}
	var got []int64
	for _, sum := range list {
		got = append(got, sum.ID)
	}
	if !slices.Equal(got, want) {
		tb.Errorf("Find(%s, %q) = %v, want %v", ix, key, got, want)
	}
	if n, err := s.Count(ctx, ix, key); err != nil || n != len(want) {
		tb.Errorf("Count(%s, %q) = %d, %v, want %d", ix, key, n, err, len(want))
	}
}

// stoEnd ends campaign id (phase over).
func stoEnd(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
	n := c.Clone()
	n.Phase = campaign.PhaseOver
	return n, nil
}

// Ensure the indexes answer which campaigns a channel holds, which run in
// a server and which a user takes part in, reading no other campaign,
// and follow every change in its transaction: a campaign that ends leaves
// the running indexes but stays its channel's, an undo puts it back, a
// reopened store and a copy keep them (Check compares them with the
// summaries after every test).
func TestIndex(t *testing.T) { stoEach(t, testIndex) }

func testIndex(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{Snapshots: 3})
	a := stoPlaced(t, s, "g1", "c1")
	b := stoPlaced(t, s, "g1", "c2")
	c := stoPlaced(t, s, "g2", "c/3 with ü") // escaped: "/" would end the key
	d := stoPlaced(t, s, "", "")

	stoFound(t, s, ByChannel, "c1", a)
	stoFound(t, s, ByChannel, "c/3 with ü", c)
	stoFound(t, s, ByChannel, "c", nil...)
	stoFound(t, s, RunningInGuild, "g1", a, b)
	stoFound(t, s, RunningInGuild, "g2", c)
	stoFound(t, s, RunningInGuild, "", d)
	stoFound(t, s, RunningOf, "player1", a, b, c, d)
	stoFound(t, s, RunningOf, "referee", a, b, c, d)
	stoFound(t, s, RunningOf, "nobody", nil...)

	if _, err := s.Update(ctx, b, stoEnd); err != nil {
		t.Fatal(err)
	}
	stoFound(t, s, ByChannel, "c2", b)
	stoFound(t, s, RunningInGuild, "g1", a)
	stoFound(t, s, RunningOf, "player2", a, c, d)
	e2 := stoPlaced(t, s, "g1", "c2")
	stoFound(t, s, ByChannel, "c2", b, e2)

	if _, err := s.Undo(ctx, b); err != nil {
		t.Fatal(err)
	}
	stoFound(t, s, RunningInGuild, "g1", a, b, e2)
	stoFound(t, s, RunningOf, "player2", a, b, c, d, e2)

	// A player who leaves is no longer found as one.
	if _, err := s.Update(ctx, a, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Side(n.Sides[0].ID).Players = nil
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
	stoFound(t, s, RunningOf, "player1", b, c, d, e2)

	if _, err := s.Find(ctx, "sector", "x"); err == nil {
		t.Error("Find of an unknown index: no error")
	}
	s = e.reopen(t, s, Options{Snapshots: 3})
	stoFound(t, s, RunningInGuild, "g1", a, b, e2)

	to := stoOpen(t, Options{Snapshots: 3})
	if _, err := CopyAll(ctx, s, to); err != nil {
		t.Fatal(err)
	}
	stoFound(t, to, RunningInGuild, "g1", a, b, e2)
	stoFound(t, to, ByChannel, "c2", b, e2)
}

// Ensure Check finds an index entry that no summary calls for and one
// that is missing.
func TestIndexCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bfbot.db")
	s := stoOpenNoCheck(t, path, Options{})
	stoPlaced(t, s, "g", "c")
	s.Close()
	stoBolt(t, path, func(tx *bolt.Tx) error {
		ib := tx.Bucket(bucketIndex)
		if err := ib.Delete([]byte(indexPrefix(ByChannel, "c") + hex16(1))); err != nil {
			return err
		}
		return ib.Put([]byte(indexPrefix(ByChannel, "d")+hex16(1)), []byte{})
	})
	s = stoOpenNoCheck(t, path, Options{})
	errs := s.Check(context.Background())
	if len(errs) != 2 {
		t.Errorf("Check = %v, want the stray entry and the missing one", errs)
	}
}

// Ensure a schema 5 file (no index) gets its index on open, built from
// the summaries.
func TestMigrateV5Index(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bfbot.db")
	s := stoOpenNoCheck(t, path, Options{})
	a := stoPlaced(t, s, "g", "c1")
	b := stoPlaced(t, s, "g", "c2")
	s.Close()
	stoUnseal(t, path, 5)
	stoBolt(t, path, func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketIndex) })
	s = stoOpenNoCheck(t, path, Options{})
	stoFound(t, s, RunningInGuild, "g", a, b)
	stoFound(t, s, ByChannel, "c2", b)
	stoMustCheck(t, s)
}

// Ensure the schema 3 fixture, migrated, has the index its summaries
// call for (the campaigns were made before places were recorded: no
// channel, no server).
func TestMigrateV3Index(t *testing.T) {
	s := stoOpenNoCheck(t, stoFixtureV3(t), Options{Snapshots: 3})
	list, err := s.List(context.Background())
	if err != nil || len(list) != 2 {
		t.Fatalf("List = %v, %v", list, err)
	}
	stoFound(t, s, RunningInGuild, "", 1, 2)
	stoFound(t, s, RunningOf, list[0].Referee, 1, 2)
	stoMustCheck(t, s)
}

// Ensure an etcd prefix of layout 2 (no index) gets its index on open.
func TestEtcdMigrateIndex(t *testing.T) {
	e := stoEtcdEngine(t)
	s := e.open(t, Options{}).(*EtcdStore)
	a := stoPlaced(t, s, "g", "c1")
	ctx := context.Background()
	if _, err := s.Client().Delete(ctx, s.p.index(), clientv3.WithPrefix()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Client().Put(ctx, s.p.schema(), string(binary.BigEndian.AppendUint64(nil, 2))); err != nil {
		t.Fatal(err)
	}
	if errs := s.Check(ctx); len(errs) == 0 {
		t.Error("Check of a prefix without its index found nothing")
	}
	s = e.reopen(t, s, Options{}).(*EtcdStore)
	stoFound(t, s, ByChannel, "c1", a)
	stoFound(t, s, RunningInGuild, "g", a)
}

// Ensure indexedAlike, which lets a change skip rewriting its index
// entries, never calls two summaries alike when indexEntries would give
// them different entries: each field of Summary in turn (found by
// reflection, so a field added later is tried too) is changed alone, and
// the phase is moved to and from the end of the campaign.
func TestIndexedAlikeAsEntries(t *testing.T) {
	base := stoSummaryBase()
	var changed []Summary
	stoEachFieldChanged(t, base, func(_ string, b Summary) { changed = append(changed, b) })
	over := base
	over.Phase = campaign.PhaseOver
	changed = append(changed, over)
	for _, a := range []Summary{base, over} {
		for _, b := range changed {
			if indexedAlike(a, b) && !slices.Equal(indexEntries(a), indexEntries(b)) {
				t.Errorf("indexedAlike(%+v, %+v), but their entries differ: %v against %v", a, b, indexEntries(a), indexEntries(b))
			}
		}
	}
}

// Ensure a summary written again from the one before (encodeSummary)
// is the summary encoded: summarizedAlike tells apart two summaries
// that differ in any field but the revision (each field changed alone,
// found by reflection, so a field added later is tried too), and the
// bytes written again are the encoding's, the revision growing a digit
// or not, with the fields' own encoding kept.
func TestSummarizedAlike(t *testing.T) {
	base := stoSummaryBase()
	stoEachFieldChanged(t, base, func(name string, b Summary) {
		if alike, want := summarizedAlike(base, b), name == "Revision"; alike != want {
			t.Errorf("summarizedAlike with Summary.%s changed = %v, want %v", name, alike, want)
		}
	})
	for _, revs := range [][2]uint64{{9, 10}, {10, 11}, {99, 100}, {1234, 1235}, {5, 8}} {
		was, sum := base, base
		was.Revision, sum.Revision = revs[0], revs[1]
		stored, err := marshalJSON(was)
		if err != nil {
			t.Fatal(err)
		}
		want, err := marshalJSON(sum)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := encodeSummary(stored, sum, &was); err != nil || !bytes.Equal(got, want) {
			t.Errorf("revision %d after %d: %s (%v), want %s", revs[1], revs[0], got, err, want)
		}
		// Stored bytes that do not end as the summary before's would
		// are not written again, but encoded.
		if got, err := encodeSummary(append(stored[:len(stored)-1:len(stored)-1], ' ', '}'), sum, &was); err != nil || !bytes.Equal(got, want) {
			t.Errorf("revision %d after %d, stored otherwise: %s (%v), want %s", revs[1], revs[0], got, err, want)
		}
	}
}

// stoSummaryBase is a summary with every field set.
func stoSummaryBase() Summary {
	return Summary{ID: 7, Name: "Zollin", Phase: campaign.PhaseOrders, Turn: 3, Referee: "u1", Guild: "g1", Channel: "c1",
		Players: map[string]string{"u2": "crucis", "u3": "bandits"}, Pending: []string{"u4"}, Revision: 9}
}

// stoEachFieldChanged calls f with each field's name and a copy of base
// with that field alone changed, for every field of Summary (found by
// reflection, so that a field added later is tried too).
func stoEachFieldChanged(t *testing.T, base Summary, f func(name string, changed Summary)) {
	t.Helper()
	rt := reflect.TypeOf(base)
	for i := range rt.NumField() {
		b := base
		b.Players, b.Pending = maps.Clone(base.Players), slices.Clone(base.Pending)
		v := reflect.ValueOf(&b).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Int, reflect.Int64:
			v.SetInt(v.Int() + 1)
		case reflect.Uint64:
			v.SetUint(v.Uint() + 1)
		case reflect.Map:
			v.SetMapIndex(reflect.ValueOf("u9"), reflect.ValueOf("crucis"))
		case reflect.Slice:
			v.Set(reflect.Append(v, reflect.ValueOf("u9")))
		default:
			t.Fatalf("Summary.%s is a %v: teach the test to change it", rt.Field(i).Name, v.Kind())
		}
		f(rt.Field(i).Name, b)
	}
}
