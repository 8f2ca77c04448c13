package storage

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// eachCopy reads every campaign as it was at one etcd revision: the
// summaries and the ID sequence first, then each campaign's keys at that
// revision. A damaged record fails it.
func (s *EtcdStore) eachCopy(ctx context.Context, fn func(campaignCopy) error) (uint64, error) {
	return s.copies(ctx, false, fn)
}

// copies is eachCopy; with leaveDamaged, a damaged schedule, binding or
// marker record is left out of its campaign's copy instead (Check names
// it: checkRecords), so that the rest is checked.
func (s *EtcdStore) copies(ctx context.Context, leaveDamaged bool, fn func(campaignCopy) error) (uint64, error) {
	r, err := s.read(ctx, clientv3.OpGet(s.p.seq()), clientv3.OpGet(s.p.summaries(), clientv3.WithPrefix()))
	if err != nil {
		return 0, err
	}
	at := r.Header.Revision
	seqKV := r.Responses[0].GetResponseRange().Kvs
	if len(seqKV) != 1 || len(seqKV[0].Value) != 8 {
		return 0, fmt.Errorf("%s: %w: meta/seq is missing or not 8 bytes", s.where, ErrNotDatabase)
	}
	seq := binary.BigEndian.Uint64(seqKV[0].Value)
	for _, kv := range r.Responses[1].GetResponseRange().Kvs {
		id, ok := parseHex(string(kv.Key), s.p.summaries())
		if !ok {
			return seq, &RecordError{Campaign: 0, Key: string(kv.Key), Err: fmt.Errorf("not a summary key")}
		}
		cc, err := s.copyAt(ctx, int64(id), at, leaveDamaged)
		if err != nil {
			return seq, err
		}
		cc.summary = kv.Value
		if err := fn(cc); err != nil {
			return seq, err
		}
	}
	return seq, nil
}

// copyAt reads campaign id's revisions, log and records at etcd revision
// at (leaveDamaged: as copies).
func (s *EtcdStore) copyAt(ctx context.Context, id int64, at int64, leaveDamaged bool) (campaignCopy, error) {
	cc := campaignCopy{id: id}
	ops := []clientv3.Op{
		clientv3.OpGet(s.p.revs(id), clientv3.WithPrefix(), clientv3.WithRev(at)),
		clientv3.OpGet(s.p.logs(id), clientv3.WithPrefix(), clientv3.WithRev(at)),
	}
	for _, kind := range recordKinds {
		ops = append(ops, clientv3.OpGet(s.p.recordsOf(kind, id), clientv3.WithPrefix(), clientv3.WithRev(at)))
	}
	r, err := s.read(ctx, ops...)
	if err != nil {
		return cc, err
	}
	for _, kv := range r.Responses[0].GetResponseRange().Kvs {
		rev, ok := parseHex(string(kv.Key), s.p.revs(id))
		if !ok {
			return cc, &RecordError{Campaign: id, Key: string(kv.Key), Err: fmt.Errorf("not a revision key")}
		}
		// Checked, and copied without its checksum: the writer seals it.
		if _, err := decodeState(id, itob(rev), kv.Value); err != nil {
			return cc, err
		}
		cc.revs = append(cc.revs, revisionCopy{rev, kv.Value[: len(kv.Value)-sealSize : len(kv.Value)-sealSize]})
	}
	var segs []segmentKV
	for _, kv := range r.Responses[1].GetResponseRange().Kvs {
		segs = append(segs, segmentKV{string(kv.Key), kv.Value})
	}
	raw, err := s.joinSegments(id, segs)
	if err != nil {
		return cc, err
	}
	for _, e := range raw {
		cc.events = append(cc.events, e)
	}
	for i, kind := range recordKinds {
		recs, bad := s.readRecords(kind, r.Responses[2+i].GetResponseRange().Kvs)
		if len(bad) > 0 && !leaveDamaged {
			return cc, bad[0]
		}
		cc.records = append(cc.records, recs...)
	}
	return cc, nil
}

// keyMigrating marks a prefix that a copy is filling: OpenEtcd refuses
// it until the copy has finished.
func (p layout) migrating() string { return string(p) + "meta/migrating" }

// beginCopy marks the prefix as being filled.
func (s *EtcdStore) beginCopy(ctx context.Context) (copyWriter, error) {
	if err := s.writable(); err != nil {
		return nil, err
	}
	if _, err := s.client.Put(ctx, s.p.migrating(), "bfbot migrate-store"); err != nil {
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	return &etcdCopyWriter{s, ctx}, nil
}

type etcdCopyWriter struct {
	s   *EtcdStore
	ctx context.Context
}

// maxCopyOps and maxCopyBytes keep each transaction of a copy within
// etcd's default limits (128 operations, 1.5 MiB).
const (
	maxCopyOps   = maxTxnOps
	maxCopyBytes = 1 << 20
)

// put writes one campaign in as few transactions as etcd's limits allow,
// its summary last (List and Get see a campaign only once it is whole).
func (w *etcdCopyWriter) put(cc campaignCopy) error {
	s := w.s
	var ops []clientv3.Op
	for _, r := range cc.revs {
		ops = append(ops, clientv3.OpPut(s.p.rev(cc.id, r.rev), string(sealState(cc.id, r.rev, r.record))))
	}
	raw := make([]json.RawMessage, len(cc.events))
	for i, e := range cc.events {
		raw[i] = e
	}
	starts, values, err := packSegments(0, raw)
	if err != nil {
		return err
	}
	for i, start := range starts {
		ops = append(ops, clientv3.OpPut(s.p.segment(cc.id, start), string(values[i])))
	}
	for _, r := range cc.records {
		ops = append(ops, s.recordOp(r))
	}
	if cc.summary != nil {
		sum, err := decodeSummary(cc.id, cc.summary)
		if err != nil {
			return err
		}
		ops = append(ops, s.indexOps(nil, sum)...)
		ops = append(ops, clientv3.OpPut(s.p.summary(cc.id), string(cc.summary)))
	}
	var batch []clientv3.Op
	bytes := 0
	for i, op := range ops {
		batch, bytes = append(batch, op), bytes+len(op.KeyBytes())+len(op.ValueBytes())
		if i+1 == len(ops) || len(batch) == maxCopyOps || bytes+len(ops[i+1].ValueBytes()) > maxCopyBytes {
			if _, err := s.commit(w.ctx, nil, batch); err != nil {
				return fmt.Errorf("campaign %d: %w", cc.id, err)
			}
			batch, bytes = nil, 0
		}
	}
	return nil
}

// finish sets the ID sequence and lifts the marker.
func (w *etcdCopyWriter) finish(seq uint64) error {
	_, err := w.s.commit(w.ctx, nil, []clientv3.Op{
		clientv3.OpPut(w.s.p.seq(), string(itob(seq))),
		clientv3.OpDelete(w.s.p.migrating()),
	})
	return err
}

// abort leaves the marker: the half-filled prefix stays refused.
func (w *etcdCopyWriter) abort() {}
