package app

import (
	"context"
	"flag"
	"fmt"
	"sync"
	"testing"
	"time"

	"bfbot/campaign"
)

// The load test (RELIABILITY.md). Off by default:
//
//	go test ./bot/app -run 'Load$' -load -v
var (
	ldLoadOn       = flag.Bool("load", false, "run TestLoad: a steady rate of cheap interactions through the fake Discord (RELIABILITY.md)")
	ldLoadDuration = flag.Duration("load.duration", 60*time.Second, "TestLoad: how long the interactions come")
	ldLoadRate     = flag.Int("load.rate", 200, "TestLoad: interactions per second")
	ldLoadP99      = flag.Duration("load.p99", time.Second, "TestLoad: the largest 99th-percentile acknowledgement latency allowed")
)

// ldLoadCampaigns is how many campaigns the load's commands are about.
const ldLoadCampaigns = 10

// Ensure 200 interactions per second for 60 s (a mix of /campaign status,
// /orders show, /bg list, /help and /orders move, paced by a ticker) are
// all answered without a bot failure, with the 99th-percentile
// acknowledgement latency at most 1 s; p50/p99 are reported.
func TestLoad(t *testing.T) {
	if !*ldLoadOn {
		t.Skip("-load runs it")
	}
	ldRunLoad(t, *ldLoadRate, *ldLoadDuration, *ldLoadP99, true)
}

// Ensure the load works at 50 interactions per second for 2 s (the
// default test run's smoke version of TestLoad).
func TestLoadSmoke(t *testing.T) {
	t.Parallel()
	ldRunLoad(t, 50, 2*time.Second, 3*time.Second, false)
}

// ldLoadMove is an /orders move a player may send again and again.
type ldLoadMove struct {
	user string
	id   int64
	opts map[string]any
}

// ldRunLoad sends rate interactions a second for d. A full run (not the
// smoke) also fails on acknowledgements later than Discord allows.
func ldRunLoad(t *testing.T, rate int, d, p99Max time.Duration, lateFails bool) {
	r := ldNewRig(t, nil)
	var moves []ldLoadMove
	for k := 0; k < ldLoadCampaigns; k++ {
		id, err := r.ldCreate(k, fmt.Sprintf("Load %d", k))
		if err != nil {
			t.Fatal(err)
		}
		c := r.ldGet(id)
		for side, user := range ldSlot(k).Players {
			for _, o := range campaign.AIOrders(c, side, uint64(k)) {
				if o.Kind != campaign.OrderMove || !ldHasBattlegroup(c.Side(side), o.Battlegroup) {
					continue // a battlegroup the AI would split off first does not exist yet
				}
				name, sub, opts := ldOrderOpts(o)
				if name == "orders" && sub == "move" {
					moves = append(moves, ldLoadMove{user: user, id: id, opts: opts})
				}
			}
		}
	}
	if len(moves) == 0 {
		t.Fatal("the AI gave no move order to repeat")
	}
	stats := &ldStats{}
	mix := []string{"status", "status", "show", "list", "help", "status", "show", "list", "help", "move"}
	send := func(i int) {
		k := i % ldLoadCampaigns
		ids := ldSlot(k)
		id, _ := r.app.binds.campaignIn(ids.Channel)
		user := ids.Players["crucis"]
		if i%2 == 1 {
			user = ids.Players["bandits"]
		}
		var c ldCall
		switch mix[i%len(mix)] {
		case "status":
			c = ldSend(r.fake, user, srvGuild, ids.Channel, "campaign", "status", nil)
		case "show":
			c = ldSend(r.fake, user, "", "", "orders", "show", ldCampaignOpt(id, nil))
		case "list":
			c = ldSend(r.fake, user, "", "", "bg", "list", ldCampaignOpt(id, nil))
		case "help":
			c = ldSend(r.fake, user, srvGuild, ids.Channel, "help", "", nil)
		case "move":
			m := moves[i%len(moves)]
			opts := map[string]any{}
			for k, v := range m.opts {
				opts[k] = v
			}
			c = ldSend(r.fake, m.user, "", "", "orders", "move", ldCampaignOpt(m.id, opts))
		}
		stats.add(c)
	}

	runtimeStart := ldMachine()
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / time.Duration(rate))
	start := time.Now()
	want := int(d.Seconds() * float64(rate))
	sent := 0
	for sent < want {
		<-tick.C
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			send(i)
		}(sent)
		sent++
	}
	tick.Stop()
	sending := time.Since(start)
	wg.Wait()
	all := time.Since(start)

	t.Logf("load: %d interactions at %d/s asked, sent in %v (%.1f/s), all answered after %v: %s; app logged %d errors, %d warnings; at start: %s; at end: load average %s",
		sent, rate, sending.Round(time.Millisecond), float64(sent)/sending.Seconds(), all.Round(time.Millisecond),
		stats.summary(), r.log.errors.Load(), r.log.warns.Load(), runtimeStart, ldLoadAvg())
	if len(stats.refusals) > 0 {
		t.Logf("refusals (the bot saying no to a bad order is no failure): %q", stats.refusals)
	}
	if stats.late > 0 && lateFails {
		t.Errorf("%d interactions acknowledged after %v (failed on Discord)", stats.late, ldDiscordAck)
	}
	if stats.failed > 0 {
		t.Errorf("%d bot failures, first ones: %v", stats.failed, stats.failures)
	}
	if e := r.log.errors.Load(); e > 0 {
		t.Errorf("the app logged %d errors", e)
	}
	if stats.calls != sent {
		t.Errorf("%d interactions recorded, %d sent", stats.calls, sent)
	}
	if p := ldPercentile(stats.acks, 0.99); p > p99Max {
		t.Errorf("acknowledgement p99 %v, over %v", p, p99Max)
	}
}

// ldGet reads campaign id from the store.
func (r *ldRig) ldGet(id int64) *campaign.Campaign {
	r.t.Helper()
	c, err := r.app.db.Get(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return c
}

func ldHasBattlegroup(s *campaign.Side, id int) bool {
	if s == nil {
		return false
	}
	for _, b := range s.Battlegroups {
		if b.ID == id {
			return true
		}
	}
	return false
}
