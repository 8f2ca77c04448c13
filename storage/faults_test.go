package storage

import (
	"context"
	"errors"
	"syscall"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure an injected write fault fails a whole campaign turn at its
// commit with the sentinel the operating system's error maps to, leaves
// the stored state exactly as before (document, dice, log, records), and
// that the same turn commits once the fault is cleared.
func TestInjectWriteFault(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fault error
		want  error
	}{
		{"DiskFull", syscall.ENOSPC, ErrDiskFull},
		{"Quota", syscall.EDQUOT, ErrDiskFull},
		{"ReadOnly", syscall.EROFS, ErrReadOnly},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s := stoOpen(t, Options{})
			id := stoCreate(t, s, 7)
			_, _, rev, sum := stoState(t, s, id)
			before, err := s.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}

			s.InjectWriteFault(tc.fault)
			rec := Record{RecordKey: RecordKey{Campaign: id, Kind: Marker, Name: "turn-1"}, Value: []byte("done")}
			ran := false
			_, err = s.Update(ctx, id, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
				ran = true
				return stoStep(c, d)
			}, rec)
			if !ran {
				t.Fatal("the turn did not run: the fault must hit the commit, after the turn's writes")
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("Update under %v: got %v, want %v", tc.fault, err, tc.want)
			}
			if err := s.PutRecord(ctx, rec.RecordKey, rec.Value); !errors.Is(err, tc.want) {
				t.Fatalf("PutRecord under %v: got %v, want %v", tc.fault, err, tc.want)
			}
			if _, _, gotRev, gotSum := stoState(t, s, id); gotRev != rev || gotSum != sum {
				t.Fatalf("the failed turn left revision %d (hash %s), want %d (%s)", gotRev, gotSum, rev, sum)
			}
			if v, err := s.GetRecord(ctx, rec.RecordKey); err != nil || v != nil {
				t.Fatalf("the failed turn's marker: %q, %v; want none", v, err)
			}
			after, err := s.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			stoSameJSON(t, after, before)
			stoMustCheck(t, s)

			s.InjectWriteFault(nil)
			if _, err := s.Update(ctx, id, stoStep, rec); err != nil {
				t.Fatalf("Update after the fault cleared: %v", err)
			}
			if _, _, gotRev, _ := stoState(t, s, id); gotRev != rev+1 {
				t.Fatalf("revision %d after the retried turn, want %d (exactly one commit)", gotRev, rev+1)
			}
		})
	}
}
