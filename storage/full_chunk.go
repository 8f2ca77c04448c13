package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unsafe"

	"bfbot/campaign"
)

// A full chunk of the log (eventsPerChunk events, events.go) never
// changes again, and a load the cache did not hold decoded every one of
// them (until schema 11, below): 1,817 events of a campaign 300 turns old were 3 ms of CPU
// inflated and decoded as JSON, five times the rest of a command's load.
// From schema 9 a full chunk is written once in a form of its own,
// marked by its first byte, chunkEvents (a DEFLATE stream cannot start
// so, as chunkS2, open_chunk.go), then a zstd frame of:
//
//	uvarint count, then each string the events name (step, type, side,
//	    audience), uvarint length and bytes
//	uvarint count, then each audience: uvarint length, string numbers
//	uvarint count, then each event: varint turn; uvarint step, type and
//	    side (string numbers) and audience (its number from 1, 0 for
//	    none); varint sector, battle and vp; uvarint length and the text
//
// Decoding it is reading numbers: the strings and audiences are made
// once a chunk, the texts refer to the unpacked bytes, which the loaded
// campaign keeps as it keeps its document (decodeKeptDoc). Names repeat,
// so it also packs a fifth tighter than the JSON deflated. Each chunk is
// decoded again and compared with the events before it is stored
// (encodeFullChunk): a field campaign.Event gained that this form does
// not carry keeps the chunk in JSON, deflated, as before.

// chunkEvents starts a full chunk in the events form.
const chunkEvents byte = 0x0e

// From schema 11 a full chunk starts with chunkSummed instead (its low
// bits, as chunkEvents', make no DEFLATE stream), then the victory points
// its events give each side, ahead of the zstd frame, so that a load
// adds up the log's points (which it checks the next change against)
// without unpacking the chunk: it hands the chunk to the campaign's log
// as it is, to be unpacked when a reader first reaches one of its
// events (campaign.LazyLogChunk; readLog):
//
//	uvarint count, then each side with events that carry points, in
//	    order: uvarint length and the side's ID, varint points
//
// The sums are the events' (campaign.LogVP), checked when the chunk is
// written, as every change's are, and again by Check, which unpacks
// every chunk. migrateChunkSums writes schema 9's chunks in this form.
const chunkSummed byte = 0x16

// encodeFullChunk appends events, a full chunk's, in the events form to
// dst, or reports false when the form would not give them back as they
// are (JSON lines is each event's JSON, which the check compares).
func encodeFullChunk(dst []byte, events []campaign.Event, lines [][]byte) ([]byte, bool) {
	strs := map[string]uint64{}
	var table []string
	str := func(s string) uint64 {
		n, ok := strs[s]
		if !ok {
			n = uint64(len(table))
			strs[s], table = n, append(table, s)
		}
		return n
	}
	auds := map[string]uint64{}
	var audTable [][]uint64
	var body []byte
	for _, e := range events {
		body = binary.AppendVarint(body, int64(e.Turn))
		body = binary.AppendUvarint(body, str(e.Step))
		body = binary.AppendUvarint(body, str(e.Type))
		body = binary.AppendUvarint(body, str(e.Side))
		a := uint64(0)
		if e.Audience != nil {
			ids := make([]uint64, len(e.Audience))
			var key []byte
			for i, s := range e.Audience {
				ids[i] = str(s)
				key = binary.AppendUvarint(key, ids[i])
			}
			if a = auds[string(key)]; a == 0 {
				audTable = append(audTable, ids)
				a = uint64(len(audTable))
				auds[string(key)] = a
			}
		}
		body = binary.AppendUvarint(body, a)
		body = binary.AppendVarint(body, int64(e.Sector))
		body = binary.AppendVarint(body, int64(e.Battle))
		body = binary.AppendVarint(body, int64(e.VP))
		body = binary.AppendUvarint(body, uint64(len(e.Text)))
		body = append(body, e.Text...)
	}
	raw := binary.AppendUvarint(nil, uint64(len(table)))
	for _, s := range table {
		raw = binary.AppendUvarint(raw, uint64(len(s)))
		raw = append(raw, s...)
	}
	raw = binary.AppendUvarint(raw, uint64(len(audTable)))
	for _, ids := range audTable {
		raw = binary.AppendUvarint(raw, uint64(len(ids)))
		for _, n := range ids {
			raw = binary.AppendUvarint(raw, n)
		}
	}
	raw = binary.AppendUvarint(raw, uint64(len(events)))
	raw = append(raw, body...)
	back, err := decodeFullChunk(nil, raw)
	if err != nil || len(back) != len(lines) {
		return dst, false
	}
	for i := range back {
		if v, err := marshalJSON(back[i]); err != nil || !bytes.Equal(v, lines[i]) {
			return dst, false
		}
	}
	return zstdBest().EncodeAll(raw, appendChunkSums(append(dst, chunkSummed), campaign.LogVP(nil, events))), true
}

// appendChunkSums appends the header of a chunk in the summed form
// holding vp, a chunk's events' points by side, to dst.
func appendChunkSums(dst []byte, vp map[string]int) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(vp)))
	for _, side := range slices.Sorted(maps.Keys(vp)) {
		dst = binary.AppendUvarint(dst, uint64(len(side)))
		dst = append(dst, side...)
		dst = binary.AppendVarint(dst, int64(vp[side]))
	}
	return dst
}

// isFullChunk reports whether z, a stored chunk unsealed, is in an
// events form.
func isFullChunk(z []byte) bool { return len(z) > 0 && (z[0] == chunkEvents || z[0] == chunkSummed) }

// chunkFrame returns the zstd frame of z, a stored chunk in an events
// form, and the points its header sums by side (summed false for a
// chunk in schema 9's form, which has none). The sides' IDs are copied.
func chunkFrame(z []byte) (frame []byte, vp map[string]int, summed bool, err error) {
	if z[0] == chunkEvents {
		return z[1:], nil, false, nil
	}
	r := chunkReader{b: z[1:]}
	n := r.count(maxChunkNames, "sides summed")
	for range n {
		side := strings.Clone(r.text())
		points := r.varint()
		if r.err != nil {
			break
		}
		if vp == nil {
			vp = make(map[string]int, n)
		}
		vp[side] = int(points)
	}
	return r.b, vp, true, r.err
}

// unpackFullChunk appends the events of z, the zstd frame of a stored
// chunk in an events form (chunkFrame), to log.
func unpackFullChunk(log []campaign.Event, z []byte) ([]campaign.Event, error) {
	raw, err := zstdReader().DecodeAll(z, nil)
	if err != nil {
		return nil, err
	}
	return decodeFullChunk(log, raw)
}

// decodeFullChunk appends the events of raw, an unpacked chunk in the
// events form, to log; their strings refer to raw, which must not
// change while they live.
func decodeFullChunk(log []campaign.Event, raw []byte) ([]campaign.Event, error) {
	r := chunkReader{b: raw}
	table := make([]string, r.count(maxChunkNames, "strings"))
	for i := range table {
		table[i] = r.text()
	}
	auds := make([][]string, r.count(eventsPerChunk, "audiences"))
	names := len(table)
	for i := range auds {
		ids := make([]string, r.count(maxChunkNames-names, "names in audiences"))
		names += len(ids)
		for j := range ids {
			ids[j] = r.pick(table)
		}
		auds[i] = ids
	}
	n := r.count(eventsPerChunk, "events")
	log = slices.Grow(log, n)
	from := len(log)
	log = log[:from+n]
	events := log[from:]
	for i := range events {
		e := &events[i]
		*e = campaign.Event{}
		e.Turn = int(r.varint())
		e.Step, e.Type, e.Side = r.pick(table), r.pick(table), r.pick(table)
		if a := r.uvarint(); a > 0 && a <= uint64(len(auds)) {
			e.Audience = auds[a-1]
		} else if a > 0 {
			r.fail("audience %d of %d", a, len(auds))
		}
		e.Sector, e.Battle, e.VP = int(r.varint()), int(r.varint()), int(r.varint())
		e.Text = r.text()
	}
	if r.err == nil && len(r.b) > 0 {
		r.fail("%d bytes after the last event", len(r.b))
	}
	return log, r.err
}

// chunkReader reads a chunk in the events form; the first error sticks
// and makes every later read a zero.
type chunkReader struct {
	b   []byte
	err error
}

func (r *chunkReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("chunk of events: "+format, args...)
	}
	r.b = nil
}

func (r *chunkReader) uvarint() uint64 { return readNumber(r, binary.Uvarint) }

func (r *chunkReader) varint() int64 { return readNumber(r, binary.Varint) }

// readNumber reads a number with read (binary.Uvarint or Varint).
func readNumber[T uint64 | int64](r *chunkReader, read func([]byte) (T, int)) T {
	n, k := read(r.b)
	if k <= 0 {
		r.fail("cut short")
		return 0
	}
	r.b = r.b[k:]
	return n
}

// maxChunkNames bounds the strings a chunk in the events form names,
// in its table and its audiences together: a full chunk's events name
// at most three each and their audiences a campaign's sides, so this is
// far past any written, and keeps a damaged count from making a table
// of gigabytes out of a few bytes (the encoder's check, which decodes
// what it wrote, keeps such a chunk in JSON).
const maxChunkNames = 1 << 16

// count reads a number of things that follow, each at least a byte,
// refusing more than most (what names them, in the error).
func (r *chunkReader) count(most int, what string) int {
	n := r.uvarint()
	switch {
	case r.err != nil:
		return 0
	case n > uint64(most):
		r.fail("%d %s, more than %d", n, what, most)
		return 0
	case n > uint64(len(r.b)):
		r.fail("%d %s in %d bytes", n, what, len(r.b))
		return 0
	}
	return int(n)
}

// text reads a length and as many bytes, as a string referring to them.
func (r *chunkReader) text() string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.fail("a string of %d bytes in %d", n, len(r.b))
		return ""
	}
	s := r.b[:n]
	r.b = r.b[n:]
	if n == 0 {
		return ""
	}
	return unsafe.String(&s[0], len(s))
}

// pick reads a string's number in table.
func (r *chunkReader) pick(table []string) string {
	n := r.uvarint()
	if n >= uint64(len(table)) {
		if r.err == nil {
			r.fail("string %d of %d", n, len(table))
		}
		return ""
	}
	return table[n]
}

// fullChunk appends a full chunk's JSON lines in the events form to
// dst, or reports false when they do not decode or the form would not
// give them back as they are.
func fullChunk(dst []byte, lines [][]byte) ([]byte, bool) {
	events := make([]campaign.Event, len(lines))
	for i, l := range lines {
		if decodeJSON(l, &events[i]) != nil {
			return dst, false
		}
	}
	return encodeFullChunk(dst, events, lines)
}
