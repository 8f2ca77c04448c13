package storage

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// EtcdOptions say where the etcd store keeps its campaigns.
type EtcdOptions struct {
	// Endpoints are the etcd members' client URLs.
	Endpoints []string
	// Prefix starts every key the store writes (DefaultEtcdPrefix if
	// empty): several bots, or a bot and its tests, share one etcd
	// under different prefixes.
	Prefix string
	// TLS, if set, secures the connection (config etcd_ca_file,
	// etcd_cert_file, etcd_key_file).
	TLS *tls.Config
	// Username and Password authenticate to etcd (BFBOT_ETCD_USERNAME,
	// BFBOT_ETCD_PASSWORD), if its authentication is on.
	Username, Password string
	// DialTimeout bounds the first connection (DefaultEtcdDialTimeout
	// if 0).
	DialTimeout time.Duration
}

// Defaults of EtcdOptions.
const (
	DefaultEtcdPrefix      = "bfbot/"
	DefaultEtcdDialTimeout = 5 * time.Second
)

// EtcdStore is the etcd implementation of Campaigns: the same campaigns,
// revisions, undo snapshots and records as Store, kept under a key prefix
// of an etcd cluster that several bfbot processes share (etcd_layout.go
// has the keys). Every change is one etcd transaction that commits only
// if the campaign's summary key is still at the revision the change read;
// if another process changed the campaign meanwhile, the change is made
// again from a fresh read, so none is lost (etcd_update.go).
type EtcdStore struct {
	client    *clientv3.Client
	p         layout
	where     string // names the store in errors
	snapshots int
	readOnly  bool
	cache     cache
	// locks serialise this process's changes to one campaign, so that
	// only changes from other processes conflict.
	locks [64]sync.Mutex
}

// OpenEtcd connects to etcd and opens the store under the prefix,
// creating its schema record if the prefix is empty. Options.Snapshots
// and Options.ReadOnly apply as to Open; the file options do not.
func OpenEtcd(eo EtcdOptions, opts Options) (*EtcdStore, error) {
	if opts.Snapshots == 0 {
		opts.Snapshots = DefaultSnapshots
	}
	if opts.Snapshots < 0 {
		return nil, fmt.Errorf("storage: %d undo snapshots: keep at least 1", opts.Snapshots)
	}
	if len(eo.Endpoints) == 0 {
		return nil, errors.New("storage: etcd: no endpoints: give the members' client URLs (config etcd_endpoints)")
	}
	if eo.Prefix == "" {
		eo.Prefix = DefaultEtcdPrefix
	}
	if eo.DialTimeout == 0 {
		eo.DialTimeout = DefaultEtcdDialTimeout
	}
	where := fmt.Sprintf("etcd %s prefix %q", strings.Join(eo.Endpoints, ","), eo.Prefix)
	client, err := clientv3.New(clientv3.Config{
		Endpoints: eo.Endpoints, TLS: eo.TLS, Username: eo.Username, Password: eo.Password,
		DialTimeout: eo.DialTimeout, Logger: zap.NewNop(),
	})
	if err != nil {
		return nil, fmt.Errorf("storage: %s: %w", where, err)
	}
	s := &EtcdStore{client: client, p: layout(eo.Prefix), where: where, snapshots: opts.Snapshots, readOnly: opts.ReadOnly}
	ctx, cancel := context.WithTimeout(context.Background(), eo.DialTimeout)
	defer cancel()
	if err := s.openSchema(ctx); err != nil {
		client.Close()
		return nil, fmt.Errorf("storage: %s: %w", where, err)
	}
	return s, nil
}

// Client is the store's etcd client, which the scheduler's leases share.
func (s *EtcdStore) Client() *clientv3.Client { return s.client }

// Prefix is the key prefix the store writes under.
func (s *EtcdStore) Prefix() string { return string(s.p) }

// String names the store: its endpoints and prefix.
func (s *EtcdStore) String() string { return s.where }

// Close closes the connection; the store is unusable after.
func (s *EtcdStore) Close() error { return s.client.Close() }

// lock serialises this process's changes to campaign id.
func (s *EtcdStore) lock(id int64) func() {
	m := &s.locks[uint64(id)%uint64(len(s.locks))]
	m.Lock()
	return m.Unlock
}

// writable refuses writes to a read-only store.
func (s *EtcdStore) writable() error {
	if s.readOnly {
		return fmt.Errorf("%s: %w (opened for reading)", s.where, ErrReadOnly)
	}
	return nil
}

// maxConflicts bounds how often a change is made again because other
// processes changed the same campaign first; far more than a turn's worth
// of players pressing buttons at once.
const maxConflicts = 100

// errConflict says a transaction's compare failed: the caller reads again.
var errConflict = errors.New("changed by another process meanwhile")

// retry runs attempt until it does not fail with errConflict.
func (s *EtcdStore) retry(ctx context.Context, what string, attempt func() error) error {
	for range maxConflicts {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := attempt(); !errors.Is(err, errConflict) {
			return err
		}
	}
	return fmt.Errorf("%s: %s %d times in a row; try again", what, errConflict, maxConflicts)
}

// commit runs one transaction; a failed compare is errConflict.
func (s *EtcdStore) commit(ctx context.Context, cmps []clientv3.Cmp, ops []clientv3.Op) (*clientv3.TxnResponse, error) {
	r, err := s.client.Txn(ctx).If(cmps...).Then(ops...).Commit()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	if !r.Succeeded {
		return r, errConflict
	}
	return r, nil
}

// read runs gets as one transaction: they see one etcd revision.
func (s *EtcdStore) read(ctx context.Context, ops ...clientv3.Op) (*clientv3.TxnResponse, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r, err := s.client.Txn(ctx).Then(ops...).Commit()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	return r, nil
}
