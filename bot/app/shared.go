package app

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"bfbot/bot/lease"
	"bfbot/bot/schedule"
	"bfbot/storage"
)

// sharedStore is what a process does when several share the store (store
// "etcd", docs/deploy.md). Every process schedules every campaign's
// deadlines, but runs only those of the campaigns in the hash buckets
// its lease holds (bot/lease): the others' deadlines return
// schedule.ErrElsewhere. Every lease look (lease_ttl_seconds / 5) it
// reads the stored schedule entries back into its scheduler
// (schedule.Scheduler.Sync): campaigns created, paused, extended or ended
// by other processes, the deadlines they ran, and, for the buckets it has
// just claimed from a process that died, the deadlines that process left,
// caught up once.
//
// A deadline still runs exactly once without the claims: its turn and its
// schedule entry (the turn marker) commit in one etcd transaction that
// compares the entry it read (storage.EtcdStore.Update), so of two
// processes that both think they hold a bucket, one commits and the
// other reads the entry again and finds the deadline done.
type sharedStore struct {
	a      *App
	store  *storage.EtcdStore
	member string
	claims *lease.Claims

	mu      sync.Mutex
	gained  map[int]bool // buckets claimed since the last sync
	started bool
	wake    chan struct{}
	quit    chan struct{}
	done    chan struct{}
}

func newSharedStore(a *App, store *storage.EtcdStore, member string) *sharedStore {
	if member == "" {
		host, _ := os.Hostname()
		member = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	return &sharedStore{a: a, store: store, member: member, gained: map[int]bool{},
		wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
}

// join makes the process a member and claims its share of the buckets.
func (s *sharedStore) join(ctx context.Context) error {
	c, err := lease.Join(ctx, s.store.Client(), s.store.Prefix(), lease.Options{
		Name:   s.member,
		TTL:    time.Duration(s.a.cfg.LeaseTTLSeconds) * time.Second,
		OnGain: s.onGain,
		Logger: s.a.log.With("component", "lease"),
	})
	if err != nil {
		return fmt.Errorf("joining the processes on %s: %w", s.store, err)
	}
	s.claims = c
	return nil
}

// onGain queues the buckets claimed for the next sync's catch-up. Before
// start, the scheduler's own Start catches up everything it holds.
func (s *sharedStore) onGain(buckets []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.started {
		return
	}
	for _, b := range buckets {
		s.gained[b] = true
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// start syncs the scheduler at every lease look and at every gain.
func (s *sharedStore) start() {
	s.mu.Lock()
	s.started = true
	s.mu.Unlock()
	every := time.Duration(s.a.cfg.LeaseTTLSeconds) * time.Second / 5
	go func() {
		defer close(s.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-s.quit:
				return
			case <-t.C:
			case <-s.wake:
			}
			s.sync()
		}
	}()
}

// sync reads the stored entries into the scheduler, catching up the
// campaigns of the buckets gained since the last sync.
func (s *sharedStore) sync() {
	s.mu.Lock()
	gained := s.gained
	s.gained = map[int]bool{}
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(s.a.cfg.LeaseTTLSeconds)*time.Second)
	defer cancel()
	entries, err := s.a.sched.stored(ctx, s.a.damaged)
	if err != nil {
		s.a.log.Warn("schedules not read from the shared store", "err", err)
		s.requeue(gained)
		return
	}
	s.a.tellDamaged(ctx)
	err = s.a.scheduler.Sync(entries, func(k schedule.Key) bool { return gained[s.claims.Bucket(k.Campaign)] })
	if err != nil {
		s.a.log.Error("some deadlines could not be scheduled", "err", err)
	}
}

// requeue keeps gained buckets for the next sync after a failed one.
func (s *sharedStore) requeue(gained map[int]bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for b := range gained {
		s.gained[b] = true
	}
}

// stop ends the syncs.
func (s *sharedStore) stop() {
	s.mu.Lock()
	started := s.started
	s.mu.Unlock()
	select {
	case <-s.quit:
		return
	default:
		close(s.quit)
	}
	if started {
		<-s.done
	}
}

// leave revokes the lease: the other processes take the buckets over at
// their next look.
func (s *sharedStore) leave() error {
	if s.claims == nil {
		return nil
	}
	return s.claims.Close()
}

// runsHere reports whether this process runs campaign id's deadlines and
// reminders: always with the bbolt file, else when its lease holds the
// campaign's bucket.
func (a *App) runsHere(id int64) bool {
	return a.shared == nil || a.shared.claims != nil && a.shared.claims.Owns(id)
}
