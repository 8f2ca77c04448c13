// Package admin is the running bot's local control socket: a Unix domain
// socket beside the database file (SocketPath), mode 0600, that the bot
// creates while it runs and removes when it stops. bbolt locks its file,
// so `bfbot backup` cannot open the database a bot holds; it asks the bot
// through this socket instead, and the bot streams a consistent copy from
// one read transaction (storage.Store.Backup) while it goes on working.
//
// # Protocol
//
// The client sends one request line ("backup\n"). The server answers
// with frames, each a type byte, a big-endian uint32 length and that many
// bytes: 'd' a piece of the copy, then exactly one of 'k' (done; the
// payload is the byte count in decimal) or 'e' (failed; the payload says
// why). A copy is complete only when 'k' arrives and its count matches
// the bytes received, so a bot that dies midway never yields half a copy
// that looks whole.
//
// # Caveats
//
// Only the file's owner may connect (mode 0600): that is the whole access
// control, the same as for the database file itself. The socket path must
// fit a sockaddr_un (SocketPath names the limit in its error).
package admin

import (
	"context"
	"errors"
	"io"
)

// Backuper writes a consistent copy of the database (storage.Store).
type Backuper interface {
	Backup(ctx context.Context, w io.Writer) (int64, error)
}

// SocketPath is the control socket of the database file db: db + ".sock".
func SocketPath(db string) string { return db + ".sock" }

// Errors.
var (
	// ErrNoServer: nothing answers at the socket path (no file, or a
	// socket left behind by a bot that is gone). Backup wraps it.
	ErrNoServer = errors.New("no bot answers at the control socket")
	// ErrInUse: Serve found a live control socket at its path: another
	// bot serves that database.
	ErrInUse = errors.New("control socket already served by another process")
	// ErrProtocol: the other end does not speak this protocol, or broke
	// off midway.
	ErrProtocol = errors.New("control socket: broken answer")
)

// Frame types.
const (
	frameData  = 'd'
	frameDone  = 'k'
	frameError = 'e'
)

// Limits of the protocol.
const (
	requestBackup = "backup"
	// maxRequest bounds the request line.
	maxRequest = 64
	// chunk is the size of a data frame the server sends.
	chunk = 32 << 10
	// maxFrame bounds any frame a client accepts.
	maxFrame = 1 << 20
	// maxMessage bounds 'k' and 'e' payloads.
	maxMessage = 4096
	// maxSocketPath is the longest path a sockaddr_un holds on every
	// platform Go supports (macOS and the BSDs: 104 bytes with the NUL).
	maxSocketPath = 103
)
