package app

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"bfbot/bot/discordtest"
	"bfbot/bot/schedule"
	"bfbot/storage"
)

// Fault tests (RELIABILITY.md, faults): the database refusing writes mid-turn,
// the gateway dropping again and again, REST answering 500 and 429 at
// random. Each runs the real wiring against the fake Discord on a bbolt
// file, in seconds; `go test -race -run Fault ./bot/app/ ./bot/discordtest/
// ./storage/` runs them with the fault hooks' own tests.

// Ensure a database that fills up or turns read-only while a deadline's
// turn is being written leaves the turn wholly unapplied (the campaign as
// before, the file passing Check), tells the players and the referee the
// turn failed and when it will be retried, answers commands that change
// state with a clear "not saved" and serves those that only read; and
// that once the fault clears the turn is processed exactly once: by the
// referee's /campaign advance, or at the next deadline after a restart.
func TestFaultDatabaseMidTurn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		fault  error
		reason string // the players' words for it (unsaved.go)
		clear  string // "advance": hook off, referee advances; "reopen": restart, next deadline
	}{
		{"DiskFull", syscall.ENOSPC, "no space left", "advance"},
		{"ReadOnly", syscall.EROFS, "cannot be written", "reopen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			r := srvNewRig(t)
			fltSetUp(r)
			r.orders(srvBob, "bandits", 22)
			r.must(srvBob, true, "orders", "ready", nil)
			before := r.campaign()
			want := fltJSON(t, before)

			r.app.db.(*storage.Store).InjectWriteFault(tc.fault)
			r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
			r.settle()

			if !strings.Contains(r.logs.String(), "injected write fault") {
				t.Fatal("the deadline's turn never reached its commit: the fault was not mid-turn")
			}
			if got := fltJSON(t, r.campaign()); got != want {
				t.Fatal("the failed turn changed the stored campaign")
			}
			fltMustCheck(r)
			if e, ok, err := r.app.sched.load(ctx, 1, schedule.OrderDeadline); err != nil || !ok || !e.LastRun.IsZero() {
				t.Fatalf("the schedule record after the failed turn: %+v %v %v; want LastRun unset", e, ok, err)
			}
			r.fake.MustWait(t, srvWait, "the failed-turn notice in the channel", func() bool {
				return fltChannelHas(r, "Turn 1's order deadline", "could not be processed", tc.reason, "Nothing of it was applied", "next deadline (Tue 3 Mar 20:00 UTC)")
			})
			srvWantDM(t, r, srvRef, "could not be processed")

			// Reading goes on; changing is refused in words, and changes nothing.
			r.must(srvAlice, true, "bg", "list", nil)
			r.must(srvAlice, false, "campaign", "status", nil)
			for _, c := range []fltCommand{
				{user: srvAlice, dm: true, name: "orders", sub: "ready"},
				{user: srvRef, name: "campaign", sub: "advance"},
			} {
				out := r.do(c.user, c.dm, c.name, c.sub, c.opts)
				if !srvContains(out, "Not saved: "+unsavedReason(fltErrOf(tc.fault))) || !srvContains(out, "Nothing was changed") {
					t.Errorf("/%s %s under the fault: %q, want the not-saved notice", c.name, c.sub, srvTexts(out))
				}
			}
			if got := fltJSON(t, r.campaign()); got != want {
				t.Fatal("a refused command changed the stored campaign")
			}

			switch tc.clear {
			case "advance":
				r.app.db.(*storage.Store).InjectWriteFault(nil)
				r.must(srvRef, false, "campaign", "advance", nil)
			case "reopen":
				r.close()
				r.open() // a new Open of the file: the fault is gone with the old handle
				r.clock.Set(time.Date(2026, 3, 3, 20, 0, 0, 0, time.UTC))
				r.settle()
			}
			c := r.campaign()
			if got := srvCountTurnsClosed(c, 1); got != 1 {
				t.Fatalf("turn 1 closed %d times after the fault cleared, want 1", got)
			}
			if c.Turn != 2 {
				t.Errorf("turn %d after the retried turn, want 2", c.Turn)
			}
			fltMustCheck(r)
		})
	}
}

// fltErrOf is the storage sentinel an OS error maps to.
func fltErrOf(err error) error {
	if err == syscall.EROFS {
		return storage.ErrReadOnly
	}
	return storage.ErrDiskFull
}

// Ensure a gateway that drops again and again (every 100 ms here,
// standing in for every 30 s) while commands flow loses no command: each
// is answered, and the client resumes after every drop without
// identifying again.
func TestFaultGatewayDrops(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	fltSetUp(r)
	script := append(fltOrderCommands(r.campaign(), srvAlice, "crucis", 11), fltOrderCommands(r.campaign(), srvBob, "bandits", 21)...)
	for i := 0; i < 3; i++ {
		script = append(script,
			fltCommand{user: srvAlice, name: "campaign", sub: "status"},
			fltCommand{user: srvBob, dm: true, name: "bg", sub: "list"},
			fltCommand{user: srvAlice, dm: true, name: "orders", sub: "show"},
			fltCommand{user: srvBob, dm: true, name: "map", sub: "strategic"},
		)
	}
	stop := r.fake.DropEvery(100 * time.Millisecond)
	answered := 0
	for _, c := range script {
		out := r.do(c.user, c.dm, c.name, c.sub, c.opts) // fails the test unless answered
		if len(out) > 0 {
			answered++
		}
	}
	r.fake.MustWait(t, srvWait, "three drops", func() bool { return r.fake.Drops() >= 3 })
	stop()
	r.fake.MustWait(t, srvWait, "a RESUME after every drop", func() bool {
		return r.fake.Connected() && r.fake.Resumes() >= r.fake.Drops()
	})
	t.Logf("gateway drops: %d commands, %d answered, %d drops, %d resumes, %d identifies",
		len(script), answered, r.fake.Drops(), r.fake.Resumes(), len(r.fake.Identifies()))
	if n := len(r.fake.Identifies()); n != 1 {
		t.Errorf("%d IDENTIFYs, want 1: every reconnect must resume the session", n)
	}
	r.must(srvRef, false, "campaign", "status", nil)
	fltMustCheck(r)
}

// Ensure REST answering 500 and 429 at random (20% of calls) costs no
// committed state: the same commands leave the faulty bot's campaign
// exactly as a fault-free twin's; 429s are waited out; the callers of
// what could not be delivered are told where a channel to them is left;
// and once the faults stop the bot answers everything again by itself.
func TestFaultRESTRandom(t *testing.T) {
	t.Parallel()
	clean := srvNewRig(t)
	faulty := srvNewRig(t, discordtest.WithRetryAfter(5*time.Millisecond), discordtest.WithAckTimeout(2*time.Second))
	fltSetUp(clean)
	fltSetUp(faulty)
	c := clean.campaign()
	if fltJSON(t, c) != fltJSON(t, faulty.campaign()) {
		t.Fatal("the twins differ before the faults")
	}
	script := append(fltOrderCommands(c, srvAlice, "crucis", 11), fltOrderCommands(c, srvBob, "bandits", 21)...)
	for _, u := range []string{srvAlice, srvBob} {
		script = append(script,
			fltCommand{user: u, dm: true, name: "bg", sub: "list"},
			fltCommand{user: u, dm: true, name: "orders", sub: "show"},
			fltCommand{user: u, dm: true, name: "map", sub: "strategic"},
			fltCommand{user: u, name: "campaign", sub: "status"},
			fltCommand{user: u, dm: true, name: "orders", sub: "ready"},
		)
	}
	script = append(script, fltCommand{user: srvRef, name: "campaign", sub: "advance"},
		fltCommand{user: srvRef, name: "campaign", sub: "status"})

	for _, cmd := range script {
		clean.do(cmd.user, cmd.dm, cmd.name, cmd.sub, cmd.opts)
	}

	const seed = 9
	faulty.fake.FailRandomly(0.2, []int{http.StatusInternalServerError, http.StatusTooManyRequests}, seed)
	outcomes := make([]fltOutcome, len(script))
	ids := make([]string, len(script))
	for k, cmd := range script {
		outcomes[k], ids[k], _ = fltTry(faulty, cmd, 3*time.Second)
	}
	faulty.fake.FailRandomly(0, nil, 0)
	// A lost follow-up's notice may come after the answer looked final.
	faulty.must(srvRef, false, "campaign", "status", nil)
	counts := map[fltOutcome]int{}
	for k, cmd := range script {
		if outcomes[k] == fltAnswered && fltHasNotice(faulty.fake.Answers(ids[k])) {
			outcomes[k] = fltNotice
		}
		counts[outcomes[k]]++
		if outcomes[k] != fltAnswered {
			t.Logf("/%s %s by %s: %s %q", cmd.name, cmd.sub, cmd.user, outcomes[k], srvTexts(faulty.fake.Answers(ids[k])))
		}
	}
	injected := faulty.fake.Injected()
	t.Logf("REST faults (seed %d, rate 0.2): %d commands: %v; injected %v; by route %s",
		seed, len(script), counts, injected, fltRoutes(faulty.fake.Faulted()))
	logs := faulty.logs.String()
	t.Logf("REST faults: lost follow-ups %d, callers told of one %d, DMs not delivered %d, scheduled posts lost %d",
		strings.Count(logs, `msg="follow-up not delivered"`), strings.Count(logs, `msg="caller told of a lost reply"`),
		strings.Count(logs, `msg="direct message not delivered"`), strings.Count(logs, `msg="scheduled message not delivered"`))
	if injected[500] == 0 || injected[429] == 0 {
		t.Errorf("the fake injected %v: the test did not test both faults", injected)
	}

	if got, want := fltJSON(t, faulty.campaign()), fltJSON(t, clean.campaign()); got != want {
		t.Error("the campaign under REST faults differs from the fault-free twin's: committed state lost or doubled")
	}
	fltMustCheck(faulty)

	// Recovery: nothing to do by hand.
	faulty.must(srvAlice, true, "bg", "list", nil)
	srvWantPNG(t, faulty.must(srvBob, true, "map", "strategic", nil))
	faulty.must(srvRef, false, "campaign", "status", nil)
}

// fltRoutes summarises faulted calls by method and route shape.
func fltRoutes(reqs []discordtest.Request) string {
	n := map[string]int{}
	for _, q := range reqs {
		p := q.Path
		switch {
		case strings.Contains(p, "/callback"):
			p = "interaction callback"
		case strings.Contains(p, "/webhooks/") && strings.Contains(p, "/messages/"):
			p = "response edit/delete"
		case strings.Contains(p, "/webhooks/"):
			p = "follow-up"
		case strings.Contains(p, "/users/@me/channels"):
			p = "open DM"
		case strings.Contains(p, "/messages"):
			p = "channel message"
		}
		n[fmt.Sprintf("%s %s %d", q.Method, p, q.Status)]++
	}
	return fmt.Sprint(n)
}
