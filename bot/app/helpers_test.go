package app

import (
	"bytes"
	"cmp"
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/config"
	"bfbot/storage"
)

// Ids used across the tests (snowflake-like).
const (
	srvGuild   = "200000000000000100"
	srvChannel = "200000000000000200"
	srvRef     = "200000000000000300"
	srvAlice   = "200000000000000301" // plays crucis
	srvBob     = "200000000000000302" // plays bandits
	srvWait    = 30 * time.Second
)

// srvStart is a Monday noon; the order deadline is 20:00 UTC daily.
var srvStart = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// srvRig is one app on a temp bbolt file, or an etcd prefix, against
// the fake Discord, with a fake clock.
type srvRig struct {
	t     *testing.T
	fake  *discordtest.Fake
	clock *schedule.FakeClock
	// tokens is the clock of interactions' lives, the fake's and the
	// bot's: apart from the game's clock, which a test moves by hours
	// while a command is in flight (TestOrderOvertakenByTheDeadline)
	// without making it late.
	tokens *schedule.FakeClock
	path   string
	// etcd are the endpoints of the etcd the app keeps its campaigns in,
	// under srvEtcdPrefix; none: the file at path.
	etcd []string
	app  *App
	logs *srvLog
	// wrapStore, when set, wraps the store the commands use (not the
	// deadlines') as open starts the app.
	wrapStore func(storage.Campaigns) storage.Campaigns
	// wrapEngine, when set, wraps the storage engine the deadlines use
	// as open starts the app.
	wrapEngine func(storage.Engine) storage.Engine
}

// srvEtcdPrefix is the etcd prefix of a rig on etcd.
const srvEtcdPrefix = "rig/"

// srvLog collects the app's logs for the test's failure output.
type srvLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *srvLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *srvLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func srvConfig(fake *discordtest.Fake, path string) config.Config {
	cfg := config.Default()
	cfg.Token = config.Secret(fake.Token())
	cfg.ApplicationID = fake.AppID()
	cfg.DatabasePath = path
	cfg.OrderDeadline = "0 20 * * *"
	cfg.TimeZone = "UTC"
	cfg.LogLevel = config.LogDebug
	return cfg
}

// srvNewRig starts a fake Discord (with opts) and an app on a new
// database file. The fake measures Discord's limits on an interaction's
// life on the rig's token clock.
func srvNewRig(t *testing.T, opts ...discordtest.Option) *srvRig {
	t.Helper()
	return srvNewRigOn(t, nil, opts...)
}

// srvNewRigOn is srvNewRig with the campaigns on the etcd at the
// endpoints given (none: a new database file).
func srvNewRigOn(t *testing.T, etcd []string, opts ...discordtest.Option) *srvRig {
	t.Helper()
	tokens := schedule.NewFakeClock(srvStart)
	opts = append([]discordtest.Option{discordtest.WithClock(tokens.Now)}, opts...)
	r := &srvRig{t: t, fake: discordtest.New(t, opts...), clock: schedule.NewFakeClock(srvStart), tokens: tokens,
		path: filepath.Join(t.TempDir(), "bfbot.db"), etcd: etcd, logs: &srvLog{}}
	// Display names unlike the IDs, so a message that names someone by
	// ID is caught (srvNoUserIDs).
	for id, name := range map[string]string{srvRef: "Rhea", srvAlice: "Alice", srvBob: "Bob"} {
		r.fake.SetUserName(id, name)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("app logs:\n%s", r.logs.String())
		}
	})
	r.open()
	return r
}

// open starts an app on the rig's file and waits for the gateway.
func (r *srvRig) open() {
	r.t.Helper()
	seed := uint64(0)
	cfg := srvConfig(r.fake, r.path)
	if len(r.etcd) > 0 {
		cfg.Store, cfg.EtcdEndpoints, cfg.EtcdPrefix = config.StoreEtcd, strings.Join(r.etcd, ","), srvEtcdPrefix
		// The shortest lease etcd allows: the rig's one process claims
		// every campaign as it starts.
		cfg.LeaseTTLSeconds = 2
	}
	a, err := New(cfg, Options{
		Clock:      r.clock,
		HTTPClient: r.fake.Client(),
		Logger:     slog.New(slog.NewTextHandler(r.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Seed:       func() uint64 { seed++; return 100 + seed },
		// The fake clock stands still while commands come fast.
		RateLimits: command.RateLimits{Off: true},
		// Attachments are downloaded from the fake too; the tokens'
		// clock is the fake's (srvNewRig).
		Discord: []discord.Option{discord.WithFileClient(r.fake.Client()), discord.WithInteractionClock(r.tokens.Now)},
	})
	if err != nil {
		r.t.Fatal(err)
	}
	if r.wrapEngine != nil {
		a.db = r.wrapEngine(a.db)
	}
	if r.wrapStore != nil {
		a.store.db = r.wrapStore(a.store.db)
	}
	if err := a.Start(context.Background()); err != nil {
		a.Close(context.Background())
		r.t.Fatal(err)
	}
	if err := r.fake.WaitConnected(srvWait); err != nil {
		r.t.Fatal(err)
	}
	r.app = a
	r.t.Cleanup(func() { a.Close(context.Background()) })
}

// close shuts the app down gracefully.
func (r *srvRig) close() {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), srvWait)
	defer cancel()
	if err := r.app.Close(ctx); err != nil {
		r.t.Fatalf("close: %v", err)
	}
}

// srvOpts turns console-style option text into the fake's option values.
func srvOpts(kv ...string) map[string]any {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// do sends a slash command (in the campaign channel, or in DMs when dm)
// and returns the texts the caller got back (response and follow-ups).
func (r *srvRig) do(user string, dm bool, name, sub string, opts map[string]any) []discordtest.Message {
	r.t.Helper()
	guild, channel := srvGuild, srvChannel
	if dm {
		guild, channel = "", ""
	}
	in, err := r.fake.SendCommand(user, guild, channel, name, sub, opts)
	if err != nil {
		r.t.Fatalf("/%s %s: %v", name, sub, err)
	}
	return r.answers(in.ID)
}

// answers waits until an interaction's answer is final (no loading
// message) and returns it with its follow-ups.
func (r *srvRig) answers(id string) []discordtest.Message {
	r.t.Helper()
	var out []discordtest.Message
	r.fake.MustWait(r.t, srvWait, "the answer of "+id, func() bool {
		out = r.fake.Answers(id)
		if len(out) == 0 {
			return false
		}
		for _, m := range out {
			if m.Loading && !m.Deleted {
				return false
			}
		}
		return true
	})
	return out
}

// must is do that fails on a refusal or an internal error.
func (r *srvRig) must(user string, dm bool, name, sub string, opts map[string]any) []discordtest.Message {
	r.t.Helper()
	out := r.do(user, dm, name, sub, opts)
	for _, m := range out {
		if strings.HasPrefix(m.Content, "⚠") || strings.Contains(m.Content, "Internal error") {
			r.t.Fatalf("/%s %s %v by %s: %s", name, sub, opts, user, m.Content)
		}
	}
	return out
}

// campaign reads campaign 1 from the store.
func (r *srvRig) campaign() *campaign.Campaign {
	r.t.Helper()
	c, err := r.app.db.Get(context.Background(), 1)
	if err != nil {
		r.t.Fatal(err)
	}
	return c
}

// orders gives side's AI orders as slash commands in the player's DMs.
func (r *srvRig) orders(user, side string, seed uint64) {
	r.t.Helper()
	for _, o := range campaign.AIOrders(r.campaign(), side, seed) {
		name, sub, opts := command.OrderCommand(o)
		kv := map[string]any{}
		for k, v := range opts {
			kv[k] = v
		}
		r.do(user, true, name, sub, kv) // a refused AI step is no failure of the bot
	}
}

// srvMeet is where contact brings the sides together on the rig's map:
// each side's battlegroup 2 (crucis's in sector 1, the bandits' in 4)
// meets the other in sector 3 in turn 2.
const srvMeet = 3

// contact gives side's orders that make contact by the player's own
// orders, whatever the AI would do (its orders for battlegroup 2 are
// replaced): its battlegroup 2 marches on sector srvMeet, one sector a
// turn, stays there and searches it.
func (r *srvRig) contact(user, side string) {
	r.t.Helper()
	c := r.campaign()
	b := c.Side(side).Battlegroup(2)
	if b == nil || b.Sector == 0 {
		r.t.Fatalf("%s has no battlegroup 2 on the map to make contact with", side)
	}
	dist := map[int]int{srvMeet: 0}
	for queue := []int{srvMeet}; len(queue) > 0; queue = queue[1:] {
		for _, nb := range c.Map.Neighbors(queue[0]) {
			if _, ok := dist[nb]; !ok {
				dist[nb] = dist[queue[0]] + 1
				queue = append(queue, nb)
			}
		}
	}
	s := c.Side(side)
	at := b.Sector
	switch {
	case at != srvMeet:
		at = slices.MinFunc(c.Map.Neighbors(at), func(x, y int) int { return cmp.Or(cmp.Compare(dist[x], dist[y]), cmp.Compare(x, y)) })
		r.must(user, true, "orders", "move", map[string]any{"bg": "2", "path": strconv.Itoa(at)})
	case slices.ContainsFunc(s.Orders.Moves, func(m campaign.Move) bool { return m.Battlegroup == 2 }) || slices.Contains(s.Orders.Holds, 2):
		r.must(user, true, "orders", "clear", map[string]any{"bg": "2"})
	}
	if at == srvMeet && !slices.Contains(s.Orders.Searches, srvMeet) {
		r.must(user, true, "orders", "search", map[string]any{"sectors": strconv.Itoa(srvMeet)})
	}
}

// settle runs whatever the clock made due and waits for it.
func (r *srvRig) settle() {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), srvWait)
	defer cancel()
	if err := r.app.scheduler.Settle(ctx); err != nil {
		r.t.Fatal(err)
	}
}

// srvCountTurnsClosed counts the log's "orders are closed" events of a turn.
func srvCountTurnsClosed(c *campaign.Campaign, turn int) int {
	n := 0
	for _, e := range c.Log.All() {
		if e.Turn == turn && e.Step == "movement" && e.Type == "resolve" {
			n++
		}
	}
	return n
}

func srvItoa(n int) string { return strconv.Itoa(n) }

// srvContent is the answers' text.
func srvContent(msgs []discordtest.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(m.Content + "\n")
	}
	return b.String()
}
