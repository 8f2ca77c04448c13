package campaign

import (
	"errors"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
)

// Ensure every way a name enters the campaign package passes the one
// check of names (internal/usertext) and is refused with its message:
// a campaign's name (New, NewScenarioBattle's). Battlegroup names:
// TestWorksheet; design and .mtf files: forces.TestNamesEnter; regiment
// files: forces.TestReadRegimentErrors and forces.TestCheckRegiment.
func TestNamesEnter(t *testing.T) {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
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
}
