package storage

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/internal/selfcheck"
)

// Index names one of the indexes both stores keep beside the campaigns,
// so that a command finds the campaign of its channel, and counts a
// server's campaigns, without reading every campaign (Find, Count). An
// entry is written, moved and deleted in the same transaction as the
// summary it comes from (indexEntries), so the indexes never disagree
// with the summaries; Check verifies it.
type Index string

// The indexes.
const (
	// ByChannel: every campaign made in a channel (Summary.Channel),
	// running or over.
	ByChannel Index = "channel"
	// RunningInGuild: the campaigns of a server (Summary.Guild; "" for
	// those made outside one) that are not over.
	RunningInGuild Index = "guild"
	// RunningOf: the campaigns not over that a user takes part in as a
	// player, the referee, or one whose join waits.
	RunningOf Index = "member"
)

// check refuses a name that is not one of the indexes.
func (ix Index) check() error {
	if ix != ByChannel && ix != RunningInGuild && ix != RunningOf {
		return fmt.Errorf("index %q: use %s, %s or %s", ix, ByChannel, RunningInGuild, RunningOf)
	}
	return nil
}

// indexPrefix is where the entries of index ix under key begin: the
// index's name, the key escaped so that it holds no "/", and a "/". The
// campaign's ID follows as 16 hexadecimal digits, so entries sort by ID.
func indexPrefix(ix Index, key string) string {
	return string(ix) + "/" + url.PathEscape(key) + "/"
}

// indexEntries are the index entries of a campaign's summary, sorted.
// indexedAlike must compare every field read here
// (TestIndexedAlikeAsEntries).
func indexEntries(s Summary) []string {
	id := hex16(uint64(s.ID))
	var out []string
	if s.Channel != "" {
		out = append(out, indexPrefix(ByChannel, s.Channel)+id)
	}
	if s.Phase != campaign.PhaseOver {
		out = append(out, indexPrefix(RunningInGuild, s.Guild)+id)
		members := map[string]bool{s.Referee: true}
		for u := range s.Players {
			members[u] = true
		}
		for _, u := range s.Pending {
			members[u] = true
		}
		delete(members, "")
		for u := range members {
			out = append(out, indexPrefix(RunningOf, u)+id)
		}
	}
	slices.Sort(out)
	return out
}

// indexChanges are the entries to delete and to add when a campaign's
// summary goes from old (nil: a new campaign) to new.
func indexChanges(old *Summary, new Summary) (del, add []string) {
	var before []string
	if old != nil {
		before = indexEntries(*old)
	}
	after := indexEntries(new)
	for _, e := range before {
		if !slices.Contains(after, e) {
			del = append(del, e)
		}
	}
	for _, e := range after {
		if !slices.Contains(before, e) {
			add = append(add, e)
		}
	}
	return del, add
}

// indexID reads the campaign ID that ends an entry after prefix.
func indexID(entry, prefix string) (int64, error) {
	id, ok := parseHex(entry, prefix)
	if !ok || id == 0 {
		return 0, fmt.Errorf("index entry %q does not end in a campaign ID", entry)
	}
	return int64(id), nil
}

// checkIndex compares the index entries stored with those the summaries
// call for, both sorted.
func checkIndex(stored []string, sums []Summary) []error {
	var want []string
	for _, s := range sums {
		want = append(want, indexEntries(s)...)
	}
	slices.Sort(want)
	var errs []error
	for _, e := range stored {
		if _, found := slices.BinarySearch(want, e); !found {
			errs = append(errs, fmt.Errorf("index entry %q matches no campaign's summary", e))
		}
	}
	for _, e := range want {
		if _, found := slices.BinarySearch(stored, e); !found {
			errs = append(errs, fmt.Errorf("index entry %q is missing (a campaign's summary calls for it)", e))
		}
	}
	return errs
}

// bucketIndex holds the bbolt file's index entries as keys (empty
// values).
var bucketIndex = []byte("index")

// putSummary writes campaign bucket cb's summary and moves its index
// entries from the summary it replaces, was when known (the cache holds
// the summary its change wrote), else read.
func putSummary(cb *bolt.Bucket, sum Summary, was *Summary) error {
	old := was
	if old == nil {
		if v := cb.Get(keySummary); v != nil {
			was, err := decodeSummary(sum.ID, v)
			if err != nil {
				return err
			}
			old = &was
		}
	}
	v, err := encodeSummary(cb.Get(keySummary), sum, was)
	if err != nil {
		return err
	}
	if err := cb.Put(keySummary, v); err != nil {
		return err
	}
	if old != nil && indexedAlike(*old, sum) {
		return nil // most changes: an order, a turn's step
	}
	return putIndex(cb.Tx(), old, sum)
}

// encodeSummary is sum as stored. A change that leaves every field of
// the summary before, was (nil: not known), as it was but the revision,
// as an order does, has that summary's stored bytes, stored, with the
// revision's number written again at their end, where encoding puts it:
// encoding the summary was a twentieth of such a change's work. A test
// binary encodes it as well and refuses bytes that differ (selfcheck).
func encodeSummary(stored []byte, sum Summary, was *Summary) ([]byte, error) {
	if was != nil && summarizedAlike(*was, sum) {
		tail := strconv.AppendUint([]byte(`,"revision":`), was.Revision, 10)
		tail = append(tail, '}')
		if bytes.HasSuffix(stored, tail) {
			v := make([]byte, 0, len(stored)+4)
			v = append(v, stored[:len(stored)-len(tail)+len(`,"revision":`)]...)
			v = append(strconv.AppendUint(v, sum.Revision, 10), '}')
			if selfcheck.On() {
				if want, err := marshalJSON(sum); err != nil || !bytes.Equal(v, want) {
					return nil, fmt.Errorf("campaign %d: the summary written again is %s, encoded %s (%v)", sum.ID, v, want, err)
				}
			}
			return v, nil
		}
	}
	return marshalJSON(sum)
}

// summarizedAlike reports whether a and b are alike but for their
// revisions (TestSummarizedAlike tries every field).
func summarizedAlike(a, b Summary) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Phase == b.Phase && a.Turn == b.Turn && a.Referee == b.Referee &&
		a.Guild == b.Guild && a.Channel == b.Channel && maps.Equal(a.Players, b.Players) && slices.Equal(a.Pending, b.Pending)
}

// indexedAlike reports whether summaries a and b call for the same index
// entries (indexEntries), without building them.
func indexedAlike(a, b Summary) bool {
	return a.ID == b.ID && a.Channel == b.Channel && a.Guild == b.Guild && a.Referee == b.Referee &&
		(a.Phase == campaign.PhaseOver) == (b.Phase == campaign.PhaseOver) &&
		maps.Equal(a.Players, b.Players) && slices.Equal(a.Pending, b.Pending)
}

// putIndex moves a campaign's index entries from summary old (nil: none)
// to sum.
func putIndex(tx *bolt.Tx, old *Summary, sum Summary) error {
	ib, err := tx.CreateBucketIfNotExists(bucketIndex)
	if err != nil {
		return err
	}
	del, add := indexChanges(old, sum)
	for _, e := range del {
		if err := ib.Delete([]byte(e)); err != nil {
			return err
		}
	}
	for _, e := range add {
		if err := ib.Put([]byte(e), []byte{}); err != nil {
			return err
		}
	}
	return nil
}

// indexRange calls fn with the ID of each entry of index ix under key,
// in ID order.
func indexRange(tx *bolt.Tx, ix Index, key string, fn func(id int64) error) error {
	if err := ix.check(); err != nil {
		return err
	}
	ib := tx.Bucket(bucketIndex)
	if ib == nil {
		return nil
	}
	prefix := indexPrefix(ix, key)
	c := ib.Cursor()
	for k, _ := c.Seek([]byte(prefix)); k != nil && strings.HasPrefix(string(k), prefix); k, _ = c.Next() {
		id, err := indexID(string(k), prefix)
		if err != nil {
			return &RecordError{Campaign: 0, Key: string(bucketIndex) + "/" + string(k), Err: err}
		}
		if err := fn(id); err != nil {
			return err
		}
	}
	return nil
}

// Find returns the summaries of the campaigns index ix holds under key,
// by ID, reading those campaigns' summaries alone.
func (s *Store) Find(ctx context.Context, ix Index, key string) ([]Summary, error) {
	var out []Summary
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return indexRange(tx, ix, key, func(id int64) error {
			cb, err := campaignBucket(tx, id)
			if err != nil {
				return fmt.Errorf("index %s %q: %w", ix, key, err)
			}
			sum, err := decodeSummary(id, cb.Get(keySummary))
			if err != nil {
				return err
			}
			out = append(out, sum)
			return nil
		})
	})
	return out, err
}

// Count returns how many campaigns Find would return, from the index
// alone.
func (s *Store) Count(ctx context.Context, ix Index, key string) (int, error) {
	n := 0
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return indexRange(tx, ix, key, func(int64) error { n++; return nil })
	})
	return n, err
}

// storedIndex lists the file's index entries, sorted (Check).
func storedIndex(tx *bolt.Tx) []string {
	var out []string
	if ib := tx.Bucket(bucketIndex); ib != nil {
		_ = ib.ForEach(func(k, _ []byte) error { out = append(out, string(k)); return nil })
	}
	return out
}
