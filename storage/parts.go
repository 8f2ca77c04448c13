package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"

	"github.com/klauspost/compress/s2"

	"bfbot/campaign"
	"bfbot/internal/selfcheck"
)

// From schema 5 a campaign's document is written in parts, one JSON value
// a line: a header line, the campaign without its map, sides, battles and
// log (the "core"), its strategic map, each side without its units and
// then its units, each battle. The newest revision's record packs each
// part by itself, so a change packs again only the parts it changed: an
// order changes its side's part (a kilobyte, the units being nine
// tenths of a side), a battle's action its battle's, and the others'
// packed bytes are copied from the record before (newestRecord).
// Deflating the whole document was most of a command's CPU, and a
// battle's record makes its part hundreds of kilobytes.
//
// From schema 8 each part is an S2 block (formPacked; S2 is Snappy's
// block format made denser, github.com/klauspost/compress/s2): it
// unpacks a side's units in a fifth of the time inflating them took,
// and unpacking was a third of loading a campaign the cache does not
// hold, which a command does after a restart or, on etcd, after another
// process changed the campaign. Its better mode (EncodeBetter) packs a
// side's units a sixth less tightly than deflate and in 3/4 of its
// time, and a demo campaign's newest record in two bbolt pages, where
// the default mode took three, a page more for every commit to write;
// only the newest revision is kept so, its undo snapshots being deltas
// and its log chunks deflated as before (until schema 9). Schemas 5 to 7
// deflated each part (formParts), which is still read: a campaign's next
// change writes its newest revision packed. From schema 9 each part
// starts with a byte naming its codec (formTagged), S2's or, for a
// finished battle's, zstd's (settled.go); schema 8's untagged S2 parts
// (formPacked) are still read.
//
// JSON has no raw newline outside strings, and encoding/json escapes the
// ones inside, so a newline ends a part. A schema 4 document is one JSON
// object (it starts with '{'); both decode (decodeDoc), and an undo
// snapshot's delta works on either's bytes.

// partsHeader starts a document in parts: "bfbot-parts <sides> <battles>".
const partsHeader = "bfbot-parts"

// isParts reports whether doc is a document in parts.
func isParts(doc []byte) bool { return bytes.HasPrefix(doc, []byte(partsHeader+" ")) }

// encodeDocInto encodes c's document without its log (which is kept
// event by event, events.go), in parts, into buf (reset first) and
// returns buf's bytes: they stay valid until buf is used again. A large
// part whose value is base's (reuse.go) is copied from base's document
// instead of encoded; base may be nil.
func encodeDocInto(buf *bytes.Buffer, c *campaign.Campaign, base *partsBase) ([]byte, error) {
	doc, _, err := encodeDocParts(buf, c, base)
	return doc, err
}

// encodeDocParts is encodeDocInto, and the document's parts as
// bytes.Split would have them: the header, then each part without its
// newline, slices of the document.
func encodeDocParts(buf *bytes.Buffer, c *campaign.Campaign, base *partsBase) ([]byte, [][]byte, error) {
	buf.Reset()
	header := append(buf.AvailableBuffer(), partsHeader+" "...)
	header = strconv.AppendInt(header, int64(len(c.Sides)), 10)
	header = append(header, ' ')
	header = strconv.AppendInt(header, int64(len(c.Battles)), 10)
	buf.Write(append(header, '\n'))
	ends := make([]int, 1, 3+2*len(c.Sides)+len(c.Battles))
	ends[0] = buf.Len()
	core := coreOf(c)
	// Encode ends each value with a newline: the parts' separator.
	enc := docEncoder(buf)
	encode := func(line int, v any, same bool) error {
		defer func() { ends = append(ends, buf.Len()) }()
		if same && verifyCopies && selfcheck.On() {
			if fresh, err := marshalJSON(v); err != nil || !bytes.Equal(fresh, base.line(line)) {
				return fmt.Errorf("campaign %d: part %d copied from the revision before, but its value changed in place", c.ID, line+1)
			}
		}
		if same {
			base.copied[line] = true
			buf.Write(base.line(line))
			buf.WriteByte('\n')
			return nil
		}
		if err := enc.Encode(v); err != nil {
			return fmt.Errorf("campaign %d: encoding: %w", c.ID, err)
		}
		return nil
	}
	if err := encode(1, &core, base.sameCore(&core)); err != nil {
		return nil, nil, err
	}
	if err := encode(2, c.Map, base.sameMap(c)); err != nil {
		return nil, nil, err
	}
	for i := range c.Sides {
		side := sideOf(c.Sides[i])
		if err := encode(3+2*i, &side, base.sameSide(c, &side, i)); err != nil {
			return nil, nil, err
		}
		if err := encode(4+2*i, c.Sides[i].Units, base.sameUnits(c, i)); err != nil {
			return nil, nil, err
		}
	}
	for i := range c.Battles {
		if err := encode(3+2*len(c.Sides)+i, c.Battles[i], base.sameBattle(c, i)); err != nil {
			return nil, nil, err
		}
	}
	doc := buf.Bytes()[:buf.Len()-1]
	lines := make([][]byte, len(ends))
	start := 0
	for i, end := range ends {
		lines[i] = doc[start : end-1 : end-1]
		start = end
	}
	return doc, lines, nil
}

// encodeDoc is encodeDocInto into a buffer of its own, every part
// encoded.
func encodeDoc(c *campaign.Campaign) ([]byte, error) {
	return encodeDocInto(new(bytes.Buffer), c, nil)
}

// unitStart begins each unit's JSON object in a side's units part, its
// first field the unit's ID (campaign.Unit), so that counting it counts
// the units: a quote inside a string is escaped, and a nested object
// that began so would only make the count, a capacity, too high.
var unitStart = []byte(`{"id":`)

// unmarshalDoc decodes a document, in parts or (schema 4) whole, into c
// with decode (decodeJSON or decodeKeptJSON).
func unmarshalDoc(doc []byte, c *campaign.Campaign, decode func([]byte, any) error) error {
	if !isParts(doc) {
		return decode(doc, c)
	}
	lines := bytes.Split(doc, []byte{'\n'})
	header := bytes.Fields(lines[0])
	if len(header) != 3 {
		return fmt.Errorf("document header %.40q: want %q, sides and battles", lines[0], partsHeader)
	}
	sides, err1 := strconv.Atoi(string(header[1]))
	battles, err2 := strconv.Atoi(string(header[2]))
	if err1 != nil || err2 != nil || sides < 0 || battles < 0 || len(lines) != 3+2*sides+battles {
		return fmt.Errorf("document header %.40q: not the counts of its %d parts", lines[0], len(lines)-1)
	}
	if err := decode(lines[1], c); err != nil {
		return fmt.Errorf("core: %w", err)
	}
	if err := decode(lines[2], &c.Map); err != nil {
		return fmt.Errorf("map: %w", err)
	}
	c.Sides = make([]campaign.Side, sides)
	for i := range c.Sides {
		if err := decode(lines[3+2*i], &c.Sides[i]); err != nil {
			return fmt.Errorf("side %d: %w", i+1, err)
		}
		// Sized first: decoded into, the list grows no more (growing it
		// was a sixth of decoding it).
		c.Sides[i].Units = make([]campaign.Unit, 0, bytes.Count(lines[4+2*i], unitStart))
		if err := decode(lines[4+2*i], &c.Sides[i].Units); err != nil {
			return fmt.Errorf("side %d's units: %w", i+1, err)
		}
	}
	c.Battles = nil
	if battles > 0 {
		c.Battles = make([]campaign.Battle, battles)
	}
	for i := range c.Battles {
		if err := decode(lines[3+2*sides+i], &c.Battles[i]); err != nil {
			return fmt.Errorf("battle %d: %w", i+1, err)
		}
	}
	return nil
}

// newestRecord is the record of a newest revision whose document is doc:
// in parts, each packed by itself and tagged with its codec (formTagged,
// settled.go), reusing the packed bytes of each part that is the same,
// at the same place, in prevDoc, the document of the revision before,
// whose stored record body, prevBody, is in tagged parts (nil for none);
// a schema 4 document whole (formWhole, deflated whole). A record in
// parts is built in into's array if that has the room.
func newestRecord(into, diceState []byte, logLen uint64, doc, prevDoc, prevBody []byte) []byte {
	if !isParts(doc) {
		return encodeState(diceState, logLen, formWhole, deflate(nil, doc, levelWhole))
	}
	var prevParts [][]byte
	if prevBody != nil && isParts(prevDoc) {
		prevParts = splitParts(prevDoc)
	}
	return newestRecordOf(into, diceState, logLen, len(doc), splitParts(doc), prevParts, nil, prevBody)
}

// splitParts is a document in parts split at its newlines.
func splitParts(doc []byte) [][]byte { return bytes.Split(doc, []byte{'\n'}) }

// newestRecordOf is newestRecord of a document in parts of size bytes,
// split already (splitParts, encodeDocParts), as the document before
// is, prevParts (nil for none); copied[i] says part i is known to be
// prevParts[i] (partsBase.copied; nil for none known).
func newestRecordOf(into, diceState []byte, logLen uint64, size int, parts, prevParts [][]byte, copied []bool, prevBody []byte) []byte {
	var prevSegs [][]byte
	if prevBody != nil && prevParts != nil {
		if segs, err := splitSegmentsInto(make([][]byte, 0, len(prevParts)), prevBody); err == nil && len(segs) == len(prevParts) {
			prevSegs = segs
		}
	}
	firstBattle := len(parts) // the header's counts were checked when it was encoded
	if h := bytes.Fields(parts[0]); len(h) == 3 {
		if sides, err := strconv.Atoi(string(h[1])); err == nil {
			firstBattle = 3 + 2*sides
		}
	}
	// The body goes straight after the record's header: a kilobyte over
	// a third of the document holds what the parts pack to.
	record := stateHeader(into, diceState, logLen, formTagged, size/3+1024)
	return appendParts(record, parts, firstBattle, prevParts, copied, prevSegs)
}

// appendParts appends parts, tagged, each preceded by its uvarint
// length, to record: those from firstBattle battles', those finished
// one after another packed together (packJoint), each the same at the
// same place in prevParts copied from prevSegs, its packed bytes; a part
// copied (copied[i], nil for none) is not compared again.
func appendParts(record []byte, parts [][]byte, firstBattle int, prevParts [][]byte, copied []bool, prevSegs [][]byte) []byte {
	same := func(i int) bool {
		return i < len(prevSegs) && (i < len(copied) && copied[i] || bytes.Equal(parts[i], prevParts[i]))
	}
	// A battle's part the change left alone was over before if it was
	// packed so: settledBattle reads only the changed ones, its scan
	// being most of a part.
	settled := func(i int) bool {
		if i < firstBattle {
			return false
		}
		if same(i) {
			return tagOf(prevSegs[i]) != partS2
		}
		return settledBattle(parts[i])
	}
	var scratch []byte // a part packed, before its length is known
	for i := 0; i < len(parts); {
		if settled(i) {
			// Finished battles one after another: one joint frame of
			// up to jointMost bytes of JSON (of one battle if larger),
			// copied when the change left them all alone and they were
			// so packed before.
			j, size := i+1, len(parts[i])
			for j < len(parts) && settled(j) && size+1+len(parts[j]) <= jointMost {
				size += 1 + len(parts[j])
				j++
			}
			if sameRun(prevSegs, i, j) && all(i, j, same) {
				for k := i; k < j; k++ {
					record = binary.AppendUvarint(record, uint64(len(prevSegs[k])))
					record = append(record, prevSegs[k]...)
				}
			} else {
				record = packJoint(record, parts[i:j])
			}
			i = j
			continue
		}
		var seg []byte
		if same(i) {
			seg = prevSegs[i]
		} else {
			scratch = packPart(scratch[:0], parts[i])
			seg = scratch
		}
		record = binary.AppendUvarint(record, uint64(len(seg)))
		record = append(record, seg...)
		i++
	}
	return record
}

// sameRun reports whether segs[i:j] are one joint frame and nothing
// more: a partJoint, then partNext to j and no further.
func sameRun(segs [][]byte, i, j int) bool {
	if j > len(segs) || !isJoint(tagOf(segs[i])) || j < len(segs) && tagOf(segs[j]) == partNext {
		return false
	}
	for _, seg := range segs[i+1 : j] {
		if tagOf(seg) != partNext {
			return false
		}
	}
	return true
}

// tagOf is tagged part seg's codec, 0 for an empty one.
func tagOf(seg []byte) byte {
	if len(seg) == 0 {
		return 0
	}
	return seg[0]
}

// all reports whether ok holds for each of i to j-1.
func all(i, j int, ok func(int) bool) bool {
	for k := i; k < j; k++ {
		if !ok(k) {
			return false
		}
	}
	return true
}

// splitSegments splits a body in parts (formTagged, formPacked or
// formParts) into
// its parts, packed or deflated; the slices alias body.
func splitSegments(body []byte) ([][]byte, error) { return splitSegmentsInto(nil, body) }

// splitSegmentsInto is splitSegments appending to segs.
func splitSegmentsInto(segs [][]byte, body []byte) ([][]byte, error) {
	for len(body) > 0 {
		n, k := binary.Uvarint(body)
		if k <= 0 || n > uint64(len(body)-k) {
			return nil, errors.New("part cut short")
		}
		segs = append(segs, body[k:k+int(n)])
		body = body[k+int(n):]
	}
	return segs, nil
}

// unpackParts rebuilds a document from a formTagged body, or a
// formPacked one (schema 8: every part an S2 block, untagged), in one
// buffer of its size: each part's header says how long it unpacks.
func unpackParts(body []byte, tagged bool) ([]byte, error) {
	segs, err := splitSegments(body)
	if err != nil {
		return nil, err
	}
	size := len(segs) - 1 // the newlines
	for i, s := range segs {
		var n int
		if tagged {
			n, err = taggedLen(s)
			if err == nil && s[0] == partNext {
				// Its newline is in the joint frame before it.
				size--
				if i == 0 || !isJoint(segs[i-1][0]) && segs[i-1][0] != partNext {
					err = errors.New("packed with the part before, which is not a joint frame")
				}
			}
		} else {
			n, err = s2.DecodedLen(s)
		}
		if err != nil {
			return nil, fmt.Errorf("part %d: %w", i+1, err)
		}
		// A block's header may claim up to 4 GiB from a few bytes: no
		// campaign's document is larger than an import may be, so a
		// claim past that is damage, refused before anything is made.
		if size += n; n > MaxImportBytes || size > MaxImportBytes {
			return nil, fmt.Errorf("part %d: unpacks to more than the %d MiB a campaign's document may have: the record is damaged", i+1, MaxImportBytes>>20)
		}
	}
	doc := make([]byte, max(size, 0))
	at := 0
	for i, s := range segs {
		if tagged && s[0] == partNext {
			continue // unpacked with the joint frame before it
		}
		if i > 0 {
			doc[at] = '\n'
			at++
		}
		if tagged {
			n, _ := taggedLen(s)
			// Capped at n: a frame unpacking to more than its header
			// says is refused, never written over the next part.
			err = unpackTagged(doc[at:at+n:at+n], s)
			at += n
		} else {
			var part []byte
			part, err = s2.Decode(doc[at:], s)
			at += len(part)
		}
		if err != nil {
			return nil, fmt.Errorf("part %d: %w", i+1, err)
		}
	}
	return doc, nil
}

// inflateParts rebuilds a document from a formParts body (schemas 5 to
// 7).
func inflateParts(body []byte) ([]byte, error) {
	segs, err := splitSegments(body)
	if err != nil {
		return nil, err
	}
	var doc []byte // a legacy path: read until the campaign's next change packs it
	for i, s := range segs {
		if i > 0 {
			doc = append(doc, '\n')
		}
		if doc, err = inflateAppend(doc, s); err != nil {
			return nil, fmt.Errorf("part %d: %w", i+1, err)
		}
	}
	return doc, nil
}
