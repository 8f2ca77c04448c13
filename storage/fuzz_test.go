package storage

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"testing"
)

// The decoders of schema 9's forms read what a file holds, which may be
// damaged or made to harm: each fuzz target asserts that no input
// panics, and that what decodes is given back by encoding it again.
// Crashing inputs found are kept under testdata/fuzz, which a plain go
// test replays.

// stoFuzzDoc is a document's worth of JSON parts, a finished battle's
// among them, large enough to be packed with zstd.
func stoFuzzDoc() [][]byte {
	battle := append([]byte(`{"id":1,"state":"over","over":true,"log":[`), bytes.Repeat([]byte(`{"turn":1,"text":"the Atlas fires"},`), settledFrom/30)...)
	battle = append(battle[:len(battle)-1], "]}"...)
	return [][]byte{[]byte(`{"id":1,"name":"Fuzz"}`), battle, bytes.Replace(battle, []byte(`"id":1`), []byte(`"id":2`), 1), {}}
}

// stoFullChunkSeed is stoChunkEvents stored as a full chunk in the
// events form, its mark first.
func stoFullChunkSeed(f *testing.F) []byte {
	z, ok := fullChunk(nil, stoLines(f, stoChunkEvents()))
	if !ok {
		f.Fatal("the seed chunk was not written in the events form")
	}
	return z
}

// stoFrame is the zstd frame of z, a stored chunk in an events form.
func stoFrame(tb testing.TB, z []byte) []byte {
	frame, _, _, err := chunkFrame(z)
	if err != nil {
		tb.Fatal(err)
	}
	return frame
}

// Ensure a full chunk's events form, unpacked, decodes without a panic
// to an error or to events that encode to a chunk decoding the same.
func FuzzFullChunk(f *testing.F) {
	z := stoFullChunkSeed(f)
	raw, err := zstdReader().DecodeAll(stoFrame(f, z), nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add(raw[:len(raw)/2])
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, err := decodeFullChunk(nil, bytes.Clone(raw))
		if err != nil {
			return
		}
		lines := make([][]byte, len(got))
		for i, e := range got {
			if lines[i], err = marshalJSON(e); err != nil {
				t.Fatal(err)
			}
		}
		z, ok := encodeFullChunk(nil, got, lines)
		if !ok {
			return // what JSON would not give back as it is (text not UTF-8) stays JSON
		}
		back, err := unpackFullChunk(nil, stoFrame(t, z))
		if err != nil {
			t.Fatalf("a chunk encoded again does not decode: %v", err)
		}
		if !reflect.DeepEqual(back, got) {
			t.Fatalf("a chunk encoded again decodes as %+v, first as %+v", back, got)
		}
	})
}

// Ensure a stored full chunk (a zstd frame) unpacks without a panic.
func FuzzUnpackFullChunk(f *testing.F) {
	z := stoFrame(f, stoFullChunkSeed(f))
	f.Add(z)
	f.Add(z[:len(z)/2])
	f.Fuzz(func(t *testing.T, z []byte) {
		if got, err := unpackFullChunk(nil, z); err == nil && len(got) > eventsPerChunk {
			t.Fatalf("%d events in one chunk", len(got))
		}
	})
}

// Ensure a stored chunk, open (S2) or DEFLATE, unpacks without a panic
// to an error or to lines that pack to a chunk unpacking the same.
func FuzzOpenChunk(f *testing.F) {
	events := stoChunkEvents()
	var raw []byte
	for i, e := range events[:10] {
		if i > 0 {
			raw = append(raw, '\n')
		}
		l, _ := marshalJSON(e)
		raw = append(raw, l...)
	}
	f.Add(packOpenChunk(nil, raw))
	f.Add(packOpenChunk(nil, nil))
	f.Add([]byte{chunkS2, 0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, z []byte) {
		raw, err := unpackChunk(z)
		if err != nil || len(z) == 0 || z[0] != chunkS2 {
			return
		}
		back, err := unpackChunk(packOpenChunk(nil, raw))
		if err != nil || !bytes.Equal(back, raw) {
			t.Fatalf("an open chunk packed again unpacks as %q (%v), first as %q", back, err, raw)
		}
	})
}

// Ensure a document in tagged parts unpacks without a panic to an
// error or to a document whose parts, packed again, unpack the same.
func FuzzTaggedParts(f *testing.F) {
	body := appendParts(nil, stoFuzzDoc(), 0, nil, nil, nil)
	f.Add(body)
	f.Add(body[:len(body)/2])
	f.Add(stoSegment(nil, []byte{partZstd}))
	f.Add(stoSegment(stoSegment(nil, []byte{partS2, 0}), []byte{partNext}))
	f.Add(stoSegment(nil, []byte{'x', 0}))
	f.Fuzz(func(t *testing.T, body []byte) {
		doc, err := unpackParts(body, true)
		if err != nil {
			return
		}
		again := appendParts(nil, bytes.Split(doc, []byte{'\n'}), 0, nil, nil, nil)
		back, err := unpackParts(again, true)
		if err != nil || !bytes.Equal(back, doc) {
			t.Fatalf("a document packed again unpacks as %q (%v), first as %q", back, err, doc)
		}
	})
}

// Ensure reading a battle part's keys for its flag never panics,
// whatever the part holds.
func FuzzSettledBattle(f *testing.F) {
	for _, p := range stoFuzzDoc() {
		f.Add(p)
	}
	f.Add(append(bytes.Repeat([]byte{' '}, settledFrom), `{"state":"x","over"`...))
	f.Fuzz(func(t *testing.T, p []byte) { settledBattle(p) })
}

// stoSegment appends seg to body as a part in parts (its length, then
// its bytes).
func stoSegment(body, seg []byte) []byte {
	return append(binary.AppendUvarint(body, uint64(len(seg))), seg...)
}

// Ensure joining columns never panics, whatever the split holds, and
// that any text without a newline (which no value of a part holds)
// split into columns joins back byte for byte.
func FuzzColumns(f *testing.F) {
	for _, p := range stoFuzzDoc() {
		f.Add(p)
		f.Add(splitColumns(nil, p))
	}
	f.Add([]byte(`{"k\"":"v\\","":[1,{"a":null}]}`))
	f.Fuzz(func(t *testing.T, p []byte) {
		_, _ = joinColumns(nil, p)
		if bytes.IndexByte(p, '\n') >= 0 {
			return
		}
		if back, err := joinColumns(nil, splitColumns(nil, p)); err != nil || !bytes.Equal(back, p) {
			t.Fatalf("%q split and joined: %q (%v)", p, back, err)
		}
	})
}
