package storage

import (
	"os"
	"testing"
)

// Every change the package's tests make checks the parts it copied
// instead of encoding (reuse.go) against their encoding.
func TestMain(m *testing.M) {
	verifyCopies = true
	os.Exit(m.Run())
}
