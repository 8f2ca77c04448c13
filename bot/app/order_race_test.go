package app

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/storage"
)

// beforeUpdate is a store whose next Update, once armed, first runs a
// function: what commits after a command read its campaign and before
// the command's own transaction comes there every time.
type beforeUpdate struct {
	storage.Campaigns
	armed atomic.Pointer[func()]
}

func (s *beforeUpdate) Update(ctx context.Context, id int64, fn storage.UpdateFunc, also ...storage.Record) (*campaign.Campaign, error) {
	if f := s.armed.Swap(nil); f != nil {
		(*f)()
	}
	return s.Campaigns.Update(ctx, id, fn, also...)
}

// Ensure an order the order deadline overtakes is refused, not carried
// into the next turn (ruling SRV4), with the app's own scheduler and
// bbolt file: Alice's /orders hold reads turn 1's orders phase; the fake
// clock then reaches 20:00 and the scheduler resolves turn 1 before the
// order's transaction runs. Turn 2 has no order of hers, and she is told
// her order was not given and which turn is open, nothing of what the
// turn did.
func TestOrderOvertakenByTheDeadline(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	r.orders(srvBob, "bandits", 2)
	r.must(srvBob, true, "orders", "ready", nil)
	// An order of Alice's own keeps the AI's out of her turn 1.
	r.must(srvAlice, true, "orders", "hold", srvOpts("bg", "1"))
	r.close()
	store := &beforeUpdate{}
	r.wrapStore = func(db storage.Campaigns) storage.Campaigns {
		store.Campaigns = db
		return store
	}
	r.open()

	var settled error
	deadline := func() {
		r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
		ctx, cancel := context.WithTimeout(context.Background(), srvWait)
		defer cancel()
		settled = r.app.scheduler.Settle(ctx)
	}
	store.armed.Store(&deadline)
	out := r.do(srvAlice, true, "orders", "hold", srvOpts("bg", "3"))
	if settled != nil {
		t.Fatal(settled)
	}
	c := r.campaign()
	if srvCountTurnsClosed(c, 1) != 1 || c.Turn != 2 || c.Phase != campaign.PhaseOrders {
		t.Fatalf("turn 1 closed %d times, now turn %d's %s phase: want the deadline to have opened turn 2", srvCountTurnsClosed(c, 1), c.Turn, c.Phase)
	}
	if o := c.Side("crucis").Orders; len(o.Holds) > 0 || o.Ready {
		t.Errorf("turn 1's hold was carried into turn 2: %+v", c.Side("crucis").Orders)
	}
	const want = "⚠ turn 1's orders phase closed while your command was on its way: it was not carried out. It is turn 2's orders phase now: give it again if it still stands."
	if len(out) != 1 || out[0].Content != want {
		t.Errorf("the overtaken order answered %q, want %q", srvContent(out), want)
	}
	srvWantDM(t, r, srvAlice, "Turn 2: orders for")
}
