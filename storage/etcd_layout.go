package storage

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"bfbot/campaign"
)

// The etcd store's keys, under its prefix P (IDs, revisions and event
// positions as 16 hexadecimal digits, so etcd's byte order is numeric
// order):
//
//	P meta/schema                 uint64 BE: the layout version (EtcdSchemaVersion)
//	P meta/seq                    uint64 BE: the last campaign ID given
//	P summary/<id>                JSON Summary of the newest revision; its
//	                              etcd ModRevision is the campaign's
//	                              version, which every change compares
//	P campaign/<id>/rev/<rev>     a revision's record, as in the bbolt
//	                              file (wholeRecord, decodeState), sealed
//	                              with its CRC-32C (seal.go, from layout
//	                              4), but every revision whole: no deltas
//	P campaign/<id>/log/<start>   a segment of the event log: a JSON array
//	                              of the events at positions start+1 on
//	P record/<kind>/<id>/<name>   an opaque record (schedule, bindings,
//	                              markers), the caller's bytes sealed
//	                              with their CRC-32C (seal.go, from
//	                              layout 8)
//	P index/<entry>               empty: the campaigns of a channel, the
//	                              running campaigns of a server and of a
//	                              user (index.go), written with the summary
//	P claim/…, P member/…         the schedulers' leased claims (bot/schedule)
//
// The revisions' records and the opaque records carry a checksum
// (seal.go); the log's segments and the summaries are plain JSON, as
// the summaries are in the bbolt file (where the log's chunks are sealed
// too).
//
// The summaries have a range of their own so that List reads no document;
// the records are by kind first so that the scheduler lists every
// campaign's schedule entries in one range.
//
// The log is kept in JSON segments, not in the bbolt file's deflated
// chunks of 64 events: etcd caps a transaction's operations (128 by default) and its
// size (1.5 MiB), and a change, or an imported campaign of a thousand
// turns, adds more events than that. A change appends its new events as
// segments of at most maxSegmentBytes; each revision's log length is
// therefore a segment boundary, which Undo cuts back to.

// EtcdSchemaVersion is the etcd layout this bfbot writes. The records
// inside are the bbolt file's (schema SchemaVersion), encoded by the same
// functions.
const EtcdSchemaVersion = 8

// maxSegmentBytes caps one log segment, well inside etcd's request size.
const maxSegmentBytes = 256 << 10

type layout string

func hex16(v uint64) string { return fmt.Sprintf("%016x", v) }

func (p layout) schema() string           { return string(p) + "meta/schema" }
func (p layout) seq() string              { return string(p) + "meta/seq" }
func (p layout) summaries() string        { return string(p) + "summary/" }
func (p layout) summary(id int64) string  { return p.summaries() + hex16(uint64(id)) }
func (p layout) campaign(id int64) string { return string(p) + "campaign/" + hex16(uint64(id)) + "/" }
func (p layout) revs(id int64) string     { return p.campaign(id) + "rev/" }
func (p layout) rev(id int64, rev uint64) string {
	return p.revs(id) + hex16(rev)
}
func (p layout) logs(id int64) string { return p.campaign(id) + "log/" }
func (p layout) segment(id int64, start uint64) string {
	return p.logs(id) + hex16(start)
}
func (p layout) records(kind RecordKind) string { return string(p) + "record/" + string(kind) + "/" }
func (p layout) recordsOf(kind RecordKind, id int64) string {
	return p.records(kind) + hex16(uint64(id)) + "/"
}
func (p layout) record(k RecordKey) string { return p.recordsOf(k.Kind, k.Campaign) + k.Name }

// Claims and members are the schedulers' (bot/schedule); the store only
// names their ranges, so that a backup and Check leave them out.
func (p layout) Claims() string  { return string(p) + "claim/" }
func (p layout) Members() string { return string(p) + "member/" }

// parseHex reads the 16-digit number that ends key after prefix.
func parseHex(key, prefix string) (uint64, bool) {
	rest, ok := strings.CutPrefix(key, prefix)
	if !ok || len(rest) != 16 {
		return 0, false
	}
	v, err := strconv.ParseUint(rest, 16, 64)
	return v, err == nil
}

// logSegments encodes the events of log after the first from as segments
// of at most maxSegmentBytes, keyed by their start.
func logSegments(from int, log campaign.Log) (starts []uint64, values [][]byte, err error) {
	events := log.Since(from)
	raw := make([]json.RawMessage, 0, len(events))
	for _, e := range events {
		v, err := marshalJSON(e)
		if err != nil {
			return nil, nil, err
		}
		raw = append(raw, v)
	}
	return packSegments(from, raw)
}

// packSegments packs events (their JSON), the first at position from+1,
// into segments of at most maxSegmentBytes (a bigger event alone).
func packSegments(from int, raw []json.RawMessage) (starts []uint64, values [][]byte, err error) {
	var cur []json.RawMessage
	size, start := 0, from
	flush := func(end int) error {
		if len(cur) == 0 {
			return nil
		}
		v, err := marshalJSON(cur)
		if err != nil {
			return err
		}
		starts, values = append(starts, uint64(start)), append(values, v)
		cur, size, start = nil, 0, end
		return nil
	}
	for i, v := range raw {
		if size > 0 && size+len(v) > maxSegmentBytes {
			if err := flush(from + i); err != nil {
				return nil, nil, err
			}
		}
		cur, size = append(cur, v), size+len(v)+1
	}
	return starts, values, flush(from + len(raw))
}

// eventKey names event seq (from 1) of a campaign's log in errors.
func eventKey(seq uint64) string { return fmt.Sprintf("%s/%d", bucketEvents, seq) }

// decodeSegment splits a segment into its events' JSON.
func decodeSegment(id int64, start uint64, v []byte) ([]json.RawMessage, error) {
	var events []json.RawMessage
	if err := json.Unmarshal(v, &events); err != nil {
		return nil, &RecordError{Campaign: id, Key: eventKey(start + 1), Err: err}
	}
	if len(events) == 0 {
		return nil, &RecordError{Campaign: id, Key: eventKey(start + 1), Err: fmt.Errorf("empty log segment")}
	}
	return events, nil
}
