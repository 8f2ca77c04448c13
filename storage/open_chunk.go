package storage

import (
	"fmt"

	"github.com/klauspost/compress/s2"
)

// The log's open chunk (events.go), written again by every change that
// logs an event, was kept in stored DEFLATE blocks: deflating cost more
// than a command's encoding, and inflating stored blocks is a copy. It
// was also up to 64 events' JSON as it is, 5 to 10 KB, the largest
// thing of a demo campaign's log in the file. From schema 9 it is an S2
// block (its default mode: about 10 µs for 10 KB, a third of the
// bytes), marked by its first byte, chunkS2: a DEFLATE stream cannot
// start so, its first block's type being the reserved 3 (bits 1 and 2
// set). A full chunk is written in the events form (full_chunk.go), as
// deflated JSON only when that form would not give its events back;
// files written before read as they are.

// chunkS2 starts a chunk packed with S2.
const chunkS2 byte = 0x06

// packOpenChunk appends raw, an open chunk's lines, to dst as an S2
// block after chunkS2, with room kept for the checksum.
func packOpenChunk(dst, raw []byte) []byte {
	if need := len(dst) + 1 + s2.MaxEncodedLen(len(raw)) + sealSize; cap(dst) < need {
		dst = append(make([]byte, 0, need), dst...)
	}
	dst = append(dst, chunkS2)
	n := len(dst)
	return dst[:n+len(s2.Encode(dst[n:cap(dst)-sealSize], raw))]
}

// unpackChunk returns a stored chunk's lines joined: an S2 block after
// chunkS2, else a DEFLATE stream.
func unpackChunk(z []byte) ([]byte, error) {
	if len(z) == 0 || z[0] != chunkS2 {
		return inflate(z)
	}
	n, err := s2.DecodedLen(z[1:])
	if err != nil {
		return nil, err
	}
	if n > MaxImportBytes {
		return nil, fmt.Errorf("chunk unpacks to %d bytes: the record is damaged", n)
	}
	return s2.Decode(make([]byte, n), z[1:])
}
