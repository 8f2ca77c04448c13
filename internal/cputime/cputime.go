// Package cputime reads the CPU time the process has used, for the
// benchmarks that report their ratios on it beside the wall clock: on a
// machine other work keeps busy, the CPU a piece of work costs varies
// far less than the time it takes.
//
// It reads the operating system, so it is an edge package (layout_test.go)
// that only tests import.
package cputime

import "time"

// Process is the CPU time the process has used so far, user and system
// (0 where the system does not say).
func Process() time.Duration { return processCPU() }
