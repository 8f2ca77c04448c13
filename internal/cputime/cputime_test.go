package cputime

import (
	"runtime"
	"testing"
)

// Ensure the CPU time grows with work done (on unix, where it is read).
func TestProcessCPUGrows(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no rusage")
	}
	before := Process()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	if after := Process(); after <= before {
		t.Errorf("CPU time %v after a busy loop (%d), %v before", after, x, before)
	}
}
