package storage

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"bfbot/campaign"
)

// Ensure a campaign document written before lances, chits, values and
// battle units left their zero fields out (testdata/doc_zeros.json: a
// campaign with a battle being fought, every zero written) decodes to the
// same campaign as the shorter form written now, and that Update's pooled
// record is byte for byte the record encodeState makes of encodeDoc's
// document.
func TestDocumentForm(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "doc_zeros.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := decodeDoc(1, "testdata", old)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Battles) == 0 {
		t.Fatal("the fixture has no battle: its units' battle fields go untested")
	}
	now, err := encodeDoc(a)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("SameCampaign", func(t *testing.T) {
		b, err := decodeDoc(1, "now", now)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			stoSameJSON(t, b, a)
			t.Error("the document written now decodes to another campaign than the one written before")
		}
	})
	t.Run("Shorter", func(t *testing.T) {
		for _, zero := range []string{`"Chits":{"Bomb":0`, `{"RA":0,"CA":0,"D":0}`, `"Jump":false`, `"Overrun":null`} {
			if strings.Contains(string(now), zero) {
				t.Errorf("the document still writes %s", zero)
			}
		}
		if len(now) > len(old)*3/4 {
			t.Errorf("document of %d bytes, more than 3/4 of the %d written with every zero", len(now), len(old))
		}
		t.Logf("%d bytes with every zero, %d now", len(old), len(now))
	})
	t.Run("PooledDocument", func(t *testing.T) {
		a.Log = campaign.NewLog(make([]campaign.Event, 3)...) // the document leaves the log out
		buf := bytes.NewBufferString("left over from the last use")
		got, err := encodeDocInto(buf, a, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, now) {
			t.Errorf("encodeDocInto wrote %d bytes unlike encodeDoc's %d", len(got), len(now))
		}
	})
}
