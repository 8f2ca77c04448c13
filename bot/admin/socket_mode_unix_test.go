//go:build unix

package admin

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
)

// Ensure the control socket is never reachable by other users, even with
// umask 000: at the moment it is bound, the only way to it is through a
// directory of mode 0700 (connecting needs search permission on every
// directory of the path); it then appears at its path with mode 0600,
// and the private directory is gone.
func TestSocketPrivateFromTheStart(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	s := rlStore(t, 1)
	sock := SocketPath(s.Path())
	// The hook runs in the server's goroutine.
	var checked atomic.Bool
	listenHook = func(tmp string) {
		checked.Store(true)
		dir, err := os.Stat(filepath.Dir(tmp))
		if err != nil {
			t.Error(err)
			return
		}
		if got := dir.Mode().Perm(); got != 0o700 {
			t.Errorf("the directory holding the newly bound socket is %o, want 700", got)
		}
		if filepath.Dir(filepath.Dir(tmp)) != filepath.Dir(sock) {
			t.Errorf("bound at %s, not beside %s (the rename must stay on one file system)", tmp, sock)
		}
		if _, err := os.Lstat(sock); !os.IsNotExist(err) {
			t.Errorf("the socket is at its path before it is made private: %v", err)
		}
	}
	defer func() { listenHook = nil }()
	rlServe(t, sock, s)
	if !checked.Load() {
		t.Fatal("listenHook did not run")
	}
	fi, err := os.Lstat(sock)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("socket mode %o with umask 000, want 600", got)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(sock), privateSocketDir+"*"))
	if len(left) > 0 {
		t.Errorf("private directories left: %v", left)
	}
}
