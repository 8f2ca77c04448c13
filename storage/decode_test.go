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

// Ensure the store's decoder (decodeJSON) reads what encoding/json reads
// from every document and event the tests keep: the schema 4 fixture's
// documents, whole and as its undo snapshots, and its events; a campaign
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
	db, err := bolt.Open(stoFixture(t, "v4.db"), 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	docs, events := 0, 0
	for _, contents := range stoReadV4(t, db) {
		for _, doc := range contents.docs {
			whole("v4.db", doc)
			docs++
		}
		for _, e := range contents.events {
			same("v4.db event", e, func() any { return new(campaign.Event) })
			events++
		}
	}
	if docs == 0 || events == 0 {
		t.Errorf("v4.db gave %d documents and %d events to compare", docs, events)
	}
}
