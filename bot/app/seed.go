package app

import (
	"crypto/rand"
	"encoding/binary"
	"time"
)

// randomSeed seeds a new campaign's dice from the operating system's
// randomness (the clock if that fails).
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.BigEndian.Uint64(b[:])
}
