package quickstart

import (
	"strings"
	"testing"
)

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// Ensure Brian and Tom's worked example (002 lines 616–638): Brian (492
// points) attacks Tom's (487) two objectives and Headquarters, Tom
// Brian's.
func TestBrianAndTom(t *testing.T) {
	for _, tc := range []struct {
		who                    string
		defender               int
		obj, objOcc, hq, hqOcc int
	}{
		// Lines 618, 634, 636: 161, 40; 161, 81.
		{"Brian", 487, 161, 40, 161, 81},
		// Line 638: 162 and 41 (the book's "40.59 rounded up to 41"); the
		// Headquarters 162, occupied 81 by the Victory Points Table (the
		// example prints 41: ruling QS7).
		{"Tom", 492, 162, 41, 162, 81},
	} {
		obj, err := ObjectiveValue(tc.defender, 2)
		if err != nil {
			t.Fatal(err)
		}
		hq, err := HeadquartersValue(tc.defender)
		if err != nil {
			t.Fatal(err)
		}
		if obj != tc.obj || OccupiedObjective(obj) != tc.objOcc || hq != tc.hq || OccupiedHeadquarters(hq) != tc.hqOcc {
			t.Errorf("%s: objective %d occupied %d, HQ %d occupied %d; want %d %d %d %d", tc.who,
				obj, OccupiedObjective(obj), hq, OccupiedHeadquarters(hq), tc.obj, tc.objOcc, tc.hq, tc.hqOcc)
		}
	}
}

// Ensure the Veteran Training Scenario Victory Points Table (002 lines
// 644–660) follows from the Point Values, two objectives a side, with the
// one value ruling QS7 corrects: the Fire Support Star's occupied objective,
// printed 8, is 34 × 0.25 = 8.5, rounded normally 9.
func TestVeteranVictoryPointsTable(t *testing.T) {
	df, pc := DivineFire().PV(), PeacefulCleansing().PV()
	ar, af := AlphaRecon().PV(), AlphaFire().PV()
	for _, tc := range []struct {
		force                  string
		pv                     int
		objOcc, obj, hqOcc, hq int
	}{
		{"Divine Fire", df, 6, 23, 12, 23},                    // line 650
		{"Peaceful Cleansing", pc, 9, 34, 17, 34},             // line 655
		{"both Word of Blake Units", df + pc, 14, 57, 29, 57}, // line 650
		{"Alpha Recon", ar, 6, 22, 11, 22},                    // line 655
		{"Alpha Fire Support", af, 9, 34, 17, 34},             // line 650 prints 8 for the occupied objective
		{"both Clan Stars", ar + af, 14, 56, 28, 56},          // line 655
	} {
		obj, _ := ObjectiveValue(tc.pv, 2)
		hq, _ := HeadquartersValue(tc.pv)
		got := [4]int{OccupiedObjective(obj), obj, OccupiedHeadquarters(hq), hq}
		if want := [4]int{tc.objOcc, tc.obj, tc.hqOcc, tc.hq}; got != want {
			t.Errorf("%s (%d points): occupied/captured objective, occupied/captured HQ %v, want %v", tc.force, tc.pv, got, want)
		}
	}
	if df != 70 || pc != 104 || ar != 67 || af != 103 {
		t.Errorf("unit points %d %d %d %d, the table prints 70 104 67 103 (line 646)", df, pc, ar, af)
	}
	if e, o := DestroyedPoints(23); e != 46 || o != -23 {
		t.Errorf("destroying a 23-point element: %d to the enemy, %d to its side; want 46, -23 (lines 623–624)", e, o)
	}
	if _, err := ObjectiveValue(100, 0); err == nil {
		t.Error("no objectives: want an error")
	}
	if _, err := HeadquartersValue(-1); err == nil {
		t.Error("negative force: want an error")
	}
}
