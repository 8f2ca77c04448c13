package storage

import (
	"slices"
	"sync"

	"bfbot/campaign"
)

// cacheSize bounds the decoded campaigns a Store keeps.
const cacheSize = 64

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
}

// get returns a shell of campaign id at revision rev and its document,
// or nil; the document must not be changed.
func (k *cache) get(id int64, rev uint64) (*campaign.Campaign, []byte) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.entries[id]
	if !ok || e.rev != rev {
		return nil, nil
	}
	// Copied under the lock: take may give the entry to a change that
	// alters it in place.
	return shell(e.c), e.doc
}

// take removes campaign id's entry at revision rev and returns it, not
// copied, with its document, or nil. A change (Store.Update) takes the
// campaign it gives its function, which may set its fields (UpdateFunc),
// and puts a shell of the function's result back once it commits.
func (k *cache) take(id int64, rev uint64) (*campaign.Campaign, []byte) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.entries[id]
	if !ok || e.rev != rev {
		return nil, nil
	}
	delete(k.entries, id)
	return e.c, e.doc
}

// shell copies c one level down: its fields, and new lists of its sides
// and of its battles with theirs, sharing everything they reach (the
// units, the battles' states and records, the map, the log). Every list
// shared is clipped, so that an append to it, in any holder, copies it
// rather than writing into another's spare room. A campaign is changed by copying what changes (UpdateFunc,
// Campaigns.Get): the cache gives each caller a shell of its own, whose
// fields and whose sides' and battles' fields it may set, and keeps a
// shell of what a change returned, instead of copying the whole campaign
// (most of it a side's units) for every command.
func shell(c *campaign.Campaign) *campaign.Campaign {
	n := *c
	n.Pending, n.Decisions, n.Log = slices.Clip(c.Pending), slices.Clip(c.Decisions), slices.Clip(c.Log)
	n.Sides = slices.Clone(c.Sides)
	for i := range n.Sides {
		s := &n.Sides[i]
		s.Players, s.Units, s.Battlegroups = slices.Clip(s.Players), slices.Clip(s.Units), slices.Clip(s.Battlegroups)
		s.RepairOrder, s.Intel = slices.Clip(s.RepairOrder), slices.Clip(s.Intel)
		o := &s.Orders
		o.Moves, o.Drops, o.Holds, o.Searches = slices.Clip(o.Moves), slices.Clip(o.Drops), slices.Clip(o.Holds), slices.Clip(o.Searches)
	}
	n.Battles = slices.Clone(c.Battles)
	for i := range n.Battles {
		b := &n.Battles[i]
		b.Sides, b.Installations, b.Terrain = slices.Clip(b.Sides), slices.Clip(b.Installations), slices.Clip(b.Terrain)
		b.Refusal, b.Log, b.Frames = slices.Clip(b.Refusal), slices.Clip(b.Log), slices.Clip(b.Frames)
	}
	return &n
}

// drop forgets campaign id.
func (k *cache) drop(id int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.entries, id)
}

// put remembers campaign id at revision rev with its document; neither
// may change after.
func (k *cache) put(id int64, rev uint64, c *campaign.Campaign, doc []byte) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.entries == nil {
		k.entries = map[int64]cached{}
	}
	if e, ok := k.entries[id]; ok && e.rev > rev {
		return // a later commit got here first
	}
	if _, ok := k.entries[id]; !ok && len(k.entries) >= cacheSize {
		for other := range k.entries {
			delete(k.entries, other)
			break
		}
	}
	k.entries[id] = cached{rev, c, doc}
}
