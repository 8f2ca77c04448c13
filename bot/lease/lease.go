// Package lease shares the campaigns' deadlines among several bfbot
// processes on one etcd (docs/deploy.md). Each process keeps an etcd
// lease (a session) and claims hash buckets of campaigns with it: a
// claim is the key P claim/<bucket>, written only if absent, with the
// lease attached. A process runs the deadlines and reminders of the
// campaigns in its buckets only. When a process dies its lease expires
// after its TTL, its claims vanish with it, and the live processes claim
// the buckets at once (they watch the members; they also look every
// Options.Poll), then catch up the deadlines the dead one left (the
// app's OnGain).
//
// The buckets are shared evenly: every Options.Poll each process counts
// the live members (P member/<name>, on the lease too) and claims free
// buckets up to its share, ceil(buckets / members), or gives back what it
// holds above it.
//
// Claims decide who tries; they are not what makes a turn run once. A
// process cut off from etcd may still believe it holds a bucket for up
// to a TTL after its lease expired; the store's transaction (the turn
// marker compared and set with the turn, storage.EtcdStore.Update) makes
// a second run of the same deadline a no-op.
package lease

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// Defaults of Options.
const (
	DefaultTTL     = 10 * time.Second
	DefaultBuckets = 64
)

// Options tune Join.
type Options struct {
	// Name names the process among the members (host and pid, say); it
	// must be unique among the live ones.
	Name string
	// TTL is the lease's time to live: how long a dead process's
	// campaigns wait (DefaultTTL; whole seconds, at least 2).
	TTL time.Duration
	// Buckets is how many hash buckets the campaigns fall into
	// (DefaultBuckets); every process of a bot must use the same.
	Buckets int
	// Poll is how often the claims are looked at (TTL/5 if 0).
	Poll time.Duration
	// OnGain is called with the buckets newly claimed, after the claims
	// committed; the app catches up their deadlines.
	OnGain func(buckets []int)
	// Logger receives claims gained and lost (slog.Default() if nil).
	Logger *slog.Logger
}

// Claims is one process's membership and claimed buckets.
type Claims struct {
	client *clientv3.Client
	prefix string
	opts   Options

	mu      sync.Mutex
	session *concurrency.Session
	held    map[int]bool

	stop chan struct{}
	done chan struct{}
}

// Join makes the process a member under prefix (the store's key prefix)
// and claims its share of the buckets before it returns, then keeps
// looking every Options.Poll until Close.
func Join(ctx context.Context, client *clientv3.Client, prefix string, opts Options) (*Claims, error) {
	if opts.Name == "" {
		return nil, errors.New("lease: no member name")
	}
	if opts.TTL == 0 {
		opts.TTL = DefaultTTL
	}
	if opts.TTL < 2*time.Second {
		return nil, fmt.Errorf("lease: TTL %s: give at least 2s (etcd leases count whole seconds)", opts.TTL)
	}
	if opts.Buckets == 0 {
		opts.Buckets = DefaultBuckets
	}
	if opts.Poll == 0 {
		opts.Poll = opts.TTL / 5
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	c := &Claims{client: client, prefix: prefix, opts: opts, held: map[int]bool{}, stop: make(chan struct{}), done: make(chan struct{})}
	if err := c.look(ctx); err != nil {
		c.closeSession()
		return nil, err
	}
	go c.loop()
	return c, nil
}

// Bucket is the bucket of a campaign: a hash of its ID, so that the
// campaigns made one after another spread over the buckets.
func (c *Claims) Bucket(campaign int64) int {
	h := fnv.New32a()
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(campaign)))
	return int(h.Sum32() % uint32(c.opts.Buckets))
}

// Owns reports whether this process holds the campaign's bucket.
func (c *Claims) Owns(campaign int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.held[c.Bucket(campaign)]
}

// Held lists the buckets held, ascending.
func (c *Claims) Held() []int {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []int
	for b := range c.opts.Buckets {
		if c.held[b] {
			out = append(out, b)
		}
	}
	return out
}

// Close stops looking and revokes the lease: the claims are free at once
// for the other processes (a process that dies instead frees them when
// the lease expires).
func (c *Claims) Close() error {
	select {
	case <-c.stop:
	default:
		close(c.stop)
	}
	<-c.done
	return c.closeSession()
}

func (c *Claims) closeSession() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.held = map[int]bool{}
	if c.session == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.opts.TTL)
	defer cancel()
	_, err := c.client.Revoke(ctx, c.session.Lease())
	c.session.Orphan()
	c.session = nil
	return err
}

func (c *Claims) memberKey() string     { return c.prefix + "member/" + c.opts.Name }
func (c *Claims) claimKey(b int) string { return fmt.Sprintf("%sclaim/%04d", c.prefix, b) }
func (c *Claims) claimsPrefix() string  { return c.prefix + "claim/" }
func (c *Claims) membersPrefix() string { return c.prefix + "member/" }
func (c *Claims) sessionLost() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.session == nil {
		return nil
	}
	return c.session.Done()
}

func (c *Claims) loop() {
	defer close(c.done)
	t := time.NewTicker(c.opts.Poll)
	defer t.Stop()
	// A member that comes or goes (its lease expired) is seen at once,
	// not at the next tick: its buckets are taken over without waiting.
	wctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	members := c.client.Watch(wctx, c.membersPrefix(), clientv3.WithPrefix())
	for {
		select {
		case <-c.stop:
			return
		case w, ok := <-members:
			if !ok {
				members = nil // the client closed: the ticker goes on
			} else if w.Err() != nil {
				continue
			}
		case <-t.C:
		case <-c.sessionLost():
			c.mu.Lock()
			if len(c.held) > 0 {
				c.opts.Logger.Warn("lease lost: claims dropped", "member", c.opts.Name, "buckets", len(c.held))
			}
			c.held, c.session = map[int]bool{}, nil
			c.mu.Unlock()
		}
		ctx, cancel := context.WithTimeout(context.Background(), c.opts.TTL)
		if err := c.look(ctx); err != nil {
			c.opts.Logger.Warn("lease: claims not looked at", "member", c.opts.Name, "err", err)
		}
		cancel()
	}
}

// look (re)joins if the lease is gone, then claims or gives back buckets
// to hold this process's share.
func (c *Claims) look(ctx context.Context) error {
	c.mu.Lock()
	s := c.session
	c.mu.Unlock()
	if s == nil {
		var err error
		s, err = concurrency.NewSession(c.client, concurrency.WithTTL(int(c.opts.TTL/time.Second)))
		if err != nil {
			return fmt.Errorf("lease: %w", err)
		}
		if _, err := c.client.Put(ctx, c.memberKey(), c.opts.Name, clientv3.WithLease(s.Lease())); err != nil {
			s.Orphan()
			return fmt.Errorf("lease: %w", err)
		}
		c.mu.Lock()
		c.session = s
		c.mu.Unlock()
	}
	r, err := c.client.Txn(ctx).Then(
		clientv3.OpGet(c.membersPrefix(), clientv3.WithPrefix(), clientv3.WithCountOnly()),
		clientv3.OpGet(c.claimsPrefix(), clientv3.WithPrefix()),
	).Commit()
	if err != nil {
		return fmt.Errorf("lease: %w", err)
	}
	members := max(1, int(r.Responses[0].GetResponseRange().Count))
	share := (c.opts.Buckets + members - 1) / members
	taken := map[int]bool{}
	mine := map[int]bool{}
	for _, kv := range r.Responses[1].GetResponseRange().Kvs {
		var b int
		if _, err := fmt.Sscanf(string(kv.Key[len(c.claimsPrefix()):]), "%d", &b); err != nil {
			continue
		}
		taken[b] = true
		if clientv3.LeaseID(kv.Lease) == s.Lease() {
			mine[b] = true
		}
	}
	var gained []int
	// Give back what is above the share, the highest first.
	for b := c.opts.Buckets - 1; b >= 0 && len(mine) > share; b-- {
		if mine[b] {
			if _, err := c.client.Txn(ctx).If(clientv3.Compare(clientv3.LeaseValue(c.claimKey(b)), "=", s.Lease())).
				Then(clientv3.OpDelete(c.claimKey(b))).Commit(); err != nil {
				return fmt.Errorf("lease: %w", err)
			}
			delete(mine, b)
		}
	}
	// Claim free buckets up to the share, starting at a place of the
	// member's own so that members starting together collide less.
	start := int(hash(c.opts.Name) % uint32(c.opts.Buckets))
	for i := 0; i < c.opts.Buckets && len(mine) < share; i++ {
		b := (start + i) % c.opts.Buckets
		if taken[b] {
			continue
		}
		t, err := c.client.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(c.claimKey(b)), "=", 0)).
			Then(clientv3.OpPut(c.claimKey(b), c.opts.Name, clientv3.WithLease(s.Lease()))).Commit()
		if err != nil {
			return fmt.Errorf("lease: %w", err)
		}
		if t.Succeeded {
			mine[b] = true
			gained = append(gained, b)
		}
	}
	c.mu.Lock()
	if c.session == s {
		c.held = mine
	}
	c.mu.Unlock()
	if len(gained) > 0 {
		c.opts.Logger.Info("lease: buckets claimed", "member", c.opts.Name, "buckets", gained, "held", len(mine))
		if c.opts.OnGain != nil {
			c.opts.OnGain(gained)
		}
	}
	return nil
}

func hash(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}
