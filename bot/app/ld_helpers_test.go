package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/config"
	"bfbot/referee"

	"github.com/bwmarrin/discordgo"
)

// Shared by the scale, soak and load tests (RELIABILITY.md): an app
// on a temp bbolt file against the fake Discord, whose logs are counted
// rather than kept (a soak must not grow a log buffer), and the figures
// the tests report.

// ldLog is an slog handler that counts records of level Error and keeps
// the last ldLogKeep records of level Warn and above for the failure
// output. Records below Warn are built by the app (as in production at the
// info level) and dropped here.
type ldLog struct {
	errors atomic.Int64
	warns  atomic.Int64
	mu     sync.Mutex
	last   []string
}

const ldLogKeep = 40

type ldLogView struct {
	root  *ldLog
	attrs []slog.Attr
	group string
}

func (l *ldLog) handler() slog.Handler { return &ldLogView{root: l} }

func (v *ldLogView) Enabled(_ context.Context, level slog.Level) bool { return level >= slog.LevelInfo }

func (v *ldLogView) Handle(_ context.Context, r slog.Record) error {
	if r.Level < slog.LevelWarn {
		return nil
	}
	l := v.root
	if r.Level >= slog.LevelError {
		l.errors.Add(1)
	} else {
		l.warns.Add(1)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", r.Level, r.Message)
	for _, a := range v.attrs {
		fmt.Fprintf(&b, " %s=%v", a.Key, a.Value)
	}
	r.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&b, " %s=%v", a.Key, a.Value)
		return true
	})
	l.mu.Lock()
	defer l.mu.Unlock()
	l.last = append(l.last, b.String())
	if len(l.last) > ldLogKeep {
		l.last = append([]string(nil), l.last[len(l.last)-ldLogKeep:]...)
	}
	return nil
}

func (v *ldLogView) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &ldLogView{root: v.root, attrs: append(append([]slog.Attr(nil), v.attrs...), attrs...), group: v.group}
}

func (v *ldLogView) WithGroup(name string) slog.Handler {
	return &ldLogView{root: v.root, attrs: v.attrs, group: name}
}

func (l *ldLog) tail() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.last, "\n")
}

// ldRig is one app against the fake Discord with a fake clock.
type ldRig struct {
	t     testing.TB
	fake  *discordtest.Fake
	clock *schedule.FakeClock
	app   *App
	log   *ldLog
	disp  *dispatcher
}

// ldNewRig starts an app on a new database file. wrap, when given,
// replaces the scheduler's handler (deadlines{a}) by one built around it,
// before the scheduler starts.
func ldNewRig(t testing.TB, wrap func(a *App) schedule.Handler, fakeOpts ...discordtest.Option) *ldRig {
	return ldNewRigWith(t, wrap, nil, fakeOpts...)
}

// ldNewRigWith is ldNewRig with further options of the Discord adapter.
func ldNewRigWith(t testing.TB, wrap func(a *App) schedule.Handler, dopts []discord.Option, fakeOpts ...discordtest.Option) *ldRig {
	t.Helper()
	r := &ldRig{t: t, fake: discordtest.New(t, fakeOpts...), clock: schedule.NewFakeClock(srvStart), log: &ldLog{}}
	path := filepath.Join(t.TempDir(), "bfbot.db")
	seed := uint64(0)
	var seedMu sync.Mutex
	cfg := srvConfig(r.fake, path)
	// The scale test puts every campaign on one server.
	cfg.MaxCampaignsPerServer = config.MaxCampaignsPerServer
	a, err := New(cfg, Options{
		Clock:      r.clock,
		HTTPClient: r.fake.Client(),
		Logger:     slog.New(r.log.handler()),
		Seed: func() uint64 {
			seedMu.Lock()
			defer seedMu.Unlock()
			seed++
			return 100 + seed
		},
		// The fake clock stands still while commands come fast.
		RateLimits: command.RateLimits{Off: true},
		Discord:    dopts,
	})
	if err != nil {
		t.Fatal(err)
	}
	if wrap != nil {
		a.scheduler = schedule.New(r.clock, wrap(a), schedule.Options{Logger: slog.New(r.log.handler()).With("component", "schedule")})
		a.sched.sched = a.scheduler
	}
	if err := a.Start(context.Background()); err != nil {
		a.Close(context.Background())
		t.Fatal(err)
	}
	if err := r.fake.WaitConnected(srvWait); err != nil {
		t.Fatal(err)
	}
	r.app = a
	r.disp = newDispatcher(a, a.reg)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), srvWait)
		defer cancel()
		a.Close(ctx)
		if t.Failed() {
			t.Logf("last warnings and errors of the app:\n%s", r.log.tail())
		}
	})
	return r
}

// ldIDs are the snowflake-like ids of campaign slot k: its channel, its
// referee and its two players (crucis, bandits).
type ldIDs struct {
	Channel, Ref string
	Players      map[string]string // side → user
}

func ldSlot(k int) ldIDs {
	base := 300000000000000000 + uint64(k)*10
	s := func(n uint64) string { return strconv.FormatUint(base+n, 10) }
	return ldIDs{Channel: s(0), Ref: s(1), Players: map[string]string{"crucis": s(2), "bandits": s(3)}}
}

// ldOutcome classifies an interaction's answers.
type ldOutcome struct {
	Internal bool // an "Internal error" or an undelivered message: a bot failure
	Refused  bool // a "⚠" refusal: the bot said no, as it should to a bad order
	Text     string
}

func ldClassify(msgs []discordtest.Message) ldOutcome {
	var o ldOutcome
	for _, m := range msgs {
		switch {
		case strings.Contains(m.Content, "Internal error"), strings.Contains(m.Content, "could not be delivered"),
			strings.Contains(m.Content, "could not be reached"):
			o.Internal, o.Text = true, m.Content
		case strings.HasPrefix(m.Content, "⚠"):
			o.Refused = true
			if o.Text == "" {
				o.Text = m.Content
			}
		}
	}
	return o
}

// ldAnswers waits until an interaction's answer is final (no loading
// message left) and returns it with its follow-ups.
func ldAnswers(f *discordtest.Fake, id string, timeout time.Duration) ([]discordtest.Message, error) {
	var out []discordtest.Message
	ok := f.Wait(timeout, func() bool {
		out = f.Answers(id)
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
	if !ok {
		return out, fmt.Errorf("interaction %s: no final answer in %v", id, timeout)
	}
	return out, nil
}

// ldCall is one interaction's figures.
type ldCall struct {
	What    string
	Ack     time.Duration // dispatch → first callback, as the fake measured it
	Type    int           // the first callback's type (5: a deferral)
	Total   time.Duration // send → final answer, as the sender saw it
	Outcome ldOutcome
	Err     error
}

// ldSend sends a slash command (guild "" for the user's DMs) and waits for
// its final answer.
func ldSend(f *discordtest.Fake, user, guild, channel, name, sub string, opts map[string]any) ldCall {
	c := ldCall{What: "/" + name + " " + sub}
	start := time.Now()
	in, err := f.SendCommand(user, guild, channel, name, sub, opts)
	return ldFinish(f, c, start, in, err)
}

// ldPress presses a button and waits for the final answer.
func ldPress(f *discordtest.Fake, user, guild, channel, customID string) ldCall {
	c := ldCall{What: "button " + customID}
	start := time.Now()
	in, err := f.PressButton(user, guild, channel, customID)
	return ldFinish(f, c, start, in, err)
}

func ldFinish(f *discordtest.Fake, c ldCall, start time.Time, in discordtest.Interaction, err error) ldCall {
	if err != nil {
		c.Err = err
		c.Total = time.Since(start)
		return c
	}
	c.Ack, c.Type = in.Ack().After, in.Ack().Type
	msgs, err := ldAnswers(f, in.ID, srvWait)
	c.Total = time.Since(start)
	c.Err = err
	c.Outcome = ldClassify(msgs)
	return c
}

// ldDiscordAck is the time Discord gives a bot to acknowledge an
// interaction; one acknowledged later has failed in the user's client.
const ldDiscordAck = 3 * time.Second

// ldStats gathers the calls of a run.
type ldStats struct {
	mu       sync.Mutex
	acks     []time.Duration
	totals   []time.Duration
	calls    int
	refused  int
	late     int      // acknowledged after ldDiscordAck: failed on Discord
	deferred int      // acknowledged by a deferral ("thinking…")
	refusals []string // the first few refusals' texts
	failures []string // bot failures: errors, internal errors, no answer
	failed   int
	slowest  map[string]ldSlow // by command: its slowest acknowledgement
}

// ldSlow is a command's slowest acknowledgement and how it was made.
type ldSlow struct {
	ack      time.Duration
	deferred bool
	n        int // calls of the command
}

// add records a call and reports whether it was a bot failure.
func (s *ldStats) add(c ldCall) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	bad := c.Err != nil || c.Outcome.Internal
	if c.Err == nil {
		s.acks = append(s.acks, c.Ack)
		s.totals = append(s.totals, c.Total)
		if c.Ack > ldDiscordAck {
			s.late++
		}
		deferral := c.Type == int(discordgo.InteractionResponseDeferredChannelMessageWithSource)
		if deferral {
			s.deferred++
		}
		w := c.What
		if strings.HasPrefix(w, "button ") { // one for all: a custom ID names its campaign
			w = "button"
		}
		if s.slowest == nil {
			s.slowest = map[string]ldSlow{}
		}
		sl := s.slowest[w]
		sl.n++
		if c.Ack > sl.ack {
			sl.ack, sl.deferred = c.Ack, deferral
		}
		s.slowest[w] = sl
	}
	if c.Outcome.Refused {
		s.refused++
		if len(s.refusals) < 5 {
			s.refusals = append(s.refusals, c.What+": "+c.Outcome.Text)
		}
	}
	if bad {
		s.failed++
		if len(s.failures) < 20 {
			msg := c.Outcome.Text
			if c.Err != nil {
				msg = c.Err.Error()
			}
			s.failures = append(s.failures, c.What+": "+msg)
		}
	}
	return bad
}

// ldPercentile is the nearest-rank percentile q (0–1) of ds.
func ldPercentile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s))*q+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

func (s *ldStats) summary() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("%d interactions, %d bot failures, %d acknowledged after %v, %d deferred, %d refusals; ack p50 %v p99 %v max %v; answer p50 %v p99 %v",
		s.calls, s.failed, s.late, ldDiscordAck, s.deferred, s.refused,
		ldPercentile(s.acks, 0.50).Round(10*time.Microsecond), ldPercentile(s.acks, 0.99).Round(10*time.Microsecond),
		ldPercentile(s.acks, 1).Round(10*time.Microsecond),
		ldPercentile(s.totals, 0.50).Round(10*time.Microsecond), ldPercentile(s.totals, 0.99).Round(10*time.Microsecond))
}

// maxAck is the slowest acknowledgement.
func (s *ldStats) maxAck() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ldPercentile(s.acks, 1)
}

// slowAcks names the commands of the slowest acknowledgements, slowest
// first, with how they were made: where the time goes.
func (s *ldStats) slowAcks(n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ws []string
	for w := range s.slowest {
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool { return s.slowest[ws[i]].ack > s.slowest[ws[j]].ack })
	var parts []string
	for _, w := range ws[:min(n, len(ws))] {
		sl := s.slowest[w]
		how := "answered"
		if sl.deferred {
			how = "deferred"
		}
		parts = append(parts, fmt.Sprintf("%s %v %s (of %d)", w, sl.ack.Round(time.Millisecond), how, sl.n))
	}
	return strings.Join(parts, "; ")
}

// ldMem samples the heap while a run goes on.
type ldMem struct {
	stop     chan struct{}
	done     chan struct{}
	peakHeap uint64
	peakSys  uint64
}

// ldSampleMem samples HeapAlloc and Sys every so often. It reads them
// from runtime/metrics, which does not stop the world: every
// runtime.ReadMemStats does, preempting each busy goroutine: at 50 a
// second, in a 500-campaign minute's profile, ReadMemStats took 1.2% of
// the CPU and runtime.asyncPreempt 6.7% (3.6% without it).
func ldSampleMem(every time.Duration) *ldMem {
	m := &ldMem{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(m.done)
		t := time.NewTicker(every)
		defer t.Stop()
		// HeapAlloc and Sys, as runtime.MemStats documents them.
		samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/total:bytes"}}
		for {
			metrics.Read(samples)
			m.peakHeap = max(m.peakHeap, samples[0].Value.Uint64())
			m.peakSys = max(m.peakSys, samples[1].Value.Uint64())
			select {
			case <-m.stop:
				return
			case <-t.C:
			}
		}
	}()
	return m
}

// Stop ends the sampling and returns the peaks of HeapAlloc and Sys.
func (m *ldMem) Stop() (heap, sys uint64) {
	close(m.stop)
	<-m.done
	return m.peakHeap, m.peakSys
}

// ldResetHWM resets the process's peak resident set (VmHWM) so that what
// follows is measured alone; false where the kernel does not allow it.
func ldResetHWM() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// ldStatus reads a field of /proc/self/status ("VmHWM", "VmRSS"), in
// bytes; 0 when unknown.
func ldStatus(field string) uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				n, _ := strconv.ParseUint(f[0], 10, 64)
				return n * 1024
			}
		}
	}
	return 0
}

// ldLoadAvg is /proc/loadavg's first three fields.
func ldLoadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func ldMiB(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

func ldMachine() string {
	return fmt.Sprintf("%s %s/%s, %d CPUs, GOMAXPROCS %d, load average %s",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), ldLoadAvg())
}

// ldCampaignOpt adds campaign:ID to a command's options (DMs have no
// channel to say which campaign).
func ldCampaignOpt(id int64, opts map[string]any) map[string]any {
	if opts == nil {
		opts = map[string]any{}
	}
	opts["campaign"] = strconv.FormatInt(id, 10)
	return opts
}

// ldOrderOpts turns an order into its command, as the AI player sends it.
func ldOrderOpts(o campaign.Order) (name, sub string, opts map[string]any) {
	name, sub, kv := command.OrderCommand(o)
	opts = map[string]any{}
	for k, v := range kv {
		opts[k] = v
	}
	return name, sub, opts
}

// ldBattleOpts turns a referee action the AI chose into the /battle
// command that asks for it (false: no command does; the caller ends the
// phase instead).
func ldBattleOpts(a referee.Action) (sub string, opts map[string]any, ok bool) {
	opts = map[string]any{}
	if a.Unit != "" {
		opts["unit"] = a.Unit
	}
	switch a.Kind {
	case referee.ActDeploy:
		sub, opts["hex"] = "deploy", a.To.String()
	case referee.ActRally:
		sub, opts["hex"] = "rally", a.To.String()
	case referee.ActMove:
		sub = "move"
		if len(a.Path) > 0 {
			p := make([]string, len(a.Path))
			for i, h := range a.Path {
				p[i] = h.String()
			}
			opts["path"] = strings.Join(p, " ")
		} else {
			opts["to"] = a.To.String()
		}
	case referee.ActOverburn:
		sub = "overburn"
	case referee.ActPickup:
		sub = "pickup"
	case referee.ActWithdraw:
		sub, opts["confirm"] = "withdraw", "true"
	case referee.ActAttack:
		sub, opts["target"], opts["mode"], opts["confirm"] = "attack", a.Target, a.Mode.String(), "true"
		if a.Value > 0 {
			opts["value"] = strconv.Itoa(a.Value)
		}
		if a.Observer != "" {
			opts["observer"] = a.Observer
		}
	case referee.ActRetreat:
		sub = "retreat"
	case referee.ActTruce:
		sub, opts["confirm"] = "truce", "true" // the AI has chosen: no question
	case referee.ActEnd:
		sub = "end"
	default:
		return "", nil, false
	}
	return sub, opts, true
}

// ldCreate sets up campaign slot k through real interactions: the referee
// creates it in the slot's channel, both players join, the referee starts
// it. It returns the campaign's id.
func (r *ldRig) ldCreate(k int, name string, settings ...string) (int64, error) {
	ids := ldSlot(k)
	opts := srvOpts(append([]string{"name", name}, settings...)...)
	steps := []struct {
		user, sub string
		opts      map[string]any
	}{
		{ids.Ref, "create", opts},
		{ids.Players["crucis"], "join", srvOpts("side", "crucis")},
		{ids.Players["bandits"], "join", srvOpts("side", "bandits")},
		{ids.Ref, "start", nil},
	}
	for _, s := range steps {
		c := ldSend(r.fake, s.user, srvGuild, ids.Channel, "campaign", s.sub, s.opts)
		if c.Err != nil || c.Outcome.Internal || c.Outcome.Refused {
			return 0, fmt.Errorf("/campaign %s in slot %d: %v %s", s.sub, k, c.Err, c.Outcome.Text)
		}
	}
	id, ok := r.app.binds.campaignIn(ids.Channel)
	if !ok {
		return 0, fmt.Errorf("slot %d: channel %s bound to no campaign", k, ids.Channel)
	}
	return id, nil
}
