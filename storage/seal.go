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
	body, stored, err := splitSeal(v)
	if err == nil {
		err = sealMatches(checksum(id, kind, n, body), stored)
	}
	if err != nil {
		return nil, err
	}
	return body, nil
}

// splitSeal splits a sealed record into its bytes and its checksum.
func splitSeal(v []byte) (body []byte, stored uint32, err error) {
	if len(v) < sealSize {
		return nil, 0, fmt.Errorf("%d bytes, too short to hold its checksum", len(v))
	}
	body = v[:len(v)-sealSize]
	return body, binary.BigEndian.Uint32(v[len(body):]), nil
}

// sealMatches says whether a record's checksum, sum, is the one stored.
func sealMatches(sum, stored uint32) error {
	if stored != sum {
		return fmt.Errorf("checksum mismatch (CRC-32C %08x, stored %08x): its bytes changed after they were written", sum, stored)
	}
	return nil
}

// From schema 12 the opaque records (records.go: the scheduler's
// entries, the Discord bindings, the markers) are sealed too: a flipped
// byte in one could move a deadline, point a campaign at another channel
// or mark a turn done that was not, and the store never reads them to
// notice. Their checksum covers the campaign's ID, the record's kind and
// name, and its bytes.

// recordChecksum is the CRC-32C of the opaque record key, whose bytes
// are v.
func recordChecksum(key RecordKey, v []byte) uint32 {
	var head [8]byte
	binary.BigEndian.PutUint64(head[:], uint64(key.Campaign))
	sum := crc32.Checksum(head[:], castagnoli)
	// The kind names no NUL; the name's length keeps it apart from v.
	sum = crc32.Update(sum, castagnoli, append([]byte(key.Kind), 0))
	sum = crc32.Update(sum, castagnoli, binary.AppendUvarint(nil, uint64(len(key.Name))))
	sum = crc32.Update(sum, castagnoli, []byte(key.Name))
	return crc32.Update(sum, castagnoli, v)
}

// sealRecord returns a new slice: the opaque record key's bytes, v, and
// their checksum.
func sealRecord(key RecordKey, v []byte) []byte {
	out := append(make([]byte, 0, len(v)+sealSize), v...)
	return binary.BigEndian.AppendUint32(out, recordChecksum(key, v))
}

// unsealRecord checks the opaque record key, sealed, and returns its
// bytes (aliasing v), or a *RecordError naming it.
func unsealRecord(key RecordKey, v []byte) ([]byte, *RecordError) {
	body, stored, err := splitSeal(v)
	if err == nil {
		err = sealMatches(recordChecksum(key, body), stored)
	}
	if err != nil {
		return nil, &RecordError{Campaign: key.Campaign, Key: key.stored(), Err: err}
	}
	return body, nil
}
