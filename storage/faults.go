package storage

import (
	"fmt"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// writeFault is a fault injected into the store's writes (InjectWriteFault).
type writeFault struct {
	mu  sync.Mutex
	err error
}

// InjectWriteFault makes every write transaction from now on fail with
// err at its commit: the transaction's function runs and makes all its
// changes, then the fault is returned in its place and bbolt rolls the
// whole transaction back, as when the disk fills up or the file system
// turns read-only while a turn is written. nil stops the fault.
//
// Give the error the operating system would: syscall.ENOSPC (or EDQUOT,
// EFBIG) comes back as ErrDiskFull, syscall.EROFS (or EACCES, EPERM) as
// ErrReadOnly, through the same mapping real failures take.
//
// IMPORTANT: for fault tests (bot/app's fault_test.go); the bot never
// calls it. A store without an injected fault pays one mutex per write.
func (s *Store) InjectWriteFault(err error) {
	s.fault.mu.Lock()
	defer s.fault.mu.Unlock()
	s.fault.err = err
}

// withFault wraps a write transaction's function with the injected fault.
func (s *Store) withFault(fn func(*bolt.Tx) error) func(*bolt.Tx) error {
	return func(tx *bolt.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		s.fault.mu.Lock()
		err := s.fault.err
		s.fault.mu.Unlock()
		if err != nil {
			return fmt.Errorf("injected write fault: %w", err)
		}
		return nil
	}
}
