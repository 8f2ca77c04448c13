package storage

import (
	"context"
	"errors"
	"slices"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// stoAside stores step as a change worked out outside the write
// transaction would (bot/command's updateAside): step runs on a Snapshot
// and its dice, and UpdateAt stores its result at the snapshot's
// revision, throwing its rolls again on the stored dice.
func stoAside(tb testing.TB, s *Store, id int64, step UpdateFunc) error {
	tb.Helper()
	ctx := context.Background()
	c, d, rev, err := s.Snapshot(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	n, err := step(c, d)
	if err != nil {
		tb.Fatal(err)
	}
	_, err = s.UpdateAt(ctx, id, rev, func(_ *campaign.Campaign, stored *dice.Dice) (*campaign.Campaign, error) {
		for _, r := range d.Log() {
			again, err := stored.Roll(r.Purpose, len(r.Faces))
			if err != nil {
				return nil, err
			}
			if !slices.Equal(again.Faces, r.Faces) {
				tb.Errorf("the stored dice gave %v for %q, the snapshot's %v", again.Faces, r.Purpose, r.Faces)
			}
		}
		return n, nil
	})
	return err
}

// Ensure a change worked out on a Snapshot and stored by UpdateAt
// stores what Update stores, byte for byte (document, dice state, log),
// turn after turn, so that the cache's campaign and the snapshot's
// share alike.
func TestSnapshotStoresAsUpdate(t *testing.T) {
	ctx := context.Background()
	in, aside := stoOpen(t, Options{Snapshots: 2}), stoOpen(t, Options{Snapshots: 2})
	a, b := stoCreate(t, in, 7), stoCreate(t, aside, 7)
	for turn := 1; turn <= 4; turn++ {
		if _, err := in.Update(ctx, a, stoStep); err != nil {
			t.Fatal(err)
		}
		if err := stoAside(t, aside, b, stoStep); err != nil {
			t.Fatal(err)
		}
		docIn, diceIn, revIn, sumIn := stoState(t, in, a)
		docAside, diceAside, revAside, sumAside := stoState(t, aside, b)
		if string(docIn) != string(docAside) || string(diceIn) != string(diceAside) || revIn != revAside || sumIn != sumAside {
			t.Fatalf("turn %d: stored differently: revision %d and %d, sums %s and %s", turn, revIn, revAside, sumIn, sumAside)
		}
	}
	stoMustCheck(t, aside)
}

// Ensure UpdateAt refuses a revision that is not the newest, after a
// change or an undo, with ErrChanged and nothing written.
func TestUpdateAtChanged(t *testing.T) {
	ctx := context.Background()
	s := stoOpen(t, Options{Snapshots: 2})
	id := stoCreate(t, s, 7)
	_, _, rev, err := s.Snapshot(ctx, id)
	if err != nil || rev != 1 {
		t.Fatalf("snapshot of a new campaign: revision %d, %v; want 1", rev, err)
	}
	if _, err := s.Update(ctx, id, stoStep); err != nil {
		t.Fatal(err)
	}
	_, _, afterUpdate, err := s.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo(ctx, id); err != nil {
		t.Fatal(err)
	}
	for _, at := range []uint64{rev, afterUpdate} {
		_, _, _, before := stoState(t, s, id)
		_, err := s.UpdateAt(ctx, id, at, stoStep)
		if !errors.Is(err, ErrChanged) {
			t.Errorf("update at revision %d, after a change: %v, want ErrChanged", at, err)
		}
		if _, _, _, after := stoState(t, s, id); after != before {
			t.Errorf("update at revision %d wrote", at)
		}
	}
	if err := stoAside(t, s, id, stoStep); err != nil {
		t.Errorf("update at the newest revision: %v", err)
	}
}
