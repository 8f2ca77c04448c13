// Package cputime reads the CPU time the process has used, for
// benchmarks that report CPU beside the wall clock: on a shared machine
// it varies less than the wall clock.
package cputime

import "time"

// Process is the CPU time the process has used so far, user and system;
// 0 where the system does not say.
func Process() time.Duration { return process() }
