package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A damaged bbolt file can do more than fail a read: bbolt trusts the
// page pointers it reads through its memory map, so a flipped byte can
// send it outside the map (SIGSEGV, a fatal error no recover() catches)
// or into one of its assertion panics on a goroutine of its own. A bot
// that opened such a file would start normally and die at the first
// request that reached the bad page, again after every restart. So the
// file is read whole, bbolt's own consistency check and every key and
// value, in a child process before anything is served from it: a memory
// fault then kills the child, and the parent reports the file as
// damaged.
//
// The child is this very program, run again (os.Executable) with
// verifyEnv naming the file: the package's init sees the variable, checks
// the file and exits before main (or a test binary's tests) runs. Every
// program that opens a store links this package, so every one of them,
// bfbot and the test binaries alike, can be its own verifier.

// verifyEnv names the file the child checks.
const verifyEnv = "BFBOT_STORAGE_VERIFY_FILE"

// The child's exit codes. A Go panic or fatal error exits 2.
const (
	verifyOK       = 0
	verifyProblems = 1 // one problem a line on standard output
	verifyNoOpen   = 3 // bbolt refused to open it; the parent's Open says why
	verifyRunaway  = 4 // the check took too much memory (verifyWatchdog)
)

// maxVerifyProblems bounds the problems the child lists.
const maxVerifyProblems = 50

func init() {
	if path, ok := os.LookupEnv(verifyEnv); ok {
		os.Exit(verifyChild(path, os.Stdout))
	}
}

// ErrDamaged is returned (in a *DamageError) by Verify and by Open with
// Options.Verify for a file that fails bbolt's consistency check or
// crashes it.
var ErrDamaged = errors.New("database file is damaged")

// DamageError is a file that failed the consistency check.
type DamageError struct {
	Path string
	// Problems are bbolt's findings, one a line, at most
	// maxVerifyProblems (then a count of the rest).
	Problems []string
	// Crash is how the check died, if it did ("exit status 2: unexpected
	// fault address 0x…", "panic: assertion failed: …").
	Crash string
}

func (e *DamageError) Error() string {
	what := "the consistency check crashed on it (" + e.Crash + ")"
	if e.Crash == "" && len(e.Problems) > 0 {
		what = e.Problems[0]
		if n := len(e.Problems) - 1; n > 0 {
			what += fmt.Sprintf(" (and %d more lines)", n)
		}
	}
	return fmt.Sprintf("%s: %v: %s; bfbot will not read it: restore it from a backup (the newest copy bfbot backup made), and run `bfbot check --db %s` to see the damage", e.Path, ErrDamaged, what, e.Path)
}

func (e *DamageError) Unwrap() error { return ErrDamaged }

// Verify reads the whole file at path: first its pages, raw, each page
// the newest transaction reaches checked to lie inside the file and to
// hold its elements' keys and values inside itself (pages.go); then
// bbolt's consistency check and every key and value, in a child
// process, so that a file damaged badly enough to crash bbolt crashes
// the child, not the caller; then its two meta pages, raw (meta.go). It returns nil for a sound file, for a
// missing or empty one (Open creates it), and when bbolt cannot open the
// file at all (locked, not bbolt: Open says so itself); a *DamageError
// for a file that fails the check, and a *MetaDamageError for one that
// passes it at the transaction before its newest because one meta page
// is damaged.
func Verify(ctx context.Context, path string) error {
	fi, err := os.Stat(path)
	if err != nil || fi.Size() == 0 {
		return nil
	}
	if problem := checkPages(path); problem != "" {
		return &DamageError{Path: path, Problems: []string{problem}}
	}
	return verifyInChild(ctx, path, fi.Size())
}

// verifyInChild is Verify after the page walk: bbolt's check and a read
// of every key and value, in the child, then the meta pages.
func verifyInChild(ctx context.Context, path string, size int64) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("%s: cannot check the file before opening it: %w", path, err)
	}
	// A damaged file can make bbolt walk a cycle of pages for ever: the
	// check gets a minute and a second per 20 MB of file, some ten times
	// what reading the file takes.
	limit := time.Minute + time.Duration(size/(20<<20))*time.Second
	cctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(cctx, exe)
	// GOTRACEBACK=none: a crash prints its cause, not every goroutine.
	cmd.Env = append(os.Environ(), verifyEnv+"="+path, "GOTRACEBACK=none")
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &limitedBuffer{buf: &stdout, max: 64 << 10}
	cmd.Stderr = &limitedBuffer{buf: &stderr, max: 64 << 10}
	err = cmd.Run()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if cctx.Err() != nil {
		return &DamageError{Path: path, Problems: lines(stdout.String()), Crash: fmt.Sprintf("it did not finish in %s: a loop in the file's pages", limit)}
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return checkMeta(path)
	case !errors.As(err, &exit):
		return fmt.Errorf("%s: cannot check the file before opening it: %w", path, err)
	case exit.ExitCode() == verifyNoOpen:
		return nil
	case exit.ExitCode() == verifyProblems:
		return &DamageError{Path: path, Problems: lines(stdout.String())}
	}
	return &DamageError{Path: path, Problems: lines(stdout.String()), Crash: crashCause(err, stderr.String())}
}

// crashCause is the child's end in a line: its exit status or signal and
// the runtime's first words about it.
func crashCause(err error, stderr string) string {
	var cause []string
	for _, l := range lines(stderr) {
		if strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "fatal error:") ||
			strings.HasPrefix(l, "unexpected fault address") || strings.HasPrefix(l, "[signal") {
			cause = append(cause, l)
		}
		if len(cause) == 2 {
			break
		}
	}
	if len(cause) == 0 {
		return err.Error()
	}
	return err.Error() + ": " + strings.Join(cause, "; ")
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// verifyChild is the child's whole life: open path read-only, run bbolt's
// check, then read every key and value of every bucket (a value whose
// element points outside the file faults here, in the child). It writes
// the problems to w and returns the exit code.
func verifyChild(path string, w io.Writer) int {
	// A cycle of branch pages makes bbolt's check recurse without end:
	// a small stack limit turns that into a quick fatal error. Other
	// damage (an element's size flipped) makes it allocate without end:
	// a watchdog ends the child well before the machine runs out of
	// memory. bbolt's check needs some bytes per page; the file's own
	// size is far more than that.
	debug.SetMaxStack(64 << 20)
	if fi, err := os.Stat(path); err == nil {
		go verifyWatchdog(256<<20 + uint64(fi.Size()))
	}
	// A writer holding the file makes the parent's Open wait and fail with
	// ErrLocked itself: the child does not wait for it too.
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 10 * time.Millisecond})
	if err != nil {
		fmt.Fprintln(w, err)
		return verifyNoOpen
	}
	defer db.Close()
	n := 0
	report := func(err error) {
		if n++; n <= maxVerifyProblems {
			fmt.Fprintf(w, "bbolt: %v\n", err)
		}
	}
	_ = db.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			report(err)
		}
		if n == 0 {
			var sum byte
			_ = tx.ForEach(func(name []byte, b *bolt.Bucket) error {
				sum ^= touchBucket(b)
				return nil
			})
			// Keeps the compiler from dropping touchBucket's reads.
			runtime.KeepAlive(sum)
		}
		return nil
	})
	if n > maxVerifyProblems {
		fmt.Fprintf(w, "bbolt: and %d more problems\n", n-maxVerifyProblems)
	}
	if n > 0 {
		return verifyProblems
	}
	return verifyOK
}

// verifyWatchdog ends the child once its heap passes limit bytes.
func verifyWatchdog(limit uint64) {
	var ms runtime.MemStats
	for range time.Tick(50 * time.Millisecond) {
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > limit {
			fmt.Fprintf(os.Stderr, "fatal error: bbolt's check took more than %d MiB of memory\n", limit>>20)
			os.Exit(verifyRunaway)
		}
	}
}

// touchBucket reads every byte of every key and value under b.
func touchBucket(b *bolt.Bucket) byte {
	var sum byte
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		for _, x := range k {
			sum ^= x
		}
		if v == nil {
			if child := b.Bucket(k); child != nil {
				sum ^= touchBucket(child)
			}
			continue
		}
		for _, x := range v {
			sum ^= x
		}
	}
	return sum
}

// limitedBuffer keeps the first max bytes written to it and drops the
// rest, so a child that writes without end costs bounded memory.
type limitedBuffer struct {
	buf *bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.buf.Len(); room > 0 {
		b.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
