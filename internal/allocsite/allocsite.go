// Package allocsite checks that code allocates nothing of a kind,
// wherever in the code the allocation is made: every allocation is
// sampled while a test runs the code, and counted by what its stack
// says it did.
//
// It is for tests only.
package allocsite

import (
	"maps"
	"runtime"
	"slices"
	"testing"
)

// Check runs play with every allocation sampled and counts the
// allocations by the kind site names from their stacks ("": none to
// count). It fails t for each kind other than made that allocations were
// made of while play ran, and if none was of kind made: those show that
// play ran the code checked at all.
func Check(t testing.TB, made string, site func(stack []uintptr) string, play func()) {
	t.Helper()
	rate := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = rate }()
	before := count(site)
	play()
	after := count(site)
	if n := after[made] - before[made]; n == 0 {
		t.Fatalf("no allocation of %s: the test checked nothing", made)
	} else {
		t.Logf("%d allocations of %s", n, made)
	}
	for _, kind := range slices.Sorted(maps.Keys(after)) {
		if n := after[kind]; kind != made && n > before[kind] {
			t.Errorf("%d allocations %s", n-before[kind], kind)
		}
	}
}

// count counts the allocations sampled so far by the kind site names.
func count(site func(stack []uintptr) string) map[string]int64 {
	// A profile is published a garbage collection or two after the
	// allocations it counts.
	for range 3 {
		runtime.GC()
	}
	n, _ := runtime.MemProfile(nil, true)
	records := make([]runtime.MemProfileRecord, n+64)
	n, _ = runtime.MemProfile(records, true)
	counts := map[string]int64{}
	for _, r := range records[:n] {
		if kind := site(r.Stack()); kind != "" {
			counts[kind] += r.AllocObjects
		}
	}
	return counts
}
