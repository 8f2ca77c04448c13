package storage

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure campaigns get IDs from 1 and read back as they were stored.
func TestCreateGetList(t *testing.T) { stoEach(t, testCreateGetList) }

func testCreateGetList(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{})
	want := stoNewCampaign(t)
	for i := int64(1); i <= 3; i++ {
		id, err := s.Create(ctx, want, 7)
		if err != nil {
			t.Fatal(err)
		}
		if id != i {
			t.Fatalf("campaign ID = %d, want %d", id, i)
		}
	}
	if want.ID != 0 {
		t.Errorf("Create changed the caller's campaign: ID %d", want.ID)
	}
	got, err := s.Get(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	want.ID = 2
	stoSameJSON(t, got, want)
	list, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(list), 3; got != want {
		t.Fatalf("List gave %d campaigns, want %d", got, want)
	}
	if got, want := list[2], (Summary{ID: 3, Name: "storage test", Phase: campaign.PhaseOrders, Turn: 1, Referee: "referee",
		Players: map[string]string{"player1": "crucis", "player2": "bandits"}, Revision: 1}); !reflect.DeepEqual(got, want) {
		t.Errorf("summary = %+v, want %+v", got, want)
	}
	t.Run("ErrNotFound", func(t *testing.T) {
		for _, id := range []int64{0, -1, 4} {
			if _, err := s.Get(ctx, id); !errors.Is(err, ErrNotFound) {
				t.Errorf("Get(%d) = %v, want ErrNotFound", id, err)
			}
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		bad := stoNewCampaign(t)
		bad.Sides[0].VP = 5 // the log does not say so
		if _, err := s.Create(ctx, bad, 1); !errors.Is(err, ErrInvalid) {
			t.Fatalf("Create of a broken campaign = %v, want ErrInvalid", err)
		}
		if list, _ := s.List(ctx); len(list) != 3 {
			t.Errorf("a refused campaign was stored: %d campaigns", len(list))
		}
	})
}

// Ensure an Update saves the new campaign and dice state with a snapshot
// and its records, and that a refused one writes nothing at all.
func TestUpdate(t *testing.T) { stoEach(t, testUpdate) }

func testUpdate(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{})
	id := stoCreate(t, s, 7)
	t.Run("OK", func(t *testing.T) {
		_, dice1, _, _ := stoState(t, s, id)
		mark := Record{RecordKey{id, Marker, "turn"}, []byte("1")}
		got, err := s.Update(ctx, id, stoStep, mark)
		if err != nil {
			t.Fatal(err)
		}
		_, dice2, rev, _ := stoState(t, s, id)
		if rev != 2 {
			t.Errorf("revision = %d, want 2", rev)
		}
		if bytes.Equal(dice1, dice2) {
			t.Error("dice state not saved after rolling")
		}
		if stored, err := s.Get(ctx, id); err != nil {
			t.Fatal(err)
		} else {
			stoSameJSON(t, stored, got)
		}
		if n := stoSnapshots(t, s, id); n != 1 {
			t.Errorf("%d snapshots, want 1", n)
		}
		if v, _ := s.GetRecord(ctx, mark.RecordKey); string(v) != "1" {
			t.Errorf("marker = %q, want 1", v)
		}
	})
	refused := []struct {
		name string
		fn   UpdateFunc
		want error
	}{
		{"ErrFromFn", func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			d.D6("rolled before refusing")
			return nil, &campaign.Error{Msg: "no"}
		}, new(campaign.Error)},
		{"ErrInvalid", func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			n.Sides[1].Battlegroups[0].Units = nil
			return n, nil
		}, ErrInvalid},
		{"ErrShortenedLog", func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			n.Log = n.Log.Prefix(2) // the log only grows; an undo is the store's
			return n, nil
		}, nil},
		{"ErrRewroteLog", func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			events := n.Log.Events()
			events[len(events)-1].Text = "history rewritten"
			n.Log = campaign.NewLog(events...)
			return n, nil
		}, nil},
		{"ErrRewroteLogInPlace", func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			// c's log is shared with the store's cache (shell); its
			// events must not change, but a bug might change them.
			stoLastEvent(c.Log).Text = "history rewritten"
			return c, nil
		}, nil},
		{"ErrOtherCampaign", func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			n.ID++
			return n, nil
		}, nil},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			doc1, dice1, rev1, _ := stoState(t, s, id)
			mark := Record{RecordKey{id, Marker, tt.name}, []byte("x")}
			_, err := s.Update(ctx, id, tt.fn, mark)
			if err == nil {
				t.Fatal("update accepted")
			}
			if ce := new(campaign.Error); tt.want == ce && !errors.As(err, &ce) || tt.want == ErrInvalid && !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v, want %T %v", err, tt.want, tt.want)
			}
			doc2, dice2, rev2, _ := stoState(t, s, id)
			if !bytes.Equal(doc1, doc2) || !bytes.Equal(dice1, dice2) || rev1 != rev2 {
				t.Error("a refused update wrote the campaign, dice or revision")
			}
			if v, _ := s.GetRecord(ctx, mark.RecordKey); v != nil {
				t.Error("a refused update wrote its records")
			}
			if c, err := s.Get(ctx, id); err != nil || c.Log.At(c.Log.Len()-1).Text == "history rewritten" {
				t.Errorf("after a refused update Get = %v, or gives the rewritten event", err)
			}
		})
	}
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := s.Update(ctx, 99, stoStep); !errors.Is(err, ErrNotFound) {
			t.Errorf("Update(99) = %v, want ErrNotFound", err)
		}
	})
}

// Ensure opaque records are kept per campaign, kind and name, listed for
// one campaign or all, and deleted by a nil value.
func TestRecords(t *testing.T) { stoEach(t, testRecords) }

func testRecords(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{})
	a, b := stoCreate(t, s, 1), stoCreate(t, s, 2)
	puts := []Record{
		{RecordKey{a, Schedule, "order"}, []byte(`{"spec":"0 20 * * *"}`)},
		{RecordKey{a, Binding, "channel"}, []byte("123")},
		{RecordKey{b, Schedule, "battle"}, []byte(`{}`)},
		{RecordKey{b, Schedule, "order"}, []byte(`{"spec":"@daily"}`)},
	}
	for _, r := range puts {
		if err := s.PutRecord(ctx, r.RecordKey, r.Value); err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.Records(ctx, 0, Schedule)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Record{puts[0], puts[2], puts[3]}; !reflect.DeepEqual(all, want) {
		t.Errorf("all schedules = %q, want %q", all, want)
	}
	if got, _ := s.Records(ctx, a, Binding); !reflect.DeepEqual(got, []Record{puts[1]}) {
		t.Errorf("campaign %d bindings = %q", a, got)
	}
	if err := s.PutRecord(ctx, puts[1].RecordKey, nil); err != nil {
		t.Fatal(err)
	}
	if v, err := s.GetRecord(ctx, puts[1].RecordKey); v != nil || err != nil {
		t.Errorf("deleted record = %q, %v", v, err)
	}
	t.Run("ErrBadKey", func(t *testing.T) {
		for _, k := range []RecordKey{{0, Schedule, "x"}, {a, "orders", "x"}, {a, Binding, ""}, {99, Binding, "x"}} {
			if err := s.PutRecord(ctx, k, []byte("x")); err == nil {
				t.Errorf("PutRecord(%v) accepted", k)
			}
		}
	})
}

// Ensure a second Open of a file in use fails fast, naming the path and
// saying only one bot may use it.
func TestOpenLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bfbot.db")
	stoOpenNoCheck(t, path, Options{})
	_, err := Open(path, Options{Timeout: 50e6})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open = %v, want ErrLocked", err)
	}
	for _, want := range []string{path, "only one bot"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// Ensure files that are not this bfbot's are refused with a clear error
// and left as they were.
func TestOpenRefuses(t *testing.T) {
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
		want  error
	}{
		{"ErrNewerSchema", func(t *testing.T, path string) {
			stoBolt(t, path, func(tx *bolt.Tx) error {
				if err := createSchema(tx); err != nil {
					return err
				}
				return tx.Bucket(bucketMeta).Put(keySchema, itob(SchemaVersion+1))
			})
		}, ErrNewerSchema},
		{"ErrNotDatabaseBolt", func(t *testing.T, path string) {
			stoBolt(t, path, func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("other")); return err })
		}, ErrNotDatabase},
		{"ErrNotDatabaseText", func(t *testing.T, path string) {
			if err := os.WriteFile(path, bytes.Repeat([]byte("not a database\n"), 2000), 0o600); err != nil {
				t.Fatal(err)
			}
		}, ErrNotDatabase},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bfbot.db")
			tt.write(t, path)
			before, _ := os.ReadFile(path)
			_, err := Open(path, Options{})
			if !errors.Is(err, tt.want) {
				t.Fatalf("Open = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Error("a refused file was changed")
			}
		})
	}
}

// Ensure a campaign export given where a database file is wanted (bfbot
// console --db export.json) is refused saying how such a file is loaded.
func TestOpenExportFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "export.json")
	doc := `{"format": "bfbot-campaign", "version": 1` + strings.Repeat(" ", 5000) + "}\n"
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		_, err := Open(path, Options{ReadOnly: ro, Verify: true})
		if !errors.Is(err, ErrNotDatabase) || !strings.Contains(err.Error(), "bfbot import "+path) {
			t.Errorf("Open(ReadOnly %v) = %v, want ErrNotDatabase saying bfbot import", ro, err)
		}
	}
	if got, _ := os.ReadFile(path); string(got) != doc {
		t.Error("the export was changed")
	}
	// A file that cannot be made is no such question.
	missing := filepath.Join(t.TempDir(), "no-dir", "bfbot.db")
	if _, err := Open(missing, Options{}); err == nil || errors.Is(err, ErrNotDatabase) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open in a missing directory = %v, want ErrNotExist", err)
	}
}

// Ensure a tool that only reads (check, export, backup) is told an empty
// file is no database, naming it, rather than failing on a write it
// never meant to make; the file is left empty. (A program that writes
// makes a new database in it, as in a file that is not there.)
func TestOpenEmptyReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bfbot.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path, Options{ReadOnly: true, Verify: true})
	if !errors.Is(err, ErrNotDatabase) {
		t.Fatalf("Open = %v, want ErrNotDatabase", err)
	}
	for _, want := range []string{path, "empty"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
		t.Errorf("the empty file was changed: %v %v", fi, err)
	}
}

// stoBolt writes a raw bbolt file.
func stoBolt(t *testing.T, path string, fn func(*bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// Ensure writes to a read-only store fail with ErrReadOnly and change
// nothing, while reads work.
func TestReadOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bfbot.db")
	w, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	id := stoCreate(t, w, 7)
	w.Close()
	s := stoOpenNoCheck(t, path, Options{ReadOnly: true})
	defer stoMustCheck(t, s)
	writes := map[string]func() error{
		"Update": func() error { _, err := s.Update(ctx, id, stoStep); return err },
		"Create": func() error { _, err := s.Create(ctx, stoNewCampaign(t), 1); return err },
		"Undo":   func() error { _, err := s.Undo(ctx, id); return err },
		"Put":    func() error { return s.PutRecord(ctx, RecordKey{id, Binding, "x"}, []byte("x")) },
	}
	for name, write := range writes {
		t.Run(name, func(t *testing.T) {
			err := write()
			if !errors.Is(err, ErrReadOnly) {
				t.Fatalf("%s on a read-only store = %v, want ErrReadOnly", name, err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
	if _, err := s.Get(ctx, id); err != nil {
		t.Errorf("Get on a read-only store: %v", err)
	}
	t.Run("ErrMissingFile", func(t *testing.T) {
		if _, err := Open(filepath.Join(t.TempDir(), "none.db"), Options{ReadOnly: true}); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("read-only Open of a missing file = %v, want not exist", err)
		}
	})
}

// Ensure a file that cannot grow (a full disk, simulated with bbolt's
// MaxSize) fails the change with ErrDiskFull, writes none of it, and
// leaves a file that passes Check and takes changes again once there is
// room.
func TestDiskFull(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bfbot.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	id := stoCreate(t, s, 7)
	s.Close()
	st, _ := os.Stat(path)
	s = stoOpenNoCheck(t, path, Options{MaxSize: int(st.Size())})
	var failed error
	for i := 0; i < 200 && failed == nil; i++ {
		doc1, dice1, rev1, _ := stoState(t, s, id)
		if _, failed = s.Update(ctx, id, stoStep); failed != nil {
			doc2, dice2, rev2, _ := stoState(t, s, id)
			if !bytes.Equal(doc1, doc2) || !bytes.Equal(dice1, dice2) || rev1 != rev2 {
				t.Error("a failed update left part of its change")
			}
		}
	}
	if !errors.Is(failed, ErrDiskFull) {
		t.Fatalf("updates on a full file gave %v, want ErrDiskFull", failed)
	}
	if !strings.Contains(failed.Error(), path) || !strings.Contains(failed.Error(), "not saved") {
		t.Errorf("error %q does not name the file and say the change was not saved", failed)
	}
	stoMustCheck(t, s)
	s.Close()
	s = stoOpenNoCheck(t, path, Options{})
	if _, err := s.Update(ctx, id, stoStep); err != nil {
		t.Errorf("update once there is room: %v", err)
	}
	stoMustCheck(t, s)
}

// Ensure a record that does not decode, though its checksum matches,
// gives an error naming the campaign and the key, from Get, Update and
// Check alike, and never a panic.
func TestCorruptRecord(t *testing.T) {
	ctx := context.Background()
	const rev1 = "revisions/1"
	tests := []struct {
		name, key string
		value     func(d, doc []byte, n uint64) []byte
	}{
		{"CutDocument", rev1, func(d, doc []byte, n uint64) []byte { return wholeRecord(d, n, doc[:len(doc)/2]) }},
		{"CutDeflate", rev1, func(d, doc []byte, n uint64) []byte {
			z := deflate(nil, doc, levelWhole)
			return encodeState(d, n, formWhole, z[:len(z)/2])
		}},
		{"NewestDelta", rev1, func(d, doc []byte, n uint64) []byte {
			return encodeState(d, n, formDelta, deflate(nil, makeDelta(doc, doc), levelFast))
		}},
		{"UnknownForm", rev1, func(d, doc []byte, n uint64) []byte { return encodeState(d, n, 9, deflate(nil, doc, levelWhole)) }},
		{"NoMap", rev1, func(d, doc []byte, n uint64) []byte { return wholeRecord(d, n, []byte(`{"id":1}`)) }},
		{"OtherCampaign", rev1, func(d, doc []byte, n uint64) []byte {
			return wholeRecord(d, n, bytes.Replace(doc, []byte(`"id":1`), []byte(`"id":2`), 1))
		}},
		{"BadDice", rev1, func(d, doc []byte, n uint64) []byte { return wholeRecord([]byte("xyz"), n, doc) }},
		{"Short", rev1, func(d, doc []byte, n uint64) []byte { return []byte{0, 0} }},
		{"DiceLength", rev1, func(d, doc []byte, n uint64) []byte { return []byte{0xff, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0} }},
		// stoNewCampaign logs 5 events: each side takes the field and is joined, and the turn opens.
		// Events 1 to 64 are chunk 1 (events.go).
		{"MissingEvent", "events/1", func(d, doc []byte, n uint64) []byte { return wholeRecord(d, n+1, doc) }},
		{"BadEvent", "events/1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := stoOpenNoCheck(t, filepath.Join(t.TempDir(), "bfbot.db"), Options{})
			id := stoCreate(t, s, 7)
			if err := s.db.Update(func(tx *bolt.Tx) error {
				cb, _ := campaignBucket(tx, id)
				// Sealed: a record written wrong, not one changed after
				// (TestRecordChecksums).
				if tt.value == nil {
					return cb.Bucket(bucketEvents).Put(itob(1), seal(id, sealChunk, 1, []byte("{")))
				}
				st, _ := current(cb, id)
				doc, err := st.document(id, nil)
				if err != nil {
					return err
				}
				return cb.Bucket(bucketRevisions).Bucket(itob(1)).Put(keyRecord, sealState(id, 1, tt.value(st.diceState, doc, st.logLen)))
			}); err != nil {
				t.Fatal(err)
			}
			key := tt.key
			_, err := s.Update(ctx, id, stoStep)
			var re *RecordError
			if !errors.As(err, &re) || re.Campaign != id || re.Key != key {
				t.Fatalf("Update = %v, want a RecordError for campaign %d key %q", err, id, key)
			}
			if want := `campaign 1: record "` + key + `" is damaged`; !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
			if _, err := s.Export(ctx, id); !errors.As(err, &re) {
				t.Errorf("Export = %v, want a RecordError", err)
			}
			found := false
			for _, err := range s.Check(ctx) {
				found = found || errors.As(err, &re) && re.Key == key
			}
			if !found {
				t.Errorf("Check does not report the damaged %q record", key)
			}
		})
	}
}

// stoLastEvent is the log's last event where the log holds it: writing
// there changes every copy's.
func stoLastEvent(l campaign.Log) *campaign.Event {
	if t := l.Tail(); len(t) > 0 {
		return &t[len(t)-1]
	}
	events := l.Chunks()[len(l.Chunks())-1].Events()
	return &events[len(events)-1]
}
