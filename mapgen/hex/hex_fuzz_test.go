package hex

import (
	"errors"
	"testing"
)

// FuzzParse: Parse never panics; an error wraps ErrSyntax; a hex it
// accepts lies on the map (0-based X, Y ≥ 0) and its name parses back to
// the same hex, through both String and MarshalText.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0807", "0101", "9999", "100017", "099100", "0000", "0100", "+101", "01-1",
		"", "01", "abcd", "１２３４", "0\x0001", "999999", " 0101", "0x01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Parse(%q) error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		if h.X < 0 || h.Y < 0 {
			t.Fatalf("Parse(%q) = %+v, off the map", s, h)
		}
		back, err := Parse(h.String())
		if err != nil || back != h {
			t.Fatalf("Parse(%q) = %+v; Parse(%q) = %+v, %v", s, h, h.String(), back, err)
		}
		txt, err := h.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText(%+v): %v", h, err)
		}
		var u Hex
		if err := u.UnmarshalText(txt); err != nil || u != h {
			t.Fatalf("UnmarshalText(%q) = %+v, %v; want %+v", txt, u, err, h)
		}
	})
}
