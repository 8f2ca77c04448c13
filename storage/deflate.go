package storage

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"
)

// A campaign's JSON compresses about 7 to 1 (names, keys and terrain
// repeat), so from schema 4 bfbot deflates what it stores: each part of
// the newest revision's document (parts.go), each snapshot's delta
// (revision.go) and each chunk of the event log (events.go). The
// standard library's raw DEFLATE.

// Three levels. What a change writes again each time (the parts it
// changed, the snapshot's delta, the log's open chunk of events) gets
// flate.BestSpeed: the higher levels clear 640 KB of match tables before
// each use, which for a part of a kilobyte costs more than the packing,
// and BestSpeed packs a demo campaign only about 10% looser than level 2
// (storage_size_test.go in the repository's root: 52 KB used against
// the 100 KB budget). A whole document (schema 4's form, which the
// migrations and an undo to a schema 4 revision write) gets level 2. A
// full chunk of events, written once, gets the default level, which
// packs tighter still.
const (
	levelWhole = 2
	levelFast  = flate.BestSpeed
	levelOnce  = flate.DefaultCompression
)

// deflaters (by level) and inflaters are reused: a flate.Writer
// allocates about a megabyte of tables.
var (
	deflaters = map[int]*sync.Pool{levelWhole: deflaterPool(levelWhole), levelFast: deflaterPool(levelFast), levelOnce: deflaterPool(levelOnce)}
	inflaters = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}
)

func deflaterPool(level int) *sync.Pool {
	return &sync.Pool{New: func() any {
		w, err := flate.NewWriter(nil, level)
		if err != nil {
			panic(err) // only for a bad level
		}
		return w
	}}
}

// deflate appends src compressed at level (levelWhole, levelFast or
// levelOnce) to dst.
func deflate(dst, src []byte, level int) []byte {
	buf := bytes.NewBuffer(dst)
	pool := deflaters[level]
	w := pool.Get().(*flate.Writer)
	defer pool.Put(w)
	w.Reset(buf)
	// Writes to a bytes.Buffer do not fail.
	_, _ = w.Write(src)
	_ = w.Close()
	return buf.Bytes()
}

// inflate returns src decompressed.
func inflate(src []byte) ([]byte, error) {
	return inflateAppend(make([]byte, 0, 4*len(src)), src)
}

// inflateAppend appends src decompressed to dst.
func inflateAppend(dst, src []byte) ([]byte, error) {
	r := inflaters.Get().(io.ReadCloser)
	defer inflaters.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(src), nil); err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(dst)
	if _, err := out.ReadFrom(r); err != nil {
		return nil, fmt.Errorf("compressed record: %w", err)
	}
	return out.Bytes(), nil
}
