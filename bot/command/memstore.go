package command

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"bfbot/campaign"
	"bfbot/internal/selfcheck"
	"bfbot/referee/dice"
)

// MemStore is a Store kept in memory: for tests, for the console without
// --db and for the demo. It is deterministic: each campaign's dice come
// from a source made for its ID when the campaign is created.
type MemStore struct {
	mu        sync.Mutex
	next      int64
	records   map[int64]*memRecord
	newSource func(id int64) dice.Source
	// remind holds each campaign's players who asked for reminders.
	remind map[int64]map[string]bool
}

var (
	_ ReminderPrefs = (*MemStore)(nil)
	_ Snapshots     = (*MemStore)(nil)
)

type memRecord struct {
	// history holds every stored value, oldest first; the last is current.
	history []*campaign.Campaign
	dice    *dice.Dice
	src     dice.Source // the dice's source
	// rev counts the stored changes, undos too (Snapshots).
	rev uint64
}

// maxUndo bounds the snapshots a MemStore keeps per campaign.
const maxUndo = 64

// NewMemStore returns an empty store whose campaign N rolls dice seeded
// with seed+N, so one seed replays a whole console session.
func NewMemStore(seed uint64) *MemStore {
	return NewMemStoreSource(func(id int64) dice.Source { return dice.NewSeeded(seed + uint64(id)) })
}

// NewMemStoreSource returns an empty store taking each new campaign's
// dice from newSource (a shared *dice.Script for `--dice`).
func NewMemStoreSource(newSource func(id int64) dice.Source) *MemStore {
	return &MemStore{next: 1, records: map[int64]*memRecord{}, newSource: newSource, remind: map[int64]map[string]bool{}}
}

// Create implements Store.
func (m *MemStore) Create(_ context.Context, c *campaign.Campaign) (int64, error) {
	if c == nil {
		return 0, fmt.Errorf("memstore: create: nil campaign")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	id := m.next
	m.next++
	c.ID = id
	src := m.newSource(id)
	m.records[id] = &memRecord{history: []*campaign.Campaign{c}, dice: dice.New(src), src: src, rev: 1}
	return id, nil
}

// Get implements Store: a shell of the stored campaign (campaign.Shell),
// whose fields the caller may set.
func (m *MemStore) Get(_ context.Context, id int64) (*campaign.Campaign, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.records[id]
	if !ok {
		return nil, fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	return r.current().Shell(), nil
}

func (r *memRecord) current() *campaign.Campaign { return r.history[len(r.history)-1] }

// List implements Store.
func (m *MemStore) List(_ context.Context) ([]Summary, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Summary, 0, len(m.records))
	for _, r := range m.records {
		out = append(out, Summarize(r.current()))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// Find implements Store: the memory store filters every campaign.
func (m *MemStore) Find(ctx context.Context, ix Index, key string) ([]Summary, error) {
	list, err := m.List(ctx)
	var out []Summary
	for _, s := range list {
		if ix.holds(s, key) {
			out = append(out, s)
		}
	}
	return out, err
}

// Count implements Store.
func (m *MemStore) Count(ctx context.Context, ix Index, key string) (int, error) {
	list, err := m.Find(ctx, ix, key)
	return len(list), err
}

// Update implements Store. The whole update holds the store's lock, as a
// bbolt write transaction would. fn gets a shell of the stored campaign
// (campaign.Shell), as from the bbolt store's cache, and must copy what
// it changes below the shell's fields (storage.UpdateFunc); in a test
// binary a change that edits the stored campaign in place is refused.
func (m *MemStore) Update(_ context.Context, id int64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error {
	return m.updateAt(id, 0, fn)
}

// updateAt is Update, done only at revision at (UpdateAt); at 0 takes
// any.
func (m *MemStore) updateAt(id int64, at uint64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.records[id]
	if !ok {
		return fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	if at != 0 && r.rev != at {
		return fmt.Errorf("campaign %d: revision %d, not %d: %w", id, r.rev, at, ErrChanged)
	}
	cur := r.current()
	var before []byte
	if selfcheck.On() {
		var err error
		if before, err = json.Marshal(cur); err != nil {
			return fmt.Errorf("memstore: campaign %d: %w", id, err)
		}
	}
	n, err := fn(cur.Shell(), r.dice)
	if selfcheck.On() {
		if after, merr := json.Marshal(cur); merr != nil || !bytes.Equal(before, after) {
			return fmt.Errorf("memstore: campaign %d: the change edited in place what the stored campaign shares (a side's units, a battle's state, a list or a map): copy what it changes first (storage.UpdateFunc)", id)
		}
	}
	if err != nil {
		return err
	}
	if n == nil {
		return fmt.Errorf("memstore: update of campaign %d returned no campaign", id)
	}
	n.ID = id
	r.rev++
	r.history = append(r.history, n)
	if len(r.history) > maxUndo+1 {
		r.history = append([]*campaign.Campaign(nil), r.history[len(r.history)-maxUndo-1:]...)
	}
	return nil
}

// Undo implements Store. The dice are not rewound (ruling SG1): an
// undone roll is not thrown again with the same faces.
func (m *MemStore) Undo(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.records[id]
	if !ok {
		return fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	if len(r.history) < 2 {
		return fmt.Errorf("campaign %d: %w", id, ErrNothingToUndo)
	}
	r.history = r.history[:len(r.history)-1]
	r.rev++
	return nil
}

// Snapshot implements Snapshots, for a campaign whose dice are seeded
// (a scripted source, shared by every campaign, cannot be copied).
func (m *MemStore) Snapshot(_ context.Context, id int64) (*campaign.Campaign, *dice.Dice, uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.records[id]
	if !ok {
		return nil, nil, 0, fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	seeded, ok := r.src.(*dice.Seeded)
	if !ok {
		return nil, nil, 0, ErrNoSnapshots
	}
	state, err := seeded.MarshalBinary()
	if err != nil {
		return nil, nil, 0, err
	}
	copied := new(dice.Seeded)
	if err := copied.UnmarshalBinary(state); err != nil {
		return nil, nil, 0, err
	}
	return r.current().Shell(), dice.New(copied), r.rev, nil
}

// UpdateAt implements Snapshots.
func (m *MemStore) UpdateAt(_ context.Context, id int64, rev uint64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error {
	return m.updateAt(id, rev, fn)
}

// Export implements Store.
func (m *MemStore) Export(ctx context.Context, id int64) ([]byte, error) {
	c, err := m.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(c, "", "  ")
}

// DiceLog returns the rolls made so far for a campaign (nil for none).
func (m *MemStore) DiceLog(id int64) []dice.Roll {
	m.mu.Lock()
	defer m.mu.Unlock()
	if r, ok := m.records[id]; ok {
		return r.dice.Log()
	}
	return nil
}

// SetRemind implements ReminderPrefs.
func (m *MemStore) SetRemind(_ context.Context, id int64, user string, on bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.records[id]; !ok {
		return fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	if m.remind[id] == nil {
		m.remind[id] = map[string]bool{}
	}
	if on {
		m.remind[id][user] = true
	} else {
		delete(m.remind[id], user)
	}
	return nil
}

// Reminded implements ReminderPrefs.
func (m *MemStore) Reminded(_ context.Context, id int64) (map[string]bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]bool{}
	for u := range m.remind[id] {
		out[u] = true
	}
	return out, nil
}
