package mapgen

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func mustGenStrategic(tb testing.TB, seed uint64, cols, rows int) *Strategic {
	tb.Helper()
	s, err := GenerateStrategic(seed, cols, rows)
	if err != nil {
		tb.Fatalf("GenerateStrategic(%d, %d, %d): %v", seed, cols, rows, err)
	}
	return s
}

// Ensure sizes outside 1–8 are refused with a message that says what to do.
func TestGenerateStrategicSize(t *testing.T) {
	for _, tc := range [][2]int{{0, 3}, {3, 0}, {9, 1}, {1, 9}, {-1, 4}, {8, 100}} {
		s, err := GenerateStrategic(1, tc[0], tc[1])
		if err == nil || s != nil {
			t.Errorf("GenerateStrategic(1, %d, %d) = %v, %v; want an error", tc[0], tc[1], s, err)
			continue
		}
		if !strings.Contains(err.Error(), "use 1 to 8 columns and 1 to 8 rows") {
			t.Errorf("GenerateStrategic(1, %d, %d): error %q gives no fix", tc[0], tc[1], err)
		}
	}
	for _, tc := range [][2]int{{1, 1}, {8, 8}, {1, 8}, {4, 3}} {
		s := mustGenStrategic(t, 1, tc[0], tc[1])
		if s.Cols != tc[0] || s.Rows != tc[1] || len(s.Sectors) != tc[0]*tc[1] {
			t.Errorf("GenerateStrategic(1, %d, %d) = %d×%d with %d sectors", tc[0], tc[1], s.Cols, s.Rows, len(s.Sectors))
		}
	}
}

// Ensure every generated strategic map is well formed: IDs row by row,
// positions and adjacency that agree, unique names and seeds, objectives
// that suit the theme at their default VP, and a city once there are six
// sectors or more.
func TestGenerateStrategic(t *testing.T) {
	themes := map[Theme]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		cols, rows := 1+int(seed%8), 1+int(seed/8%8)
		s := mustGenStrategic(t, seed, cols, rows)
		if s.Name == "" {
			t.Errorf("seed %d: strategic map has no name", seed)
		}
		names, seeds := map[string]bool{}, map[uint64]bool{}
		urban := false
		for k, sec := range s.Sectors {
			themes[sec.Theme]++
			if sec.ID != k+1 || sec.Col != k%cols || sec.Row != k/cols {
				t.Errorf("seed %d: sector %d has ID %d at (%d,%d)", seed, k, sec.ID, sec.Col, sec.Row)
			}
			if s.At(sec.Col, sec.Row).ID != sec.ID || s.ByID(sec.ID).Name != sec.Name {
				t.Errorf("seed %d: At/ByID disagree for sector %d", seed, sec.ID)
			}
			if sec.Name == "" || names[sec.Name] {
				t.Errorf("seed %d: sector %d name %q is empty or repeated", seed, sec.ID, sec.Name)
			}
			names[sec.Name] = true
			if seeds[sec.Seed] {
				t.Errorf("seed %d: sector %d repeats a map seed", seed, sec.ID)
			}
			seeds[sec.Seed] = true
			if sec.Seed != sectorSeed(seed, sec.ID) {
				t.Errorf("seed %d: sector %d seed is not derived from the strategic seed and ID", seed, sec.ID)
			}
			if sec.Theme >= numThemes || sec.Orientation > Tall {
				t.Errorf("seed %d: sector %d has theme %d, orientation %d", seed, sec.ID, sec.Theme, sec.Orientation)
			}
			urban = urban || sec.Theme == Urban
			checkGenObjectives(t, seed, sec)
			for _, o := range s.Sectors {
				dc, dr := sec.Col-o.Col, sec.Row-o.Row
				want := dc*dc+dr*dr == 1
				if got := s.Adjacent(sec.ID, o.ID); got != want {
					t.Errorf("seed %d: Adjacent(%d, %d) = %v, want %v", seed, sec.ID, o.ID, got, want)
				}
				if got := slices.Contains(s.Neighbors(sec.ID), o.ID); got != want {
					t.Errorf("seed %d: Neighbors(%d) has %d: %v, want %v", seed, sec.ID, o.ID, got, want)
				}
			}
		}
		if cols*rows >= urbanFromSectors && !urban {
			t.Errorf("seed %d: %d sectors and no urban sector", seed, cols*rows)
		}
	}
	// The mix favours open country, woods, hills and mixed ground.
	for _, common := range []Theme{Plains, Woods, Hills, Mixed} {
		for _, rare := range []Theme{River, Urban} {
			if themes[common] <= themes[rare] {
				t.Errorf("theme mix %v: %s is no more common than %s", themes, common, rare)
			}
		}
	}
}

func checkGenObjectives(t *testing.T, seed uint64, sec Sector) {
	t.Helper()
	kinds := map[ObjectiveKind]int{}
	for _, o := range sec.Objectives {
		kinds[o.Kind]++
		if o.Name == "" || o.VP != DefaultObjectiveVP(o.Kind) {
			t.Errorf("seed %d: sector %d objective %+v", seed, sec.ID, o)
		}
	}
	if sec.Theme == Urban {
		if kinds[City] != 1 || kinds[Installation] != 0 || kinds[Spaceport] > 1 {
			t.Errorf("seed %d: urban sector %d objectives %+v", seed, sec.ID, sec.Objectives)
		}
	} else if kinds[City] != 0 || kinds[Spaceport] != 0 || kinds[Installation] > 1 {
		t.Errorf("seed %d: %s sector %d objectives %+v", seed, sec.Theme, sec.ID, sec.Objectives)
	}
}

// Ensure the objective defaults lie in the book's 100 to 250 (000 line
// 2704; ruling B11).
func TestDefaultObjectiveVP(t *testing.T) {
	for k, want := range map[ObjectiveKind]int{City: 150, Spaceport: 200, Installation: 100, 99: 0} {
		if got := DefaultObjectiveVP(k); got != want {
			t.Errorf("DefaultObjectiveVP(%v) = %d, want %d", k, got, want)
		}
	}
}

// Ensure the same seed gives the same strategic map and another seed
// another one.
func TestGenerateStrategicDeterministic(t *testing.T) {
	a, b := mustGenStrategic(t, 77, 4, 3), mustGenStrategic(t, 77, 4, 3)
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs with seed 77 differ")
	}
	if c := mustGenStrategic(t, 78, 4, 3); reflect.DeepEqual(a, c) {
		t.Error("seeds 77 and 78 give the same strategic map")
	}
}

// Ensure a sector's tactical map is its seed, theme and orientation put
// through Generate, at sector size, named after the sector.
func TestSectorMap(t *testing.T) {
	s := mustGenStrategic(t, 5, 3, 2)
	for _, sec := range s.Sectors[:2] {
		m, err := sec.Map()
		if err != nil {
			t.Fatal(err)
		}
		want := mustGenerate(t, GenOptions{Seed: sec.Seed, Theme: sec.Theme, Sheets: 2, Orientation: sec.Orientation})
		if !slices.Equal(m.Cells, want.Cells) || m.Name != sec.Name {
			t.Errorf("sector %d map differs from Generate or is not named %q", sec.ID, sec.Name)
		}
		if m.Width*m.Height != 2*SheetWidth*SheetHeight {
			t.Errorf("sector %d map is %d×%d", sec.ID, m.Width, m.Height)
		}
	}
	bad := Sector{ID: 1, Name: "Nowhere", Theme: 99}
	if _, err := bad.Map(); err == nil || !strings.Contains(err.Error(), "Nowhere") {
		t.Errorf("Map of a sector with no theme: %v", err)
	}
}

// Ensure there are enough distinct place names for the largest map.
func TestPlaceNames(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range placeRoots {
		if seen[r] {
			t.Errorf("place root %q repeated", r)
		}
		seen[r] = true
	}
	if len(placeRoots) < maxSectors+1 {
		t.Errorf("%d place roots, need %d", len(placeRoots), maxSectors+1)
	}
	for th, p := range sectorNamePatterns {
		if len(p) == 0 {
			t.Errorf("theme %v has no name patterns", Theme(th))
		}
	}
}
