package campaign

import "sync/atomic"

// The event log only grows, and every change to a campaign is made on a
// copy (Clone, or GiveOrder's copy of one side's orders), so a campaign
// and the copies made from it share the start of one log. Copying the
// log for each change would make an event cost as much as the whole
// campaign's history (a log of 6,000 events after 1,000 turns).
//
// Instead the copies share the array behind their logs, a logArray:
// each Log is a prefix of it, with its capacity cut to its length so
// that a plain append copies rather than writing into another
// campaign's events. emit writes the next event into the array itself
// when its campaign's log is the longest written there: the first copy
// to add an event after position n claims slot n (the claim is atomic,
// as campaigns handed out by a store's cache are copied on several
// goroutines at once); any other that adds one later finds the slot
// taken and moves to an array of its own. The common history — each
// change made on a copy of the one before — appends in place, so an
// event costs O(1) whatever the campaign's age.

// logArray is the array behind logs that share a prefix.
type logArray struct {
	events []Event // its length is its capacity
	// used is how many of events some log holds: the next event goes to
	// events[used], by whoever moves it on first.
	used atomic.Int64
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
		c.appendEvent(e)
	}
}

// appendEvent adds e to the log: in place when c's log is the longest
// written into its array and the array has room, else in a new array
// twice as long.
func (c *Campaign) appendEvent(e Event) {
	n := len(c.Log)
	if a := c.logs; a != nil && n < len(a.events) && (n == 0 || &a.events[0] == &c.Log[0]) && a.used.CompareAndSwap(int64(n), int64(n+1)) {
		a.events[n] = e
		c.Log = a.events[: n+1 : n+1]
		return
	}
	a := &logArray{events: make([]Event, max(2*n, 16))}
	copy(a.events, c.Log)
	a.events[n] = e
	a.used.Store(int64(n + 1))
	c.logs = a
	c.Log = a.events[: n+1 : n+1]
}
