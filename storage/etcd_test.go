package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/storage/etcdtest"
)

// stoEtcdPair starts an etcd member and opens two stores on one prefix,
// each with its own client: two bot processes sharing the campaigns.
func stoEtcdPair(t *testing.T, opts Options) (a, b *EtcdStore, raw *clientv3.Client) {
	t.Helper()
	srv := etcdtest.Start(t, t.TempDir())
	open := func() *EtcdStore {
		s, err := OpenEtcd(EtcdOptions{Endpoints: srv.Endpoints, Prefix: "pair/"}, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	a, b = open(), open()
	t.Cleanup(func() { stoMustCheck(t, a) })
	return a, b, a.Client()
}

// Ensure two processes changing the same campaigns at once lose no
// change: each change commits once, the loser of a race makes its change
// again from the winner's state, and the revision counts the changes.
// Both processes create campaigns at once too, and get different IDs.
func TestEtcdConflictingProcesses(t *testing.T) {
	ctx := context.Background()
	a, b, _ := stoEtcdPair(t, Options{Snapshots: 3})
	var ids []int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, s := range []*EtcdStore{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := stoCreate(t, s, uint64(i))
			mu.Lock()
			ids = append(ids, id)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if seen := fmt.Sprint(len(ids)); seen != "4" {
		t.Fatalf("%s campaigns created", seen)
	}
	const workers, each = 4, 10
	var runs, changes sync.Map
	for w := 0; w < workers; w++ {
		s := []*EtcdStore{a, b}[w%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				id := ids[i%2] // two campaigns, both processes on each
				text := fmt.Sprintf("worker %d change %d", w, i)
				_, err := s.Update(ctx, id, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
					n, _ := runs.LoadOrStore(text, new(int))
					*n.(*int)++
					if _, err := d.D6(text); err != nil {
						return nil, err
					}
					c = c.Clone()
					c.Log.Append(campaign.Event{Turn: c.Turn, Step: "test", Type: "change", Text: text})
					return c, nil
				}, Record{RecordKey{id, Marker, text}, []byte("done")})
				if err != nil {
					t.Error(err)
				}
				changes.Store(text, true)
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, id := range ids[:2] {
		n := stoCountChanges(t, b, a, id, seen)
		markers, err := a.Records(ctx, id, Marker)
		if err != nil || len(markers) != n {
			t.Errorf("campaign %d: %d markers (%v) for %d changes", id, len(markers), err, n)
		}
	}
	if len(seen) != workers*each {
		t.Errorf("%d distinct changes logged, want %d", len(seen), workers*each)
	}
	again := 0
	for text, n := range seen {
		if n != 1 {
			t.Errorf("%q logged %d times", text, n)
		}
		r, _ := runs.Load(text)
		again += *r.(*int) - 1
	}
	t.Logf("%d changes made again after losing a race", again)
}

// Ensure damaged keys under the prefix give errors naming the campaign
// and the key, from Update, Export and Check, and never a panic.
func TestEtcdCorruptRecord(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name, key string
		damage    func(s *EtcdStore, st state) (string, string)
		// checkKey is the key Check names when it differs: Check reads
		// a bbolt copy, whose events are stored in chunks of 64
		// (events/1 holds events 1–64).
		checkKey string
	}{
		{"CutDocument", "revisions/1", func(s *EtcdStore, st state) (string, string) {
			return s.p.rev(1, 1), string(sealState(1, 1, encodeState(st.diceState, st.logLen, st.form, st.body[:len(st.body)/2])))
		}, ""},
		{"BadDice", "revisions/1", func(s *EtcdStore, st state) (string, string) {
			return s.p.rev(1, 1), string(sealState(1, 1, encodeState([]byte("xyz"), st.logLen, st.form, st.body)))
		}, ""},
		{"Short", "revisions/1", func(s *EtcdStore, st state) (string, string) { return s.p.rev(1, 1), "\x00\x00" }, ""},
		{"Flipped", "revisions/1", func(s *EtcdStore, st state) (string, string) {
			v := sealState(1, 1, encodeState(st.diceState, st.logLen, st.form, st.body))
			v[len(v)/2] ^= 0x10
			return s.p.rev(1, 1), string(v)
		}, ""},
		{"MissingEvent", "events/6", func(s *EtcdStore, st state) (string, string) {
			return s.p.rev(1, 1), string(sealState(1, 1, encodeState(st.diceState, st.logLen+1, st.form, st.body)))
		}, "events/1"},
		{"BadSegment", "events/1", func(s *EtcdStore, st state) (string, string) { return s.p.segment(1, 0), "[{" }, ""},
	}
	e := stoEtcdEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := e.open(t, Options{}).(*EtcdStore)
			stoReopened.Store(s, true) // damaged on purpose: no final Check
			id := stoCreate(t, s, 7)
			h, err := s.head(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			k, v := tt.damage(s, h.st)
			if _, err := s.Client().Put(ctx, k, v); err != nil {
				t.Fatal(err)
			}
			var re *RecordError
			_, err = s.Update(ctx, id, stoStep)
			if !errors.As(err, &re) || re.Campaign != id || re.Key != tt.key {
				t.Fatalf("Update = %v, want a RecordError for campaign %d key %q", err, id, tt.key)
			}
			if _, err := s.Export(ctx, id); !errors.As(err, &re) {
				t.Errorf("Export = %v, want a RecordError", err)
			}
			want := tt.key
			if tt.checkKey != "" {
				want = tt.checkKey
			}
			found := false
			for _, err := range s.Check(ctx) {
				found = found || errors.As(err, &re) && re.Key == want
			}
			if !found {
				t.Errorf("Check does not report the damaged %q record: %v", want, s.Check(ctx))
			}
		})
	}
}

// Ensure a prefix that is not this bfbot's is refused with a clear error
// and left as it was: a newer layout, another program's keys, a copy
// that did not finish, a read-only open of an empty prefix.
func TestEtcdOpenRefuses(t *testing.T) {
	ctx := context.Background()
	srv := etcdtest.Start(t, t.TempDir())
	c, err := clientv3.New(clientv3.Config{Endpoints: srv.Endpoints})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tests := []struct {
		name   string
		keys   map[string]string
		opts   Options
		want   error
		saying string
	}{
		{"NewerSchema", map[string]string{"meta/schema": string(itob(EtcdSchemaVersion + 1))}, Options{}, ErrNewerSchema, "upgrade bfbot"},
		{"OtherKeys", map[string]string{"config/x": "1"}, Options{}, ErrNotDatabase, "no schema record"},
		{"UnfinishedCopy", map[string]string{"meta/schema": string(itob(EtcdSchemaVersion)), "meta/migrating": "x"}, Options{}, ErrNotDatabase, "did not finish"},
		{"ReadOnlyEmpty", nil, Options{ReadOnly: true}, ErrNotDatabase, "no bfbot data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := tt.name + "/"
			for k, v := range tt.keys {
				if _, err := c.Put(ctx, prefix+k, v); err != nil {
					t.Fatal(err)
				}
			}
			_, err := OpenEtcd(EtcdOptions{Endpoints: srv.Endpoints, Prefix: prefix}, tt.opts)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.saying) || !strings.Contains(err.Error(), prefix) {
				t.Fatalf("OpenEtcd = %v, want %v saying %q and naming the prefix", err, tt.want, tt.saying)
			}
			r, _ := c.Get(ctx, prefix, clientv3.WithPrefix(), clientv3.WithCountOnly())
			if r.Count != int64(len(tt.keys)) {
				t.Errorf("a refused prefix was changed: %d keys, had %d", r.Count, len(tt.keys))
			}
		})
	}
	t.Run("NoEndpoints", func(t *testing.T) {
		if _, err := OpenEtcd(EtcdOptions{}, Options{}); err == nil || !strings.Contains(err.Error(), "etcd_endpoints") {
			t.Errorf("OpenEtcd without endpoints = %v, want an error naming etcd_endpoints", err)
		}
	})
}

// Ensure writes to a read-only etcd store fail with ErrReadOnly and change
// nothing, while reads work.
func TestEtcdReadOnly(t *testing.T) {
	ctx := context.Background()
	srv := etcdtest.Start(t, t.TempDir())
	w, err := OpenEtcd(EtcdOptions{Endpoints: srv.Endpoints}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	id := stoCreate(t, w, 7)
	s, err := OpenEtcd(EtcdOptions{Endpoints: srv.Endpoints}, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	writes := map[string]func() error{
		"Update": func() error { _, err := s.Update(ctx, id, stoStep); return err },
		"Create": func() error { _, err := s.Create(ctx, stoNewCampaign(t), 1); return err },
		"Undo":   func() error { _, err := s.Undo(ctx, id); return err },
		"Put":    func() error { return s.PutRecord(ctx, RecordKey{id, Binding, "x"}, []byte("x")) },
	}
	for name, write := range writes {
		if err := write(); !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s on a read-only store = %v, want ErrReadOnly", name, err)
		}
	}
	if _, err := s.Get(ctx, id); err != nil {
		t.Errorf("Get on a read-only store: %v", err)
	}
	stoMustCheck(t, s)
}

// Ensure a long log is kept in segments within etcd's request size, and
// that a campaign whose log spans several segments reads back whole and
// undoes across a segment boundary.
func TestEtcdLogSegments(t *testing.T) {
	var raw []json.RawMessage
	for i := range 3000 {
		raw = append(raw, json.RawMessage(fmt.Sprintf(`{"text":%q}`, strings.Repeat("x", 200)+fmt.Sprint(i))))
	}
	starts, values, err := packSegments(5, raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(starts) < 2 || starts[0] != 5 {
		t.Fatalf("segments start at %v, want several from 5", starts)
	}
	n := 0
	for i, v := range values {
		if len(v) > maxSegmentBytes+1024 {
			t.Errorf("segment %d of %d bytes, more than %d", i, len(v), maxSegmentBytes)
		}
		var events []json.RawMessage
		if err := json.Unmarshal(v, &events); err != nil {
			t.Fatal(err)
		}
		if want := uint64(5 + n); starts[i] != want {
			t.Errorf("segment %d starts at %d, want %d", i, starts[i], want)
		}
		for _, e := range events {
			if !bytes.Equal(e, raw[n]) {
				t.Fatalf("event %d changed in its segment", n)
			}
			n++
		}
	}
	if n != len(raw) {
		t.Errorf("%d events in the segments, want %d", n, len(raw))
	}
}

// Ensure a prefix of etcd layout 1 (its documents deflated whole, as
// schema 4 wrote them) opens as layout 2 without rewriting them: the
// campaign reads as it was, a change writes its newest revision in parts,
// and undo brings the whole one back.
func TestEtcdLayout1(t *testing.T) {
	ctx := context.Background()
	a, _, raw := stoEtcdPair(t, Options{Snapshots: 3})
	id := stoCreate(t, a, 7)
	old, err := a.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := json.Marshal(func() campaign.Campaign { c := *old; c.Log = campaign.Log{}; return c }())
	if err != nil {
		t.Fatal(err)
	}
	_, diceState, rev, _ := stoState(t, a, id)
	record := encodeState(diceState, uint64(old.Log.Len()), formWhole, deflate(nil, whole, levelWhole))
	if _, err := raw.Put(ctx, a.p.rev(id, rev), string(record)); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Put(ctx, a.p.schema(), string(itob(1))); err != nil {
		t.Fatal(err)
	}
	s, err := OpenEtcd(EtcdOptions{Endpoints: a.client.Endpoints(), Prefix: "pair/"}, Options{Snapshots: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g, _ := raw.Get(ctx, a.p.schema()); len(g.Kvs) != 1 || btoi(g.Kvs[0].Value) != EtcdSchemaVersion {
		t.Errorf("meta/schema not set to layout %d", EtcdSchemaVersion)
	}
	stoMustCheck(t, s)
	if c, err := s.Get(ctx, id); err != nil || !stoSameDoc(t, c, whole) {
		t.Fatalf("Get of a layout 1 campaign: %v, or not the campaign stored", err)
	}
	if _, err := s.Update(ctx, id, stoStep); err != nil {
		t.Fatalf("update of a layout 1 campaign: %v", err)
	}
	if g, _ := raw.Get(ctx, a.p.rev(id, rev+1)); len(g.Kvs) != 1 || g.Kvs[0].Value[12+binary.BigEndian.Uint32(g.Kvs[0].Value)] != formTagged {
		t.Errorf("the change's revision is not in parts")
	}
	c, err := s.Undo(ctx, id)
	if err != nil {
		t.Fatalf("undo to the layout 1 revision: %v", err)
	}
	if !stoSameDoc(t, c, whole) {
		t.Errorf("undo did not bring the layout 1 revision back")
	}
	stoMustCheck(t, s)
}
