// Package selfcheck says whether the program is a test binary that may
// afford checks of its own code's contracts on every call (the stores'
// checks that a change copies what it edits): any test binary, except
// while it runs benchmarks, whose figures must be the program's.
package selfcheck

import (
	"flag"
	"sync"
	"testing"
)

// On reports whether such checks run: in a test binary not asked to run
// benchmarks (-test.bench).
func On() bool { return on() }

var on = sync.OnceValue(func() bool {
	if !testing.Testing() {
		return false
	}
	f := flag.Lookup("test.bench")
	return f == nil || f.Value.String() == ""
})
