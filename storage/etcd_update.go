package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/campaign"
)

// Update is Store.Update on etcd: it reads the campaign's head, calls fn,
// and writes the next revision, its new log segments, the summary, the
// records in also and the deletion of the oldest revision beyond
// Options.Snapshots in one transaction that commits only if the
// campaign's summary is still at the version read, and every record in
// also unchanged since (and its campaign still there): fn reads what it
// needs of them (a deadline's schedule entry, with its LastRun) after the
// head, so a write of theirs by another process makes the change read
// again. If another process changed the campaign
// first, the whole change is made again from a fresh read: fn may run
// more than once, and only its last run is saved; it must depend on
// nothing but its arguments. Changes from this process to one campaign
// wait for each other, so only other processes make fn run again.
func (s *EtcdStore) Update(ctx context.Context, id int64, fn UpdateFunc, also ...Record) (*campaign.Campaign, error) {
	for _, r := range also {
		if err := r.validate(); err != nil {
			return nil, err
		}
	}
	if err := s.writable(); err != nil {
		return nil, err
	}
	defer s.lock(id)()
	var out *campaign.Campaign
	var outDoc []byte
	var rev uint64
	var outVP map[string]int
	err := s.retry(ctx, fmt.Sprintf("campaign %d", id), func() error {
		h, err := s.head(ctx, id, also...)
		if err != nil {
			return err
		}
		e, err := s.campaignDoc(ctx, h)
		if err != nil {
			return err
		}
		prevDoc := e.doc
		base := newPartsBase(e.c, prevDoc, nil)
		n, diceState, vp, err := change(id, h.st, e.c, e.vp, fn, func(k uint64, e campaign.Event) bool { return sameRawEvent(h.lastEvent(k), e) }, new(campaign.Checker))
		if err != nil {
			s.cache.drop(id) // a refused change leaves no trace: decode afresh next time
			return err
		}
		ops, err := s.logOps(id, int(h.st.logLen), n.Log)
		if err != nil {
			return err
		}
		doc, err := encodeDocInto(docBuffer(prevDoc, nil), n, base)
		if err != nil {
			return err
		}
		record := newestRecord(nil, diceState, uint64(n.Log.Len()), doc, prevDoc, h.st.partsBody())
		next := h.st.rev + 1
		if ops, err = s.revisionOps(ops, &h.sum, n, next, record); err != nil {
			return err
		}
		ops = append(ops, s.trimOps(id, append(h.revs, next))...)
		cmps := []clientv3.Cmp{clientv3.Compare(clientv3.ModRevision(s.p.summary(id)), "=", h.version)}
		for i, r := range also {
			if r.Campaign != id {
				cmps = append(cmps, clientv3.Compare(clientv3.CreateRevision(s.p.summary(r.Campaign)), ">", 0))
			}
			// A record written meanwhile (a deadline's schedule entry
			// paused by another process) makes the change read again.
			cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(s.p.record(r.RecordKey)), "=", h.recordVersions[i]))
			ops = append(ops, s.recordOp(r))
		}
		if _, err := s.commit(ctx, cmps, ops); err != nil {
			if err == errConflict {
				if err := s.existAll(ctx, also); err != nil {
					return err
				}
			}
			return err
		}
		out, outDoc, rev, outVP = n, doc, next, vp
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(id, cached{rev: rev, c: out.Shell(), doc: outDoc, vp: outVP})
	return out, nil
}

// trimOps deletes the oldest revisions of revs (ascending, the new one
// last) beyond the newest and Options.Snapshots snapshots, in one range.
func (s *EtcdStore) trimOps(id int64, revs []uint64) []clientv3.Op {
	keep := s.snapshots + 1
	if len(revs) <= keep {
		return nil
	}
	return []clientv3.Op{clientv3.OpDelete(s.p.rev(id, 0), clientv3.WithRange(s.p.rev(id, revs[len(revs)-keep])))}
}

// existAll returns ErrNotFound for the first campaign of recs that is
// not stored (a failed compare of Update's may be one).
func (s *EtcdStore) existAll(ctx context.Context, recs []Record) error {
	for _, r := range recs {
		g, err := s.client.Get(ctx, s.p.summary(r.Campaign), clientv3.WithCountOnly())
		if err != nil {
			return fmt.Errorf("%s: %w", s.where, err)
		}
		if g.Count == 0 {
			return fmt.Errorf("campaign %d: %w", r.Campaign, ErrNotFound)
		}
	}
	return nil
}

// sameRawEvent reports whether e encodes as stored does.
func sameRawEvent(stored json.RawMessage, e campaign.Event) bool {
	v, err := marshalJSON(e)
	return err == nil && stored != nil && bytes.Equal(v, stored)
}
