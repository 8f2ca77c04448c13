package admin

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"strconv"
	"syscall"
)

// Backup asks the bot serving the control socket at sockPath for a copy
// of its database and writes it to w. It returns the bytes written, and
// an error unless the bot confirmed the copy complete. When nothing
// answers at sockPath the error wraps ErrNoServer.
func Backup(ctx context.Context, sockPath string, w io.Writer) (int64, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", sockPath)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ECONNREFUSED) {
			return 0, fmt.Errorf("%s: %w", sockPath, ErrNoServer)
		}
		return 0, fmt.Errorf("control socket %s: %w", sockPath, err)
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	n, err := backup(c, w)
	if err != nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil {
		return n, fmt.Errorf("control socket %s: %w", sockPath, err)
	}
	return n, nil
}

func backup(c net.Conn, w io.Writer) (int64, error) {
	if _, err := io.WriteString(c, requestBackup+"\n"); err != nil {
		return 0, err
	}
	r := bufio.NewReaderSize(c, 64<<10)
	var got int64
	for {
		typ, size, err := readFrame(r)
		if err != nil {
			return got, err
		}
		if typ == frameData {
			n, err := io.CopyN(w, r, int64(size))
			got += n
			if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
				err = fmt.Errorf("%w: the bot closed the connection before the copy was complete", ErrProtocol)
			}
			if err != nil {
				return got, err
			}
			continue
		}
		msg := make([]byte, size)
		if _, err := io.ReadFull(r, msg); err != nil {
			return got, fmt.Errorf("%w: %v", ErrProtocol, err)
		}
		if typ == frameError {
			return got, fmt.Errorf("the bot could not make the copy: %s", msg)
		}
		want, err := strconv.ParseInt(string(msg), 10, 64)
		if err != nil || want != got {
			return got, fmt.Errorf("%w: the bot says it sent %q bytes, %d arrived", ErrProtocol, msg, got)
		}
		return got, nil
	}
}
