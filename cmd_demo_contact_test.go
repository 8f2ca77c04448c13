package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
)

var demoContact = flag.Int("democontact", 0, "play demo campaigns with seeds 1 to N on each map shape of TestDemoContact and report how often the strategic AI's sides meet")

// contactShape is a strategic map size and turn limit the demo is
// played on to measure contact.
type contactShape struct {
	cols, rows, turns int
}

func (s contactShape) String() string {
	return fmt.Sprintf("%d×%d, %d turns", s.cols, s.rows, s.turns)
}

// contactShapes: the default campaign (a 4×3 map, 12 turns), the same
// map in half the turns and in the soak's 3 turns, the soak's fighting
// slot (3×2, 3 turns) and the same map in 6 turns, its transpose (2×3,
// regiments at the ends of two columns) and a bigger map.
var contactShapes = []contactShape{
	{4, 3, 12}, {4, 3, 6}, {4, 3, 3}, {3, 2, 3}, {3, 2, 6}, {2, 3, 6}, {5, 4, 12},
}

// contactTally counts how often two AI sides met over some campaigns of
// one shape.
type contactTally struct {
	campaigns, met     int // met: at least one battle
	battles, zeroDraws int // zeroDraws: battles that ended a draw with no VP scored by either side
	firstTurns         int // sum of the turn of the first contact, over the campaigns that met
	decided            int // ended by the objectives or annihilation before the turn limit
	wins               map[string]int
}

func (t *contactTally) add(c *campaign.Campaign) {
	t.campaigns++
	if c.End == campaign.EndObjectives || c.End == campaign.EndNoBattlegroup {
		t.decided++
	}
	if w := c.Side(c.Winner); w != nil {
		t.wins[w.ID]++
	}
	first := 0
	for _, b := range c.Battles {
		if first == 0 || b.Turn < first {
			first = b.Turn
		}
		if !b.Over || b.Outcome == nil {
			continue
		}
		t.battles++
		if zeroDraw(b) {
			t.zeroDraws++
		}
	}
	if first > 0 {
		t.met++
		t.firstTurns += first
	}
}

func (t *contactTally) row(shape contactShape) string {
	first := "–"
	if t.met > 0 {
		first = strconv.FormatFloat(float64(t.firstTurns)/float64(t.met), 'f', 1, 64)
	}
	return fmt.Sprintf("| %s | %d | %s | %.2f | %d | %s | %d | %d–%d |", shape, t.campaigns, pct(t.met, t.campaigns),
		float64(t.battles)/float64(max(t.campaigns, 1)), t.zeroDraws, first, t.decided, t.wins["crucis"], t.wins["bandits"])
}

// Ensure, when asked (go test -run TestDemoContact -democontact 20 -v .),
// that the strategic AI's sides meet: it plays demo campaigns with seeds
// 1–N (the map seeded by the same seed) on each of contactShapes and
// reports, per shape, the campaigns with at least one contact, the
// battles per campaign, the battles that ended 0–0 (a draw where
// neither side scored), the mean turn of the first contact, the
// campaigns decided before the turn limit and the wins by side
// (BENCHMARKS.md).
func TestDemoContact(t *testing.T) {
	if *demoContact <= 0 {
		t.Skip("plays many demo campaigns: run with -democontact N")
	}
	rows := []string{
		"| map, turn limit | campaigns | with a contact | battles per campaign | 0–0 battles | first contact (mean turn) | decided early | wins Lancers–Bandits |",
		"|---|---|---|---|---|---|---|---|",
	}
	for _, shape := range contactShapes {
		tally := contactTally{wins: map[string]int{}}
		for seed := 1; seed <= *demoContact; seed++ {
			ctx := context.Background()
			d := newDemo(t.TempDir(), uint64(seed), io.Discard)
			d.settings = map[string]string{"map_cols": strconv.Itoa(shape.cols), "map_rows": strconv.Itoa(shape.rows), "turn_limit": strconv.Itoa(shape.turns)}
			if _, err := d.play(ctx, 0); err != nil {
				t.Fatalf("%s seed %d: %v", shape, seed, err)
			}
			// The AI's orders are all valid: the command layer refused none.
			if d.refused > 0 || d.internal > 0 {
				t.Errorf("%s seed %d: %d commands refused, %d internal errors", shape, seed, d.refused, d.internal)
			}
			c, err := d.campaign(ctx)
			if err != nil {
				t.Fatal(err)
			}
			tally.add(c)
		}
		rows = append(rows, tally.row(shape))
	}
	t.Logf("demo seeds 1–%d:\n%s", *demoContact, strings.Join(rows, "\n"))
}
