//go:build unix

package storage

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"bfbot/storage/storagetest"
)

// Ensure the page walk leaves a file a writer holds alone, as bbolt's
// reader does: the pages may change under it with each commit, so what
// it found would be no damage; Verify passes the file to Open, which
// says it is locked.
func TestCheckPagesLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "held.db")
	for _, c := range storagetest.Corruptions(stoGoodFile(t), false) {
		if strings.Contains(c.Name, "key past its page") {
			if err := os.WriteFile(path, c.Data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checkPages(path) == "" {
		t.Fatal("the page walk passes the damaged file")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	if problem := checkPages(path); problem != "" {
		t.Errorf("the page walk read a file a writer holds: %s", problem)
	}
}
