package storage

import (
	"context"
	"fmt"
	"math"
	"strings"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// recordOp writes (or with a nil value deletes) one record, sealed with
// its checksum (seal.go, from layout 8) as the bbolt file seals it.
func (s *EtcdStore) recordOp(r Record) clientv3.Op {
	if r.Value == nil {
		return clientv3.OpDelete(s.p.record(r.RecordKey))
	}
	return clientv3.OpPut(s.p.record(r.RecordKey), string(sealRecord(r.RecordKey, r.Value)))
}

// GetRecord returns the record's value, or nil if there is none; a
// *RecordError if its checksum does not match.
func (s *EtcdStore) GetRecord(ctx context.Context, key RecordKey) ([]byte, error) {
	if err := key.validate(); err != nil {
		return nil, err
	}
	r, err := s.read(ctx, clientv3.OpGet(s.p.summary(key.Campaign), clientv3.WithCountOnly()), clientv3.OpGet(s.p.record(key)))
	if err != nil {
		return nil, err
	}
	if r.Responses[0].GetResponseRange().Count == 0 {
		return nil, fmt.Errorf("campaign %d: %w", key.Campaign, ErrNotFound)
	}
	if kvs := r.Responses[1].GetResponseRange().Kvs; len(kvs) > 0 {
		body, rerr := unsealRecord(key, kvs[0].Value)
		if rerr != nil {
			return nil, rerr
		}
		return body, nil
	}
	return nil, nil
}

// PutRecord writes (or with a nil value deletes) one record of a stored
// campaign.
func (s *EtcdStore) PutRecord(ctx context.Context, key RecordKey, value []byte) error {
	if err := key.validate(); err != nil {
		return err
	}
	if err := s.writable(); err != nil {
		return err
	}
	_, err := s.commit(ctx, []clientv3.Cmp{clientv3.Compare(clientv3.CreateRevision(s.p.summary(key.Campaign)), ">", 0)},
		[]clientv3.Op{s.recordOp(Record{key, value})})
	if err == errConflict {
		return fmt.Errorf("campaign %d: %w", key.Campaign, ErrNotFound)
	}
	return err
}

// Records lists a campaign's records of one kind by name, or, with
// campaign 0, every campaign's, by campaign and name, as Store.Records
// does: a record whose checksum does not match, or a key that is not a
// record's, fails one campaign's list, and every campaign's names it in
// a *DamagedRecords beside the sound records.
func (s *EtcdStore) Records(ctx context.Context, id int64, kind RecordKind) ([]Record, error) {
	if !kind.valid() {
		return nil, fmt.Errorf("records: kind %q: use %s, %s or %s", kind, Schedule, Binding, Marker)
	}
	prefix := s.p.records(kind)
	ops := []clientv3.Op{clientv3.OpGet(prefix, clientv3.WithPrefix())}
	if id != 0 {
		if id < 0 {
			return nil, fmt.Errorf("campaign %d: %w (campaign IDs are numbers from 1)", id, ErrNotFound)
		}
		ops = []clientv3.Op{clientv3.OpGet(s.p.recordsOf(kind, id), clientv3.WithPrefix()), clientv3.OpGet(s.p.summary(id), clientv3.WithCountOnly())}
	}
	r, err := s.read(ctx, ops...)
	if err != nil {
		return nil, err
	}
	if id != 0 && r.Responses[1].GetResponseRange().Count == 0 {
		return nil, fmt.Errorf("campaign %d: %w", id, ErrNotFound)
	}
	out, bad := s.readRecords(kind, r.Responses[0].GetResponseRange().Kvs)
	return soundRecords(id, out, bad)
}

// readRecords reads records of one kind as etcd gave them, each key
// parsed and each value checked against its checksum, and apart those
// that fail.
func (s *EtcdStore) readRecords(kind RecordKind, kvs []*mvccpb.KeyValue) ([]Record, []*RecordError) {
	var out []Record
	var bad []*RecordError
	for _, kv := range kvs {
		key, err := s.parseRecordKey(kind, string(kv.Key))
		if err == nil {
			var body []byte
			if body, err = unsealRecord(key, kv.Value); err == nil {
				out = append(out, Record{key, body})
				continue
			}
		}
		bad = append(bad, err)
	}
	return out, bad
}

// parseRecordKey reads P record/<kind>/<id>/<name>. A key that is not a
// record's is named with the campaign its ID part names, when it names
// one, so that only that campaign is taken out (ruling SG3).
func (s *EtcdStore) parseRecordKey(kind RecordKind, key string) (RecordKey, *RecordError) {
	rest := strings.TrimPrefix(key, s.p.records(kind))
	idHex, name, ok := strings.Cut(rest, "/")
	id, okID := parseHex(idHex, "")
	if !okID || id > math.MaxInt64 {
		id = 0
	}
	k := RecordKey{int64(id), kind, name}
	if !ok || id == 0 || k.validate() != nil {
		return RecordKey{}, &RecordError{Campaign: int64(id), Key: key, Err: fmt.Errorf("not a %s record key", kind)}
	}
	return k, nil
}
