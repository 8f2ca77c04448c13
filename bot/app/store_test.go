package app

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"bfbot/bot/command"
	"bfbot/storage"
)

// Ensure the store adapter maps storage's errors to the command layer's
// sentinels, keeping storage's in the chain.
func TestStoreErrors(t *testing.T) {
	t.Parallel()
	db, err := storage.Open(filepath.Join(t.TempDir(), "s.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := NewStore(db, func() uint64 { return 1 })
	t.Run("ErrNotFound", func(t *testing.T) {
		_, err := s.Get(context.Background(), 99)
		if !errors.Is(err, command.ErrNotFound) || !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("Get(99): %v, want both not-found sentinels", err)
		}
	})
	t.Run("OK", func(t *testing.T) {
		if list, err := s.List(context.Background()); err != nil || len(list) != 0 {
			t.Errorf("List: %v %v, want empty", list, err)
		}
	})
}
