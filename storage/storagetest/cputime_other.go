//go:build !unix

package storagetest

import "time"

func processCPU() time.Duration { return 0 }
