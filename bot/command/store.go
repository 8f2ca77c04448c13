package command

import (
	"context"
	"errors"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Store is what the command layer needs from storage: campaigns by ID,
// each change one transaction with the campaign's own dice, and the
// snapshots that /undo walks back. The bbolt store (package storage) and
// MemStore implement it.
//
// IMPORTANT: a *campaign.Campaign handed out by Get or to an Update
// function is a value the caller must not change; the campaign package's
// functions return new campaigns (Clone) and so never do.
type Store interface {
	// Create stores a new campaign, gives it the next ID (from 1), sets
	// c.ID and returns it.
	Create(ctx context.Context, c *campaign.Campaign) (int64, error)
	// Get returns a campaign, or an error wrapping ErrNotFound.
	Get(ctx context.Context, id int64) (*campaign.Campaign, error)
	// List summarizes every campaign, in ID order.
	List(ctx context.Context) ([]Summary, error)
	// Find summarizes the campaigns index ix holds under key, in ID
	// order, without reading every campaign; Count counts them. A
	// command finds its campaign through them: a List per command would
	// make a thousand campaigns' set-up read half a million summaries.
	Find(ctx context.Context, ix Index, key string) ([]Summary, error)
	Count(ctx context.Context, ix Index, key string) (int, error)
	// Update runs fn with the campaign and its dice in one transaction and
	// stores what fn returns (keeping the old value for Undo). When fn
	// fails nothing is stored and its error is returned as it is.
	Update(ctx context.Context, id int64, fn func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error)) error
	// Undo puts back the campaign as it was before its last Update; it
	// wraps ErrNothingToUndo when there is none.
	Undo(ctx context.Context, id int64) error
	// Export returns the campaign as JSON.
	Export(ctx context.Context, id int64) ([]byte, error)
	ReminderPrefs
}

// Summary is what List and Find tell of a campaign: enough to pick the
// one a command is about without loading every campaign.
type Summary struct {
	ID      int64
	Name    string
	Phase   campaign.Phase
	Turn    int
	Referee string
	// Guild and Channel are where the campaign lives (place.go).
	Guild, Channel string
	// Players maps each player's user ID to the side he plays.
	Players map[string]string
	// Pending are the users whose join waits for the referee.
	Pending []string
}

// Index names what Store.Find looks campaigns up by.
type Index int

// The indexes.
const (
	// ByChannel: every campaign made in a channel (Summary.Channel),
	// running or over.
	ByChannel Index = iota
	// RunningInGuild: the campaigns not over of a server (Summary.Guild;
	// "" for those made outside one).
	RunningInGuild
	// RunningOf: the campaigns not over that a user takes part in: as a
	// player, the referee, or one whose join waits (summaryMember).
	RunningOf
)

// holds says whether index ix holds summary s under key (what a Store
// without an index filters by).
func (ix Index) holds(s Summary, key string) bool {
	switch ix {
	case ByChannel:
		return s.Channel != "" && s.Channel == key
	case RunningInGuild:
		return s.Phase != campaign.PhaseOver && s.Guild == key
	case RunningOf:
		return s.Phase != campaign.PhaseOver && summaryMember(s, key)
	}
	return false
}

// Summarize makes the Summary of a campaign (for Store implementations).
func Summarize(c *campaign.Campaign) Summary {
	s := Summary{ID: c.ID, Name: c.Name, Phase: c.Phase, Turn: c.Turn, Referee: c.Referee, Guild: c.Guild, Channel: c.Channel, Players: map[string]string{}}
	for _, side := range c.Sides {
		for _, p := range side.Players {
			s.Players[p] = side.ID
		}
	}
	for _, r := range c.Pending {
		s.Pending = append(s.Pending, r.User)
	}
	return s
}

// Errors a Store returns (wrapped), which the command layer turns into
// replies the user can act on.
var (
	// ErrNotFound: no campaign has that ID.
	ErrNotFound = errors.New("no such campaign")
	// ErrNothingToUndo: the campaign has no earlier state to go back to.
	ErrNothingToUndo = errors.New("nothing to undo")
)
