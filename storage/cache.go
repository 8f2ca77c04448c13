package storage

import (
	"sync"

	"bfbot/campaign"
)

// CacheSize bounds the decoded campaigns a Store keeps. The soak test
// (bot/app) ends its warm-up once more campaigns than this were made, so
// a heap that grows only while the cache fills is not taken for a leak.
const CacheSize = 64

// cache keeps the newest decoded revision of recently used campaigns, so
// a command's round trip need not decode the document it wrote last time
// (decoding is most of a round trip's work). An entry is keyed by campaign
// and revision; a revision's content never changes once committed and
// revisions only rise, so an entry is either right or unused. Entries are
// added only after their transaction committed.
type cache struct {
	mu      sync.Mutex
	entries map[int64]cached
}

type cached struct {
	rev uint64
	c   *campaign.Campaign
	doc []byte // c's document as stored, which the next change compares its parts with (newestRecord) and makes its delta from
	// lines are doc's parts (splitParts) when a change made doc (nil:
	// not split yet): the next change's base (newPartsBase).
	lines [][]byte
	// sum is the summary stored with revision rev when a change wrote it
	// (nil: not known): the next change moves the index entries from it
	// without reading it again (putSummary).
	sum *Summary
	// last is the bbolt store's chunk of the log holding c's last event,
	// its lines as stored (nil: not kept): the next change compares that
	// event with its own (sameEvent) and appends after it without reading
	// and inflating the chunk again (a chunk damaged on the disk meanwhile
	// is then written afresh from these lines, never copied).
	last [][]byte
	// event is c's last event as a change stored it (nil: not known),
	// a copy: the next change finds its own last stored event alike
	// (sameLoggedEvent) without encoding it to compare with last's line.
	event *campaign.Event
	// vp is the victory points the events of c's log as stored give each
	// side (campaign.LogVP), which the next change checks the sides'
	// against (change): kept, so that a change adds only its own events'.
	vp map[string]int
	// kept: c's strings refer to doc (decodeKeptDoc), whose memory is
	// therefore never reused (Store.spareDoc).
	kept bool
}

// get returns campaign id's entry at revision rev with a shell
// (campaign.Shell) of its campaign, or nil; the document and the chunk
// must not be changed.
func (k *cache) get(id int64, rev uint64) *cached {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.entries[id]
	if !ok || e.rev != rev {
		return nil
	}
	// Copied under the lock: take may give the entry to a change that
	// alters it in place.
	e.c = e.c.Shell()
	return &e
}

// take removes campaign id's entry at revision rev and returns it, not
// copied, or nil. A change (Store.Update) takes the campaign it gives its
// function, which may set its fields (UpdateFunc), and puts a shell of
// the function's result back once it commits.
func (k *cache) take(id int64, rev uint64) *cached {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.entries[id]
	if !ok || e.rev != rev {
		return nil
	}
	delete(k.entries, id)
	return &e
}

// drop forgets campaign id.
func (k *cache) drop(id int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.entries, id)
}

// put remembers campaign id's entry e: the campaign at revision e.rev
// with its document, the chunk holding its last event (nil: not known)
// and its log's victory points; none may change after.
func (k *cache) put(id int64, e cached) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.entries == nil {
		k.entries = map[int64]cached{}
	}
	if was, ok := k.entries[id]; ok && was.rev > e.rev {
		return // a later commit got here first
	}
	if _, ok := k.entries[id]; !ok && len(k.entries) >= CacheSize {
		for other := range k.entries {
			delete(k.entries, other)
			break
		}
	}
	k.entries[id] = e
}
