package storage

import (
	"context"
	"errors"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// ErrChanged is returned by UpdateAt when the campaign has changed since
// the revision it was given: nothing is written.
var ErrChanged = errors.New("the campaign changed meanwhile")

// Snapshot returns the campaign as Get does, with a copy of its dice and
// its revision, all read together. Work too long to hold the write
// transaction through (the AI fighting a whole battle) runs on them
// instead of in Update's function, and UpdateAt stores its result only if
// nothing changed since: every stored change makes a new revision (Undo
// too: revisions only rise).
func (s *Store) Snapshot(ctx context.Context, id int64) (*campaign.Campaign, *dice.Dice, uint64, error) {
	var seeded *dice.Seeded
	c, rev, err := s.get(ctx, id, func(st state) error {
		var err error
		seeded, err = st.seeded(id) // st's dice state is bbolt memory: read it in the transaction
		return err
	})
	if err != nil {
		return nil, nil, 0, err
	}
	return c, dice.New(seeded), rev, nil
}

// UpdateAt is Update, done only while the campaign's newest revision is
// rev (from Snapshot); else it returns ErrChanged and writes nothing.
func (s *Store) UpdateAt(ctx context.Context, id int64, rev uint64, fn UpdateFunc, also ...Record) (*campaign.Campaign, error) {
	if rev == 0 {
		return nil, errors.New("update at revision 0: revisions start at 1")
	}
	return s.updateAt(ctx, id, rev, fn, also)
}
