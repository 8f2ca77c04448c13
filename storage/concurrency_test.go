package storage

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure many goroutines changing several campaigns at once lose no
// update: every change each one made is in its campaign's log exactly
// once, and each revision counts them (run with -race).
func TestConcurrentUpdates(t *testing.T) { stoEach(t, testConcurrentUpdates) }

func testConcurrentUpdates(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{Snapshots: 4})
	const campaigns, workers, each = 3, 6, 8
	var ids []int64
	for i := 0; i < campaigns; i++ {
		ids = append(ids, stoCreate(t, s, uint64(i)))
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				id := ids[(w+i)%campaigns]
				text := fmt.Sprintf("worker %d change %d", w, i)
				_, err := s.Update(ctx, id, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
					if _, err := d.D6(text); err != nil {
						return nil, err
					}
					n := c.Clone()
					n.Log.Append(campaign.Event{Turn: n.Turn, Step: "test", Type: "change", Text: text})
					return n, nil
				})
				if err != nil {
					t.Error(err)
				}
				if _, err := s.Get(ctx, ids[i%campaigns]); err != nil {
					t.Error(err)
				}
				if i%5 == 0 {
					if _, err := s.List(ctx); err != nil {
						t.Error(err)
					}
				}
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	total := 0
	for _, id := range ids {
		total += stoCountChanges(t, s, s, id, seen)
	}
	if total != workers*each || len(seen) != workers*each {
		t.Errorf("%d changes logged, %d distinct; want %d", total, len(seen), workers*each)
	}
	for text, n := range seen {
		if n != 1 {
			t.Errorf("%q logged %d times", text, n)
		}
	}
}

// stoCountChanges counts the "change" events of campaign id as read
// through store r (into seen, by text), fails unless the revision stored
// in w is one past them (every change one revision), and returns them.
func stoCountChanges(t *testing.T, r, w Campaigns, id int64, seen map[string]int) int {
	t.Helper()
	c, err := r.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range c.Log.All() {
		if e.Type == "change" {
			seen[e.Text]++
			n++
		}
	}
	if _, _, rev, _ := stoState(t, w, id); rev != uint64(1+n) {
		t.Errorf("campaign %d: revision %d after %d changes, want %d", id, rev, n, 1+n)
	}
	return n
}
