package quickstart

import "testing"

// Ensure the record sheets' Units add up to the Point Values and Unit MV
// notes the sheets print (002 lines 670/708, 720/752, 754/792, 796/828),
// and every Element is a valid record sheet line.
func TestRecordSheetUnits(t *testing.T) {
	for _, tc := range []struct {
		u            Unit
		pv, mv, jump int
		n            int
	}{
		{DivineFire(), 70, 7, 0, 6},         // "Unit MV: 7", line 708
		{AlphaRecon(), 67, 6, 4, 5},         // "Unit MV: 6/4j", line 752
		{PeacefulCleansing(), 104, 4, 0, 6}, // "Unit MV: 4", line 792
		{AlphaFire(), 103, 5, 0, 5},         // "Unit MV: 5", line 828
	} {
		if err := tc.u.Check(); err != nil {
			t.Errorf("%s: %v", tc.u.Name, err)
		}
		if got := tc.u.PV(); got != tc.pv {
			t.Errorf("%s: PV %d, the sheet prints %d", tc.u.Name, got, tc.pv)
		}
		if len(tc.u.Elements) != tc.n {
			t.Errorf("%s: %d elements, want %d", tc.u.Name, len(tc.u.Elements), tc.n)
		}
		var els []ElementState
		for _, e := range tc.u.Elements {
			els = append(els, NewElementState(e))
		}
		if mv, jump := UnitMP(els); mv != tc.mv || jump != tc.jump {
			t.Errorf("%s: Unit MP %d jump %d, the sheet notes %d jump %d", tc.u.Name, mv, jump, tc.mv, tc.jump)
		}
	}
	// The Vulture of the damage example (line 362) and the Banshee and
	// Awesome that shoot it.
	v := AlphaFire().Elements[3]
	if v.Name != "Mad Dog (Vulture) C" || v.Armor != 4 || v.Structure != 3 || !v.Has(CASE) {
		t.Errorf("Vulture C: %+v", v)
	}
}

// Ensure Check refuses impossible lines and Units with a clear message.
func TestElementCheck(t *testing.T) {
	good := AlphaFire().Elements[0]
	for _, tc := range []struct {
		change func(*Element)
		want   string
	}{
		{func(e *Element) { e.Name = "" }, "element without a name"},
		{func(e *Element) { e.MV = -1 }, "may not be negative"},
		{func(e *Element) { e.Overheat = 4 }, "Overheat Value 4 is outside 0–3"},
		{func(e *Element) { e.Weight = 5 }, "weight class 5"},
		{func(e *Element) { e.Structure = 0 }, "structure must be at least 1"},
		{func(e *Element) { e.Damage[Long] = -1 }, "long damage -1"},
	} {
		e := good
		tc.change(&e)
		if err := e.Check(); err == nil || !contains(err.Error(), tc.want) {
			t.Errorf("Check() = %v, want %q", err, tc.want)
		}
	}
	u := AlphaFire()
	u.Elements = u.Elements[:3]
	if err := u.Check(); err == nil || !contains(err.Error(), "3 elements") {
		t.Errorf("a 3-element unit: %v", err)
	}
}
