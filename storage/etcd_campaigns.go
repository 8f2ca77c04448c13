package storage

import (
	"context"
	"encoding/binary"
	"fmt"

	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/campaign"
)

// Create stores a copy of c under the next ID, with dice seeded from
// seed, at revision 1, and returns the ID. The ID comes from meta/seq,
// compared and set in the same transaction, so two processes creating at
// once get different IDs.
func (s *EtcdStore) Create(ctx context.Context, c *campaign.Campaign, seed uint64) (int64, error) {
	diceState, err := newCampaignDice(c, seed)
	if err != nil {
		return 0, err
	}
	return s.create(ctx, c, diceState)
}

// create stores a copy of c with the dice state under the next ID.
func (s *EtcdStore) create(ctx context.Context, c *campaign.Campaign, diceState []byte) (int64, error) {
	if err := s.writable(); err != nil {
		return 0, err
	}
	var id int64
	err := s.retry(ctx, "create", func() error {
		r, err := s.client.Get(ctx, s.p.seq())
		if err != nil {
			return fmt.Errorf("%s: %w", s.where, err)
		}
		if len(r.Kvs) != 1 || len(r.Kvs[0].Value) != 8 {
			return fmt.Errorf("%s: %w: meta/seq is missing or not 8 bytes", s.where, ErrNotDatabase)
		}
		n := c.Clone()
		n.ID = int64(binary.BigEndian.Uint64(r.Kvs[0].Value) + 1)
		ops, err := s.saveOps(n, diceState, 1)
		if err != nil {
			return err
		}
		ops = append(ops, clientv3.OpPut(s.p.seq(), string(itob(uint64(n.ID)))))
		_, err = s.commit(ctx, []clientv3.Cmp{
			clientv3.Compare(clientv3.ModRevision(s.p.seq()), "=", r.Kvs[0].ModRevision),
			clientv3.Compare(clientv3.CreateRevision(s.p.summary(n.ID)), "=", 0),
		}, ops)
		id = n.ID
		return err
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// saveOps are the writes of a new campaign at revision rev: its log,
// its record, its summary.
func (s *EtcdStore) saveOps(c *campaign.Campaign, diceState []byte, rev uint64) ([]clientv3.Op, error) {
	if err := checkCampaign(c); err != nil {
		return nil, err
	}
	doc, err := encodeDoc(c)
	if err != nil {
		return nil, err
	}
	ops, err := s.logOps(c.ID, 0, c.Log)
	if err != nil {
		return nil, err
	}
	return s.revisionOps(ops, nil, c, rev, wholeRecord(diceState, uint64(c.Log.Len()), doc))
}

// logOps writes the events of log after the first from as segments.
func (s *EtcdStore) logOps(id int64, from int, log campaign.Log) ([]clientv3.Op, error) {
	starts, values, err := logSegments(from, log)
	if err != nil {
		return nil, fmt.Errorf("campaign %d: %w", id, err)
	}
	var ops []clientv3.Op
	for i, start := range starts {
		ops = append(ops, clientv3.OpPut(s.p.segment(id, start), string(values[i])))
	}
	return ops, nil
}

// revisionOps adds the writes of revision rev's record (sealed here) and the summary,
// and moves the index entries from summary old (nil: a new campaign).
func (s *EtcdStore) revisionOps(ops []clientv3.Op, old *Summary, c *campaign.Campaign, rev uint64, record []byte) ([]clientv3.Op, error) {
	sum := summarize(c, rev)
	v, err := marshalJSON(sum)
	if err != nil {
		return nil, err
	}
	ops = append(ops, s.indexOps(old, sum)...)
	return append(ops,
		clientv3.OpPut(s.p.rev(c.ID, rev), string(sealState(c.ID, rev, record))),
		clientv3.OpPut(s.p.summary(c.ID), string(v))), nil
}

// Get returns the campaign with the given ID.
func (s *EtcdStore) Get(ctx context.Context, id int64) (*campaign.Campaign, error) {
	var out *campaign.Campaign
	err := s.retry(ctx, "get", func() error {
		h, err := s.head(ctx, id)
		if err != nil {
			return err
		}
		out, err = s.campaign(ctx, h)
		return err
	})
	return out, err
}

// List returns every campaign's summary, by ID.
func (s *EtcdStore) List(ctx context.Context) ([]Summary, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r, err := s.client.Get(ctx, s.p.summaries(), clientv3.WithPrefix())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	var out []Summary
	for _, kv := range r.Kvs {
		id, ok := parseHex(string(kv.Key), s.p.summaries())
		if !ok {
			return nil, &RecordError{Campaign: 0, Key: string(kv.Key), Err: fmt.Errorf("not a summary key")}
		}
		sum, err := decodeSummary(int64(id), kv.Value)
		if err != nil {
			return nil, err
		}
		out = append(out, sum)
	}
	return out, nil
}
