package storage

import gojson "github.com/goccy/go-json"

// decodeJSON decodes what the store wrote as JSON (a document's parts,
// the log's events, the summaries a command finds its campaign by) into
// v, as encoding/json's Unmarshal does, with
// github.com/goccy/go-json: it decodes a campaign 4 to 10 times faster,
// and decoding was most of loading a campaign the cache does not hold
// (after a restart, beyond the cache's campaigns, or after another
// process changed it on etcd). It is the store's only JSON decoder for
// what it wrote (summaries through decodeSummary); the store encodes
// with encoding/json, and TestDecodeJSONAsStandard holds the two
// decoders to the same value on every stored document, event and summary
// the tests keep (the fixtures of schemas 1, 3, 4 and 6, and a document
// with every field at its zero value). It copies its input (bbolt's
// memory may be passed) and the strings it reads.
func decodeJSON(data []byte, v any) error { return gojson.Unmarshal(data, v) }
