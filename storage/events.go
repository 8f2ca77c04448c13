package storage

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sync"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
)

// A campaign's event log is kept outside its document, in chunks of
// eventsPerChunk events under the chunk's number (from 1) in
// campaigns/<id>/events/: each chunk in the forms of open_chunk.go and
// full_chunk.go (until schema 9, its events' JSON, one a line, deflated). A change writes only the chunk its new events
// go into (and any after), and the undo snapshots share the log rather
// than each holding a copy (after 1,000 turns the log is most of a
// campaign). Each revision records its log's length; the bucket holds
// exactly the newest revision's log, and an older revision's log is its
// first events.
//
// Schemas 2 and 3 kept one record per event under its position
// (migrate3to4 packs them).

var bucketEvents = []byte("events")

// eventsPerChunk: a chunk of a few kilobytes deflates well and is
// cheap to write again for each change.
const eventsPerChunk = 64

func chunkKey(chunk uint64) string { return fmt.Sprintf("%s/%d", bucketEvents, chunk) }

// chunkOf is the chunk holding event seq (from 1).
func chunkOf(seq uint64) uint64 { return (seq-1)/eventsPerChunk + 1 }

// readChunk returns the JSON lines of campaign id's chunk k, checked
// against its checksum (seal.go), or nil when it is not stored. A full
// chunk in the events form (full_chunk.go) is encoded as JSON again.
func readChunk(eb *bolt.Bucket, id int64, k uint64) ([][]byte, error) {
	z, events, full, err := readChunkEvents(eb, id, k, nil)
	if err != nil || z == nil {
		return nil, err
	}
	if full {
		lines := make([][]byte, len(events))
		for i, e := range events {
			if lines[i], err = marshalJSON(e); err != nil {
				return nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
			}
		}
		return lines, nil
	}
	return chunkLines(id, k, z)
}

// chunkLines returns the JSON lines of z, campaign id's chunk k stored
// as JSON lines, unsealed.
func chunkLines(id int64, k uint64, z []byte) ([][]byte, error) {
	raw, err := unpackChunk(z)
	if err != nil {
		return nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
	}
	lines := bytes.Split(raw, []byte{'\n'})
	if len(lines) > eventsPerChunk {
		return nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("%d events, more than %d", len(lines), eventsPerChunk)}
	}
	return lines, nil
}

// readChunkEvents returns campaign id's chunk k checked against its
// checksum, unsealed (nil when it is not stored), and reports whether
// it is a full chunk in the events form; if so it appends its events,
// decoded, to log.
func readChunkEvents(eb *bolt.Bucket, id int64, k uint64, log []campaign.Event) (z []byte, _ []campaign.Event, full bool, err error) {
	v := eb.Get(itob(k))
	if v == nil {
		return nil, log, false, nil
	}
	if z, err = unseal(id, sealChunk, k, v); err != nil {
		return nil, log, false, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
	}
	if len(z) == 0 || z[0] != chunkEvents {
		return z, log, false, nil
	}
	from := len(log)
	log, err = unpackFullChunk(log, z[1:])
	if err == nil && len(log)-from != eventsPerChunk {
		err = fmt.Errorf("%d events in a full chunk", len(log)-from)
	}
	if err != nil {
		return nil, nil, false, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
	}
	return z, log, true, nil
}

// writeChunk stores the JSON lines as campaign id's chunk k, sealed: an
// S2 block while the chunk is open (each change that logs an event
// writes it again; open_chunk.go), in the events form once it is full
// (full_chunk.go), else deflated JSON. The
// bytes stored are built in a buffer of chunkBuffers, which bbolt holds
// until the transaction commits and which goes back then.
func writeChunk(eb *bolt.Bucket, id int64, k uint64, lines [][]byte) error {
	buf := pooledBuffer(&chunkBuffers)
	v := seal(id, sealChunk, k, deflateChunk((*buf)[:0], lines))
	*buf = v
	eb.Tx().OnCommit(func() { chunkBuffers.Put(buf) })
	return eb.Put(itob(k), v)
}

// chunkBuffers holds buffers chunks are stored from (writeChunk): an
// open chunk is a few kilobytes written again by every change that logs
// an event.
var chunkBuffers sync.Pool

// deflateChunk appends a chunk's lines as stored, before its checksum
// (room for which is kept when the chunk is stored as it is), to dst.
// The lines are joined in a buffer kept for the next chunk (joining):
// deflating copies them.
func deflateChunk(dst []byte, lines [][]byte) []byte {
	scratch := pooledBuffer(&joining)
	defer joining.Put(scratch)
	raw := (*scratch)[:0]
	for i, l := range lines {
		if i > 0 {
			raw = append(raw, '\n')
		}
		raw = append(raw, l...)
	}
	*scratch = raw
	if len(lines) == eventsPerChunk {
		if out, ok := fullChunk(dst, lines); ok {
			return out
		}
		return deflate(dst, raw, levelOnce)
	}
	return packOpenChunk(dst, raw)
}

// joining holds buffers a chunk's lines are joined in (deflateChunk).
var joining sync.Pool

// storedEvents counts the events stored: full chunks and the last one's.
func storedEvents(cb *bolt.Bucket, id int64) (uint64, error) {
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return 0, nil
	}
	k, _ := eb.Cursor().Last()
	if k == nil {
		return 0, nil
	}
	if len(k) != 8 {
		return 0, &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%x", bucketEvents, k), Err: errors.New("key is not 8 bytes")}
	}
	last := uint64(btoi(k))
	lines, err := readChunk(eb, id, last)
	if err != nil {
		return 0, err
	}
	return (last-1)*eventsPerChunk + uint64(len(lines)), nil
}

// readLog reads a campaign's first n events, and returns with them the
// lines of the chunk holding event n (a change appends after it).
func readLog(cb *bolt.Bucket, id int64, n uint64) (campaign.Log, [][]byte, error) {
	events, lines, err := readEvents(cb, id, n)
	return campaign.NewLog(events...), lines, err
}

// readEvents is readLog's events as a list.
func readEvents(cb *bolt.Bucket, id int64, n uint64) ([]campaign.Event, [][]byte, error) {
	if n == 0 {
		return nil, nil, nil
	}
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return nil, nil, &RecordError{Campaign: id, Key: string(bucketEvents), Err: fmt.Errorf("missing, but the campaign has %d events", n)}
	}
	log := make([]campaign.Event, 0, n)
	var lines [][]byte
	for k := uint64(1); uint64(len(log)) < n; k++ {
		// A full chunk in the events form is decoded as it is; the
		// chunk of the last event is then not given as lines (nil).
		var z []byte
		var full bool
		var err error
		if n-uint64(len(log)) >= eventsPerChunk {
			z, log, full, err = readChunkEvents(eb, id, k, log)
		} else { // the first events of a chunk: read into a list of its own
			var events []campaign.Event
			if z, events, full, err = readChunkEvents(eb, id, k, nil); full {
				log = append(log, events[:n-uint64(len(log))]...)
			}
		}
		if err != nil {
			return nil, nil, err
		}
		if full {
			lines = nil
			continue
		}
		if z == nil {
			lines = nil
		} else if lines, err = chunkLines(id, k, z); err != nil {
			return nil, nil, err
		}
		if lines == nil {
			return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("missing: the campaign has %d events", n)}
		}
		for _, l := range lines {
			if uint64(len(log)) == n {
				break
			}
			var e campaign.Event
			if err := decodeJSON(l, &e); err != nil {
				return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("event %d: %w", len(log)+1, err)}
			}
			log = append(log, e)
		}
		if len(lines) < eventsPerChunk && uint64(len(log)) < n {
			return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("event %d missing: the campaign has %d events", len(log)+1, n)}
		}
	}
	return log, lines, nil
}

// appendLog writes the events of log after the first from (which are
// stored already). open is the stored chunk holding event from, when the
// caller has it (sameEvent), else nil. It returns the chunk holding the
// log's last event when it wrote it or was given it, else nil.
func appendLog(cb *bolt.Bucket, id int64, from int, log campaign.Log, open [][]byte) ([][]byte, error) {
	if log.Len() < from {
		return nil, fmt.Errorf("the change shortened the campaign's log from %d events to %d: the log only grows", from, log.Len())
	}
	if from == log.Len() {
		return open, nil
	}
	eb, err := cb.CreateBucketIfNotExists(bucketEvents)
	if err != nil {
		return nil, err
	}
	inKeyOrder(eb)
	events := log.Since(from)
	lines := make([][]byte, 0, len(events))
	for _, e := range events {
		v, err := marshalJSON(e)
		if err != nil {
			return nil, err
		}
		lines = append(lines, v)
	}
	return appendLines(eb, id, uint64(from), lines, open)
}

// appendLines adds JSON events after the first from stored in eb, the
// events bucket of campaign id, filling the last chunk first; open is
// that chunk's lines if the caller has them, else nil. It returns the
// last chunk it wrote (its lines are the ones given, not copies).
func appendLines(eb *bolt.Bucket, id int64, from uint64, lines, open [][]byte) ([][]byte, error) {
	k := from/eventsPerChunk + 1
	var chunk, last [][]byte
	if from%eventsPerChunk != 0 {
		chunk = open
		if chunk == nil {
			var err error
			if chunk, err = readChunk(eb, id, k); err != nil {
				return nil, err
			}
		}
		if len(chunk) < int(from%eventsPerChunk) {
			return nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("%d events, but %d are stored before it", len(chunk), from%eventsPerChunk)}
		}
		// Clipped: the lines given may be a cached chunk's.
		chunk = slices.Clip(chunk[:from%eventsPerChunk])
	}
	for len(lines) > 0 {
		n := min(eventsPerChunk-len(chunk), len(lines))
		chunk = append(chunk, lines[:n]...)
		if err := writeChunk(eb, id, k, chunk); err != nil {
			return nil, err
		}
		lines, last, chunk, k = lines[n:], chunk, nil, k+1
	}
	return last, nil
}

// truncateLog keeps the first n events of campaign id and deletes the
// others (an undo going back).
func truncateLog(cb *bolt.Bucket, id int64, n uint64) error {
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return nil
	}
	inKeyOrder(eb)
	keep := (n + eventsPerChunk - 1) / eventsPerChunk
	c := eb.Cursor()
	for k, _ := c.Seek(itob(keep + 1)); k != nil; k, _ = c.Seek(itob(keep + 1)) {
		if err := eb.Delete(k); err != nil {
			return err
		}
	}
	if n%eventsPerChunk == 0 {
		return nil
	}
	chunk, err := readChunk(eb, id, keep)
	if err != nil || len(chunk) <= int(n%eventsPerChunk) {
		return err
	}
	return writeChunk(eb, id, keep, chunk[:n%eventsPerChunk])
}

// sameEvent reports whether e encodes as the stored event at position
// seq of campaign id does, and returns the chunk holding it, which a
// change appends its events after (appendLog), or the error reading it.
// cached is that chunk's lines if the store's cache kept them, else nil.
func sameEvent(cb *bolt.Bucket, id int64, seq uint64, e campaign.Event, cached [][]byte) ([][]byte, bool, error) {
	chunk := cached
	var err error
	if chunk == nil {
		eb := cb.Bucket(bucketEvents)
		if eb == nil {
			return nil, false, nil
		}
		chunk, err = readChunk(eb, id, chunkOf(seq))
	}
	i := int((seq - 1) % eventsPerChunk)
	if err != nil || i >= len(chunk) {
		return nil, false, err
	}
	v, err := marshalJSON(e)
	return chunk, err == nil && bytes.Equal(v, chunk[i]), nil
}
