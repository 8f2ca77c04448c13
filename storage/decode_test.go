package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/mapgen"
)

// Ensure the store's decoders (decodeJSON, decodeKeptJSON) read what encoding/json reads,
// and its parts' encoder (docEncoder) writes what encoding/json writes,
// from and for every document, event and summary the tests keep: the fixtures of
// schemas 1, 3, 4 and 6 (their documents whole or in parts, with their
// undo snapshots, their events and summaries; a summary with every field
// set, and a missing one); a campaign
// written before the zero fields were left out (doc_zeros.json, whole,
// with a battle being fought), and the same campaign and a new one in
// parts, each part decoded into its own type.
func TestDecodeJSONAsStandard(t *testing.T) {
	same := func(what string, data []byte, fresh func() any) {
		t.Helper()
		std, got := fresh(), fresh()
		errStd, err := json.Unmarshal(data, std), decodeJSON(data, got)
		if (errStd == nil) != (err == nil) {
			t.Fatalf("%s: encoding/json says %v, decodeJSON %v", what, errStd, err)
		}
		if !reflect.DeepEqual(std, got) {
			t.Errorf("%s: decodeJSON reads another value than encoding/json", what)
		}
		// decodeKeptJSON too, from bytes of its own that stay as they
		// are: its strings refer to them.
		kept := fresh()
		if err := decodeKeptJSON(bytes.Clone(data), kept); (errStd == nil) != (err == nil) || !reflect.DeepEqual(std, kept) {
			t.Errorf("%s: decodeKeptJSON reads another value than encoding/json (%v)", what, err)
		}
		// The parts' encoder writes what encoding/json writes, so that
		// either's parts compare equal (newestRecord) and read the same.
		enc, err := json.Marshal(std)
		if err != nil {
			t.Fatalf("%s: encoding/json: %v", what, err)
		}
		var buf bytes.Buffer
		if err := docEncoder(&buf).Encode(std); err != nil || !bytes.Equal(buf.Bytes(), append(enc, '\n')) {
			t.Errorf("%s: docEncoder wrote other bytes than encoding/json (%v):\n%s\nwant\n%s", what, err, buf.Bytes(), enc)
		}
		if part, err := marshalJSON(std); err != nil || !bytes.Equal(part, enc) {
			t.Errorf("%s: marshalJSON wrote other bytes than encoding/json (%v)", what, err)
		}
	}
	whole := func(what string, doc []byte) { same(what, doc, func() any { return new(campaign.Campaign) }) }
	parts := func(what string, doc []byte) {
		lines := bytes.Split(doc, []byte{'\n'})
		var sides, battles int
		if _, err := fmt.Sscanf(string(lines[0]), partsHeader+" %d %d", &sides, &battles); err != nil {
			t.Fatalf("%s: header %q: %v", what, lines[0], err)
		}
		same(what+" core", lines[1], func() any { return new(campaign.Campaign) })
		same(what+" map", lines[2], func() any { return new(mapgen.Strategic) })
		for i := range sides {
			same(what+" side", lines[3+2*i], func() any { return new(campaign.Side) })
			same(what+" units", lines[4+2*i], func() any { return new([]campaign.Unit) })
		}
		for i := range battles {
			same(what+" battle", lines[3+2*sides+i], func() any { return new(campaign.Battle) })
		}
	}
	zeros, err := os.ReadFile(filepath.Join("testdata", "doc_zeros.json"))
	if err != nil {
		t.Fatal(err)
	}
	whole("doc_zeros.json", zeros)
	c, err := decodeDoc(1, "doc_zeros.json", zeros)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := encodeDoc(c)
	if err != nil {
		t.Fatal(err)
	}
	parts("doc_zeros.json in parts", doc)
	if doc, err = encodeDoc(stoNewCampaign(t)); err != nil {
		t.Fatal(err)
	}
	parts("a new campaign", doc)
	// Names and texts with what encoding/json escapes: HTML's <, > and &,
	// the line and paragraph separators, a control character, bytes that
	// are not UTF-8.
	odd := stoNewCampaign(t)
	name := "Lancers <&> \u2028\u2029 é \x7f\x01 \xff\xfe"
	odd.Name, odd.Sides[0].Name, odd.Sides[1].Units[0].Company = name, name, name
	if doc, err = encodeDoc(odd); err != nil {
		t.Fatal(err)
	}
	parts("a campaign of odd names", doc)
	// The fixtures of every schema: their documents (whole or in parts),
	// events and summaries.
	docs, events, sums := 0, 0, 0
	summary := func(what string, v []byte) {
		same(what+" summary", v, func() any { return new(Summary) })
		sums++
	}
	contents := map[string]map[int64]stoContents{"v3.db": stoReadV3(t, stoFixtureV3(t))}
	for _, name := range []string{"v1.db", "v3.db", "v4.db", "v6.db"} {
		db, err := bolt.Open(stoFixture(t, name), 0o600, &bolt.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		err = db.View(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketCampaigns).ForEach(func(k, v []byte) error {
				if name == "v1.db" { // campaigns/<decimal ID> → {"campaign": …, "seed": N}
					var rec v1Campaign
					if err := json.Unmarshal(v, &rec); err != nil {
						return err
					}
					whole(name, rec.Campaign)
					docs++
					return nil
				}
				summary(name, tx.Bucket(bucketCampaigns).Bucket(k).Get(keySummary))
				return nil
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		if name == "v4.db" || name == "v6.db" {
			contents[name] = stoReadV4(t, db)
		}
		db.Close()
	}
	for name, cs := range contents {
		for _, c := range cs {
			for _, doc := range c.docs {
				if isParts(doc) {
					parts(name, doc)
				} else {
					whole(name, doc)
				}
				docs++
			}
			for _, e := range c.events {
				same(name+" event", e, func() any { return new(campaign.Event) })
				events++
			}
		}
	}
	// A summary with every field set, and none stored.
	full, err := json.Marshal(Summary{ID: 3, Name: "n", Phase: campaign.PhaseOver, Turn: 2, Referee: "r", Guild: "g", Channel: "c",
		Players: map[string]string{"u": "crucis"}, Pending: []string{"p"}, Revision: 9})
	if err != nil {
		t.Fatal(err)
	}
	summary("every field", full)
	summary("no", nil)
	if docs < 20 || events < 200 || sums < 6 {
		t.Errorf("the fixtures gave %d documents, %d events and %d summaries to compare", docs, events, sums)
	}
}
