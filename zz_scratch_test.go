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

var zzSeeds = flag.String("zz", "", "")

func TestZZDemo(t *testing.T) {
	if *zzSeeds == "" {
		t.Skip()
	}
	var from, to int
	fmt.Sscanf(*zzSeeds, "%d-%d", &from, &to)
	for seed := from; seed <= to; seed++ {
		d := newDemo(t.TempDir(), uint64(seed), io.Discard)
		stop, err := d.play(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := d.campaign(context.Background())
		fmt.Printf("refused %d internal %d\n", d.refused, d.internal)
		fmt.Printf("seed %d: %s turn %d limit %d winner %q VP %d/%d map %dx%d\n", seed, stop, c.Turn, c.Settings.TurnLimit, c.Winner, c.Sides[0].VP, c.Sides[1].VP, c.Map.Cols, c.Map.Rows)
		for _, b := range c.Battles {
			cost := map[string]int{}
			n := map[string]int{}
			for i := range b.State.Units {
				u := &b.State.Units[i]
				cost[u.Side] += u.Cost()
				n[u.Side]++
			}
			att := slices.ContainsFunc(b.Log, func(l campaign.LoggedEvent) bool {
				return slices.Contains([]string{"attack", "strafe", "bomb", "overrun"}, l.Event.Type)
			})
			w := ""
			var vp map[string]int
			if b.Outcome != nil {
				w, vp = b.Outcome.Winner, b.Outcome.VP
			}
			kinds := map[string]map[string]int{}
			for i := range b.State.Units {
				u := &b.State.Units[i]
				if kinds[u.Side] == nil {
					kinds[u.Side] = map[string]int{}
				}
				kinds[u.Side][u.Class.Kind().String()]++
			}
			turns := b.State.Turn
			fmt.Printf("  kinds %v gameturns %d\n", kinds, turns)
			fmt.Printf("  battle %d t%d s%d %v crucis %d (%d) bandits %d (%d) attack=%v winner=%q vp=%v retreat=%d\n", b.ID, b.Turn, b.Sector, b.Sides, n["crucis"], cost["crucis"], n["bandits"], cost["bandits"], att, w, vp, b.RetreatFrom)
		}
		for _, e := range c.Log {
			if e.Type == "rbg_eliminated" || e.Type == "campaign_end" || e.Type == "objective" {
				fmt.Printf("  %d %s %s %d %s\n", e.Turn, e.Type, e.Side, e.VP, e.Text)
			}
		}
	}
}
