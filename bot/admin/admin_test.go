package admin

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/storage"
)

// rlStore opens a store on a temp file holding n started campaigns.
func rlStore(t *testing.T, n int) *storage.Store {
	t.Helper()
	s, err := storage.Open(filepath.Join(t.TempDir(), "bfbot.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for range n {
		rlCreate(t, s)
	}
	return s
}

func rlCreate(t *testing.T, s *storage.Store) {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		t.Error(err)
		return
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			t.Error(err)
			return
		}
		regs = append(regs, r)
	}
	c, err := campaign.New(0, "admin test", campaign.DefaultSettings(), m, regs)
	if err == nil {
		c, err = campaign.Start(c, nil)
	}
	if err == nil {
		_, err = s.Create(context.Background(), c, 7)
	}
	if err != nil {
		t.Error(err)
	}
}

// rlServe runs Serve on the store's socket until the test ends, and
// checks that it then returns nil and removes the socket.
func rlServe(t *testing.T, path string, b Backuper) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, path, b) }()
	rlWaitSocket(t, path, done)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("socket left behind: %v", err)
		}
	})
}

// rlWaitSocket waits until Serve answers at path (or fails).
func rlWaitSocket(t *testing.T, path string, done chan error) {
	t.Helper()
	for range 500 {
		select {
		case err := <-done:
			t.Fatalf("Serve returned at once: %v", err)
		default:
		}
		if c, err := net.Dial("unix", path); err == nil {
			c.Close() // the server reads no request and drops it
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no socket at %s", path)
}

// rlCheckCopy opens a copy and runs the invariant check on it.
func rlCheckCopy(t *testing.T, data []byte, minCampaigns int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := storage.Open(path, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("the copy does not open: %v", err)
	}
	defer s.Close()
	if errs := s.Check(context.Background()); len(errs) > 0 {
		t.Errorf("the copy fails Check: %v", errs)
	}
	list, err := s.List(context.Background())
	if err != nil || len(list) < minCampaigns {
		t.Errorf("the copy lists %d campaigns (%v), want at least %d", len(list), err, minCampaigns)
	}
}

// Ensure a backup through the socket, taken while another goroutine
// writes, is a consistent database: it opens and passes Check.
func TestBackupRoundTrip(t *testing.T) {
	s := rlStore(t, 2)
	sock := SocketPath(s.Path())
	rlServe(t, sock, s)
	fi, err := os.Lstat(sock)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("socket mode %o, want 600", got)
	}

	var wg sync.WaitGroup
	stop, writing := make(chan struct{}), make(chan struct{})
	wg.Add(1)
	var once sync.Once
	started := func() { once.Do(func() { close(writing) }) }
	go func() {
		defer wg.Done()
		defer started()
		for i := 0; i < 200; i++ { // bounded: the writer stops by itself
			if i == 1 {
				started()
			}
			select {
			case <-stop:
				return
			default:
			}
			key := storage.RecordKey{Campaign: 1, Kind: storage.Marker, Name: fmt.Sprintf("m%d", i)}
			if err := s.PutRecord(context.Background(), key, bytes.Repeat([]byte{'x'}, 4096)); err != nil {
				t.Error(err)
				return
			}
			if i%20 == 0 {
				rlCreate(t, s)
			}
		}
	}()
	<-writing
	for i := range 3 {
		var buf bytes.Buffer
		n, err := Backup(context.Background(), sock, &buf)
		if err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		if n != int64(buf.Len()) || n == 0 {
			t.Errorf("backup %d: %d bytes reported, %d written", i, n, buf.Len())
		}
		rlCheckCopy(t, buf.Bytes(), 2)
	}
	close(stop)
	wg.Wait()
}

// rlBackuper is a Backuper that writes data, then fails with err or
// reports n bytes.
type rlBackuper struct {
	data []byte
	n    int64
	err  error
}

func (b rlBackuper) Backup(_ context.Context, w io.Writer) (int64, error) {
	if _, err := w.Write(b.data); err != nil {
		return 0, err
	}
	return b.n, b.err
}

// rlSock is a short socket path in a temp directory.
func rlSock(t *testing.T) string { return filepath.Join(t.TempDir(), "db.sock") }

func TestBackupErrors(t *testing.T) {
	t.Run("ErrNoServer", func(t *testing.T) {
		_, err := Backup(context.Background(), rlSock(t), io.Discard)
		if !errors.Is(err, ErrNoServer) {
			t.Errorf("got %v, want ErrNoServer", err)
		}
	})
	t.Run("StaleSocket", func(t *testing.T) {
		sock := rlSock(t)
		l, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
		if err != nil {
			t.Fatal(err)
		}
		l.SetUnlinkOnClose(false)
		l.Close() // a bot that died: its socket file stays
		if _, err := Backup(context.Background(), sock, io.Discard); !errors.Is(err, ErrNoServer) {
			t.Errorf("stale socket: got %v, want ErrNoServer", err)
		}
		// A new bot replaces it.
		rlServe(t, sock, rlBackuper{data: []byte("abc"), n: 3})
		var buf bytes.Buffer
		if n, err := Backup(context.Background(), sock, &buf); err != nil || n != 3 || buf.String() != "abc" {
			t.Errorf("after replacing: %d %q %v", n, buf.String(), err)
		}
	})
	t.Run("ErrInUse", func(t *testing.T) {
		sock := rlSock(t)
		rlServe(t, sock, rlBackuper{})
		if err := Serve(context.Background(), sock, rlBackuper{}); !errors.Is(err, ErrInUse) {
			t.Errorf("second Serve: %v, want ErrInUse", err)
		}
	})
	t.Run("ErrNotASocket", func(t *testing.T) {
		sock := rlSock(t)
		if err := os.WriteFile(sock, []byte("keep me"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := Serve(context.Background(), sock, rlBackuper{}); err == nil || !strings.Contains(err.Error(), "not a socket") {
			t.Errorf("Serve over a file: %v", err)
		}
		if b, _ := os.ReadFile(sock); string(b) != "keep me" {
			t.Errorf("the file in the way was changed: %q", b)
		}
	})
	t.Run("ErrPathTooLong", func(t *testing.T) {
		sock := filepath.Join(t.TempDir(), strings.Repeat("d", 120)+".sock")
		if err := Serve(context.Background(), sock, rlBackuper{}); err == nil || !strings.Contains(err.Error(), "shorter path") {
			t.Errorf("Serve on a long path: %v", err)
		}
	})
	t.Run("ErrBackupFails", func(t *testing.T) {
		sock := rlSock(t)
		rlServe(t, sock, rlBackuper{data: []byte("partial"), err: errors.New("disk on fire")})
		_, err := Backup(context.Background(), sock, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "could not make the copy: disk on fire") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("ErrCountMismatch", func(t *testing.T) {
		sock := rlSock(t)
		rlServe(t, sock, rlBackuper{data: []byte("abc"), n: 4})
		if _, err := Backup(context.Background(), sock, io.Discard); !errors.Is(err, ErrProtocol) {
			t.Errorf("got %v, want ErrProtocol", err)
		}
	})
	t.Run("ErrBrokenOff", func(t *testing.T) {
		// A server that sends part of a frame and hangs up.
		sock := rlSock(t)
		l, err := net.Listen("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		go func() {
			c, err := l.Accept()
			if err != nil {
				return
			}
			bufio.NewReader(c).ReadString('\n')
			writeFrame(c, frameData, []byte("abc"))
			c.Write([]byte{frameData, 0, 0, 0, 9, 'x'})
			c.Close()
		}()
		if _, err := Backup(context.Background(), sock, io.Discard); !errors.Is(err, ErrProtocol) {
			t.Errorf("got %v, want ErrProtocol", err)
		}
	})
	t.Run("UnknownRequest", func(t *testing.T) {
		sock := rlSock(t)
		rlServe(t, sock, rlBackuper{})
		c, err := net.Dial("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "restore\n")
		r := bufio.NewReader(c)
		typ, n, err := readFrame(r)
		msg := make([]byte, n)
		io.ReadFull(r, msg)
		if err != nil || typ != frameError || !strings.Contains(string(msg), `unknown request "restore"`) {
			t.Errorf("got %q %q %v", typ, msg, err)
		}
	})
}

// rlBlocking is a Backuper that writes a little, then waits for its
// context: a copy still running when the bot stops.
type rlBlocking struct{ started chan struct{} }

func (b rlBlocking) Backup(ctx context.Context, w io.Writer) (int64, error) {
	w.Write([]byte("abc"))
	close(b.started)
	<-ctx.Done()
	return 0, ctx.Err()
}

// Ensure stopping the bot breaks off a copy in progress: the client gets
// an error, not a short copy, and Serve returns.
func TestServeStopsDuringBackup(t *testing.T) {
	sock := rlSock(t)
	ctx, cancel := context.WithCancel(context.Background())
	b := rlBlocking{started: make(chan struct{})}
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, sock, b) }()
	rlWaitSocket(t, sock, done)
	got := make(chan error, 1)
	go func() {
		_, err := Backup(context.Background(), sock, io.Discard)
		got <- err
	}()
	<-b.started
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if err := <-got; err == nil {
		t.Error("a broken-off copy reported success")
	}
}
