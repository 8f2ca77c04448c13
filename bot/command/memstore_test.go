package command

import (
	"context"
	"fmt"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure the MemStore, like the bbolt store, never rewinds the dice on
// undo (ruling SG1): the change made again after an undo draws the next
// dice of the campaign's stream, not the undone ones.
func TestMemStoreUndoNeverRerolls(t *testing.T) {
	ctx := context.Background()
	f := cmdNewFixture(t, true)
	var got [][]int
	roll := func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
		r, err := d.Roll("memstore undo test", 2)
		if err != nil {
			return nil, err
		}
		got = append(got, r.Faces)
		return c.Clone(), nil
	}
	before := len(f.store.DiceLog(1))
	for _, step := range []string{"roll", "undo", "roll", "undo", "roll"} {
		var err error
		if step == "roll" {
			err = f.store.Update(ctx, 1, roll)
		} else {
			err = f.store.Undo(ctx, 1)
		}
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	// The faces are the campaign's stream (NewMemStore(7): campaign 1
	// rolls seed 8) in order, after those rolled before: none twice.
	src := dice.NewSeeded(8)
	for _, r := range f.store.DiceLog(1)[:before] {
		for range r.Faces {
			src.Face()
		}
	}
	for i, faces := range got {
		var want []int
		for range faces {
			f, _ := src.Face()
			want = append(want, f)
		}
		if fmt.Sprint(faces) != fmt.Sprint(want) {
			t.Errorf("roll %d: %v, want the stream's next %v", i+1, faces, want)
		}
	}
	if fmt.Sprint(got[0]) == fmt.Sprint(got[1]) {
		t.Errorf("the change made again after the undo rolled %v again", got[1])
	}
}
