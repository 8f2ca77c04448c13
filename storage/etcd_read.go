package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/campaign"
)

// etcdHead is what a change needs of a campaign, read in one transaction:
// the version to compare, the revisions stored, the newest revision, and
// the log's last segment.
type etcdHead struct {
	id int64
	// version is the summary key's ModRevision: a change commits only if
	// it is unchanged.
	version int64
	// at is the etcd revision the head was read at.
	at int64
	// sum is the summary stored, whose index entries a change moves.
	sum  Summary
	revs []uint64 // ascending
	st   state    // the newest revision
	// lastStart and last are the log's last segment (last is nil for an
	// empty log).
	lastStart uint64
	last      []json.RawMessage
	// recordVersions are the ModRevisions (0: none) of the record keys
	// head was asked to read with the campaign.
	recordVersions []int64
}

// head reads campaign id's head, or ErrNotFound, and the versions of
// the records given.
func (s *EtcdStore) head(ctx context.Context, id int64, records ...Record) (etcdHead, error) {
	if id <= 0 {
		return etcdHead{}, fmt.Errorf("campaign %d: %w (campaign IDs are numbers from 1)", id, ErrNotFound)
	}
	ops := []clientv3.Op{
		clientv3.OpGet(s.p.summary(id)),
		clientv3.OpGet(s.p.revs(id), clientv3.WithPrefix(), clientv3.WithKeysOnly()),
		clientv3.OpGet(s.p.revs(id), append(clientv3.WithLastKey(), clientv3.WithPrefix())...),
		clientv3.OpGet(s.p.logs(id), append(clientv3.WithLastKey(), clientv3.WithPrefix())...),
	}
	for _, rec := range records {
		ops = append(ops, clientv3.OpGet(s.p.record(rec.RecordKey), clientv3.WithKeysOnly()))
	}
	r, err := s.read(ctx, ops...)
	if err != nil {
		return etcdHead{}, err
	}
	sum := r.Responses[0].GetResponseRange().Kvs
	if len(sum) == 0 {
		return etcdHead{}, fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	h := etcdHead{id: id, version: sum[0].ModRevision, at: r.Header.Revision}
	if h.sum, err = decodeSummary(id, sum[0].Value); err != nil {
		return h, err
	}
	for i := range records {
		var v int64
		if kvs := r.Responses[4+i].GetResponseRange().Kvs; len(kvs) > 0 {
			v = kvs[0].ModRevision
		}
		h.recordVersions = append(h.recordVersions, v)
	}
	for _, kv := range r.Responses[1].GetResponseRange().Kvs {
		rev, ok := parseHex(string(kv.Key), s.p.revs(id))
		if !ok {
			return h, &RecordError{Campaign: id, Key: fmt.Sprintf("%s/%q", bucketRevisions, kv.Key[len(s.p.revs(id)):]), Err: errors.New("not a revision key")}
		}
		h.revs = append(h.revs, rev)
	}
	newest := r.Responses[2].GetResponseRange().Kvs
	if len(newest) == 0 {
		return h, &RecordError{Campaign: id, Key: string(bucketRevisions), Err: errors.New("no revision stored")}
	}
	if h.st, err = decodeState(id, itob(h.revs[len(h.revs)-1]), newest[0].Value); err != nil {
		return h, err
	}
	if last := r.Responses[3].GetResponseRange().Kvs; len(last) > 0 {
		start, ok := parseHex(string(last[0].Key), s.p.logs(id))
		if !ok {
			return h, &RecordError{Campaign: id, Key: string(bucketEvents), Err: fmt.Errorf("key %q is not a log segment", last[0].Key)}
		}
		if h.last, err = decodeSegment(id, start, last[0].Value); err != nil {
			return h, err
		}
		h.lastStart = start
	}
	return h, nil
}

// logEnd is the position of the last stored event.
func (h etcdHead) logEnd() uint64 { return h.lastStart + uint64(len(h.last)) }

// lastEvent returns the stored JSON of event seq if the last segment
// holds it.
func (h etcdHead) lastEvent(seq uint64) json.RawMessage {
	if seq <= h.lastStart || seq > h.logEnd() {
		return nil
	}
	return h.last[seq-h.lastStart-1]
}

// campaign returns the campaign at the head: a copy from the cache when
// it holds the revision, else decoded, its log read at the head's etcd
// revision.
func (s *EtcdStore) campaign(ctx context.Context, h etcdHead) (*campaign.Campaign, error) {
	e, err := s.campaignDoc(ctx, h)
	if err != nil {
		return nil, err
	}
	return e.c, nil
}

// campaignDoc is campaign with the revision's document, which must not
// be changed, and its log's victory points (a cache entry's fields).
func (s *EtcdStore) campaignDoc(ctx context.Context, h etcdHead) (*cached, error) {
	if e := s.cache.get(h.id, h.st.rev); e != nil {
		return e, nil
	}
	doc, err := h.st.document(h.id, nil)
	if err != nil {
		return nil, err
	}
	c, err := decodeDoc(h.id, h.st.key(), doc)
	if err != nil {
		return nil, err
	}
	log, err := s.readLog(ctx, h.id, h.at, h.st.logLen)
	if err != nil {
		return nil, err
	}
	c.Log = campaign.NewLog(log...)
	return &cached{rev: h.st.rev, c: c, doc: doc, vp: campaign.LogVP(nil, log)}, nil
}

// readLog reads campaign id's first n events as they were at etcd
// revision at; a compacted revision is a conflict (read again).
func (s *EtcdStore) readLog(ctx context.Context, id int64, at int64, n uint64) ([]campaign.Event, error) {
	raw, err := s.readRawLog(ctx, id, at, n)
	if err != nil {
		return nil, err
	}
	log := make([]campaign.Event, len(raw))
	for i, v := range raw {
		if err := decodeJSON(v, &log[i]); err != nil {
			return nil, &RecordError{Campaign: id, Key: eventKey(uint64(i + 1)), Err: err}
		}
	}
	return log, nil
}

// readRawLog reads the JSON of campaign id's first n events at etcd
// revision at.
func (s *EtcdStore) readRawLog(ctx context.Context, id int64, at int64, n uint64) ([]json.RawMessage, error) {
	if n == 0 {
		return nil, nil
	}
	r, err := s.client.Get(ctx, s.p.logs(id), clientv3.WithPrefix(), clientv3.WithRev(at))
	if errors.Is(err, rpctypes.ErrCompacted) {
		return nil, errConflict
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	segs := make([]segmentKV, len(r.Kvs))
	for i, kv := range r.Kvs {
		segs[i] = segmentKV{string(kv.Key), kv.Value}
	}
	raw, err := s.joinSegments(id, segs)
	if err != nil {
		return nil, err
	}
	if uint64(len(raw)) < n {
		return nil, &RecordError{Campaign: id, Key: eventKey(uint64(len(raw)) + 1), Err: errors.New("missing")}
	}
	return raw[:n], nil
}

type segmentKV struct {
	key   string
	value []byte
}

// joinSegments puts a campaign's log segments, in key order, back into
// one list of events, refusing gaps and overlaps.
func (s *EtcdStore) joinSegments(id int64, segs []segmentKV) ([]json.RawMessage, error) {
	var raw []json.RawMessage
	for _, seg := range segs {
		start, ok := parseHex(seg.key, s.p.logs(id))
		if !ok {
			return nil, &RecordError{Campaign: id, Key: string(bucketEvents), Err: fmt.Errorf("key %q is not a log segment", seg.key)}
		}
		if start != uint64(len(raw)) {
			return nil, &RecordError{Campaign: id, Key: eventKey(uint64(len(raw)) + 1), Err: fmt.Errorf("missing (the next segment starts after event %d)", start)}
		}
		events, err := decodeSegment(id, start, seg.value)
		if err != nil {
			return nil, err
		}
		raw = append(raw, events...)
	}
	return raw, nil
}
