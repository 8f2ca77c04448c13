package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bfbot/bot/admin"
	"bfbot/storage"
)

// Ensure `bfbot backup` of a file a running bot holds goes through the
// bot's control socket and says so, and that without a socket it says
// the bot holds the file and nothing answers.
func TestBackupLockedDatabase(t *testing.T) {
	db := stoDB(t)
	s, err := storage.Open(db, storage.Options{}) // the "bot" holds the lock
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sock := admin.SocketPath(db)
	copyPath := filepath.Join(t.TempDir(), "copy.db")

	t.Run("ErrNoSocket", func(t *testing.T) {
		out, errs, code := run(t, "backup", copyPath, "--db", db)
		if code != 1 || !strings.Contains(errs, db+" is held by a running bot") || !strings.Contains(errs, "no control socket answers at "+sock) {
			t.Errorf("exit %d, %q %q", code, out, errs)
		}
		if _, err := os.Stat(copyPath); err == nil {
			t.Error("a failed backup left a file")
		}
		if left, _ := filepath.Glob(copyPath + "*.tmp"); len(left) > 0 {
			t.Errorf("a failed backup left its temporary file: %v", left)
		}
	})

	t.Run("ThroughSocket", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- admin.Serve(ctx, sock, s) }()
		defer func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Serve: %v", err)
			}
		}()
		rlDial(t, sock)
		out, errs, code := run(t, "backup", copyPath, "--db", db)
		if code != 0 || !strings.Contains(out, "to "+copyPath+" through the running bot's control socket "+sock) {
			t.Fatalf("backup: exit %d, %q %q", code, out, errs)
		}
		out, errs, code = run(t, "check", "--db", copyPath)
		if code != 0 || !strings.Contains(out, ": ok, schema") || !strings.Contains(out, " 1 campaigns") {
			t.Errorf("check of the copy: exit %d, %q %q", code, out, errs)
		}
	})
}

// rlDial waits until something answers at the socket.
func rlDial(t *testing.T, sock string) {
	t.Helper()
	for range 500 {
		if c, err := net.Dial("unix", sock); err == nil {
			c.Close()
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("nothing answers at %s", sock)
}
