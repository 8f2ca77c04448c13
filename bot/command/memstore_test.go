package command

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/internal/selfcheck"
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

// Ensure the MemStore holds a change to the rule the bbolt store holds it
// to (storage.UpdateFunc, TestCopiesVerified there): setting the fields of
// the campaign it is given, and of its sides, is a change of its own that
// leaves the stored campaign (the undo snapshot) as it was; editing in
// place what the stored campaign shares (a side's units) is refused in a
// test binary, whether the change then returns or fails.
func TestMemStoreRefusesEditInPlace(t *testing.T) {
	ctx := context.Background()
	if !selfcheck.On() {
		t.Skip("benchmarks run: edits are not verified")
	}
	f := cmdNewFixture(t, true)
	before, err := f.store.Get(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	err = f.store.Update(ctx, 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		c.Name = "renamed"
		c.Sides[0].Salvage += 2
		return c, nil
	})
	if err != nil {
		t.Fatalf("a change setting the shell's fields: %v", err)
	}
	if f.store.Undo(ctx, 1) != nil {
		t.Fatal("undo")
	}
	if c, _ := f.store.Get(ctx, 1); c.Name != before.Name || c.Sides[0].Salvage != before.Sides[0].Salvage {
		t.Errorf("the change set the stored campaign's fields: undo brings back %q, salvage %d", c.Name, c.Sides[0].Salvage)
	}
	for _, fail := range []error{nil, fmt.Errorf("refused")} {
		err := f.store.Update(ctx, 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
			c.Sides[0].Units[0].Company = fmt.Sprintf("changed in place, then %v", fail)
			return c, fail
		})
		if err == nil || !strings.Contains(err.Error(), "edited in place") {
			t.Errorf("a change failing with %v: Update = %v, want the edit in place refused", fail, err)
		}
	}
}
