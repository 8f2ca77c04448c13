package storage

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// etcdMigrations[v] turns etcd layout v into v+1, as migrations does for
// the bbolt file.
var etcdMigrations = map[uint64]func(context.Context, *EtcdStore) error{
	// Layout 2 holds the records of schema 5, which adds the document in
	// parts (formParts) and reads layout 1's records as they are
	// (migrate4to5): nothing is rewritten; the number keeps an older
	// bfbot, which cannot read the new form, away.
	1: func(context.Context, *EtcdStore) error { return nil },
	// Layout 3 adds the index (index.go): a step of several
	// transactions; the schema record is written after the last, so a
	// step cut short runs again on the next open.
	2: etcdBuildIndex,
	// Layout 4 holds the records of schema 7: each revision's record
	// sealed with its checksum (seal.go).
	3: etcdSealRevisions,
	// Layout 5 holds the records of schema 8, which packs the newest
	// revision's parts with S2 (formPacked) and reads layout 4's as they
	// are (migrate7to8): nothing is rewritten.
	4: func(context.Context, *EtcdStore) error { return nil },
	// Layout 6 holds the records of schema 9, which tags each part with
	// its codec, a finished battle's zstd (formTagged), and reads layout
	// 5's as they are (migrate8to9): nothing is rewritten. (The log's
	// segments on etcd are its own, unchanged.)
	5: func(context.Context, *EtcdStore) error { return nil },
	// Layout 7 holds the records of schema 10, which packs finished
	// battles that follow one another together (partJoint, partColumns,
	// partNext: settled.go) and reads layout 6's as they are: nothing is
	// rewritten. (Its snapshots are whole records under keys of their
	// own already: migrate9to10 has nothing to move here.)
	6: func(context.Context, *EtcdStore) error { return nil },
	// Layout 8 holds the records of schema 12: the schedule, binding
	// and marker records sealed with their checksum (seal.go).
	7: etcdSealOpaque,
}

// openSchema writes the schema record and the ID sequence under an empty
// prefix, migrates an older layout, and refuses a newer one or a prefix
// that holds other keys.
func (s *EtcdStore) openSchema(ctx context.Context) error {
	r, err := s.read(ctx,
		clientv3.OpGet(s.p.schema()),
		clientv3.OpGet(string(s.p), clientv3.WithPrefix(), clientv3.WithCountOnly()),
		clientv3.OpGet(s.p.migrating(), clientv3.WithCountOnly()))
	if err != nil {
		return err
	}
	if r.Responses[2].GetResponseRange().Count > 0 {
		return fmt.Errorf("%w: a bfbot migrate-store into this prefix did not finish: delete the prefix (etcdctl del --prefix %q) and run it again", ErrNotDatabase, string(s.p))
	}
	kvs := r.Responses[0].GetResponseRange().Kvs
	keys := r.Responses[1].GetResponseRange().Count
	switch {
	case len(kvs) == 0 && keys > 0:
		return fmt.Errorf("%w: the prefix holds %d keys but no schema record: another program's keys, or a bfbot migrate-store that did not finish (delete the prefix and run it again)", ErrNotDatabase, keys)
	case len(kvs) == 0 && s.readOnly:
		return fmt.Errorf("%w: the prefix holds no bfbot data", ErrNotDatabase)
	case len(kvs) == 0:
		_, err := s.commit(ctx, []clientv3.Cmp{clientv3.Compare(clientv3.CreateRevision(s.p.schema()), "=", 0)}, []clientv3.Op{
			clientv3.OpPut(s.p.seq(), string(itob(0))),
			clientv3.OpPut(s.p.schema(), string(itob(EtcdSchemaVersion))),
		})
		if err == errConflict {
			return s.openSchema(ctx) // another process created it first
		}
		return err
	case len(kvs[0].Value) != 8:
		return fmt.Errorf("%w: meta/schema of %d bytes, want 8", ErrNotDatabase, len(kvs[0].Value))
	}
	version := binary.BigEndian.Uint64(kvs[0].Value)
	switch {
	case version > EtcdSchemaVersion:
		return fmt.Errorf("%w (etcd layout %d; this bfbot reads layout %d and older): upgrade bfbot, or restore a backup made by this version",
			ErrNewerSchema, version, EtcdSchemaVersion)
	case version == EtcdSchemaVersion:
		return nil
	case s.readOnly:
		return fmt.Errorf("%w from etcd layout %d to %d, which bfbot serve does as it starts on it; take an etcdctl snapshot first if an older bfbot must still read it", ErrNeedsMigration, version, EtcdSchemaVersion)
	}
	for ; version < EtcdSchemaVersion; version++ {
		step, ok := etcdMigrations[version]
		if !ok {
			return fmt.Errorf("%w: no migration from etcd layout %d", ErrNotDatabase, version)
		}
		if err := step(ctx, s); err != nil {
			return fmt.Errorf("migrating etcd layout %d to %d: %w", version, version+1, err)
		}
	}
	_, err = s.client.Put(ctx, s.p.schema(), string(itob(EtcdSchemaVersion)))
	return err
}

// etcdSealRevisions seals every revision's record, a campaign at a time:
// each record not yet sealed is read first as the store will read it, its
// dice state and document decoded and the newest one's summary compared,
// and a record that fails stops the step before any of its campaign's
// records is sealed. Damage that still decodes to valid data cannot be
// told from what was written, then or after: it is sealed as it is
// (migrate6to7). Each put is compared against the record read, and the
// summary against the one checked. The step takes several transactions:
// one cut short runs again on the next open, and leaves a record that
// reads back sealed as it is (an unsealed one whose last four bytes
// happen to be its checksum: odds of 1 in 2³²).
func etcdSealRevisions(ctx context.Context, s *EtcdStore) error {
	r, err := s.client.Get(ctx, s.p.summaries(), clientv3.WithPrefix(), clientv3.WithKeysOnly())
	if err != nil {
		return fmt.Errorf("%s: %w", s.where, err)
	}
	for _, kv := range r.Kvs {
		id, ok := parseHex(string(kv.Key), s.p.summaries())
		if !ok {
			return &RecordError{Campaign: 0, Key: string(kv.Key), Err: fmt.Errorf("not a summary key")}
		}
		if err := s.sealCampaign(ctx, int64(id)); err != nil {
			return err
		}
	}
	return nil
}

// sealCampaign seals campaign id's revision records not yet sealed.
func (s *EtcdStore) sealCampaign(ctx context.Context, id int64) error {
	g, err := s.read(ctx, clientv3.OpGet(s.p.revs(id), clientv3.WithPrefix()), clientv3.OpGet(s.p.summary(id)))
	if err != nil {
		return err
	}
	revs, sum := g.Responses[0].GetResponseRange().Kvs, g.Responses[1].GetResponseRange().Kvs
	if len(sum) == 0 {
		return &RecordError{Campaign: id, Key: string(keySummary), Err: errors.New("missing")}
	}
	var sealed []sealedRecord
	for i, kv := range revs {
		rev, ok := parseHex(string(kv.Key), s.p.revs(id))
		if !ok {
			return &RecordError{Campaign: id, Key: string(kv.Key), Err: fmt.Errorf("not a revision key")}
		}
		if _, err := decodeState(id, itob(rev), kv.Value); err == nil {
			continue // sealed by a step cut short
		}
		st, err := parseState(id, rev, kv.Value)
		if err != nil {
			return err
		}
		doc, err := st.document(id, nil)
		if err != nil {
			return err
		}
		c, err := decodeRevision(id, st, doc)
		if err != nil {
			return err
		}
		if i == len(revs)-1 {
			if err := checkSummary(id, sum[0].Value, c, rev); err != nil {
				return err
			}
		}
		sealed = append(sealed, sealedRecord{kv, rev})
	}
	b := sealBatch{ctx: ctx, s: s,
		guard:   []clientv3.Cmp{clientv3.Compare(clientv3.ModRevision(s.p.summary(id)), "=", sum[0].ModRevision)},
		changed: fmt.Sprintf("campaign %d's records", id)}
	for _, r := range sealed {
		if err := b.put(r.kv, clientv3.OpPut(string(r.kv.Key), string(sealState(id, r.rev, clone(r.kv.Value))))); err != nil {
			return err
		}
	}
	return b.flush()
}

// sealBatch gathers a sealing step's puts, each compared against the
// record it seals as read, into transactions within etcd's caps, each
// also holding the guard's compares; a transaction whose compares fail
// is refused naming what was changed.
type sealBatch struct {
	ctx     context.Context
	s       *EtcdStore
	guard   []clientv3.Cmp
	changed string // "campaign 3's records", "the schedule records"
	cmps    []clientv3.Cmp
	ops     []clientv3.Op
	size    int
}

// put adds op, which seals kv, committing the transaction before when
// it is full.
func (b *sealBatch) put(kv *mvccpb.KeyValue, op clientv3.Op) error {
	if len(b.guard)+len(b.ops) == maxTxnOps || b.size+len(kv.Value) > maxCopyBytes {
		if err := b.flush(); err != nil {
			return err
		}
	}
	b.cmps = append(b.cmps, clientv3.Compare(clientv3.ModRevision(string(kv.Key)), "=", kv.ModRevision))
	b.ops = append(b.ops, op)
	b.size += len(kv.Value)
	return nil
}

// flush commits the puts gathered.
func (b *sealBatch) flush() error {
	if len(b.ops) == 0 {
		return nil
	}
	_, err := b.s.commit(b.ctx, append(slices.Clone(b.guard), b.cmps...), b.ops)
	if errors.Is(err, errConflict) {
		return fmt.Errorf("%s were changed while they were being sealed: stop every other bfbot using %s, then start this one again", b.changed, b.s.where)
	}
	b.cmps, b.ops, b.size = nil, nil, 0
	return err
}

// sealedRecord is a revision's record etcdSealRevisions has checked and
// is to seal.
type sealedRecord struct {
	kv  *mvccpb.KeyValue
	rev uint64
}

// etcdSealOpaque seals the opaque records (schedule, bindings, markers),
// as migrate11to12 seals the file's: their bytes are the bot's and the
// store cannot tell damage from what was written, so each is sealed as
// it is. A key that is not a record's is left for Records and Check to
// name. Each put is compared against the record read; the step takes
// several transactions, and one cut short runs again on the next open,
// leaving a record that reads back sealed as it is (an unsealed one
// whose last four bytes happen to be its checksum: odds of 1 in 2³², as
// etcdSealRevisions).
func etcdSealOpaque(ctx context.Context, s *EtcdStore) error {
	for _, kind := range recordKinds {
		r, err := s.client.Get(ctx, s.p.records(kind), clientv3.WithPrefix())
		if err != nil {
			return fmt.Errorf("%s: %w", s.where, err)
		}
		b := sealBatch{ctx: ctx, s: s, changed: fmt.Sprintf("the %s records", kind)}
		for _, kv := range r.Kvs {
			key, bad := s.parseRecordKey(kind, string(kv.Key))
			if bad != nil {
				continue
			}
			if _, bad := unsealRecord(key, kv.Value); bad == nil {
				continue // sealed by a step cut short
			}
			if err := b.put(kv, s.recordOp(Record{key, kv.Value})); err != nil {
				return err
			}
		}
		if err := b.flush(); err != nil {
			return err
		}
	}
	return nil
}
