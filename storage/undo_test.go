package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure Undo steps back one change at a time, restoring the document
// but keeping the dice state where it is (ruling SG1), logs each undo,
// keeps only the last N snapshots, and then says there is nothing left.
func TestUndo(t *testing.T) { stoEach(t, testUndo) }

func testUndo(t *testing.T, e stoEngine) {
	ctx := context.Background()
	const keep = 3
	s := e.open(t, Options{Snapshots: keep})
	id := stoCreate(t, s, 7)
	var before []*campaign.Campaign // by revision - 1
	for i := 0; i < 6; i++ {
		c, err := s.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, c)
		if _, err := s.Update(ctx, id, stoStep); err != nil {
			t.Fatal(err)
		}
		if got, want := stoSnapshots(t, s, id), min(i+1, keep); got != want {
			t.Errorf("after %d updates: %d snapshots, want %d", i+1, got, want)
		}
	}
	for back := 1; back <= keep; back++ {
		_, diceBefore, _, _ := stoState(t, s, id)
		c, err := s.Undo(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		last := c.Log.At(c.Log.Len() - 1)
		if last.Type != "undo" || len(last.Audience) != 0 {
			t.Errorf("undo %d: last event %+v, want a public undo event", back, last)
		}
		want := before[len(before)-back]
		n := want.Log.Len()
		restored := c.Clone()
		restored.Log = restored.Log.Prefix(n)
		stoSameJSON(t, restored, want)
		if got, want := c.Log.Len(), want.Log.Len()+back; got != want {
			t.Errorf("undo %d: log of %d events, want %d (the state then, and the undos)", back, got, want)
		}
		_, d, rev, _ := stoState(t, s, id)
		if !bytes.Equal(d, diceBefore) {
			t.Errorf("undo %d: dice state changed: undo must keep the dice where they are", back)
		}
		if got, want := rev, uint64(7+back); got != want {
			t.Errorf("undo %d: revision %d, want %d (undos count as changes)", back, got, want)
		}
	}
	if _, err := s.Undo(ctx, id); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo past the %d kept: %v, want ErrNothingToUndo", keep, err)
	}
}

// stoRoller is a campaign change that throws 2D6 and keeps the faces it
// got, so a test can see which dice each change drew.
type stoRoller struct{ faces [][]int }

func (r *stoRoller) step(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
	roll, err := d.Roll("storage undo test", 2)
	if err != nil {
		return nil, err
	}
	r.faces = append(r.faces, roll.Faces)
	n := c.Clone()
	n.Log.Append(campaign.Event{Turn: n.Turn, Step: "test", Type: "roll", Text: fmt.Sprintf("rolled %v", roll.Faces)})
	return n, nil
}

// Ensure undo never re-rolls the past (ruling SG1): the same change made
// again after an undo draws the next dice of the campaign's stream, not
// the undone ones, so whoever undoes cannot learn a roll and then choose
// who gets it. Over changes, undos, double undos and a reopened file,
// the faces drawn are the seed's stream in order, each face once: the
// stream never goes back.
func TestUndoNeverRerolls(t *testing.T) { stoEach(t, testUndoNeverRerolls) }

func testUndoNeverRerolls(t *testing.T, e stoEngine) {
	ctx := context.Background()
	const seed = 7
	s := e.open(t, Options{Snapshots: 4})
	id := stoCreate(t, s, seed)
	r := &stoRoller{}
	var states [][]byte // every dice state the campaign has had
	record := func(what string) {
		t.Helper()
		_, d, _, _ := stoState(t, s, id)
		if what == "undo" {
			if last := states[len(states)-1]; !bytes.Equal(d, last) {
				t.Fatalf("after undo %d: dice state changed, want it kept", len(states))
			}
		} else {
			for i, old := range states {
				if bytes.Equal(d, old) {
					t.Fatalf("after %s: dice state is the one of step %d: the stream went back", what, i)
				}
			}
		}
		states = append(states, d)
	}
	_, d0, _, _ := stoState(t, s, id)
	states = append(states, d0)
	update := func() {
		t.Helper()
		if _, err := s.Update(ctx, id, r.step); err != nil {
			t.Fatal(err)
		}
		record("update")
	}
	undo := func() {
		t.Helper()
		if _, err := s.Undo(ctx, id); err != nil {
			t.Fatal(err)
		}
		record("undo")
	}

	// Attack, undo, attack again: a different roll.
	update()
	undo()
	update()
	if fmt.Sprint(r.faces[0]) == fmt.Sprint(r.faces[1]) {
		t.Errorf("the change made again after an undo rolled %v again", r.faces[1])
	}
	// Two changes, two undos, the same two again; then across a reopen.
	update()
	update()
	undo()
	undo()
	update()
	update()
	s = e.reopen(t, s, Options{Snapshots: 4})
	undo()
	update()

	// The faces drawn, in order, are the seed's stream: nothing was
	// thrown twice, nothing skipped.
	want := dice.New(dice.NewSeeded(seed))
	for i, got := range r.faces {
		w, err := want.Roll("stream", 2)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(w.Faces) {
			t.Errorf("change %d rolled %v, want %v (the seed's stream in order)", i+1, got, w.Faces)
		}
	}
	if len(r.faces) != 7 {
		t.Errorf("%d rolls, want 7", len(r.faces))
	}
}

// Ensure an export taken after an undo carries the dice where the undo
// left them (not rewound), so the imported campaign and the original
// roll the same next dice, and both files pass Check.
func TestUndoThenExport(t *testing.T) { stoEach(t, testUndoThenExport) }

func testUndoThenExport(t *testing.T, e stoEngine) {
	ctx := context.Background()
	from, to := e.open(t, Options{}), e.open(t, Options{})
	id := stoCreate(t, from, 11)
	r := &stoRoller{}
	for i := 0; i < 2; i++ {
		if _, err := from.Update(ctx, id, r.step); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := from.Undo(ctx, id); err != nil {
		t.Fatal(err)
	}
	doc, err := from.Export(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	got, err := to.Import(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := from.Update(ctx, id, r.step); err != nil {
		t.Fatal(err)
	}
	if _, err := to.Update(ctx, got, r.step); err != nil {
		t.Fatal(err)
	}
	want := dice.New(dice.NewSeeded(11))
	var stream [][]int
	for range 3 {
		w, err := want.Roll("stream", 2)
		if err != nil {
			t.Fatal(err)
		}
		stream = append(stream, w.Faces)
	}
	if fmt.Sprint(r.faces[2]) != fmt.Sprint(stream[2]) || fmt.Sprint(r.faces[3]) != fmt.Sprint(stream[2]) {
		t.Errorf("after the undo, the original rolled %v and the import %v; want both the stream's third roll %v", r.faces[2], r.faces[3], stream[2])
	}
}

// Ensure undo steps back across the boundary of two chunks of the event
// log (events.go): the log is cut inside the chunk before, the chunk
// after is gone, and the next change fills the cut chunk again.
func TestUndoAcrossChunks(t *testing.T) {
	ctx := context.Background()
	s := stoOpen(t, Options{Snapshots: 5})
	id := stoCreate(t, s, 7)
	c, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for c.Log.Len() < eventsPerChunk+2 {
		if c, err = s.Update(ctx, id, stoStandIn); err != nil {
			t.Fatal(err)
		}
	}
	before := c.Log.Len()
	for range 3 {
		if c, err = s.Undo(ctx, id); err != nil {
			t.Fatal(err)
		}
		stoMustCheck(t, s)
	}
	// Each undo drops a stand-in's event and logs its own undo event.
	if c.Log.Len() != before {
		t.Errorf("after 3 undos the log has %d events, want %d", c.Log.Len(), before)
	}
	if c, err = s.Update(ctx, id, stoStandIn); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	stoSameJSON(t, got.Log, c.Log)
	stoMustCheck(t, s)
}
