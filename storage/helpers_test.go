package storage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee/dice"
)

// stoNewCampaign makes the built-in regiments' campaign on a 4×3 map,
// joined by one player a side and started (turn 1, orders open).
func stoNewCampaign(tb testing.TB) *campaign.Campaign {
	tb.Helper()
	c, err := stoMakeCampaign()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// stoMakeCampaign is stoNewCampaign for code without a testing.TB (the
// crash child).
func stoMakeCampaign() (*campaign.Campaign, error) {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		return nil, err
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			return nil, err
		}
		regs = append(regs, r)
	}
	st := campaign.DefaultSettings()
	st.TurnLimit = 0 // the crash and size tests play hundreds of turns
	c, err := campaign.New(0, "storage test", st, m, regs)
	if err != nil {
		return nil, err
	}
	c.Referee = "referee" // as /campaign create makes its creator the referee
	for i, s := range c.Sides {
		if c, err = campaign.Join(c, s.ID, fmt.Sprintf("player%d", i+1)); err != nil {
			return nil, err
		}
	}
	return campaign.Start(c, nil)
}

// stoOpen opens a store on a new file in a temporary directory; when the
// test ends it runs Check, failing on any broken invariant, and closes it.
func stoOpen(tb testing.TB, opts Options) *Store {
	tb.Helper()
	s := stoOpenNoCheck(tb, filepath.Join(tb.TempDir(), "bfbot.db"), opts)
	tb.Cleanup(func() { stoMustCheck(tb, s) })
	return s
}

// stoOpenNoCheck opens path and closes it when the test ends, without the
// final Check (for tests that damage the file on purpose).
func stoOpenNoCheck(tb testing.TB, path string, opts Options) *Store {
	tb.Helper()
	s, err := Open(path, opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// stoMustCheck fails the test on any broken invariant of the store.
func stoMustCheck(tb testing.TB, s Campaigns) {
	tb.Helper()
	for _, err := range s.Check(context.Background()) {
		tb.Errorf("check %v: %v", stoName(s), err)
	}
}

// stoName names a store in a test's messages.
func stoName(s Campaigns) string {
	if f, ok := s.(*Store); ok {
		return f.Path()
	}
	return fmt.Sprint(s)
}

// stoCreate stores stoNewCampaign with dice seeded by seed.
func stoCreate(tb testing.TB, s Campaigns, seed uint64) int64 {
	tb.Helper()
	id, err := s.Create(context.Background(), stoNewCampaign(tb), seed)
	if err != nil {
		tb.Fatal(err)
	}
	return id
}

// stoStep is the campaign change the crash, concurrency, undo and size
// tests make: a whole campaign turn. To test the store alone, without the
// turn engine, make it stoStandIn (one line).
var stoStep UpdateFunc = stoAdvance

// stoAdvance plays one whole campaign turn with scripted orders and no AI:
// each side has its first battlegroup not yet in a prepared position
// take one (until all have) and marks its orders ready; campaign.Advance resolves them and runs the
// upkeep. No battlegroup moves, so no contact (no battle) is made, and the
// campaign, having no turn limit (stoMakeCampaign), never ends.
func stoAdvance(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
	var err error
	for _, s := range c.Sides {
		orders := []campaign.Order{{Kind: campaign.OrderReady}}
		for _, b := range s.Battlegroups {
			if !b.Prepared && !b.RBG && b.Sector != 0 {
				orders = append([]campaign.Order{{Kind: campaign.OrderHold, Battlegroup: b.ID}}, orders...)
				break
			}
		}
		for _, o := range orders {
			if c, _, err = campaign.GiveOrder(c, s.ID, o); err != nil {
				return nil, err
			}
		}
	}
	c, _, err = campaign.Advance(c, d)
	return c, err
}

// stoStandIn stands in for a campaign turn: it rolls dice and logs an
// event, so it changes the document and the dice state deterministically.
func stoStandIn(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
	r, err := d.TwoD6("storage test step")
	if err != nil {
		return nil, err
	}
	n := c.Clone()
	n.Log.Append(campaign.Event{Turn: n.Turn, Step: "test", Type: "roll", Text: fmt.Sprintf("step %d rolled %d", n.Log.Len(), r)})
	return n, nil
}

// stoState returns the newest revision of a campaign as stored (its
// document without the log, and dice state, copied), its number, and a
// hash of the whole stored state: the revision's content (dice state,
// log length, document) and every event, in a form both stores share.
func stoState(tb testing.TB, store Campaigns, id int64) (doc, diceState []byte, rev uint64, sum string) {
	tb.Helper()
	if e, ok := store.(*EtcdStore); ok {
		return stoEtcdState(tb, e, id)
	}
	s := store.(*Store)
	h := sha256.New()
	err := s.db.View(func(tx *bolt.Tx) error {
		cb, st, err := newest(tx, id)
		if err != nil {
			return err
		}
		if doc, err = st.document(id, nil); err != nil {
			return err
		}
		diceState, rev = append([]byte{}, st.diceState...), st.rev
		h.Write(wholeRecord(st.diceState, st.logLen, doc))
		// Event by event, as the etcd store's hash reads them.
		if eb := cb.Bucket(bucketEvents); eb != nil {
			seq := uint64(0)
			for k := uint64(1); ; k++ {
				lines, err := readChunk(eb, id, k)
				if err != nil || lines == nil {
					return err
				}
				for _, l := range lines {
					seq++
					h.Write(itob(seq))
					h.Write(l)
				}
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return doc, diceState, rev, hex.EncodeToString(h.Sum(nil))
}

// stoSnapshots counts a campaign's snapshots: its revisions but the newest.
func stoSnapshots(tb testing.TB, store Campaigns, id int64) int {
	tb.Helper()
	if e, ok := store.(*EtcdStore); ok {
		return stoEtcdSnapshots(tb, e, id)
	}
	s := store.(*Store)
	n := 0
	err := s.db.View(func(tx *bolt.Tx) error {
		cb, err := campaignBucket(tx, id)
		if err != nil {
			return err
		}
		n = -1
		// Snapshots are values (from schema 10) or buckets.
		return cb.Bucket(bucketRevisions).ForEach(func([]byte, []byte) error { n++; return nil })
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// stoSameJSON fails the test unless got and want encode alike (the stored
// form; Clone and decoding differ only in empty versus nil slices).
func stoSameJSON(tb testing.TB, got, want any) {
	tb.Helper()
	g, err := json.Marshal(got)
	if err != nil {
		tb.Fatal(err)
	}
	w, err := json.Marshal(want)
	if err != nil {
		tb.Fatal(err)
	}
	if !bytes.Equal(g, w) {
		tb.Errorf("got %.300s…\nwant %.300s…", g, w)
	}
}
