package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bfbot/campaign"
)

// Ensure a change packs again only the parts of the document it
// changed: a side's salvage changes that side's part (the fourth line:
// header, core, map, side) and no other, the record copies the others'
// packed bytes from the record before, and it unpacks to the new
// document.
func TestPartsReused(t *testing.T) {
	c := stoNewCampaign(t)
	before, st := stoWholeState(t, c)
	if st.form != formTagged {
		t.Fatalf("a new document's record has form %d, not in packed parts", st.form)
	}
	c.Sides[0].Salvage += 3
	after, err := encodeDoc(c)
	if err != nil {
		t.Fatal(err)
	}
	next, err := parseState(1, 2, newestRecord(nil, []byte("dice"), 0, after, before, st.partsBody()))
	if err != nil {
		t.Fatal(err)
	}
	old, _ := splitSegments(st.body)
	segs, err := splitSegments(next.body)
	if err != nil {
		t.Fatal(err)
	}
	if want := 3 + 2*len(c.Sides); len(segs) != want || len(old) != want {
		t.Fatalf("%d and %d parts, want %d (header, core, map, each side and its units)", len(old), len(segs), want)
	}
	for i := range segs {
		if same := bytes.Equal(segs[i], old[i]); same == (i == 3) {
			t.Errorf("part %d: packed again %v, want %v", i+1, !same, i == 3)
		}
	}
	if doc, err := next.document(1, nil); err != nil || !bytes.Equal(doc, after) {
		t.Errorf("the record in parts unpacks to another document (%v)", err)
	}
}

// Ensure a damaged document in parts is refused with an error naming what
// is wrong, never decoded into a partial campaign.
func TestPartsDamaged(t *testing.T) {
	doc, err := encodeDoc(stoNewCampaign(t))
	if err != nil {
		t.Fatal(err)
	}
	header, rest, _ := bytes.Cut(doc, []byte{'\n'})
	lines := bytes.Split(rest, []byte{'\n'})
	for _, tt := range []struct {
		name, saying string
		doc          []byte
	}{
		{"MoreBattles", "not the counts", append([]byte(partsHeader+" 2 1\n"), rest...)},
		{"NoCounts", "want", append([]byte(partsHeader+" 2\n"), rest...)},
		{"PartCut", "side 2", append(append(bytes.Clone(header), '\n'), bytes.Join([][]byte{lines[0], lines[1], lines[2], lines[3], lines[4][:10], lines[5]}, []byte{'\n'})...)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.doc) == 0 {
				t.Fatal("no document")
			}
			_, err := decodeDoc(1, "test", tt.doc)
			if err == nil || !strings.Contains(err.Error(), tt.saying) {
				t.Errorf("decodeDoc = %v, want an error saying %q", err, tt.saying)
			}
		})
	}
	st, err := parseState(1, 1, wholeRecord([]byte("dice"), 0, doc))
	if err != nil {
		t.Fatal(err)
	}
	st.body = st.body[:len(st.body)-5]
	if _, err := st.document(1, nil); err == nil {
		t.Error("a record in parts cut short unpacked")
	}
}

// Ensure a packed part whose header claims more than any campaign's
// document may unpack to is refused as damage before anything is made:
// an S2 block may claim 4 GiB in five bytes, and a few thousand such
// claims would take the process down.
func TestPartsClaimTooMuch(t *testing.T) {
	for _, tagged := range []bool{false, true} {
		t.Run(fmt.Sprintf("Tagged=%v", tagged), func(t *testing.T) { testPartsClaimTooMuch(t, tagged) })
	}
}

func testPartsClaimTooMuch(t *testing.T, tagged bool) {
	body := func(parts int, claims uint64) []byte {
		var claim []byte
		if tagged {
			claim = []byte{partS2}
		}
		claim = binary.AppendUvarint(claim, claims) // the block's unpacked length
		claim = append(claim, 0, 0, 0)
		var b []byte
		for range parts {
			b = binary.AppendUvarint(b, uint64(len(claim)))
			b = append(b, claim...)
		}
		return b
	}
	for _, tc := range []struct {
		name string
		body []byte
		part string
	}{
		{"OnePartHuge", body(3000, 1<<32-1), "part 1:"},
		{"PartsAddUp", body(3, 40<<20), "part 2:"}, // each within the cap, together past it
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := unpackParts(tc.body, tagged)
			if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.HasPrefix(err.Error(), tc.part) {
				t.Errorf("unpackParts = %v, want %s refused as damaged", err, tc.part)
			}
		})
	}
}

// stoWholeState is c's document and the record of a newest revision
// holding it, every part packed (wholeRecord), parsed.
func stoWholeState(t *testing.T, c *campaign.Campaign) ([]byte, state) {
	t.Helper()
	doc, err := encodeDoc(c)
	if err != nil {
		t.Fatal(err)
	}
	st, err := parseState(c.ID, 1, wholeRecord([]byte("dice"), 0, doc))
	if err != nil {
		t.Fatal(err)
	}
	return doc, st
}

// Ensure the parts encodeDocParts gives with a document are what
// splitting it at its newlines gives, for a campaign with battles and
// one without, with parts copied from a base and without.
func TestEncodeDocParts(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "doc_zeros.json"))
	if err != nil {
		t.Fatal(err)
	}
	battle, err := decodeDoc(1, "testdata", old)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*campaign.Campaign{battle, stoNewCampaign(t)} {
		prev, err := encodeDoc(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, base := range []*partsBase{nil, newPartsBase(c, prev, nil)} {
			doc, lines, err := encodeDocParts(new(bytes.Buffer), c, base)
			if err != nil {
				t.Fatal(err)
			}
			want := splitParts(doc)
			if len(lines) != len(want) {
				t.Fatalf("%d parts, want %d", len(lines), len(want))
			}
			for i := range want {
				if !bytes.Equal(lines[i], want[i]) {
					t.Errorf("part %d: %.60q, want %.60q", i, lines[i], want[i])
				}
			}
		}
	}
}
