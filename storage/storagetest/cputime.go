package storagetest

import "time"

// ProcessCPU is the CPU time the process has used so far, user and
// system (0 where the system does not say): the storage benchmarks
// report their ratios on it beside the wall clock, which a busy machine
// disturbs more.
func ProcessCPU() time.Duration { return processCPU() }
