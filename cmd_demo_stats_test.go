package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"testing"

	"bfbot/campaign"
)

var demoStats = flag.Int("demostats", 0, "play demo campaigns with seeds 1 to N and report how the strategic AI fights them (TestDemoStats)")

// demoTally counts what the strategic AI's battles were like over some
// demo campaigns.
type demoTally struct {
	campaigns, decided int      // decided: ended by its objectives or a side with no battlegroup, before the turn limit
	battles, zeroDraws int      // zeroDraws: draws in which neither side scored
	noAttack           int      // battles in which no unit attacked, strafed, bombed or overran
	sideBattles, odds3 int      // odds3: a side outnumbered 3:1 or worse in cost
	notes              []string // which battles were zero-VP draws or had no attack, for -v
	ends               []string // how each campaign ended, for -v
}

// add counts one finished demo campaign. It is decided when it ended
// before its turn limit: its objectives met or a side with no
// battlegroup left (campaign.End), not by running out of turns.
func (t *demoTally) add(seed int, c *campaign.Campaign) {
	t.campaigns++
	if c.End == campaign.EndObjectives || c.End == campaign.EndNoBattlegroup {
		t.decided++
	}
	winner := "neither side leads"
	if w := c.Side(c.Winner); w != nil {
		winner = w.Name + " leads"
	}
	t.ends = append(t.ends, fmt.Sprintf("seed %d: ended after turn %d by %s; %s, %d–%d VP", seed, c.Turn, c.End, winner, c.Sides[0].VP, c.Sides[1].VP))
	for _, b := range c.Battles {
		if !b.Over || b.Outcome == nil {
			continue
		}
		t.battles++
		if zeroDraw(b) {
			t.zeroDraws++
			t.notes = append(t.notes, fmt.Sprintf("seed %d battle %d (campaign turn %d, sector %d): zero-VP draw after %d game turns", seed, b.ID, b.Turn, b.Sector, b.State.Turn))
		}
		if !slices.ContainsFunc(b.Log, func(l campaign.LoggedEvent) bool {
			return slices.Contains([]string{"attack", "strafe", "bomb", "overrun"}, l.Event.Type)
		}) {
			t.noAttack++
			t.notes = append(t.notes, fmt.Sprintf("seed %d battle %d (campaign turn %d, sector %d): no attack", seed, b.ID, b.Turn, b.Sector))
		}
		cost := map[string]int{}
		for i := range b.State.Units {
			u := b.State.Units[i]
			cost[u.Side] += u.Cost()
		}
		for _, s := range b.State.Sides {
			t.sideBattles++
			for _, e := range b.State.Sides {
				if e.ID != s.ID && cost[e.ID] >= 3*cost[s.ID] {
					t.odds3++
				}
			}
		}
	}
}

func pct(n, of int) string {
	return fmt.Sprintf("%d/%d (%.1f%%)", n, of, 100*float64(n)/float64(max(of, 1)))
}

// Ensure, when asked (go test -run TestDemoStats -demostats 30 .), that
// the strategic AI fights battles worth fighting over demo seeds 1–N:
// it reports zero-VP draws, battles with no attack, side-battles at 3:1 or worse in unit cost
// (R8) and campaigns that end by annihilation (a side with no
// battlegroup left) or their objectives met rather than the turn limit
// (BENCHMARKS.md).
func TestDemoStats(t *testing.T) {
	if *demoStats <= 0 {
		t.Skip("plays many demo campaigns: run with -demostats N")
	}
	var tally demoTally
	for seed := 1; seed <= *demoStats; seed++ {
		ctx := context.Background()
		d := newDemo(t.TempDir(), uint64(seed), io.Discard)
		if _, err := d.play(ctx, 0); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// The AI's orders are all valid: the command layer refused none.
		if d.refused > 0 || d.internal > 0 {
			t.Errorf("seed %d: %d commands refused, %d internal errors", seed, d.refused, d.internal)
		}
		c, err := d.campaign(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tally.add(seed, c)
	}
	t.Logf("demo seeds 1–%d: %d battles; zero-VP draws %s; battles with no attack %s; side-battles at 3:1 or worse %s; campaigns ended by annihilation or their objectives before the turn limit %s",
		*demoStats, tally.battles, pct(tally.zeroDraws, tally.battles), pct(tally.noAttack, tally.battles), pct(tally.odds3, tally.sideBattles), pct(tally.decided, tally.campaigns))
	for _, n := range append(tally.ends, tally.notes...) {
		t.Log(n)
	}
	// Every share below is of the battles: with none fought they would
	// all pass.
	if tally.battles == 0 {
		t.Errorf("no battle in %d demo campaigns: the strategic AI's sides never met", tally.campaigns)
	}
	if tally.zeroDraws*20 > tally.battles {
		t.Errorf("zero-VP draws %s: want at most 5%%", pct(tally.zeroDraws, tally.battles))
	}
	if tally.noAttack*100 > 3*tally.battles {
		t.Errorf("battles with no attack %s: want at most 3%%", pct(tally.noAttack, tally.battles))
	}
	if tally.odds3*10 > tally.sideBattles {
		t.Errorf("side-battles at 3:1 or worse %s: want at most 10%%", pct(tally.odds3, tally.sideBattles))
	}
	if tally.decided*5 < tally.campaigns {
		t.Errorf("campaigns ended by annihilation or their objectives before the turn limit %s: want at least one in five", pct(tally.decided, tally.campaigns))
	}
}

// zeroDraw reports whether finished battle b is a draw in which no side
// scored a victory point.
func zeroDraw(b campaign.Battle) bool {
	zero := b.Outcome.Winner == ""
	for _, v := range b.Outcome.VP {
		zero = zero && v == 0
	}
	return zero
}
