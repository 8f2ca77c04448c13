package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"bfbot/storage/storagetest"
)

// stoGoodFile writes a database of three campaigns 14 turns in, each
// with a finished battle (so it has branch, leaf, overflow and free
// pages, and every form of record: documents in parts, a battle's part in
// zstd, undo snapshots as deltas, full chunks of the log and an open
// one) and returns its bytes.
func stoGoodFile(tb testing.TB) []byte {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "good.db")
	s, err := Open(path, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	for seed := uint64(1); seed <= 3; seed++ {
		id := stoCreate(tb, s, seed)
		for range 14 {
			if _, err := s.Update(ctx, id, stoStep); err != nil {
				tb.Fatal(err)
			}
		}
		if _, err := s.Update(ctx, id, stoSettle); err != nil {
			tb.Fatal(err)
		}
	}
	stoMustCheck(tb, s)
	stoEveryForm(tb, s)
	if err := s.Close(); err != nil {
		tb.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// Ensure a damaged file is refused by Open with Verify, naming the path
// and what to do, and never crashes the process: the kinds of damage that
// crash bbolt (a root page beyond the file behind a valid checksum, an
// element's key past its page) are refused by the page walk before bbolt
// reads the file, or crash only the child. Damage to a free page, one the newest transaction does
// not reach but that still holds a leaf an older one wrote, is harmless:
// the file opens and Check finds it sound. With BFBOT_DAMAGE_ALL set it
// tries every page below the high-water mark; a copy Verify lets through
// must then be read whole by Check without a crash (this process would
// die otherwise) and with errors, if any, that name the damaged record;
// with none, the store must serve what the good file holds.
func TestOpenDamaged(t *testing.T) {
	good := stoGoodFile(t)
	dir := t.TempDir()
	all := storagetest.All()
	walked, crashed, refused, passed, free := 0, 0, 0, 0, 0
	cs := storagetest.Corruptions(good, all)
	storagetest.MustCover(t, cs)
	freeLeaf := storagetest.FreeLeaf(good)
	if freeLeaf == nil {
		t.Error("the good file has no free page holding an old leaf: the test no longer shows such a page's damage harmless")
	}
	cs = append(cs, freeLeaf...)
	want := stoServed(t, stoOpenBytes(t, good))
	for _, c := range cs {
		path := filepath.Join(dir, "bad.db")
		if err := os.WriteFile(path, c.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, Options{Verify: true, Snapshots: 100})
		var d *DamageError
		var md *MetaDamageError
		switch {
		case errors.As(err, &d):
			refused++
			switch {
			case d.Crash != "":
				crashed++
			case len(d.Problems) == 1 && !strings.HasPrefix(d.Problems[0], "bbolt: "):
				walked++
			}
			msg := err.Error()
			for _, want := range []string{path + ": database file is damaged", "restore it from a backup", "bfbot check --db " + path} {
				if !strings.Contains(msg, want) {
					t.Errorf("%s: error %q does not say %q", c.Name, msg, want)
				}
			}
		case errors.As(err, &md):
			refused++ // one meta page damaged (TestOpenDamagedMeta)
		case errors.Is(err, ErrNotDatabase):
			refused++
			if !strings.Contains(err.Error(), path) {
				t.Errorf("%s: error %q does not name the file", c.Name, err)
			}
		case err != nil:
			t.Errorf("%s: Open = %v, want a DamageError or ErrNotDatabase", c.Name, err)
		case strings.HasPrefix(c.Name, storagetest.FreePage):
			free++
			if !reflect.DeepEqual(stoServed(t, s), want) {
				t.Errorf("%s: the store serves other campaigns than the good file's", c.Name)
			}
			// A change reuses free pages, writing them anew.
			if _, err := s.Update(context.Background(), 1, stoStep); err != nil {
				t.Errorf("%s: Update = %v", c.Name, err)
			}
			for _, err := range s.Check(context.Background()) {
				t.Errorf("%s: check: %v, want a sound file: nothing reads a free page", c.Name, err)
			}
			s.Close()
		case !all:
			s.Close()
			t.Errorf("%s: opened, want it refused", c.Name)
		default:
			passed++
			errs := s.Check(context.Background())
			for _, err := range errs {
				var re *RecordError
				if !errors.As(err, &re) && !strings.Contains(err.Error(), "campaign ") {
					t.Logf("%s: check: %v", c.Name, err)
				}
			}
			// Damage Check does not see must change nothing the store
			// reads: it hit bytes nobody reads (a flag's unused bits, the
			// slack after a value, the file's tail).
			if len(errs) == 0 && !reflect.DeepEqual(stoServed(t, s), want) {
				t.Errorf("%s: Check finds nothing, but the store serves other campaigns than the good file's", c.Name)
			}
			s.Close()
		}
		if strings.Contains(c.Name, "root beyond the file") && (d == nil || d.Crash != "" || !strings.Contains(d.Problems[0], "the meta page's root bucket points to page 1073741824, past the end of the file")) {
			t.Errorf("%s: Open = %v, want the page walk to refuse the root page", c.Name, err)
		}
	}
	t.Logf("%d refused (%d by the page walk, %d by crashing the check in the child), %d opened and read whole without a crash, %d free pages damaged and the file found sound", refused, walked, crashed, passed, free)
}

// Ensure Verify refuses a file one of whose elements' keys lies outside
// where it may, naming the page and without running bbolt on it: past
// the end of the file (where bbolt's memory map may or may not end, so
// bbolt faults or reads whatever lies there), past its page inside the
// file, and past an inline bucket's value inside its page.
func TestVerifyElementBounds(t *testing.T) {
	good := stoGoodFile(t)
	dir := t.TempDir()
	n := 0
	for _, c := range storagetest.Corruptions(good, false) {
		if !strings.Contains(c.Name, "key past") {
			continue
		}
		n++
		path := filepath.Join(dir, "bad.db")
		if err := os.WriteFile(path, c.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		page := strings.Fields(strings.SplitN(c.Name, "page ", 2)[1])[0]
		page = strings.TrimSuffix(page, ":")
		var d *DamageError
		err := Verify(context.Background(), path)
		if !errors.As(err, &d) || d.Crash != "" || len(d.Problems) != 1 || !strings.Contains(d.Problems[0], "page "+page) ||
			!strings.Contains(d.Problems[0], "element 0's key and value") || !strings.Contains(d.Problems[0], "past its") {
			t.Errorf("%s: Verify = %v, want element 0 of page %s refused as past its page, with no crash", c.Name, err, page)
		}
	}
	if n != 3 {
		t.Errorf("%d corruptions of an element's key, want 3 (past the file, past its page, past an inline bucket's value)", n)
	}
}

// Ensure a file that crashes bbolt crashes only the child Verify runs it
// in: the page walk would refuse this one (a root page far past the
// file, behind a valid checksum) before bbolt reads it, so the child is
// run on it alone.
func TestVerifyChildCrash(t *testing.T) {
	for _, c := range storagetest.Corruptions(stoGoodFile(t), false) {
		if !strings.Contains(c.Name, "root beyond the file") {
			continue
		}
		path := filepath.Join(t.TempDir(), "bad.db")
		if err := os.WriteFile(path, c.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		var d *DamageError
		if err := verifyInChild(context.Background(), path, int64(len(c.Data))); !errors.As(err, &d) || !strings.Contains(d.Crash, "fatal error: fault") {
			t.Errorf("%s: the child's check = %v, want its fatal fault", c.Name, err)
		}
		return
	}
	t.Error("no corruption puts the root page beyond the file")
}

// stoOpenBytes opens a store on a copy of file.
func stoOpenBytes(tb testing.TB, file []byte) *Store {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "copy.db")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		tb.Fatal(err)
	}
	s, err := Open(path, Options{Snapshots: 100})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// stoServed is what s serves: its campaigns' summaries and exports.
func stoServed(tb testing.TB, s *Store) []string {
	tb.Helper()
	ctx := context.Background()
	sums, err := s.List(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	out := []string{fmt.Sprint(sums)}
	for _, sum := range sums {
		doc, err := s.Export(ctx, sum.ID)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(doc))
	}
	return out
}

// Ensure Verify passes a sound file, a missing one and an empty one.
func TestVerifySound(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "good.db")
	if err := os.WriteFile(path, stoGoodFile(t), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, empty, filepath.Join(dir, "missing.db")} {
		if err := Verify(context.Background(), p); err != nil {
			t.Errorf("Verify(%s) = %v", p, err)
		}
	}
	s, err := Open(path, Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	stoMustCheck(t, s)
	s.Close()
}

// BenchmarkVerify is what Verify adds to opening a file of three
// campaigns a few turns in: starting the child and reading the file.
func BenchmarkVerify(b *testing.B) {
	path := filepath.Join(b.TempDir(), "good.db")
	if err := os.WriteFile(path, stoGoodFile(b), 0o600); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := Verify(context.Background(), path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckPages is the page walk's share of BenchmarkVerify.
func BenchmarkCheckPages(b *testing.B) {
	path := filepath.Join(b.TempDir(), "good.db")
	if err := os.WriteFile(path, stoGoodFile(b), 0o600); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if problem := checkPages(path); problem != "" {
			b.Fatal(problem)
		}
	}
}
