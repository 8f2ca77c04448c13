package command

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Snapshots is what a Store may offer besides for a change whose work is
// too long to hold its write transaction through (/battle auto: the AI
// fighting a whole battle), which every other campaign's change waits
// behind. Snapshot reads the campaign, a copy of its dice and its
// revision together (an error wrapping ErrNoSnapshots when the store
// behind cannot); UpdateAt is Update, done only while the campaign is
// still at that revision, else an error wrapping ErrChanged and nothing
// stored. Every stored change, an undo too, makes a new revision.
type Snapshots interface {
	Snapshot(ctx context.Context, id int64) (*campaign.Campaign, *dice.Dice, uint64, error)
	UpdateAt(ctx context.Context, id int64, rev uint64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error
}

var (
	// ErrNoSnapshots: the store cannot take snapshots; the change runs in
	// Update.
	ErrNoSnapshots = errors.New("the store takes no snapshots")
	// ErrChanged: the campaign changed after the snapshot.
	ErrChanged = errors.New("the campaign changed meanwhile")
)

// asideTries bounds how often storeAside works a change out on a
// snapshot, when the campaign changes each time before it is stored.
const asideTries = 3

// updateAside is update for a change whose work is long (the AI
// fighting a whole battle, /battle auto): where the store offers
// Snapshots, fn runs outside its write transaction, on a snapshot of the
// campaign and a copy of its dice, and the transaction only stores fn's
// result, if the campaign is still at the snapshot's revision. There
// fn's rolls are thrown again on the stored dice, which give the same
// faces and are left where fn left its copy: what is stored is what
// update would have stored. A change committed in between makes fn work
// it out again from the new campaign, up to asideTries times, and then
// inside the transaction. fn's checks, such as turnStillAsked, see the
// campaign as it is stored, since nothing changed it before the result
// is.
//
// A deadline's turn is not worked out so (bot/app/deadline.go): a
// command that closed the turn meanwhile would have it close the next.
func (x *call) updateAside(ctx context.Context, fn func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error)) ([]campaign.Event, error) {
	var evs []campaign.Event
	var next *campaign.Campaign
	if err := storeAside(ctx, x.reg.deps.Store, x.c.ID, x.storing(fn, &evs, &next)); err != nil {
		return nil, err
	}
	return x.updated(evs, next), nil
}

// storeAside is updateAside's storing: fn's result stored in s, worked
// out on a snapshot where s offers them.
func storeAside(ctx context.Context, s Store, id int64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error {
	snaps, ok := s.(Snapshots)
	if !ok {
		return s.Update(ctx, id, fn)
	}
	for range asideTries {
		c, d, rev, err := snaps.Snapshot(ctx, id)
		if errors.Is(err, ErrNoSnapshots) {
			return s.Update(ctx, id, fn)
		}
		if err != nil {
			return err
		}
		n, err := fn(c, d)
		if err != nil {
			return err
		}
		rolls := d.Log()
		err = snaps.UpdateAt(ctx, id, rev, func(_ *campaign.Campaign, stored *dice.Dice) (*campaign.Campaign, error) {
			return n, rethrow(stored, rolls)
		})
		if errors.Is(err, ErrChanged) {
			continue
		}
		return err
	}
	// A campaign that keeps changing would starve the change: it is
	// worked out in the transaction, as a store without snapshots does,
	// which keeps every other campaign waiting that once but always ends.
	return s.Update(ctx, id, fn)
}

// rethrow throws rolls again on d, the dice they were thrown with as
// stored: the same faces come, and d is left where the rolls left them.
func rethrow(d *dice.Dice, rolls []dice.Roll) error {
	for _, r := range rolls {
		again, err := d.Roll(r.Purpose, len(r.Faces))
		if err != nil {
			return err
		}
		if !slices.Equal(again.Faces, r.Faces) {
			// Dice rolled by a change that stored nothing (the memory
			// store's) moved them without a new revision: worked out again.
			return fmt.Errorf("%w: the stored dice gave %v for %q, not the snapshot's %v", ErrChanged, again.Faces, r.Purpose, r.Faces)
		}
	}
	return nil
}
