package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
)

// The event log only grows, and every change to a campaign is made on a
// copy (Clone, Shell, GiveOrder's copy of one side's orders), so a
// campaign and the copies made from it share the start of one log.
// Copying the log for each change would make an event cost as much as
// the whole campaign's history (6,000 events after 1,000 turns).
//
// A Log is therefore persistent and chunked: its events lie in full
// chunks of LogChunkSize events, which never change once full and are
// shared by every copy, and an open tail of fewer. Copying a Log copies
// eight words. An event goes into the array behind the tail in place
// when its log is the longest written there: the first copy to add an
// event after position n claims slot n (atomically, as campaigns handed
// out by a store's cache are copied on several goroutines at once); any
// other that adds one later finds the slot taken and copies the tail
// (at most LogChunkSize-1 events) to an array of its own. A tail that
// fills becomes a full chunk, appended to the spine of chunks the same
// way. An event, and a branch after an undo, costs O(1) whatever the
// campaign's age; only a branch made exactly when a chunk fills copies
// the spine, a pointer per LogChunkSize events.
//
// A full chunk may be lazy (LazyLogChunk): the store hands over the
// chunks it read without decoding them, and each is decoded the first
// time a reader touches one of its events, once, under a sync.Once, so
// that copies read on several goroutines decode it once between them.
// A load that cannot decode a chunk (its bytes, checked when they were
// read, decode by construction: the store decodes each chunk before it
// writes it) cannot fail the reader: the chunk's events read as
// unreadableEvent, which names no one and carries no secret, and the
// log's Err reports the failure, which the store refuses any change
// over (and bfbot check reports).

// LogChunkSize is the number of events in a full chunk of a Log: the
// store keeps the log in chunks of the same size.
const LogChunkSize = 64

// A Log is a campaign's events, oldest first. The zero Log is empty and
// ready; a copy of a Log is independent of the original (an event
// appended to one is not in the other), and shares its events.
type Log struct {
	full  []*LogChunk             // the full chunks, oldest first; cap == len
	spine *sharedArray[*LogChunk] // the array full may lie at the start of
	tail  []Event                 // the events after them, fewer than LogChunkSize; cap == len
	open  *sharedArray[Event]     // the array tail may lie at the start of
	// tailErr is the error of the chunk tail was cut from by Prefix,
	// when that chunk could not be loaded: its events are placeholders.
	tailErr error
}

// sharedArray is an array behind the slices of Logs that share a prefix.
type sharedArray[T any] struct {
	items []T // its length is its capacity
	// used is how many of items some Log holds: the next item goes to
	// items[used], by whoever moves it on first.
	used atomic.Int64
}

// appendShared appends v to s, which lies at the start of (*a).items
// when *a is not nil: in place when s is the longest written there and
// the array has room, else in a new array of size(len(s)) items, which
// *a becomes. The slice returned has its capacity cut to its length.
func appendShared[T any](a **sharedArray[T], s []T, v T, size func(int) int) []T {
	n := len(s)
	if x := *a; x != nil && n < len(x.items) && (n == 0 || &x.items[0] == &s[0]) && x.used.CompareAndSwap(int64(n), int64(n+1)) {
		x.items[n] = v
		return x.items[: n+1 : n+1]
	}
	x := &sharedArray[T]{items: make([]T, size(n))}
	copy(x.items, s)
	x.items[n] = v
	x.used.Store(int64(n + 1))
	*a = x
	return x.items[: n+1 : n+1]
}

// A LogChunk is LogChunkSize events of a Log, never changed once made.
type LogChunk struct {
	once   sync.Once
	loaded atomic.Bool             // events (and err) are set
	load   func() ([]Event, error) // nil for a chunk made whole, and once loaded
	events []Event
	err    error
}

// NewLogChunk is a full chunk of events, which must be LogChunkSize
// long and never change after.
func NewLogChunk(events []Event) *LogChunk {
	if len(events) != LogChunkSize {
		panic(fmt.Sprintf("campaign: a log chunk of %d events, want %d", len(events), LogChunkSize))
	}
	return wholeChunk(events)
}

// wholeChunk is the loaded chunk of events, LogChunkSize of them.
func wholeChunk(events []Event) *LogChunk {
	k := &LogChunk{events: events[:LogChunkSize:LogChunkSize]}
	k.loaded.Store(true)
	return k
}

// LazyLogChunk is a full chunk whose events load gives the first time
// one is read; load must give LogChunkSize events, which never change
// after, or an error (see the comment at the top of this file).
func LazyLogChunk(load func() ([]Event, error)) *LogChunk {
	return &LogChunk{load: load}
}

// unreadableEvent is what each event of a chunk that could not be
// loaded reads as: it names no side and tells nothing.
var unreadableEvent = Event{Step: "log", Type: "unreadable", Text: "an event the store could not read (bfbot check names the record)"}

// Events returns the chunk's events, loading them the first time; they
// must not be changed.
func (k *LogChunk) Events() []Event {
	if k.loaded.Load() {
		return k.events
	}
	k.once.Do(func() {
		events, err := k.load()
		if err == nil && len(events) != LogChunkSize {
			err = fmt.Errorf("%d events in a full chunk of the log, want %d", len(events), LogChunkSize)
		}
		if err != nil {
			k.err = err
			events = make([]Event, LogChunkSize)
			for i := range events {
				events[i] = unreadableEvent
			}
		}
		// The packed bytes load holds are not needed again.
		k.events, k.load = events[:LogChunkSize:LogChunkSize], nil
		k.loaded.Store(true)
	})
	return k.events
}

// Loaded reports whether the chunk's events are decoded: a chunk made
// whole, or a lazy one some reader touched.
func (k *LogChunk) Loaded() bool { return k.loaded.Load() }

// Err is the error loading the chunk gave, once it is loaded (nil before,
// and for a chunk that loaded).
func (k *LogChunk) Err() error {
	if !k.loaded.Load() {
		return nil
	}
	return k.err
}

// AssembleLog is the log of the full chunks and then tail (fewer than
// LogChunkSize events), none of which may change after.
func AssembleLog(full []*LogChunk, tail []Event) Log {
	if len(tail) >= LogChunkSize {
		panic(fmt.Sprintf("campaign: a log's open tail of %d events, want fewer than %d", len(tail), LogChunkSize))
	}
	return Log{full: full[:len(full):len(full)], tail: tail[:len(tail):len(tail)]}
}

// NewLog is the log of events, which must not change after (the log's
// chunks are slices of them).
func NewLog(events ...Event) Log {
	n := len(events) / LogChunkSize
	full := make([]*LogChunk, n)
	for i := range full {
		full[i] = wholeChunk(events[i*LogChunkSize:])
	}
	return AssembleLog(full, events[n*LogChunkSize:])
}

// Len is the number of events.
func (l Log) Len() int { return len(l.full)*LogChunkSize + len(l.tail) }

// IsZero reports an empty log (its JSON is then left out of a document).
func (l Log) IsZero() bool { return l.Len() == 0 }

// At returns event i (from 0); it panics when i is out of range, as an
// index does.
func (l Log) At(i int) Event {
	if k := i / LogChunkSize; i >= 0 && k < len(l.full) {
		return l.full[k].Events()[i%LogChunkSize]
	}
	return l.tail[i-len(l.full)*LogChunkSize]
}

// Chunks returns the full chunks, oldest first; the list must not be
// changed.
func (l Log) Chunks() []*LogChunk { return l.full }

// Tail returns the events after the full chunks; they must not be
// changed.
func (l Log) Tail() []Event { return l.tail }

// All yields each event with its position, oldest first.
func (l Log) All() iter.Seq2[int, Event] {
	return func(yield func(int, Event) bool) {
		for k, c := range l.full {
			for j, e := range c.Events() {
				if !yield(k*LogChunkSize+j, e) {
					return
				}
			}
		}
		for j, e := range l.tail {
			if !yield(len(l.full)*LogChunkSize+j, e) {
				return
			}
		}
	}
}

// Backward yields each event with its position, newest first: a reader
// that looks for the last events of some kind touches only the chunks
// it reaches.
func (l Log) Backward() iter.Seq2[int, Event] {
	return func(yield func(int, Event) bool) {
		base := len(l.full) * LogChunkSize
		for j := len(l.tail) - 1; j >= 0; j-- {
			if !yield(base+j, l.tail[j]) {
				return
			}
		}
		for k := len(l.full) - 1; k >= 0; k-- {
			events := l.full[k].Events()
			for j := LogChunkSize - 1; j >= 0; j-- {
				if !yield(k*LogChunkSize+j, events[j]) {
					return
				}
			}
		}
	}
}

// Since returns a copy of the events from position i on (the events a
// change added, when i is the log's length before it).
func (l Log) Since(i int) []Event {
	if i >= l.Len() {
		return nil
	}
	out := make([]Event, 0, l.Len()-i)
	for k := i / LogChunkSize; k < len(l.full); k++ {
		out = append(out, l.full[k].Events()[max(i-k*LogChunkSize, 0):]...)
	}
	return append(out, l.tail[max(i-len(l.full)*LogChunkSize, 0):]...)
}

// Events returns a copy of every event.
func (l Log) Events() []Event { return l.Since(0) }

// Prefix is the log of the first n events (0 ≤ n ≤ Len).
func (l Log) Prefix(n int) Log {
	if n < 0 || n > l.Len() {
		panic(fmt.Sprintf("campaign: prefix of %d events of a log of %d", n, l.Len()))
	}
	k, r := n/LogChunkSize, n%LogChunkSize
	p := Log{full: l.full[:k:k], spine: l.spine}
	if k < len(l.full) {
		p.tail = l.full[k].Events()[:r:r]
		if err := l.full[k].Err(); err != nil && r > 0 {
			p.tailErr = chunkError(k, err)
		}
	} else {
		p.tail, p.open = l.tail[:r:r], l.open
		if r > 0 {
			p.tailErr = l.tailErr
		}
	}
	return p
}

// Err reports the first chunk that could not be loaded among those
// read so far, or that a Prefix cut its tail from (nil when none
// failed); each of its events reads as a placeholder.
func (l Log) Err() error {
	for k, c := range l.full {
		if err := c.Err(); err != nil {
			return chunkError(k, err)
		}
	}
	return l.tailErr
}

// chunkError is err, loading the k-th full chunk, saying which events
// it held.
func chunkError(k int, err error) error {
	return fmt.Errorf("events %d to %d of the log: %w", k*LogChunkSize+1, (k+1)*LogChunkSize, err)
}

// Append adds events at the end, in place when no copy of the log has
// added any since (see the top of this file).
func (l *Log) Append(evs ...Event) {
	for _, e := range evs {
		l.tail = appendShared(&l.open, l.tail, e, func(int) int { return LogChunkSize })
		if len(l.tail) == LogChunkSize {
			k := wholeChunk(l.tail)
			k.err = errors.Unwrap(l.tailErr) // the placeholders stay known as such
			l.full = appendShared(&l.spine, l.full, k, func(n int) int { return max(2*n, 16) })
			l.tail, l.open, l.tailErr = nil, nil, nil
		}
	}
}

// MarshalJSON writes the log as the list of its events.
func (l Log) MarshalJSON() ([]byte, error) { return json.Marshal(l.Events()) }

// UnmarshalJSON reads a list of events.
func (l *Log) UnmarshalJSON(data []byte) error {
	var events []Event
	if err := json.Unmarshal(data, &events); err != nil {
		return err
	}
	*l = NewLog(events...)
	return nil
}

// emit appends events to the log, applying their VP to their sides.
func (c *Campaign) emit(evs ...Event) {
	for _, e := range evs {
		if e.Turn == 0 {
			e.Turn = c.Turn
		}
		if e.VP != 0 {
			if s := c.Side(e.Side); s != nil {
				s.VP += e.VP
			}
		}
		c.Log.Append(e)
	}
}

// VP is the victory points the log's events give each side (LogVP).
func (l Log) VP() map[string]int {
	vp := map[string]int{}
	for _, e := range l.All() {
		if e.VP != 0 {
			vp[e.Side] += e.VP
		}
	}
	return vp
}
