package storage

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
)

// Ensure a battle's JSON, and JSON of every shape a part may take
// (values before any key, nested arrays, keys and strings holding
// quotes, colons and escapes, empty ones), split into structure and
// columns and put back together is the same text byte for byte, and
// that the values of one key share a column.
func TestColumnsRoundTrip(t *testing.T) {
	b := campaign.Battle{ID: 4, Over: true, Sides: []campaign.BattleSide{{Side: "crucis"}, {Side: "bandits"}}}
	for i := range 50 {
		b.Log = append(b.Log, campaign.LoggedEvent{Event: referee.Event{Type: "move", Turn: i / 5, Side: "crucis", Unit: "A10", Text: `A10 moves 0409 → 0410, "quoted": {x}`}, Audience: []string{"crucis"}})
	}
	battle, err := marshalJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][]byte{
		battle,
		bytes.Join([][]byte{battle, battle}, []byte{'\n'}),
		[]byte(`[1,2,"three",null,true,{"a":[[],[{}],-1.5e3]},"x"]`),
		[]byte(`{"k\"ey:":"v\\\"al:ue","":"","u":"\u00e9\ud83d\ude00","e":{},"n":[]}`),
		[]byte(`"only a string"`),
		[]byte(`{"cut":"short`),
		[]byte("\x00\x01{\"\x00\":\x00}"),
		{},
	} {
		split := splitColumns(nil, p)
		back, err := joinColumns(nil, split)
		if err != nil || !bytes.Equal(back, p) {
			t.Errorf("%.60q split and joined: %.60q (%v)", p, back, err)
		}
	}
	// The texts of the battle's events are one column, one a line.
	if split := splitColumns(nil, battle); !bytes.Contains(split, []byte(strings.Repeat(`"A10 moves 0409 → 0410, \"quoted\": {x}"`+"\n", 50))) {
		t.Error("the events' texts are not one after another in a column")
	}
}

// Ensure a split that is cut short, or whose structure names a column
// it lacks or leaves values over, is refused with an error naming what
// is wrong, never a panic nor a text made up.
func TestColumnsDamaged(t *testing.T) {
	split := splitColumns(nil, []byte(`{"a":1,"b":[2,3]}`))
	for _, tc := range []struct {
		name  string
		split []byte
		want  string
	}{
		{"Empty", nil, "columns' structure: cut short"},
		{"Cut", split[:len(split)-2], "column 2: cut short"},
		{"MoreBytes", append(append([]byte{}, split...), 'x'), "1 bytes after the last"},
		{"NoColumn", stoSplit("{\"a\":\x00\x05}", "1\n"), "a value of no column at byte 5"},
		{"MarkCut", stoSplit("{\"a\":\x00", "1\n"), "a value of no column at byte 5"},
		{"FewerValues", bytes.Replace(split, []byte("2\n3\n"), []byte("2\n3 "), 1), "fewer values"},
		{"MoreValues", stoSplit("{\"a\":\x00\x00}", "1\n2\n"), "column 1: more values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := joinColumns(nil, tc.split)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("joined %q, %v; want an error saying %q", out, err, tc.want)
			}
		})
	}
}

// stoSplit is a split (splitColumns' form) of structure and columns.
func stoSplit(structure string, columns ...string) []byte {
	out := binary.AppendUvarint(nil, uint64(len(structure)))
	out = binary.AppendUvarint(append(out, structure...), uint64(len(columns)))
	for _, c := range columns {
		out = append(binary.AppendUvarint(out, uint64(len(c))), c...)
	}
	return out
}
