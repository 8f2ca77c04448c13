package command

import (
	"strings"
	"testing"
)

// BenchmarkDispatch is one interaction to its reply for a fast command
// (/campaign status: a store read and a text), against the BENCHMARKS.md
// budget of 50 ms to acknowledge.
func BenchmarkDispatch(b *testing.B) {
	f := cmdNewFixture(b, true)
	r := cmdRequest("alice", "campaign", "status")
	b.ReportAllocs()
	for b.Loop() {
		if out := f.reg.Dispatch(b.Context(), r); len(out) != 1 {
			b.Fatal(cmdTexts(out))
		}
	}
}

// BenchmarkDispatchOrder is a state-changing command: an order, one
// store transaction with a campaign clone. Every order is given to a
// fresh campaign (set up with the timer stopped): given to the same one
// over and over, each order would find a longer event log than the last,
// and the figure would depend on b.N.
func BenchmarkDispatchOrder(b *testing.B) {
	r := cmdRequest("alice", "orders", "move", "bg", "2", "path", "2")
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		f := cmdNewFixture(b, true)
		b.StartTimer()
		out := f.reg.Dispatch(b.Context(), r)
		if len(out) != 1 || strings.HasPrefix(out[0].Text, "⚠") {
			b.Fatal(cmdTexts(out))
		}
	}
}
