package mapgen

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzReadBoard checks that no input makes ReadBoard panic, that every
// error names a line, and that every map it returns is sound: Check finds
// nothing, and WriteBoard then ReadBoard gives the same map back without
// warnings. Seeds: the testdata boards and a few damaged fragments; plain
// "go test" runs only these.
func FuzzReadBoard(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.board"))
	if err != nil {
		f.Fatal(err)
	}
	megamek, err := filepath.Glob(filepath.Join("testdata", "megamek", "*.board"))
	if err != nil {
		f.Fatal(err)
	}
	files = append(files, megamek...)
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"",
		"size 1 1\nhex 0101 0 \"\" \"\"\nend\n",
		"size 2 1\r\nhex 0101 3 \"road:1;water:0\" \"\"\r\nhex 0201 -4 \"bridge:1:63;building:5\" \"\"\r\n",
		"size 1 1\nhex 0101 0 \"woods:1;woods:3;jungle:2;swamp:1\" \"\\\"\"\nend",
		"size 3 1\noption exit_roads_to_pavement false\nhex a 0 \"road:1\"\nhex b 0 \"pavement:1\"\nhex c 0 \"road:1:9\"\n",
		"description \"a\\\\b\\nc\"\nsize 1 1\nhex 0101 0 \"\"\n",
		"size 200 200\n",
		"size 1 1\nhex 0101 0 \"woods:\"",
		"size 1 1\nhex 2230 0 \"\" \"\\\"\nend\n",
		"size 2 1 / c\nhex 0101 0 'woods:1' \"x\"\nhex 0201 0 \"a\\\nb\"\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, ws, err := ReadBoard(bytes.NewReader(data))
		if err != nil {
			if m != nil || ws != nil {
				t.Fatalf("error %v came with a map or warnings", err)
			}
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error %q names no line", err)
			}
			return
		}
		if errs := m.Check(); len(errs) > 0 {
			t.Fatalf("ReadBoard returned a broken map: %v", errs)
		}
		for i, w := range ws {
			if w.Line < 1 || (i > 0 && w.Line < ws[i-1].Line) {
				t.Fatalf("warning %d out of line order: %v", i, ws)
			}
		}
		var buf bytes.Buffer
		if err := WriteBoard(&buf, m); err != nil {
			t.Fatalf("WriteBoard: %v", err)
		}
		back, ws2, err := ReadBoard(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("ReadBoard of the written board: %v\n%s", err, buf.String())
		}
		if len(ws2) > 0 {
			t.Fatalf("ReadBoard of the written board warns: %v", ws2)
		}
		if !reflect.DeepEqual(back, m) {
			t.Fatalf("round trip changed the map")
		}
	})
}
