package storage

import (
	"bytes"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A campaign's JSON compresses about 7 to 1 (names, keys and terrain
// repeat), so from schema 4 bfbot deflates what it stores: each
// snapshot's delta (revision.go), each chunk of the event log
// (events.go) and, until schema 8 packed them with S2, each part of the
// newest revision's document (parts.go). Raw
// DEFLATE, written and read with github.com/klauspost/compress/flate
// (the standard library's API): it deflates a side's units at
// BestSpeed in about 2/5 of compress/flate's time, a few percent
// smaller, and inflates in about 3/4; files written with compress/flate
// read the same.

// Three levels that pack. What a change writes again each time (the
// snapshot's delta; schema 7's parts) gets flate.BestSpeed: the
// higher levels cost more for a part of a kilobyte than the packing
// saves (compress/flate's cleared 640 KB of match tables before each
// use), and BestSpeed packs a demo campaign well inside its budget
// (storage_size_test.go in the repository's root: 57 KB used against
// 100 KB). A whole document (schema 4's form, which the
// migrations and an undo to a schema 4 revision write) gets level 2. A
// full chunk of events (before schema 9, or one the events form of
// full_chunk.go refuses), written once, gets the default level, which
// packs tighter still.
//
// And one that does not pack: levelStored writes the bytes as they are
// in stored blocks (storeBlocks), which inflate reads like any other, so
// files written before read the same. Deflating costs tens of
// microseconds whatever the size (building the block's Huffman codes;
// 40 µs when measured with the standard library's compress/flate), and
// packs a delta of a few hundred bytes by a few hundred bytes:
// what is smaller than packFrom is stored (levelFor). So was the log's
// open chunk until schema 9 packed it with S2 (open_chunk.go).
const (
	levelWhole  = 2
	levelFast   = flate.BestSpeed
	levelOnce   = flate.DefaultCompression
	levelStored = flate.NoCompression
	packFrom    = 1024
)

// levelFor is the level a delta of n bytes is written at.
func levelFor(n int) int {
	if n < packFrom {
		return levelStored
	}
	return levelFast
}

// deflaters (by level) and inflaters are reused: a flate.Writer
// allocates 0.5 to 0.9 MB of tables. The writers are kept in lists of
// their own rather than in a sync.Pool, which the collector empties every
// other cycle: the writer of a full chunk of the log (levelOnce), taken
// once in 64 events, was then made afresh nearly every time, and its
// tables cost a console command 28 µs of CPU on average, a twentieth of
// it (BENCHMARKS.md). keptWriters of each level are kept, about 4 MB
// in all (the bot runs on a couple of cores); one more, when more
// commits deflate at once, is made and dropped.
const keptWriters = 2

// deflater is a kept writer and where it writes: the sink is emptied
// after each use, so that a writer waiting in its list holds none of a
// caller's bytes (a whole document, a chunk of the log).
type deflater struct {
	w    *flate.Writer
	sink sink
}

type sink struct{ b *bytes.Buffer }

func (s *sink) Write(p []byte) (int, error) { return s.b.Write(p) }

var (
	deflaters = map[int]chan *deflater{levelWhole: make(chan *deflater, keptWriters), levelFast: make(chan *deflater, keptWriters), levelOnce: make(chan *deflater, keptWriters)}
	inflaters = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}
)

// deflate appends src compressed at level (levelWhole, levelFast,
// levelOnce or levelStored) to dst.
func deflate(dst, src []byte, level int) []byte {
	if level == levelStored {
		return storeBlocks(dst, src)
	}
	buf := bytes.NewBuffer(dst)
	kept := deflaters[level]
	var d *deflater
	select {
	case d = <-kept:
		d.sink.b = buf
		d.w.Reset(&d.sink)
	default:
		d = &deflater{sink: sink{b: buf}}
		var err error
		if d.w, err = flate.NewWriter(&d.sink, level); err != nil {
			panic(err) // only for a bad level
		}
	}
	// Writes to a bytes.Buffer do not fail.
	_, _ = d.w.Write(src)
	_ = d.w.Close()
	d.sink.b = nil
	select {
	case kept <- d:
	default:
	}
	return buf.Bytes()
}

// maxStored is the most bytes a stored block holds (RFC 1951 3.2.4).
const maxStored = 1<<16 - 1

// storeBlocks appends src to dst as raw DEFLATE stored blocks: each a
// header byte (BFINAL on the last, BTYPE 00), the block's length and its
// complement (uint16 little-endian each) and its bytes. It is what a
// flate.Writer at NoCompression writes, less its cost: a writer kept or
// made afresh (its tables) for every open chunk of the log a change
// writes.
func storeBlocks(dst, src []byte) []byte {
	for {
		n := min(len(src), maxStored)
		final := byte(0)
		if n == len(src) {
			final = 1
		}
		dst = append(dst, final, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		dst, src = append(dst, src[:n]...), src[n:]
		if final == 1 {
			return dst
		}
	}
}

// pooledBuffer is a buffer from p (a pool of *[]byte), or a new one.
func pooledBuffer(p *sync.Pool) *[]byte {
	if b, _ := p.Get().(*[]byte); b != nil {
		return b
	}
	return new([]byte)
}

// inflate returns src decompressed.
func inflate(src []byte) ([]byte, error) {
	return inflateAppend(make([]byte, 0, 4*len(src)), src)
}

// inflateAppend appends src decompressed to dst. DEFLATE makes up to a
// thousand times its bytes: no record unpacks past what an import may
// be (as unpackParts caps S2's and zstd's claims), so dst growing past
// that is damage, refused before it takes the memory.
func inflateAppend(dst, src []byte) ([]byte, error) {
	r := inflaters.Get().(io.ReadCloser)
	defer inflaters.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(src), nil); err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(dst)
	if _, err := out.ReadFrom(io.LimitReader(r, int64(MaxImportBytes-len(dst)+1))); err != nil {
		return nil, fmt.Errorf("compressed record: %w", err)
	}
	if out.Len() > MaxImportBytes {
		return nil, fmt.Errorf("compressed record unpacks to more than the %d MiB a record may have: the record is damaged", MaxImportBytes>>20)
	}
	return out.Bytes(), nil
}
