package storage

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"

	"bfbot/campaign"
)

// stoChunkEvents is a full chunk of events with every field of
// campaign.Event set somewhere, audiences absent, empty, repeated and
// of two sides, and texts with what JSON escapes.
func stoChunkEvents() []campaign.Event {
	events := make([]campaign.Event, eventsPerChunk)
	for i := range events {
		e := campaign.Event{Turn: i / 4, Step: []string{"orders", "movement", "battle", "vp"}[i%4], Type: "t" + string(rune('a'+i%5)),
			Side: []string{"", "crucis", "bandits"}[i%3], Sector: i % 7, Battle: i % 3, VP: i%5 - 2,
			Text: "event \"" + string(rune('A'+i%26)) + "\" → <b>\n\ttab é"}
		switch i % 4 {
		case 1:
			e.Audience = []string{"crucis"}
		case 2:
			e.Audience = []string{"crucis", "bandits"}
		case 3:
			e.Audience = []string{}
		}
		if i == 5 {
			e.Text = ""
		}
		events[i] = e
	}
	return events
}

// stoLines is events' JSON lines as the store writes them.
func stoLines(t testing.TB, events []campaign.Event) [][]byte {
	t.Helper()
	lines := make([][]byte, len(events))
	for i, e := range events {
		var err error
		if lines[i], err = marshalJSON(e); err != nil {
			t.Fatal(err)
		}
	}
	return lines
}

// Ensure a full chunk in the events form gives back every event as the
// JSON it was written from decodes (an empty audience, which JSON leaves
// out, read as none), and is read back as those JSON lines.
func TestFullChunkRoundTrip(t *testing.T) {
	lines := stoLines(t, stoChunkEvents())
	z, ok := fullChunk(nil, lines)
	if !ok || z[0] != chunkSummed {
		t.Fatal("a full chunk was not written in the summed events form")
	}
	got, err := unpackFullChunk(nil, stoFrame(t, z))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lines {
		var want campaign.Event
		if err := decodeJSON(l, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got[i], want) {
			t.Fatalf("event %d read back as %+v, want %+v", i+1, got[i], want)
		}
	}
	if back := stoLines(t, got); !reflect.DeepEqual(back, lines) {
		t.Error("the events read back encode other JSON than was written")
	}
	if raw := deflateChunkLines(lines); len(z) >= len(raw) {
		t.Errorf("the events form takes %d bytes, the deflated JSON %d", len(z), len(raw))
	}
}

// deflateChunkLines is lines deflated as a full chunk of JSON was.
func deflateChunkLines(lines [][]byte) []byte {
	var raw []byte
	for i, l := range lines {
		if i > 0 {
			raw = append(raw, '\n')
		}
		raw = append(raw, l...)
	}
	return deflate(nil, raw, levelOnce)
}

// Ensure a chunk whose events the form would not give back as written
// stays JSON: lines that do not decode as events, and an event with a
// field the form does not carry (one JSON has that Event lacks).
func TestFullChunkFallsBack(t *testing.T) {
	lines := stoLines(t, stoChunkEvents())
	lines[3] = []byte(`{"turn":1,"step":"orders","type":"x","text":"","extra":1}`)
	if _, ok := fullChunk(nil, lines); ok {
		t.Error("an event with a field Event lacks was written in the events form")
	}
	lines[3] = []byte(`not json`)
	if _, ok := fullChunk(nil, lines); ok {
		t.Error("a line that is not an event was written in the events form")
	}
}

// Ensure every field of campaign.Event is one the events form carries:
// a field added to Event must be added to the form (encodeFullChunk's
// check would otherwise keep every full chunk in JSON).
func TestFullChunkCarriesEveryField(t *testing.T) {
	carried := []string{"Turn", "Step", "Type", "Audience", "Side", "Sector", "Battle", "VP", "Text"}
	typ := reflect.TypeFor[campaign.Event]()
	var fields []string
	for i := range typ.NumField() {
		fields = append(fields, typ.Field(i).Name)
	}
	if !reflect.DeepEqual(fields, carried) {
		t.Errorf("campaign.Event has fields %v, the events form carries %v", fields, carried)
	}
}

// Ensure an unpacked chunk cut anywhere, or with any byte changed, is
// refused or read without a panic (the checksum refuses such a chunk
// first; this is the decoder's own guard).
func TestFullChunkDamaged(t *testing.T) {
	lines := stoLines(t, stoChunkEvents())
	z, _ := fullChunk(nil, lines)
	raw, err := zstdReader().DecodeAll(stoFrame(t, z), nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(raw) {
		if _, err := decodeFullChunk(nil, raw[:n]); err == nil {
			t.Fatalf("a chunk cut to %d of %d bytes read without an error", n, len(raw))
		}
	}
	for i := range raw {
		v := clone(raw)
		v[i] ^= 0xff
		_, _ = decodeFullChunk(nil, v)
	}
}

// Ensure a chunk in the events form whose counts claim more events,
// audiences or names than a full chunk may hold is refused by name
// before anything of that size is made: a megabyte of zeros, which zstd
// packs into a few bytes, once claimed a million events of a hundred
// bytes and more each.
func TestFullChunkCountsCapped(t *testing.T) {
	zeros := make([]byte, 1<<20)
	claim := func(counts ...uint64) []byte {
		var raw []byte
		for _, n := range counts {
			raw = binary.AppendUvarint(raw, n)
		}
		return append(raw, zeros...)
	}
	for _, tc := range []struct {
		name string
		raw  []byte
		want string
	}{
		{"Events", claim(0, 0, 1<<20-1), "1048575 events, more than 64"},
		{"Audiences", claim(0, 1<<20-1), "1048575 audiences, more than 64"},
		{"Strings", claim(1<<20 - 1), "1048575 strings, more than 65536"},
		{"AudienceNames", claim(1, 0, 2, maxChunkNames), "65536 names in audiences, more than 65535"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeFullChunk(nil, tc.raw)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
			z := zstdBest().EncodeAll(tc.raw, nil)
			if _, err := unpackFullChunk(nil, z); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("packed (%d bytes): got %v, want an error saying %q", len(z), err, tc.want)
			}
		})
	}
}
