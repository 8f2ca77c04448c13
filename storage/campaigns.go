package storage

import (
	"context"
	"io"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Campaigns is what the bot needs of a store. Store implements it on a
// bbolt file; another engine can implement it without touching game code.
type Campaigns interface {
	// Create stores a copy of c under the next ID (from 1), with dice
	// seeded with seed, and returns the ID.
	Create(ctx context.Context, c *campaign.Campaign, seed uint64) (int64, error)
	// Get returns the campaign with the given ID, or ErrNotFound. The
	// campaign shares what its fields reach with the store's cache: the
	// caller may set its fields and its sides' and battles' fields, and
	// changes anything deeper only on a copy (Clone), as an UpdateFunc.
	Get(ctx context.Context, id int64) (*campaign.Campaign, error)
	// List returns a summary of every campaign, by ID.
	List(ctx context.Context) ([]Summary, error)
	// Find returns the summaries of the campaigns index ix holds under
	// key, by ID, reading no other campaign; Count counts them from the
	// index alone (index.go). A command asks them for the campaign of its
	// channel instead of listing every campaign.
	Find(ctx context.Context, ix Index, key string) ([]Summary, error)
	Count(ctx context.Context, ix Index, key string) (int, error)
	// Update applies fn to the campaign and its dice and saves the result,
	// an undo snapshot and the records given, in one transaction. An
	// error from fn aborts with nothing written. The campaign returned,
	// and the one fn returned, share with the cache as Get's does.
	Update(ctx context.Context, id int64, fn UpdateFunc, also ...Record) (*campaign.Campaign, error)
	// Undo restores the campaign before the last change, keeping the
	// dice state where it is (ruling SG1), and logs the undo as a campaign
	// event, or returns ErrNothingToUndo.
	Undo(ctx context.Context, id int64) (*campaign.Campaign, error)
	// Export returns the campaign as a readable, versioned JSON document;
	// Import loads one under a new ID and returns that ID.
	Export(ctx context.Context, id int64) ([]byte, error)
	Import(ctx context.Context, doc []byte) (int64, error)
	// Backup writes a consistent copy of the whole database to w while
	// other changes go on, and returns the bytes written.
	Backup(ctx context.Context, w io.Writer) (int64, error)
	// Check returns every broken invariant of the stored data.
	Check(ctx context.Context) []error
	// GetRecord returns an opaque record (nil, nil if none); PutRecord
	// writes one (a nil value deletes it); Records lists a campaign's
	// records of a kind, or every campaign's with campaign 0. The file
	// refuses a record whose checksum does not match with a
	// *RecordError naming it (seal.go); every campaign's Records
	// returns the sound records with a *DamagedRecords naming the rest.
	GetRecord(ctx context.Context, key RecordKey) ([]byte, error)
	PutRecord(ctx context.Context, key RecordKey, value []byte) error
	Records(ctx context.Context, campaign int64, kind RecordKind) ([]Record, error)
}

// UpdateFunc changes a campaign: it returns the new campaign, or an error
// that aborts the update. The campaign it is given is for this call
// alone: it may set its fields, its sides' and its battles' fields, but
// must not change in place what they reach (a side's units, a battle's
// state, a list or a map): it copies what it changes, as the campaign
// package's functions do (Clone), because the store copies a part whose
// value is the one it was given from the document before (reuse.go).
// That holds before a Clone too: a unit changed in place and then cloned
// compares equal to the base it changed, and the change is lost.
type UpdateFunc func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error)

// Summary is what List and Find tell of a campaign without decoding it.
type Summary struct {
	ID      int64          `json:"id"`
	Name    string         `json:"name"`
	Phase   campaign.Phase `json:"phase"`
	Turn    int            `json:"turn"`
	Referee string         `json:"referee,omitempty"`
	// Guild and Channel are where the campaign lives (Campaign.Guild,
	// Campaign.Channel), so a command finds the campaign of its channel
	// without decoding every campaign.
	Guild   string `json:"guild,omitempty"`
	Channel string `json:"channel,omitempty"`
	// Players maps each player's user ID to the side he plays.
	Players map[string]string `json:"players,omitempty"`
	// Pending are the users whose join waits for the referee.
	Pending  []string `json:"pending,omitempty"`
	Revision uint64   `json:"revision"`
}

// decodeSummary reads campaign id's stored summary, v: every reader (List,
// Find, Check, the copies, the etcd store's head and index) decodes it
// so, with the store's one decoder (decodeJSON).
func decodeSummary(id int64, v []byte) (Summary, error) {
	var sum Summary
	if err := decodeJSON(v, &sum); err != nil {
		return sum, &RecordError{Campaign: id, Key: string(keySummary), Err: err}
	}
	return sum, nil
}

// summarize makes a campaign's Summary at revision rev.
func summarize(c *campaign.Campaign, rev uint64) Summary {
	s := Summary{ID: c.ID, Name: c.Name, Phase: c.Phase, Turn: c.Turn, Referee: c.Referee, Guild: c.Guild, Channel: c.Channel, Revision: rev}
	for _, side := range c.Sides {
		for _, p := range side.Players {
			if s.Players == nil {
				s.Players = map[string]string{}
			}
			s.Players[p] = side.ID
		}
	}
	for _, r := range c.Pending {
		s.Pending = append(s.Pending, r.User)
	}
	return s
}

var _ Campaigns = (*Store)(nil)
