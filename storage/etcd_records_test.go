package storage

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// stoEtcdRecords puts a schedule entry, a channel binding and a reminder
// marker, as the bot stores them, into campaign id.
func stoEtcdRecords(t *testing.T, s Campaigns, id int64) []Record {
	t.Helper()
	recs := []Record{
		{RecordKey{id, Schedule, "order"}, []byte(`{"Campaign":1,"Kind":0,"Spec":"0 20 * * *","TimeZone":"UTC","LastRun":"2026-11-20T20:00:00Z"}`)},
		{RecordKey{id, Binding, "channel"}, []byte(`{"guild":"900000000000000001","channel":"900000000000000002"}`)},
		{RecordKey{id, Marker, "reminded"}, []byte(`2026-11-21T20:00:00Z`)},
	}
	for _, r := range recs {
		if err := s.PutRecord(context.Background(), r.RecordKey, r.Value); err != nil {
			t.Fatal(err)
		}
	}
	return recs
}

// Ensure the etcd store seals the opaque records as the bbolt file does
// (ruling SG3): each is stored with its checksum after it, and a byte
// changed in one (its first, middle or last, the checksum's) is found
// rather than handed to the bot as a moved deadline or another channel:
// GetRecord and the campaign's Records refuse it with a RecordError
// naming the campaign and the record, every campaign's Records names it
// apart in a DamagedRecords and keeps the other campaign's record, and
// Check names it.
func TestEtcdRecordSealed(t *testing.T) {
	ctx := context.Background()
	s := stoEtcdEngine(t).open(t, Options{}).(*EtcdStore)
	stoReopened.Store(s, true) // damaged on purpose: no final Check
	ids := []int64{stoCreate(t, s, 1), stoCreate(t, s, 2)}
	var all []Record
	for _, id := range ids {
		all = append(all, stoEtcdRecords(t, s, id)...)
	}
	for _, r := range all {
		g, err := s.Client().Get(ctx, s.p.record(r.RecordKey))
		if err != nil || len(g.Kvs) != 1 || !bytes.Equal(g.Kvs[0].Value, sealRecord(r.RecordKey, r.Value)) {
			t.Fatalf("%s stored as %q (%v), want it sealed", r.RecordKey, g.Kvs, err)
		}
	}
	for _, r := range all[:3] {
		key := r.RecordKey
		other := RecordKey{ids[1], key.Kind, key.Name}
		sealed := sealRecord(key, r.Value)
		for _, at := range []int{0, len(sealed) / 2, len(sealed) - 1} {
			v := slices.Clone(sealed)
			v[at] ^= 0x04
			if _, err := s.Client().Put(ctx, s.p.record(key), string(v)); err != nil {
				t.Fatal(err)
			}
			var re *RecordError
			if got, err := s.GetRecord(ctx, key); !errors.As(err, &re) || re.Campaign != key.Campaign || re.Key != key.stored() {
				t.Errorf("%s byte %d changed: GetRecord = %q, %v, want a RecordError naming it", key, at, got, err)
			}
			if recs, err := s.Records(ctx, key.Campaign, key.Kind); !errors.As(err, &re) || re.Key != key.stored() || recs != nil {
				t.Errorf("%s byte %d changed: Records(%d) = %v, %v, want it damaged", key, at, key.Campaign, recs, err)
			}
			var dr *DamagedRecords
			if recs, err := s.Records(ctx, 0, key.Kind); !errors.As(err, &dr) || len(dr.Errs) != 1 || dr.Errs[0].Campaign != key.Campaign ||
				dr.Errs[0].Key != key.stored() || len(recs) != 1 || recs[0].RecordKey != other {
				t.Errorf("%s byte %d changed: Records(0) = %v, %v, want %s sound and %s damaged", key, at, recs, err, other, key)
			}
			stoWantChecked(t, s, key.Campaign, key.stored())
		}
		if err := s.PutRecord(ctx, key, r.Value); err != nil {
			t.Fatal(err)
		}
	}
	stoMustCheck(t, s)
}

// stoWantChecked fails unless Check names exactly the one damaged record
// key of campaign id.
func stoWantChecked(t *testing.T, s Campaigns, id int64, key string) {
	t.Helper()
	errs := s.Check(context.Background())
	for _, err := range errs {
		var re *RecordError
		if !errors.As(err, &re) || re.Campaign != id || re.Key != key {
			t.Errorf("Check: %v, want only campaign %d's %q named", err, id, key)
		}
	}
	if len(errs) == 0 {
		t.Errorf("Check does not name campaign %d's %q", id, key)
	}
}

// Ensure a key under the records' range that is not a record's (another
// program's, or damage etcd's own checks did not catch) is not only
// logged: one whose ID part names a campaign takes only that campaign
// out, as a damaged record does (every campaign's Records names it with
// the campaign, and the campaign's own Records refuses it when it lies
// in the campaign's range), and Check names it; one that names no
// campaign is named by Records and Check.
func TestEtcdMalformedRecordKey(t *testing.T) {
	ctx := context.Background()
	s := stoEtcdEngine(t).open(t, Options{}).(*EtcdStore)
	stoReopened.Store(s, true) // damaged on purpose: no final Check
	id := stoCreate(t, s, 1)
	other := stoCreate(t, s, 2)
	stoEtcdRecords(t, s, other)
	for _, tt := range []struct {
		name, key string
		campaign  int64
	}{
		{"NoName", s.p.recordsOf(Binding, id), id},
		{"NoSlash", s.p.records(Binding) + hex16(uint64(id)), id},
		{"LongName", s.p.recordsOf(Binding, id) + string(bytes.Repeat([]byte("n"), 201)), id},
		{"NoCampaign", s.p.records(Binding) + "channel", 0},
		{"CampaignZero", s.p.recordsOf(Binding, 0) + "channel", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.Client().Put(ctx, tt.key, "x"); err != nil {
				t.Fatal(err)
			}
			defer s.Client().Delete(ctx, tt.key)
			var dr *DamagedRecords
			recs, err := s.Records(ctx, 0, Binding)
			if !errors.As(err, &dr) || len(dr.Errs) != 1 || dr.Errs[0].Campaign != tt.campaign || dr.Errs[0].Key != tt.key ||
				len(recs) != 1 || recs[0].Campaign != other {
				t.Errorf("Records(0) = %v, %v, want campaign %d's record sound and %q named for campaign %d", recs, err, other, tt.key, tt.campaign)
			}
			if strings.HasPrefix(tt.key, s.p.recordsOf(Binding, id)) {
				var re *RecordError
				if recs, err := s.Records(ctx, id, Binding); !errors.As(err, &re) || re.Key != tt.key {
					t.Errorf("Records(%d) = %v, %v, want %q named", id, recs, err, tt.key)
				}
			}
			stoWantChecked(t, s, tt.campaign, tt.key)
		})
	}
	stoMustCheck(t, s)
}

// Ensure a prefix of etcd layout 7, whose opaque records were the
// caller's bytes without a checksum (written here through the etcd
// client, as layout 7 wrote them), opens in the newest layout with each
// record kept byte for byte and sealed: GetRecord and Records give it
// back as it was, and Check finds the prefix sound. A record sealed by
// a migration cut short is not sealed twice, and a key that is not a
// record's is left as it is, for Check to name.
func TestEtcdLayout7Records(t *testing.T) {
	ctx := context.Background()
	a, _, raw := stoEtcdPair(t, Options{})
	stoReopened.Store(a, true) // checked on the reopened store
	var want []Record
	for seed := uint64(1); seed <= 2; seed++ {
		want = append(want, stoEtcdRecords(t, a, stoCreate(t, a, seed))...)
	}
	for i, r := range want {
		v := r.Value
		if i == 0 {
			v = sealRecord(r.RecordKey, v) // sealed by a migration cut short
		}
		if _, err := raw.Put(ctx, a.p.record(r.RecordKey), string(v)); err != nil {
			t.Fatal(err)
		}
	}
	stray := a.p.records(Marker) + "stray"
	for k, v := range map[string]string{a.p.schema(): string(itob(7)), stray: "x"} {
		if _, err := raw.Put(ctx, k, v); err != nil {
			t.Fatal(err)
		}
	}
	s, err := OpenEtcd(EtcdOptions{Endpoints: a.client.Endpoints(), Prefix: "pair/"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g, _ := raw.Get(ctx, s.p.schema()); len(g.Kvs) != 1 || btoi(g.Kvs[0].Value) != EtcdSchemaVersion {
		t.Errorf("meta/schema not set to layout %d", EtcdSchemaVersion)
	}
	for _, r := range want {
		g, err := raw.Get(ctx, s.p.record(r.RecordKey))
		if err != nil || len(g.Kvs) != 1 || !bytes.Equal(g.Kvs[0].Value, sealRecord(r.RecordKey, r.Value)) {
			t.Errorf("%s stored as %q (%v), want it sealed once", r.RecordKey, g.Kvs, err)
		}
		if got, err := s.GetRecord(ctx, r.RecordKey); err != nil || !bytes.Equal(got, r.Value) {
			t.Errorf("GetRecord(%s) = %q, %v, want %q", r.RecordKey, got, err, r.Value)
		}
	}
	for _, kind := range recordKinds {
		recs, err := s.Records(ctx, 0, kind)
		var dr *DamagedRecords
		if kind == Marker && errors.As(err, &dr) && len(dr.Errs) == 1 && dr.Errs[0].Key == stray {
			err = nil
		}
		if err != nil || len(recs) != 2 {
			t.Fatalf("Records(%s) = %d records, %v, want 2", kind, len(recs), err)
		}
		for _, r := range recs {
			if i := slices.IndexFunc(want, func(w Record) bool { return w.RecordKey == r.RecordKey }); i < 0 || !bytes.Equal(r.Value, want[i].Value) {
				t.Errorf("Records: %s = %q, not the record stored", r.RecordKey, r.Value)
			}
		}
	}
	if g, _ := raw.Get(ctx, stray); len(g.Kvs) != 1 || string(g.Kvs[0].Value) != "x" {
		t.Errorf("the key that is not a record's was changed: %v", g.Kvs)
	}
	stoWantChecked(t, s, 0, stray)
	if _, err := raw.Delete(ctx, stray); err != nil {
		t.Fatal(err)
	}
	stoMustCheck(t, s)
}
