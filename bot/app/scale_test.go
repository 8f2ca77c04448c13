package app

import (
	"bfbot/internal/cputime"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/referee/dice"
)

// The scale test (RELIABILITY.md): campaigns all due in the same minute. Off by default:
//
//	go test ./bot/app -run 'Scale$' -scale -v
//	go test ./bot/app -run 'Scale$' -scale -scale.campaigns 10000 -v -timeout 30m
//	go test ./bot/app -run 'Scale$' -scale -scale.battles -v
var (
	ldScaleOn      = flag.Bool("scale", false, "run TestScale: many campaigns due in the same minute (RELIABILITY.md)")
	ldScaleN       = flag.Int("scale.campaigns", 1000, "TestScale: campaigns due in the same minute")
	ldScaleBudget  = flag.Duration("scale.budget", 60*time.Second, "TestScale: the time they must all be processed in")
	ldScaleBattles = flag.Bool("scale.battles", false, "TestScale: a battle minute, every campaign making contact, its battle set up and each player's tactical map drawn")
	ldScaleProfile = flag.String("scale.cpuprofile", "", "TestScale: write a CPU profile of the timed minute alone (not the set-up) to this file")
)

// Ensure 1,000 campaigns of two full regiments (the built-in crucis and
// bandits), all with the order deadline in the same minute, are processed
// by the scheduler, every player DMed his side's strategic map, within the
// budget (BENCHMARKS.md: 1,000 campaigns due in the same minute, ≤ 60 s).
func TestScale(t *testing.T) {
	if !*ldScaleOn {
		t.Skip("-scale runs it")
	}
	ldRunScale(t, *ldScaleN, *ldScaleBudget, *ldScaleBattles)
}

// Ensure the scale run works on 20 campaigns (the default test run's
// smoke version of TestScale).
func TestScaleSmoke(t *testing.T) {
	t.Parallel()
	ldRunScale(t, 20, 30*time.Second, false)
}

// Ensure the battle minute works on 4 campaigns (the smoke version of
// TestScale -scale.battles).
func TestScaleBattlesSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 8 tactical maps; skipped under -short")
	}
	t.Parallel()
	ldRunScale(t, 4, 30*time.Second, true)
}

// ldMapsHandler is the app's deadline handler followed by what a player
// gets after a scheduled turn: his side's strategic map. The app does not
// post maps after a turn (deadline.go posts the turn's texts and the
// status), so the handler renders them as /map strategic does, through the
// registry, and DMs them the way scheduled messages go (App.deliver).
type ldMapsHandler struct {
	inner     schedule.Handler
	a         *App
	battles   bool         // a battle minute: each player's tactical map too
	tactical  atomic.Int64 // of maps, the tactical ones
	deadlines atomic.Int64 // deadlines processed without error
	failed    atomic.Int64
	maps      atomic.Int64 // PNGs rendered and posted
	pngBytes  atomic.Int64
	refused   atomic.Int64
	mu        sync.Mutex
	errs      []string
}

func (h *ldMapsHandler) Deadline(ctx context.Context, r schedule.Run) error {
	if err := h.inner.Deadline(ctx, r); err != nil {
		h.fail(err.Error())
		return err
	}
	if r.Entry.Kind != schedule.OrderDeadline {
		return nil
	}
	h.deadlines.Add(1)
	return h.postMaps(ctx, r.Entry.Campaign)
}

func (h *ldMapsHandler) Remind(ctx context.Context, e schedule.Entry, due time.Time) error {
	return h.inner.Remind(ctx, e, due)
}

func (h *ldMapsHandler) fail(msg string) {
	h.failed.Add(1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.errs) < 10 {
		h.errs = append(h.errs, msg)
	}
}

// postMaps renders each player's strategic map (in a battle minute,
// his tactical map of the battle as well) and DMs it.
func (h *ldMapsHandler) postMaps(ctx context.Context, id int64) error {
	c, err := h.a.db.Get(ctx, id)
	if err != nil {
		h.fail(err.Error())
		return err
	}
	subs := []string{"strategic"}
	if h.battles {
		subs = append(subs, "tactical")
	}
	for _, s := range c.Sides {
		for _, p := range s.Players {
			for _, sub := range subs {
				req := &command.Request{User: command.User{ID: p}, DM: true, Name: "map", Sub: sub,
					Options: map[string]string{"campaign": strconv.FormatInt(id, 10)}, Now: h.a.clock.Now()}
				reps := h.a.reg.Dispatch(ctx, req)
				for i := range reps {
					if strings.HasPrefix(reps[i].Text, "⚠") || strings.Contains(reps[i].Text, "Internal error") {
						h.refused.Add(1)
						h.fail(fmt.Sprintf("campaign %d: /map %s for %s: %s", id, sub, p, reps[i].Text))
					}
					for _, f := range reps[i].Files {
						h.maps.Add(1)
						h.pngBytes.Add(int64(len(f.Data)))
						if sub == "tactical" {
							h.tactical.Add(1)
						}
					}
					reps[i].To, reps[i].User, reps[i].Campaign = command.DM, p, id
				}
				h.a.deliver(ctx, id, reps)
			}
		}
	}
	return nil
}

func ldRunScale(t *testing.T, n int, budget time.Duration, battles bool) {
	var h *ldMapsHandler
	r := ldNewRig(t, func(a *App) schedule.Handler {
		h = &ldMapsHandler{inner: deadlines{a}, a: a, battles: battles}
		return h
	})
	ctx := context.Background()

	// Set-up, not timed: the campaigns are created, joined and started
	// through the bot's dispatcher (the command layer with the channel
	// bindings and deadlines the app adds), as /campaign commands in each
	// campaign's own channel; the configured order deadline is 20:00 UTC.
	setup := time.Now()
	var setupErr atomic.Value
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := int(next.Add(1)) - 1; k < n; k = int(next.Add(1)) - 1 {
				err := r.ldDispatchCampaign(ctx, k)
				if err == nil && battles {
					err = r.ldContact(ctx, k)
				}
				if err != nil {
					setupErr.CompareAndSwap(nil, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err, _ := setupErr.Load().(error); err != nil {
		t.Fatal(err)
	}
	setupTime := time.Since(setup)
	t.Logf("set-up: %d campaigns created, joined and started in %v", n, setupTime.Round(time.Millisecond))
	// The reminders (two hours ahead) go out before the measured minute:
	// untimed, given as long as the set-up took (each writes a marker,
	// one commit a campaign).
	reminders := time.Now()
	r.clock.Set(time.Date(2026, 3, 2, 19, 59, 0, 0, time.UTC))
	r.ldSettle(setupTime + srvWait)
	for k := 0; k < n; k++ {
		id, _ := r.app.binds.campaignIn(ldSlot(k).Channel)
		if next, ok := r.app.scheduler.Next(id, schedule.OrderDeadline); !ok || !next.Equal(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC)) {
			t.Fatalf("campaign %d: next order deadline %v (%v), want 20:00 today", id, next, ok)
		}
	}
	t.Logf("reminders: %d campaigns' in %v", n, time.Since(reminders).Round(time.Millisecond))

	runtime.GC()
	hwmReset := ldResetHWM()
	mem := ldSampleMem(20 * time.Millisecond)
	stopProfile := ldStartProfile(t, *ldScaleProfile)
	start, cpu := time.Now(), cputime.Process()
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	// Waited for well past the budget, so that a run over it (a loaded
	// machine) still reports its figures, CPU time among them, before it
	// fails; one that does not end even then says how far it got.
	settleCtx, cancel := context.WithTimeout(ctx, 10*budget+srvWait)
	settleErr := r.app.scheduler.Settle(settleCtx)
	cancel()
	wall, cpu := time.Since(start), cputime.Process()-cpu
	stopProfile()
	if settleErr != nil {
		done := h.deadlines.Load()
		t.Fatalf("the minute did not end in %v (%v): %d of %d campaigns processed, CPU %v, user and system (%.1f campaigns per CPU-second); %s",
			wall.Round(time.Millisecond), settleErr, done, n, cpu.Round(time.Millisecond), float64(done)/cpu.Seconds(), ldMachine())
	}
	heap, sys := mem.Stop()
	hwm := ldStatus("VmHWM")

	if got := h.deadlines.Load(); got != int64(n) {
		t.Errorf("%d order deadlines processed, want %d", got, n)
	}
	want := int64(2 * n)
	if battles {
		want *= 2
	}
	if got := h.maps.Load(); got != want {
		t.Errorf("%d maps posted, want %d (one per player, and a tactical one each in a battle minute)", got, want)
	}
	if f := h.failed.Load(); f > 0 {
		t.Errorf("%d deadline failures: %v", f, h.errs)
	}
	if e := r.log.errors.Load(); e > 0 {
		t.Errorf("the app logged %d errors", e)
	}
	closed := 0
	for k := 0; k < n; k++ {
		id, _ := r.app.binds.campaignIn(ldSlot(k).Channel)
		c, err := r.app.db.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if srvCountTurnsClosed(c, 1) == 1 {
			closed++
		}
		if battles && (len(c.Battles) != 1 || c.Phase != campaign.PhaseBattles) {
			t.Fatalf("campaign %d: %d battles in phase %s, want the contact's battle set up", c.ID, len(c.Battles), c.Phase)
		}
	}
	if closed != n {
		t.Errorf("turn 1 closed in %d campaigns, want %d", closed, n)
	}
	// Every player has the PNG in his DMs.
	for k := 0; k < n; k++ {
		for _, p := range ldSlot(k).Players {
			if !ldHasPNG(r, p) {
				t.Fatalf("player %s of campaign slot %d has no strategic map in his DMs", p, k)
			}
		}
	}
	hwmNote := ""
	if !hwmReset {
		hwmNote = " (not reset: includes the set-up)"
	}
	t.Logf("scale: %d campaigns due at 20:00 processed in %v (%.1f campaigns/s; CPU %v, user and system); %d maps rendered and DMed (%d tactical; %.0f KB average PNG); "+
		"peak HeapAlloc %s, peak Sys %s, VmHWM %s%s; %.1f campaigns per CPU-second; scheduler workers 4; %s",
		n, wall.Round(time.Millisecond), float64(n)/wall.Seconds(), cpu.Round(time.Millisecond), h.maps.Load(), h.tactical.Load(), float64(h.pngBytes.Load())/float64(max(h.maps.Load(), 1))/1024,
		ldMiB(heap), ldMiB(sys), ldMiB(hwm), hwmNote, float64(n)/cpu.Seconds(), ldMachine())
	if wall > budget {
		t.Errorf("%d campaigns took %v, over the %v budget", n, wall.Round(time.Millisecond), budget)
	}
}

// ldSettle runs what the clock made due and waits until nothing runs.
func (r *ldRig) ldSettle(timeout time.Duration) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := r.app.scheduler.Settle(ctx); err != nil {
		r.t.Fatalf("the scheduler did not settle in %v: %v", timeout, err)
	}
}

// ldDispatchCampaign creates, joins and starts campaign slot k through the
// bot's dispatcher (what an interaction runs, without the Discord round
// trip), in the slot's channel.
func (r *ldRig) ldDispatchCampaign(ctx context.Context, k int) error {
	ids := ldSlot(k)
	steps := []struct {
		user, sub string
		opts      map[string]string
	}{
		// A map of its own, so that each battle's terrain is new to the
		// renderer's cache, as on a server of unrelated campaigns.
		{ids.Ref, "create", map[string]string{"name": fmt.Sprintf("Scale %d", k), "map_seed": fmt.Sprint(k + 1)}},
		{ids.Players["crucis"], "join", map[string]string{"side": "crucis"}},
		{ids.Players["bandits"], "join", map[string]string{"side": "bandits"}},
		{ids.Ref, "start", nil},
	}
	for _, s := range steps {
		opts := map[string]string{}
		for k, v := range s.opts {
			opts[k] = v
		}
		req := &command.Request{User: command.User{ID: s.user, Name: s.user}, Guild: srvGuild, Channel: ids.Channel,
			Name: "campaign", Sub: s.sub, Options: opts, Now: r.clock.Now()}
		for _, rep := range r.disp.Dispatch(ctx, req) {
			if strings.HasPrefix(rep.Text, "⚠") || strings.Contains(rep.Text, "Internal error") {
				return fmt.Errorf("/campaign %s in slot %d: %s", s.sub, k, rep.Text)
			}
		}
	}
	id, ok := r.app.binds.campaignIn(ids.Channel)
	if !ok {
		return fmt.Errorf("slot %d: channel %s bound to no campaign", k, ids.Channel)
	}
	c, err := r.app.db.Get(ctx, id)
	if err != nil {
		return err
	}
	if c.Phase != campaign.PhaseOrders || len(c.Sides) != 2 {
		return fmt.Errorf("slot %d: campaign %d in phase %s with %d sides", k, c.ID, c.Phase, len(c.Sides))
	}
	return nil
}

// ldContact makes campaign slot k's turn end in contact (a test
// fixture, then orders as players give them): the bandits' battlegroup 2
// stands where crucis's battlegroup 2 does, both sides order it to hold
// and crucis searches the sector, so neither side's orders are the AI's
// and the search finds the enemy (000 lines 2601–2611).
func (r *ldRig) ldContact(ctx context.Context, k int) error {
	ids := ldSlot(k)
	id, _ := r.app.binds.campaignIn(ids.Channel)
	sector := 0
	if _, err := r.app.db.Update(ctx, id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		sector = n.Side("crucis").Battlegroup(2).Sector
		n.Side("bandits").Battlegroup(2).Sector = sector
		return n, nil
	}); err != nil {
		return err
	}
	for _, o := range []struct{ side, sub, opt, value string }{
		{"crucis", "hold", "bg", "2"}, {"crucis", "search", "sectors", strconv.Itoa(sector)}, {"bandits", "hold", "bg", "2"},
	} {
		side := o.side
		req := &command.Request{User: command.User{ID: ids.Players[side], Name: ids.Players[side]}, Guild: srvGuild, Channel: ids.Channel,
			Name: "orders", Sub: o.sub, Options: map[string]string{o.opt: o.value}, Now: r.clock.Now()}
		for _, rep := range r.disp.Dispatch(ctx, req) {
			if strings.HasPrefix(rep.Text, "⚠") || strings.Contains(rep.Text, "Internal error") {
				return fmt.Errorf("/orders %s for %s in slot %d: %s", o.sub, side, k, rep.Text)
			}
		}
	}
	return nil
}

func ldHasPNG(r *ldRig, user string) bool {
	for _, m := range r.fake.DMs(user) {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".png") {
				return true
			}
		}
	}
	return false
}

// ldStartProfile starts a CPU profile into path (nothing when path is
// empty) and returns what stops it.
func ldStartProfile(t *testing.T, path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		t.Fatal(err)
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			t.Error(err)
		}
	}
}
