package storage

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// Export returns the campaign as Store.Export does.
func (s *EtcdStore) Export(ctx context.Context, id int64) ([]byte, error) {
	var out []byte
	err := s.retry(ctx, "export", func() error {
		h, err := s.head(ctx, id)
		if err != nil {
			return err
		}
		c, err := s.campaign(ctx, h)
		if err != nil {
			return err
		}
		out, err = exportJSON(id, h.st, c)
		return err
	})
	return out, err
}

// Import loads an exported campaign under the next ID, as Store.Import.
func (s *EtcdStore) Import(ctx context.Context, data []byte) (int64, error) {
	c, diceState, err := parseImport(data)
	if err != nil {
		return 0, err
	}
	id, err := s.create(ctx, c, diceState)
	if err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	return id, nil
}

// Backup writes the campaigns under the prefix, as they were at one etcd
// revision, to w as a bbolt database file: the copy opens with Open, so
// bfbot check, export and migrate-store read it like any file. (etcd's
// own snapshot holds the whole cluster; this is the bot's prefix alone,
// without the schedulers' leased claims.)
func (s *EtcdStore) Backup(ctx context.Context, w io.Writer) (int64, error) {
	var n int64
	err := s.withFileCopy(ctx, false, func(f *Store) error {
		var err error
		n, err = f.Backup(ctx, w)
		return err
	})
	return n, err
}

// Check returns every broken invariant of the campaigns under the prefix:
// the keys that do not read back as a campaign's revisions and log, then
// every invariant Store.Check finds in them, written to a file as Backup
// writes them but for their damaged records, each of which it names.
func (s *EtcdStore) Check(ctx context.Context) []error {
	var errs []error
	err := s.withFileCopy(ctx, true, func(f *Store) error {
		errs = f.Check(ctx)
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	if err := s.checkStrays(ctx); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, s.checkRecords(ctx)...)
	return append(errs, s.checkIndex(ctx)...)
}

// checkRecords names every schedule, binding and marker record under the
// prefix whose key is not a record's or whose checksum does not match.
func (s *EtcdStore) checkRecords(ctx context.Context) []error {
	var ops []clientv3.Op
	for _, kind := range recordKinds {
		ops = append(ops, clientv3.OpGet(s.p.records(kind), clientv3.WithPrefix()))
	}
	r, err := s.read(ctx, ops...)
	if err != nil {
		return []error{err}
	}
	var errs []error
	for i, kind := range recordKinds {
		_, bad := s.readRecords(kind, r.Responses[i].GetResponseRange().Kvs)
		for _, re := range bad {
			errs = append(errs, re)
		}
	}
	return errs
}

// withFileCopy copies the prefix into a bbolt file in a directory of its
// own (leaving damaged records out if leaveDamaged: copies), opens it,
// and removes it after fn.
func (s *EtcdStore) withFileCopy(ctx context.Context, leaveDamaged bool, fn func(*Store) error) error {
	dir, err := os.MkdirTemp("", "bfbot-etcd-copy-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	f, err := Open(filepath.Join(dir, "bfbot.db"), Options{Snapshots: s.snapshots})
	if err != nil {
		return err
	}
	defer f.Close()
	w, err := f.beginCopy(ctx)
	if err != nil {
		return err
	}
	seq, err := s.copies(ctx, leaveDamaged, w.put)
	if err == nil {
		err = w.finish(seq)
	}
	if err != nil {
		w.abort()
		return err
	}
	return fn(f)
}

// checkStrays reports campaign keys that no summary owns (a campaign's
// data without its summary is invisible to every read, and to the copy).
func (s *EtcdStore) checkStrays(ctx context.Context) error {
	r, err := s.read(ctx,
		clientv3.OpGet(string(s.p)+"campaign/", clientv3.WithPrefix(), clientv3.WithKeysOnly()),
		clientv3.OpGet(s.p.summaries(), clientv3.WithPrefix(), clientv3.WithKeysOnly()))
	if err != nil {
		return err
	}
	owned := map[string]bool{}
	for _, kv := range r.Responses[1].GetResponseRange().Kvs {
		owned[string(kv.Key[len(s.p.summaries()):])] = true
	}
	var strays []string
	for _, kv := range r.Responses[0].GetResponseRange().Kvs {
		rest := string(kv.Key[len(string(s.p)+"campaign/"):])
		if len(rest) < 16 || !owned[rest[:16]] {
			strays = append(strays, string(kv.Key))
		}
	}
	if len(strays) > 0 {
		return fmt.Errorf("%d campaign keys have no summary (a campaign's data without its campaign), the first %q", len(strays), strays[0])
	}
	return nil
}

var _ Campaigns = (*EtcdStore)(nil)
