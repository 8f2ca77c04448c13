package storage

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Ensure CopyAll moves every campaign from a file into etcd and back
// unchanged: each campaign's stored state (record and log, hashed), its
// undo snapshots, records and summary, and the ID sequence, so the next
// campaign gets the same ID and the next change the same dice; and that
// it refuses a target that holds campaigns.
func TestCopyAll(t *testing.T) {
	ctx := context.Background()
	e := stoEtcdEngine(t)
	file := stoOpen(t, Options{Snapshots: 3})
	var ids []int64
	for seed := range uint64(3) {
		id := stoCreate(t, file, seed)
		for range int(seed) + 1 {
			if _, err := file.Update(ctx, id, stoStep, Record{RecordKey{id, Marker, "turn"}, []byte{byte(seed)}}); err != nil {
				t.Fatal(err)
			}
		}
		if err := file.PutRecord(ctx, RecordKey{id, Binding, "channel"}, []byte("c")); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if _, err := file.Undo(ctx, ids[2]); err != nil {
		t.Fatal(err)
	}
	etcd := e.open(t, Options{Snapshots: 3})
	if n, err := CopyAll(ctx, file, etcd); err != nil || n != 3 {
		t.Fatalf("copy into etcd: %d campaigns, %v", n, err)
	}
	back := stoOpen(t, Options{Snapshots: 3})
	if n, err := CopyAll(ctx, etcd, back); err != nil || n != 3 {
		t.Fatalf("copy back into a file: %d campaigns, %v", n, err)
	}
	for _, id := range ids {
		_, _, rev, want := stoState(t, file, id)
		for _, s := range []Campaigns{etcd, back} {
			if _, _, r, got := stoState(t, s, id); got != want || r != rev {
				t.Errorf("%s: campaign %d at revision %d, hash %.8s; want %d, %.8s", stoName(s), id, r, got, rev, want)
			}
			if a, b := stoSnapshots(t, file, id), stoSnapshots(t, s, id); a != b {
				t.Errorf("%s: campaign %d has %d snapshots, want %d", stoName(s), id, b, a)
			}
			for _, kind := range []RecordKind{Marker, Binding} {
				a, _ := file.Records(ctx, id, kind)
				if b, _ := s.Records(ctx, id, kind); !reflect.DeepEqual(a, b) {
					t.Errorf("%s: campaign %d %s = %q, want %q", stoName(s), id, kind, b, a)
				}
			}
		}
	}
	for _, s := range []Campaigns{file, etcd, back} {
		if id := stoCreate(t, s, 9); id != 4 {
			t.Errorf("%s: next campaign ID %d, want 4", stoName(s), id)
		}
		if _, err := s.Update(ctx, ids[0], stoStep); err != nil {
			t.Fatal(err)
		}
	}
	_, _, _, want := stoState(t, file, ids[0])
	for _, s := range []Campaigns{etcd, back} {
		if _, _, _, got := stoState(t, s, ids[0]); got != want {
			t.Errorf("%s: the same change after the copy stored another state", stoName(s))
		}
	}
	t.Run("ErrTargetNotEmpty", func(t *testing.T) {
		if _, err := CopyAll(ctx, file, etcd); err == nil || !strings.Contains(err.Error(), "empty") {
			t.Errorf("copy into a store with campaigns = %v, want a refusal asking for an empty one", err)
		}
	})
	t.Run("BackupOpens", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "backup.db")
		stoBackupFile(t, etcd, path)
		b := stoOpenNoCheck(t, path, Options{Snapshots: 3, ReadOnly: true})
		stoMustCheck(t, b)
		if list, err := b.List(ctx); err != nil || len(list) != 4 {
			t.Errorf("the etcd backup lists %d campaigns (%v), want 4", len(list), err)
		}
	})
}

// stoBackupFile writes s's backup to path.
func stoBackupFile(t *testing.T, s Campaigns, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Backup(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
