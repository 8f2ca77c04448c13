package referee

import (
	"reflect"
	"testing"
)

// FuzzParseAction: ParseAction never panics, and an action it reads
// prints (String) as text that reads back to the same action.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		"deploy A1 0314", "move A1 0314", "move A1 0314 0414 0514", "overburn A1", "attack A1 B1",
		"attack A1 B1 close", "attack A1 B1 ranged value 3 observer A2", "attack A1 B1 value 0", "attack A1 B1 observer",
		"attack A1 B1 value 99999999999999999999", "rally A1 0101", "pickup A1", "withdraw A1", "retreat", "surrender",
		"end", "strafe F1 0707", "bomb F1 0707", "drop M1 100100", "embark A1 D1", "debark A1 0203", "liftoff D1",
		"", "   ", "fly A1", "move A1", "move A1 abcd", "end now", "attack A1 B1 sideways", "attack value observer value observer",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseAction(%q): empty error", s)
			}
			return
		}
		text := a.String()
		back, err := ParseAction(text)
		if err != nil {
			t.Fatalf("ParseAction(%q) = %+v, printed %q, which does not read back: %v", s, a, text, err)
		}
		if !reflect.DeepEqual(back, a) {
			t.Fatalf("ParseAction(%q) = %+v, printed %q, read back as %+v", s, a, text, back)
		}
	})
}
