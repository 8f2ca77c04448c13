package app

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discordtest"
	"bfbot/bot/lease"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/config"
	"bfbot/storage"
	"bfbot/storage/etcdtest"
)

// The shared-store fault test (RELIABILITY.md): bot processes on one etcd,
// killed at random while their deadlines run. The default run (with or
// without -short) is small: 6 campaigns, one deadline, one kill; the long
// one is behind a flag:
//
//	go test ./bot/app -run 'EtcdFault$' -etcdfault -v
var (
	efLong      = flag.Bool("etcdfault", false, "TestEtcdFault: the long form (100 campaigns, 4 deadline days, a kill each day)")
	efCampaigns = flag.Int("etcdfault.campaigns", 100, "TestEtcdFault -etcdfault: campaigns")
	efDays      = flag.Int("etcdfault.days", 4, "TestEtcdFault -etcdfault: deadline days, each with a kill")
	efSeed      = flag.Uint64("etcdfault.seed", 1, "TestEtcdFault: the seed of the kills")
)

// efTTL is the processes' lease: a killed one's campaigns wait this long.
// The default run uses the shortest etcd allows; the long run the
// default lease_ttl_seconds, as the failover budget (TTL + 5 s) is
// stated (BENCHMARKS.md).
var efTTL = 2 * time.Second

// efProc is one bot process of the fault test.
type efProc struct {
	name string
	app  *App
	dead bool
}

// efCluster is the processes sharing one etcd prefix, one fake Discord
// and one fake clock.
type efCluster struct {
	t         *testing.T
	fake      *discordtest.Fake
	clock     *schedule.FakeClock
	endpoints []string
	log       *ldLog
	procs     []*efProc
	started   int
	seedMu    sync.Mutex
	seed      uint64
	remindMu  sync.Mutex
	reminders map[string]int // "campaign due" → reminders sent
}

// efRemind counts the reminders each process sends itself.
type efRemind struct {
	schedule.Handler
	c *efCluster
}

func (h efRemind) Remind(ctx context.Context, e schedule.Entry, due time.Time) error {
	err := h.Handler.Remind(ctx, e, due)
	if err == nil {
		h.c.remindMu.Lock()
		h.c.reminders[fmt.Sprint(e.Campaign, " ", due.Format(time.RFC3339))]++
		h.c.remindMu.Unlock()
	}
	return err
}

// start starts one more process.
func (c *efCluster) start() *efProc {
	c.t.Helper()
	c.started++
	name := fmt.Sprintf("p%d", c.started)
	cfg := srvConfig(c.fake, "")
	cfg.Store, cfg.EtcdEndpoints, cfg.EtcdPrefix = config.StoreEtcd, strings.Join(c.endpoints, ","), "fault/"
	cfg.LeaseTTLSeconds = int(efTTL / time.Second)
	cfg.MaxCampaignsPerServer = config.MaxCampaignsPerServer
	a, err := New(cfg, Options{
		Clock: c.clock, HTTPClient: c.fake.Client(), Logger: slog.New(c.log.handler()).With("member", name),
		Seed: func() uint64 {
			c.seedMu.Lock()
			defer c.seedMu.Unlock()
			c.seed++
			return 100 + c.seed
		},
		RateLimits: command.RateLimits{Off: true},
		Member:     name,
	})
	if err != nil {
		c.t.Fatal(err)
	}
	a.scheduler = schedule.New(c.clock, efRemind{deadlines{a}, c}, schedule.Options{Logger: slog.New(c.log.handler()).With("member", name)})
	a.sched.sched = a.scheduler
	if err := a.Start(context.Background()); err != nil {
		a.Close(context.Background())
		c.t.Fatal(err)
	}
	p := &efProc{name: name, app: a}
	c.procs = append(c.procs, p)
	c.t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), srvWait)
		defer cancel()
		a.Close(ctx)
	})
	return p
}

// kill ends a process as a crash would: its etcd client goes at once (a
// change in flight commits whole or not at all, and the lease is left to
// expire), then, in the background, its goroutines stop; wait for that.
func (c *efCluster) kill(p *efProc, wait *sync.WaitGroup) {
	p.dead = true
	p.app.db.(*storage.EtcdStore).Client().Close()
	wait.Add(1)
	go func() {
		defer wait.Done()
		ctx, cancel := context.WithTimeout(context.Background(), srvWait)
		defer cancel()
		p.app.Close(ctx) // its revoke fails: the lease expires after efTTL
	}()
}

func (c *efCluster) live() []*efProc {
	var out []*efProc
	for _, p := range c.procs {
		if !p.dead {
			out = append(out, p)
		}
	}
	return out
}

// settle runs what is due on every live process's scheduler.
func (c *efCluster) settle() {
	c.t.Helper()
	var wg sync.WaitGroup
	for _, p := range c.live() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), srvWait)
			defer cancel()
			if err := p.app.scheduler.Settle(ctx); err != nil {
				c.t.Errorf("%s: settle: %v", p.name, err)
			}
		}()
	}
	wg.Wait()
}

// waitShared waits until the live processes hold every bucket once and
// none above its share, then for two more lease looks, so each has
// synced its scheduler with what it holds.
func (c *efCluster) waitShared(within time.Duration) {
	c.t.Helper()
	start := time.Now()
	for {
		live := c.live()
		held := map[int]int{}
		even := true
		for _, p := range live {
			h := p.app.shared.claims.Held()
			even = even && len(h) <= (lease.DefaultBuckets+len(live)-1)/len(live)
			for _, b := range h {
				held[b]++
			}
		}
		even = even && len(held) == lease.DefaultBuckets
		for _, n := range held {
			even = even && n == 1
		}
		if even {
			time.Sleep(2 * efTTL / 5)
			return
		}
		if time.Since(start) > within {
			c.t.Fatalf("the buckets are not shared after %s: %v", within, held)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// dispatch runs one command through a process's dispatcher and fails the
// test on a refusal.
func (c *efCluster) dispatch(ctx context.Context, p *efProc, req *command.Request) {
	c.t.Helper()
	req.Now = c.clock.Now()
	for _, rep := range newDispatcher(p.app, p.app.reg).Dispatch(ctx, req) {
		if strings.HasPrefix(rep.Text, "⚠") || strings.Contains(rep.Text, "Internal error") {
			c.t.Fatalf("%s: /%s %s: %s", p.name, req.Name, req.Sub, rep.Text)
		}
	}
}

// Ensure campaigns shared by three bot processes on one etcd (the long
// form: a three-member cluster, one member stopped on the second day)
// have every deadline run exactly once while processes are killed at random during
// the deadlines: the survivors take a dead process's campaigns over when
// its lease expires and catch its deadlines up once (within the TTL and
// 5 s), every order a player gave through any process is in the turn,
// every reminder is sent once, and every campaign passes Check.
func TestEtcdFault(t *testing.T) {
	campaigns, days := 6, 1
	if *efLong {
		campaigns, days = *efCampaigns, *efDays
		efTTL = time.Duration(config.Default().LeaseTTLSeconds) * time.Second
		t.Cleanup(func() { efTTL = 2 * time.Second })
	}
	rng := rand.New(rand.NewPCG(*efSeed, 0))
	// The long form runs on a three-member cluster and kills a member too.
	members := etcdtest.StartCluster(t, t.TempDir(), map[bool]int{false: 1, true: 3}[*efLong], false)
	var endpoints []string
	for _, m := range members {
		endpoints = append(endpoints, m.Endpoints...)
	}
	c := &efCluster{t: t, fake: discordtest.New(t), clock: schedule.NewFakeClock(srvStart), endpoints: endpoints,
		log: &ldLog{}, reminders: map[string]int{}}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last warnings and errors:\n%s", c.log.tail())
		}
	})
	for range 3 {
		c.start()
	}
	c.waitShared(5 * efTTL)
	ctx := context.Background()

	// The campaigns, made through the processes in turn.
	var ids []int64
	for k := range campaigns {
		p := c.procs[k%3]
		slot := ldSlot(k)
		for _, s := range []struct{ user, sub, opt, val string }{
			{slot.Ref, "create", "name", fmt.Sprintf("Fault %d", k)},
			{slot.Players["crucis"], "join", "side", "crucis"},
			{slot.Players["bandits"], "join", "side", "bandits"},
			{slot.Ref, "start", "", ""},
		} {
			opts := map[string]string{}
			if s.opt != "" {
				opts[s.opt] = s.val
			}
			c.dispatch(ctx, p, &command.Request{User: command.User{ID: s.user, Name: s.user}, Guild: srvGuild, Channel: slot.Channel,
				Name: "campaign", Sub: s.sub, Options: opts})
		}
		id, ok := p.app.binds.campaignIn(slot.Channel)
		if !ok {
			t.Fatalf("slot %d: no campaign in its channel", k)
		}
		ids = append(ids, id)
	}
	c.waitShared(5 * efTTL) // every process has synced the new entries
	// The test reads the store through a client of its own (any process
	// may be killed).
	store, err := storage.OpenEtcd(storage.EtcdOptions{Endpoints: endpoints, Prefix: "fault/"}, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()

	for day := range days {
		due := time.Date(srvStart.Year(), srvStart.Month(), srvStart.Day()+day, 20, 0, 0, 0, time.UTC)
		// Orders: crucis seals its orders through a random live process.
		c.clock.Set(due.Add(-6 * time.Hour))
		c.settle()
		live := c.live()
		sealed := map[int64]bool{}
		for k, id := range ids {
			cp, err := store.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if cp.Phase != campaign.PhaseOrders {
				continue // its battles are still being fought
			}
			p := live[rng.IntN(len(live))]
			c.dispatch(ctx, p, &command.Request{User: command.User{ID: ldSlot(k).Players["crucis"]}, DM: true,
				Name: "orders", Sub: "ready", Options: map[string]string{"campaign": strconv.FormatInt(id, 10)}})
			sealed[id] = true
		}
		before := map[int64]uint64{}
		for _, id := range ids {
			cp, err := store.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if sealed[id] && !cp.Sides[0].Orders.Ready {
				t.Fatalf("day %d: campaign %d: crucis's sealed orders were lost", day, id)
			}
			before[id] = efRevision(t, store, id)
		}
		// Reminders, two hours ahead.
		c.clock.Set(due.Add(-2 * time.Hour))
		c.settle()
		// The deadline, and a kill while it runs.
		// The victim holds campaigns (a process holding none would test
		// nothing).
		live = c.live()
		var holders []*efProc
		for _, p := range live {
			for _, id := range ids {
				if p.app.runsHere(id) {
					holders = append(holders, p)
					break
				}
			}
		}
		victim := holders[rng.IntN(len(holders))]
		var theirs []int64 // the victim's campaigns
		for _, id := range ids {
			if victim.app.runsHere(id) {
				theirs = append(theirs, id)
			}
		}
		if len(members) == 3 && day == 1 {
			m := members[rng.IntN(3)]
			m.Stop() // the other two keep the quorum
			t.Logf("day %d: etcd member %s stopped before the deadline", day+1, m.Name)
		}
		// It dies just before the deadline (every one of its deadlines
		// must be taken over: the default run's case) or while the
		// deadlines run.
		var dying sync.WaitGroup
		var when string
		var killed time.Time
		if day%2 == 0 {
			when = "just before the deadline"
			killed = time.Now()
			c.kill(victim, &dying)
			c.clock.Set(due)
			c.settle()
		} else {
			after := time.Duration(rng.IntN(300)) * time.Millisecond
			when = fmt.Sprintf("%s into the deadline", after)
			c.clock.Set(due)
			var wg sync.WaitGroup
			wg.Add(1)
			go func() { defer wg.Done(); c.settle() }()
			time.Sleep(after)
			killed = time.Now()
			c.kill(victim, &dying)
			wg.Wait()
		}
		t.Cleanup(dying.Wait) // a dead process's goroutines end in their own time
		// The survivors take the victim's campaigns over and catch up.
		tookOver := efWaitAllRun(t, c, store, theirs, due, efTTL+5*time.Second)
		done := efWaitAllRun(t, c, store, ids, due, time.Minute)
		t.Logf("day %d: %s killed %s; its %d campaigns' deadlines done %s after the kill, all %d %s after (lease TTL %s)", day+1, victim.name, when,
			len(theirs), tookOver.Sub(killed).Round(10*time.Millisecond), len(ids), done.Sub(killed).Round(10*time.Millisecond), efTTL)
		if d := tookOver.Sub(killed); d > efTTL+5*time.Second {
			t.Errorf("day %d: the killed process's deadlines ran %s after the kill, more than the lease TTL and 5 s", day+1, d)
		}
		c.settle()
		for _, id := range ids {
			if d := efRevision(t, store, id) - before[id]; d > 1 {
				t.Errorf("day %d: campaign %d changed %d times by one deadline", day+1, id, d)
			}
		}
		if day+1 < days {
			c.start() // a replacement joins: three processes again
			c.waitShared(5 * efTTL)
		}
	}
	c.remindMu.Lock()
	for k, n := range c.reminders {
		if n != 1 {
			t.Errorf("reminder %s sent %d times", k, n)
		}
	}
	if got, want := len(c.reminders), len(ids)*days; got != want {
		t.Errorf("%d reminders sent, want %d (one per campaign and deadline)", got, want)
	}
	c.remindMu.Unlock()
	for _, err := range store.Check(ctx) {
		t.Errorf("check: %v", err)
	}
	for _, id := range ids {
		cp, err := store.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if cp.Turn < 1+days && cp.Phase == campaign.PhaseOrders {
			t.Errorf("campaign %d at turn %d in the orders phase after %d deadlines", id, cp.Turn, days)
		}
	}
}

// efRevision is a campaign's newest revision.
func efRevision(t *testing.T, s storage.Campaigns, id int64) uint64 {
	t.Helper()
	list, err := s.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, sum := range list {
		if sum.ID == id {
			return sum.Revision
		}
	}
	t.Fatalf("campaign %d not listed", id)
	return 0
}

// efWaitAllRun waits until every campaign's stored order deadline entry
// says due ran, settling the live processes meanwhile, and returns when.
func efWaitAllRun(t *testing.T, c *efCluster, s storage.Campaigns, ids []int64, due time.Time, within time.Duration) time.Time {
	t.Helper()
	start := time.Now()
	for {
		missing := 0
		var which []string
		for _, id := range ids {
			v, err := s.GetRecord(context.Background(), scheduleKey(id, schedule.OrderDeadline))
			if err != nil {
				t.Fatal(err)
			}
			e, err := decodeEntry(v)
			if err != nil || !e.LastRun.Equal(due) {
				missing++
				for _, p := range c.live() {
					next, _ := p.app.scheduler.Next(id, schedule.OrderDeadline)
					which = append(which, fmt.Sprintf("campaign %d (stored LastRun %s) %s: owns %v, next %s", id, e.LastRun, p.name, p.app.runsHere(id), next))
				}
			}
		}
		if missing == 0 {
			return time.Now()
		}
		if time.Since(start) > within+2*time.Second {
			t.Fatalf("%d of %d deadlines of %s not run %s after the kill (lease TTL %s + 5 s):\n%s", missing, len(ids), due, time.Since(start), efTTL, strings.Join(which, "\n"))
		}
		c.settle()
		time.Sleep(50 * time.Millisecond)
	}
}
