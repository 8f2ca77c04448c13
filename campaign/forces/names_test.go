package forces

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// Ensure every way a name enters the forces package passes the one check
// of names (internal/usertext) and is refused with its message: a design
// file's and an .mtf file's. Regiment files: TestReadRegimentErrors and
// TestCheckRegiment.
func TestNamesEnter(t *testing.T) {
	t.Run("DesignFile", func(t *testing.T) {
		data := bytes.Replace(tdRead(t, "designs/gauss.yaml"), []byte("name: Gauss Test"), []byte(`name: "Gauss\u2066Test"`), 1)
		_, err := ReadDesigns(data)
		if want := `line 2: name: "Gauss\u2066Test" has a bidirectional-text control (U+2066) at position 6; remove it`; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadDesigns: %v, want it to hold %s", err, want)
		}
	})
	t.Run("MTF", func(t *testing.T) {
		data := bytes.Replace(tdRead(t, "wasp.mtf"), []byte("chassis:Wasp"), []byte("chassis:Wa\u200Bsp"), 1)
		_, _, err := ReadMTF(bytes.NewReader(data))
		if want := `line 2: chassis and model: "Wa\u200bsp WSP-1A" has a zero-width character (U+200B) at position 3; remove it`; !errors.Is(err, ErrMTF) || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadMTF: %v, want it to hold %s", err, want)
		}
	})
}
