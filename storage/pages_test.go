package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// Ensure the page walk ends without a panic on any file: 2,000 copies of
// a small sound file, each with one to four bytes changed, half of them
// in a page's header or first elements, the rest anywhere, and one in
// ten cut short, from a fixed seed. (A fuzz target could not do
// this: Go's fuzzer manages some executions a minute on inputs of this
// size.) The sound file itself walks clean.
func TestWalkPagesDamaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	id := stoCreate(t, s, 1)
	if _, err := s.Update(context.Background(), id, stoStep); err != nil {
		t.Fatal(err)
	}
	s.Close()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if problem := walkPages(bytes.NewReader(good), int64(len(good))); problem != "" {
		t.Fatalf("the sound file: %s", problem)
	}
	ps := int(binary.LittleEndian.Uint32(good[metaHeader+8:]))
	r := rand.New(rand.NewPCG(1, 2))
	refused := 0
	for range 2000 {
		b := bytes.Clone(good)
		for range 1 + r.IntN(4) {
			at := r.IntN(len(b))
			if r.IntN(2) == 0 {
				// A page's header or its first elements.
				at = at/ps*ps + r.IntN(64)
			}
			b[at] ^= byte(1 + r.IntN(255))
		}
		if r.IntN(10) == 0 {
			b = b[:r.IntN(len(b))]
		}
		if walkPages(bytes.NewReader(b), int64(len(b))) != "" {
			refused++
		}
	}
	if refused == 0 {
		t.Error("no copy refused: the walk no longer reads the pages")
	}
}
