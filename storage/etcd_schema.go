package storage

import (
	"context"
	"encoding/binary"
	"fmt"

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
		return fmt.Errorf("%w from etcd layout %d to %d: open it once writable", ErrNeedsMigration, version, EtcdSchemaVersion)
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
