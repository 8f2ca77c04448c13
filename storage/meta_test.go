package storage

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure a file with one damaged meta page is not opened silently at
// the transaction before: Verify and Open with Verify name the page, the
// transaction the file opens at and that the last change may be lost,
// and say to restore a backup or accept the file. Accepted
// (Options.AcceptDamagedMeta), it opens at the sound page's
// transaction: the newer page damaged, a campaign's last change is gone
// (bbolt's fallback the check exists to report); the older damaged,
// nothing is. The next change writes the damaged page anew, after which
// the file verifies sound.
func TestOpenDamagedMeta(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "good.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	id := stoCreate(t, s, 1)
	for range 3 {
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ps := int(binary.LittleEndian.Uint32(good[metaHeader+8:]))
	txid := func(page int) uint64 { return binary.LittleEndian.Uint64(good[page*ps+metaTxid:]) }
	newer := 0
	if txid(1) > txid(0) {
		newer = 1
	}
	for _, tc := range []struct {
		name string
		page int
		// opensAt is the transaction the file opens at, rev the
		// campaign's revision then.
		opensAt uint64
		rev     uint64
	}{
		{"the newer meta page", newer, txid(newer) - 1, 3},
		{"the older meta page", 1 - newer, txid(newer), 4},
	} {
		bad := append([]byte(nil), good...)
		// A byte of the freelist field: only the checksum says so.
		bad[tc.page*ps+metaHeader+32] ^= 0x10
		path := filepath.Join(dir, "bad.db")
		if err := os.WriteFile(path, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		var md *MetaDamageError
		if err := Verify(ctx, path); !errors.As(err, &md) || md.Page != tc.page || md.Txid != tc.opensAt {
			t.Fatalf("%s: Verify = %v, want meta page %d damaged, the file at transaction %d", tc.name, err, tc.page, tc.opensAt)
		}
		_, err := Open(path, Options{Verify: true})
		if !errors.As(err, &md) || !errors.Is(err, ErrDamaged) {
			t.Fatalf("%s: Open = %v, want a MetaDamageError", tc.name, err)
		}
		for _, want := range []string{path, fmt.Sprintf("meta page %d of 2 is damaged (its checksum does not match", tc.page),
			fmt.Sprintf("opens at transaction %d,", tc.opensAt), "is lost", "restore it from a backup", "--accept-damaged-meta"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: Open = %q, want it to say %q", tc.name, err, want)
			}
		}
		s, err := Open(path, Options{Verify: true, AcceptDamagedMeta: true})
		if err != nil {
			t.Fatalf("%s: Open accepting the damage = %v", tc.name, err)
		}
		if s.DamagedMeta() == nil || s.DamagedMeta().Page != tc.page {
			t.Errorf("%s: DamagedMeta = %v, want meta page %d", tc.name, s.DamagedMeta(), tc.page)
		}
		if sums, err := s.List(ctx); err != nil || len(sums) != 1 || sums[0].Revision != tc.rev {
			t.Errorf("%s: List = %+v, %v, want campaign %d at revision %d", tc.name, sums, err, id, tc.rev)
		}
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Fatal(err)
		}
		stoMustCheck(t, s)
		s.Close()
		if err := Verify(ctx, path); err != nil {
			t.Errorf("%s: Verify after a change = %v, want the page written anew", tc.name, err)
		}
	}
}
