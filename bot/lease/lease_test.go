package lease

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"bfbot/storage/etcdtest"
)

// member is one process of the test: its own client and claims.
type member struct {
	client *clientv3.Client
	claims *Claims
	mu     sync.Mutex
	gained []int
}

func join(t *testing.T, endpoints []string, name string) *member {
	t.Helper()
	client, err := clientv3.New(clientv3.Config{Endpoints: endpoints, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		t.Fatal(err)
	}
	m := &member{client: client}
	m.claims, err = Join(context.Background(), client, "lt/", Options{
		Name: name, TTL: 2 * time.Second, Poll: 200 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		OnGain: func(b []int) { m.mu.Lock(); m.gained = append(m.gained, b...); m.mu.Unlock() },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.claims.Close(); client.Close() })
	return m
}

// owners counts, per bucket, the members that believe they hold it.
func owners(ms []*member) map[int]int {
	out := map[int]int{}
	for _, m := range ms {
		for _, b := range m.claims.Held() {
			out[b]++
		}
	}
	return out
}

// waitEven waits until every bucket has exactly one holder among ms and
// each holds its share.
func waitEven(t *testing.T, ms []*member, within time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		o := owners(ms)
		even := len(o) == DefaultBuckets
		for _, n := range o {
			even = even && n == 1
		}
		share := (DefaultBuckets + len(ms) - 1) / len(ms)
		for _, m := range ms {
			even = even && len(m.claims.Held()) <= share
		}
		if even {
			return time.Since(start)
		}
		if time.Since(start) > within {
			t.Fatalf("after %s the buckets are held %v, want each once, at most %d a member", within, o, share)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Ensure three members share the buckets, each held once; that a member
// that dies (its client closed, its lease left to expire) has its
// buckets taken over by the others within the TTL and a few looks, and
// each taken-over bucket reported to OnGain once; and that a member that
// leaves (Close) frees its buckets at once.
func TestClaims(t *testing.T) {
	srv := etcdtest.Start(t, t.TempDir())
	var ms []*member
	for i := range 3 {
		ms = append(ms, join(t, srv.Endpoints, fmt.Sprintf("p%d", i)))
	}
	waitEven(t, ms, 5*time.Second)
	dead := ms[0]
	lost := dead.claims.Held()
	for _, m := range ms[1:] {
		m.mu.Lock()
		m.gained = nil
		m.mu.Unlock()
	}
	dead.client.Close() // killed: no revoke, the lease expires
	took := waitEven(t, ms[1:], 2*time.Second+5*time.Second)
	t.Logf("a dead member's %d buckets taken over in %s (TTL 2s)", len(lost), took)
	gained := map[int]int{}
	for _, m := range ms[1:] {
		m.mu.Lock()
		for _, b := range m.gained {
			gained[b]++
		}
		m.mu.Unlock()
	}
	for _, b := range lost {
		if gained[b] != 1 {
			t.Errorf("bucket %d of the dead member gained %d times, want once", b, gained[b])
		}
	}
	start := time.Now()
	if err := ms[1].claims.Close(); err != nil {
		t.Fatal(err)
	}
	waitEven(t, ms[2:], 3*time.Second)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a member that left freed its buckets in %s, want at once (the next look)", d)
	}
	if o := owners(ms[2:]); len(o) != DefaultBuckets {
		t.Errorf("the last member holds %d buckets, want all %d", len(o), DefaultBuckets)
	}
}
