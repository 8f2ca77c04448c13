package app

import (
	"context"
	"flag"
	"fmt"
	"math"
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
	"bfbot/bot/discord"
	"bfbot/campaign"
	"bfbot/referee/ai"
	"bfbot/storage"
)

// The soak test (RELIABILITY.md). Off by default:
//
//	go test ./bot/app -run 'Soak$' -soak -soak.duration 10m -v -timeout 30m
var (
	ldSoakOn        = flag.Bool("soak", false, "run TestSoak: concurrent AI-vs-AI campaigns through the fake Discord (RELIABILITY.md)")
	ldSoakDuration  = flag.Duration("soak.duration", 10*time.Minute, "TestSoak: how long the campaigns play")
	ldSoakCampaigns = flag.Int("soak.campaigns", 50, "TestSoak: campaigns played at once")
	ldSoakSample    = flag.Duration("soak.sample", 0, "TestSoak: how often goroutines and heap are sampled (0: a twentieth of the duration, 5 s to 1 min)")
	ldSoakHeapProf  = flag.String("soak.heapprofile", "", "TestSoak: write a heap profile to this file at the end (diagnosis)")
	ldSoakMemThread = flag.Bool("soak.memthreads", false, "TestSoak: keep battle threads and status messages in memory (discord.MemoryStore) instead of the database (diagnosis)")
)

// Soak growth tolerances: after the warm-up, the lowest sample of the last
// third of the run may exceed the highest sample of the first third by at
// most this much. Lowest against highest makes a dip or a burst of work in
// flight no failure; only growth that stays does.
const (
	ldSoakGoroutineSlack = 25               // goroutines, plus 10 % of the early peak
	ldSoakHeapSlack      = 32 << 20         // bytes of heap, plus 25 % of the early peak
	ldSoakDayEvery       = 20 * time.Second // real time between fake-clock days (order deadlines); a third of a shorter run
	// ldSoakWarmMax bounds the warm-up (ldSoak.warm), or the soak fails:
	// generous: a race build on a loaded machine warmed up in 30–60 s.
	ldSoakWarmMax = 3 * time.Minute
	// ldSoakAckBudget bounds a full run's slowest acknowledgement: half
	// a second under Discord's 3 s (ldDiscordAck), which also take in
	// the gateway's delivery and network delays the fake does not have.
	ldSoakAckBudget = 2500 * time.Millisecond
)

// Ensure 50 campaigns played at once by AI players through real
// interactions (orders by slash command in DMs, /campaign advance, battles
// partly played with /battle commands and finished by the Auto-resolve
// button, or fought by /battle auto), with the order deadline passing on
// the fake clock meanwhile, give no bot failure and no goroutine or heap
// growth after warm-up, and no acknowledgement of ldSoakAckBudget or
// later; p50/p99/max acknowledgement latency is reported, with the
// commands of the slowest.
func TestSoak(t *testing.T) {
	if !*ldSoakOn {
		t.Skip("-soak runs it")
	}
	sample := *ldSoakSample
	if sample <= 0 {
		// Enough samples after the warm-up to judge growth, whatever the
		// run's length.
		sample = min(max(*ldSoakDuration/20, 5*time.Second), time.Minute)
	}
	ldRunSoak(t, *ldSoakCampaigns, *ldSoakDuration, sample, true)
}

// Ensure the soak works on 3 campaigns (the default test run's smoke
// version of TestSoak), with no goroutine or heap growth in the 5 s after
// the warm-up (ldSoak.warm: the store's kept campaigns are full before the
// judged samples, however slowly a loaded machine gets there), and that
// every goroutine the app started ends once it is closed. It does not
// run in parallel, so the goroutines counted are its own.
func TestSoakSmoke(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Run("Run", func(t *testing.T) { ldRunSoak(t, 3, 5*time.Second, 500*time.Millisecond, false) })
	// The rig closed the app, the bot and the fake Discord when Run ended;
	// their goroutines take a moment to see it.
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		var b strings.Builder
		_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
		t.Errorf("%d goroutines before the soak, %d after the app closed:\n%.6000s", before, after, b.String())
	}
}

// ldSample is one reading of the soak's health.
type ldSample struct {
	at         time.Duration
	warm       bool // taken after the warm-up (ldSoak.warm)
	goroutines int
	heap       uint64
	calls      int
	battles    int64 // finished so far
}

// ldSoak is a soak run's shared state.
type ldSoak struct {
	r         *ldRig
	stats     *ldStats
	campaigns atomic.Int64   // campaigns created
	over      atomic.Int64   // campaigns played to their end
	battles   atomic.Int64   // battles finished
	slots     []atomic.Int64 // campaigns played to their end by each slot
	fighting  int            // slots below this play campaigns made to fight (ldSoakSettings)
	turns     atomic.Int64
}

// ldRunSoak plays n campaigns at once, sampling every so often, and fails
// on growth after the warm-up, which ends by work done: at the first sample
// taken once ldSoak.warm. A
// full run plays for d from its start and judges the samples after the
// warm-up or after its first fifth, whichever is later; the smoke plays
// for d after the warm-up. A full run also fails on an acknowledgement
// of ldSoakAckBudget or later; the smoke does not judge timings, which a
// loaded machine decides in a short run.
func ldRunSoak(t *testing.T, n int, d, every time.Duration, full bool) {
	checkGrowth, lateFails := true, full
	var dopts []discord.Option
	if *ldSoakMemThread && checkGrowth {
		dopts = append(dopts, discord.WithStore(discord.NewMemoryStore()))
		t.Log("battle threads and status messages kept in memory (-soak.memthreads)")
	}
	r := ldNewRigWith(t, nil, dopts)
	s := &ldSoak{r: r, stats: &ldStats{}, slots: make([]atomic.Int64, n), fighting: n}
	if !full {
		// The smoke's warm-up fills the store's kept campaigns, which
		// a slot playing battles fills too slowly under -race (50 in 3
		// minutes for 3 slots): one slot fights, the rest play the
		// default map's short campaigns, where the AI sides never meet.
		s.fighting = 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()

	var wg sync.WaitGroup
	for k := 0; k < n; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.drive(ctx, k)
		}()
	}
	// The order deadline passes now and then while the players play:
	// scheduled turns race the players' commands.
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(min(ldSoakDayEvery, d/3))
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				r.clock.Advance(24 * time.Hour)
			}
		}
	}()

	var samples []ldSample
	var profile string // goroutines at the last sample, for a growth failure
	sample := func() {
		warm := s.warm()   // before the reading: it is then of the app warmed up
		r.fake.Trim(20000) // the fake's records are not the bot's memory
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		s.stats.mu.Lock()
		calls := s.stats.calls
		s.stats.mu.Unlock()
		samples = append(samples, ldSample{at: time.Since(start), warm: warm, goroutines: runtime.NumGoroutine(), heap: ms.HeapAlloc, calls: calls, battles: s.battles.Load()})
		if full {
			var b strings.Builder
			_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
			profile = b.String()
		}
		last := samples[len(samples)-1]
		t.Logf("soak %v: %d goroutines, heap %s, %d interactions, %d campaigns (%d over), %d battles, %d failures",
			last.at.Round(time.Second), last.goroutines, ldMiB(last.heap), calls, s.campaigns.Load(), s.over.Load(), s.battles.Load(), s.stats.failed)
	}
	warmAt := -1 // the first sample after the warm-up
	tick := time.NewTicker(every)
	for done := false; !done; {
		<-tick.C
		sample()
		if warmAt < 0 && samples[len(samples)-1].warm {
			warmAt = len(samples) - 1
		}
		now := samples[len(samples)-1].at
		switch {
		case full:
			done = now >= d
		case warmAt >= 0:
			done = now-samples[warmAt].at >= d
		default:
			done = now >= ldSoakWarmMax
		}
	}
	tick.Stop()
	cancel()
	if *ldSoakHeapProf != "" && full {
		runtime.GC()
		if f, err := os.Create(*ldSoakHeapProf); err == nil {
			_ = pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
	wg.Wait()
	r.ldSettle(srvWait)
	elapsed := time.Since(start)

	t.Logf("soak: %d campaigns at once for %v: %s; %.1f interactions/s; %d campaigns created, %d played to the end, %d campaign turns, %d battles finished; app logged %d errors, %d warnings; %s",
		n, elapsed.Round(time.Second), s.stats.summary(), float64(s.stats.calls)/elapsed.Seconds(),
		s.campaigns.Load(), s.over.Load(), s.turns.Load(), s.battles.Load(), r.log.errors.Load(), r.log.warns.Load(), ldMachine())
	t.Logf("slowest acknowledgements by command: %s", s.stats.slowAcks(8))
	if len(s.stats.refusals) > 0 {
		t.Logf("refusals (the bot saying no to a bad order is no failure): %q", s.stats.refusals)
	}
	if m := s.stats.maxAck(); m >= ldSoakAckBudget && lateFails {
		t.Errorf("the slowest acknowledgement took %v, the budget is under %v (%d after Discord's %v: failed on Discord)", m.Round(time.Millisecond), ldSoakAckBudget, s.stats.late, ldDiscordAck)
	}
	if s.stats.failed > 0 {
		t.Errorf("%d bot failures, first ones: %v", s.stats.failed, s.stats.failures)
	}
	if e := r.log.errors.Load(); e > 0 {
		t.Errorf("the app logged %d errors", e)
	}
	if s.stats.calls == 0 {
		t.Error("no interaction was made")
	}
	// A soak that fights no battle tests half the bot: no /battle
	// command, battle map, thread or auto-resolve. It happened silently
	// once, when the AI came to keep its battlegroups apart in short
	// campaigns (ldSoakSettings).
	switch {
	case full && warmAt >= 0 && s.battles.Load() == samples[warmAt].battles:
		t.Errorf("no battle finished after the warm-up (%d before it, %d campaign turns in all): the soak no longer tests battles", samples[warmAt].battles, s.turns.Load())
	case !full && s.battles.Load() == 0:
		t.Errorf("no battle finished (%d campaign turns in all): the soak no longer tests battles", s.turns.Load())
	}
	if checkGrowth {
		switch {
		case warmAt < 0:
			t.Errorf("no warm-up in %v: campaigns played to the end by each slot %v, %d created (the store keeps %d); growth not judged", elapsed.Round(time.Second), s.slotsOver(), s.campaigns.Load(), storage.CacheSize)
		case full:
			ldCheckGrowth(t, samples[max(warmAt, len(samples)/5):], profile)
		default:
			ldCheckGrowth(t, samples[warmAt:], profile)
		}
	}
}

// warm reports whether the app is warmed up: every slot has played a
// campaign to its end, and more campaigns were created than the store
// keeps decoded, so that its kept campaigns, which fill one by one (about
// 1 MiB each), are full. The smoke's slots rarely fight a battle; before
// this the heap of a run on a loaded machine grew while the store filled.
func (s *ldSoak) warm() bool {
	for i := range s.slots {
		if s.slots[i].Load() == 0 {
			return false
		}
	}
	return s.campaigns.Load() > storage.CacheSize
}

// slotsOver are the campaigns each slot has played to their end.
func (s *ldSoak) slotsOver() []int64 {
	n := make([]int64, len(s.slots))
	for i := range s.slots {
		n[i] = s.slots[i].Load()
	}
	return n
}

// ldCheckGrowth fails on goroutine or heap growth that stays (with the
// goroutine profile of the last sample when goroutines grew) in rest, the
// samples after the warm-up: the lowest sample of the last third is
// compared with the highest of the first third.
func ldCheckGrowth(t *testing.T, rest []ldSample, profile string) {
	if len(rest) < 3 {
		t.Errorf("%d samples after the warm-up: too few to judge growth (run longer, or sample more often with -soak.sample)", len(rest))
		return
	}
	third := len(rest) / 3
	early, late := rest[:third], rest[len(rest)-third:]
	var earlyG int
	var earlyHeap uint64
	lateG, lateHeap := math.MaxInt, uint64(math.MaxUint64)
	for _, s := range early {
		earlyG = max(earlyG, s.goroutines)
		earlyHeap = max(earlyHeap, s.heap)
	}
	for _, s := range late {
		lateG = min(lateG, s.goroutines)
		lateHeap = min(lateHeap, s.heap)
	}
	gTol := ldSoakGoroutineSlack + earlyG/10
	hTol := uint64(ldSoakHeapSlack) + earlyHeap/4
	first, last := rest[0], rest[len(rest)-1]
	mins := (last.at - first.at).Minutes()
	t.Logf("growth after warm-up (%d samples): goroutines early peak %d, late low %d (tolerance +%d); heap early peak %s, late low %s (tolerance +%s); heap trend %+.2f MiB/min, goroutines %+.1f/min",
		len(rest), earlyG, lateG, gTol, ldMiB(earlyHeap), ldMiB(lateHeap), ldMiB(hTol),
		(float64(last.heap)-float64(first.heap))/(1<<20)/max(mins, 1e-9), float64(last.goroutines-first.goroutines)/max(mins, 1e-9))
	if lateG > earlyG+gTol {
		t.Errorf("goroutines grew: %d at most early, %d at least late; at the last sample:\n%.6000s", earlyG, lateG, profile)
	}
	if lateHeap > earlyHeap+hTol {
		t.Errorf("heap grew: %s at most early, %s at least late", ldMiB(earlyHeap), ldMiB(lateHeap))
	}
}

// ldSoakSettings are the /campaign create options of slot k's campaign
// gen: three campaign turns on a 3×2 map of its own. The regiments set
// up at the map's opposite ends, two columns apart here, so their
// main bodies can meet in a short campaign: on the default 4×3 map the
// AI gathers its battlegroups and keeps a garrison with its RBG before it
// marches (AIOrders), and two AI sides meet in fewer than half its
// 3-turn campaigns (9 of 20 in TestDemoContact), so the soak fought
// few battles. Played by AIOrders, nearly all of these campaigns meet
// (20 of 20 in TestDemoContact's 3×2 at 3 turns).
func ldSoakSettings(k, gen int) []string {
	return []string{"turn_limit", "3", "map_cols", "3", "map_rows", "2", "map_seed", strconv.Itoa(k*1000 + gen + 1)}
}

// drive plays campaign slot k again and again until ctx ends: the referee
// creates and starts a short campaign, the two AI players give their
// orders, the referee advances, battles are fought.
func (s *ldSoak) drive(ctx context.Context, k int) {
	for gen := 0; ctx.Err() == nil; gen++ {
		var settings []string
		if k < s.fighting {
			settings = ldSoakSettings(k, gen)
		} else {
			settings = []string{"turn_limit", "3"}
		}
		id, err := s.r.ldCreate(k, fmt.Sprintf("Soak %d.%d", k, gen), settings...)
		if err != nil {
			if ctx.Err() == nil {
				s.stats.add(ldCall{What: "set-up", Err: err})
			}
			return
		}
		s.campaigns.Add(1)
		if s.play(ctx, k, id) {
			s.over.Add(1)
			s.slots[k].Add(1)
		}
	}
}

// play plays campaign id to its end (true) or until ctx ends.
func (s *ldSoak) play(ctx context.Context, k int, id int64) bool {
	ids := ldSlot(k)
	for step := 0; ctx.Err() == nil; step++ {
		c, err := s.r.app.db.Get(context.Background(), id)
		if err != nil {
			s.stats.add(ldCall{What: "reading the campaign", Err: err})
			return false
		}
		switch {
		case c.Phase == campaign.PhaseOver:
			return true
		case c.Phase == campaign.PhaseOrders:
			var wg sync.WaitGroup
			for side, user := range ids.Players {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s.giveOrders(ctx, c, id, side, user, uint64(k*1000+step))
				}()
			}
			wg.Wait()
			if s.still(id, c) { // else the deadline resolved the turn
				s.send(ids.Ref, ids.Channel, "campaign", "advance", nil)
			}
			s.turns.Add(1)
		case len(campaign.Unfought(c)) == 0:
			s.send(ids.Ref, ids.Channel, "campaign", "advance", nil)
		default:
			b := campaign.Unfought(c)[0]
			if (k+b)%2 == 0 {
				s.fight(ctx, id, b, ids, uint64(k*1000+step))
			} else {
				s.send(ids.Ref, ids.Channel, "battle", "auto", srvOpts("battle", srvItoa(b)))
			}
			if cb := s.battle(id, b); cb != nil && cb.Over {
				s.battles.Add(1)
			}
		}
	}
	return false
}

// still reports whether campaign id stands where c did: the same turn
// and phase (the order deadline has not passed since c was read).
func (s *ldSoak) still(id int64, c *campaign.Campaign) bool {
	now, err := s.r.app.db.Get(context.Background(), id)
	return err == nil && now.Turn == c.Turn && now.Phase == c.Phase
}

// decide answers the decisions of battle b waiting in campaign id with
// their defaults, each by its side's player.
func (s *ldSoak) decide(id int64, b int, ids ldIDs) {
	c, err := s.r.app.db.Get(context.Background(), id)
	if err != nil {
		return
	}
	for _, d := range c.Decisions {
		if user, ok := ids.Players[d.Side]; ok && d.Battle == b {
			s.send(user, ids.Channel, "battle", "decide", srvOpts("decision", srvItoa(d.ID), "answer", "default"))
		}
	}
}

func (s *ldSoak) battle(id int64, b int) *campaign.Battle {
	c, err := s.r.app.db.Get(context.Background(), id)
	if err != nil {
		return nil
	}
	return c.Battle(b)
}

// send sends a command in the campaign's channel (dm: in the user's DMs)
// and records it.
func (s *ldSoak) send(user, channel, name, sub string, opts map[string]any) ldCall {
	guild := srvGuild
	if channel == "" {
		guild = ""
	}
	c := ldSend(s.r.fake, user, guild, channel, name, sub, opts)
	s.stats.add(c)
	return c
}

// giveOrders is one AI player's orders phase: his worksheet, the AI's
// orders as /orders commands in DMs, his sealed orders, ready. The order
// deadline passing meanwhile (every ldSoakDayEvery) resolves the turn
// with the AI's orders for him: he stops then, as a player whose
// deadline has passed would; an order sent just before he sees it is
// refused as meant for another turn or phase, an answer, not a failure,
// or accepted in the next turn, where it stands among the orders the AI
// plans that turn with. An order refused while its own turn's orders
// phase stands, when the side had given none before the AI planned, is
// one the AI should not have given: a failure (the AI's orders are
// legal).
func (s *ldSoak) giveOrders(ctx context.Context, c *campaign.Campaign, id int64, side, user string, seed uint64) {
	own := c.Side(side).Orders
	fresh := !gaveOrders(own) && !own.Ready
	s.send(user, "", "bg", "list", ldCampaignOpt(id, nil))
	for _, o := range campaign.AIOrders(c, side, seed) {
		if ctx.Err() != nil || !s.still(id, c) {
			return
		}
		name, sub, opts := ldOrderOpts(o)
		if call := s.send(user, "", name, sub, ldCampaignOpt(id, opts)); call.Outcome.Refused && fresh && s.still(id, c) {
			s.stats.add(ldCall{What: "the AI's order " + call.What, Err: fmt.Errorf("refused in its own turn %d: %s", c.Turn, call.Outcome.Text)})
		}
	}
	if !s.still(id, c) {
		return
	}
	s.send(user, "", "orders", "show", ldCampaignOpt(id, nil))
	s.send(user, "", "orders", "ready", ldCampaignOpt(id, nil))
}

// ldSoakBattleActions bounds the /battle commands the AI players send in
// one battle before the referee's Auto-resolve button finishes it.
const ldSoakBattleActions = 30

// fight plays a battle through /battle commands: the players answer
// its decisions (who sets up first, the initiative winner's choice, and
// any later) with their defaults, deploy (auto) in the set-up order, look
// at their maps, then the phasing side's AI chooses each action and
// sends it as its /battle command (ending the phase when the command is
// refused); the referee's Auto-resolve button ends it.
func (s *ldSoak) fight(ctx context.Context, id int64, b int, ids ldIDs, seed uint64) {
	bid := srvItoa(b)
	s.decide(id, b, ids)
	players := map[string]*ai.Player{}
	if cb := s.battle(id, b); cb != nil && cb.State != nil {
		for _, side := range campaign.SetupOrder(cb.State) {
			if user, ok := ids.Players[side]; ok {
				s.send(user, ids.Channel, "battle", "deploy", srvOpts("battle", bid, "auto", "true"))
				players[side] = ai.New(side, ai.Normal, seed+uint64(len(side)))
			}
		}
	}
	s.send(ids.Players["crucis"], ids.Channel, "battle", "view", srvOpts("battle", bid))
	for i := 0; i < ldSoakBattleActions && ctx.Err() == nil; i++ {
		s.decide(id, b, ids)
		cb := s.battle(id, b)
		if cb == nil || cb.Over || cb.State == nil {
			break
		}
		side := cb.State.PhasingSide().ID
		user, ok := ids.Players[side]
		p := players[side]
		if !ok || p == nil {
			break
		}
		sub, opts, ok := ldBattleOpts(p.Next(cb.State))
		if !ok {
			sub, opts = "end", map[string]any{}
		}
		opts["battle"] = bid
		if c := s.send(user, ids.Channel, "battle", sub, opts); c.Outcome.Refused && sub != "end" {
			s.send(user, ids.Channel, "battle", "end", srvOpts("battle", bid))
		}
	}
	if cb := s.battle(id, b); cb != nil && !cb.Over {
		customID, err := command.ButtonID{Action: command.ButtonAutoResolve, Campaign: id, Battle: b}.Encode()
		if err != nil {
			s.stats.add(ldCall{What: "auto-resolve button", Err: err})
			return
		}
		s.stats.add(ldPress(s.r.fake, ids.Ref, srvGuild, ids.Channel, customID))
	}
}
