package mapgen

import (
	"errors"
	"os"
	"reflect"
	"testing"
)

// FuzzReadStrategic: ReadStrategic never panics; every error is a
// StrategicFileError with a message; every map it returns keeps the
// invariants and comes back unchanged through WriteStrategic.
func FuzzReadStrategic(f *testing.F) {
	if b, err := os.ReadFile("testdata/strategic_example.yaml"); err == nil {
		f.Add(b)
	} else {
		f.Fatal(err)
	}
	for _, s := range []string{
		"",
		"cols: 1\nrows: 1\nsectors: [{col: 1, row: 1, name: A, theme: plains}]\n",
		"seed: 9\ncols: 2\nrows: 2\nsectors:\n- {col: 1, row: 1, name: A, theme: urban, objectives: [{kind: city, name: A}]}\n- {col: 1, row: 2, name: B, theme: hills, orientation: tall, seed: 3}\n- {col: 2, row: 2, name: C, theme: river}\n",
		"cols: 8\nrows: 8\nsectors: []\n",
		"cols: &a 1\nrows: *a\n",
		"cols: 2\nrows: 1\nsectors:\n- {col: 2, row: 1, name: B, theme: woods}\n- {col: 1, row: 1, name: A, theme: mixed}\n",
		"name: \"\\u00e9t\\u00e9\"\ncols: 1\nrows: 1\nsectors: [{col: 1, row: 1, name: \"x\\u0000\", theme: plains}]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadStrategic(data)
		if err != nil {
			var fe *StrategicFileError
			if s != nil || !errors.As(err, &fe) || !errors.Is(err, ErrStrategicFile) || fe.Msg == "" {
				t.Fatalf("ReadStrategic = %v, %v (%T): want a StrategicFileError and no map", s, err, err)
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("ReadStrategic returned a broken map: %v", err)
		}
		out, err := WriteStrategic(s)
		if err != nil {
			t.Fatalf("WriteStrategic of a map read: %v", err)
		}
		back, err := ReadStrategic(out)
		if err != nil {
			t.Fatalf("ReadStrategic of the written map: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(back, s) {
			t.Fatalf("round trip changed the map:\n%+v\n%+v", s, back)
		}
	})
}
