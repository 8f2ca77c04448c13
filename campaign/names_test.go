package campaign

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"bfbot/mapgen"
)

// Ensure every way a name enters the campaign package passes the one
// check of names (internal/usertext) and is refused with its message:
// a campaign's name (New, NewScenarioBattle's), a design file's and an
// .mtf file's. Battlegroup names: TestWorksheet; regiment files:
// TestReadRegimentErrors and TestCheckRegiment.
func TestNamesEnter(t *testing.T) {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	var regs []Regiment
	for _, id := range BuiltInIDs {
		r, err := BuiltIn(id)
		if err != nil {
			t.Fatal(err)
		}
		regs = append(regs, r)
	}
	t.Run("New", func(t *testing.T) {
		_, err := New(1, "@everyone\u200B", DefaultSettings(), m, regs)
		var e *Error
		if want := `name: "@everyone\u200b" has a zero-width character (U+200B) at position 10; remove it`; !errors.As(err, &e) || e.Msg != want {
			t.Errorf("New: %v, want the refusal %s", err, want)
		}
		c, err := New(1, "  Tharkad  ", DefaultSettings(), m, regs)
		if err != nil || c.Name != "Tharkad" {
			t.Errorf("New(\"  Tharkad  \"): %v, name %q, want it trimmed", err, c.Name)
		}
	})
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
