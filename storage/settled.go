package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
)

// A battle's record (campaign.Battle's Log and Frames: every event of
// every game turn and each side's picture at each turn's end) makes its
// part of the document 100 to 250 KB of JSON, which S2 packs to 17 to
// 41 KB: a campaign that had fought four battles took 170 KB of its
// file for them alone. A battle that is over never changes again, and
// its part is copied as it is stored from one newest record to the next
// (newestRecord) and shared by the undo snapshots (each a delta from the
// revision after it), so it is packed once, at zstd's best level, into
// half of what S2 makes of it (seed 2 of the demo: 4 battles, 101 KB
// with S2, 51 KB so).
//
// From schema 9 the newest revision's parts are tagged (formTagged):
// each part's bytes start with the codec it is packed with, partS2 or
// partZstd. Unpacking a finished battle takes zstd about four times S2's
// time (380 µs against 100 for a battle of 208 KB), which only a load
// the cache does not hold pays; packing it at zstd's best 13 to 18 ms,
// once.

// The codecs of a tagged part, its first byte. From schema 10 the
// finished battles that follow one another in the document are packed
// together, in one zstd frame (partJoint): each battle's record is much
// like the others' (the same keys, units, hexes and texts), and seed 8
// of the demo's five finished battles take 54 KB so against 62 KB each
// by itself. The frame holds their parts joined by newlines, as the
// document has them, and is the first one's part; each of the others is
// only its tag, partNext. The text is split into its structure and
// columns of values first (partColumns, columns.go: the five battles
// in 43 KB), or, were it not to join back the same, packed as it is
// (partJoint). Schema 9's partZstd, one battle a frame, is still read.
// A battle that ends next to finished ones packs them all again, once
// (BENCHMARKS.md has the cost).
const (
	partS2      byte = 's'
	partZstd    byte = 'z'
	partJoint   byte = 'j'
	partColumns byte = 'c'
	partNext    byte = 'n'
)

// jointMost is the most JSON packed in one joint frame, the zstd
// encoder's window: a battle that ends packs again only the frame it
// joins, never all the campaign's battles (a campaign fights one or
// two a turn, each 50 to 250 KB of JSON), and its cost stays that of a
// few battles (BENCHMARKS.md).
const jointMost = 1 << 20

// settledFrom is the size of JSON from which a finished battle is
// packed with zstd: a battle without a record is a kilobyte or two, and
// S2 is as good there.
const settledFrom = 8 << 10

// zstdBest and zstdReader are made the first time they are needed: the
// best level's tables take megabytes. Both may be used concurrently.
var (
	zstdBest = sync.OnceValue(func() *zstd.Encoder {
		// A window of 1 MB holds the largest battle's part and keeps
		// the encoder's memory to a few megabytes.
		e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20))
		if err != nil {
			panic(err) // only for invalid options
		}
		return e
	})
	zstdReader = sync.OnceValue(func() *zstd.Decoder {
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(MaxImportBytes))
		if err != nil {
			panic(err) // only for invalid options
		}
		return d
	})
)

// packPart appends part p, tagged, to dst: an S2 block in its better
// mode (a finished battle's goes into a joint frame, packJoint).
func packPart(dst, p []byte) []byte {
	dst = append(dst, partS2)
	n := len(dst)
	if need := n + s2.MaxEncodedLen(len(p)); cap(dst) < need {
		dst = append(make([]byte, 0, need), dst...)
	}
	return dst[:n+len(s2.EncodeBetter(dst[n:cap(dst)], p))]
}

// packJoint appends finished battles' parts ps, which follow one
// another in the document, to dst: the first a zstd frame, at its best
// level, of them all joined by newlines (as the document has them),
// split into columns (partColumns, after its tag the joined length,
// uvarint) or else as they are (partJoint; each part is larger than
// settledFrom, so the frame has its size); each of the others its tag,
// partNext, alone; each preceded by its uvarint length, as a record's
// body has its parts.
func packJoint(dst []byte, ps [][]byte) []byte {
	joined := bytes.Join(ps, []byte{'\n'})
	var frame []byte
	if split := splitColumns(nil, joined); joinsBack(split, joined) {
		frame = zstdBest().EncodeAll(split, binary.AppendUvarint([]byte{partColumns}, uint64(len(joined))))
	} else {
		frame = zstdBest().EncodeAll(joined, []byte{partJoint})
	}
	dst = binary.AppendUvarint(dst, uint64(len(frame)))
	dst = append(dst, frame...)
	for range ps[1:] {
		dst = append(dst, 1, partNext)
	}
	return dst
}

// isJoint reports whether tag is a joint frame's, split or not.
func isJoint(tag byte) bool { return tag == partJoint || tag == partColumns }

// joinsBack reports whether split, splitColumns of joined, is put back
// together into joined.
func joinsBack(split, joined []byte) bool {
	back, err := joinColumns(make([]byte, 0, len(joined)), split)
	return err == nil && bytes.Equal(back, joined)
}

// taggedLen is how long tagged part seg unpacks, as its header says: a
// joint frame all its parts with the newlines between them, a part in
// the frame before nothing.
func taggedLen(seg []byte) (int, error) {
	if len(seg) == 0 {
		return 0, errors.New("empty part")
	}
	switch seg[0] {
	case partS2:
		return s2.DecodedLen(seg[1:])
	case partColumns:
		n, k := binary.Uvarint(seg[1:])
		if k <= 0 {
			return 0, errors.New("columns' length cut short")
		}
		return int(min(n, MaxImportBytes+1)), nil
	case partNext:
		if len(seg) != 1 {
			return 0, errors.New("a part packed with the one before holds bytes of its own")
		}
		return 0, nil
	case partZstd, partJoint:
		var h zstd.Header
		if err := h.Decode(seg[1:]); err != nil {
			return 0, err
		}
		if !h.HasFCS {
			return 0, errors.New("zstd frame without its size")
		}
		// Past the cap, however far: unpackParts refuses it as damage.
		return int(min(h.FrameContentSize, MaxImportBytes+1)), nil
	}
	return 0, fmt.Errorf("part packed with unknown codec %q", seg[0])
}

// unpackTagged unpacks tagged part seg into dst, which has room for
// exactly what it unpacks to (taggedLen).
func unpackTagged(dst, seg []byte) error {
	if seg[0] == partS2 {
		_, err := s2.Decode(dst, seg[1:])
		return err
	}
	if seg[0] == partColumns {
		_, k := binary.Uvarint(seg[1:]) // read by taggedLen
		split, err := zstdReader().DecodeAll(seg[1+k:], nil)
		if err != nil {
			return err
		}
		// Capped at len(dst) by the caller: more would not be written
		// into dst.
		out, err := joinColumns(dst[:0], split)
		if err == nil && (len(out) != len(dst) || len(out) > 0 && &out[0] != &dst[0]) {
			err = fmt.Errorf("columns join into %d bytes, the part's header says %d", len(out), len(dst))
		}
		return err
	}
	out, err := zstdReader().DecodeAll(seg[1:], dst[:0])
	if err == nil && len(out) != len(dst) {
		err = fmt.Errorf("zstd frame unpacks to %d bytes, its header says %d", len(out), len(dst))
	}
	return err
}

// settledBattle reports whether p, a battle's part, is a finished
// battle's (campaign.Battle.Over) large enough to pack with zstd.
// Decoding the flag from a part of 200 KB took 370 µs, a battle action's
// packing half as much again, so p's top-level keys are read instead,
// as far as the one after "state": Battle's JSON has its fields in
// their order, "over" right after "state" and left out when false. Were
// the order changed, a finished battle would be packed with S2, larger
// but read the same.
func settledBattle(p []byte) bool {
	if len(p) < settledFrom {
		return false
	}
	depth, afterState := 0, false
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '"':
			// A string at depth 1 followed by a colon is a key.
			end := stringEnd(p, i)
			if depth == 1 && end+1 < len(p) && p[end+1] == ':' {
				switch key := string(p[i+1 : end]); {
				case key == "over":
					return bytes.HasPrefix(p[end+2:], []byte("true"))
				case afterState:
					return false
				case key == "state":
					afterState = true
				}
			}
			i = end
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return false
}

// stringEnd is the index of the quote ending the JSON string that starts
// at p[start], or len(p) when it does not end.
func stringEnd(p []byte, start int) int {
	for i := start + 1; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(p)
}
