package app

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// snapshotCounter is the deadlines' engine, counting the snapshots taken
// of it.
type snapshotCounter struct {
	storage.Engine
	taken atomic.Int32
}

func (s *snapshotCounter) Snapshot(ctx context.Context, id int64) (*campaign.Campaign, *dice.Dice, uint64, error) {
	s.taken.Add(1)
	return s.Engine.(snapshots).Snapshot(ctx, id)
}

func (s *snapshotCounter) UpdateAt(ctx context.Context, id int64, rev uint64, fn storage.UpdateFunc, also ...storage.Record) (*campaign.Campaign, error) {
	return s.Engine.(snapshots).UpdateAt(ctx, id, rev, fn, also...)
}

// Ensure a deadline's turn, the AI's battle among it, is worked out
// inside the store's write transaction, never on a snapshot as /battle
// auto is: a /campaign advance or the last /orders ready committed while
// a snapshot's turn was worked out closed the turn, and the deadline,
// worked out again from the new campaign, closed the next one before
// anyone could order for it (bot/app/deadline.go).
func TestDeadlineTurnInsideTheTransaction(t *testing.T) {
	w := &snapshotCounter{}
	r := srvNewRig(t)
	srvSetUp(r)
	r.close()
	r.wrapEngine = func(e storage.Engine) storage.Engine { w.Engine = e; return w }
	r.open()
	for day := 0; ; day++ {
		c := r.campaign()
		if len(c.Battles) > 0 && c.Battles[0].Over {
			break
		}
		if day == 8 || c.Phase == campaign.PhaseOver {
			t.Fatalf("no battle fought by the deadlines: turn %d, %s", c.Turn, c.Phase)
		}
		if c.Phase == campaign.PhaseOrders {
			r.contact(srvAlice, "crucis")
			r.contact(srvBob, "bandits")
		}
		r.clock.Set(time.Date(2026, 3, 2+day, 20, 0, 0, 0, time.UTC))
		r.settle()
	}
	if n := w.taken.Load(); n != 0 {
		t.Errorf("the deadlines took %d snapshots: want their turns worked out inside the transaction", n)
	}
}
