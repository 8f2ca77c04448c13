package storage

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"bfbot/storage/etcdtest"
)

// The storage tests run against both stores: the bbolt file and etcd (a
// one-member cluster the test starts inside its own process, on loopback,
// its data in the test's temporary directory). stoEach runs a test once
// per engine, as subtests named bbolt and etcd.

// stoStore is a store either engine opened.
type stoStore interface {
	Campaigns
	Close() error
}

// stoEngine opens stores of one kind.
type stoEngine struct {
	name string
	// open opens a new, empty store; when the test ends it runs Check,
	// failing on any broken invariant, and closes it.
	open func(tb testing.TB, opts Options) stoStore
	// reopen closes s and opens its data again with opts.
	reopen func(tb testing.TB, s stoStore, opts Options) stoStore
}

// stoReopened holds the stores reopen closed, whose final Check the
// reopened store makes instead.
var stoReopened sync.Map

// stoCheckOpen is the final Check of a store not reopened since.
func stoCheckOpen(tb testing.TB, s stoStore) {
	tb.Helper()
	if _, closed := stoReopened.Load(s); !closed {
		stoMustCheck(tb, s)
	}
}

// stoEach runs test against each engine.
func stoEach(t *testing.T, test func(t *testing.T, e stoEngine)) {
	t.Run("bbolt", func(t *testing.T) { test(t, stoBoltEngine) })
	t.Run("etcd", func(t *testing.T) { test(t, stoEtcdEngine(t)) })
}

var stoBoltEngine = stoEngine{
	name: "bbolt",
	open: func(tb testing.TB, opts Options) stoStore {
		tb.Helper()
		s := stoOpenNoCheck(tb, filepath.Join(tb.TempDir(), "bfbot.db"), opts)
		tb.Cleanup(func() { stoCheckOpen(tb, s) })
		return s
	},
	reopen: func(tb testing.TB, s stoStore, opts Options) stoStore {
		tb.Helper()
		path := s.(*Store).Path()
		stoReopened.Store(s, true)
		if err := s.Close(); err != nil {
			tb.Fatal(err)
		}
		n := stoOpenNoCheck(tb, path, opts)
		tb.Cleanup(func() { stoCheckOpen(tb, n) })
		return n
	},
}

// stoPrefixes numbers the etcd prefixes the tests use.
var stoPrefixes atomic.Int64

// stoEtcdEngine starts an etcd member for the test and opens each store
// under a prefix of its own.
func stoEtcdEngine(tb testing.TB) stoEngine {
	srv := etcdtest.Start(tb, tb.TempDir())
	open := func(tb testing.TB, prefix string, opts Options) *EtcdStore {
		tb.Helper()
		s, err := OpenEtcd(EtcdOptions{Endpoints: srv.Endpoints, Prefix: prefix}, opts)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { s.Close() })
		return s
	}
	return stoEngine{
		name: "etcd",
		open: func(tb testing.TB, opts Options) stoStore {
			s := open(tb, fmt.Sprintf("test%d/", stoPrefixes.Add(1)), opts)
			tb.Cleanup(func() { stoCheckOpen(tb, s) })
			return s
		},
		reopen: func(tb testing.TB, s stoStore, opts Options) stoStore {
			prefix := s.(*EtcdStore).Prefix()
			stoReopened.Store(s, true)
			s.Close()
			n := open(tb, prefix, opts)
			tb.Cleanup(func() { stoCheckOpen(tb, n) })
			return n
		},
	}
}

// stoEtcdState is stoState for the etcd store.
func stoEtcdState(tb testing.TB, s *EtcdStore, id int64) (doc, diceState []byte, rev uint64, sum string) {
	tb.Helper()
	ctx := context.Background()
	h, err := s.head(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	raw, err := s.readRawLog(ctx, id, h.at, h.logEnd())
	if err != nil {
		tb.Fatal(err)
	}
	doc, err = h.st.document(id, nil)
	if err != nil {
		tb.Fatal(err)
	}
	sha := sha256.New()
	sha.Write(wholeRecord(h.st.diceState, h.st.logLen, doc))
	for i, e := range raw {
		sha.Write(itob(uint64(i + 1)))
		sha.Write(e)
	}
	return doc, h.st.diceState, h.st.rev, hex.EncodeToString(sha.Sum(nil))
}

// stoEtcdSnapshots is stoSnapshots for the etcd store.
func stoEtcdSnapshots(tb testing.TB, s *EtcdStore, id int64) int {
	tb.Helper()
	h, err := s.head(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return len(h.revs) - 1
}
