package command

import (
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
// store transaction with a campaign clone.
func BenchmarkDispatchOrder(b *testing.B) {
	f := cmdNewFixture(b, true)
	r := cmdRequest("alice", "orders", "move", "bg", "2", "path", "2")
	b.ReportAllocs()
	for b.Loop() {
		f.reg.Dispatch(b.Context(), r)
	}
}
