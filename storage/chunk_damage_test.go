package storage

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"bfbot/storage/storagetest"
)

// Ensure a damaged chunk of a campaign's event log is named, alone, by
// Check, and loses no event: the campaign is refused at every read
// naming that chunk, a change or an undo of it writes nothing (the
// chunks stay as they were, for a restore or a look), and the other
// campaigns are served. A full chunk (in the summed form, which a load
// leaves packed), the open chunk, which the log's reading reaches last,
// and both at once: Check names each, and no sound chunk nor any
// revision as damaged, which it did when the log could not be read (a
// sound full chunk "missing", every revision "has N events, more than
// the 0 read").
func TestDamagedChunk(t *testing.T) {
	ctx := context.Background()
	good := stoGoodFile(t)
	chunks := map[string]storagetest.Value{}
	for _, v := range storagetest.Values(good) {
		if id, key, _ := stoRecordAt(t, good, v.Path); id == 1 && len(v.Path) == 4 && string(v.Path[2]) == string(bucketEvents) {
			chunks[key] = v
		}
	}
	if len(chunks) != 2 {
		t.Fatalf("campaign 1 has chunks %v, want a full one and the open one", slices.Collect(maps.Keys(chunks)))
	}
	dir := t.TempDir()
	for _, damaged := range [][]string{{"events/1"}, {"events/2"}, {"events/1", "events/2"}} {
		bad := append([]byte(nil), good...)
		for _, key := range damaged {
			v := chunks[key]
			bad[v.Offset+v.Len/2] ^= 0x08
		}
		path := filepath.Join(dir, "bad.db")
		if err := os.WriteFile(path, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, Options{Snapshots: 100, Verify: true})
		if err != nil {
			t.Fatalf("%v damaged: Open = %v: bbolt does not look inside values", damaged, err)
		}
		var named []string
		for _, err := range s.Check(ctx) {
			var re *RecordError
			if !errors.As(err, &re) || re.Campaign != 1 {
				t.Errorf("%v damaged: Check: %v, want only the damaged chunks named", damaged, err)
				continue
			}
			named = append(named, re.Key)
		}
		if !slices.Equal(named, damaged) {
			t.Errorf("%v damaged: Check names %v", damaged, named)
		}
		var re *RecordError
		if _, err := s.Get(ctx, 1); !errors.As(err, &re) || re.Key != damaged[0] {
			t.Errorf("%v damaged: Get = %v, want %s named", damaged, err, damaged[0])
		}
		if _, err := s.Update(ctx, 1, stoStep); !errors.As(err, &re) {
			t.Errorf("%v damaged: Update = %v, want it refused", damaged, err)
		}
		if _, err := s.Undo(ctx, 1); !errors.As(err, &re) {
			t.Errorf("%v damaged: Undo = %v, want it refused", damaged, err)
		}
		for _, id := range []int64{2, 3} {
			if _, err := s.Get(ctx, id); err != nil {
				t.Errorf("%v damaged: Get(%d) = %v", damaged, id, err)
			}
		}
		s.Close()
		after, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for key, v := range chunks {
			if !bytes.Equal(after[v.Offset:v.Offset+v.Len], bad[v.Offset:v.Offset+v.Len]) {
				t.Errorf("%v damaged: %s was written after the damage", damaged, key)
			}
		}
	}
}
