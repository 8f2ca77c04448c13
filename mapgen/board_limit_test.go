package mapgen

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// fzEndless is a reader of blank lines that never ends, counting what
// was read from it.
type fzEndless struct{ read int64 }

func (e *fzEndless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	e.read += int64(len(p))
	return len(p), nil
}

// Ensure a board file over MaxBoardBytes is refused with a clear error,
// and that ReadBoard stops reading at the limit rather than taking in a
// 100 MB (or endless) file.
func TestReadBoardSizeLimit(t *testing.T) {
	t.Run("Stream", func(t *testing.T) {
		src := &fzEndless{}
		_, _, err := ReadBoard(io.MultiReader(strings.NewReader("size 1 1\n"), io.LimitReader(src, 100<<20)))
		if err == nil || !strings.Contains(err.Error(), "over the 4194304-byte (4 MB) limit") || !strings.HasPrefix(err.Error(), "line ") {
			t.Fatalf("ReadBoard of 100 MB = %v, want the size limit", err)
		}
		if src.read > MaxBoardBytes+64<<10 {
			t.Errorf("read %d bytes of a 100 MB file, want at most the limit and a buffer", src.read)
		}
	})
	t.Run("Sized", func(t *testing.T) {
		data := bytes.Repeat([]byte("\n"), MaxBoardBytes+1)
		_, _, err := ReadBoard(bytes.NewReader(data))
		if err == nil || !strings.Contains(err.Error(), "line 1: the file is 4194305 bytes, over the 4194304-byte (4 MB) limit") {
			t.Fatalf("ReadBoard of %d bytes = %v, want the size limit", len(data), err)
		}
	})
	t.Run("AtLimit", func(t *testing.T) {
		// Exactly MaxBoardBytes is read: blank lines then a board.
		board := "size 1 1\nhex 0101 0 \"\" \"\"\nend\n"
		data := append(bytes.Repeat([]byte("\n"), MaxBoardBytes-len(board)), board...)
		if _, _, err := ReadBoard(io.MultiReader(bytes.NewReader(data))); err != nil {
			t.Fatalf("ReadBoard of exactly %d bytes: %v", len(data), err)
		}
	})
	t.Run("LargestBoardFits", func(t *testing.T) {
		// The largest board, every hex with roads, woods and a building,
		// written by WriteBoard, stays well inside the limit.
		m := New(MaxBoardSide, MaxBoardSide)
		for _, h := range m.Hexes() {
			m.Set(h, Cell{Terrain: HeavyWoods, Elevation: 2})
		}
		var buf bytes.Buffer
		if err := WriteBoard(&buf, m); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > MaxBoardBytes/2 {
			t.Errorf("a %d×%d board writes %d bytes: too close to the %d limit", MaxBoardSide, MaxBoardSide, buf.Len(), MaxBoardBytes)
		}
	})
}
