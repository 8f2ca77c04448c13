package storage

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"bfbot/campaign"
)

// Ensure Undo steps back one change at a time, restoring the document
// and the dice state, logs each undo, keeps only the last N snapshots,
// and then says there is nothing left.
func TestUndo(t *testing.T) {
	ctx := context.Background()
	const keep = 3
	s := stoOpen(t, Options{Snapshots: keep})
	id := stoCreate(t, s, 7)
	var before []*campaign.Campaign // by revision - 1
	var dices [][]byte
	for i := 0; i < 6; i++ {
		c, err := s.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		_, d, _, _ := stoState(t, s, id)
		before, dices = append(before, c), append(dices, d)
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Fatal(err)
		}
		if got, want := stoSnapshots(t, s, id), min(i+1, keep); got != want {
			t.Errorf("after %d updates: %d snapshots, want %d", i+1, got, want)
		}
	}
	for back := 1; back <= keep; back++ {
		c, err := s.Undo(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		last := c.Log[len(c.Log)-1]
		if last.Type != "undo" || len(last.Audience) != 0 {
			t.Errorf("undo %d: last event %+v, want a public undo event", back, last)
		}
		want := before[len(before)-back]
		n := len(want.Log)
		restored := c.Clone()
		restored.Log = restored.Log[:n]
		stoSameJSON(t, restored, want)
		if got, want := len(c.Log), len(want.Log)+back; got != want {
			t.Errorf("undo %d: log of %d events, want %d (the state then, and the undos)", back, got, want)
		}
		_, d, rev, _ := stoState(t, s, id)
		if !bytes.Equal(d, dices[len(dices)-back]) {
			t.Errorf("undo %d: dice state not restored", back)
		}
		if got, want := rev, uint64(7+back); got != want {
			t.Errorf("undo %d: revision %d, want %d (undos count as changes)", back, got, want)
		}
	}
	if _, err := s.Undo(ctx, id); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo past the %d kept: %v, want ErrNothingToUndo", keep, err)
	}
	t.Run("SameDiceAfterUndo", func(t *testing.T) {
		// Ruling ST1: the change made again rolls what it rolled before.
		before, _ := s.Get(ctx, id)
		a, err := s.Update(ctx, id, stoStep)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Undo(ctx, id); err != nil {
			t.Fatal(err)
		}
		b, err := s.Update(ctx, id, stoStep)
		if err != nil {
			t.Fatal(err)
		}
		n := len(before.Log)
		stoSameJSON(t, b.Log[n+1:], a.Log[n:]) // after the undo event, the same turn again
		if b.Log[n].Type != "undo" {
			t.Errorf("event %d is %q, want the undo", n, b.Log[n].Type)
		}
	})
}
