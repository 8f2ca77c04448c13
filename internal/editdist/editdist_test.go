package editdist

import "testing"

// Ensure Distance counts each kind of typing mistake once, a swap of
// neighbours included, by runes, and is symmetric.
func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"wasp", "wasp", 0},
		{"", "abc", 3},
		{"kitten", "sitting", 3}, // two substitutions and an insertion
		{"wasp", "wsap", 1},      // a swap of neighbours
		{"timezone", "tiemzone", 1},
		{"ab", "ba", 1},
		{"ca", "abc", 3}, // optimal string alignment: no substring edited twice
		{"abcd", "badc", 2},
		{"locust", "locusts", 1},
		{"héllo", "hello", 1}, // one rune, though two bytes
		{"ñu", "uñ", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", tc.b, tc.a, got, tc.want)
		}
	}
}
