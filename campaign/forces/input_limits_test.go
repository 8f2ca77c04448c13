package forces

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// fzSpaces is an endless reader of spaces that counts what was read.
type fzSpaces struct{ read int64 }

func (s *fzSpaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	s.read += int64(len(p))
	return len(p), nil
}

// Ensure an .mtf file over mtfMaxBytes is refused with a clear error
// without reading the rest of it (a 100 MB file is not parsed).
func TestReadMTFSizeLimit(t *testing.T) {
	src := &fzSpaces{}
	_, _, err := ReadMTF(io.LimitReader(src, 100<<20))
	if !errors.Is(err, ErrMTF) || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Fatalf("ReadMTF of 100 MB = %v, want the size limit", err)
	}
	if src.read > mtfMaxBytes+64<<10 {
		t.Errorf("read %d bytes, want no more than the limit and a buffer", src.read)
	}
	// At the limit the file is read (and refused for what it says).
	_, _, err = ReadMTF(bytes.NewReader(bytes.Repeat([]byte("\n"), mtfMaxBytes)))
	if err == nil || strings.Contains(err.Error(), "larger than") {
		t.Fatalf("ReadMTF of exactly the limit = %v, want an error about the content", err)
	}
}

// Ensure a design file over designFileMaxBytes is refused before YAML
// parsing, naming the limit.
func TestReadDesignsSizeLimit(t *testing.T) {
	data := append([]byte("name: [\n"), bytes.Repeat([]byte("#"), designFileMaxBytes)...) // broken YAML: parsing would say so
	_, err := ReadDesigns(data)
	if !errors.Is(err, ErrDesignFile) || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Fatalf("ReadDesigns of %d bytes = %v, want the size limit", len(data), err)
	}
}
