package storage

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
)

// Undo steps the campaign back to the revision before its newest: that
// revision's document, with the newest revision's dice state, becomes a
// new revision (revisions only rise, so a marker or ack taken before the
// undo stays older than it), and both the undone revision and the
// restored one's old record are dropped, so undoing again steps further
// back, up to Options.Snapshots changes.
// The restored log gets the undo events made since that revision and an
// "undo" event for this one (undos are part of the history).
//
// The dice are never rewound (ruling SG1): had Undo restored the older
// dice state, the change made again would roll what the undone one
// rolled, so whoever undoes would know the next roll before choosing the
// action that takes it. The stream's position only moves on.
func (s *Store) Undo(ctx context.Context, id int64) (*campaign.Campaign, error) {
	var out *campaign.Campaign
	err := s.update(ctx, func(tx *bolt.Tx) error {
		cb, cur, err := newest(tx, id)
		if err != nil {
			return err
		}
		rb := cb.Bucket(bucketRevisions)
		cursor := rb.Cursor()
		cursor.Last()
		k, _ := cursor.Prev()
		if k == nil {
			return fmt.Errorf("campaign %d: %w: the last %d changes can be undone and none are left", id, ErrNothingToUndo, s.snapshots)
		}
		prev, err := readRevision(rb, id, k)
		if err != nil {
			return err
		}
		curDoc, err := cur.document(id, nil)
		if err != nil {
			return err
		}
		doc, err := prev.document(id, curDoc)
		if err != nil {
			return err
		}
		c, _, err := prev.campaign(cb, id, doc)
		if err != nil {
			return err
		}
		now, _, err := cur.campaign(cb, id, curDoc)
		if err != nil {
			return err
		}
		for _, e := range now.Log.Since(c.Log.Len()) {
			if e.Step == "undo" && e.Type == "undo" {
				c.Log.Append(e)
			}
		}
		// A chunk that could not be unpacked reads as placeholders, and
		// the undo events among them would be lost: nothing is saved, as
		// in a change (update.go).
		if err := now.Log.Err(); err != nil {
			return fmt.Errorf("campaign %d: the undo is not saved, as its log could not be read (bfbot check names the damaged record): %w", id, err)
		}
		c.Log.Append(campaign.Event{
			Turn: c.Turn, Step: "undo", Type: "undo",
			Text: fmt.Sprintf("the referee undid the last change: the campaign is back at turn %d, %s", c.Turn, c.Phase),
		})
		if _, err := cur.seeded(id); err != nil {
			return err
		}
		// The record is made before the revisions it comes from are
		// deleted: their slices are bbolt memory. The parts the undone
		// change left alone (a finished battle's, packed with zstd once)
		// are copied from the newest record.
		record := newestRecord(nil, cur.diceState, uint64(c.Log.Len()), doc, curDoc, cur.partsBody())
		if err := truncateLog(cb, id, prev.logLen); err != nil {
			return err
		}
		if _, err := appendLog(cb, id, int(prev.logLen), c.Log, nil); err != nil {
			return err
		}
		for _, rev := range []uint64{cur.rev, prev.rev} {
			if err := deleteRevision(rb, itob(rev)); err != nil {
				return err
			}
		}
		if _, err := putRevision(cb, c, cur.rev+1, record, s.snapshots, nil); err != nil {
			return err
		}
		out = c
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
