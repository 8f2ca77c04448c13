package storage

import (
	"bytes"
	"encoding/binary"
	"strings"
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

// Ensure a DEFLATE record unpacking past what a record may have (a few
// kilobytes of the file make 64 MiB of zeros) is refused as damage, by
// itself and as parts adding up, without unpacking it all.
func TestInflateCapped(t *testing.T) {
	huge := deflate(nil, make([]byte, MaxImportBytes+1), levelOnce)
	half := deflate(nil, make([]byte, MaxImportBytes/2+1), levelOnce)
	var parts []byte
	for _, p := range [][]byte{half, half} {
		parts = append(binary.AppendUvarint(parts, uint64(len(p))), p...)
	}
	for name, unpack := range map[string]func() ([]byte, error){
		"Whole": func() ([]byte, error) { return inflate(huge) },
		"Parts": func() ([]byte, error) { return inflateParts(parts) },
	} {
		if _, err := unpack(); err == nil || !strings.Contains(err.Error(), "more than the 64 MiB a record may have") {
			t.Errorf("%s: got %v, want the record refused as damaged", name, err)
		}
	}
}
