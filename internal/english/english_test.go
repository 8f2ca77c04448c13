package english

import "testing"

// Ensure the counts, possessives and lists read as English.
func TestEnglish(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{Count(1, "DropShip"), "1 DropShip"},
		{Count(0, "DropShip"), "0 DropShips"},
		{Count(3, "truck"), "3 trucks"},
		{Counts(1, "battlegroup is", "battlegroups are"), "1 battlegroup is"},
		{Counts(2, "battlegroup is", "battlegroups are"), "2 battlegroups are"},
		{Possessive("7th Crucis Lancers"), "7th Crucis Lancers'"},
		{Possessive("Moore's Bandits"), "Moore's Bandits'"},
		{Possessive("alice"), "alice's"},
		{List(nil), ""},
		{List([]string{"A"}), "A"},
		{List([]string{"A", "B"}), "A and B"},
		{List([]string{"A", "B", "C"}), "A, B and C"},
		{Or([]string{"A", "B", "C"}), "A, B or C"},
		{Or([]string{"A"}), "A"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
