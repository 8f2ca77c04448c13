package storage

import (
	"context"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// A campaignCopy is one campaign as either store keeps it, its bytes
// as records: each revision's record (whole), the log's events one by one, the
// summary, and the opaque records. Copies move campaigns between stores
// (CopyAll, bfbot migrate-store) and make the etcd store's backups and
// checks, which write the campaigns into a bbolt file.
type campaignCopy struct {
	id      int64
	revs    []revisionCopy // ascending
	events  [][]byte       // JSON, positions from 1
	summary []byte
	records []Record
}

type revisionCopy struct {
	rev    uint64
	record []byte // without its checksum: the writer seals it
}

// copySource reads every campaign of a store as copies, at one moment;
// it returns the ID sequence.
type copySource interface {
	eachCopy(ctx context.Context, fn func(campaignCopy) error) (seq uint64, err error)
}

// copySink takes copies; finish commits them with the ID sequence.
type copySink interface {
	beginCopy(ctx context.Context) (copyWriter, error)
}

type copyWriter interface {
	put(campaignCopy) error
	finish(seq uint64) error
	abort()
}

// CopyAll copies every campaign of from, with its undo snapshots, log,
// summary, schedule entries, bindings and markers and the ID sequence,
// into to, which must hold no campaign (bfbot migrate-store), and returns
// how many it copied. from is read at one moment; to gets all or, if the
// copy fails, a state Open or OpenEtcd refuses (a bbolt file is written
// in one transaction; an etcd prefix keeps a marker until the copy ends).
func CopyAll(ctx context.Context, from, to Campaigns) (int, error) {
	src, ok := from.(copySource)
	if !ok {
		return 0, fmt.Errorf("copy: cannot read a %T", from)
	}
	dst, ok := to.(copySink)
	if !ok {
		return 0, fmt.Errorf("copy: cannot write a %T", to)
	}
	list, err := to.List(ctx)
	if err != nil {
		return 0, fmt.Errorf("copy: %w", err)
	}
	if len(list) > 0 {
		return 0, fmt.Errorf("copy: the target holds %d campaigns already: copy into an empty store (a new file, or an unused etcd prefix)", len(list))
	}
	w, err := dst.beginCopy(ctx)
	if err != nil {
		return 0, fmt.Errorf("copy: %w", err)
	}
	n := 0
	seq, err := src.eachCopy(ctx, func(cc campaignCopy) error {
		n++
		return w.put(cc)
	})
	if err == nil {
		err = w.finish(seq)
	}
	if err != nil {
		w.abort()
		return 0, fmt.Errorf("copy: %w", err)
	}
	return n, nil
}

// eachCopy reads the file's campaigns in one read transaction.
func (s *Store) eachCopy(ctx context.Context, fn func(campaignCopy) error) (uint64, error) {
	var seq uint64
	err := s.view(ctx, func(tx *bolt.Tx) error {
		root := tx.Bucket(bucketCampaigns)
		seq = root.Sequence()
		return root.ForEachBucket(func(k []byte) error {
			if len(k) != 8 {
				return &RecordError{Campaign: 0, Key: fmt.Sprintf("campaigns/%x", k), Err: fmt.Errorf("not a campaign bucket")}
			}
			cc, err := boltCopy(btoi(k), root.Bucket(k))
			if err != nil {
				return err
			}
			return fn(cc)
		})
	})
	return seq, err
}

// boltCopy copies campaign id out of its bucket (bbolt memory copied).
func boltCopy(id int64, cb *bolt.Bucket) (campaignCopy, error) {
	cc := campaignCopy{id: id, summary: clone(cb.Get(keySummary))}
	rb := cb.Bucket(bucketRevisions)
	if rb == nil {
		return cc, &RecordError{Campaign: id, Key: string(bucketRevisions), Err: fmt.Errorf("missing")}
	}
	// Every revision is copied whole: an undo snapshot is a delta from
	// the revision after it in this file, and the etcd store keeps no
	// deltas.
	err := eachDocument(rb, id, func(st state, doc []byte, err error) error {
		if err == nil {
			cc.revs = append(cc.revs, revisionCopy{st.rev, wholeRecord(st.diceState, st.logLen, doc)})
		}
		return err
	})
	if err != nil {
		return cc, err
	}
	slices.Reverse(cc.revs)
	if eb := cb.Bucket(bucketEvents); eb != nil {
		for k := uint64(1); ; k++ {
			lines, err := readChunk(eb, id, k)
			if err != nil {
				return cc, err
			}
			if lines == nil {
				break
			}
			for _, l := range lines {
				cc.events = append(cc.events, clone(l))
			}
		}
	}
	for _, kind := range recordKinds {
		recs, bad := readRecords(cb, id, kind)
		if len(bad) > 0 {
			return cc, bad[0]
		}
		cc.records = append(cc.records, recs...)
	}
	return cc, nil
}

func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// beginCopy starts one write transaction that takes every copy.
func (s *Store) beginCopy(ctx context.Context) (copyWriter, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.readOnly {
		return nil, s.writeError(fmt.Errorf("copy: %w", ErrReadOnly))
	}
	tx, err := s.db.Begin(true)
	if err != nil {
		return nil, s.writeError(err)
	}
	return &boltCopyWriter{s, tx}, nil
}

type boltCopyWriter struct {
	s  *Store
	tx *bolt.Tx
}

func (w *boltCopyWriter) put(cc campaignCopy) error {
	cb, err := w.tx.Bucket(bucketCampaigns).CreateBucket(itob(uint64(cc.id)))
	if err != nil {
		return fmt.Errorf("campaign %d: %w", cc.id, err)
	}
	if len(cc.events) > 0 {
		eb, err := cb.CreateBucket(bucketEvents)
		if err != nil {
			return err
		}
		if _, err := appendLines(inKeyOrder(eb), cc.id, 0, cc.events, nil); err != nil {
			return err
		}
	}
	rb, err := cb.CreateBucket(bucketRevisions)
	if err != nil {
		return err
	}
	inKeyOrder(rb)
	for _, r := range cc.revs {
		b, err := rb.CreateBucket(itob(r.rev))
		if err != nil {
			return err
		}
		if err := b.Put(keyRecord, sealState(cc.id, r.rev, r.record)); err != nil {
			return err
		}
	}
	if cc.summary != nil {
		sum, err := decodeSummary(cc.id, cc.summary)
		if err != nil {
			return err
		}
		if err := cb.Put(keySummary, cc.summary); err != nil {
			return err
		}
		if err := putIndex(w.tx, nil, sum); err != nil {
			return err
		}
	}
	return putRecords(cb, cc.records)
}

func (w *boltCopyWriter) finish(seq uint64) error {
	if err := w.tx.Bucket(bucketCampaigns).SetSequence(seq); err != nil {
		w.tx.Rollback()
		return err
	}
	return w.s.writeError(w.tx.Commit())
}

func (w *boltCopyWriter) abort() { _ = w.tx.Rollback() }
