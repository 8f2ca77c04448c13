package storage

import (
	"context"
	"errors"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure a change is checked against the victory points of its log as
// stored, which the store adds up when it reads the log and keeps with
// the campaign as the log grows (change): a change that gives a side VP
// with no event for them, or logs VP without giving them, is refused
// whether the campaign came from the cache or was read afresh, and one
// that does both is saved.
func TestUpdateChecksLogVP(t *testing.T) { stoEach(t, testUpdateChecksLogVP) }

func testUpdateChecksLogVP(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{})
	id := stoCreate(t, s, 7)
	scored := func(event, side int) UpdateFunc {
		return func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			n.Log.Append(campaign.Event{Turn: n.Turn, Type: "test", Side: n.Sides[0].ID, VP: event, Text: "scored"})
			n.Sides[0].VP += side
			return n, nil
		}
	}
	refused := func(when string) {
		t.Helper()
		for _, tc := range []struct {
			name string
			fn   UpdateFunc
		}{{"VPWithoutEvent", scored(0, 2)}, {"EventWithoutVP", scored(2, 0)}, {"VPOtherThanEvent", scored(2, 3)}} {
			if _, err := s.Update(ctx, id, tc.fn); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "the log adds up to") {
				t.Errorf("%s, %s: Update = %v, want ErrInvalid saying what the log adds up to", when, tc.name, err)
			}
		}
	}
	refused("new campaign")
	for i := range 3 {
		if _, err := s.Update(ctx, id, scored(2, 2)); err != nil {
			t.Fatalf("change %d scoring 2 VP with its event: %v", i+1, err)
		}
		refused("cached")
	}
	s = e.reopen(t, s, Options{})
	refused("reopened")
	c, err := s.Update(ctx, id, scored(-1, -1))
	if err != nil {
		t.Fatalf("reopened, spending a VP with its event: %v", err)
	}
	if got := c.Sides[0].VP; got != 5 {
		t.Errorf("VP = %d after scoring 3×2 and spending 1, want 5", got)
	}
	refused("after spending")
	// Changes one after another, each from the campaign the one before
	// left in the cache: each is checked against the sum kept with it.
	for i := range 3 {
		if c, err = s.Update(ctx, id, scored(1, 1)); err != nil {
			t.Fatalf("change %d in a row scoring 1 VP with its event: %v", i+1, err)
		}
	}
	if got := c.Sides[0].VP; got != 8 || len(c.Check()) > 0 {
		t.Errorf("VP = %d after three more changes of 1 (want 8); Check: %v", got, c.Check())
	}
	// A stored event rewritten in place escapes the kept sum; a test
	// binary checks the whole log too and refuses it.
	_, err = s.Update(ctx, id, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		events := n.Log.Events()
		events[0].Side, events[0].VP = n.Sides[0].ID, events[0].VP+5
		n.Log = campaign.NewLog(events...)
		n.Log.Append(campaign.Event{Turn: n.Turn, Type: "test", Text: "nothing scored"})
		return n, nil
	})
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "a stored event was rewritten") {
		t.Errorf("a stored event's VP rewritten: Update = %v, want ErrInvalid saying a stored event was rewritten", err)
	}
}
