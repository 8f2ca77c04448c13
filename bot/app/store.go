package app

import (
	"context"
	"errors"
	"fmt"

	"bfbot/bot/command"
	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// Store adapts storage.Campaigns (the bbolt file) to the command layer's
// Store. It adds nothing but translation: the seed of a new campaign's dice,
// the Summary type, and storage's errors mapped to the command layer's.
type Store struct {
	db storage.Campaigns
	// seed gives each new campaign's dice seed.
	seed func() uint64
	// damaged is the campaigns refused for a damaged record found at
	// start (nil: none).
	damaged *damagedSet
}

var (
	_ command.Store     = (*Store)(nil)
	_ command.Snapshots = (*Store)(nil)
)

// NewStore returns the adapter; seed gives each new campaign's dice seed
// (nil: a random one, so two campaigns never roll alike).
func NewStore(db storage.Campaigns, seed func() uint64) *Store {
	if seed == nil {
		seed = randomSeed
	}
	return &Store{db: db, seed: seed}
}

// Create implements command.Store.
func (s *Store) Create(ctx context.Context, c *campaign.Campaign) (int64, error) {
	id, err := s.db.Create(ctx, c, s.seed())
	if err != nil {
		return 0, mapErr(err)
	}
	c.ID = id
	return id, nil
}

// Get implements command.Store. storage decodes every campaign through
// campaign.Restore (its doc, "Battles' tactical maps are not stored").
func (s *Store) Get(ctx context.Context, id int64) (*campaign.Campaign, error) {
	if err := s.damaged.err(id); err != nil {
		return nil, err
	}
	c, err := s.db.Get(ctx, id)
	return c, mapErr(err)
}

// List implements command.Store.
func (s *Store) List(ctx context.Context) ([]command.Summary, error) {
	list, err := s.db.List(ctx)
	if err != nil {
		return nil, mapErr(err)
	}
	return commandSummaries(list), nil
}

// indexes are storage's indexes by the command layer's names.
var indexes = map[command.Index]storage.Index{
	command.ByChannel:      storage.ByChannel,
	command.RunningInGuild: storage.RunningInGuild,
	command.RunningOf:      storage.RunningOf,
}

// Find implements command.Store.
func (s *Store) Find(ctx context.Context, ix command.Index, key string) ([]command.Summary, error) {
	list, err := s.db.Find(ctx, indexes[ix], key)
	if err != nil {
		return nil, mapErr(err)
	}
	return commandSummaries(list), nil
}

// Count implements command.Store.
func (s *Store) Count(ctx context.Context, ix command.Index, key string) (int, error) {
	n, err := s.db.Count(ctx, indexes[ix], key)
	return n, mapErr(err)
}

// commandSummaries are storage's summaries as the command layer's. They
// take over the summaries' players and pending lists: storage decodes
// them afresh for each caller.
func commandSummaries(list []storage.Summary) []command.Summary {
	out := make([]command.Summary, 0, len(list))
	for _, x := range list {
		players := x.Players
		if players == nil {
			players = map[string]string{}
		}
		out = append(out, command.Summary{ID: x.ID, Name: x.Name, Phase: x.Phase, Turn: x.Turn, Referee: x.Referee, Guild: x.Guild, Channel: x.Channel, Players: players, Pending: x.Pending})
	}
	return out
}

// Update implements command.Store.
func (s *Store) Update(ctx context.Context, id int64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error {
	if err := s.damaged.err(id); err != nil {
		return err
	}
	_, err := s.db.Update(ctx, id, storage.UpdateFunc(fn))
	return mapErr(err)
}

// snapshots is what a storage engine offers for command.Snapshots: the
// bbolt file does (storage.Store), the etcd store not yet.
type snapshots interface {
	Snapshot(ctx context.Context, id int64) (*campaign.Campaign, *dice.Dice, uint64, error)
	UpdateAt(ctx context.Context, id int64, rev uint64, fn storage.UpdateFunc, also ...storage.Record) (*campaign.Campaign, error)
}

var _ snapshots = (*storage.Store)(nil)

// Snapshot implements command.Snapshots.
func (s *Store) Snapshot(ctx context.Context, id int64) (*campaign.Campaign, *dice.Dice, uint64, error) {
	if err := s.damaged.err(id); err != nil {
		return nil, nil, 0, err
	}
	db, ok := s.db.(snapshots)
	if !ok {
		return nil, nil, 0, command.ErrNoSnapshots
	}
	c, d, rev, err := db.Snapshot(ctx, id)
	return c, d, rev, mapErr(err)
}

// UpdateAt implements command.Snapshots.
func (s *Store) UpdateAt(ctx context.Context, id int64, rev uint64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error {
	if err := s.damaged.err(id); err != nil {
		return err
	}
	db, ok := s.db.(snapshots)
	if !ok {
		return command.ErrNoSnapshots
	}
	_, err := db.UpdateAt(ctx, id, rev, storage.UpdateFunc(fn))
	return mapErr(err)
}

// Undo implements command.Store.
func (s *Store) Undo(ctx context.Context, id int64) error {
	if err := s.damaged.err(id); err != nil {
		return err
	}
	_, err := s.db.Undo(ctx, id)
	return mapErr(err)
}

// Export implements command.Store.
func (s *Store) Export(ctx context.Context, id int64) ([]byte, error) {
	if err := s.damaged.err(id); err != nil {
		return nil, err
	}
	b, err := s.db.Export(ctx, id)
	return b, mapErr(err)
}

// mapErr gives storage's errors the command layer's meaning, keeping the
// text and the chain (errors.Is still finds the storage error).
func mapErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, storage.ErrNotFound) && !errors.Is(err, command.ErrNotFound):
		return &mappedError{err: err, as: command.ErrNotFound}
	case errors.Is(err, storage.ErrNothingToUndo) && !errors.Is(err, command.ErrNothingToUndo):
		return &mappedError{err: err, as: command.ErrNothingToUndo}
	case errors.Is(err, storage.ErrChanged) && !errors.Is(err, command.ErrChanged):
		return &mappedError{err: err, as: command.ErrChanged}
	}
	return damaged(unsaved(err)) // unsaved.go, damaged.go
}

// mappedError is a storage error that also is a command-layer sentinel.
type mappedError struct {
	err error
	as  error
}

func (e *mappedError) Error() string   { return e.err.Error() }
func (e *mappedError) Unwrap() []error { return []error{e.err, e.as} }

// errorf makes an error the command layer shows to the user as it is.
func userErrorf(format string, args ...any) error {
	return &campaign.Error{Msg: fmt.Sprintf(format, args...)}
}
