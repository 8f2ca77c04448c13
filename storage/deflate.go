package storage

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"
)

// A campaign's JSON compresses about 7 to 1 (names, keys and terrain
// repeat), so schema 4 deflates what it stores: each revision's document
// or delta (revision.go) and each chunk of the event log (events.go).
// The standard library's raw DEFLATE.

// Two levels: the newest revision's document is deflated again with
// every change, so it gets a fast level (level 2 packs a demo campaign
// of 20 turns 10% tighter than level 1 for twice the time, which keeps
// it inside the 100 KB budget, storage_size_test.go); the small things
// written once (a snapshot's delta, a chunk of events) get the default
// level, which packs them tighter still.
const (
	levelWhole = 2
	levelSmall = flate.DefaultCompression
)

// deflaters (by level) and inflaters are reused: a flate.Writer
// allocates about a megabyte of tables.
var (
	deflaters = map[int]*sync.Pool{levelWhole: deflaterPool(levelWhole), levelSmall: deflaterPool(levelSmall)}
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

// deflate appends src compressed at level (levelWhole or levelSmall) to
// dst.
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
	r := inflaters.Get().(io.ReadCloser)
	defer inflaters.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(src), nil); err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(make([]byte, 0, 4*len(src)))
	if _, err := out.ReadFrom(r); err != nil {
		return nil, fmt.Errorf("compressed record: %w", err)
	}
	return out.Bytes(), nil
}
