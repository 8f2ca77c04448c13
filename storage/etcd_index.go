package storage

import (
	"context"
	"fmt"
	"strings"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// The etcd store's index (index.go): P index/<entry> → empty, written in
// the transaction that writes the summary the entry comes from.
func (p layout) index() string { return string(p) + "index/" }

// maxTxnOps keeps a transaction within etcd's default cap of 128
// operations.
const maxTxnOps = 100

// indexOps are the writes that move a campaign's index entries from
// summary old (nil: a new campaign) to sum.
func (s *EtcdStore) indexOps(old *Summary, sum Summary) []clientv3.Op {
	del, add := indexChanges(old, sum)
	var ops []clientv3.Op
	for _, e := range del {
		ops = append(ops, clientv3.OpDelete(s.p.index()+e))
	}
	for _, e := range add {
		ops = append(ops, clientv3.OpPut(s.p.index()+e, ""))
	}
	return ops
}

// Find returns the summaries of the campaigns index ix holds under key,
// by ID: the index's keys, then those campaigns' summaries alone.
func (s *EtcdStore) Find(ctx context.Context, ix Index, key string) ([]Summary, error) {
	ids, err := s.indexIDs(ctx, ix, key)
	if err != nil {
		return nil, err
	}
	var out []Summary
	for len(ids) > 0 {
		batch := ids[:min(len(ids), maxTxnOps)]
		ids = ids[len(batch):]
		ops := make([]clientv3.Op, len(batch))
		for i, id := range batch {
			ops[i] = clientv3.OpGet(s.p.summary(id))
		}
		r, err := s.read(ctx, ops...)
		if err != nil {
			return nil, err
		}
		for i, id := range batch {
			kvs := r.Responses[i].GetResponseRange().Kvs
			if len(kvs) == 0 {
				return nil, fmt.Errorf("index %s %q: campaign %d: %w", ix, key, id, ErrNotFound)
			}
			sum, err := decodeSummary(id, kvs[0].Value)
			if err != nil {
				return nil, err
			}
			out = append(out, sum)
		}
	}
	return out, nil
}

// indexIDs reads the IDs index ix holds under key, in ID order.
func (s *EtcdStore) indexIDs(ctx context.Context, ix Index, key string) ([]int64, error) {
	if err := ix.check(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	prefix := indexPrefix(ix, key)
	r, err := s.client.Get(ctx, s.p.index()+prefix, clientv3.WithPrefix(), clientv3.WithKeysOnly())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	ids := make([]int64, 0, len(r.Kvs))
	for _, kv := range r.Kvs {
		id, err := indexID(strings.TrimPrefix(string(kv.Key), s.p.index()), prefix)
		if err != nil {
			return nil, &RecordError{Campaign: 0, Key: string(kv.Key), Err: err}
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// Count returns how many campaigns Find would return, counted by etcd
// from the index alone.
func (s *EtcdStore) Count(ctx context.Context, ix Index, key string) (int, error) {
	if err := ix.check(); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	r, err := s.client.Get(ctx, s.p.index()+indexPrefix(ix, key), clientv3.WithPrefix(), clientv3.WithCountOnly())
	if err != nil {
		return 0, fmt.Errorf("%s: %w", s.where, err)
	}
	return int(r.Count), nil
}

// checkIndex compares the index with the summaries (Check).
func (s *EtcdStore) checkIndex(ctx context.Context) []error {
	r, err := s.read(ctx,
		clientv3.OpGet(s.p.index(), clientv3.WithPrefix(), clientv3.WithKeysOnly()),
		clientv3.OpGet(s.p.summaries(), clientv3.WithPrefix()))
	if err != nil {
		return []error{err}
	}
	var stored []string
	for _, kv := range r.Responses[0].GetResponseRange().Kvs {
		stored = append(stored, string(kv.Key[len(s.p.index()):]))
	}
	var sums []Summary
	for _, kv := range r.Responses[1].GetResponseRange().Kvs {
		id, _ := parseHex(string(kv.Key), s.p.summaries())
		if sum, err := decodeSummary(int64(id), kv.Value); err == nil {
			sums = append(sums, sum)
		}
	}
	return checkIndex(stored, sums)
}

// etcdBuildIndex is etcd layout 2 to 3: it writes the index from every
// campaign's summary, after deleting any entries a migration cut short
// left behind.
func etcdBuildIndex(ctx context.Context, s *EtcdStore) error {
	if _, err := s.client.Delete(ctx, s.p.index(), clientv3.WithPrefix()); err != nil {
		return fmt.Errorf("%s: %w", s.where, err)
	}
	list, err := s.List(ctx)
	if err != nil {
		return err
	}
	var ops []clientv3.Op
	for _, sum := range list {
		ops = append(ops, s.indexOps(nil, sum)...)
	}
	for len(ops) > 0 {
		batch := ops[:min(len(ops), maxTxnOps)]
		ops = ops[len(batch):]
		if _, err := s.commit(ctx, nil, batch); err != nil {
			return err
		}
	}
	return nil
}
