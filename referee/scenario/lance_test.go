package scenario

import (
	"reflect"
	"strings"
	"testing"

	"bfbot/referee"
)

// Ensure quick lance generation (000 lines 1697–1711) on the values table:
// averages rounded half up (R6), the slowest MP (line 1516), jump only if
// all jump (line 1518), the class by weight or movement mode (V13).
func TestQuickLance(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  Lance
	}{
		// The Four Brothers of line 1385: the table's values give the
		// lance the book works out by the full method (line 1532):
		// RA 8, CA 12, D 8, R 3, MP 4, not jump-capable (line 1518).
		{[]string{"Wasp", "Thunderbolt", "Vindicator", "Hatchetman"},
			Lance{Class: referee.MediumMech, RA: 8, CA: 12, D: 8, R: 3, MP: 4}},
		// 75/4 = 18.75, 101/4 = 25.25, 48/4 = 12; 91.25 tons: assault.
		{[]string{"Atlas", "Atlas", "Stalker", "Zeus"},
			Lance{Class: referee.AssaultMech, RA: 19, CA: 25, D: 12, R: 3, MP: 3}},
		// Halves round up: RA 18/4 = 4.5 → 5, D 4.5 → 5, R 1.5 → 2.
		{[]string{"Wasp", "Stinger", "Locust", "Commando"},
			Lance{Class: referee.LightMech, RA: 5, CA: 7, D: 5, R: 2, MP: 6}},
		// Every member jumps: the lance does.
		{[]string{"Wasp", "Stinger", "Jenner", "Phoenix Hawk"},
			Lance{Class: referee.LightMech, RA: 6, CA: 10, D: 6, R: 2, MP: 6, Jump: true}},
		// Every member fires indirectly: a Fire 'Mech lance.
		{[]string{"Catapult", "Catapult", "Catapult", "Catapult"},
			Lance{Class: referee.FireMech, RA: 13, CA: 12, D: 9, R: 3, MP: 4, Jump: true, Indirect: true}},
		{[]string{"Pegasus", "Pegasus", "Pegasus", "Pegasus"},
			Lance{Class: referee.Hover, RA: 8, CA: 8, D: 6, R: 2, MP: 8}},
		// Support vehicles stay a wheeled platoon here (V13; campaign
		// makes them a truck, its ruling Q8).
		{[]string{"MASH", "MASH", "MASH", "MASH"},
			Lance{Class: referee.Wheeled, RA: 3, CA: 3, D: 4, R: 0, MP: 5}},
		// Long Toms: artillery, with the minimum range of ruling C5.
		{[]string{"Long Tom", "Long Tom", "Long Tom", "Long Tom"},
			Lance{Class: referee.LongTom, RA: 7, CA: 0, D: 4, R: 40, MinRange: 5, MP: 2, Indirect: true}},
	} {
		got, err := QuickLance(tc.names)
		if err != nil {
			t.Errorf("%v: %v", tc.names, err)
			continue
		}
		g := Lance{Class: got.Class, RA: got.RA, CA: got.CA, D: got.D, R: got.R, MinRange: got.MinRange, MP: got.MP, Jump: got.Jump, Indirect: got.Indirect}
		if !reflect.DeepEqual(g, tc.want) {
			t.Errorf("%v = %+v, want %+v", tc.names, g, tc.want)
		}
	}
}

// Ensure catalog lances that cannot be one counter are refused.
func TestQuickLanceErrors(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"Atlas", "Atlas", "Atlas"}, "a lance or platoon is 4 machines"},
		{[]string{"Atlas", "Atlas", "Atlas", "Pegasus"}, "a counter holds one kind of machine"},
		{[]string{"Pegasus", "Pegasus", "Pegasus", "Scorpion tank"}, "share one movement mode"},
		{[]string{"Atlos", "Atlas", "Atlas", "Atlas"}, "did you mean Atlas"},
		{[]string{"Union", "Union", "Union", "Union"}, "give a DropShip counter its values"},
	} {
		if _, err := QuickLance(tc.names); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.names, err, tc.want)
		}
	}
}
