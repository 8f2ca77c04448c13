//go:build unix

package storage

import (
	"os"
	"syscall"
)

// shareLock takes a shared lock on f as bbolt's read-only open does
// (flock), without waiting: false when a writer holds the file. Closing
// f releases it.
func shareLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) == nil
}
