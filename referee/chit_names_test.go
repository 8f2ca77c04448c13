package referee

import (
	"reflect"
	"strings"
	"testing"
)

// The variation chits by name (000 lines 1279–1353): every kind read,
// jump repeated, and each refusal pointing at the bad name.
func TestParseChits(t *testing.T) {
	c, _, err := ParseChits([]string{"Firepower+2", "armor+3", "recon", "ECM", "aep", "Extra 'Mech", "jump", "jump"}, AssaultMech)
	if err != nil {
		t.Fatal(err)
	}
	want := Chits{Firepower: 2, Armor: 3, Recon: true, ECM: true, AEP: true, ExtraMech: true, Jump: 2}
	if c != want {
		t.Fatalf("got %+v, want %+v", c, want)
	}
	if got, want := c.Names(), []string{"firepower+2", "armor+3", "recon", "ecm", "aep", "extra-mech", "jump", "jump"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	if c, _, err := ParseChits([]string{"bomb10"}, LightAir); err != nil || c.Bomb != 10 {
		t.Errorf("bomb10 on an air lance: %+v, %v", c, err)
	}
	for _, tc := range []struct {
		names []string
		class Class
		index int
		want  string
	}{
		{[]string{"recon", "recon"}, HeavyMech, 1, "holds one recon chit"},
		{[]string{"firepower"}, HeavyMech, 0, "write the chit's number"},
		{[]string{"armor+100"}, HeavyMech, 0, "write the chit's number"},
		{[]string{"bomb7"}, LightAir, 0, "fives (BattleForce p. 33, Bomb)"},
		{[]string{"bomb5"}, HeavyMech, 0, "carried by air lances"},
		{[]string{"recon", "jump"}, Tracked, 1, "(BattleForce p. 33, Jump)"},
		{[]string{"laser"}, HeavyMech, 0, `unknown chit "laser"`},
	} {
		_, i, err := ParseChits(tc.names, tc.class)
		if err == nil || i != tc.index || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q on %v: index %d, %v; want index %d, %q", tc.names, tc.class, i, err, tc.index, tc.want)
		}
	}
}
