package storage

import (
	"io"

	gojson "github.com/goccy/go-json"
)

// decodeJSON decodes what the store wrote as JSON (a document's parts,
// the log's events, the summaries a command finds its campaign by) into
// v, as encoding/json's Unmarshal does, with
// github.com/goccy/go-json: it decodes a campaign 4 to 10 times faster,
// and decoding was most of loading a campaign the cache does not hold
// (after a restart, beyond the cache's campaigns, or after another
// process changed it on etcd). With decodeKeptJSON below it is the
// store's only JSON decoder for what it wrote (summaries through
// decodeSummary), and TestDecodeJSONAsStandard holds both to
// encoding/json's value on every stored document, event and summary the
// tests keep (the fixtures of schemas 1, 3, 4 and 6, and a document
// with every field at its zero value). It copies its input (bbolt's
// memory may be passed) and the strings it reads.
func decodeJSON(data []byte, v any) error { return gojson.Unmarshal(data, v) }

// decodeKeptJSON is decodeJSON for data that is never changed, nor its
// memory reused, while what is decoded from it lives: the strings
// decoded refer to data instead of being copied out of it
// (DecodeNoCopyString). A campaign's document so decoded allocates 476
// strings fewer (its units' names and members) and keeps its 31 KB
// alive instead (loadFrom, which keeps the document anyway).
func decodeKeptJSON(data []byte, v any) error {
	return gojson.UnmarshalWithOption(data, v, gojson.DecodeNoCopyString())
}

// docEncoder encodes the parts of a document (encodeDocInto) to w, one
// value a line, with github.com/goccy/go-json: about three times faster
// than encoding/json, whose reflection was half the CPU of a change that
// encodes every part (one that copies the whole campaign, as a worksheet
// change does). The same test holds it to encoding/json's bytes on every
// value it reads, and on names and texts with the characters
// encoding/json escapes, so that a part either wrote compares equal
// (newestRecord copies the packed bytes of a part that did not change)
// and decodes the same.
func docEncoder(w io.Writer) *gojson.Encoder { return gojson.NewEncoder(w) }

// marshalJSON is v encoded as docEncoder does, without the newline: the
// events and summaries the store writes (encoding/json's reflection
// was a twentieth of a console command's CPU), a part in the test
// binaries' check of copied parts (encodeDocInto). The same test holds
// it to encoding/json's bytes: a stored event is compared with the
// change's as bytes (sameEvent).
func marshalJSON(v any) ([]byte, error) { return gojson.Marshal(v) }
