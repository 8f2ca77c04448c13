package admin

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Timeouts of the server's side of a connection: a client that sends no
// request, or stops reading the copy, must not hold a read transaction
// (and so the file's free pages) for ever.
const (
	requestTimeout = 10 * time.Second
	writeTimeout   = 30 * time.Second
)

// Serve creates the control socket at path (SocketPath of the database)
// with mode 0600, never reachable by other users even for a moment
// (listen), and answers requests with b until ctx is done; then it
// stops accepting, breaks off copies in progress, waits for them and
// removes the socket. A socket file left by a bot that is gone is
// replaced; a live one is ErrInUse; any other file at path is left alone
// and reported.
func Serve(ctx context.Context, path string, b Backuper) error {
	l, err := listen(path)
	if err != nil {
		return err
	}
	mine, _ := os.Lstat(path)
	defer func() {
		// Remove the socket only if it is still ours.
		if now, err := os.Lstat(path); err == nil && mine != nil && os.SameFile(mine, now) {
			os.Remove(path)
		}
	}()
	stop := context.AfterFunc(ctx, func() { l.Close() })
	defer stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		c, err := l.Accept()
		if err != nil {
			l.Close()
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				return nil
			}
			return fmt.Errorf("control socket %s: %w", path, err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			handle(ctx, c, b)
		}()
	}
}

// listen binds the socket in a new private directory (mode 0700, made
// beside path so the rename stays on one file system), makes it 0600,
// then renames it into place. Whatever the process umask, there is no
// moment when another user can connect: while the socket's own mode may
// still be loose, the directory around it lets nobody else reach it.
func listen(path string) (*net.UnixListener, error) {
	if len(path)+privateSocketExtra > maxSocketPath {
		return nil, fmt.Errorf("control socket %s: the path is %d bytes; Unix sockets allow %d, and the socket is made under a private directory beside it that needs %d more: keep the database in a shorter path", path, len(path), maxSocketPath, privateSocketExtra)
	}
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode().Type() != fs.ModeSocket {
			return nil, fmt.Errorf("control socket %s: a file that is not a socket is in the way: move it", path)
		}
		if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
			c.Close()
			return nil, fmt.Errorf("control socket %s: %w (is another bot using the same database?)", path, ErrInUse)
		}
	}
	dir, err := os.MkdirTemp(filepath.Dir(path), privateSocketDir)
	if err != nil {
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o700); err != nil { // MkdirTemp's 0700 less the umask: never looser
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	tmp := filepath.Join(dir, "s")
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: tmp, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	l.SetUnlinkOnClose(false) // it is renamed; Serve removes it
	if listenHook != nil {
		listenHook(tmp)
	}
	if err = os.Chmod(tmp, 0o600); err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		l.Close()
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	return l, nil
}

// privateSocketDir is the pattern of the private directory listen makes;
// privateSocketExtra bounds what it and the socket's name add to the
// directory's path ("/.bfsock" + up to 10 random digits + "/s").
const (
	privateSocketDir   = ".bfsock"
	privateSocketExtra = len("/"+privateSocketDir) + 10 + len("/s")
)

// listenHook, set by tests, runs after the socket is bound in its private
// directory and before it is made 0600 and moved into place.
var listenHook func(tmp string)

// handle answers one connection.
func handle(ctx context.Context, c net.Conn, b Backuper) {
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	c.SetReadDeadline(time.Now().Add(requestTimeout))
	line, err := bufio.NewReader(io.LimitReader(c, maxRequest)).ReadString('\n')
	if err != nil {
		return // no request, or a runaway one: nothing to answer
	}
	w := bufio.NewWriterSize(deadlineWriter{c}, 64<<10)
	switch req := strings.TrimSpace(line); req {
	case requestBackup:
		n, err := b.Backup(ctx, dataWriter{w})
		if err != nil {
			writeFrame(w, frameError, []byte(truncate(err.Error())))
		} else {
			writeFrame(w, frameDone, []byte(strconv.FormatInt(n, 10)))
		}
	default:
		writeFrame(w, frameError, []byte(truncate(fmt.Sprintf("unknown request %q: this bot answers %q", req, requestBackup))))
	}
	w.Flush()
}

// deadlineWriter gives every write its own deadline, so a slow reader is
// fine and a stalled one is dropped.
type deadlineWriter struct{ c net.Conn }

func (d deadlineWriter) Write(p []byte) (int, error) {
	d.c.SetWriteDeadline(time.Now().Add(writeTimeout))
	return d.c.Write(p)
}

func truncate(s string) string {
	if len(s) > maxMessage {
		return s[:maxMessage]
	}
	return s
}
