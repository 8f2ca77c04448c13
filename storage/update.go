package storage

import (
	"context"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/internal/selfcheck"
	"bfbot/referee/dice"
)

// Create stores a copy of c under the next ID from the campaigns
// bucket's sequence (IDs from 1), with dice seeded from seed, at revision
// 1, and returns the ID. c itself is not changed.
func (s *Store) Create(ctx context.Context, c *campaign.Campaign, seed uint64) (int64, error) {
	diceState, err := newCampaignDice(c, seed)
	if err != nil {
		return 0, err
	}
	return s.create(ctx, c, diceState)
}

// newCampaignDice is the dice state a new campaign c starts with, seeded
// from seed (Create of either store).
func newCampaignDice(c *campaign.Campaign, seed uint64) ([]byte, error) {
	if c == nil {
		return nil, fmt.Errorf("create: no campaign given")
	}
	return dice.NewSeeded(seed).MarshalBinary()
}

// create stores a copy of c with the given dice state under the next ID,
// at revision 1 (Create, Import).
func (s *Store) create(ctx context.Context, c *campaign.Campaign, diceState []byte) (int64, error) {
	var id int64
	err := s.update(ctx, func(tx *bolt.Tx) error {
		root := tx.Bucket(bucketCampaigns)
		seq, err := root.NextSequence()
		if err != nil {
			return err
		}
		n := c.Clone()
		n.ID = int64(seq)
		if err := s.save(root, n, diceState, 1); err != nil {
			return err
		}
		id = n.ID
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// save writes a new campaign bucket at revision rev.
func (s *Store) save(root *bolt.Bucket, c *campaign.Campaign, diceState []byte, rev uint64) error {
	if err := checkCampaign(c); err != nil {
		return err
	}
	doc, err := encodeDoc(c)
	if err != nil {
		return err
	}
	cb, err := root.CreateBucket(itob(uint64(c.ID)))
	if err != nil {
		return fmt.Errorf("campaign %d: %w", c.ID, err)
	}
	if _, err := appendLog(cb, c.ID, 0, c.Log, nil); err != nil {
		return err
	}
	_, err = putRevision(cb, c, rev, wholeRecord(diceState, uint64(c.Log.Len()), doc), s.snapshots, nil)
	return err
}

// Get returns the campaign with the given ID. A campaign it had to
// decode goes into the cache: a command reads its campaign before it
// changes it, and the change need not decode it again.
func (s *Store) Get(ctx context.Context, id int64) (*campaign.Campaign, error) {
	c, _, err := s.get(ctx, id, nil)
	return c, err
}

// get is Get, also giving the revision it read and calling also with
// that revision's state inside the read transaction (Snapshot).
func (s *Store) get(ctx context.Context, id int64, also func(state) error) (*campaign.Campaign, uint64, error) {
	var e *cached
	var rev uint64
	hit := false
	get := func(id int64, rev uint64) *cached {
		e := s.cache.get(id, rev)
		hit = e != nil
		return e
	}
	err := s.view(ctx, func(tx *bolt.Tx) error {
		var err error
		var st state
		if _, st, e, err = s.loadFrom(tx, id, get); err != nil {
			return err
		}
		rev = st.rev
		if also != nil {
			return also(st)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	if !hit {
		put := *e
		put.c = e.c.Shell()
		s.cache.put(id, put)
	}
	return e.c, rev, nil
}

// List returns every campaign's summary, by ID.
func (s *Store) List(ctx context.Context) ([]Summary, error) {
	var out []Summary
	err := s.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketCampaigns).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if v != nil || len(k) != 8 {
				return &RecordError{Campaign: 0, Key: fmt.Sprintf("campaigns/%x", k), Err: errors.New("not a campaign bucket")}
			}
			id := btoi(k)
			sum, err := decodeSummary(id, tx.Bucket(bucketCampaigns).Bucket(k).Get(keySummary))
			if err != nil {
				return err
			}
			out = append(out, sum)
		}
		return nil
	})
	return out, err
}

// Update loads the campaign's newest revision (document and dice state),
// calls fn, and saves what fn returns with the dice state it left as the
// next revision, dropping the oldest beyond Options.Snapshots, and writes
// the records in also, all in one bbolt transaction. The revision before
// stays as the undo snapshot: nothing is copied. If fn fails, or the new
// campaign fails campaign.Check, nothing is written.
func (s *Store) Update(ctx context.Context, id int64, fn UpdateFunc, also ...Record) (*campaign.Campaign, error) {
	return s.updateAt(ctx, id, 0, fn, also)
}

// updateAt is Update, done only while the campaign's newest revision is
// at (UpdateAt); at 0 takes any.
func (s *Store) updateAt(ctx context.Context, id int64, at uint64, fn UpdateFunc, also []Record) (*campaign.Campaign, error) {
	for _, r := range also {
		if err := r.validate(); err != nil {
			return nil, err
		}
	}
	var out *campaign.Campaign
	var outDoc []byte
	var outLines [][]byte
	var sum Summary
	var last [][]byte
	var rev uint64
	var outVP map[string]int
	var event *campaign.Event
	err := s.update(ctx, func(tx *bolt.Tx) error {
		// The cache's campaign, taken out of it: earlier Gets' shells
		// share what it reaches (campaign.Shell), which fn copies before it
		// changes it (UpdateFunc); a shell of what fn returns goes
		// back after the commit.
		cb, st, e, err := s.loadFrom(tx, id, s.cache.take)
		if err != nil {
			return err
		}
		if at != 0 && st.rev != at {
			return fmt.Errorf("campaign %d: revision %d, not %d: %w", id, st.rev, at, ErrChanged)
		}
		c, prevDoc := e.c, e.doc
		// The chunk holding the last stored event: kept by the cache or
		// read with the log, else read once, to compare that event and
		// to append after it; the event is compared as the value the
		// change before stored when the cache kept it, else encoded.
		open := e.last
		var openErr error
		base := s.base.reset(c, prevDoc, e.lines)
		same := func(k uint64, ev campaign.Event) bool {
			if open != nil && e.event != nil && sameLoggedEvent(*e.event, ev) {
				return true
			}
			var ok bool
			open, ok, openErr = sameEvent(cb, id, k, ev, open)
			return ok
		}
		n, diceState, vp, err := change(id, st, c, e.vp, fn, same, &s.checker)
		if openErr != nil {
			return openErr // a damaged chunk, not a rewritten log
		}
		if err != nil {
			return err
		}
		if last, err = appendLog(cb, id, int(st.logLen), n.Log, open); err != nil {
			return fmt.Errorf("campaign %d: %w", id, err)
		}
		event = lastEvent(n.Log)
		doc, lines, err := encodeDocParts(docBuffer(prevDoc, s.spareDoc), n, base)
		s.spareDoc = nil // doc may be in it, and goes to the cache
		if err != nil {
			return err
		}
		// Made before the revision before is rewritten: it copies the
		// parts this change left alone from that one's record.
		var prevLines [][]byte
		var copied []bool
		if base != nil {
			prevLines, copied = base.lines, base.copied
		}
		record := newestRecordOf(s.spareRecord, diceState, uint64(n.Log.Len()), len(doc), lines, prevLines, copied, st.partsBody())
		s.spareRecord = record // bbolt holds it until the commit, and no longer
		// The revision before stays as an undo snapshot: a delta from
		// this one.
		if s.snapshots > 0 {
			if err := putSnapshot(cb, id, st.rev, deltaRecord(st, prevDoc, doc)); err != nil {
				return err
			}
		}
		// Nothing reads the document before any more: the cache gave it
		// up (take), and the records are made; unless the campaign's
		// strings refer to it (decodeKeptDoc).
		if !e.kept {
			s.spareDoc = prevDoc
		}
		if sum, err = putRevision(cb, n, st.rev+1, record, s.snapshots, e.sum); err != nil {
			return err
		}
		for _, r := range also {
			rb, err := campaignBucket(tx, r.Campaign)
			if err != nil {
				return err
			}
			if err := putRecords(rb, []Record{r}); err != nil {
				return err
			}
		}
		out, outDoc, outLines, rev, outVP = n, doc, lines, st.rev+1, vp
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(id, cached{rev: rev, c: out.Shell(), doc: outDoc, lines: outLines, sum: &sum, last: last, event: event, vp: outVP})
	return out, nil
}

// change runs fn on campaign c, revision st of campaign id, with the
// revision's dice, checks what it returns (either store's Update), and
// gives back the new campaign, the dice state fn left and its log's
// victory points. The log only grows: stored events are not written
// again, so a change to them would be lost; stored reports whether the
// last stored event, k, is e as it was stored (not as c has it: fn may
// have changed c in place); an older stored event rewritten is caught
// only in test binaries (selfcheck). vp is what the stored log's events give each
// side (campaign.LogVP, counted when the log was read): the new
// campaign's sides are checked against it and the new events' alone,
// which are what will be stored, so a change costs the same in a
// campaign of a thousand turns as in a new one. check is the caller's
// (campaign.Checker keeps its maps for the next change).
func change(id int64, st state, c *campaign.Campaign, vp map[string]int, fn UpdateFunc, stored func(k uint64, e campaign.Event) bool, check *campaign.Checker) (*campaign.Campaign, []byte, map[string]int, error) {
	seeded, err := st.seeded(id)
	if err != nil {
		return nil, nil, nil, err
	}
	n, err := fn(c, dice.New(seeded))
	if err != nil {
		return nil, nil, nil, err
	}
	if n == nil || n.ID != id {
		return nil, nil, nil, fmt.Errorf("campaign %d: the update returned no campaign or another one", id)
	}
	// A chunk of the log that could not be unpacked (campaign.Log.Err)
	// read as placeholders: nothing made from them is saved.
	if err := n.Log.Err(); err != nil {
		return nil, nil, nil, fmt.Errorf("campaign %d: the change is not saved, as its log could not be read (bfbot check names the damaged record): %w", id, err)
	}
	if k := int(st.logLen); n.Log.Len() < k || k > 0 && !stored(uint64(k), n.Log.At(k-1)) {
		return nil, nil, nil, fmt.Errorf("campaign %d: the change shortened or rewrote the campaign's log (%d events before, %d after): the log only grows", id, k, n.Log.Len())
	}
	vp = campaign.LogVP(vp, n.Log.Since(int(st.logLen)))
	if err := invalid(n, check.CheckLogVP(n, vp)); err != nil {
		return nil, nil, nil, err
	}
	// A stored event other than the last, rewritten in place, is not
	// stored again and escapes the kept sum; a test binary checks the
	// whole log as well, so that no code of ours does that unseen.
	if selfcheck.On() {
		if err := invalid(n, n.Check()); err != nil {
			return nil, nil, nil, fmt.Errorf("campaign %d: a stored event was rewritten (stored events are never written again): %w", id, err)
		}
	}
	diceState, err := seeded.MarshalBinary()
	if err != nil {
		return nil, nil, nil, err
	}
	return n, diceState, vp, nil
}
