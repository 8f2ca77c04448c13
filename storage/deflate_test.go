package storage

import (
	"bytes"
	"testing"
)

// Ensure the stored blocks written by hand (storeBlocks) inflate to what
// was stored, appended to what dst held, at every size about a block's
// bounds, each block costing its 5 bytes of header.
func TestStoredBlocks(t *testing.T) {
	for _, n := range []int{0, 1, 1000, maxStored - 1, maxStored, maxStored + 1, 3*maxStored + 7} {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(i * 7)
		}
		out := deflate([]byte("before"), src, levelStored)
		if !bytes.HasPrefix(out, []byte("before")) {
			t.Fatalf("%d bytes: the bytes before were not kept", n)
		}
		got, err := inflate(out[len("before"):])
		if err != nil || !bytes.Equal(got, src) {
			t.Errorf("%d bytes stored: inflated to %d bytes, %v", n, len(got), err)
		}
		if blocks := max(1, (n+maxStored-1)/maxStored); len(out)-len("before") != n+5*blocks {
			t.Errorf("%d bytes stored in %d bytes, want %d blocks of 5 bytes' header", n, len(out)-len("before"), blocks)
		}
	}
}
