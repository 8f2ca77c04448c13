package campaign

import (
	"fmt"
	"testing"

	"bfbot/internal/cputime"
)

// ordSplitInto redistributes each side's units outside the RBG over per
// battlegroups (the RBG stays as it is), standing where the side's
// battlegroups stood, so that the same regiments make a campaign of 2 ×
// (per + 1) battlegroups (a test fixture).
func ordSplitInto(tb testing.TB, c *Campaign, per int) *Campaign {
	tb.Helper()
	n := c.Clone()
	for i := range n.Sides {
		s := &n.Sides[i]
		var units []string
		var sectors []int
		var kept []Battlegroup
		for _, b := range s.Battlegroups {
			if b.RBG {
				kept = append(kept, b)
				continue
			}
			units = append(units, b.Units...)
			sectors = append(sectors, b.Sector)
		}
		if len(units) < per {
			tb.Fatalf("side %s has %d units outside its RBG, fewer than %d battlegroups", s.ID, len(units), per)
		}
		first := len(kept)
		for j := range per {
			id := first + j + 1
			kept = append(kept, Battlegroup{ID: id, Name: fmt.Sprintf("bg %d", id), Sector: sectors[j%len(sectors)]})
		}
		for j, u := range units {
			b := &kept[first+j%per]
			b.Units = append(b.Units, u)
			s.Unit(u).Battlegroup = b.ID
		}
		s.Battlegroups = kept
		s.NextBattlegroup = len(kept) + 1
	}
	mustCheck(tb, n)
	return n
}

// BenchmarkCampaignTurnBattlegroups is BenchmarkCampaignTurn's quiet turn
// with the same two regiments split into 8 to 50 battlegroups in all: a
// turn must grow at most linearly with them (BENCHMARKS.md). It reports
// us-per-bg, the turn's time over its battlegroups.
func BenchmarkCampaignTurnBattlegroups(b *testing.B) {
	for _, per := range []int{3, 6, 12, 24} {
		c := ordSplitInto(b, ordStarted(b), per)
		bgs := len(c.Sides[0].Battlegroups) + len(c.Sides[1].Battlegroups)
		b.Run(fmt.Sprintf("bg%d", bgs), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ordTurn(b, c, 1) // the same turn each op, whatever b.N is
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(bgs), "us-per-bg")
		})
	}
}

// ordTurn is one campaign turn: both sides' AI orders given, the turn
// resolved.
func ordTurn(tb testing.TB, c *Campaign, seed uint64) *Campaign {
	for _, side := range []string{"crucis", "bandits"} {
		for _, o := range AIOrders(c, side, seed) {
			n, _, err := GiveOrder(c, side, o)
			if err != nil {
				tb.Fatal(err)
			}
			c = n
		}
	}
	n, _, err := ResolveTurn(c, ordDice(seed))
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// BenchmarkOrderAge is one order, and so one event, given to a campaign
// 10, 100 and 1,000 turns old (its log grown to match): the cost must not
// grow with the campaign's age. Each iteration gives the order to the
// same campaign, so the figure is one order's cost whatever b.N is.
//
// "Next" is the common case, an order given to the newest campaign (as a
// store's update does): each iteration hands the log's next slot back
// before giving the order again, as if the last iteration's campaign had
// never been made. "Branch" gives the order to a campaign whose next slot
// another copy took (an order given to an older campaign, after an
// undo): its event goes to a tail of its own, which copies the open tail
// (fewer than LogChunkSize events), never the full chunks. Each age's
// log is padded to the same open tail (ordAged), so that the three ages
// copy as much. cpu-ns/op is the process's CPU time an order took, which
// a busy machine disturbs less than the wall time.
func BenchmarkOrderAge(b *testing.B) {
	o := Order{Kind: OrderHold, Battlegroup: 3}
	for _, turns := range []int{10, 100, 1000} {
		c := ordAged(ordStarted(b), turns)
		b.Run(fmt.Sprintf("Next/turns%d", turns), func(b *testing.B) {
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				c.Log.release()
				if _, _, err := GiveOrder(c, "crucis", o); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
		})
		b.Run(fmt.Sprintf("Branch/turns%d", turns), func(b *testing.B) {
			if _, _, err := GiveOrder(c, "crucis", o); err != nil { // takes the next slot
				b.Fatal(err)
			}
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				if _, _, err := GiveOrder(c, "crucis", o); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// release hands the log's next slots back, as if no copy had appended
// after it (BenchmarkOrderAge's "Next").
func (l *Log) release() {
	if l.open != nil {
		l.open.used.Store(int64(len(l.tail)))
	}
	if l.spine != nil {
		l.spine.used.Store(int64(len(l.full)))
	}
}

// ordAged gives c the event log of a campaign turns turns old: six
// events a turn, as a quiet turn logs (a test fixture; only the log's
// length matters here), and then as many more as leave an open tail of
// half a chunk, whatever the age.
func ordAged(c *Campaign, turns int) *Campaign {
	n := c.Clone()
	for t := range turns {
		for range 6 {
			n.emit(Event{Turn: t + 1, Step: "movement", Type: "move", Audience: secret("crucis"), Side: "crucis", Text: "battlegroup 2 moves"})
		}
	}
	for n.Log.Len()%LogChunkSize != LogChunkSize/2 {
		n.emit(Event{Turn: turns, Step: "movement", Type: "move", Audience: secret("crucis"), Side: "crucis", Text: "battlegroup 2 moves"})
	}
	return n
}

// Ensure campaigns that share a log never see each other's events: an
// event added to a copy after the original added its own (or the other
// way round) lands in a tail of its own, and each log keeps exactly the
// events its campaign emitted, across a chunk's end as well.
func TestEventLogShared(t *testing.T) {
	for _, pad := range []int{0, LogChunkSize/2 - 2, LogChunkSize/2 - 1} {
		c := ordAged(ordStarted(t), 3)
		for range pad {
			c.emit(Event{Step: "orders", Type: "pad", Text: "pad"})
		}
		base := c.Log.Len()
		a, b := c.Clone(), c.Clone()
		a.emit(Event{Step: "orders", Type: "a", Text: "a1"})
		b.emit(Event{Step: "orders", Type: "b", Text: "b1"})
		a.emit(Event{Step: "orders", Type: "a", Text: "a2"})
		c.emit(Event{Step: "orders", Type: "c", Text: "c1"})
		a2 := a.Clone()
		a2.emit(Event{Step: "orders", Type: "a", Text: "a3"})
		a.emit(Event{Step: "orders", Type: "a", Text: "x"})
		for _, tc := range []struct {
			name string
			c    *Campaign
			want []string
		}{
			{"original", c, []string{"c1"}},
			{"a", a, []string{"a1", "a2", "x"}},
			{"b", b, []string{"b1"}},
			{"a's copy", a2, []string{"a1", "a2", "a3"}},
		} {
			var got []string
			for _, e := range tc.c.Log.Since(base) {
				got = append(got, e.Text)
			}
			if tc.c.Log.Len() != base+len(tc.want) || fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("pad %d: %s: log ends %v, want %v", pad, tc.name, got, tc.want)
			}
			if tail := tc.c.Log.Tail(); cap(tail) != len(tail) {
				t.Errorf("pad %d: %s: open tail of %d events has capacity %d: a plain append would write into a shared array", pad, tc.name, len(tail), cap(tail))
			}
			if got := tc.c.Log.At(base - 1).Text; got != "pad" && pad > 0 {
				t.Errorf("pad %d: %s: event %d is %q, want the shared prefix's", pad, tc.name, base-1, got)
			}
		}
	}
}

// Ensure copies of one campaign may add events on several goroutines at
// once (a store's cache hands out copies of one campaign to concurrent
// commands): each copy ends with its own event after the shared prefix,
// whether the event fills a chunk or not. Run with -race to check the
// claim of the next slot.
func TestEventLogConcurrent(t *testing.T) {
	for _, pad := range []int{0, LogChunkSize/2 - 1} {
		c := ordAged(ordStarted(t), 2)
		for range pad {
			c.emit(Event{Step: "orders", Type: "pad", Text: "pad"})
		}
		base := c.Log.Len()
		copies := make([]*Campaign, 8)
		done := make(chan int)
		for i := range copies {
			copies[i] = c.Clone()
			go func() {
				copies[i].emit(Event{Step: "orders", Type: "t", Text: fmt.Sprint(i)})
				done <- i
			}()
		}
		for range copies {
			<-done
		}
		for i, n := range copies {
			if n.Log.Len() != base+1 || n.Log.At(base).Text != fmt.Sprint(i) || n.Log.At(base-1).Text != c.Log.At(base-1).Text {
				t.Errorf("pad %d: copy %d: log of %d events ending %q, want %d ending %q", pad, i, n.Log.Len(), n.Log.At(n.Log.Len()-1).Text, base+1, fmt.Sprint(i))
			}
		}
	}
}
