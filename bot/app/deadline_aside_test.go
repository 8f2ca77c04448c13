package app

import (
	"bytes"
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// updateOnlyEngine is the deadlines' engine without snapshots: a
// deadline's turn runs whole inside Update, as it did before
// command.UpdateAside.
type updateOnlyEngine struct{ storage.Engine }

// watchedEngine is the deadlines' engine, watched: it counts the rolls
// of the dice its snapshots give, those thrown while one of its write
// transactions is open apart, and the changes refused as the campaign
// changed after their snapshot; the first of those rolls after during
// is armed runs it first.
type watchedEngine struct {
	storage.Engine
	open, changed, rolls, rolledOpen atomic.Int32
	during                           atomic.Pointer[func()]
}

func (w *watchedEngine) Update(ctx context.Context, id int64, fn storage.UpdateFunc, also ...storage.Record) (*campaign.Campaign, error) {
	w.open.Add(1)
	defer w.open.Add(-1)
	return w.Engine.Update(ctx, id, fn, also...)
}

func (w *watchedEngine) UpdateAt(ctx context.Context, id int64, rev uint64, fn storage.UpdateFunc, also ...storage.Record) (*campaign.Campaign, error) {
	w.open.Add(1)
	defer w.open.Add(-1)
	n, err := w.Engine.(snapshots).UpdateAt(ctx, id, rev, fn, also...)
	if errors.Is(err, storage.ErrChanged) {
		w.changed.Add(1)
	}
	return n, err
}

func (w *watchedEngine) Snapshot(ctx context.Context, id int64) (*campaign.Campaign, *dice.Dice, uint64, error) {
	c, d, rev, err := w.Engine.(snapshots).Snapshot(ctx, id)
	if err != nil {
		return nil, nil, 0, err
	}
	return c, dice.New(watchedDice{w, d}), rev, nil
}

// watchedDice are a snapshot's dice, watched by w.
type watchedDice struct {
	w *watchedEngine
	d *dice.Dice
}

func (s watchedDice) Face() (int, error) {
	if f := s.w.during.Swap(nil); f != nil {
		(*f)()
	}
	s.w.rolls.Add(1)
	if s.w.open.Load() > 0 {
		s.w.rolledOpen.Add(1)
	}
	return s.d.D6("face")
}

// deadlineRig is a started campaign whose battles the AI fights
// (auto_resolve), the deadlines' engine wrapped by wrap.
func deadlineRig(t *testing.T, wrap func(storage.Engine) storage.Engine) *srvRig {
	t.Helper()
	r := srvNewRig(t)
	srvSetUp(r)
	r.close()
	r.wrapEngine = wrap
	r.open()
	return r
}

// fightAtDeadlines runs r's order deadlines, day by day, each side's
// battlegroup 2 sent to make contact, until one has fought a battle.
func fightAtDeadlines(t *testing.T, r *srvRig) {
	t.Helper()
	for day := 0; day < 8; day++ {
		c := r.campaign()
		for _, b := range c.Battles {
			if b.Over {
				return
			}
		}
		if c.Phase == campaign.PhaseOver {
			break
		}
		if c.Phase == campaign.PhaseOrders {
			r.contact(srvAlice, "crucis")
			r.contact(srvBob, "bandits")
		}
		r.clock.Set(time.Date(2026, 3, 2+day, 20, 0, 0, 0, time.UTC))
		r.settle()
	}
	t.Fatalf("no battle fought by the deadlines: turn %d, %s", r.campaign().Turn, r.campaign().Phase)
}

// Ensure an order deadline, its turn and the AI's battle worked out
// outside the store's transaction, stores what it stored when it ran
// inside: the same campaign and dice, byte for byte.
func TestDeadlineAsideStoresTheSame(t *testing.T) {
	run := func(wrap func(storage.Engine) storage.Engine) []byte {
		r := deadlineRig(t, wrap)
		fightAtDeadlines(t, r)
		doc, err := r.app.db.Export(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	inside := run(func(e storage.Engine) storage.Engine { return updateOnlyEngine{e} })
	aside := run(nil)
	if !bytes.Equal(inside, aside) {
		t.Errorf("the campaign stored differs:\ninside the transaction %d bytes, outside %d", len(inside), len(aside))
	}
}

// Ensure the AI's battle at a deadline is not fought inside the store's
// transaction, which every other change waits for: its dice are rolled
// while none is open.
func TestDeadlineOutsideTheTransaction(t *testing.T) {
	w := &watchedEngine{}
	fightAtDeadlines(t, deadlineRig(t, func(e storage.Engine) storage.Engine { w.Engine = e; return w }))
	if w.rolls.Load() == 0 || w.rolledOpen.Load() != 0 {
		t.Errorf("the deadlines rolled %d dice on a snapshot, %d of them in the store's transaction: want some, none in it", w.rolls.Load(), w.rolledOpen.Load())
	}
}

// Ensure a change of the campaign committed while a deadline's turn is
// worked out makes the deadline work it out again from the new
// campaign, and what is stored holds both.
func TestDeadlineChangedMeanwhile(t *testing.T) {
	w := &watchedEngine{}
	rename := func() {
		_, err := w.Engine.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
			c.Name = "Renamed meanwhile"
			return c, nil
		})
		if err != nil {
			t.Error(err)
		}
	}
	w.during.Store(&rename)
	r := deadlineRig(t, func(e storage.Engine) storage.Engine { w.Engine = e; return w })
	fightAtDeadlines(t, r)
	if c := r.campaign(); w.changed.Load() != 1 || c.Name != "Renamed meanwhile" {
		t.Errorf("%d turns found the campaign changed (want 1), campaign named %q", w.changed.Load(), c.Name)
	}
}
