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
// it is a full chunk in an events form; if so it appends its events,
// decoded, to log.
func readChunkEvents(eb *bolt.Bucket, id int64, k uint64, log []campaign.Event) (z []byte, _ []campaign.Event, full bool, err error) {
	if z, err = readSealedChunk(eb, id, k); z == nil || err != nil || !isFullChunk(z) {
		return z, log, false, err
	}
	if log, err = fullChunkEvents(id, k, z, log); err != nil {
		return nil, nil, false, err
	}
	return z, log, true, nil
}

// fullChunkEvents appends the events of z, campaign id's full chunk k
// unsealed, to log.
func fullChunkEvents(id int64, k uint64, z []byte, log []campaign.Event) ([]campaign.Event, error) {
	frame, _, _, err := chunkFrame(z)
	if err == nil {
		log, err = unpackFull(log, frame)
	}
	if err != nil {
		return nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
	}
	return log, nil
}

// readSealedChunk returns campaign id's chunk k checked against its
// checksum, unsealed (nil when it is not stored).
func readSealedChunk(eb *bolt.Bucket, id int64, k uint64) ([]byte, error) {
	v := eb.Get(itob(k))
	if v == nil {
		return nil, nil
	}
	z, err := unseal(id, sealChunk, k, v)
	if err != nil {
		return nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
	}
	return z, nil
}

// unpackFull appends the events of frame, a full chunk's zstd frame, to
// log, refusing a chunk of any other number of events.
func unpackFull(log []campaign.Event, frame []byte) ([]campaign.Event, error) {
	from := len(log)
	log, err := unpackFullChunk(log, frame)
	if err == nil && len(log)-from != eventsPerChunk {
		err = fmt.Errorf("%d events in a full chunk", len(log)-from)
	}
	return log, err
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
// lines of the chunk holding event n (a change appends after it; nil
// when that chunk is full) and the victory points the events give each
// side (campaign.LogVP). Every chunk read is checked against its
// checksum; a full chunk in the summed form (full_chunk.go) is handed to
// the log as it is, unpacked the first time a reader reaches one of its
// events (campaign.LazyLogChunk): a load of a campaign 300 turns old
// unpacks the chunk of its newest events only. Such a chunk's bytes are
// copied out of the file, whose memory is gone once the transaction
// ends. A chunk that fails to unpack then, which its checksum and the
// check the store made when it wrote it rule out, makes the log's Err
// (and a change of the campaign) fail naming it.
func readLog(cb *bolt.Bucket, id int64, n uint64) (campaign.Log, [][]byte, map[string]int, error) {
	if n == 0 {
		return campaign.Log{}, nil, nil, nil
	}
	eb := cb.Bucket(bucketEvents)
	if eb == nil {
		return campaign.Log{}, nil, nil, &RecordError{Campaign: id, Key: string(bucketEvents), Err: fmt.Errorf("missing, but the campaign has %d events", n)}
	}
	full := make([]*campaign.LogChunk, 0, n/eventsPerChunk)
	var vp map[string]int
	for k := uint64(1); k <= n/eventsPerChunk; k++ {
		chunk, sums, err := readFullChunk(eb, id, k)
		if err != nil {
			return campaign.Log{}, nil, nil, err
		}
		full = append(full, chunk)
		vp = addVP(vp, sums)
	}
	rest := n % eventsPerChunk
	if rest == 0 {
		return campaign.AssembleLog(full, nil), nil, vp, nil
	}
	k := n/eventsPerChunk + 1
	tail, lines, err := readChunkStart(eb, id, k, rest)
	if err != nil {
		return campaign.Log{}, nil, nil, err
	}
	return campaign.AssembleLog(full, tail), lines, campaign.LogVP(vp, tail), nil
}

// addVP adds the points of sums to vp, which it may change (readLog's
// own).
func addVP(vp, sums map[string]int) map[string]int {
	if vp == nil && len(sums) > 0 {
		vp = make(map[string]int, len(sums))
	}
	for side, points := range sums {
		vp[side] += points
	}
	return vp
}

// readFullChunk reads campaign id's chunk k, which must be full, as a
// chunk of its log: lazy in the summed form, else decoded now; and
// returns the points its events give each side.
func readFullChunk(eb *bolt.Bucket, id int64, k uint64) (*campaign.LogChunk, map[string]int, error) {
	z, err := readSealedChunk(eb, id, k)
	if err != nil {
		return nil, nil, err
	}
	if z == nil {
		return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: errors.New("missing: a full chunk of the log is needed")}
	}
	if isFullChunk(z) {
		frame, vp, summed, err := chunkFrame(z)
		if err != nil {
			return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
		}
		if summed {
			frame = bytes.Clone(frame)
			return campaign.LazyLogChunk(func() ([]campaign.Event, error) {
				events, err := unpackFull(nil, frame)
				if err != nil {
					return nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: err}
				}
				return events, nil
			}), vp, nil
		}
	}
	events, _, err := chunkStart(id, k, z, eventsPerChunk)
	if err != nil {
		return nil, nil, err
	}
	return campaign.NewLogChunk(events), campaign.LogVP(nil, events), nil
}

// readChunkStart reads the first n events of campaign id's chunk k, and
// returns with them the chunk's lines (nil when it is full, in an events
// form).
func readChunkStart(eb *bolt.Bucket, id int64, k, n uint64) ([]campaign.Event, [][]byte, error) {
	z, err := readSealedChunk(eb, id, k)
	if err != nil {
		return nil, nil, err
	}
	if z == nil {
		return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("missing: the campaign has %d events", (k-1)*eventsPerChunk+n)}
	}
	return chunkStart(id, k, z, n)
}

// chunkStart decodes the first n events of z, campaign id's chunk k
// unsealed, and returns with them the chunk's lines (nil when it is in
// an events form).
func chunkStart(id int64, k uint64, z []byte, n uint64) ([]campaign.Event, [][]byte, error) {
	if isFullChunk(z) {
		events, err := fullChunkEvents(id, k, z, nil)
		if err != nil {
			return nil, nil, err
		}
		return events[:n:n], nil, nil
	}
	lines, err := chunkLines(id, k, z)
	if err != nil {
		return nil, nil, err
	}
	if uint64(len(lines)) < n {
		return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("event %d missing: the campaign has %d events", (k-1)*eventsPerChunk+uint64(len(lines))+1, (k-1)*eventsPerChunk+n)}
	}
	events := make([]campaign.Event, n)
	for i := range events {
		if err := decodeJSON(lines[i], &events[i]); err != nil {
			return nil, nil, &RecordError{Campaign: id, Key: chunkKey(k), Err: fmt.Errorf("event %d: %w", (k-1)*eventsPerChunk+uint64(i)+1, err)}
		}
	}
	return events, lines, nil
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

// lastEvent is a copy of log's last event, as it was stored (nil for an
// empty log): its audience copied too, so that nothing done to the log's
// after changes it.
func lastEvent(log campaign.Log) *campaign.Event {
	if log.Len() == 0 {
		return nil
	}
	e := log.At(log.Len() - 1)
	e.Audience = slices.Clone(e.Audience)
	return &e
}

// sameLoggedEvent reports whether a and b hold the same values, so that
// they encode alike (TestSameLoggedEvent tries every field).
func sameLoggedEvent(a, b campaign.Event) bool {
	return a.Turn == b.Turn && a.Step == b.Step && a.Type == b.Type && slices.Equal(a.Audience, b.Audience) &&
		a.Side == b.Side && a.Sector == b.Sector && a.Battle == b.Battle && a.VP == b.VP && a.Text == b.Text
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
