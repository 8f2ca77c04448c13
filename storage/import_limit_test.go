package storage

import (
	"errors"
	"strings"
	"testing"
)

// Ensure an import larger than MaxImportBytes is refused before it is
// decoded, and nothing is written.
func TestImportTooLarge(t *testing.T) {
	s := stoOpen(t, Options{})
	doc := make([]byte, MaxImportBytes+1)
	_, err := s.Import(t.Context(), doc)
	if !errors.Is(err, ErrBadExport) || !strings.Contains(err.Error(), "MiB") {
		t.Fatalf("Import of %d bytes: %v, want ErrBadExport naming the limit", len(doc), err)
	}
	if list, err := s.List(t.Context()); err != nil || len(list) != 0 {
		t.Fatalf("after a refused import: %d campaigns, %v", len(list), err)
	}
}
