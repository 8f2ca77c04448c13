package referee

import (
	"testing"

	"bfbot/mapgen/hex"
)

// Ensure Describe gives an attack its numbers and result, and any other
// event its text, or its type, unit and hex when it has no text.
func TestEventDescribe(t *testing.T) {
	n := func(v int) *int { return &v }
	str := func(v string) *string { return &v }
	h, err := hex.Parse("0807")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		e    Event
		want string
	}{
		{"Attack", Event{Type: "attack", Attacker: "A1", Mode: "close", Target: "B1", Value: n(20), Defense: n(12), Column: n(10), Roll: n(7), Result: str("1")},
			"A1 close attack on B1: 20 vs 12, column +10, roll 7 → 1"},
		{"AttackMissWithNote", Event{Type: "attack", Attacker: "A1", Mode: "ranged", Target: "B1", Column: n(-2), Roll: n(4), Result: str(""), Text: "firepower"},
			"A1 ranged attack on B1: column -2, roll 4 → miss (firepower)"},
		{"AttackWithoutRoll", Event{Type: "attack", Text: "A1 attacks B1"}, "A1 attacks B1"},
		{"Text", Event{Type: "initiative", Text: "Lancers wins the initiative and moves first"}, "Lancers wins the initiative and moves first"},
		{"TypeUnitHex", Event{Type: "deploy", Unit: "A1", Hex: &h}, "deploy A1 at 0807"},
		{"TypeOnly", Event{Type: "turn_end"}, "turn_end"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.e.Describe(); got != tc.want {
				t.Errorf("Describe() = %q, want %q", got, tc.want)
			}
		})
	}
}
