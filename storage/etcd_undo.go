package storage

import (
	"context"
	"errors"
	"fmt"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/campaign"
)

// Undo is Store.Undo on etcd, in one transaction compared against the
// campaign's version like Update's: the revision before the newest
// becomes a new, higher revision with the newest's dice state (ruling
// SG1), and both are dropped. The log is cut back to the restored
// revision's length, a segment boundary, and the undo events appended.
func (s *EtcdStore) Undo(ctx context.Context, id int64) (*campaign.Campaign, error) {
	if err := s.writable(); err != nil {
		return nil, err
	}
	defer s.lock(id)()
	var out *campaign.Campaign
	err := s.retry(ctx, fmt.Sprintf("campaign %d", id), func() error {
		h, err := s.head(ctx, id)
		if err != nil {
			return err
		}
		if len(h.revs) < 2 {
			return fmt.Errorf("campaign %d: %w: the last %d changes can be undone and none are left", id, ErrNothingToUndo, s.snapshots)
		}
		prevRev := h.revs[len(h.revs)-2]
		r, err := s.client.Get(ctx, s.p.rev(id, prevRev), clientv3.WithRev(h.at))
		if errors.Is(err, rpctypes.ErrCompacted) {
			return errConflict
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s.where, err)
		}
		if len(r.Kvs) == 0 {
			return &RecordError{Campaign: id, Key: revisionKey(prevRev), Err: errors.New("missing")}
		}
		prev, err := decodeState(id, itob(prevRev), r.Kvs[0].Value)
		if err != nil {
			return err
		}
		now, err := s.campaign(ctx, h)
		if err != nil {
			return err
		}
		// The etcd store keeps every revision whole (no deltas).
		prevDoc, err := prev.document(id, nil)
		if err != nil {
			return err
		}
		c, err := decodeDoc(id, prev.key(), prevDoc)
		if err != nil {
			return err
		}
		if prev.logLen > uint64(now.Log.Len()) {
			return &RecordError{Campaign: id, Key: prev.key(), Err: fmt.Errorf("%d events, more than the newest revision's %d", prev.logLen, now.Log.Len())}
		}
		c.Log = now.Log.Prefix(int(prev.logLen))
		for _, e := range now.Log.Since(c.Log.Len()) {
			if e.Step == "undo" && e.Type == "undo" {
				c.Log.Append(e)
			}
		}
		c.Log.Append(campaign.Event{
			Turn: c.Turn, Step: "undo", Type: "undo",
			Text: fmt.Sprintf("the referee undid the last change: the campaign is back at turn %d, %s", c.Turn, c.Phase),
		})
		if _, err := h.st.seeded(id); err != nil {
			return err
		}
		ops, err := s.cutLogOps(ctx, h, prev.logLen, c.Log)
		if err != nil {
			return err
		}
		ops = append(ops, clientv3.OpDelete(s.p.rev(id, h.st.rev)), clientv3.OpDelete(s.p.rev(id, prevRev)))
		next := h.st.rev + 1
		if ops, err = s.revisionOps(ops, &h.sum, c, next, newestRecord(nil, h.st.diceState, uint64(c.Log.Len()), prevDoc, prevDoc, prev.partsBody())); err != nil {
			return err
		}
		if _, err := s.commit(ctx, []clientv3.Cmp{clientv3.Compare(clientv3.ModRevision(s.p.summary(id)), "=", h.version)}, ops); err != nil {
			return err
		}
		out = c
		s.cache.put(id, cached{rev: next, c: c.Shell(), doc: prevDoc, vp: c.Log.VP()})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// cutLogOps rewrites the log from position n on as log has it: the
// segments from the one holding event n+1 on are deleted, and log's
// events from that segment's start written again. (etcd refuses a put
// inside a deleted range of the same transaction, so the deletes are
// of the keys not written again.)
func (s *EtcdStore) cutLogOps(ctx context.Context, h etcdHead, n uint64, log campaign.Log) ([]clientv3.Op, error) {
	r, err := s.client.Get(ctx, s.p.logs(h.id), clientv3.WithPrefix(), clientv3.WithKeysOnly(), clientv3.WithRev(h.at))
	if errors.Is(err, rpctypes.ErrCompacted) {
		return nil, errConflict
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	var starts []uint64
	from := n
	for _, kv := range r.Kvs {
		start, ok := parseHex(string(kv.Key), s.p.logs(h.id))
		if !ok {
			return nil, &RecordError{Campaign: h.id, Key: string(bucketEvents), Err: fmt.Errorf("key %q is not a log segment", kv.Key)}
		}
		starts = append(starts, start)
	}
	// The segment holding event n+1 starts at or before n.
	for i, start := range starts {
		if start <= n && (i+1 == len(starts) || starts[i+1] > n) {
			from = start
		}
	}
	ops, err := s.logOps(h.id, int(from), log)
	if err != nil {
		return nil, err
	}
	written := map[string]bool{}
	for _, op := range ops {
		written[string(op.KeyBytes())] = true
	}
	for _, start := range starts {
		if k := s.p.segment(h.id, start); start >= from && !written[k] {
			ops = append(ops, clientv3.OpDelete(k))
		}
	}
	return ops, nil
}
