package storage

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// From schema 7 every revision's record and every chunk of the event log
// ends in a checksum of its bytes as stored. Raw DEFLATE has none, and a
// part, a delta or the log's open chunk under a kilobyte is written in
// stored blocks, its bytes as they are: a bit flipped on the disk
// (bbolt checks its meta pages, not its data pages) used to decode
// without an error about one time in four, a number or a name silently
// changed; a packed record sometimes did too. A record whose checksum
// does not match is refused as damaged (a *RecordError naming the
// campaign and the record), never decoded.
//
// The checksum is CRC-32C (Castagnoli; the CPU computes it, some 10 GB/s)
// of the campaign's ID, the record's kind and number (its revision, its
// chunk) and its bytes, so a record read under another campaign or key
// fails too. It covers the stored bytes rather than the decoded ones: it
// costs a read the record's packed size, not its document's, and it is
// checked every time the record is read, before anything in it is used:
// a change copies the packed parts it left alone from the record
// before (newestRecord), and checking that record first keeps a damaged
// part from being sealed again as sound. Every single-byte change, and
// every burst of up to 32 bits, is caught; any other with odds of 1 in
// 2³².

// sealSize is the length of the checksum that ends a sealed record.
const sealSize = 4

// The kinds of sealed record, part of the checksum.
const (
	sealRevision byte = 'r'
	sealChunk    byte = 'e'
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checksum is the CRC-32C of record n of the given kind of campaign id,
// whose bytes are v.
func checksum(id int64, kind byte, n uint64, v []byte) uint32 {
	var head [17]byte
	binary.BigEndian.PutUint64(head[:], uint64(id))
	head[8] = kind
	binary.BigEndian.PutUint64(head[9:], n)
	return crc32.Update(crc32.Checksum(head[:], castagnoli), castagnoli, v)
}

// seal appends the checksum of record n of the given kind of campaign id
// to v, which it may extend in place.
func seal(id int64, kind byte, n uint64, v []byte) []byte {
	return binary.BigEndian.AppendUint32(v, checksum(id, kind, n, v))
}

// unseal checks a sealed record and returns its bytes without the
// checksum (aliasing v), or an error saying it was changed.
func unseal(id int64, kind byte, n uint64, v []byte) ([]byte, error) {
	if len(v) < sealSize {
		return nil, fmt.Errorf("%d bytes, too short to hold its checksum", len(v))
	}
	body := v[:len(v)-sealSize]
	stored, sum := binary.BigEndian.Uint32(v[len(body):]), checksum(id, kind, n, body)
	if stored != sum {
		return nil, fmt.Errorf("checksum mismatch (CRC-32C %08x, stored %08x): its bytes changed after they were written", sum, stored)
	}
	return body, nil
}
